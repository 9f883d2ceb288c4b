//! The game sheet: a game as its fields, the way a group writes it down. Its fields are the
//! `game log` flags by the same names with the same values (`player = "Ann=bear:won@Alaska"`),
//! in TOML or JSON (`exports/game-sheet.toml`, `exports/game-sheet.json`), and the phone
//! API's body. `game.rs` turns a sheet into a domain `Game` (names looked up in the
//! campaign), `line.rs` a game back into its fields. Every error is data: the field it is
//! about and what was given, for each face to word (a flag, a JSON field, a question).

mod cards;
mod game;
mod line;

use serde::Deserialize;

use crate::domain::{HeldOnKind, Part, Refusal, RewardKind};

pub use game::{date, new_players, seat};
pub use line::{command_line, fields_of, quoted};

/// A field of the game sheet (and the `game log` flag of the same name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    Date,
    Player,
    NameContinent,
    MajorCity,
    HealScar,
    ContinentBonus,
    Fortify,
    DestroyCard,
    NoReward,
    MinorCity,
    Upgrade,
    Scar,
    Wear,
    Opened,
    WorldCapital,
    EventFortify,
    EventDestroyCard,
    Mark,
    Fallout,
    DestroyCity,
    Event,
    Mission,
    MissionDone,
    Draft,
    NewPlayer,
    Note,
}

impl Field {
    /// The field's name in a sheet (`name-continent`), which is also its flag's.
    pub fn key(self) -> &'static str {
        match self {
            Field::Date => "date",
            Field::Player => "player",
            Field::NameContinent => "name-continent",
            Field::MajorCity => "major-city",
            Field::HealScar => "heal-scar",
            Field::ContinentBonus => "continent-bonus",
            Field::Fortify => "fortify",
            Field::DestroyCard => "destroy-card",
            Field::NoReward => "no-reward",
            Field::MinorCity => "minor-city",
            Field::Upgrade => "upgrade",
            Field::Scar => "scar",
            Field::Wear => "wear",
            Field::Opened => "opened",
            Field::WorldCapital => "world-capital",
            Field::EventFortify => "event-fortify",
            Field::EventDestroyCard => "event-destroy-card",
            Field::Mark => "mark",
            Field::Fallout => "fallout",
            Field::DestroyCity => "destroy-city",
            Field::Event => "event",
            Field::Mission => "mission",
            Field::MissionDone => "mission-done",
            Field::Draft => "draft",
            Field::NewPlayer => "new-player",
            Field::Note => "note",
        }
    }

    /// The field of a winner's reward.
    pub fn of_reward(kind: RewardKind) -> Field {
        match kind {
            RewardKind::NameContinent => Field::NameContinent,
            RewardKind::MajorCity => Field::MajorCity,
            RewardKind::HealScar => Field::HealScar,
            RewardKind::ContinentBonus => Field::ContinentBonus,
            RewardKind::Fortify => Field::Fortify,
            RewardKind::DestroyCard => Field::DestroyCard,
        }
    }
}

/// A game as a sheet gives it: each field's text, not yet looked up in a campaign.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameSheet {
    pub date: Option<String>,
    /// `NAME=FACTION:RESULT[@HQ]`, in seating order.
    pub players: Vec<String>,
    pub name_continent: Option<String>,
    pub major_city: Option<String>,
    pub heal_scar: Option<String>,
    pub continent_bonus: Option<String>,
    pub fortify: Option<String>,
    pub destroy_card: Option<String>,
    pub no_reward: bool,
    pub minor_cities: Vec<String>,
    pub upgrades: Vec<String>,
    pub scars: Vec<String>,
    pub wear: Vec<String>,
    pub opened: Vec<String>,
    pub world_capital: Option<String>,
    pub event_fortify: Vec<String>,
    pub event_destroy_card: Vec<String>,
    pub marks: Vec<String>,
    pub fallout: Vec<String>,
    pub destroy_city: Vec<String>,
    pub event_cards: Vec<String>,
    pub missions: Vec<String>,
    pub mission_done: Vec<String>,
    pub draft: Vec<String>,
    /// People the group says are new (not a mistyped known person).
    pub new_players: Vec<String>,
    pub note: Option<String>,
}

