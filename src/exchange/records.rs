//! A record of the log as a campaign file carries it: its identity, its place, and what it
//! adds or corrects.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::docs::EntryDoc;
use super::{TIMESTAMP_PATTERN, UUID_PATTERN};
use crate::domain::{Body, Correction, EntryId, LogRecord, Origin, Place, RuleSet};

/// One record of the log, in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogEntryDoc {
    /// The record's identity (a UUID), the same on every device and in every export.
    #[schemars(pattern(UUID_PATTERN), extend("format" = "uuid"))]
    pub id: String,
    /// Its place among the log's records, from 1.
    #[schemars(range(min = 1))]
    pub seq: u32,
    /// When it was recorded, RFC 3339 UTC.
    #[schemars(pattern(TIMESTAMP_PATTERN), extend("format" = "date-time"))]
    pub recorded_at: String,
    /// The rule set it was written under: 2 for a record held to every rule on every
    /// replay; 1 (and a file that does not say) for one an earlier chronicle wrote, which
    /// replays with the rules that shape the board where it broke a rule that chronicle
    /// held only for new entries.
    #[serde(default = "earlier_rules")]
    #[schemars(range(min = 1, max = 2))]
    pub rules: u8,
    /// The device that wrote it and its number there (exchange between devices), or null.
    pub device: Option<String>,
    /// Its number among its device's records, from 1.
    #[schemars(range(min = 1))]
    pub device_seq: Option<u64>,
    /// Who logged it, when the record says (the device a page of `chronicle serve` named,
    /// "Bo's phone"); null for a record logged at the command line, and absent from a file
    /// an earlier chronicle wrote.
    #[serde(default)]
    #[schemars(length(min = 1, max = 60))]
    pub logged_by: Option<String>,
    /// The identity of the last record when this one was written, or null for the first.
    #[schemars(pattern(UUID_PATTERN), extend("format" = "uuid"))]
    pub parent: Option<String>,
    /// The identity of the entry this one stands before in the log (an inserted game, an
    /// entry placed after an earlier game), or null: where it was written.
    #[schemars(pattern(UUID_PATTERN), extend("format" = "uuid"))]
    pub before: Option<String>,
    /// What the record adds to the log; null for a correction.
    pub entry: Option<EntryDoc>,
    /// What the record corrects; null for an entry added.
    pub correction: Option<CorrectionDoc>,
}

/// The rule set of a record whose file does not say: an earlier chronicle's.
fn earlier_rules() -> u8 {
    RuleSet::EARLIER.0
}

/// When and why an entry was taken back (version 1 of the file).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TakenBackDoc {
    pub at: String,
    pub reason: Option<String>,
}

/// A correction of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum CorrectionDoc {
    /// A record taken back (`undo`, `game undo`).
    TakeBack {
        #[schemars(pattern(UUID_PATTERN), extend("format" = "uuid"))]
        target: String,
        reason: Option<String>,
    },
    /// An entry replaced whole, in its place (`game edit`).
    Replace {
        #[schemars(pattern(UUID_PATTERN), extend("format" = "uuid"))]
        target: String,
        reason: Option<String>,
        entry: Box<EntryDoc>,
    },
    /// A person's name written another way in every entry (`person rename`).
    RenamePerson { from: String, to: String },
    /// One person typed two ways (`person merge`).
    MergePerson { from: String, into: String },
    /// The campaign's name (`campaign rename`).
    RenameCampaign { from: String, to: String },
    /// A fork resolved (`sync resolve`): the branches ending at `kept` stand, in that
    /// order; those ending at `set_aside` are set aside.
    Join {
        #[schemars(inner(pattern(UUID_PATTERN)))]
        kept: Vec<String>,
        #[schemars(inner(pattern(UUID_PATTERN)))]
        set_aside: Vec<String>,
    },
}

/// The document of a record; `game` is the number of the game it adds or replaces.
pub fn record_doc(record: &LogRecord, game: Option<u32>) -> LogEntryDoc {
    let (entry, correction) = match &record.body {
        Body::Add(entry) => (Some(EntryDoc::new(entry, game)), None),
        Body::Correct(correction) => (None, Some(CorrectionDoc::new(correction, game))),
    };
    LogEntryDoc {
        id: record.id.to_string(),
        seq: record.seq,
        recorded_at: record.recorded_at.clone(),
        rules: record.rules.0,
        device: record.origin.as_ref().map(|o| o.device.clone()),
        device_seq: record.origin.as_ref().map(|o| o.seq),
        logged_by: record.logged_by.clone(),
        parent: record.parent.as_ref().map(ToString::to_string),
        before: match &record.place {
            Place::Before(id) => Some(id.to_string()),
            Place::End => None,
        },
        entry,
        correction,
    }
}

