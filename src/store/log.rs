//! A campaign's log in the database: records with their seats and changes, each written in
//! one transaction after the log with it has been worked out and folded through the rules,
//! and read back in order.

use chrono::NaiveDate;

use super::campaigns::{
    campaign_exists, campaign_name, insert_campaign, insert_campaign_as, name_from_log, set_current,
};
use super::decode::{Stored, read_records};
use super::device::set_head;
use super::encode::{append_resolved, update_derived, write_log};
use super::{CampaignInfo, Store, StoreError};
use super::{device, ids};
use crate::domain::log::{Ordered, check_record, resolve_and_fold};
use crate::domain::vocabulary::names::CampaignName;
use crate::domain::{
    Applied, Body, Campaign, CheckedLog, CorrectionEntry, Entry, EntryId, LogRecord, LoggedEntry,
    Place, Refusal, Resolved,
};

/// A campaign's log as corrected and the state it folds to.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// Every entry, those taken back too, in the order of the log (those that stand, see
    /// `standing`, fold to the board).
    pub entries: Vec<LoggedEntry>,
    /// The corrections, in the order written.
    pub corrections: Vec<CorrectionEntry>,
    /// The records of the log, in its order.
    pub records: Vec<LogRecord>,
    /// The records waiting on another branch (a fork not yet resolved).
    pub pending: Vec<LogRecord>,
    pub campaign: Campaign,
}

/// A campaign's log as corrected, not folded: for the commands that walk it themselves
/// (`history`, `game list`, `export`), which would otherwise fold it twice.
#[derive(Clone, Debug)]
pub struct StoredLog {
    /// Every entry, those taken back too, in the order of the log.
    pub entries: Vec<LoggedEntry>,
    /// The corrections, in the order written.
    pub corrections: Vec<CorrectionEntry>,
    /// The records of the log, in its order.
    pub records: Vec<LogRecord>,
    /// The records waiting on another branch (a fork not yet resolved).
    pub pending: Vec<LogRecord>,
    /// The entries added before another, with the record each went before.
    pub inserted: Vec<(EntryId, EntryId)>,
}

impl Loaded {
    /// The entries that stand, in the order of the log: the board is their fold.
    pub fn standing(&self) -> impl DoubleEndedIterator<Item = &LoggedEntry> {
        self.entries.iter().filter(|e| e.taken_back.is_none())
    }
}

impl StoredLog {
    /// Every record, those waiting on another branch too, and the record the log ends at
    /// when it is not the last of them: what a campaign file carries. They go in the log's
    /// own order, then those waiting each after its parents (by when each was recorded),
    /// numbered so: devices that hold the same records write them alike, whatever order
    /// each received them in.
    pub fn written(&self) -> (Vec<LogRecord>, Option<EntryId>) {
        let mut all: Vec<LogRecord> = self.records.clone();
        let mut placed: std::collections::HashSet<EntryId> =
            all.iter().map(|r| r.id.clone()).collect();
        let mut waiting: Vec<&LogRecord> = self.pending.iter().collect();
        waiting.sort_by(|a, b| (&a.recorded_at, &a.id).cmp(&(&b.recorded_at, &b.id)));
        while !waiting.is_empty() {
            let ready = waiting
                .iter()
                .position(|r| r.parents().iter().all(|p| placed.contains(*p)))
                .unwrap_or(0);
            let record = waiting.remove(ready);
            placed.insert(record.id.clone());
            all.push(record.clone());
        }
        for (seq, record) in (1..).zip(&mut all) {
            record.seq = seq;
        }
        let head = self.records.last().map(|r| r.id.clone());
        let head = head.filter(|h| all.last().is_some_and(|last| &last.id != h));
        (all, head)
    }

    /// The log as corrected, whole.
    pub fn resolved(&self) -> Resolved {
        Resolved {
            entries: self.entries.clone(),
            corrections: self.corrections.clone(),
            inserted: self.inserted.clone(),
        }
    }

    /// The entries that stand.
    pub fn standing(&self) -> Vec<LoggedEntry> {
        self.entries
            .iter()
            .filter(|e| e.taken_back.is_none())
            .cloned()
            .collect()
    }
}