/// Why a sheet does not give a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SheetError {
    /// The text is not a game sheet in that form at all.
    NotASheet {
        json: bool,
        /// The line of the TOML text where reading stopped.
        line: Option<usize>,
        message: String,
    },
    /// The sheet names no player.
    NoPlayer,
    /// A value not of its field's form.
    Form {
        field: Field,
        given: String,
        form: &'static str,
    },
    /// A date not written `YYYY-MM-DD`.
    NotADate { given: String },
    /// A player's name holding `=`.
    EqualsInName { given: String },
    /// A player's result that is not one.
    NoSuchResult { given: String, result: String },
    /// More than one winner's reward.
    SeveralRewards { fields: Vec<Field> },
    /// `mission-done` without the one mission it completes.
    MissionDoneAlone,
    /// `mission-done` beside several missions.
    MissionDoneOfSeveral,
    /// A person new to the campaign who looks like a known one (`like`), not said new.
    LooksLike { person: String, like: Vec<String> },
    /// A value the rules or the campaign refuse (a name it does not know, a date after
    /// today…), with the field it was given in.
    Refused { field: Field, refusal: Refusal },
}

impl SheetError {
    /// The field the error is about, when there is one.
    pub fn field(&self) -> Option<Field> {
        match self {
            SheetError::NotASheet { .. } => None,
            SheetError::NotADate { .. } => Some(Field::Date),
            SheetError::NoPlayer
            | SheetError::EqualsInName { .. }
            | SheetError::NoSuchResult { .. }
            | SheetError::LooksLike { .. } => Some(Field::Player),
            SheetError::Form { field, .. } | SheetError::Refused { field, .. } => Some(*field),
            SheetError::SeveralRewards { fields } => fields.first().copied(),
            SheetError::MissionDoneAlone | SheetError::MissionDoneOfSeveral => {
                Some(Field::MissionDone)
            }
        }
    }

    /// The error in words: what is wrong and what to give instead, the sheet named `sheet`
    /// ("The game sheet night.toml") and each field by `name` (a flag `--player`, a field
    /// `player`).
    pub fn words(&self, sheet: &str, name: impl Fn(Field) -> String) -> String {
        match self {
            SheetError::NotASheet {
                json: true,
                message,
                ..
            } => format!(
                "{sheet} is not a game as JSON: {message}. See exports/game-sheet.json for the form."
            ),
            SheetError::NotASheet { line, message, .. } => format!(
                "{sheet} is not a game as TOML{}: {message}. See exports/game-sheet.toml for the form.",
                line.map(|l| format!(" at line {l}")).unwrap_or_default()
            ),
            SheetError::NoPlayer => format!(
                "{sheet} names no player: give one {} \"NAME=FACTION:RESULT[@HQ]\" each, in seating order.",
                name(Field::Player)
            ),
            SheetError::Form { field, given, form } => {
                format!("{} \"{given}\" is not of the form {form}.", name(*field))
            }
            SheetError::NotADate { given } => format!(
                "{} \"{given}\" is not a date of the form YYYY-MM-DD.",
                name(Field::Date)
            ),
            SheetError::EqualsInName { given } => format!(
                "{} \"{given}\": a player's name cannot contain '=', which separates it from the faction.",
                name(Field::Player)
            ),
            SheetError::NoSuchResult { given, result } => format!(
                "{} \"{given}\": the result is won, held-on, eliminated or knocked-out (knocked out at the end, counted as eliminated), not \"{result}\".",
                name(Field::Player)
            ),
            SheetError::SeveralRewards { fields } => format!(
                "The winner chooses exactly one reward (rules §4.4); this game gives {}: {}. Keep one.",
                fields.len(),
                fields
                    .iter()
                    .map(|f| name(*f))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            SheetError::MissionDoneAlone => format!(
                "{} names who completed the game's mission: give the mission with {} \"TEXT\".",
                name(Field::MissionDone),
                name(Field::Mission)
            ),
            SheetError::MissionDoneOfSeveral => format!(
                "{} goes with a game's one mission; with several, or to name who completed each, write {} \"TEXT@PERSON\".",
                name(Field::MissionDone),
                name(Field::Mission)
            ),
            SheetError::LooksLike { person, like } => format!(
                "{person} is new to this campaign and looks like {}: if it is {}, write {}; if {person} is a new player, add {} \"{person}\".",
                crate::domain::vocabulary::words::one_of(like),
                like[0],
                like[0],
                name(Field::NewPlayer)
            ),
            SheetError::Refused { refusal, .. } => refusal.to_string(),
        }
    }

    /// The rule an error names (`§4.4`), when it names one.
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            SheetError::SeveralRewards { .. } => Some("§4.4"),
            SheetError::Refused { refusal, .. } => refusal.rule(),
            _ => None,
        }
    }
}

