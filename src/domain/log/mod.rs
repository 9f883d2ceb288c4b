//! The log as the rules see it: each entry with its identity, its place among the records,
//! when it was recorded and whether it was taken back (`LoggedEntry`, worked out from the
//! records by `resolve`); the check of a record before it is written (`check_record`); and
//! a whole log checked and folded (`CheckedLog`).
//!
//! Beside the fold: corrections made from what a group knows (`correct`), a log with one
//! more record (`rewrite`), what an entry changed in words (`describe`), and the
//! campaign's history (`history`).

pub mod correct;
pub mod describe;
mod describe_photo;
mod happening;
pub mod history;
pub(crate) mod rewrite;

use chrono::NaiveDate;

use crate::domain::entry::Entry;
use crate::domain::entry::validate;
use crate::domain::record::resolve::{Resolved, resolve};
use crate::domain::record::{Body, Correction, EntryId, LogRecord, Place};
use crate::domain::state::Campaign;
use crate::domain::state::lookup::person_key;
use crate::domain::vocabulary::names::{
    CampaignName, is_device_name, valid_name, valid_new_person, valid_person,
};
use crate::domain::vocabulary::refusal::{RecordProblem, Refusal};

pub use crate::domain::record::resolve::{LoggedEntry, TakenBack};

/// A record of a log that cannot stand at its place: the rules refuse it, or it cannot be
/// worked into the log. The log was changed behind the rules' back, read from a file
/// someone edited, or (for a correction being made) a later entry depends on what changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrokenLog {
    /// The record's place among the records.
    pub seq: u32,
    pub refusal: Refusal,
}

impl std::fmt::Display for BrokenLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "entry {} of the log breaks a rule ({})",
            self.seq, self.refusal
        )
    }
}

impl std::error::Error for BrokenLog {}

impl From<crate::domain::record::Unresolved> for BrokenLog {
    fn from(unresolved: crate::domain::record::Unresolved) -> BrokenLog {
        BrokenLog {
            seq: unresolved.seq,
            refusal: unresolved.refusal,
        }
    }
}

/// Checks a record before it joins a log, besides the rules `apply` holds: its identity and
/// timestamp, its free text, names given in corrections, and that a game is not dated after
/// `latest` (today, or a day later for a record from another machine, whose today may be
/// ahead).
pub fn check_record(record: &LogRecord, latest: NaiveDate) -> Result<(), Refusal> {
    if !EntryId::is_well_formed(record.id.as_str()) {
        return Err(Refusal::BadId {
            id: record.id.to_string(),
        });
    }
    validate::timestamp("time the entry was recorded", &record.recorded_at)?;
    if let Some(by) = &record.logged_by {
        validate::logged_by(by)?;
    }
    check_place(record)?;
    match &record.body {
        Body::Add(entry) => check_entry(entry, latest),
        Body::Correct(correction) => check_correction(correction, latest),
    }
}

/// The latest day a game of `record` may be dated by its writer's clock: the day after the
/// one it was recorded on (time zones). A record another device wrote is judged so, not by
/// the reader's clock, which may be days behind.
pub fn writers_latest(record: &LogRecord) -> NaiveDate {
    chrono::DateTime::parse_from_rfc3339(&record.recorded_at)
        .map(|at| at.date_naive())
        .ok()
        .and_then(|day| day.succ_opt())
        .unwrap_or(NaiveDate::MIN)
}

/// A record follows others, not itself, and names the device that wrote it as a device is
/// named, numbered among that device's records from 1.
fn check_place(record: &LogRecord) -> Result<(), Refusal> {
    let bad = |problem| Err(Refusal::BadRecord { problem });
    if record.parent.as_ref() == Some(&record.id) || record.parents().contains(&&record.id) {
        return bad(RecordProblem::OwnParent);
    }
    match record.origin.as_deref() {
        Some(origin) if !is_device_name(&origin.device) => {
            bad(RecordProblem::BadDevice(origin.device.clone()))
        }
        Some(origin) if origin.seq == 0 => bad(RecordProblem::DeviceSeqZero),
        _ => Ok(()),
    }
}