impl CorrectionDoc {
    fn new(correction: &Correction, game: Option<u32>) -> CorrectionDoc {
        match correction {
            Correction::TakeBack { target, reason } => CorrectionDoc::TakeBack {
                target: target.to_string(),
                reason: reason.clone(),
            },
            Correction::Replace {
                target,
                entry,
                reason,
            } => CorrectionDoc::Replace {
                target: target.to_string(),
                reason: reason.clone(),
                entry: Box::new(EntryDoc::new(entry, game)),
            },
            Correction::RenamePerson { from, to } => CorrectionDoc::RenamePerson {
                from: from.clone(),
                to: to.clone(),
            },
            Correction::MergePerson { from, into } => CorrectionDoc::MergePerson {
                from: from.clone(),
                into: into.clone(),
            },
            Correction::RenameCampaign { from, to } => CorrectionDoc::RenameCampaign {
                from: from.clone(),
                to: to.clone(),
            },
            Correction::Join { kept, set_aside } => CorrectionDoc::Join {
                kept: kept.iter().map(ToString::to_string).collect(),
                set_aside: set_aside.iter().map(ToString::to_string).collect(),
            },
        }
    }

    fn correction(&self) -> Result<Correction, String> {
        Ok(match self {
            CorrectionDoc::TakeBack { target, reason } => Correction::TakeBack {
                target: EntryId(target.clone().into()),
                reason: reason.clone(),
            },
            CorrectionDoc::Replace {
                target,
                reason,
                entry,
            } => Correction::Replace {
                target: EntryId(target.clone().into()),
                entry: entry.entry()?.into(),
                reason: reason.clone(),
            },
            CorrectionDoc::RenamePerson { from, to } => Correction::RenamePerson {
                from: from.clone(),
                to: to.clone(),
            },
            CorrectionDoc::MergePerson { from, into } => Correction::MergePerson {
                from: from.clone(),
                into: into.clone(),
            },
            CorrectionDoc::RenameCampaign { from, to } => Correction::RenameCampaign {
                from: from.clone(),
                to: to.clone(),
            },
            CorrectionDoc::Join { kept, set_aside } => Correction::Join {
                kept: kept.iter().map(|t| EntryId(t.clone().into())).collect(),
                set_aside: set_aside
                    .iter()
                    .map(|t| EntryId(t.clone().into()))
                    .collect(),
            },
        })
    }
}

impl LogEntryDoc {
    /// The record it carries; an error names what cannot be read.
    pub fn record(&self) -> Result<LogRecord, String> {
        let body = match (&self.entry, &self.correction) {
            (Some(entry), None) => Body::Add(entry.entry()?.into()),
            (None, Some(correction)) => Body::Correct(correction.correction()?),
            (Some(_), Some(_)) => return Err("it both adds an entry and corrects one".to_string()),
            (None, None) => return Err("it neither adds an entry nor corrects one".to_string()),
        };
        let origin = match (&self.device, self.device_seq) {
            (Some(device), Some(seq)) => Some(Box::new(Origin {
                device: device.clone(),
                seq,
            })),
            (None, None) => None,
            (Some(_), None) => {
                return Err("it names a device but no device_seq (its number there)".to_string());
            }
            (None, Some(_)) => {
                return Err("it has a device_seq but no device (whose number it is)".to_string());
            }
        };
        if self
            .logged_by
            .as_deref()
            .is_some_and(|by| by.trim().is_empty())
        {
            return Err(
                "its logged_by is empty (null for a record logged at the command line)".to_string(),
            );
        }
        if !(1..=RuleSet::CURRENT.0).contains(&self.rules) {
            return Err(format!(
                "its rule set is 1 or {}, not {}",
                RuleSet::CURRENT.0,
                self.rules
            ));
        }
        Ok(LogRecord {
            id: EntryId(self.id.clone().into()),
            seq: self.seq,
            recorded_at: self.recorded_at.clone(),
            rules: RuleSet(self.rules),
            origin,
            logged_by: self.logged_by.clone(),
            parent: self.parent.clone().map(EntryId::from),
            place: self
                .before
                .clone()
                .map_or(Place::End, |b| Place::Before(EntryId(b.into()))),
            body,
        })
    }

    /// The game number it says it adds, for a game.
    pub fn said_game(&self) -> Option<u32> {
        match (&self.entry, &self.correction) {
            (Some(EntryDoc::Game(game)), _) => Some(game.game),
            _ => None,
        }
    }
}
