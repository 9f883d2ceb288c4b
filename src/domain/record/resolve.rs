//! The log as corrected, worked out from its records: the entries added, in their places
//! (an entry inserted before another stands before it), each as the latest replacement has
//! it and with people under the names given since, and those taken back marked as such.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

pub use super::Unresolved;
use super::{Body, Correction, EntryId, LogRecord, Place};
use crate::domain::entry::Entry;
use crate::domain::entry::dated::DatedBy;
use crate::domain::state::Campaign;
use crate::domain::state::lookup::person_key;
use crate::domain::vocabulary::refusal::{RecordProblem, Refusal};

/// One entry of a campaign's log as corrected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedEntry {
    /// The identity of the record that added it.
    pub id: EntryId,
    /// That record's place among the log's records, from 1.
    pub seq: u32,
    /// The game's number, for a game.
    pub game: Option<u32>,
    /// When it was recorded (RFC 3339, UTC).
    pub recorded_at: String,
    /// Who logged it, when the record says (the device a page of `serve` named).
    pub logged_by: Option<String>,
    /// The clock that dated it: the device and day of the record that wrote it as it
    /// stands (its latest replacement's).
    pub dated_by: Option<DatedBy>,
    /// The entry, as the latest replacement has it.
    pub entry: Arc<Entry>,
    /// Set when the entry was taken back.
    pub taken_back: Option<TakenBack>,
    /// An entry an earlier chronicle logged (and nothing written since rewrote) that broke,
    /// in the log that chronicle wrote, a rule it held only for new entries: it replays
    /// with the rules that shape the board, and `check` names it. Never set for an entry
    /// this chronicle writes or rewrites, which is held to every rule on every replay.
    pub exempt: bool,
}

/// When and why an entry was taken back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakenBack {
    /// RFC 3339, UTC.
    pub at: String,
    pub reason: Option<String>,
}

/// A correction as it stands in the log, for the history of corrections.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorrectionEntry {
    pub id: EntryId,
    pub seq: u32,
    pub recorded_at: String,
    pub correction: Correction,
    /// Set when the correction itself was taken back.
    pub taken_back: Option<TakenBack>,
    /// The place (seq) of the record it acts on.
    pub target_seq: Option<u32>,
    /// For a replacement: the entry as it was before it.
    pub replaced: Option<Arc<Entry>>,
}

/// The log as corrected.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolved {
    /// Every entry added, in the order of the log as corrected, each as corrected, those
    /// taken back marked (and numbered as the game they would have been).
    pub entries: Vec<LoggedEntry>,
    /// Every correction, in the order written.
    pub corrections: Vec<CorrectionEntry>,
    /// The entries added before another (a forgotten game), with the record they went
    /// before: corrections too, in the history's eyes.
    pub inserted: Vec<(EntryId, EntryId)>,
}

impl Resolved {
    /// The entries that stand.
    pub fn standing(&self) -> impl Iterator<Item = &LoggedEntry> + Clone {
        self.entries.iter().filter(|e| e.taken_back.is_none())
    }

    /// The entry with this identity.
    pub fn entry(&self, id: &EntryId) -> Option<&LoggedEntry> {
        self.entries.iter().find(|e| &e.id == id)
    }

    /// What the log as corrected says of each record, looked up by its identity.
    pub fn said(&self) -> Said<'_> {
        Said {
            entries: self.entries.iter().map(|e| (&e.id, e)).collect(),
            corrections: self.corrections.iter().map(|c| (&c.id, c)).collect(),
        }
    }
}

/// What the log as corrected says of each record, by its identity.
pub struct Said<'a> {
    entries: HashMap<&'a EntryId, &'a LoggedEntry>,
    corrections: HashMap<&'a EntryId, &'a CorrectionEntry>,
}

impl<'a> Said<'a> {
    /// The game's number (for a game that stands), and when and why the record was taken
    /// back.
    pub fn of(&self, id: &EntryId) -> (Option<u32>, Option<&'a TakenBack>) {
        match (self.entries.get(id), self.corrections.get(id)) {
            (Some(entry), _) => (entry.standing_game(), entry.taken_back.as_ref()),
            (None, Some(correction)) => (None, correction.taken_back.as_ref()),
            (None, None) => (None, None),
        }
    }
}

