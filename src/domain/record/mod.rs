//! The log as written: records, appended one after another and never rewritten. A record
//! either adds an entry (a game, a power, a packet opened, …) or corrects what is there (an
//! entry taken back, a game replaced, a person renamed). Each has a stable identity that
//! survives export, import and exchange between devices; the log as the rules see it is
//! worked out from the records (`resolve`).
//!
//! Beside the records: the records as a graph of devices' branches (`graph`), the log as
//! corrected (`resolve`, with two identical packet openings made one in `openings` and
//! people renamed in every part of an entry that names them, `people`), and
//! the records of other devices merged in (`sync`).

pub mod graph;
pub(super) mod openings;
mod people;
pub mod resolve;
pub mod sync;

use std::sync::Arc;

use crate::domain::entry::Entry;
use crate::domain::vocabulary::refusal::Refusal;

/// A record's identity: a UUID (version 7 where chronicle made it), as text, shared (a
/// record, the entry it adds and the record after it hold one copy).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EntryId(pub Arc<str>);

impl From<String> for EntryId {
    fn from(id: String) -> EntryId {
        EntryId(id.into())
    }
}

impl EntryId {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether the text is a UUID in its usual form (`8-4-4-4-12` lowercase hex digits).
    pub(crate) fn is_well_formed(text: &str) -> bool {
        let groups: Vec<&str> = text.split('-').collect();
        groups.len() == 5
            && groups.iter().zip([8, 4, 4, 4, 12]).all(|(g, n)| {
                g.len() == n && g.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
            })
    }
}

impl std::fmt::Display for EntryId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Where an added entry goes in the log: at the end (as it was written), or before another
/// entry (a forgotten game inserted, a packet opened after an earlier game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    End,
    Before(EntryId),
}

/// What a record does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// Adds an entry (shared with the log as corrected, which holds it as it stands).
    Add(Arc<Entry>),
    /// Corrects the log.
    Correct(Correction),
}

/// A correction of the log. It never erases a record: the log as corrected is worked out
/// from every record, and the history shows what each correction changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Correction {
    /// Takes back a record (an entry added, or a correction): the log is as if it had never
    /// been written.
    TakeBack {
        target: EntryId,
        reason: Option<String>,
    },
    /// Replaces an entry whole (a game edited), in its place.
    Replace {
        target: EntryId,
        /// Shared, as an added entry is (`Body::Add`): a log read again and worked out
        /// again copies none.
        entry: Arc<Entry>,
        reason: Option<String>,
    },
    /// A person written one way is written another way, in every entry.
    RenamePerson { from: String, to: String },
    /// One person typed two ways: every entry of `from` is `into`'s.
    MergePerson { from: String, into: String },
    /// The campaign's name.
    RenameCampaign { from: String, to: String },
    /// A fork resolved (`sync resolve`): the branches that end at `kept` stand, in that
    /// order; those that end at `set_aside` are set aside (kept in the history, as taken
    /// back). Its parents are every tip, the kept ones first.
    Join {
        kept: Vec<EntryId>,
        set_aside: Vec<EntryId>,
    },
}

impl Correction {
    /// The record it acts on, for those that act on one.
    pub fn target(&self) -> Option<&EntryId> {
        match self {
            Correction::TakeBack { target, .. } | Correction::Replace { target, .. } => {
                Some(target)
            }
            Correction::RenamePerson { .. }
            | Correction::MergePerson { .. }
            | Correction::RenameCampaign { .. }
            | Correction::Join { .. } => None,
        }
    }

    pub fn reason(&self) -> Option<&str> {
        match self {
            Correction::TakeBack { reason, .. } | Correction::Replace { reason, .. } => {
                reason.as_deref()
            }
            Correction::RenamePerson { .. }
            | Correction::MergePerson { .. }
            | Correction::RenameCampaign { .. }
            | Correction::Join { .. } => None,
        }
    }
}

/// Where a record came from: the device that wrote it and its number among that device's
/// records (for exchanging logs between devices).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    pub device: String,
    pub seq: u64,
}

/// The rule set a record was written under. An earlier chronicle held the rules that only
/// gate what may be logged next (setup before game 1, HQs apart, marks as starts, who
/// names the world, a packet's condition) for new entries and let a replay pass them;
/// every record this chronicle writes is held to every rule on every replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RuleSet(pub u8);

