//! Merging the records other devices wrote into a campaign's log (`sync`): the union of
//! the records by identity, never losing one. When the records written elsewhere only go
//! on from where this device's log ends, the log moves on to them; when two devices wrote
//! after the same record, the log forks and stays where it was until the group says which
//! branch stands (`sync resolve`, a join of its own).

use std::collections::{HashMap, HashSet};

use super::graph::Graph;
use super::{Correction, EntryId, LogRecord, Unresolved};
use crate::domain::vocabulary::refusal::Refusal;

/// What merging brings in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Merge {
    /// The records new to this device, each after the records it was written after.
    pub new: Vec<LogRecord>,
    /// Records another device has under an identity this device knows, but different:
    /// not taken (the identity and what differs, in words).
    pub conflicts: Vec<(EntryId, String)>,
    /// Records written after a record nobody shared (a file skipped, or not yet
    /// synced): kept out until it comes.
    pub waiting: Vec<EntryId>,
    /// Records another device offered that break a rule only the whole log shows (a join
    /// that resolves no fork): not taken, with why.
    pub refused: Vec<(EntryId, Refusal)>,
    /// Where the log ends after the merge.
    pub head: Option<EntryId>,
    /// The forks of the merged records, if any.
    pub fork: Option<Fork>,
    /// The join this device writes where the branches of a fork only record the same
    /// packet openings, one fact (`one_fact`): every device makes it alike.
    pub joined: Option<LogRecord>,
}

/// Records written after the same record on different devices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fork {
    /// The last record every branch was written after (none: they share nothing).
    pub point: Option<EntryId>,
    /// Each branch: the records after the fork point, in order, ending at its tip.
    pub branches: Vec<Branch>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    pub tip: EntryId,
    pub records: Vec<EntryId>,
    /// The devices that wrote its records, in the order they first appear.
    pub devices: Vec<String>,
    /// Whether this device's log ends at its tip.
    pub here: bool,
    /// When its first record was written (RFC 3339).
    pub started: String,
    /// The day its first game was played, if it has a game.
    pub first_played: Option<chrono::NaiveDate>,
}

/// Two records under one identity say the same: everything but where each device keeps
/// it (its place among that device's records, which device claimed it).
pub(crate) fn same_record(a: &LogRecord, b: &LogRecord) -> bool {
    a.id == b.id
        && a.recorded_at == b.recorded_at
        && a.place == b.place
        && a.body == b.body
        && (a.parent == b.parent || a.parent.is_none() || b.parent.is_none())
}

/// Merges `remote` (every other device's records) into `local` (this device's, in the
/// order written), whose log ends at `head` (none: the last written).
pub fn merge(
    local: &[LogRecord],
    head: Option<&EntryId>,
    remote: Vec<LogRecord>,
) -> Result<Merge, Unresolved> {
    let mut merge = Merge::default();
    let known: HashMap<&EntryId, &LogRecord> = local.iter().map(|r| (&r.id, r)).collect();
    let mut offered: HashMap<EntryId, LogRecord> = HashMap::new();
    for record in remote {
        if let Some(mine) = known.get(&record.id) {
            if !same_record(mine, &record) {
                merge
                    .conflicts
                    .push((record.id.clone(), "it says something else here".to_string()));
            }
            continue;
        }
        match offered.get(&record.id) {
            Some(other) if !same_record(other, &record) => merge.conflicts.push((
                record.id.clone(),
                "two devices have it saying different things".to_string(),
            )),
            Some(_) => {}
            None => {
                offered.insert(record.id.clone(), record);
            }
        }
    }
    for (id, _) in &merge.conflicts {
        offered.remove(id);
    }
    let mut waiting = Vec::new();
    let new = in_order(&known, offered.clone(), &mut waiting);
    merge.refused = bad_joins(local, &new);
    if merge.refused.is_empty() {
        (merge.new, merge.waiting) = (new, waiting);
    } else {
        for (id, _) in &merge.refused {
            offered.remove(id);
        }
        merge.new = in_order(&known, offered, &mut merge.waiting);
    }
    let mut all: Vec<LogRecord> = local.to_vec();
    all.extend(merge.new.iter().cloned());
    let (mut moved, mut fork) = moved_head(&all, local.len(), head)?;
    if let Some(join) = fork.as_ref().and_then(|f| one_fact(&all, f)) {
        all.push(join.clone());
        (moved, fork) = moved_head(&all, local.len(), head)?;
        merge.joined = Some(join);
    }
    merge.head = moved;
    merge.fork = fork;
    Ok(merge)
}