/// What a write is stamped with: when (RFC 3339), today (no game after it), and whether the
/// clock is fixed (`CHRONICLE_NOW`), which makes the new records' identities reproducible.
#[derive(Clone, Debug)]
pub struct Stamp {
    pub at: String,
    pub today: NaiveDate,
    pub fixed_clock: bool,
    /// Who logs it, when they say (the device a page of `serve` names): kept on the record.
    pub logged_by: Option<String>,
}

/// A record to add, before the store gives it its identity and place among the records.
#[derive(Clone, Debug)]
pub struct NewRecord {
    pub place: Place,
    pub body: Body,
}

/// The log as it stands, for making a record from it.
pub struct Current<'a> {
    /// The campaign's name.
    pub name: &'a str,
    /// The records of the log, in its order.
    pub records: &'a [LogRecord],
    /// The records waiting on another branch (a fork not yet resolved).
    pub pending: &'a [LogRecord],
    pub resolved: &'a Resolved,
    pub campaign: &'a Campaign,
}

/// What writing a record did.
#[derive(Clone, Debug)]
pub struct Appended {
    /// The campaign before the record, and after it.
    pub before: Campaign,
    pub after: Campaign,
    /// The log as corrected, before the record and after it.
    pub resolved_before: Resolved,
    pub resolved_after: Resolved,
    /// The record as written (its entry as the rules record it).
    pub record: LogRecord,
    /// For an entry added at the end, what applying it did.
    pub applied: Option<Applied>,
    /// Whether it was written (false for a dry run).
    pub written: bool,
}

/// What recording an entry did; `before`, `after` and `applied` are at its place.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The campaign just before the entry, at its place.
    pub before: Campaign,
    /// The campaign just after it, at its place.
    pub after: Campaign,
    pub applied: Applied,
    /// Whether it was written (false for a dry run).
    pub written: bool,
    /// The game it was placed after, when that is not the latest.
    pub placed: Option<u32>,
}

impl Store {
    /// Reads a campaign's records, works out its log and folds it through the rules.
    pub fn load(&self, campaign_id: i64) -> Result<Loaded, StoreError> {
        let ordered = self.ordered(campaign_id)?;
        let (resolved, campaign) = resolve_and_fold(&ordered.log).map_err(StoreError::BrokenLog)?;
        Ok(Loaded {
            entries: resolved.entries,
            corrections: resolved.corrections,
            records: ordered.log,
            pending: ordered.pending,
            campaign,
        })
    }

    /// A campaign's records in the order of its log on this device, and those waiting on
    /// another branch.
    pub(super) fn ordered(&self, campaign_id: i64) -> Result<Ordered, StoreError> {
        super::decode::ordered(&self.conn, campaign_id)
    }

    /// Reads a campaign's records and works out its log, without folding it.
    pub fn read(&self, campaign_id: i64) -> Result<StoredLog, StoreError> {
        let ordered = self.ordered(campaign_id)?;
        let resolved = crate::domain::record::resolve::resolve(&ordered.log)
            .map_err(|u| StoreError::BrokenLog(u.into()))?;
        Ok(StoredLog {
            entries: resolved.entries,
            corrections: resolved.corrections,
            records: ordered.log,
            pending: ordered.pending,
            inserted: resolved.inserted,
        })
    }

    /// Chooses the campaign (the one named, else the only or the current one) and reads and
    /// folds its log, on one snapshot of the database.
    pub(crate) fn load_campaign(
        &self,
        named: Option<&str>,
    ) -> Result<(CampaignInfo, Loaded), StoreError> {
        self.snapshot(|store| {
            let campaign = store.choose_campaign(named)?;
            let loaded = store.load(campaign.id)?;
            Ok((campaign, loaded))
        })
    }

    /// Chooses the campaign and reads its log without folding it, on one snapshot.
    pub(crate) fn read_campaign(
        &self,
        named: Option<&str>,
    ) -> Result<(CampaignInfo, StoredLog), StoreError> {
        self.snapshot(|store| {
            let campaign = store.choose_campaign(named)?;
            let stored = store.read(campaign.id)?;
            Ok((campaign, stored))
        })
    }

