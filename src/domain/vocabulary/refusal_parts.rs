//! The parts a refusal carries: what was wrong with a name or a text, the way out of an
//! empty pool, which reward was given too late, what was added twice.

use super::kinds::{HeldOnKind, RewardKind};
use super::pool::PoolKind;

/// What is wrong with free text someone gave (a note, a reason).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextProblem {
    /// A control character (shown escaped).
    ControlCharacter(char),
    TooLong {
        count: usize,
        max: usize,
    },
}

impl std::fmt::Display for TextProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TextProblem::ControlCharacter(c) => write!(
                f,
                "it holds the control character {}, which would reach a terminal raw",
                c.escape_default()
            ),
            TextProblem::TooLong { count, max } => {
                write!(f, "it has {count} characters, more than {max}")
            }
        }
    }
}

/// What is wrong with a name someone gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameProblem {
    Empty,
    /// More characters than a name holds.
    TooLong {
        count: usize,
        max: usize,
    },
    ControlCharacter,
    /// A person's name holding `=`, `:` or `@`.
    Separator(char),
    /// Nothing left once its invisible characters are left out.
    Invisible,
    /// A control of the direction of text.
    DirectionControl(char),
}

impl std::fmt::Display for NameProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameProblem::Empty => f.write_str("it is empty"),
            NameProblem::TooLong { count, max } => {
                write!(f, "it has {count} characters, more than {max}")
            }
            NameProblem::ControlCharacter => {
                f.write_str("it holds a control character (a tab, a line break or similar)")
            }
            NameProblem::Separator(c) => write!(
                f,
                "it holds '{c}'; a person's name leaves out '=', ':' and '@'"
            ),
            NameProblem::Invisible => f.write_str(
                "it shows nothing: every character in it is invisible (a zero-width space, a blank, a mark with no letter)",
            ),
            NameProblem::DirectionControl(c) => write!(
                f,
                "it holds U+{:04X}, a control of the direction of text, which can make one name look like another",
                u32::from(*c)
            ),
        }
    }
}

/// What is wrong with a record as a file or another device gives it, beside its entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    /// It names itself as the record it was written after.
    OwnParent,
    /// Its device's name is not one a device may have.
    BadDevice(String),
    /// It is its device's record 0.
    DeviceSeqZero,
    /// A renaming or merging of a person no record before it names.
    UnknownPerson { verb: &'static str, name: String },
    /// A person merged into themself.
    MergedIntoItself(String),
    /// Its entry is not written as the rules record it.
    NotAsRecorded,
}

impl std::fmt::Display for RecordProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordProblem::OwnParent => {
                f.write_str("it names itself as the record it was written after (its own parent)")
            }
            RecordProblem::BadDevice(device) => write!(
                f,
                "its device \"{device}\" is not a device's name (1 to 40 letters, digits, `.`, `_` or `-`)"
            ),
            RecordProblem::DeviceSeqZero => f.write_str(
                "it says it is its device's record 0, but a device's records are numbered from 1",
            ),
            RecordProblem::UnknownPerson { verb, name } => {
                write!(f, "it {verb} \"{name}\", whom no entry before it names")
            }
            RecordProblem::MergedIntoItself(name) => {
                write!(f, "it merges \"{name}\" into themself")
            }
            RecordProblem::NotAsRecorded => f.write_str(
                "its entry is not written as the rules record it (people and factions as the campaign spells them, held-on rewards clockwise from the winner), as `chronicle export` writes it",
            ),
        }
    }
}

/// What the group can do when a pool is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WayOut {
    /// The winner chooses another reward.
    AnotherReward,
    /// A player who held on chooses the other held-on reward.
    OtherHeldOnReward(HeldOnKind),
    /// The group corrects the pool's capacity to match its box.
    CorrectPool,
    /// Another scar type, if one is left.
    AnotherScarType,
    /// There is one world capital.
    OneWorldCapital,
}

impl std::fmt::Display for WayOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            WayOut::AnotherReward => "Choose another reward.",
            WayOut::OtherHeldOnReward(HeldOnKind::MinorCity) => {
                "A player who held on may found a minor city instead."
            }
            WayOut::OtherHeldOnReward(HeldOnKind::AddResource) => {
                "A player who held on may add a resource to a card instead."
            }
            WayOut::CorrectPool => "Correct the pool's capacity if your box holds more.",
            WayOut::AnotherScarType => "Use another scar type if one is left.",
            WayOut::OneWorldCapital => "A campaign has one world capital; it stands already.",
        })
    }
}