/// The joins among `new` (records another device offered, in order after `local`) that
/// resolve no fork: a join's tips are on different branches, none written after another.
fn bad_joins(local: &[LogRecord], new: &[LogRecord]) -> Vec<(EntryId, Refusal)> {
    let joins: Vec<usize> = new
        .iter()
        .enumerate()
        .filter(|(_, r)| matches!(r.body, super::Body::Correct(Correction::Join { .. })))
        .map(|(i, _)| i + local.len())
        .collect();
    if joins.is_empty() {
        return Vec::new();
    }
    let mut all: Vec<LogRecord> = local.to_vec();
    all.extend(new.iter().cloned());
    let Ok(graph) = Graph::new(&all) else {
        return Vec::new();
    };
    let index: HashMap<&EntryId, usize> = all.iter().enumerate().map(|(i, r)| (&r.id, i)).collect();
    let mut refused = Vec::new();
    for j in joins {
        let tips: Vec<usize> = all[j]
            .parents()
            .iter()
            .filter_map(|t| index.get(t).copied())
            .collect();
        let related = tips.iter().find_map(|&t| {
            let before = graph.ancestors(&[t]);
            tips.iter()
                .find(|&&o| o != t && before.contains(&o))
                .map(|&o| (t, o))
        });
        if let Some((tip, other)) = related {
            refused.push((
                all[j].id.clone(),
                Refusal::JoinOfNoFork {
                    tip: all[tip].id.to_string(),
                    other: all[other].id.to_string(),
                },
            ));
        }
    }
    refused
}

/// The join of a fork whose branches each record the same packet openings and nothing
/// else: the same packet opened between the same games on two devices is one fact, not a
/// fork (the later opening in the log is taken back as the same one, `resolve`). Every
/// device makes the same join from the same branches: its identity, time and order are
/// worked out from the branches' tips, so two devices' joins are one record.
fn one_fact(all: &[LogRecord], fork: &Fork) -> Option<LogRecord> {
    let by_id: HashMap<&EntryId, &LogRecord> = all.iter().map(|r| (&r.id, r)).collect();
    let openings = |branch: &Branch| -> Option<Vec<&crate::domain::entry::Entry>> {
        branch
            .records
            .iter()
            .map(|id| {
                let record = by_id.get(id)?;
                match record.added() {
                    Some(entry @ crate::domain::entry::Entry::OpenPacket { .. })
                        if record.origin.is_some() =>
                    {
                        Some(entry)
                    }
                    _ => None,
                }
            })
            .collect()
    };
    let each: Vec<Vec<&crate::domain::entry::Entry>> =
        fork.branches.iter().map(openings).collect::<Option<_>>()?;
    let first = each.first()?;
    let same = |other: &Vec<&crate::domain::entry::Entry>| {
        other.len() == first.len()
            && other.iter().all(|e| first.contains(e))
            && first.iter().all(|e| other.contains(e))
    };
    if each.len() < 2 || !each.iter().all(same) {
        return None;
    }
    let mut tips: Vec<&LogRecord> = fork
        .branches
        .iter()
        .map(|b| by_id.get(&b.tip).copied())
        .collect::<Option<_>>()?;
    tips.sort_by(|a, b| (&a.recorded_at, &a.id).cmp(&(&b.recorded_at, &b.id)));
    let kept: Vec<EntryId> = tips.iter().map(|t| t.id.clone()).collect();
    Some(LogRecord {
        id: joined_id(&kept),
        seq: 0,
        recorded_at: tips.last()?.recorded_at.clone(),
        rules: super::RuleSet::CURRENT,
        origin: None,
        logged_by: None,
        parent: kept.first().cloned(),
        place: super::Place::End,
        body: super::Body::Correct(Correction::Join {
            kept,
            set_aside: Vec::new(),
        }),
    })
}

