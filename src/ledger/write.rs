//! Writes: a game logged at the end of the log, and the latest entry taken back, each in one
//! transaction through the store's one write (`Store::append`: `BEGIN IMMEDIATE`, the record
//! checked and folded through the rules), refused when the log moved since the head the
//! face read (compared inside that transaction).

use chrono::NaiveDate;

use super::LedgerError;
use crate::domain::Refusal;
use crate::domain::log::correct::latest_to_take_back;
use crate::domain::{
    Body, Campaign, Correction, Entry, EntryId, Game, Head, LogRecord, LoggedEntry, Place,
};
use crate::store::{
    Appended, CampaignInfo, Current, NewRecord, Recorded, Stamp, Store, StoreError,
};

/// What a write is checked against: the head of the log the face read (none: write on
/// whatever the log is now), and who logs it (kept on the record).
#[derive(Clone, Debug, Default)]
pub struct Guard {
    pub seen: Option<Head>,
    pub by: Option<String>,
}

/// A record written after the head a face read: what it did, where and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// What it did.
    pub did: Did,
    /// Who logged it (a device's name), when the record says.
    pub by: Option<String>,
    /// When it was written (RFC 3339).
    pub at: String,
}

/// What a record written since did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Did {
    LoggedGame(u32),
    AddedEntry,
    TookBackGame(u32),
    TookBackEntry,
    Corrected,
}

/// A game written (or, for a dry run, what writing it would do).
pub struct Logged {
    pub appended: Appended,
    /// The stamp it was written with (who, when, today).
    pub stamp: Stamp,
}

/// The records written after `seen`, in their order.
fn changed_since(current: &Current<'_>, seen: &Head) -> Vec<Change> {
    let entries = &current.resolved.entries;
    let mut records: Vec<&LogRecord> = current
        .records
        .iter()
        .chain(current.pending)
        .filter(|r| r.seq > seen.seq())
        .collect();
    records.sort_by_key(|r| r.seq);
    records.iter().map(|r| change(r, entries)).collect()
}

fn change(record: &LogRecord, entries: &[LoggedEntry]) -> Change {
    let game_of = |id: &EntryId| entries.iter().find(|e| &e.id == id).and_then(|e| e.game);
    let did = match &record.body {
        Body::Add(entry) => match (&**entry, game_of(&record.id)) {
            (Entry::Game(_), Some(n)) => Did::LoggedGame(n),
            _ => Did::AddedEntry,
        },
        Body::Correct(Correction::TakeBack { target, .. }) => {
            game_of(target).map_or(Did::TookBackEntry, Did::TookBackGame)
        }
        Body::Correct(_) => Did::Corrected,
    };
    Change {
        did,
        by: record
            .logged_by
            .clone()
            .or_else(|| record.origin.as_ref().map(|o| o.device.clone())),
        at: record.recorded_at.clone(),
    }
}

/// Refused when the log's head is not the one the guard saw.
pub(super) fn guarded(current: &Current<'_>, guard: &Guard) -> Result<(), LedgerError> {
    let Some(seen) = &guard.seen else {
        return Ok(());
    };
    let head = Head::of(current.records.iter().chain(current.pending));
    if *seen == head {
        return Ok(());
    }
    Err(LedgerError::Stale {
        changed: changed_since(current, seen),
        head,
    })
}

/// Logs a game at the end of the chosen campaign's log, in one transaction: `game` makes
/// it from the campaign as it stands inside the write and today; refused when the guard's
/// head moved or the rules refuse it; nothing written for a dry run.
pub fn log_game(
    store: &mut Store,
    campaign: Option<&str>,
    stamp: &Stamp,
    guard: &Guard,
    dry_run: bool,
    game: impl FnOnce(&Campaign, NaiveDate) -> Result<Game, LedgerError>,
) -> Result<Logged, LedgerError> {
    let info = store.choose_campaign(campaign)?;
    let mut stamp = stamp.clone();
    stamp.logged_by.clone_from(&guard.by);
    let today = stamp.today;
    let appended = store.append(info.id, &stamp, dry_run, |current| {
        guarded(current, guard)?;
        let game = game(current.campaign, today)?;
        Ok::<_, LedgerError>(NewRecord {
            place: Place::End,
            body: Body::Add(Entry::Game(Box::new(game)).into()),
        })
    })?;
    Ok(Logged { appended, stamp })
}

