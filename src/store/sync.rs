//! Sync in the database: the records of other devices merged into a campaign's log in one
//! transaction, through the rules, or nothing; a campaign joined from a shared folder; the
//! device's name.

use std::collections::{HashMap, HashSet};

use rusqlite::{Transaction, params};

use super::campaigns::insert_campaign_as;
use super::decode::{Stored, read_records};
use super::device;
use super::encode::{append, update_derived};
use super::set_aside::{self, SetAside, refused, words, written_after};
use super::{CampaignInfo, Store, StoreError};
use crate::domain::log::{Ordered, resolve_and_fold_holding};
use crate::domain::record::sync::{Merge, merge};
use crate::domain::vocabulary::names::CampaignName;
use crate::domain::{BrokenLog, Campaign, EntryId, LogRecord, Origin, Resolved};

/// What a sync did to a campaign's log (or would do, for `sync status`).
#[derive(Clone, Debug)]
pub struct Synced {
    /// The records merged in, the conflicts and records left waiting, where the log ends
    /// and the fork, if any.
    pub merge: Merge,
    /// The head moved on to records another device wrote.
    pub moved: bool,
    /// The log the merge would end at breaks a rule: it stayed where it was.
    pub broken: Option<BrokenLog>,
    /// The campaign before the sync, and after it.
    pub before: Campaign,
    pub after: Campaign,
    /// The log as corrected after the sync.
    pub resolved: Resolved,
    /// Every record of the campaign (this device's, the others' and those waiting on
    /// another branch), in the order written here.
    pub records: Vec<LogRecord>,
    /// This device's own records, in its order: what its file holds.
    pub own: Vec<LogRecord>,
    /// The records of other devices the rules refuse, set aside: not in the log, not in
    /// `records`, tried again at the next sync.
    pub set_aside: Vec<SetAside>,
    /// Whether it was written (false for `sync status`).
    pub written: bool,
}

impl Store {
    /// The name this database syncs as, once it has one.
    pub fn device(&self) -> Result<Option<String>, StoreError> {
        device::name(&self.conn)
    }

    /// The identity of this database, once it synced.
    pub fn database(&self) -> Result<Option<String>, StoreError> {
        device::database(&self.conn)
    }

    /// The records of other devices the last sync set aside (`dropped` false), or those
    /// dropped for good (true).
    pub fn set_aside(&self, campaign_id: i64, dropped: bool) -> Result<Vec<SetAside>, StoreError> {
        set_aside::listed(&self.conn, campaign_id, dropped)
    }

    /// Drops device `device`'s records set aside for good (`drop`), or takes its dropped
    /// ones back to be tried again at the next sync: how many.
    pub fn drop_set_aside(
        &mut self,
        campaign_id: i64,
        device: &str,
        drop: bool,
    ) -> Result<usize, StoreError> {
        self.write(true, |tx| {
            set_aside::drop_or_take(tx, campaign_id, device, drop)
        })
    }

    /// Gives this database the name it syncs as.
    pub(crate) fn set_device(&mut self, name: &str) -> Result<(), StoreError> {
        self.write(true, |tx| device::set_name(tx, name))
    }

    /// Gives a campaign the identity of the shared campaign it is a copy of (imported from
    /// another device's file): it syncs as that campaign from now on.
    pub(crate) fn share_as(&mut self, campaign_id: i64, uid: &str) -> Result<(), StoreError> {
        self.write(true, |tx| {
            tx.execute(
                "UPDATE campaign SET uid = ?1 WHERE id = ?2",
                params![uid, campaign_id],
            )?;
            Ok(())
        })
    }

    /// Starts a campaign that another device shares (its identity, name and start), with
    /// no record yet: the sync that follows brings them.
    pub(crate) fn join_campaign(
        &mut self,
        uid: &str,
        name: &CampaignName,
        created_at: &str,
    ) -> Result<CampaignInfo, StoreError> {
        self.write(true, |tx| {
            if super::campaigns::campaign_exists(tx, name)? {
                return Err(StoreError::CampaignExists {
                    name: name.to_string(),
                });
            }
            insert_campaign_as(tx, name, false, created_at, uid)?;
            Ok(())
        })?;
        self.choose_campaign(Some(name.as_str()))
    }