/// A player: `"Ann=bear:won@Alaska"` as the flag takes it, or its parts.
#[derive(Debug, Deserialize)]
#[serde(
    untagged,
    expecting = "each player is \"NAME=FACTION:RESULT[@HQ]\" or a table of name, faction, result and hq"
)]
enum Player {
    Flag(String),
    Parts {
        name: String,
        faction: String,
        result: String,
        #[serde(default)]
        hq: Option<String>,
    },
}

impl Player {
    fn flag(self) -> String {
        match self {
            Player::Flag(flag) => flag,
            Player::Parts {
                name,
                faction,
                result,
                hq,
            } => match hq {
                Some(hq) => format!("{name}={faction}:{result}@{hq}"),
                None => format!("{name}={faction}:{result}"),
            },
        }
    }
}

/// The fields of a sheet as written.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
struct Written {
    date: Option<String>,
    player: Vec<Player>,
    name_continent: Option<String>,
    major_city: Option<String>,
    heal_scar: Option<String>,
    continent_bonus: Option<String>,
    fortify: Option<String>,
    destroy_card: Option<String>,
    no_reward: bool,
    minor_city: Vec<String>,
    upgrade: Vec<String>,
    scar: Vec<String>,
    wear: Vec<String>,
    opened: Vec<String>,
    world_capital: Option<String>,
    event_fortify: Vec<String>,
    event_destroy_card: Vec<String>,
    mark: Vec<String>,
    fallout: Vec<String>,
    destroy_city: Vec<String>,
    event: Vec<String>,
    mission: Vec<String>,
    mission_done: Vec<String>,
    draft: Vec<String>,
    new_player: Vec<String>,
    note: Option<String>,
    /// Where the guided prompt was, in a sheet it kept (`game log` resumes from it): not
    /// a part of the game.
    #[allow(dead_code)]
    prompt: Option<serde::de::IgnoredAny>,
}

impl From<Written> for GameSheet {
    fn from(sheet: Written) -> GameSheet {
        GameSheet {
            date: sheet.date,
            players: sheet.player.into_iter().map(Player::flag).collect(),
            name_continent: sheet.name_continent,
            major_city: sheet.major_city,
            heal_scar: sheet.heal_scar,
            continent_bonus: sheet.continent_bonus,
            fortify: sheet.fortify,
            destroy_card: sheet.destroy_card,
            no_reward: sheet.no_reward,
            minor_cities: sheet.minor_city,
            upgrades: sheet.upgrade,
            scars: sheet.scar,
            wear: sheet.wear,
            opened: sheet.opened,
            world_capital: sheet.world_capital,
            event_fortify: sheet.event_fortify,
            event_destroy_card: sheet.event_destroy_card,
            marks: sheet.mark,
            fallout: sheet.fallout,
            destroy_city: sheet.destroy_city,
            event_cards: sheet.event,
            missions: sheet.mission,
            mission_done: sheet.mission_done,
            draft: sheet.draft,
            new_players: sheet.new_player,
            note: sheet.note,
        }
    }
}

impl GameSheet {
    /// A sheet written as JSON (the body of `POST /api/games`).
    pub fn from_json(text: &str) -> Result<GameSheet, SheetError> {
        let written: Written = serde_json::from_str(text).map_err(|e| SheetError::NotASheet {
            json: true,
            line: None,
            message: e.to_string(),
        })?;
        Ok(written.into())
    }