impl LoggedEntry {
    /// The game's number, for a game that stands.
    pub(crate) fn standing_game(&self) -> Option<u32> {
        self.game.filter(|_| self.taken_back.is_none())
    }

    /// Whether the log cut after game `after` (see `--after`) ends before this entry: the
    /// next game that stands (never, for none).
    pub(crate) fn is_past(&self, after: Option<u32>) -> bool {
        after.is_some_and(|after| self.standing_game() == Some(after.saturating_add(1)))
    }
}

/// Works out the log as corrected from its records, in the order they were written, and
/// which of its entries are exempt (see `LoggedEntry::exempt`).
pub fn resolve(records: &[LogRecord]) -> Result<Resolved, Unresolved> {
    let mut resolved = work_out(records)?;
    mark_exempt(records, &mut resolved);
    Ok(resolved)
}

// An earlier chronicle held the rules that only gate what may be logged next (setup before
// game 1, HQs apart, marks as starts, who names the world, a packet's condition) for new
// entries, and let a replay pass them. An entry it logged that broke one of them, in the
// log that chronicle wrote, still replays with the rules that shape the board: that log
// still opens, and `check` names the entry. Nothing written since (a correction, a merge,
// an import, a sync resolution) gets that leniency: an entry it writes or rewrites is held
// to every rule, and so is an earlier entry it would make break a rule it kept.

/// Keeps an entry marked as possibly exempt (written under an earlier rule set, not
/// rewritten since) exempt only when it broke a rule in the log of the earlier records.
fn mark_exempt(records: &[LogRecord], resolved: &mut Resolved) {
    if !resolved.entries.iter().any(|e| e.exempt) {
        return;
    }
    if let Some(broke) = broken_by_earlier(records) {
        for entry in &mut resolved.entries {
            entry.exempt &= broke.contains(&entry.id);
        }
    }
}

/// The entries that break a rule in the log made of the records an earlier chronicle wrote
/// alone: the log as it stood before any record of this chronicle. None when that log
/// cannot be worked out (an earlier record that acts on a later one): every earlier entry
/// keeps its leniency.
fn broken_by_earlier(records: &[LogRecord]) -> Option<HashSet<EntryId>> {
    let earlier: Vec<LogRecord> = records
        .iter()
        .filter(|r| !r.rules.holds_every_rule())
        .cloned()
        .collect();
    let resolved = work_out(&earlier).ok()?;
    let mut campaign = Campaign::new();
    let mut broke = HashSet::new();
    let mut standing = resolved.standing();
    while let Some(entry) = standing.next() {
        if campaign.apply(&entry.entry).is_ok() {
            continue;
        }
        broke.insert(entry.id.clone());
        if campaign.replay_exempt(&entry.entry).is_err() {
            // A rule that shapes the board breaks here: the entries after it cannot be
            // told apart, and keep their leniency.
            broke.extend(standing.map(|e| e.id.clone()));
            break;
        }
    }
    Some(broke)
}

