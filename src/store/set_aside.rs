//! Records another device wrote that the rules refuse, set aside as that device's (`sync`):
//! found by replaying the log at each tip of the merged records, never taken into this
//! device's log nor into its file, tried again at every sync until the group drops them
//! (`sync resolve --drop DEVICE`), after which no file brings them back.

use std::collections::{HashMap, HashSet};

use rusqlite::{Connection, Transaction, params};

use super::StoreError;
use super::stored::{CorrectionKind, entry_key};
use crate::domain::entry::Entry;
use crate::domain::log::{Ordered, resolve_and_fold_holding};
use crate::domain::{Body, EntryId, LogRecord};

/// A record of another device set aside: whose it is, the entry in words, and the rule it
/// breaks (or the entry set aside it was written after).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    pub id: EntryId,
    pub device: String,
    pub entry: String,
    pub rule: String,
}

/// The first record among `new` that another device than `me` wrote and the rules refuse,
/// on the log that ends at any of `tips`, with the rule in words. None when every such log
/// holds, or when what breaks one is not another device's new record (then the log stays
/// where it was, as for a fork).
pub(super) fn refused(
    records: &[LogRecord],
    tips: &[EntryId],
    new: &HashSet<&EntryId>,
    me: &str,
    held: impl Fn(&EntryId) -> bool,
) -> Option<(EntryId, String)> {
    for tip in tips {
        let Ok(ordered) = Ordered::new(records.to_vec(), Some(tip)) else {
            continue;
        };
        let log = ordered.log;
        if resolve_and_fold_holding(&log, &held).is_ok() {
            continue;
        }
        // The shortest start of the log that breaks a rule ends at the record that breaks
        // it: `good` entries hold, `bad` do not.
        let (mut good, mut bad) = (0, log.len());
        while bad - good > 1 {
            let mid = good + (bad - good) / 2;
            if resolve_and_fold_holding(&log[..mid], &held).is_ok() {
                good = mid;
            } else {
                bad = mid;
            }
        }
        let broken = resolve_and_fold_holding(&log[..bad], &held).err()?;
        let record = &log[bad - 1];
        let theirs = record.origin.as_ref().is_some_and(|o| o.device != me);
        return (theirs && new.contains(&record.id))
            .then(|| (record.id.clone(), broken.refusal.to_string()));
    }
    None
}

/// The records of `offered` written after one of `roots` (directly or through others).
pub(super) fn written_after<'a>(
    roots: &HashSet<EntryId>,
    offered: &'a [LogRecord],
) -> Vec<&'a LogRecord> {
    let mut after: HashSet<&EntryId> = roots.iter().collect();
    let mut found: Vec<&LogRecord> = Vec::new();
    loop {
        let more: Vec<&LogRecord> = offered
            .iter()
            .filter(|r| !after.contains(&r.id))
            .filter(|r| r.parents().iter().any(|p| after.contains(p)))
            .collect();
        if more.is_empty() {
            return found;
        }
        for record in more {
            after.insert(&record.id);
            found.push(record);
        }
    }
}

/// A record in words: a game with its number on the branch it was written on ("game 17,
/// played 2026-05-02"), another entry by its kind, a correction by what it does.
pub(super) fn words(record: &LogRecord, by_id: &HashMap<&EntryId, &LogRecord>) -> String {
    match &record.body {
        Body::Add(entry) => match &**entry {
            Entry::Game(game) => {
                let mut games = 1;
                let mut seen = HashSet::new();
                let mut at = record.parent.as_ref();
                while let Some(id) = at.filter(|id| seen.insert(*id)) {
                    let Some(before) = by_id.get(id) else { break };
                    if matches!(before.added(), Some(Entry::Game(_))) {
                        games += 1;
                    }
                    at = before.parent.as_ref();
                }
                format!("game {games}, played {}", game.date)
            }
            other => format!("a {} entry", entry_key(other.kind()).replace('_', " ")),
        },
        Body::Correct(correction) => format!(
            "a correction ({})",
            CorrectionKind::of(correction).key().replace('_', " ")
        ),
    }
}

/// The records of a campaign dropped for good.
pub(super) fn dropped(conn: &Connection, campaign_id: i64) -> Result<HashSet<EntryId>, StoreError> {
    let mut statement =
        conn.prepare_cached("SELECT uid FROM set_aside WHERE campaign_id = ?1 AND dropped = 1")?;
    let rows = statement.query_map(params![campaign_id], |row| row.get::<_, String>(0))?;
    Ok(rows
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .map(EntryId::from)
        .collect())
}

/// Keeps what the sync set aside (those dropped stay dropped).
pub(super) fn keep(
    tx: &Transaction<'_>,
    campaign_id: i64,
    aside: &[SetAside],
) -> Result<(), StoreError> {
    tx.execute(
        "DELETE FROM set_aside WHERE campaign_id = ?1 AND dropped = 0",
        params![campaign_id],
    )?;
    let mut statement = tx.prepare_cached(
        "INSERT OR IGNORE INTO set_aside (campaign_id, uid, device, entry, rule)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for record in aside {
        statement.execute(params![
            campaign_id,
            record.id.as_str(),
            record.device,
            record.entry,
            record.rule
        ])?;
    }
    Ok(())
}

/// The records of a campaign set aside (`dropped` false) or dropped for good (true).
pub(super) fn listed(
    conn: &Connection,
    campaign_id: i64,
    dropped: bool,
) -> Result<Vec<SetAside>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT uid, device, entry, rule FROM set_aside
         WHERE campaign_id = ?1 AND dropped = ?2 ORDER BY device, uid",
    )?;
    let rows = statement.query_map(params![campaign_id, i64::from(dropped)], |row| {
        Ok(SetAside {
            id: EntryId::from(row.get::<_, String>(0)?),
            device: row.get(1)?,
            entry: row.get(2)?,
            rule: row.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<Vec<_>, _>>()?)
}

/// Drops device `device`'s records set aside for good (true), or takes its dropped ones
/// back to be tried again at the next sync (false). How many.
pub(super) fn drop_or_take(
    tx: &Transaction<'_>,
    campaign_id: i64,
    device: &str,
    drop: bool,
) -> Result<usize, StoreError> {
    let changed = if drop {
        tx.execute(
            "UPDATE set_aside SET dropped = 1 WHERE campaign_id = ?1 AND device = ?2 AND dropped = 0",
            params![campaign_id, device],
        )?
    } else {
        tx.execute(
            "DELETE FROM set_aside WHERE campaign_id = ?1 AND device = ?2 AND dropped = 1",
            params![campaign_id, device],
        )?
    };
    Ok(changed)
}