    /// A sheet written as TOML.
    pub fn from_toml(text: &str) -> Result<GameSheet, SheetError> {
        let written: Written = toml::from_str(text).map_err(|e| SheetError::NotASheet {
            json: false,
            line: e
                .span()
                .map(|span| text[..span.start].matches('\n').count() + 1),
            message: e.message().trim_end().to_string(),
        })?;
        Ok(written.into())
    }

    /// Whether the sheet gives any of the game itself (beyond the people it says are new).
    pub fn gives_a_game(&self) -> bool {
        self.no_reward || !self.values().is_empty()
    }

    /// Each value the sheet gives, with its field, the fields of many values first.
    pub fn values(&self) -> Vec<(Field, &str)> {
        let one = [
            (Field::Date, &self.date),
            (Field::NameContinent, &self.name_continent),
            (Field::MajorCity, &self.major_city),
            (Field::HealScar, &self.heal_scar),
            (Field::ContinentBonus, &self.continent_bonus),
            (Field::Fortify, &self.fortify),
            (Field::DestroyCard, &self.destroy_card),
            (Field::WorldCapital, &self.world_capital),
            (Field::Note, &self.note),
        ];
        let many = [
            (Field::Player, &self.players),
            (Field::MinorCity, &self.minor_cities),
            (Field::Upgrade, &self.upgrades),
            (Field::Scar, &self.scars),
            (Field::Wear, &self.wear),
            (Field::Opened, &self.opened),
            (Field::EventFortify, &self.event_fortify),
            (Field::EventDestroyCard, &self.event_destroy_card),
            (Field::Mark, &self.marks),
            (Field::Fallout, &self.fallout),
            (Field::DestroyCity, &self.destroy_city),
            (Field::Event, &self.event_cards),
            (Field::Mission, &self.missions),
            (Field::MissionDone, &self.mission_done),
            (Field::Draft, &self.draft),
        ];
        let ones = one
            .into_iter()
            .filter_map(|(field, value)| value.as_deref().map(|v| (field, v)));
        let manys = many
            .into_iter()
            .flat_map(|(field, values)| values.iter().map(move |v| (field, v.as_str())));
        manys.chain(ones).collect()
    }

    /// The field a refusal about `part` concerns in this sheet: where the part names no one
    /// field (a winner's reward, a held-on reward), the one the sheet gives; none for the
    /// game as a whole.
    pub fn field_of(&self, part: Part) -> Option<Field> {
        let given = |fields: &[Field]| {
            self.values()
                .into_iter()
                .map(|(field, _)| field)
                .find(|field| fields.contains(field))
        };
        let rewards = RewardKind::ALL.map(Field::of_reward);
        let held_on = [Field::MinorCity, Field::Upgrade];
        Some(match part {
            Part::Date => Field::Date,
            Part::Players => Field::Player,
            Part::Reward(Some(kind)) => Field::of_reward(kind),
            Part::Reward(None) => given(&rewards)
                .or_else(|| given(&held_on))
                .unwrap_or(Field::NoReward),
            Part::Declined => Field::NoReward,
            Part::HeldOn(Some(HeldOnKind::MinorCity)) => Field::MinorCity,
            Part::HeldOn(Some(HeldOnKind::AddResource)) => Field::Upgrade,
            Part::HeldOn(None) => given(&held_on).unwrap_or(Field::MinorCity),
            Part::Scar => Field::Scar,
            Part::Wear => Field::Wear,
            Part::Opened => Field::Opened,
            Part::Fallout => Field::Fallout,
            Part::DestroyCity => Field::DestroyCity,
            Part::WorldCapital => Field::WorldCapital,
            Part::EventFortify => Field::EventFortify,
            Part::Mark => Field::Mark,
            Part::EventCard => Field::Event,
            Part::Mission => Field::Mission,
            Part::Draft => Field::Draft,
            Part::Note => Field::Note,
            Part::Entry => return None,
        })
    }
}