/// The log as corrected, each entry written under an earlier rule set marked as possibly
/// exempt.
fn work_out(records: &[LogRecord]) -> Result<Resolved, Unresolved> {
    let at: HashMap<&EntryId, usize> = records
        .iter()
        .enumerate()
        .map(|(i, r)| (&r.id, i))
        .collect();
    if at.len() != records.len() {
        let seq = duplicate(records);
        return Err(unresolved(seq, Refusal::EntryTwice { seq }));
    }
    people_known(records)?;
    let mut taken_back = taken_back(records, &at)?;
    let order = order(records, &at)?;
    let out: Vec<bool> = taken_back.iter().map(Option::is_some).collect();
    for (i, reason) in super::openings::repeated(records, &order, &out) {
        taken_back[i] = Some(TakenBack {
            at: records[i].recorded_at.clone(),
            reason: Some(reason),
        });
    }
    let Replacements {
        mut content,
        mut replaced,
    } = replacements(records, &at, &taken_back)?;
    let names = renames(records, &taken_back);
    let until = taken_back_by(records, &at);
    let mut entries = Vec::with_capacity(order.len());
    let mut number = Numbering::default();
    for &i in &order {
        let record = &records[i];
        let Body::Add(added) = &record.body else {
            continue;
        };
        let (written, mut entry) = content.remove(&i).unwrap_or_else(|| (i, added.clone()));
        if names.iter().any(|(at, _, _)| *at > written) {
            rename_people(Arc::make_mut(&mut entry), written, &names);
        }
        let game = matches!(*entry, Entry::Game(_))
            .then(|| number.next(i, taken_back[i].as_ref().map(|_| until[i].unwrap_or(i))));
        entries.push(LoggedEntry {
            id: record.id.clone(),
            seq: record.seq,
            game,
            recorded_at: record.recorded_at.clone(),
            logged_by: record.logged_by.clone(),
            dated_by: dated_by(&records[i], &records[written], &entry),
            entry,
            taken_back: taken_back[i].clone(),
            exempt: !records[written].rules.holds_every_rule(),
        });
    }
    let corrections = records
        .iter()
        .enumerate()
        .filter_map(|(i, r)| match &r.body {
            Body::Correct(correction) => Some(CorrectionEntry {
                id: r.id.clone(),
                seq: r.seq,
                recorded_at: r.recorded_at.clone(),
                correction: correction.clone(),
                taken_back: taken_back[i].clone(),
                target_seq: correction
                    .target()
                    .and_then(|t| at.get(t))
                    .map(|&t| records[t].seq),
                replaced: replaced.remove(&i),
            }),
            Body::Add(_) => None,
        })
        .collect();
    Ok(Resolved {
        entries,
        corrections,
        inserted: inserted(records),
    })
}

/// The clock that dated an entry added by `added` and standing as `written` has it: the
/// replacement's when it changed the date (or the entry), the first writer's when a game's
/// date stayed as it was (an edit of who won does not move the game's date to the clock
/// of the device that corrected it).
fn dated_by(added: &LogRecord, written: &LogRecord, entry: &Entry) -> Option<DatedBy> {
    let first_date = match &added.body {
        Body::Add(first) => match &**first {
            Entry::Game(game) => Some(game.date),
            _ => None,
        },
        Body::Correct(_) => None,
    };
    match entry {
        Entry::Game(game) if Some(game.date) == first_date => added.dated_by(),
        _ => written.dated_by(),
    }
}

/// The games placed before another entry, each with the entry it went before.
fn inserted(records: &[LogRecord]) -> Vec<(EntryId, EntryId)> {
    records
        .iter()
        .filter_map(|r| match (&r.place, &r.body) {
            (Place::Before(before), Body::Add(added)) if matches!(**added, Entry::Game(_)) => {
                Some((r.id.clone(), before.clone()))
            }
            _ => None,
        })
        .collect()
}

/// Game numbers in the order of the log: a game that stands takes the next; one taken back
/// the one it had when written (after those taken back just before it still in the log).
#[derive(Clone, Debug, Default)]
pub(in crate::domain) struct Numbering {
    games: u32,
    /// Where the record that took back each game since the last that stands is.
    taken_back: Vec<usize>,
}

impl Numbering {
    /// The number of the game written `written`th in the log; `until`, for a game taken
    /// back, the place of the record that took it back.
    pub(in crate::domain) fn next(&mut self, written: usize, until: Option<usize>) -> u32 {
        if let Some(until) = until {
            let still_in = self.taken_back.iter().filter(|&&u| u > written).count();
            self.taken_back.push(until);
            self.games
                .saturating_add(1)
                .saturating_add(u32::try_from(still_in).unwrap_or(u32::MAX))
        } else {
            self.games += 1;
            self.taken_back.clear();
            self.games
        }
    }
}

/// For each record, the place in the log of the record that took it back, if one did.
fn taken_back_by(records: &[LogRecord], at: &HashMap<&EntryId, usize>) -> Vec<Option<usize>> {
    let mut by = vec![None; records.len()];
    for (i, record) in records.iter().enumerate() {
        if let Body::Correct(Correction::TakeBack { target, .. }) = &record.body
            && let Ok(t) = target_of(records, at, i, target)
        {
            by[t].get_or_insert(i);
        }
    }
    by
}