/// A reward given where none may be: the winner's, or a held-on reward.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RewardGiven {
    Winner(RewardKind),
    HeldOn(HeldOnKind),
}

/// What sealed content the group adds once each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Added {
    ScarType,
    Faction,
}

impl std::fmt::Display for Added {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Added::ScarType => "scar type",
            Added::Faction => "faction",
        })
    }
}

/// What game 1 still waits for (rules §2).
pub(in crate::domain) fn setup_incomplete(powers_missing: &[String], coins_missing: u32) -> String {
    let mut missing = Vec::new();
    if !powers_missing.is_empty() {
        missing.push(format!(
            "the starting power of {}",
            super::words::all_of(powers_missing)
        ));
    }
    if coins_missing > 0 {
        missing.push(format!("{coins_missing} of the twelve first coins"));
    }
    format!(
        "Game 1 is played once the setup is done (rules §2: both are \"before your first game\"); still missing: {}.",
        missing.join(" and ")
    )
}

/// A noun's plural: "territories", "factions".
pub(in crate::domain) fn nouns(what: &str) -> String {
    match what.strip_suffix('y') {
        Some(stem) => format!("{stem}ies"),
        None => format!("{what}s"),
    }
}

pub(in crate::domain) fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

pub(in crate::domain) fn unknown(what: &str, given: &str, closest: &[String]) -> String {
    if given.trim().is_empty() {
        return format!("The {what} is missing: the value given is empty.");
    }
    format!("No {what} is called \"{given}\".{}", did_you_mean(closest))
}

pub(in crate::domain) fn did_you_mean(closest: &[String]) -> String {
    if closest.is_empty() {
        String::new()
    } else {
        format!(" Did you mean {}?", super::words::one_of(closest))
    }
}

pub(in crate::domain) fn among(label: &str, names: &[String]) -> String {
    const SHOWN: usize = 8;
    match names.len() {
        0 => String::new(),
        n if n <= SHOWN => format!(" {label}: {}.", names.join(", ")),
        n => format!(
            " {label}: {}, and {} more.",
            names[..SHOWN].join(", "),
            n - SHOWN
        ),
    }
}

/// The part of a game (or of another entry) a refusal is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The game's date.
    Date,
    /// Who played, their factions, results and HQs.
    Players,
    /// The winner's reward: which one, where the refusal says.
    Reward(Option<RewardKind>),
    /// The winner's reward declined, or none given.
    Declined,
    /// A held-on reward: which one, where the refusal says.
    HeldOn(Option<HeldOnKind>),
    Scar,
    Wear,
    /// The packets opened.
    Opened,
    Fallout,
    DestroyCity,
    WorldCapital,
    EventFortify,
    Mark,
    EventCard,
    Mission,
    Draft,
    Note,
    /// The entry as a whole: a setup step, a correction, a record, a rule of the house.
    Entry,
}

impl Part {
    /// The part a mark of this pool is given in.
    pub(in crate::domain) fn of_pool(kind: &PoolKind) -> Part {
        match kind {
            PoolKind::ContinentName => Part::Reward(Some(RewardKind::NameContinent)),
            PoolKind::MajorCity => Part::Reward(Some(RewardKind::MajorCity)),
            PoolKind::MinorCity => Part::HeldOn(Some(HeldOnKind::MinorCity)),
            PoolKind::Fortification => Part::Reward(Some(RewardKind::Fortify)),
            PoolKind::ScarCover => Part::Reward(Some(RewardKind::HealScar)),
            PoolKind::BonusPlus | PoolKind::BonusMinus => {
                Part::Reward(Some(RewardKind::ContinentBonus))
            }
            PoolKind::CoinSticker => Part::HeldOn(Some(HeldOnKind::AddResource)),
            PoolKind::WorldCapital => Part::WorldCapital,
            PoolKind::Scar(_) => Part::Scar,
        }
    }

    /// The part a thing of this kind (the label a name, a text or a packet's content is
    /// refused under: "city name", "scar type", "mission", "note"…) is given in.
    pub(in crate::domain) fn of_label(what: &str) -> Part {
        match what {
            "event card" | "An event card" | "event's text" => Part::EventCard,
            "mission" | "A mission" => Part::Mission,
            "city name" => Part::Reward(None),
            "continent name" => Part::Reward(Some(RewardKind::NameContinent)),
            "scar" | "scar type" => Part::Scar,
            "mark" => Part::Mark,
            "person's name" | "faction name" => Part::Players,
            "note" => Part::Note,
            _ => Part::Entry,
        }
    }
}
