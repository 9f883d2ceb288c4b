//! The checkpoint of each campaign (migrations/V5__checkpoint.sql): its state as folded from
//! its log, written in the same transaction as every write to the log, and dropped by the
//! triggers whenever the log changes otherwise. A read of the board now takes it when this
//! build's fold made it and no record was added since; else it folds the log as ever.

use rusqlite::{Connection, OptionalExtension, params};

use super::{Store, StoreError};
use crate::domain::Campaign;
use crate::domain::checkpoint::FOLD;

/// Writes `state` (a campaign's checkpoint text) as the checkpoint of its log, made with its
/// latest record (the last step of a write). A checkpoint already as it would be is left as
/// it is, so a write that changed nothing writes nothing.
pub(super) fn write(conn: &Connection, campaign_id: i64, state: &str) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO checkpoint (campaign_id, fold, state, seq)
         VALUES (?1, ?2, ?3, (SELECT coalesce(MAX(seq), 0) FROM entry WHERE campaign_id = ?1))
         ON CONFLICT (campaign_id) DO UPDATE
         SET fold = excluded.fold, state = excluded.state, seq = excluded.seq
         WHERE fold IS NOT excluded.fold OR state IS NOT excluded.state OR seq IS NOT excluded.seq",
    )?
    .execute(params![campaign_id, FOLD, state])?;
    Ok(())
}

/// Whether the checkpoint was made with the campaign's latest record (none added since).
const LATEST: &str = "seq = (SELECT coalesce(MAX(seq), 0) FROM entry WHERE campaign_id = ?1)";

/// What is kept of a campaign's checkpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// None is kept (a change since dropped it, or none was made yet), or the one kept was
    /// made before the latest record.
    None,
    /// Another build's fold made it: it is not read.
    OtherFold,
    /// One this build reads.
    Current(Box<Campaign>),
    /// Its text is not a state this build can read.
    Unreadable,
}

impl Store {
    /// The campaign's checkpoint as stored: what a read of the state now takes when it is
    /// current, and what `check` compares with a fold.
    pub fn checkpoint(&self, campaign_id: i64) -> Result<Kept, StoreError> {
        let row: Option<(String, String)> = self
            .conn
            .query_row(
                &format!("SELECT fold, state FROM checkpoint WHERE campaign_id = ?1 AND {LATEST}"),
                params![campaign_id],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?;
        Ok(match row {
            None => Kept::None,
            Some((fold, _)) if fold != FOLD => Kept::OtherFold,
            Some((_, state)) => Campaign::from_checkpoint(&state)
                .map_or(Kept::Unreadable, |c| Kept::Current(Box::new(c))),
        })
    }
}