/// Adds one record to the chosen campaign's log, in one transaction: an entry between games
/// or a correction (a game replaced or inserted, a person renamed or merged, a campaign
/// renamed, a fork resolved) that `build` makes from the log as it stands inside the write;
/// every later entry goes through the rules again. Refused when the guard's head moved;
/// nothing written for a dry run.
pub fn correct<E>(
    store: &mut Store,
    campaign: Option<&str>,
    stamp: &Stamp,
    guard: &Guard,
    dry_run: bool,
    build: impl FnOnce(&Current<'_>) -> Result<NewRecord, E>,
) -> Result<(CampaignInfo, Appended), E>
where
    E: From<StoreError> + From<Refusal> + From<LedgerError>,
{
    let info = store.choose_campaign(campaign)?;
    let mut stamp = stamp.clone();
    stamp.logged_by.clone_from(&guard.by);
    let appended = store.append(info.id, &stamp, dry_run, |current| {
        guarded(current, guard).map_err(E::from)?;
        build(current)
    })?;
    Ok((info, appended))
}

/// Records one entry of the chosen campaign (a power, coins, a packet opened, a pool's
/// capacity, a house rule…), at the end or right after game `after_game`: `build` makes it
/// from the campaign as it stood there, and every later entry goes through the rules again.
pub fn record<E>(
    store: &mut Store,
    campaign: Option<&str>,
    stamp: &Stamp,
    dry_run: bool,
    after_game: Option<u32>,
    build: impl FnOnce(&Campaign) -> Result<Entry, E>,
) -> Result<(CampaignInfo, Recorded), E>
where
    E: From<StoreError> + From<Refusal>,
{
    let info = store.choose_campaign(campaign)?;
    let recorded = store.record(info.id, stamp, dry_run, after_game, build)?;
    Ok((info, recorded))
}

/// Which entry a take-back is for, as the face saw it before it asked: the latest entry of
/// any kind (when it is still this one), or the latest game (when it is still game N).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Latest {
    Entry(EntryId),
    Game(u32),
}

/// Takes back the latest entry, or the latest game, in one transaction: the take-back
/// correction every face writes (the history keeps the entry, with when and why). Refused
/// when the guard's head moved, or the latest is no longer the one the face saw.
pub fn take_back(
    store: &mut Store,
    campaign: Option<&str>,
    stamp: &Stamp,
    guard: &Guard,
    latest: &Latest,
    reason: Option<String>,
) -> Result<Appended, LedgerError> {
    let info = store.choose_campaign(campaign)?;
    let mut stamp = stamp.clone();
    stamp.logged_by.clone_from(&guard.by);
    store.append(info.id, &stamp, false, |current| {
        guarded(current, guard)?;
        let target = match latest {
            Latest::Entry(id) => {
                let now = latest_to_take_back(current.records, current.resolved);
                if now.map(|r| &r.id) != Some(id) {
                    return Err(LedgerError::Stale {
                        changed: guard
                            .seen
                            .as_ref()
                            .map(|seen| changed_since(current, seen))
                            .unwrap_or_default(),
                        head: Head::of(current.records.iter().chain(current.pending)),
                    });
                }
                id.clone()
            }
            Latest::Game(game) => {
                let standing = current
                    .resolved
                    .standing()
                    .filter(|e| e.game.is_some())
                    .last()
                    .filter(|e| e.game == Some(*game));
                let Some(standing) = standing else {
                    return Err(StoreError::NotLatestGame {
                        expected: *game,
                        latest: Some(current.campaign.games_played()).filter(|g| *g > 0),
                    }
                    .into());
                };
                standing.id.clone()
            }
        };
        Ok(NewRecord {
            place: Place::End,
            body: Body::Correct(Correction::TakeBack { target, reason }),
        })
    })
}