/// An identity made from the tips a join joins, the same on every device: a UUID whose
/// bits are two FNV-1a hashes of them (version 8, for a made identity).
fn joined_id(tips: &[EntryId]) -> EntryId {
    let hash = |seed: u64| {
        tips.iter()
            .flat_map(|t| t.as_str().bytes().chain([0]))
            .fold(seed, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            })
    };
    let (high, low) = (hash(0xcbf2_9ce4_8422_2325), hash(0x6c62_272e_07bb_0142));
    let hex = format!("{high:016x}{low:016x}");
    EntryId::from(format!(
        "{}-{}-8{}-8{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[13..16],
        &hex[17..20],
        &hex[20..32]
    ))
}

/// The records offered, each after every record it was written after; those written after
/// a record nobody has wait (their identities go to `waiting`). By levels: first every
/// record whose parents are all known, then every record whose parents are all placed by
/// then, and so on; each level in the order written where it is known, so every device adds
/// them alike. Each record is looked at once per parent: linear in the records.
fn in_order(
    known: &HashMap<&EntryId, &LogRecord>,
    mut offered: HashMap<EntryId, LogRecord>,
    waiting: &mut Vec<EntryId>,
) -> Vec<LogRecord> {
    // For each record offered, how many of its parents are offered too (not placed yet),
    // and for each offered parent, the records written after it.
    let mut pending: HashMap<EntryId, usize> = HashMap::with_capacity(offered.len());
    let mut children: HashMap<EntryId, Vec<EntryId>> = HashMap::new();
    let mut level: Vec<EntryId> = Vec::new();
    for record in offered.values() {
        let mut unplaced = 0;
        let mut missing = false;
        for parent in record.parents() {
            if offered.contains_key(parent) {
                unplaced += 1;
                children
                    .entry(parent.clone())
                    .or_default()
                    .push(record.id.clone());
            } else if !known.contains_key(parent) {
                missing = true;
            }
        }
        if missing {
            // Written after a record nobody has: never ready.
            unplaced += 1;
        }
        if unplaced == 0 {
            level.push(record.id.clone());
        }
        pending.insert(record.id.clone(), unplaced);
    }
    let mut out = Vec::with_capacity(offered.len());
    while !level.is_empty() {
        level.sort_by(|a, b| {
            let (ra, rb) = (&offered[a], &offered[b]);
            (&ra.recorded_at, &ra.id).cmp(&(&rb.recorded_at, &rb.id))
        });
        let mut next = Vec::new();
        for id in level {
            for child in children.remove(&id).unwrap_or_default() {
                if let Some(count) = pending.get_mut(&child) {
                    *count = count.saturating_sub(1);
                    if *count == 0 {
                        next.push(child);
                    }
                }
            }
            if let Some(record) = offered.remove(&id) {
                out.push(record);
            }
        }
        level = next;
    }
    let mut left: Vec<EntryId> = offered.into_keys().collect();
    left.sort();
    waiting.extend(left);
    out
}

