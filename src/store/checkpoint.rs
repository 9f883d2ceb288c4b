//! The checkpoint of each campaign (migrations/V5__checkpoint.sql): its state as folded from
//! its log, written in the same transaction as every write to the log, and dropped by the
//! triggers whenever the log changes otherwise. A read of the board now takes it when this
//! build's fold made it and no record was added since; else it folds the log as ever.
//!
//! Beside it, the world after each game (migrations/V6__game_checkpoint.sql), which
//! `--after N` reads: kept by every write with the checkpoint, and read only while the
//! checkpoint is current.

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, params};

use super::stream::After;
use super::{Store, StoreError};
use crate::domain::checkpoint::{FOLD, GAMES_KEPT, after_each_game};
use crate::domain::{Campaign, LoggedEntry};

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

/// Writes the world after each game (see `after_each_game`: games 0 to n - 1) as what is
/// kept of the campaign's games, in place of what was kept before. A world already kept as
/// it would be is left as it is, so a write that changed nothing writes nothing.
pub(super) fn write_games(
    conn: &Connection,
    campaign_id: i64,
    games: &[(u32, String)],
) -> Result<(), StoreError> {
    conn.prepare_cached("DELETE FROM game_checkpoint WHERE campaign_id = ?1 AND game >= ?2")?
        .execute(params![
            campaign_id,
            i64::try_from(games.len()).unwrap_or(i64::MAX)
        ])?;
    let mut upsert = conn.prepare_cached(
        "INSERT INTO game_checkpoint (campaign_id, game, state) VALUES (?1, ?2, ?3)
         ON CONFLICT (campaign_id, game) DO UPDATE SET state = excluded.state
         WHERE state IS NOT excluded.state",
    )?;
    for (game, state) in games {
        upsert.execute(params![campaign_id, game, state])?;
    }
    Ok(())
}

/// Makes the world after each game again from the log as corrected (`entries`).
pub(super) fn make_games(
    conn: &Connection,
    campaign_id: i64,
    entries: &[LoggedEntry],
) -> Result<(), StoreError> {
    let games = after_each_game(entries).map_err(|u| StoreError::BrokenLog(u.into()))?;
    write_games(conn, campaign_id, &games)
}

/// What a write adds to a campaign's log, for the world kept after each game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Added {
    /// One entry at the end of the log: a game (its number), or one between games (none).
    AtEnd(Option<u32>),
    /// Anything else: a correction, an entry placed before later ones, with the world
    /// after each game (as `after_each_game` makes them) from the fold of the log with it.
    Elsewhere(Vec<(u32, String)>),
}

/// Keeps the world after each game as it is with a record added, in the write's
/// transaction, before the checkpoint is written again (`latest`: the `seq` of the log's
/// latest record before it). A game added at the end makes the checkpoint, the world
/// before it, the world after the game before; an entry added at the end between games
/// changes none of them. That holds only when the checkpoint was current: else each is made
/// again from the log as corrected with the record (`entries`). Any other record brings
/// them, from the fold that took it.
pub(super) fn keep_games(
    conn: &Connection,
    campaign_id: i64,
    latest: u32,
    added: Added,
    entries: &[LoggedEntry],
) -> Result<(), StoreError> {
    let kept = match added {
        Added::AtEnd(Some(game)) if game.saturating_sub(1) < GAMES_KEPT => {
            let copied = conn
                .prepare_cached(
                    "INSERT OR REPLACE INTO game_checkpoint (campaign_id, game, state)
                     SELECT campaign_id, ?2, state FROM checkpoint
                     WHERE campaign_id = ?1 AND fold = ?3 AND seq = ?4",
                )?
                .execute(params![campaign_id, game.saturating_sub(1), FOLD, latest])?;
            copied == 1
        }
        Added::AtEnd(_) => conn
            .prepare_cached(
                "SELECT EXISTS (SELECT 1 FROM checkpoint
                 WHERE campaign_id = ?1 AND fold = ?2 AND seq = ?3)",
            )?
            .query_row(params![campaign_id, FOLD, latest], |row| row.get(0))?,
        Added::Elsewhere(games) => return write_games(conn, campaign_id, &games),
    };
    if kept {
        return Ok(());
    }
    make_games(conn, campaign_id, entries)
}

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

/// The world after a game as kept of a campaign whose checkpoint is current.
const KEPT_GAME: &str = "SELECT g.game, g.state FROM game_checkpoint g
     JOIN checkpoint c ON c.campaign_id = g.campaign_id
     WHERE g.campaign_id = ?1 AND c.fold = ?2
       AND c.seq = (SELECT coalesce(MAX(seq), 0) FROM entry WHERE campaign_id = ?1)";

impl Store {
    /// The world after game `after` as kept, read as one state: the game's own, or the
    /// checkpoint for the latest game (or a game not played); none when it is not kept
    /// (the checkpoint is not current, or the game is past those kept) and the log is to be
    /// folded.
    pub fn kept_after(&self, campaign_id: i64, after: u32) -> Result<Option<After>, StoreError> {
        let state: Option<String> = self
            .conn
            .query_row(
                &format!("{KEPT_GAME} AND g.game = ?3"),
                params![campaign_id, FOLD, after],
                |row| row.get(1),
            )
            .optional()?;
        if let Some(state) = state {
            return Ok(Campaign::from_checkpoint(&state).map(|c| After::Folded(Box::new(c))));
        }
        let Kept::Current(campaign) = self.checkpoint(campaign_id)? else {
            return Ok(None);
        };
        let played = campaign.games_played();
        Ok(match after {
            _ if after == played => Some(After::Folded(campaign)),
            _ if after > played => Some(After::Played(played)),
            _ => None,
        })
    }

    /// The world after each game as kept, by game, when the checkpoint is current (else
    /// none: it is not read), for `check` to compare with a fold.
    pub(super) fn kept_games(&self, campaign_id: i64) -> Result<HashMap<u32, String>, StoreError> {
        let mut kept = self.conn.prepare(KEPT_GAME)?;
        let rows = kept.query_map(params![campaign_id, FOLD], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Makes the checkpoint, and the world after each game, of every campaign that has no
    /// current one (a file just upgraded, or last written by another build), each folded
    /// from its log, in one transaction: what `chronicle upgrade` does after the schema.
    /// A campaign whose log does not fold is left as it is, for its reads to fold and name
    /// what breaks. Gives how many were made.
    pub fn make_checkpoints(&mut self) -> Result<usize, StoreError> {
        let ids: Vec<i64> = self.campaigns()?.iter().map(|c| c.id).collect();
        self.write(true, |tx| {
            let mut made = 0;
            for id in ids {
                let current: bool = tx
                    .prepare_cached(&format!(
                        "SELECT EXISTS (SELECT 1 FROM checkpoint
                         WHERE campaign_id = ?1 AND fold = ?2 AND {LATEST})"
                    ))?
                    .query_row(params![id, FOLD], |row| row.get(0))?;
                if current {
                    continue;
                }
                let ordered = match super::decode::ordered(tx, id) {
                    Err(StoreError::BrokenLog(_)) => continue,
                    ordered => ordered?,
                };
                let Ok((resolved, campaign)) = crate::domain::log::resolve_and_fold(&ordered.log)
                else {
                    continue;
                };
                make_games(tx, id, &resolved.entries)?;
                write(tx, id, &campaign.checkpoint())?;
                made += 1;
            }
            Ok(made)
        })
    }

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
