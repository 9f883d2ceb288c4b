//! The records of a log as a graph: each was written after its parent (the last record of
//! the log its device had), a join after every tip it joins. Two records written after the
//! same one, on two devices, are a fork. The log a device reads is the records its head
//! was written after, in order (`linearize`); the others wait on another branch until a
//! join takes them in or sets them aside.

use std::collections::{HashMap, HashSet};

use super::{Body, Correction, EntryId, LogRecord, Unresolved};
use crate::domain::vocabulary::refusal::Refusal;

/// A log read from its head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Linear {
    /// The records of the log that ends at the head, in the log's order (indexes into the
    /// records given).
    pub order: Vec<usize>,
    /// The records not in that log (on another branch), in the order given.
    pub pending: Vec<usize>,
}

/// The records of a log with their parents found.
pub(crate) struct Graph<'a> {
    records: &'a [LogRecord],
    parents: Vec<Vec<usize>>,
}

impl<'a> Graph<'a> {
    /// The graph of `records`. A record with no parent after the first follows the one
    /// before it (records written before identities, or before sync, were written so).
    pub(crate) fn new(records: &'a [LogRecord]) -> Result<Graph<'a>, Unresolved> {
        let mut index: HashMap<&EntryId, usize> = HashMap::with_capacity(records.len());
        for (i, record) in records.iter().enumerate() {
            if index.insert(&record.id, i).is_some() {
                return Err(Unresolved {
                    seq: record.seq,
                    refusal: Refusal::EntryTwice { seq: record.seq },
                });
            }
        }
        let mut parents = Vec::with_capacity(records.len());
        for (i, record) in records.iter().enumerate() {
            let named = record.parents();
            if named.is_empty() {
                parents.push(if i == 0 { Vec::new() } else { vec![i - 1] });
                continue;
            }
            let found = named
                .iter()
                .map(|p| {
                    index.get(p).copied().ok_or_else(|| Unresolved {
                        seq: record.seq,
                        refusal: Refusal::UnknownEntry { id: p.to_string() },
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            parents.push(found);
        }
        Ok(Graph { records, parents })
    }

    /// Whether every record follows the one before it: the log of one device, in order.
    pub(crate) fn is_a_line(&self) -> bool {
        self.parents
            .iter()
            .enumerate()
            .all(|(i, p)| if i == 0 { p.is_empty() } else { p == &[i - 1] })
    }

    /// The records with nothing written after them, in the order given.
    pub(crate) fn heads(&self) -> Vec<usize> {
        let mut has_child = vec![false; self.records.len()];
        for parents in &self.parents {
            for &p in parents {
                has_child[p] = true;
            }
        }
        (0..self.records.len()).filter(|&i| !has_child[i]).collect()
    }

    /// `head` and every record it was written after, in the log's order: each record after
    /// its parents, a join's branches one after the other in the order it keeps them.
    pub(crate) fn log_to(&self, head: usize) -> Result<Vec<usize>, Unresolved> {
        const NEW: u8 = 0;
        const OPEN: u8 = 1;
        const DONE: u8 = 2;
        let mut state = vec![NEW; self.records.len()];
        let mut order = Vec::new();
        let mut stack: Vec<(usize, usize)> = vec![(head, 0)];
        state[head] = OPEN;
        while let Some(top) = stack.len().checked_sub(1) {
            let (node, next) = stack[top];
            if let Some(&parent) = self.parents[node].get(next) {
                stack[top].1 += 1;
                match state[parent] {
                    NEW => {
                        state[parent] = OPEN;
                        stack.push((parent, 0));
                    }
                    OPEN => {
                        return Err(Unresolved {
                            seq: self.records[node].seq,
                            refusal: Refusal::UnknownEntry {
                                id: self.records[parent].id.to_string(),
                            },
                        });
                    }
                    _ => {}
                }
            } else {
                state[node] = DONE;
                order.push(node);
                stack.pop();
            }
        }
        Ok(order)
    }

    /// Every record `from` was written after, and itself.
    pub(crate) fn ancestors(&self, from: &[usize]) -> HashSet<usize> {
        let mut seen: HashSet<usize> = HashSet::new();
        let mut todo: Vec<usize> = from.to_vec();
        while let Some(i) = todo.pop() {
            if seen.insert(i) {
                todo.extend(&self.parents[i]);
            }
        }
        seen
    }

    /// For each record, the join that set it aside, if one did (and was not taken back):
    /// the records a join's set-aside tips were written after that none of its kept tips
    /// was.
    pub(crate) fn set_aside(&self) -> Vec<Option<usize>> {
        let mut aside: Vec<Option<usize>> = vec![None; self.records.len()];
        // A resolution taken back (`undo`) sets nothing aside: its branches stand again.
        let taken_back: HashSet<&EntryId> = self
            .records
            .iter()
            .filter_map(|r| match &r.body {
                Body::Correct(Correction::TakeBack { target, .. }) => Some(target),
                _ => None,
            })
            .collect();
        for (j, record) in self.records.iter().enumerate() {
            let Body::Correct(Correction::Join { kept, .. }) = &record.body else {
                continue;
            };
            if taken_back.contains(&record.id) {
                continue;
            }
            let (kept_tips, aside_tips) =
                self.parents[j].split_at(kept.len().min(self.parents[j].len()));
            if aside_tips.is_empty() {
                continue;
            }
            let kept = self.ancestors(kept_tips);
            for i in self.ancestors(aside_tips) {
                if !kept.contains(&i) && aside[i].is_none() {
                    aside[i] = Some(j);
                }
            }
        }
        aside
    }

    /// The latest record every one of `heads` was written after (none if they share
    /// none), the latest by its place in the log to the first head.
    pub(crate) fn fork_point(&self, heads: &[usize]) -> Result<Option<usize>, Unresolved> {
        let Some(&first) = heads.first() else {
            return Ok(None);
        };
        let mut common = self.ancestors(&[first]);
        for &head in &heads[1..] {
            let theirs = self.ancestors(&[head]);
            common.retain(|i| theirs.contains(i));
        }
        let order = self.log_to(first)?;
        Ok(order.into_iter().rev().find(|i| common.contains(i)))
    }
}

/// The log that ends at `head` (none: the last record given), and the records that wait on
/// another branch.
pub(crate) fn linearize(
    records: &[LogRecord],
    head: Option<&EntryId>,
) -> Result<Linear, Unresolved> {
    let Some(last) = records.len().checked_sub(1) else {
        return Ok(Linear {
            order: Vec::new(),
            pending: Vec::new(),
        });
    };
    let graph = Graph::new(records)?;
    let head = match head {
        None => {
            // Without a head named, the log must not fork: it ends at its one head.
            match graph.heads()[..] {
                [first, second, ..] => {
                    return Err(Unresolved {
                        seq: records[second].seq,
                        refusal: Refusal::Forks {
                            one: records[first].seq,
                            other: records[second].seq,
                        },
                    });
                }
                [one] => one,
                [] => last,
            }
        }
        Some(id) => records
            .iter()
            .position(|r| &r.id == id)
            .ok_or_else(|| Unresolved {
                seq: 0,
                refusal: Refusal::UnknownEntry { id: id.to_string() },
            })?,
    };
    if head == last && graph.is_a_line() {
        return Ok(Linear {
            order: (0..records.len()).collect(),
            pending: Vec::new(),
        });
    }
    let order = graph.log_to(head)?;
    let in_log: HashSet<usize> = order.iter().copied().collect();
    let pending = (0..records.len()).filter(|i| !in_log.contains(i)).collect();
    Ok(Linear { order, pending })
}