    /// Gives a campaign just joined the name and start the files of the devices whose
    /// entries make its log say (not those of a file whose entries were set aside); a name
    /// another campaign of this file has is left as it was.
    pub(crate) fn joined_as(
        &mut self,
        campaign_id: i64,
        name: &CampaignName,
        created_at: &str,
    ) -> Result<(), StoreError> {
        self.write(true, |tx| {
            tx.execute(
                "UPDATE campaign SET name = ?1, name_key = ?2, created_at = ?3 WHERE id = ?4
                 AND NOT EXISTS (SELECT 1 FROM campaign WHERE name_key = ?2 AND id != ?4)",
                params![
                    name.as_str(),
                    super::campaigns::name_key(name.as_str()),
                    created_at,
                    campaign_id
                ],
            )?;
            Ok(())
        })
    }

    /// Merges `remote` (every record the other devices' files hold) into a campaign's log
    /// as device `me`, in one `BEGIN IMMEDIATE` transaction: this device's records without
    /// an origin become its own, the new records are written after replaying the log they
    /// make through the rules, and the log moves on to them unless they fork or break a
    /// rule. `published`: the records this device's own file holds, each with its number
    /// there; this device's other records are numbered after them (a restored or copied
    /// database never numbers two records alike). A dry run (`sync status`) writes nothing.
    pub fn sync(
        &mut self,
        campaign_id: i64,
        me: &str,
        remote: Vec<LogRecord>,
        published: &HashMap<EntryId, u64>,
        dry_run: bool,
    ) -> Result<Synced, StoreError> {
        self.write(!dry_run, |tx| {
            let Stored { records, derived } = read_records(tx, campaign_id)?;
            let local = claim(records, me, published);
            if !dry_run {
                write_claims(tx, campaign_id, &local)?;
            }
            let head =
                device::head(tx, campaign_id)?.or_else(|| local.last().map(|r| r.id.clone()));
            let start = head.clone();
            let before = log_at(&local, head.as_ref())?.1;
            let dropped = set_aside::dropped(tx, campaign_id)?;
            let Taken {
                merge,
                records,
                aside,
                log,
            } = take(&local, head.as_ref(), remote, &dropped, me)?;
            let (head, broken, (resolved, after)) = match log {
                Ok(log) => (merge.head.clone(), None, log),
                Err(StoreError::BrokenLog(broken)) => {
                    (head.clone(), Some(broken), log_at(&records, head.as_ref())?)
                }
                Err(other) => return Err(other),
            };
            if !dry_run {
                let mut derived = derived;
                for record in &records[derived.len()..] {
                    derived.push(append(tx, campaign_id, record)?);
                }
                let ids: Vec<EntryId> = records.iter().map(|r| r.id.clone()).collect();
                update_derived(tx, &derived, &ids, &resolved)?;
                device::set_head(tx, campaign_id, head.as_ref())?;
                renamed_by_log(tx, campaign_id, &resolved)?;
                set_aside::keep(tx, campaign_id, &aside)?;
            }
            let mut own: Vec<LogRecord> = records
                .iter()
                .filter(|r| r.origin.as_ref().is_some_and(|o| o.device == me))
                .cloned()
                .collect();
            // In its order, numbered 1, 2, 3… as its file has them: a record of this device
            // another device relayed under a number this database gave again goes after
            // it (the file's numbers come back into the database at the next sync).
            own.sort_by(|a, b| {
                let seq = |r: &LogRecord| r.origin.as_ref().map_or(0, |o| o.seq);
                (seq(a), &a.recorded_at, &a.id).cmp(&(seq(b), &b.recorded_at, &b.id))
            });
            for (seq, record) in (1..).zip(&mut own) {
                if let Some(origin) = record.origin.as_mut() {
                    origin.seq = seq;
                }
            }
            Ok(Synced {
                moved: head != start,
                merge,
                broken,
                before,
                after,
                resolved,
                records,
                own,
                set_aside: aside,
                written: !dry_run,
            })
        })
    }
}

/// What a merge takes in: the merge of the records the rules let in, every record of the
/// campaign then, those set aside, and the log at the merge's head (or why it breaks).
struct Taken {
    merge: Merge,
    records: Vec<LogRecord>,
    aside: Vec<SetAside>,
    log: Result<(Resolved, Campaign), StoreError>,
}