/// The entries as the replacements that stand have them (by the index of the record that
/// added each), and for each replacement the entry it replaced.
struct Replacements {
    /// The entry as it stands, with the index of the record that wrote it.
    content: HashMap<usize, (usize, Arc<Entry>)>,
    replaced: HashMap<usize, Arc<Entry>>,
}

fn replacements(
    records: &[LogRecord],
    at: &HashMap<&EntryId, usize>,
    taken_back: &[Option<TakenBack>],
) -> Result<Replacements, Unresolved> {
    let mut content: HashMap<usize, (usize, Arc<Entry>)> = HashMap::new();
    let mut replaced: HashMap<usize, Arc<Entry>> = HashMap::new();
    for (i, record) in records.iter().enumerate() {
        let Body::Correct(Correction::Replace { target, entry, .. }) = &record.body else {
            continue;
        };
        let t = target_of(records, at, i, target)?;
        let Body::Add(old) = &records[t].body else {
            return Err(unresolved(
                record.seq,
                Refusal::NotAnEntry {
                    seq: records[t].seq,
                },
            ));
        };
        if old.kind() != entry.kind() {
            return Err(unresolved(
                record.seq,
                Refusal::ReplacedByOtherKind {
                    seq: records[t].seq,
                },
            ));
        }
        if taken_back[i].is_none() {
            let before = content
                .insert(t, (i, Arc::clone(entry)))
                .map_or_else(|| Arc::clone(old), |(_, e)| e);
            replaced.insert(i, before);
        }
    }
    Ok(Replacements { content, replaced })
}

/// Each renaming or merging names people an entry written before it names (as typed, or
/// as a renaming before it made them): one of nobody is no record chronicle writes, and
/// would stand in the history as a change that changed nothing.
fn people_known(records: &[LogRecord]) -> Result<(), Unresolved> {
    let renames = |r: &LogRecord| {
        matches!(
            r.body,
            Body::Correct(Correction::RenamePerson { .. } | Correction::MergePerson { .. })
        )
    };
    let Some(last) = records.iter().rposition(renames) else {
        return Ok(());
    };
    let mut known = std::collections::HashSet::new();
    for record in &records[..=last] {
        let unknown = |verb: &'static str, name: &String| {
            unresolved(
                record.seq,
                Refusal::BadRecord {
                    problem: RecordProblem::UnknownPerson {
                        verb,
                        name: name.clone(),
                    },
                },
            )
        };
        match &record.body {
            Body::Add(entry) | Body::Correct(Correction::Replace { entry, .. }) => {
                known.extend(super::people::people_of(entry).into_iter().map(person_key));
            }
            Body::Correct(Correction::RenamePerson { from, to }) => {
                if !known.contains(&person_key(from)) {
                    return Err(unknown("renames", from));
                }
                known.insert(person_key(to));
            }
            Body::Correct(Correction::MergePerson { from, into }) => {
                for (verb, name) in [("merges", from), ("merges into", into)] {
                    if !known.contains(&person_key(name)) {
                        return Err(unknown(verb, name));
                    }
                }
            }
            Body::Correct(_) => {}
        }
    }
    Ok(())
}

fn unresolved(seq: u32, refusal: Refusal) -> Unresolved {
    Unresolved { seq, refusal }
}

fn duplicate(records: &[LogRecord]) -> u32 {
    let mut seen = std::collections::HashSet::new();
    records
        .iter()
        .find(|r| !seen.insert(&r.id))
        .map_or(0, |r| r.seq)
}

/// The index of the record a correction (at `at_index`) acts on: one written before it.
fn target_of(
    records: &[LogRecord],
    at: &HashMap<&EntryId, usize>,
    at_index: usize,
    target: &EntryId,
) -> Result<usize, Unresolved> {
    match at.get(target) {
        Some(&t) if t < at_index => Ok(t),
        _ => Err(unresolved(
            records[at_index].seq,
            Refusal::UnknownEntry {
                id: target.to_string(),
            },
        )),
    }
}

