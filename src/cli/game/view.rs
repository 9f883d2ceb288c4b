//! A game as `game list`, `game show` and `game log` print it.

use schemars::JsonSchema;
use serde::Serialize;

use crate::cli::error::CliError;
use crate::cli::history::walk;
use crate::domain::describe::{Happening, happenings};
use crate::domain::{Campaign, Entry, Game};
use crate::store::LoggedEntry;

#[derive(Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameView {
    pub game: u32,
    pub date: String,
    pub recorded_at: String,
    pub players: Vec<PlayerView>,
    pub winner: String,
    /// The winner's reward in words, if any.
    pub reward: Option<String>,
    pub changes: Vec<ChangeView>,
    pub opened: Vec<String>,
    pub note: Option<String>,
}

#[derive(Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerView {
    pub seat: usize,
    pub person: String,
    pub faction: String,
    pub result: &'static str,
    pub hq: Option<&'static str>,
}

#[derive(Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChangeView {
    pub person: Option<String>,
    pub kind: &'static str,
    pub territory: Option<&'static str>,
    pub continent: Option<&'static str>,
    pub text: String,
}

impl ChangeView {
    pub fn new(happening: &Happening) -> ChangeView {
        ChangeView {
            person: happening.person.clone(),
            kind: happening.kind,
            territory: happening.territory.map(|t| t.name()),
            continent: happening.continent.map(|c| c.name()),
            text: happening.sentence(),
        }
    }
}

impl GameView {
    /// The view of a game, given the campaign as it was before it.
    pub fn new(number: u32, recorded_at: &str, before: &Campaign, game: &Game) -> GameView {
        let changes: Vec<Happening> = happenings(before, &Entry::Game(game.clone()));
        GameView::described(number, recorded_at, game, changes.iter())
    }

    /// The view of a game whose changes are already described.
    pub fn described<'a>(
        number: u32,
        recorded_at: &str,
        game: &Game,
        changes: impl Iterator<Item = &'a Happening> + Clone,
    ) -> GameView {
        let reward_kinds = [
            "continent_name",
            "major_city",
            "heal",
            "continent_bonus",
            "fortify",
            "destroy_card",
        ];
        GameView {
            game: number,
            date: game.date.to_string(),
            recorded_at: recorded_at.to_string(),
            players: game
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| PlayerView {
                    seat: i + 1,
                    person: s.person.clone(),
                    faction: s.faction.to_string(),
                    result: s.result.key(),
                    hq: s.hq.map(|t| t.name()),
                })
                .collect(),
            winner: game.winner().map(|w| w.person.clone()).unwrap_or_default(),
            reward: changes
                .clone()
                .find(|h| reward_kinds.contains(&h.kind))
                .map(|h| h.text.clone()),
            changes: changes.map(ChangeView::new).collect(),
            opened: game.opened.iter().map(|p| p.name().to_string()).collect(),
            note: game.note.clone(),
        }
    }
}

/// Every game of a log of standing entries, each described against the campaign as it was
/// before it (one walk of the log; see `history::walk`).
pub fn game_views(log: &[LoggedEntry]) -> Result<Vec<GameView>, CliError> {
    Ok(walk(log, &[])?.game_views())
}