/// Merges `remote` into `local` as device `me`, setting aside each record of another
/// device that the rules refuse on the log at any tip of the merged records, with the
/// records written after it; the merge is made again without them until the rules take
/// the rest. Records `dropped` for good are never taken, nor those written after them.
fn take(
    local: &[LogRecord],
    head: Option<&EntryId>,
    mut remote: Vec<LogRecord>,
    dropped: &HashSet<EntryId>,
    me: &str,
) -> Result<Taken, StoreError> {
    let known: HashMap<&EntryId, &LogRecord> = local.iter().map(|r| (&r.id, r)).collect();
    let mut aside: Vec<SetAside> = Vec::new();
    let after_dropped: Vec<SetAside> = written_after(dropped, &remote)
        .into_iter()
        .filter(|r| !dropped.contains(&r.id))
        .map(|r| SetAside {
            id: r.id.clone(),
            device: device_of(r),
            entry: words(r, &known),
            rule: "it was written after an entry dropped by `sync resolve --drop`".to_string(),
        })
        .collect();
    aside.extend(after_dropped);
    let out: HashSet<EntryId> = aside.iter().map(|a| a.id.clone()).collect();
    remote.retain(|r| !dropped.contains(&r.id) && !out.contains(&r.id));
    loop {
        let merge =
            merge(local, head, remote.clone()).map_err(|u| StoreError::BrokenLog(u.into()))?;
        let records = with_new(local, &merge, me);
        let brought = brought(&merge);
        let new: HashSet<&EntryId> = merge.new.iter().map(|r| &r.id).collect();
        let log = log_at_holding(&records, merge.head.as_ref(), |id| brought.contains(id));
        // The log at the head when it breaks, else each other branch of a fork.
        let tips: Vec<EntryId> = match (&log, &merge.fork) {
            (Err(_), _) => merge.head.iter().cloned().collect(),
            (Ok(_), Some(fork)) => fork
                .branches
                .iter()
                .filter(|b| Some(&b.tip) != merge.head.as_ref())
                .map(|b| b.tip.clone())
                .collect(),
            (Ok(_), None) => Vec::new(),
        };
        let found = refused(&records, &tips, &new, me, |id| brought.contains(id));
        let Some(record) = found.and_then(|(id, rule)| {
            let record = remote.iter().find(|r| r.id == id)?;
            Some((record, rule))
        }) else {
            return Ok(Taken {
                merge,
                records,
                aside,
                log,
            });
        };
        let (record, rule) = record;
        let out = with_written_after(record, rule, &records, &remote);
        let gone: HashSet<&EntryId> = out.iter().map(|a| &a.id).collect();
        let keep: Vec<LogRecord> = remote
            .iter()
            .filter(|r| !gone.contains(&r.id))
            .cloned()
            .collect();
        remote = keep;
        aside.extend(out);
    }
}

/// A record the rules refuse (`rule`), set aside with every record of `remote` written
/// after it (`records`: the campaign's, for the game's number in words).
fn with_written_after(
    record: &LogRecord,
    rule: String,
    records: &[LogRecord],
    remote: &[LogRecord],
) -> Vec<SetAside> {
    let mut by_id: HashMap<&EntryId, &LogRecord> = records.iter().map(|r| (&r.id, r)).collect();
    by_id.extend(remote.iter().map(|r| (&r.id, r)));
    let first = words(record, &by_id);
    let root: HashSet<EntryId> = [record.id.clone()].into();
    let after = written_after(&root, remote)
        .into_iter()
        .map(|after| SetAside {
            id: after.id.clone(),
            device: device_of(after),
            entry: words(after, &by_id),
            rule: format!("it was written after {first}, set aside"),
        });
    std::iter::once(SetAside {
        id: record.id.clone(),
        device: device_of(record),
        entry: first.clone(),
        rule,
    })
    .chain(after)
    .collect()
}

/// The device that wrote a record (its origin), as a set-aside record names it.
fn device_of(record: &LogRecord) -> String {
    record
        .origin
        .as_ref()
        .map_or_else(|| "another device".to_string(), |o| o.device.clone())
}

/// `local` with the records the merge brings, numbered after them, and the join of one
/// fact this device writes, if any.
fn with_new(local: &[LogRecord], merge: &Merge, me: &str) -> Vec<LogRecord> {
    let next = local.iter().map(|r| r.seq).max().unwrap_or(0);
    let mut records = local.to_vec();
    for (seq, record) in (next + 1..).zip(&merge.new) {
        records.push(LogRecord {
            seq,
            ..record.clone()
        });
    }
    if let Some(join) = &merge.joined {
        records.push(own_record(&records, join, me));
    }
    records
}

/// What the others bring, held to be written as the rules record it: the records new
/// here and the entries they replace.
fn brought(merge: &Merge) -> HashSet<EntryId> {
    merge
        .new
        .iter()
        .flat_map(|r| {
            let replaced = match &r.body {
                crate::domain::Body::Correct(correction) => correction.target(),
                crate::domain::Body::Add(_) => None,
            };
            [Some(&r.id), replaced]
        })
        .flatten()
        .cloned()
        .collect()
}

