//! A game as `game list`, `game show` and `game log` print it.

use schemars::JsonSchema;
use serde::Serialize;

use super::pools::{PoolRow, pool_rows};
use crate::domain::log::describe::{Happening, happenings};
use crate::domain::vocabulary::words::day_text;
use crate::domain::{Applied, Campaign, Entry, Game, Packet};

#[derive(Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameView {
    pub game: u32,
    pub date: String,
    pub recorded_at: String,
    /// Who logged it, when the record says (the device a page of `chronicle serve` named);
    /// null for a game logged at the command line.
    pub logged_by: Option<String>,
    pub players: Vec<PlayerView>,
    pub winner: String,
    /// The winner's reward in words, if any.
    pub reward: Option<String>,
    pub changes: Vec<ChangeView>,
    pub opened: Vec<String>,
    /// Event cards drawn in the game (sealed content).
    #[serde(default)]
    pub event_cards: Vec<EventCardView>,
    /// The game's missions (sealed content).
    #[serde(default)]
    pub missions: Vec<MissionView>,
    pub note: Option<String>,
    /// The game's photos, in the order they were added.
    #[serde(default)]
    pub photos: Vec<super::photos::PhotoView>,
}

/// An event card drawn in a game: its name, the person it favoured or hit, what it did.
#[derive(Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EventCardView {
    pub name: String,
    pub person: Option<String>,
    pub text: Option<String>,
}

/// A mission of a game, and who completed it.
#[derive(Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MissionView {
    pub text: String,
    pub done_by: Option<String>,
}

impl EventCardView {
    /// The card in words: its name, whom it favoured or hit, what it did
    /// ("Ceasefire (Ann): no attacks").
    pub fn words(&self) -> String {
        let who = self
            .person
            .as_deref()
            .map(|p| format!(" ({p})"))
            .unwrap_or_default();
        let what = self
            .text
            .as_deref()
            .map(|t| format!(": {t}"))
            .unwrap_or_default();
        format!("{}{who}{what}", self.name)
    }
}

impl MissionView {
    /// The mission in words, and who completed it.
    pub fn words(&self) -> String {
        match &self.done_by {
            Some(person) => format!("{}, completed by {person}", self.text),
            None => format!("{} (not completed)", self.text),
        }
    }
}

#[derive(Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerView {
    pub seat: usize,
    pub person: String,
    pub faction: String,
    pub result: &'static str,
    pub hq: Option<String>,
}

#[derive(Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChangeView {
    pub person: Option<String>,
    pub kind: &'static str,
    pub territory: Option<String>,
    pub continent: Option<&'static str>,
    pub text: String,
}

impl ChangeView {
    pub fn new(happening: &Happening) -> ChangeView {
        ChangeView {
            person: happening.person.clone(),
            kind: happening.kind.key(),
            territory: happening.territory.as_ref().map(|t| t.name().to_string()),
            continent: happening
                .continent
                .map(super::super::domain::board::Continent::name),
            text: happening.sentence(),
        }
    }
}

impl GameView {
    /// The view of a game, given the campaign as it was before it.
    pub fn new(number: u32, recorded_at: &str, before: &Campaign, game: &Game) -> GameView {
        let changes: Vec<Happening> = happenings(before, &Entry::Game(Box::new(game.clone())));
        GameView::described(number, recorded_at, game, changes.iter())
    }

    /// The view of a game whose changes are already described.
    pub fn described<'a>(
        number: u32,
        recorded_at: &str,
        game: &Game,
        changes: impl Iterator<Item = &'a Happening> + Clone,
    ) -> GameView {
        GameView {
            game: number,
            date: day_text(game.date),
            recorded_at: recorded_at.to_string(),
            logged_by: None,
            players: game
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| PlayerView {
                    seat: i + 1,
                    person: s.person.clone(),
                    faction: s.faction.to_string(),
                    result: s.result.key(),
                    hq: s.hq.as_ref().map(|t| t.name().to_string()),
                })
                .collect(),
            winner: game.winner().map(|w| w.person.clone()).unwrap_or_default(),
            reward: changes
                .clone()
                .find(|h| h.kind.is_winners_reward())
                .map(|h| h.text.clone()),
            changes: changes.map(ChangeView::new).collect(),
            opened: game.opened.iter().map(|p| p.name().to_string()).collect(),
            event_cards: game
                .event_cards
                .iter()
                .map(|c| EventCardView {
                    name: c.name.clone(),
                    person: c.person.clone(),
                    text: c.text.clone(),
                })
                .collect(),
            missions: game
                .missions
                .iter()
                .map(|m| MissionView {
                    text: m.text.clone(),
                    done_by: m.done_by.clone(),
                })
                .collect(),
            note: game.note.clone(),
            photos: Vec::new(),
        }
    }
}

/// `game list --format json`: every game that stands.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameList {
    pub campaign: String,
    pub games: Vec<GameView>,
}

/// What `game log` prints: the game logged (or checked, on a dry run), the packets it made
/// due, the people new to the campaign and the pools left.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct GameLogged {
    pub written: bool,
    pub game: GameView,
    pub packets_met: Vec<PacketMet>,
    pub new_people: Vec<String>,
    pub pools: Vec<PoolRow>,
    /// The game is dated before the game logged before it, which another device's clock
    /// dated: taken (rules §6i), and said (null when it is not so).
    pub dated_before: Option<DatedBefore>,
}

/// A game dated before the previous game, which another device dated.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct DatedBefore {
    /// The previous game: its number and date, and the device that logged it.
    pub game: u32,
    pub date: String,
    pub device: String,
}

impl GameLogged {
    /// The game's date before the previous game's, in words (none when it is not so).
    pub(crate) fn dated_before_words(&self) -> Option<String> {
        self.dated_before.as_ref().map(|before| {
            format!(
                "Game {} is dated {}, before game {} ({}), which device \"{}\" logged: the two devices' clocks differ. The games keep the order they were logged in.",
                self.game.game, self.game.date, before.game, before.date, before.device
            )
        })
    }
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PacketMet {
    pub packet: &'static str,
    pub condition: &'static str,
}

impl GameLogged {
    /// The report of a game applied to `before` (giving `after`), recorded at `recorded_at`;
    /// `None` when the entry applied is not a game.
    pub(crate) fn new(
        recorded_at: &str,
        written: bool,
        before: &Campaign,
        after: &Campaign,
        applied: &Applied,
    ) -> Option<GameLogged> {
        let (Entry::Game(game), Some(number)) = (&applied.entry, applied.game) else {
            return None;
        };
        Some(GameLogged {
            written,
            game: GameView::new(number, recorded_at, before, game),
            packets_met: applied
                .packets_met
                .iter()
                .map(|p: &Packet| PacketMet {
                    packet: p.name(),
                    condition: p.condition(),
                })
                .collect(),
            new_people: applied.new_people.clone(),
            pools: pool_rows(after),
            dated_before: before
                .dated_before_last(game)
                .map(|(date, device)| DatedBefore {
                    game: number.saturating_sub(1),
                    date: day_text(date),
                    device,
                }),
        })
    }
}
