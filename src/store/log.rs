//! A campaign's log in the database: entries with their seats and changes, written one
//! entry per transaction and read back in order.

use rusqlite::Transaction;

use super::campaigns::{insert_campaign, name_key, set_current};
use super::decode::read_log;
use super::encode::append;
use super::{CampaignInfo, Store, StoreError};
use crate::domain::{Applied, Campaign, Entry, Refusal};

/// One entry of the log, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedEntry {
    pub seq: u32,
    /// The game's number, for a game.
    pub game: Option<u32>,
    /// When it was recorded (RFC 3339, UTC).
    pub recorded_at: String,
    pub entry: Entry,
    /// Set when the entry was taken back (`game undo`).
    pub taken_back: Option<TakenBack>,
}

/// When and why an entry was taken back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakenBack {
    /// RFC 3339, UTC.
    pub at: String,
    pub reason: Option<String>,
}

/// A campaign's whole log whose standing entries fold through the rules: what
/// `import_campaign` writes. It can only be made by folding, on any thread.
#[derive(Clone, Debug)]
pub struct CheckedLog {
    entries: Vec<LoggedEntry>,
}

impl CheckedLog {
    /// Folds the entries that stand through the rules; a refusal is a damaged log.
    pub fn new(entries: Vec<LoggedEntry>) -> Result<CheckedLog, StoreError> {
        let standing = entries.iter().filter(|e| e.taken_back.is_none());
        Campaign::replay(standing.clone().map(|e| &e.entry)).map_err(|(index, refusal)| {
            StoreError::Damaged {
                detail: format!(
                    "entry {} of the log breaks a rule ({refusal})",
                    standing.clone().nth(index).map_or(0, |e| e.seq)
                ),
            }
        })?;
        Ok(CheckedLog { entries })
    }

    pub fn entries(&self) -> &[LoggedEntry] {
        &self.entries
    }
}

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
            let remaining: Vec<LoggedEntry> = log.iter().filter(|e| e.seq != latest.seq).cloned().collect();
            fold(&remaining)?;
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
        recorded_at: &str,
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
            if !dry_run {
                append(
                    tx,
                    campaign_id,
                    seq,
                    applied.game,
                    recorded_at,
                    &applied.entry,
                    None,
                )?;
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
        name: &str,
        created_at: &str,
        log: &CheckedLog,
    ) -> Result<CampaignInfo, StoreError> {
        self.import_campaigns(&[(name, created_at, log)])?;
        self.choose_campaign(Some(name))
    }

    /// Writes several campaigns, each as `import_campaign` does, in one transaction (one
    /// sync to disk for all): all of them or none. The last becomes the current one.
    pub fn import_campaigns(
        &mut self,
        campaigns: &[(&str, &str, &CheckedLog)],
    ) -> Result<(), StoreError> {
        let named: Vec<(String, &str, &CheckedLog)> = campaigns
            .iter()
            .map(|(name, created_at, log)| {
                Ok((
                    crate::domain::names::valid_name("campaign name", name)?,
                    *created_at,
                    *log,
                ))
            })
            .collect::<Result<_, StoreError>>()?;
        self.write(true, |tx| {
            for (name, created_at, log) in &named {
                let exists: bool = tx.query_row(
                    "SELECT EXISTS (SELECT 1 FROM campaign WHERE name_key = ?1)",
                    rusqlite::params![name_key(name)],
                    |row| row.get(0),
                )?;
                if exists {
                    return Err(StoreError::CampaignExists { name: name.clone() });
                }
                let id = insert_campaign(tx, name, false, created_at)?;
                for logged in &log.entries {
                    append(
                        tx,
                        id,
                        logged.seq,
                        logged.game,
                        &logged.recorded_at,
                        &logged.entry,
                        logged.taken_back.as_ref(),
                    )?;
                }
                set_current(tx, id)?;
            }
            Ok(())
        })
    }

    /// Writes a whole log for a new campaign in the given transaction, through the rules.
    pub(crate) fn append_all(
        tx: &Transaction<'_>,
        campaign_id: i64,
        recorded_at: &str,
        entries: &[Entry],
    ) -> Result<Campaign, StoreError> {
        let mut campaign = Campaign::new();
        for (index, entry) in entries.iter().enumerate() {
            let applied = campaign.apply(entry)?;
            append(
                tx,
                campaign_id,
                index as u32 + 1,
                applied.game,
                recorded_at,
                &applied.entry,
                None,
            )?;
        }
        Ok(campaign)
    }
}

/// Appends one entry as the next of the log, without the rules: for tests of the store.
#[cfg(test)]
pub(super) fn append_for_test(
    tx: &Transaction<'_>,
    campaign_id: i64,
    entry: &Entry,
) -> Result<(), StoreError> {
    let seq = read_log(tx, campaign_id)?.last().map_or(1, |e| e.seq + 1);
    append(tx, campaign_id, seq, None, "test", entry, None)
}

fn fold(log: &[LoggedEntry]) -> Result<Campaign, StoreError> {
    Campaign::replay(log.iter().map(|e| &e.entry)).map_err(|broken| broken_log(log, broken))
}

/// The error for a stored log whose entry at `index` the rules refuse: the database was
/// changed behind chronicle's back.
pub fn broken_log(log: &[LoggedEntry], (index, refusal): (usize, Refusal)) -> StoreError {
    let seq = log.get(index).map_or(0, |e| e.seq);
    StoreError::Damaged {
        detail: format!("entry {seq} of the stored log breaks a rule ({refusal})"),
    }
}