fn check_correction(correction: &Correction, latest: NaiveDate) -> Result<(), Refusal> {
    let reason = |reason: &Option<String>| {
        reason
            .as_deref()
            .map(|r| validate::text("reason", r, validate::MAX_REASON_CHARS, false))
            .transpose()
            .map(|_| ())
    };
    match correction {
        Correction::TakeBack { reason: why, .. } => reason(why),
        Correction::Replace {
            entry, reason: why, ..
        } => {
            reason(why)?;
            check_entry(entry, latest)
        }
        // The name a person or the campaign had may be one an earlier chronicle took; the
        // name given now is held to every rule of a new name.
        Correction::RenamePerson { from, to } => {
            valid_person(from)?;
            valid_new_person(to).map(|_| ())
        }
        Correction::MergePerson { from, into } => {
            valid_person(from)?;
            valid_person(into)?;
            if person_key(from) == person_key(into) {
                return Err(Refusal::BadRecord {
                    problem: RecordProblem::MergedIntoItself(from.clone()),
                });
            }
            Ok(())
        }
        Correction::RenameCampaign { from, to } => {
            valid_name("campaign name", from)?;
            CampaignName::new(to).map(|_| ())
        }
        Correction::Join { kept, set_aside } => {
            if kept.is_empty() {
                return Err(Refusal::JoinKeepsNothing);
            }
            match kept
                .iter()
                .chain(set_aside)
                .find(|t| !EntryId::is_well_formed(t.as_str()))
            {
                Some(bad) => Err(Refusal::BadId {
                    id: bad.to_string(),
                }),
                None => Ok(()),
            }
        }
    }
}