/// The campaign takes the name its log gives it (another device may have renamed it); a
/// name another campaign of this file has is left as it was here.
fn renamed_by_log(
    tx: &Transaction<'_>,
    campaign_id: i64,
    resolved: &Resolved,
) -> Result<(), StoreError> {
    let renames = resolved.corrections.iter().any(|c| {
        matches!(
            c.correction,
            crate::domain::Correction::RenameCampaign { .. }
        )
    });
    if !renames {
        return Ok(());
    }
    match super::campaigns::name_from_log(tx, campaign_id, &resolved.corrections) {
        Err(StoreError::CampaignExists { .. }) => Ok(()),
        other => other,
    }
}

/// The log of `records` that ends at `head`, worked out and folded.
fn log_at(
    records: &[LogRecord],
    head: Option<&EntryId>,
) -> Result<(Resolved, Campaign), StoreError> {
    log_at_holding(records, head, |_| false)
}

/// As `log_at`, the entries `held` names held to be written as the rules record them.
fn log_at_holding(
    records: &[LogRecord],
    head: Option<&EntryId>,
    held: impl Fn(&EntryId) -> bool,
) -> Result<(Resolved, Campaign), StoreError> {
    let ordered = Ordered::new(records.to_vec(), head).map_err(StoreError::BrokenLog)?;
    resolve_and_fold_holding(&ordered.log, held).map_err(StoreError::BrokenLog)
}

/// A record this device writes during the sync (the join of one fact): the next of its
/// records, and the next of the log's.
fn own_record(records: &[LogRecord], record: &LogRecord, me: &str) -> LogRecord {
    let mine = records
        .iter()
        .filter_map(|r| r.origin.as_ref())
        .filter(|o| o.device == me)
        .map(|o| o.seq)
        .max()
        .unwrap_or(0);
    LogRecord {
        seq: records.iter().map(|r| r.seq).max().unwrap_or(0) + 1,
        origin: Some(Box::new(Origin {
            device: me.to_string(),
            seq: mine + 1,
        })),
        ..record.clone()
    }
}

/// This device's records as it shares them: those its own file holds keep their number
/// there; its others (and each without an origin) are numbered after them, in the order
/// they were numbered and written; each without a parent follows the record written
/// before it.
fn claim(
    mut records: Vec<LogRecord>,
    me: &str,
    published: &HashMap<EntryId, u64>,
) -> Vec<LogRecord> {
    let mine = |record: &LogRecord| record.origin.as_ref().is_none_or(|o| o.device == me);
    let mut unpublished: Vec<usize> = (0..records.len())
        .filter(|&i| mine(&records[i]) && !published.contains_key(&records[i].id))
        .collect();
    unpublished.sort_by_key(|&i| {
        (
            records[i].origin.is_none(),
            records[i].origin.as_ref().map(|o| o.seq),
            i,
        )
    });
    let after = published.values().copied().max().unwrap_or(0);
    for (seq, i) in (after + 1..).zip(unpublished) {
        records[i].origin = Some(Box::new(Origin {
            device: me.to_string(),
            seq,
        }));
    }
    let mut previous: Option<EntryId> = None;
    for record in &mut records {
        if let Some(&seq) = published.get(&record.id)
            && record.origin.as_ref().is_none_or(|o| o.device == me)
        {
            record.origin = Some(Box::new(Origin {
                device: me.to_string(),
                seq,
            }));
        }
        if record.parent.is_none()
            && !matches!(
                record.body,
                crate::domain::Body::Correct(crate::domain::Correction::Join { .. })
            )
        {
            record.parent.clone_from(&previous);
        }
        previous = Some(record.id.clone());
    }
    records
}

/// Writes the origins and parents `claim` gave.
fn write_claims(
    tx: &Transaction<'_>,
    campaign_id: i64,
    records: &[LogRecord],
) -> Result<(), StoreError> {
    let mut statement = tx.prepare_cached(
        "UPDATE entry SET device = ?1, device_seq = ?2, parent = ?3
         WHERE campaign_id = ?4 AND uid = ?5
           AND (device IS NOT ?1 OR device_seq IS NOT ?2 OR parent IS NOT ?3)",
    )?;
    for record in records {
        let origin = record.origin.as_ref();
        statement.execute(params![
            origin.map(|o| o.device.as_str()),
            origin.map(|o| i64::try_from(o.seq).unwrap_or(i64::MAX)),
            record.parent.as_ref().map(EntryId::as_str),
            campaign_id,
            record.id.as_str(),
        ])?;
    }
    Ok(())
}
