//! Merging the records other devices wrote into a campaign's log (`sync`): the union of
//! the records by identity, never losing one. When the records written elsewhere only go
//! on from where this device's log ends, the log moves on to them; when two devices wrote
//! after the same record, the log forks and stays where it was until the group says which
//! branch stands (`sync resolve`, a join of its own).

use std::collections::{HashMap, HashSet};

use super::graph::Graph;
use super::record::{Correction, EntryId, LogRecord, Unresolved};
use super::refusal::Refusal;

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
    merge.new = in_order(&known, offered, &mut merge.waiting);
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

/// The join of a fork whose branches each record the same packet openings and nothing
/// else: the same packet opened between the same games on two devices is one fact, not a
/// fork (the later opening in the log is taken back as the same one, `resolve`). Every
/// device makes the same join from the same branches: its identity, time and order are
/// worked out from the branches' tips, so two devices' joins are one record.
fn one_fact(all: &[LogRecord], fork: &Fork) -> Option<LogRecord> {
    let by_id: HashMap<&EntryId, &LogRecord> = all.iter().map(|r| (&r.id, r)).collect();
    let openings = |branch: &Branch| -> Option<Vec<&super::entry::Entry>> {
        branch
            .records
            .iter()
            .map(|id| {
                let record = by_id.get(id)?;
                match record.added() {
                    Some(entry @ super::entry::Entry::OpenPacket { .. })
                        if record.origin.is_some() =>
                    {
                        Some(entry)
                    }
                    _ => None,
                }
            })
            .collect()
    };
    let each: Vec<Vec<&super::entry::Entry>> =
        fork.branches.iter().map(openings).collect::<Option<_>>()?;
    let first = each.first()?;
    let same = |other: &Vec<&super::entry::Entry>| {
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
        rules: super::record::RuleSet::CURRENT,
        origin: None,
        logged_by: None,
        parent: kept.first().cloned(),
        place: super::record::Place::End,
        body: super::record::Body::Correct(Correction::Join {
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
/// a record nobody has wait (their identities go to `waiting`).
fn in_order(
    known: &HashMap<&EntryId, &LogRecord>,
    mut offered: HashMap<EntryId, LogRecord>,
    waiting: &mut Vec<EntryId>,
) -> Vec<LogRecord> {
    let mut placed: HashSet<EntryId> = HashSet::new();
    let mut out = Vec::new();
    loop {
        let mut ready: Vec<EntryId> = offered
            .values()
            .filter(|r| {
                r.parents()
                    .iter()
                    .all(|p| known.contains_key(p) || placed.contains(*p))
            })
            .map(|r| r.id.clone())
            .collect();
        if ready.is_empty() {
            break;
        }
        // In the order written where it is known, so every device adds them alike.
        ready.sort_by(|a, b| {
            let (ra, rb) = (&offered[a], &offered[b]);
            (&ra.recorded_at, &ra.id).cmp(&(&rb.recorded_at, &rb.id))
        });
        for id in ready {
            if let Some(record) = offered.remove(&id) {
                placed.insert(id);
                out.push(record);
            }
        }
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
    /// The branch a device logged; the others are set aside.
    One(String),
    /// Every branch, one after the other: those of the devices named first, in that order,
    /// then the rest by the day their first game was played, then by when their first entry
    /// was written.
    All(Vec<String>),
}

/// The join that resolves a fork as the group decided.
pub fn resolution(fork: &Fork, keep: &Keep) -> Result<Correction, Refusal> {
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
    let order: Vec<usize> = match keep {
        Keep::One(device) => vec![find(device)?],
        Keep::All(first) => {
            let mut order = Vec::new();
            for device in first {
                let i = find(device)?;
                if !order.contains(&i) {
                    order.push(i);
                }
            }
            let mut rest: Vec<usize> = (0..fork.branches.len())
                .filter(|i| !order.contains(i))
                .collect();
            // Games go in the order they were played, then what was written first.
            rest.sort_by(|&a, &b| {
                let (a, b) = (&fork.branches[a], &fork.branches[b]);
                let played = |x: &Branch| x.first_played.unwrap_or(chrono::NaiveDate::MAX);
                (played(a), &a.started, &a.tip).cmp(&(played(b), &b.started, &b.tip))
            });
            order.extend(rest);
            order
        }
    };
    let tip = |i: usize| fork.branches[i].tip.clone();
    Ok(Correction::Join {
        kept: order.iter().map(|&i| tip(i)).collect(),
        set_aside: (0..fork.branches.len())
            .filter(|i| !order.contains(i))
            .map(tip)
            .collect(),
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
                Some(super::entry::Entry::Game(game)) => Some(game.date),
                _ => None,
            }),
        });
    }
    Ok(Fork {
        point: point.map(|p| all[p].id.clone()),
        branches,
    })
}