/// For each record, whether (and when, why) it was taken back.
fn taken_back(
    records: &[LogRecord],
    at: &HashMap<&EntryId, usize>,
) -> Result<Vec<Option<TakenBack>>, Unresolved> {
    let mut taken_back = set_aside(records)?;
    let aside: Vec<bool> = taken_back.iter().map(Option::is_some).collect();
    for (i, record) in records.iter().enumerate() {
        let Body::Correct(Correction::TakeBack { target, reason }) = &record.body else {
            continue;
        };
        if aside[i] {
            continue;
        }
        let t = target_of(records, at, i, target)?;
        if aside[t] {
            continue;
        }
        if matches!(records[t].body, Body::Correct(Correction::TakeBack { .. })) {
            return Err(unresolved(
                record.seq,
                Refusal::TakeBackTakenBack {
                    seq: records[t].seq,
                },
            ));
        }
        if taken_back[t].is_some() {
            return Err(unresolved(
                record.seq,
                Refusal::TakenBackTwice {
                    seq: records[t].seq,
                },
            ));
        }
        taken_back[t] = Some(TakenBack {
            at: record.recorded_at.clone(),
            reason: reason.clone(),
        });
    }
    Ok(taken_back)
}

/// The records a fork's resolution set aside, as taken back when it was resolved.
fn set_aside(records: &[LogRecord]) -> Result<Vec<Option<TakenBack>>, Unresolved> {
    let none = || vec![None; records.len()];
    if !records
        .iter()
        .any(|r| matches!(r.body, Body::Correct(Correction::Join { .. })))
    {
        return Ok(none());
    }
    let by = super::graph::Graph::new(records)?.set_aside();
    Ok(by
        .into_iter()
        .map(|join| {
            join.map(|j| TakenBack {
                at: records[j].recorded_at.clone(),
                reason: Some(SET_ASIDE.to_string()),
            })
        })
        .collect())
}

/// Why the entries of a branch a fork's resolution did not keep are out of the log.
pub(crate) const SET_ASIDE: &str = "set aside when the fork was resolved (`sync resolve`)";

/// The records that add entries, in the order of the log as corrected.
fn order(records: &[LogRecord], at: &HashMap<&EntryId, usize>) -> Result<Vec<usize>, Unresolved> {
    let mut order: Vec<usize> = Vec::with_capacity(records.len());
    for (i, record) in records.iter().enumerate() {
        if !matches!(record.body, Body::Add(_)) {
            continue;
        }
        match &record.place {
            Place::End => order.push(i),
            Place::Before(before) => {
                let b = target_of(records, at, i, before)?;
                let Some(position) = order.iter().position(|&o| o == b) else {
                    return Err(unresolved(
                        record.seq,
                        Refusal::NotAnEntry {
                            seq: records[b].seq,
                        },
                    ));
                };
                order.insert(position, i);
            }
        }
    }
    Ok(order)
}

/// The renamings and mergings that stand, in the order written: (the index of the record,
/// the key of the name written, the name it becomes). Each renames the people of the
/// entries written before it; an entry written after it has the names as typed.
fn renames(
    records: &[LogRecord],
    taken_back: &[Option<TakenBack>],
) -> Vec<(usize, String, String)> {
    records
        .iter()
        .zip(taken_back)
        .enumerate()
        .filter(|(_, (_, back))| back.is_none())
        .filter_map(|(i, (r, _))| match &r.body {
            Body::Correct(
                Correction::RenamePerson { from, to } | Correction::MergePerson { from, into: to },
            ) => Some((i, person_key(from), to.clone())),
            _ => None,
        })
        .collect()
}

/// A name under every renaming written after the entry (written at index `written`).
fn renamed(name: &str, written: usize, names: &[(usize, String, String)]) -> Option<String> {
    let mut current: Option<String> = None;
    for (_, from, to) in names.iter().filter(|(at, _, _)| *at > written) {
        let now = current.as_deref().unwrap_or(name);
        if person_key(now) == *from {
            current = Some(to.clone());
        }
    }
    current
}

/// An entry with each person it names (see `people::people_of_mut`) under every renaming
/// written after it (it was written at index `written`).
pub(in crate::domain) fn rename_people(
    entry: &mut Entry,
    written: usize,
    names: &[(usize, String, String)],
) {
    for person in super::people::people_of_mut(entry) {
        if let Some(to) = renamed(person, written, names) {
            *person = to;
        }
    }
}
