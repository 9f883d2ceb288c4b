//! A campaign's log in the database: entries with their seats and changes, written one
//! entry per transaction and read back in order.

use super::campaigns::{campaign_exists, insert_campaign, set_current};
use super::decode::read_log;
use super::encode::{append, write_log};
use super::{CampaignInfo, Store, StoreError};
use chrono::NaiveDate;

use crate::domain::log::{check_logged, fold as fold_log};
use crate::domain::names::CampaignName;

use crate::domain::{Applied, Campaign, CheckedLog, Entry, LoggedEntry, Refusal, TakenBack};

/// A campaign's log and the state it folds to.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The entries that stand, in order: the board is their fold.
    pub log: Vec<LoggedEntry>,
    /// The entries taken back, in order (their `seq` places them among the others).
    pub taken_back: Vec<LoggedEntry>,
    pub campaign: Campaign,
}

/// A campaign's log as stored, not folded: for the commands that walk it themselves
/// (`history`, `game list`, `export`), which would otherwise fold it twice.
#[derive(Clone, Debug)]
pub struct StoredLog {
    /// The entries that stand, in order.
    pub log: Vec<LoggedEntry>,
    /// The entries taken back, in order (their `seq` places them among the others).
    pub taken_back: Vec<LoggedEntry>,
}

impl StoredLog {
    /// The log with the campaign its standing entries fold to, found by walking it.
    pub fn with(self, campaign: Campaign) -> Loaded {
        Loaded {
            log: self.log,
            taken_back: self.taken_back,
            campaign,
        }
    }
}

/// The entries of a stored log that stand, and those taken back.
fn split(all: Vec<LoggedEntry>) -> (Vec<LoggedEntry>, Vec<LoggedEntry>) {
    all.into_iter().partition(|e| e.taken_back.is_none())
}

/// What recording an entry did.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The campaign before the entry.
    pub before: Campaign,
    /// The campaign after it.
    pub after: Campaign,
    pub applied: Applied,
    /// Whether it was written (false for a dry run).
    pub written: bool,
}

impl Store {
    /// Reads a campaign's log and folds it through the rules.
    pub fn load(&self, campaign_id: i64) -> Result<Loaded, StoreError> {
        let stored = self.read(campaign_id)?;
        let campaign = fold(&stored.log)?;
        Ok(stored.with(campaign))
    }

    /// Chooses the campaign (the one named, else the only or the current one) and reads and
    /// folds its log, on one snapshot of the database.
    pub fn load_campaign(&self, named: Option<&str>) -> Result<(CampaignInfo, Loaded), StoreError> {
        self.snapshot(|store| {
            let campaign = store.choose_campaign(named)?;
            let loaded = store.load(campaign.id)?;
            Ok((campaign, loaded))
        })
    }

    /// Chooses the campaign and reads its log without folding it, on one snapshot.
    pub fn read_campaign(
        &self,
        named: Option<&str>,
    ) -> Result<(CampaignInfo, StoredLog), StoreError> {
        self.snapshot(|store| {
            let campaign = store.choose_campaign(named)?;
            let stored = store.read(campaign.id)?;
            Ok((campaign, stored))
        })
    }

    /// Reads a campaign's log without folding it.
    pub fn read(&self, campaign_id: i64) -> Result<StoredLog, StoreError> {
        let (log, taken_back) = split(read_log(&self.conn, campaign_id)?);
        Ok(StoredLog { log, taken_back })
    }

    /// Takes back the latest game, if it is game `expected` (so that a game logged by
    /// someone else meanwhile is never taken back by mistake): its entry is marked as taken
    /// back, when and why, in one transaction. Returns the entry taken back.
    pub fn take_back_game(
        &mut self,
        campaign_id: i64,
        expected: u32,
        at: &str,
        reason: Option<&str>,
    ) -> Result<LoggedEntry, StoreError> {
        self.write(true, |tx| {
            let (log, _) = split(read_log(tx, campaign_id)?);
            let latest = log.iter().rev().find(|e| e.game.is_some());
            let Some(latest) = latest.filter(|e| e.game == Some(expected)) else {
                return Err(StoreError::NotLatestGame {
                    expected,
                    latest: latest.and_then(|e| e.game),
                });
            };
            // A later entry (a packet opened after the game, say) may need the game: then it
            // is that entry, not the database, that is in the way.
            if let Err(broken) = fold_log(log.iter().filter(|e| e.seq != latest.seq)) {
                return Err(if broken.seq > latest.seq {
                    StoreError::UndoBlocked {
                        game: expected,
                        by: broken.seq,
                        refusal: broken.refusal,
                    }
                } else {
                    StoreError::BrokenLog(broken)
                });
            }
            tx.execute(
                "UPDATE entry SET undone_at = ?1, undo_reason = ?2 WHERE campaign_id = ?3 AND seq = ?4",
                rusqlite::params![at, reason, campaign_id, latest.seq],
            )?;
            Ok(LoggedEntry {
                taken_back: Some(TakenBack {
                    at: at.to_string(),
                    reason: reason.map(str::to_string),
                }),
                ..latest.clone()
            })
        })
    }