/// Where the log ends once the new records are in (`all`: this device's first, `local` of
/// them), and the fork, if the records branch.
fn moved_head(
    all: &[LogRecord],
    local: usize,
    head: Option<&EntryId>,
) -> Result<(Option<EntryId>, Option<Fork>), Unresolved> {
    if all.is_empty() {
        return Ok((None, None));
    }
    let graph = Graph::new(all)?;
    let heads = graph.heads();
    let at = match head {
        Some(id) => all.iter().position(|r| &r.id == id),
        None => local.checked_sub(1),
    };
    let moved = match at {
        // A device with no record yet (joining): the one head, else where the branches
        // meet, which every device agrees on.
        None => match heads[..] {
            [one] => Some(one),
            _ => graph.fork_point(&heads)?,
        },
        Some(at) => {
            let onward: Vec<usize> = heads
                .iter()
                .copied()
                .filter(|&h| graph.ancestors(&[h]).contains(&at))
                .collect();
            match onward[..] {
                [one] => Some(one),
                _ => Some(at),
            }
        }
    };
    let fork = if heads.len() > 1 {
        Some(fork_of(all, &graph, &heads, moved)?)
    } else {
        None
    };
    Ok((moved.map(|i| all[i].id.clone()), fork))
}

/// The fork of a campaign's records (the log and those waiting on another branch), if they
/// branch; `head` is where this device's log ends.
pub fn fork(records: &[LogRecord], head: Option<&EntryId>) -> Result<Option<Fork>, Unresolved> {
    if records.is_empty() {
        return Ok(None);
    }
    let graph = Graph::new(records)?;
    let heads = graph.heads();
    if heads.len() < 2 {
        return Ok(None);
    }
    let here = head.and_then(|h| records.iter().position(|r| &r.id == h));
    fork_of(records, &graph, &heads, here).map(Some)
}

/// Which branches a fork's resolution keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Keep {
    /// The branch a device logged, with every other branch that does not compete with it
    /// (renamings, aliases, house rules); the rest are set aside.
    One(String),
    /// Every branch, one after the other: those of the devices named first, in that order,
    /// then the rest by the day their first game was played, then by when their first entry
    /// was written; branches that compete with none (renamings, aliases, house rules)
    /// last, wherever they were named, so that a renaming reaches every game before it.
    All(Vec<String>),
    /// The branch of this number (from 1, as the fork lists them: by the day their first
    /// game was played, then by when their first entry was written), with the others that
    /// do not compete with it: for a fork whose branches one device wrote both (a
    /// database restored from a backup, then used before it synced).
    Branch(usize),
}

/// Whether a record competes with what another branch logged: a game, an edit, anything
/// that shapes the board in the order it comes. A renaming, an alias or a house rule
/// competes with nothing, and is kept whichever branch stands.
pub fn competes(record: &LogRecord) -> bool {
    use super::Body;
    use crate::domain::entry::Entry;
    match &record.body {
        Body::Add(entry) => !matches!(**entry, Entry::Rule { .. } | Entry::Alias { .. }),
        Body::Correct(correction) => !matches!(
            correction,
            Correction::RenamePerson { .. }
                | Correction::RenameCampaign { .. }
                | Correction::MergePerson { .. }
        ),
    }
}

