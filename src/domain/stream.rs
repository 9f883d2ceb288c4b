//! The log as corrected worked out one record at a time, for a long log read without
//! holding it: the corrections (and the records they act on) are worked out first, then
//! each record of the log is given in turn and comes out as the entry that stands there.
//! Only for a log in the order its records were written: no fork, no entry added before
//! another (`in_order`; the store tells by its rows, and reads the whole log otherwise).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::Entry;
use super::lookup::person_key;
use super::record::{Body, Correction, EntryId, LogRecord, Place, Unresolved};
use super::refusal::Refusal;
use super::resolve::{CorrectionEntry, LoggedEntry, Numbering, rename_people, resolve};
use super::state::Campaign;

/// The corrections of a log, worked out, for the records of the log given in order.
#[derive(Clone, Debug)]
pub struct Streamed {
    /// The entries the corrections act on, as corrected.
    corrected: HashMap<EntryId, LoggedEntry>,
    /// The renamings and mergings that stand: (the record's place, the key of the name
    /// written, the name it becomes).
    names: Vec<(usize, String, String)>,
    number: Numbering,
    /// Every correction, in the order written.
    pub corrections: Vec<CorrectionEntry>,
}

impl Streamed {
    /// The corrections worked out from `corrected`: every correction of the log and every
    /// record one acts on, in the order written.
    pub fn new(corrected: &[LogRecord]) -> Result<Streamed, Unresolved> {
        let resolved = resolve(corrected)?;
        let names = resolved
            .corrections
            .iter()
            .filter(|c| c.taken_back.is_none())
            .filter_map(|c| match &c.correction {
                Correction::RenamePerson { from, to }
                | Correction::MergePerson { from, into: to } => {
                    Some((place(c.seq), person_key(from), to.clone()))
                }
                _ => None,
            })
            .collect();
        Ok(Streamed {
            corrected: resolved
                .entries
                .into_iter()
                .map(|e| (e.id.clone(), e))
                .collect(),
            names,
            number: Numbering::default(),
            corrections: resolved.corrections,
        })
    }

    /// The next record of the log, as the entry that stands at its place (with its game's
    /// number), or none for a correction.
    pub fn next(&mut self, record: &LogRecord) -> Option<LoggedEntry> {
        let Body::Add(added) = &record.body else {
            return None;
        };
        let (entry, taken_back) = match self.corrected.remove(&record.id) {
            Some(corrected) => (corrected.entry, corrected.taken_back),
            None => (self.renamed(Arc::clone(added), record.seq), None),
        };
        let game = matches!(*entry, Entry::Game(_)).then(|| self.number.next(taken_back.is_some()));
        Some(LoggedEntry {
            id: record.id.clone(),
            seq: record.seq,
            game,
            recorded_at: record.recorded_at.clone(),
            entry,
            taken_back,
        })
    }

    /// An entry no correction acts on, under the renamings written after it.
    fn renamed(&self, mut entry: Arc<Entry>, seq: u32) -> Arc<Entry> {
        let written = place(seq);
        if self.names.iter().any(|(at, _, _)| *at > written) {
            rename_people(Arc::make_mut(&mut entry), written, &self.names);
        }
        entry
    }
}

fn place(seq: u32) -> usize {
    usize::try_from(seq).unwrap_or(usize::MAX)
}

/// Whether a log (its records in the log's order, none waiting on another branch) can be
/// worked out one record at a time: none added before another, no fork joined, each
/// record written after the one before it.
pub fn in_order(log: &[LogRecord]) -> bool {
    log.windows(2).all(|pair| pair[0].seq < pair[1].seq)
        && log.iter().all(|r| {
            r.place == Place::End && !matches!(r.body, Body::Correct(Correction::Join { .. }))
        })
}

/// The corrections of a log in the order written (see `in_order`), worked out from the
/// records in memory: each record's identity once, every correction and what it acts on.
pub fn corrections_of(log: &[LogRecord]) -> Result<Streamed, Unresolved> {
    let mut seen = HashSet::with_capacity(log.len());
    if let Some(twice) = log.iter().find(|r| !seen.insert(&r.id)) {
        let seq = twice.seq;
        return Err(Unresolved {
            seq,
            refusal: Refusal::EntryTwice { seq },
        });
    }
    drop(seen);
    let targets: HashSet<&EntryId> = log
        .iter()
        .filter_map(|r| match &r.body {
            Body::Correct(correction) => correction.target(),
            Body::Add(_) => None,
        })
        .collect();
    let corrected: Vec<LogRecord> = log
        .iter()
        .filter(|r| matches!(r.body, Body::Correct(_)) || targets.contains(&r.id))
        .cloned()
        .collect();
    Streamed::new(&corrected)
}

/// The entries of a log in the order written (see `in_order`) as they stand, worked out
/// one record at a time.
pub fn entries(log: &[LogRecord]) -> Result<impl Iterator<Item = LoggedEntry> + '_, Unresolved> {
    let mut streamed = corrections_of(log)?;
    Ok(log.iter().filter_map(move |record| streamed.next(record)))
}

/// Folds a log in the order written through the rules, one record at a time, showing
/// `before` each entry with the campaign folded up to it.
pub fn fold(
    mut streamed: Streamed,
    log: &[LogRecord],
    mut before: impl FnMut(&LoggedEntry, &Campaign),
) -> Result<Campaign, Unresolved> {
    let mut campaign = Campaign::new();
    for entry in log.iter().filter_map(|record| streamed.next(record)) {
        before(&entry, &campaign);
        replay_standing(&mut campaign, &entry)?;
    }
    Ok(campaign)
}

/// Replays an entry of the log as corrected onto the campaign, as a fold does: one taken
/// back counts for nothing; a refusal names the entry's place.
pub(super) fn replay_standing(
    campaign: &mut Campaign,
    entry: &LoggedEntry,
) -> Result<(), Unresolved> {
    if entry.taken_back.is_some() {
        return Ok(());
    }
    campaign
        .replay_one(&entry.entry)
        .map(|_| ())
        .map_err(|refusal| Unresolved {
            seq: entry.seq,
            refusal,
        })
}