    /// Records one entry in one `BEGIN IMMEDIATE` transaction: reads the log, folds it,
    /// lets `build` make the entry from the campaign as it stands, applies it (the rules
    /// may refuse it) and writes it. A refusal or an error writes nothing; so does a dry run.
    pub fn record<E>(
        &mut self,
        campaign_id: i64,
        (recorded_at, today): (&str, NaiveDate),
        dry_run: bool,
        build: impl FnOnce(&Campaign) -> Result<Entry, E>,
    ) -> Result<Recorded, E>
    where
        E: From<StoreError> + From<Refusal>,
    {
        self.write(!dry_run, |tx| {
            let all = read_log(tx, campaign_id)?;
            let seq = all.last().map_or(1, |e| e.seq + 1);
            let (log, _) = split(all);
            let before = fold(&log)?;
            let entry = build(&before)?;
            let mut after = before.clone();
            let applied = after.apply(&entry)?;
            let logged = LoggedEntry {
                seq,
                game: applied.game,
                recorded_at: recorded_at.to_string(),
                entry: applied.entry.clone(),
                taken_back: None,
            };
            check_logged(&logged, today)?;
            if !dry_run {
                append(tx, campaign_id, &logged)?;
            }
            Ok(Recorded {
                before,
                after,
                applied,
                written: !dry_run,
            })
        })
    }

    /// Writes a campaign read from a file, with its whole log (entries taken back
    /// included), in one transaction: all of it or nothing. The log was folded through the
    /// rules when it was checked; the campaign becomes the current one.
    pub fn import_campaign(
        &mut self,
        name: &CampaignName,
        created_at: &str,
        log: &CheckedLog,
    ) -> Result<CampaignInfo, StoreError> {
        self.import_campaigns(&[(name, created_at, log)])?;
        self.choose_campaign(Some(name.as_str()))
    }

    /// Writes several campaigns, each as `import_campaign` does, in one transaction (one
    /// sync to disk for all): all of them or none. The last becomes the current one.
    pub fn import_campaigns(
        &mut self,
        campaigns: &[(&CampaignName, &str, &CheckedLog)],
    ) -> Result<(), StoreError> {
        self.write(true, |tx| {
            for (name, created_at, log) in campaigns {
                if campaign_exists(tx, name)? {
                    return Err(StoreError::CampaignExists {
                        name: name.to_string(),
                    });
                }
                let id = insert_campaign(tx, name, false, created_at)?;
                write_log(tx, id, log)?;
                set_current(tx, id)?;
            }
            Ok(())
        })
    }
}

/// Appends one entry as the next of the log, without the rules: for tests of the store.
#[cfg(test)]
pub(super) fn append_for_test(
    tx: &rusqlite::Transaction<'_>,
    campaign_id: i64,
    entry: &Entry,
) -> Result<(), StoreError> {
    let seq = read_log(tx, campaign_id)?.last().map_or(1, |e| e.seq + 1);
    let logged = LoggedEntry {
        seq,
        game: None,
        recorded_at: "test".to_string(),
        entry: entry.clone(),
        taken_back: None,
    };
    append(tx, campaign_id, &logged)
}

/// Folds the standing entries of a stored log; a refusal means the database was changed
/// behind chronicle's back.
fn fold<'a, I>(log: I) -> Result<Campaign, StoreError>
where
    I: IntoIterator<Item = &'a LoggedEntry>,
    I::IntoIter: Clone,
{
    fold_log(log).map_err(StoreError::BrokenLog)
}