/// The join that resolves a fork as the group decided (`records`: every record of the
/// campaign). Branches that compete with none are kept last, so that a renaming reaches
/// every game kept before it.
pub fn resolution(fork: &Fork, keep: &Keep, records: &[LogRecord]) -> Result<Correction, Refusal> {
    let devices: Vec<String> = fork
        .branches
        .iter()
        .flat_map(|b| b.devices.iter().cloned())
        .fold(Vec::new(), |mut all, d| {
            if !all.contains(&d) {
                all.push(d);
            }
            all
        });
    let find = |device: &str| -> Result<usize, Refusal> {
        let on: Vec<usize> = (0..fork.branches.len())
            .filter(|&i| fork.branches[i].devices.iter().any(|d| d == device))
            .collect();
        match on[..] {
            [one] => Ok(one),
            [] => Err(Refusal::UnknownName {
                what: "device of the fork",
                given: device.to_string(),
                closest: devices.clone(),
            }),
            _ => Err(Refusal::DeviceOnBranches {
                device: device.to_string(),
            }),
        }
    };
    let by_id: HashMap<&EntryId, &LogRecord> = records.iter().map(|r| (&r.id, r)).collect();
    let competing = |i: usize| {
        fork.branches[i]
            .records
            .iter()
            .any(|id| by_id.get(id).is_none_or(|r| competes(r)))
    };
    // The branches come in the order their games were played (see `fork_of`).
    let rest: Vec<usize> = (0..fork.branches.len()).collect();
    let mut order: Vec<usize> = Vec::new();
    let kept = match keep {
        Keep::One(device) => Some(find(device)?),
        Keep::Branch(number) => Some(numbered(fork, *number)?),
        Keep::All(_) => None,
    };
    if let Some(kept) = kept {
        // The branch kept, or (when it competes with nothing) the competing branch
        // played first: one line of games stands.
        let first = if competing(kept) {
            Some(kept)
        } else {
            rest.iter().copied().find(|&i| competing(i))
        };
        order.extend(first);
        order.extend(rest.iter().copied().filter(|&i| !competing(i)));
    } else if let Keep::All(first) = keep {
        for device in first {
            let i = find(device)?;
            if !order.contains(&i) && competing(i) {
                order.push(i);
            }
        }
        let games: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|&i| competing(i) && !order.contains(&i))
            .collect();
        order.extend(games);
        // Wherever they were named: a renaming after every game reaches the old name
        // in each of them.
        order.extend(rest.iter().copied().filter(|&i| !competing(i)));
    }
    let tip = |i: usize| fork.branches[i].tip.clone();
    Ok(Correction::Join {
        kept: order.iter().map(|&i| tip(i)).collect(),
        set_aside: (0..fork.branches.len())
            .filter(|i| !order.contains(i))
            .map(tip)
            .collect(),
    })
}

/// The index of the branch of this number (from 1).
fn numbered(fork: &Fork, number: usize) -> Result<usize, Refusal> {
    number
        .checked_sub(1)
        .filter(|&i| i < fork.branches.len())
        .ok_or_else(|| Refusal::UnknownName {
            what: "branch of the fork",
            given: number.to_string(),
            closest: (1..=fork.branches.len()).map(|n| n.to_string()).collect(),
        })
}

fn fork_of(
    all: &[LogRecord],
    graph: &Graph<'_>,
    heads: &[usize],
    here: Option<usize>,
) -> Result<Fork, Unresolved> {
    let point = graph.fork_point(heads)?;
    let before: HashSet<usize> = point.map(|p| graph.ancestors(&[p])).unwrap_or_default();
    let mut branches = Vec::with_capacity(heads.len());
    for &tip in heads {
        let records: Vec<usize> = graph
            .log_to(tip)?
            .into_iter()
            .filter(|i| !before.contains(i))
            .collect();
        let mut devices: Vec<String> = Vec::new();
        for &i in &records {
            if let Some(origin) = &all[i].origin
                && !devices.contains(&origin.device)
            {
                devices.push(origin.device.clone());
            }
        }
        branches.push(Branch {
            tip: all[tip].id.clone(),
            records: records.iter().map(|&i| all[i].id.clone()).collect(),
            devices,
            here: here == Some(tip),
            started: records
                .first()
                .map(|&i| all[i].recorded_at.clone())
                .unwrap_or_default(),
            first_played: records.iter().find_map(|&i| match all[i].added() {
                Some(crate::domain::entry::Entry::Game(game)) => Some(game.date),
                _ => None,
            }),
        });
    }
    // Numbered alike on every device: by the day the first game was played, then by when
    // the first entry was written.
    branches.sort_by(|a, b| {
        let played = |x: &Branch| x.first_played.unwrap_or(chrono::NaiveDate::MAX);
        (played(a), &a.started, &a.tip).cmp(&(played(b), &b.started, &b.tip))
    });
    Ok(Fork {
        point: point.map(|p| all[p].id.clone()),
        branches,
    })
}