    /// Adds one record to a campaign's log in one `BEGIN IMMEDIATE` transaction: reads the
    /// records, works out the log and folds it, lets `build` make the record from it, checks
    /// the record and works out and folds the log with it (every later entry through the
    /// rules again), and writes it with the columns derived from the log. A refusal or an
    /// error writes nothing; so does a dry run.
    pub fn append<E>(
        &mut self,
        campaign_id: i64,
        stamp: &Stamp,
        dry_run: bool,
        build: impl FnOnce(&Current<'_>) -> Result<NewRecord, E>,
    ) -> Result<Appended, E>
    where
        E: From<StoreError> + From<Refusal>,
    {
        self.append_with(campaign_id, stamp, dry_run, &[], build)
    }

    /// Adds one record as `append` does, and keeps the images it names in the same
    /// transaction (a photo of a game): the entry and its bytes together or neither.
    pub fn append_with<E>(
        &mut self,
        campaign_id: i64,
        stamp: &Stamp,
        dry_run: bool,
        images: &[super::ImageBytes],
        build: impl FnOnce(&Current<'_>) -> Result<NewRecord, E>,
    ) -> Result<Appended, E>
    where
        E: From<StoreError> + From<Refusal>,
    {
        self.write(!dry_run, |tx| {
            let Stored { records, derived } = read_records(tx, campaign_id)?;
            let ids: Vec<EntryId> = records.iter().map(|r| r.id.clone()).collect();
            let next_seq = records.iter().map(|r| r.seq).max().map_or(1, |s| s + 1);
            let head = device::head(tx, campaign_id)?;
            let ordered = Ordered::new(records, head.as_ref()).map_err(StoreError::BrokenLog)?;
            let (resolved_before, before) =
                resolve_and_fold(&ordered.log).map_err(StoreError::BrokenLog)?;
            let name = campaign_name(tx, campaign_id)?;
            let new = build(&Current {
                name: &name,
                records: &ordered.log,
                pending: &ordered.pending,
                resolved: &resolved_before,
                campaign: &before,
            })?;
            let seq = next_seq;
            let origin = device::origin(tx, campaign_id)?;
            // With a fixed clock two devices would make one identity: the device tells them
            // apart.
            let salt = origin.as_ref().map_or(0, |o| ids::salt(&o.device));
            let mut record = LogRecord {
                id: ids::mint(
                    &stamp.at,
                    stamp.fixed_clock.then_some((campaign_id ^ salt, seq)),
                ),
                seq,
                recorded_at: stamp.at.clone(),
                rules: crate::domain::RuleSet::CURRENT,
                origin: origin.map(Box::new),
                logged_by: stamp.logged_by.clone(),
                parent: match &new.body {
                    Body::Correct(crate::domain::Correction::Join { kept, .. }) => {
                        kept.first().cloned()
                    }
                    _ => ordered.head().cloned(),
                },
                place: new.place,
                body: new.body,
            };
            let (resolved_after, after, applied) = crate::domain::log::rewrite::with_record(
                &ordered,
                &resolved_before,
                &before,
                &mut record,
            )?;
            check_record(&record, stamp.today)?;
            if !dry_run {
                super::photos::put(tx, images)?;
                let mut derived = derived;
                derived.push(append_resolved(tx, campaign_id, &record, &resolved_after)?);
                let mut ids = ids;
                ids.push(record.id.clone());
                update_derived(tx, &derived, &ids, &resolved_after)?;
                set_head(tx, campaign_id, Some(&record.id))?;
                if renames_campaign(&record, &ordered.log) {
                    name_from_log(tx, campaign_id, &resolved_after.corrections)?;
                }
            }
            Ok(Appended {
                before,
                after,
                resolved_before,
                resolved_after,
                record,
                applied,
                written: !dry_run,
            })
        })
    }

    /// Records one entry (see `append`): at the end of the log, or right after game `n`
    /// when `after_game` is `Some(n)` (0: before game 1). `build` makes it from the
    /// campaign as it stood there; every later entry goes through the rules again.
    pub fn record<E>(
        &mut self,
        campaign_id: i64,
        stamp: &Stamp,
        dry_run: bool,
        after_game: Option<u32>,
        build: impl FnOnce(&Campaign) -> Result<Entry, E>,
    ) -> Result<Recorded, E>
    where
        E: From<StoreError> + From<Refusal>,
    {
        let mut there: Option<(Campaign, Campaign, Applied)> = None;
        let appended = self.append(
            campaign_id,
            stamp,
            dry_run,
            |current| -> Result<NewRecord, E> {
                let place = match after_game {
                    None => Place::End,
                    Some(n) => current.resolved.after_game(n)?,
                };
                if place == Place::End {
                    return Ok(NewRecord {
                        place,
                        body: Body::Add(build(current.campaign)?.into()),
                    });
                }
                let before = current
                    .resolved
                    .campaign_at(&place)
                    .map_err(StoreError::BrokenLog)?;
                let entry = build(&before)?;
                let (after, applied) = before.after(&entry, None)?;
                there = Some((before, after, applied));
                Ok(NewRecord {
                    place,
                    body: Body::Add(entry.into()),
                })
            },
        )?;
        let (before, after, applied) = match (there, appended.applied) {
            (Some(there), _) => there,
            (None, Some(applied)) => (appended.before, appended.after, applied),
            (None, None) => {
                return Err(StoreError::Damaged {
                    detail: "an entry added at the end was not applied".to_string(),
                }
                .into());
            }
        };
        Ok(Recorded {
            before,
            after,
            applied,
            written: appended.written,
            placed: after_game.filter(|_| appended.record.place != Place::End),
        })
    }

    /// Writes a campaign read from a file, with its whole log, in one transaction: all of it
    /// or nothing. The log was checked and folded when it was made; the campaign keeps the
    /// identity the file gives (`uid`) unless a campaign of this database has it, when it
    /// gets a new one (the `uid` of the answer says which); it becomes the current one when
    /// `current` says so.
    pub fn import_campaign(
        &mut self,
        name: &CampaignName,
        created_at: &str,
        uid: Option<&str>,
        log: &CheckedLog,
        current: bool,
    ) -> Result<CampaignInfo, StoreError> {
        self.import_campaigns(&[(name, created_at, uid, log)], current)?;
        self.choose_campaign(Some(name.as_str()))
    }

    /// Writes several campaigns, each as `import_campaign` does, in one transaction (one
    /// sync to disk for all): all of them or none. With `current`, the last becomes the
    /// current one.
    pub fn import_campaigns(
        &mut self,
        campaigns: &[(&CampaignName, &str, Option<&str>, &CheckedLog)],
        current: bool,
    ) -> Result<(), StoreError> {
        self.write(true, |tx| {
            for (name, created_at, uid, log) in campaigns {
                if campaign_exists(tx, name)? {
                    return Err(StoreError::CampaignExists {
                        name: name.to_string(),
                    });
                }
                let id = match uid {
                    Some(uid) if !uid_taken(tx, uid)? => {
                        insert_campaign_as(tx, name, false, created_at, uid)?
                    }
                    _ => insert_campaign(tx, name, false, created_at)?,
                };
                write_log(tx, id, log)?;
                if current {
                    set_current(tx, id)?;
                }
            }
            Ok(())
        })
    }
}

/// Whether a campaign of the database has the identity `uid`.
fn uid_taken(tx: &rusqlite::Transaction<'_>, uid: &str) -> Result<bool, StoreError> {
    Ok(tx
        .prepare_cached("SELECT 1 FROM campaign WHERE uid = ?1")?
        .exists(rusqlite::params![uid])?)
}

/// Appends one entry as the next record of the log, without the rules: for tests of the
/// store.
#[cfg(test)]
pub(super) fn append_for_test(
    tx: &rusqlite::Transaction<'_>,
    campaign_id: i64,
    entry: &Entry,
) -> Result<(), StoreError> {
    let records = read_records(tx, campaign_id)?.records;
    let seq = records.last().map_or(1, |r| r.seq + 1);
    let record = LogRecord {
        id: ids::mint("2026-01-01T00:00:00Z", Some((campaign_id, seq))),
        seq,
        recorded_at: "2026-01-01T00:00:00Z".to_string(),
        rules: crate::domain::RuleSet::CURRENT,
        origin: None,
        logged_by: None,
        parent: records.last().map(|r| r.id.clone()),
        place: Place::End,
        body: Body::Add(entry.clone().into()),
    };
    super::encode::append(tx, campaign_id, &record).map(|_| ())
}

/// Whether a record renames the campaign or takes a renaming back.
fn renames_campaign(record: &LogRecord, all: &[LogRecord]) -> bool {
    use crate::domain::Correction;
    let renaming =
        |r: &LogRecord| matches!(r.body, Body::Correct(Correction::RenameCampaign { .. }));
    match &record.body {
        Body::Correct(Correction::TakeBack { target, .. }) => {
            all.iter().any(|r| &r.id == target && renaming(r))
        }
        _ => renaming(record),
    }
}
