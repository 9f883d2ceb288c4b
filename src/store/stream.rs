//! A long log read one record at a time, without holding it: when a campaign's log is in
//! the order its records were written (no fork, no entry added before another, which is
//! the log of most campaigns), its corrections and the records they act on are read and
//! worked out first, then the log is read in order and each entry folded as it comes.
//! Otherwise the callers read the whole log, as before.

use std::ops::ControlFlow;

use rusqlite::{Connection, OptionalExtension, params};

use super::decode::{Derived, Which, each_record};
use super::{CampaignInfo, Store, StoreError, StoredLog};
use crate::domain::record::Unresolved;
use crate::domain::stream::Streamed;
use crate::domain::{BrokenLog, Campaign, LogRecord, LoggedEntry};

/// The state after a game, worked out from a log read in order.
#[derive(Clone, Debug)]
pub enum After {
    /// The campaign as it was right after the game, with what was recorded before the next.
    Folded(Box<Campaign>),
    /// The campaign has not played that game: how many it has played.
    Played(u32),
}

/// Whether a campaign's log is in the order its records were written: each record's
/// parent the one before it, none added before another, no fork joined, and the log
/// ending at the last record.
fn in_order(conn: &Connection, campaign_id: i64) -> Result<bool, StoreError> {
    let out_of_order: bool = conn
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM entry e
                LEFT JOIN entry p ON p.campaign_id = e.campaign_id AND p.seq = e.seq - 1
                WHERE e.campaign_id = ?1
                  AND (e.before IS NOT NULL OR e.correction = 'join' OR e.parent IS NOT p.uid))
             OR EXISTS (SELECT 1 FROM campaign c WHERE c.id = ?1 AND c.head IS NOT NULL
                AND c.head IS NOT (SELECT uid FROM entry WHERE campaign_id = ?1
                                   ORDER BY seq DESC LIMIT 1))",
        )?
        .query_row(params![campaign_id], |row| row.get(0))
        .optional()?
        .unwrap_or(true);
    Ok(!out_of_order)
}

/// The corrections of a campaign's log worked out, when the log is in the order written
/// (else none: it is read whole).
pub(super) fn corrections(
    conn: &Connection,
    campaign_id: i64,
) -> Result<Option<Result<Streamed, Unresolved>>, StoreError> {
    if !in_order(conn, campaign_id)? {
        return Ok(None);
    }
    let mut corrected: Vec<LogRecord> = Vec::new();
    each_record(conn, campaign_id, Which::Corrections, |record, _| {
        corrected.push(record);
        Ok(ControlFlow::Continue(()))
    })?;
    Ok(Some(Streamed::new(&corrected)))
}

/// Reads the log in order, handing `each` every record with what is kept beside it and,
/// for one that adds an entry, the entry as it stands there (none for a correction, and
/// none at all without `streamed`), until it says to stop.
pub(super) fn each_entry(
    conn: &Connection,
    campaign_id: i64,
    mut streamed: Option<&mut Streamed>,
    mut each: impl FnMut(
        &LogRecord,
        Derived,
        Option<LoggedEntry>,
    ) -> Result<ControlFlow<()>, StoreError>,
) -> Result<(), StoreError> {
    each_record(conn, campaign_id, Which::All, |record, derived| {
        let entry = streamed.as_mut().and_then(|s| s.next(&record));
        each(&record, derived, entry)
    })
}

/// A campaign's log to read one record at a time, its corrections worked out; none when it
/// is not in the order written.
fn read_in_order(conn: &Connection, campaign_id: i64) -> Result<Option<Reading<'_>>, StoreError> {
    let Some(streamed) = corrections(conn, campaign_id)? else {
        return Ok(None);
    };
    Ok(Some(Reading::InOrder {
        conn,
        campaign_id,
        streamed: streamed.map_err(|u| StoreError::BrokenLog(u.into()))?,
    }))
}

/// A log shorter than this (in records) is read whole: reading it a record at a time saves
/// little memory, and costs the statements that find whether it is in order, and that
/// read its corrections first (a third of a short `history`'s instructions).
const HELD_BELOW: i64 = 2_000;

/// How many records a campaign's log has.
fn records(conn: &Connection, campaign_id: i64) -> Result<i64, StoreError> {
    Ok(conn
        .prepare_cached("SELECT coalesce(MAX(seq), 0) FROM entry WHERE campaign_id = ?1")?
        .query_row(params![campaign_id], |row| row.get(0))?)
}