impl RuleSet {
    /// The rule set of a record an earlier chronicle wrote (and of a record read from a
    /// file or a database that does not say).
    pub const EARLIER: RuleSet = RuleSet(1);
    /// The rule set of every record this chronicle writes.
    pub const CURRENT: RuleSet = RuleSet(2);

    /// Whether a record of this rule set is held to every rule on every replay.
    pub fn holds_every_rule(self) -> bool {
        self >= RuleSet::CURRENT
    }
}

/// One record of a campaign's log, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogRecord {
    pub id: EntryId,
    /// Its place among the records of this log, from 1, in the order they were written.
    pub seq: u32,
    /// When it was written (RFC 3339, UTC).
    pub recorded_at: String,
    /// The rule set it was written under.
    pub rules: RuleSet,
    pub origin: Option<Box<Origin>>,
    /// Who logged it, when it says: the device a page of `serve` named ("Bo's phone").
    pub logged_by: Option<String>,
    /// The record that was the last of the log when this one was written (none for the
    /// first): two records with the same parent were written without seeing each other.
    pub parent: Option<EntryId>,
    pub place: Place,
    pub body: Body,
}

impl LogRecord {
    /// The clock that dated what the record writes: its device (when it names one) and
    /// the day it was recorded.
    pub fn dated_by(&self) -> Option<crate::domain::entry::dated::DatedBy> {
        crate::domain::entry::dated::DatedBy::new(
            self.origin.as_ref().map(|o| o.device.as_str()),
            &self.recorded_at,
        )
    }

    /// Makes the parent's identity one with the identity of `previous` when it names that
    /// record (as it does for most records), so that a long log holds each identity once.
    pub(crate) fn share_parent(&mut self, previous: Option<&LogRecord>) {
        if let (Some(parent), Some(previous)) = (&mut self.parent, previous)
            && *parent == previous.id
        {
            *parent = previous.id.clone();
        }
    }

    /// The records it was written after: its parent, or for a join every tip it joins,
    /// the kept ones first.
    pub(crate) fn parents(&self) -> Vec<&EntryId> {
        match &self.body {
            Body::Correct(Correction::Join { kept, set_aside }) => {
                kept.iter().chain(set_aside).collect()
            }
            _ => self.parent.iter().collect(),
        }
    }

    /// The entry it adds, if it adds one.
    pub fn added(&self) -> Option<&Entry> {
        match &self.body {
            Body::Add(entry) => Some(entry),
            Body::Correct(_) => None,
        }
    }
}

/// The head of a campaign's log: its latest record by `seq`, or none before the first. Any
/// write to the log moves it, so what was read at one head is current while the head has
/// not moved. Written `SEQ:ID` (`0` for none): a page's `ETag`, and what a write names
/// as the log it was made from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Head(Option<(u32, EntryId)>);

impl Head {
    /// The head of a log of these records (its latest by `seq`).
    pub fn of<'a>(records: impl IntoIterator<Item = &'a LogRecord>) -> Head {
        Head(
            records
                .into_iter()
                .max_by_key(|r| r.seq)
                .map(|r| (r.seq, r.id.clone())),
        )
    }

    /// The head of the record numbered `seq` with identity `id`.
    pub fn at(seq: u32, id: EntryId) -> Head {
        Head(Some((seq, id)))
    }

    /// The head as written (`SEQ:ID`, `0`), quotes and a weak mark around it (an
    /// `If-Match` value) taken off; none when it is not one.
    pub fn parse(text: &str) -> Option<Head> {
        let text = text.trim().trim_start_matches("W/").trim_matches('"');
        if text == "0" {
            return Some(Head(None));
        }
        let (seq, id) = text.split_once(':')?;
        let seq: u32 = seq.parse().ok()?;
        (!id.is_empty()).then(|| Head::at(seq, EntryId::from(id.to_string())))
    }

    /// The `seq` of the latest record (0 for none): every record after it has a greater one.
    pub fn seq(&self) -> u32 {
        self.0.as_ref().map_or(0, |(seq, _)| *seq)
    }
}

impl std::fmt::Display for Head {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Some((seq, id)) => write!(f, "{seq}:{id}"),
            None => f.write_str("0"),
        }
    }
}

/// A record that cannot be worked into the log, with why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unresolved {
    pub seq: u32,
    pub refusal: Refusal,
}