/// The free text and names of an entry and the date of a game.
fn check_entry(entry: &Entry, latest: NaiveDate) -> Result<(), Refusal> {
    if let Entry::Game(game) = entry
        && !crate::domain::rules::legal::PLAYERS.contains(&game.seats.len())
    {
        return Err(Refusal::PlayerCount {
            count: game.seats.len(),
        });
    }
    validate::names(entry)?;
    match entry {
        Entry::Game(game) => {
            if let Some(note) = &game.note {
                validate::text("note", note, validate::MAX_NOTE_CHARS, true)?;
            }
            if game.date > latest {
                return Err(Refusal::GameAfterToday {
                    date: game.date.to_string(),
                    today: latest.to_string(),
                });
            }
        }
        Entry::PoolCapacity { reason, .. } | Entry::Rule { reason, .. } => {
            validate::text("reason", reason, validate::MAX_REASON_CHARS, false)?;
        }
        Entry::AddScarType {
            effect: Some(effect),
            ..
        } => {
            validate::text("effect", effect, validate::MAX_REASON_CHARS, false)?;
        }
        Entry::Photo(photo) => validate::photo(photo)?,
        Entry::RemovePhoto { sha256, reason, .. } => {
            validate::photo_hash(sha256)?;
            if let Some(reason) = reason {
                validate::text("reason", reason, validate::MAX_REASON_CHARS, false)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Folds the entries of a log that stand through the rules: each held to every rule, but
/// an exempt one (see `LoggedEntry::exempt`) to those that shape the board.
pub fn fold<'a, I>(log: I) -> Result<Campaign, BrokenLog>
where
    I: IntoIterator<Item = &'a LoggedEntry>,
{
    let mut campaign = Campaign::new();
    for entry in log.into_iter().filter(|e| e.taken_back.is_none()) {
        // No copy per entry: a refused entry throws the whole fold away.
        campaign.replay_logged(entry).map_err(|refusal| BrokenLog {
            seq: entry.seq,
            refusal,
        })?;
    }
    Ok(campaign)
}

/// Folds the entries that stand as `fold` does, each held to be written as the rules record
/// it (people and factions in the campaign's spelling, names tidied, held-on rewards
/// clockwise), as `check` holds a stored log: a log made at once (a file imported) is
/// stored as it will be checked.
/// Only the entries `held` names (by the record that added them) are held to it: those a
/// file or another device brings, not those a log already holds.
fn fold_as_recorded(
    log: &[LoggedEntry],
    held: impl Fn(&EntryId) -> bool,
) -> Result<Campaign, BrokenLog> {
    let mut campaign = Campaign::new();
    for logged in log.iter().filter(|e| e.taken_back.is_none()) {
        let broken = |refusal| BrokenLog {
            seq: logged.seq,
            refusal,
        };
        let applied = campaign.replay_logged(logged).map_err(broken)?;
        if held(&logged.id) && applied.entry != *logged.entry {
            return Err(broken(Refusal::BadRecord {
                problem: RecordProblem::NotAsRecorded,
            }));
        }
    }
    Ok(campaign)
}

/// A campaign's records in the order of its log: those of the log that ends at its head,
/// and those on another branch, waiting for a fork to be resolved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Ordered {
    pub log: Vec<LogRecord>,
    pub pending: Vec<LogRecord>,
}

impl Ordered {
    /// `records` (in any order their parents are found in) as the log that ends at `head`
    /// (none: the last of them) and the records waiting on another branch.
    pub(crate) fn new(
        records: Vec<LogRecord>,
        head: Option<&EntryId>,
    ) -> Result<Ordered, BrokenLog> {
        let linear =
            crate::domain::record::graph::linearize(&records, head).map_err(BrokenLog::from)?;
        if linear.pending.is_empty() && linear.order.iter().enumerate().all(|(i, &o)| i == o) {
            return Ok(Ordered {
                log: records,
                pending: Vec::new(),
            });
        }
        let mut slots: Vec<Option<LogRecord>> = records.into_iter().map(Some).collect();
        let mut take = |indexes: &[usize]| -> Vec<LogRecord> {
            indexes.iter().filter_map(|&i| slots[i].take()).collect()
        };
        let log = take(&linear.order);
        let pending = take(&linear.pending);
        Ok(Ordered { log, pending })
    }

    /// The last record of the log: where the next record written here goes after.
    pub(crate) fn head(&self) -> Option<&EntryId> {
        self.log.last().map(|r| &r.id)
    }
}

/// Works out a log from its records (in the log's order) and folds it, the entries `held`
/// names (by the record that added them) held to be written as the rules record them.
pub(crate) fn resolve_and_fold_holding(
    records: &[LogRecord],
    held: impl Fn(&EntryId) -> bool,
) -> Result<(Resolved, Campaign), BrokenLog> {
    let resolved = resolve(records).map_err(BrokenLog::from)?;
    let campaign = fold_as_recorded(&resolved.entries, held)?;
    Ok((resolved, campaign))
}

/// Works out a log from its records (in the log's order) and folds it: the log as corrected
/// and the campaign.
pub(crate) fn resolve_and_fold(records: &[LogRecord]) -> Result<(Resolved, Campaign), BrokenLog> {
    let resolved = resolve(records).map_err(BrokenLog::from)?;
    let campaign = fold(&resolved.entries)?;
    Ok((resolved, campaign))
}

/// A campaign's whole log, every record checked and the log as corrected folding through
/// the rules: what the store writes for a campaign made in one go (an import, the demo).
/// It can only be made by checking.
#[derive(Clone, Debug)]
pub struct CheckedLog {
    ordered: Ordered,
    resolved: Resolved,
    campaign: Campaign,
}

impl CheckedLog {
    /// Checks every record (its identity, timestamps and text, no game after `latest`) and
    /// folds the log they make through the rules.
    pub fn new(records: Vec<LogRecord>, latest: NaiveDate) -> Result<CheckedLog, BrokenLog> {
        CheckedLog::with_head(records, None, |_| latest)
    }

    /// As `new`, for the log that ends at `head` (records on other branches are kept,
    /// checked, waiting), no game dated after `latest` of its record.
    pub(crate) fn with_head(
        records: Vec<LogRecord>,
        head: Option<&EntryId>,
        latest: impl Fn(&LogRecord) -> NaiveDate,
    ) -> Result<CheckedLog, BrokenLog> {
        for record in &records {
            check_record(record, latest(record)).map_err(|refusal| BrokenLog {
                seq: record.seq,
                refusal,
            })?;
        }
        let ordered = Ordered::new(records, head)?;
        let (resolved, campaign) = resolve_and_fold_holding(&ordered.log, |_| true)?;
        Ok(CheckedLog {
            ordered,
            resolved,
            campaign,
        })
    }

    /// Each record of the log with what the log as corrected says of it: the game's
    /// number (for a game that stands), and when and why it was taken back.
    pub(crate) fn each_kept<E>(
        &self,
        mut each: impl FnMut(&LogRecord, Option<u32>, Option<&TakenBack>) -> Result<(), E>,
    ) -> Result<(), E> {
        let said = self.resolved.said();
        for record in &self.ordered.log {
            let (game, back) = said.of(&record.id);
            each(record, game, back)?;
        }
        Ok(())
    }

    /// A new log from entries applied one after another, all recorded at the same moment,
    /// each kept as the rules record it, each given the identity `id` makes of its place
    /// (the sample campaign: its games may be dated after today).
    pub fn from_entries(
        entries: &[Entry],
        recorded_at: &str,
        mut id: impl FnMut(u32) -> EntryId,
    ) -> Result<CheckedLog, BrokenLog> {
        let mut campaign = Campaign::new();
        let mut records: Vec<LogRecord> = Vec::with_capacity(entries.len());
        for (index, entry) in entries.iter().enumerate() {
            let seq = u32::try_from(index + 1).unwrap_or(u32::MAX);
            let applied = campaign
                .apply(entry)
                .map_err(|refusal| BrokenLog { seq, refusal })?;
            records.push(LogRecord {
                id: id(seq),
                seq,
                recorded_at: recorded_at.to_string(),
                rules: crate::domain::record::RuleSet::CURRENT,
                origin: None,
                logged_by: None,
                parent: records.last().map(|r| r.id.clone()),
                place: Place::End,
                body: Body::Add(applied.entry.into()),
            });
        }
        CheckedLog::new(records, NaiveDate::MAX)
    }

    /// The records of the log, in its order.
    pub fn records(&self) -> &[LogRecord] {
        &self.ordered.log
    }

    /// The records and those waiting on another branch.
    pub(crate) fn ordered(&self) -> &Ordered {
        &self.ordered
    }

    /// The log as corrected.
    pub fn resolved(&self) -> &Resolved {
        &self.resolved
    }

    /// The campaign the log folds to.
    pub fn campaign(&self) -> &Campaign {
        &self.campaign
    }
}