/// A campaign's log, to be gone through as many times as a command needs, on one
/// snapshot: read one record at a time when it is long and in the order written, else
/// held whole.
pub enum Reading<'s> {
    InOrder {
        conn: &'s Connection,
        campaign_id: i64,
        streamed: Streamed,
    },
    Whole(StoredLog),
}

/// The log cut after a game (see `--after`), gone through once.
#[derive(Debug)]
pub struct Cut {
    /// The games that stand.
    pub played: u32,
    /// The last game's number, one taken back too (0 for none).
    pub last_game: u32,
    /// What the entries that stand fold to (a new campaign when not asked to fold).
    pub campaign: Campaign,
}

impl Reading<'_> {
    /// Goes through the log cut after game `after` (the whole log for none), folding the
    /// entries that stand when `fold`.
    pub fn fold_until(&self, after: Option<u32>, fold: bool) -> Result<Cut, StoreError> {
        let mut cut = Cut {
            played: 0,
            last_game: 0,
            campaign: Campaign::new(),
        };
        let mut broken = None;
        self.each(|logged| {
            if logged.is_past(after) {
                return ControlFlow::Break(());
            }
            cut.last_game = cut.last_game.max(logged.game.unwrap_or(0));
            if logged.taken_back.is_some() {
                return ControlFlow::Continue(());
            }
            cut.played += u32::from(logged.game.is_some());
            if fold && let Err(refusal) = cut.campaign.replay_one(&logged.entry) {
                broken = Some(BrokenLog {
                    seq: logged.seq,
                    refusal,
                });
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        })?;
        match broken {
            Some(broken) => Err(StoreError::BrokenLog(broken)),
            None => Ok(cut),
        }
    }

    /// Hands `each` every entry of the log as corrected (those taken back too, each with
    /// its game's number), in order, until it says to stop.
    pub fn each(
        &self,
        mut each: impl FnMut(&LoggedEntry) -> ControlFlow<()>,
    ) -> Result<(), StoreError> {
        match self {
            Reading::Whole(stored) => {
                let _ = stored.entries.iter().try_for_each(each);
                Ok(())
            }
            Reading::InOrder {
                conn,
                campaign_id,
                streamed,
            } => {
                let mut streamed = streamed.clone();
                each_entry(conn, *campaign_id, Some(&mut streamed), |_, _, entry| {
                    Ok(entry.map_or(ControlFlow::Continue(()), |e| each(&e)))
                })
            }
        }
    }
}

impl Store {
    /// Reads the chosen campaign on one snapshot: `read` is given its log, to go through
    /// as often as it needs without holding it when it is in the order written.
    pub fn reading<T, E: From<StoreError>>(
        &self,
        named: Option<&str>,
        read: impl FnOnce(&CampaignInfo, &Reading<'_>) -> Result<T, E>,
    ) -> Result<T, E> {
        self.snapshot(|store| {
            let info = store.choose_campaign(named)?;
            let long = records(&store.conn, info.id)? >= HELD_BELOW;
            let in_order = if long {
                read_in_order(&store.conn, info.id)?
            } else {
                None
            };
            let reading = match in_order {
                Some(reading) => reading,
                None => Reading::Whole(store.read(info.id)?),
            };
            read(&info, &reading)
        })
    }

    /// The chosen campaign as it was right after game `after` (see `--after`), on one
    /// snapshot: as kept beside the checkpoint when it is (`kept_after`), else its log read
    /// in order without holding it; none when the log is not in the order written (the
    /// caller reads it whole).
    pub fn after(
        &self,
        named: Option<&str>,
        after: u32,
    ) -> Result<Option<(CampaignInfo, After)>, StoreError> {
        self.snapshot(|store| {
            let info = store.choose_campaign(named)?;
            if let Some(kept) = store.kept_after(info.id, after)? {
                return Ok(Some((info, kept)));
            }
            let Some(reading) = read_in_order(&store.conn, info.id)? else {
                return Ok(None);
            };
            let cut = reading.fold_until(Some(after), true)?;
            let folded = if cut.played < after {
                After::Played(cut.played)
            } else {
                After::Folded(Box::new(cut.campaign))
            };
            Ok(Some((info, folded)))
        })
    }
}
