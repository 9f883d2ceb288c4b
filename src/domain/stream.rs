//! The log as corrected worked out one record at a time, for a long log read without
//! holding it: the corrections (and the records they act on) are worked out first, then
//! each record of the log is given in turn and comes out as the entry that stands there.
//! Only for a log in the order its records were written: no fork, no entry added before
//! another (the store tells, and reads the whole log otherwise).

use std::collections::HashMap;
use std::sync::Arc;

use super::Entry;
use super::lookup::person_key;
use super::record::{Body, Correction, EntryId, LogRecord, Unresolved};
use super::resolve::{CorrectionEntry, LoggedEntry, Numbering, rename_people, resolve};

/// The corrections of a log, worked out, for the records of the log given in order.
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
