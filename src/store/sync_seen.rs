//! What the last sync of a campaign with a shared folder left agreeing: the folder's files
//! (name, length, hash) and this database's log. A sync that finds both as they were brings
//! nothing, so it answers from here instead of reading every record of every file again.

use rusqlite::{OptionalExtension, params};

use super::{Store, StoreError};

/// A sync that left the folder and the log agreeing, as remembered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncSeen {
    /// The log's state (`Store::log_state`) when it ended.
    pub log: String,
    /// The folder's files then, one line a file: `NAME STAT SHA256`.
    pub files: String,
    /// The games played, and the records this device's file relays.
    pub games: u32,
    pub relayed: u32,
}

impl Store {
    /// The state of a campaign's log on this database, in one line: its last record
    /// written, where the log ends here, the records set aside and dropped, the device, the
    /// database's identity and chronicle's version. Every write of the log appends a record
    /// (a correction, a taking back and a resolved fork too; none is deleted), and every
    /// sync that takes or sets aside anything changes one of them, so the state changes
    /// with each; it is read through indexes, whatever the log's length.
    pub fn log_state(&self, campaign_id: i64) -> Result<String, StoreError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT (SELECT seq || ':' || uid FROM entry WHERE campaign_id = ?1
                     ORDER BY seq DESC LIMIT 1),
                    (SELECT head FROM campaign WHERE id = ?1),
                    (SELECT COUNT(*) || ':' || COALESCE(SUM(dropped), 0) FROM set_aside
                     WHERE campaign_id = ?1),
                    (SELECT value FROM setting WHERE key = 'device'),
                    (SELECT value FROM setting WHERE key = 'database')",
        )?;
        Ok(statement.query_row(params![campaign_id], |row| {
            let mut parts = Vec::with_capacity(6);
            for i in 0..5 {
                parts.push(row.get::<_, Option<String>>(i)?.unwrap_or_default());
            }
            // Another version of chronicle may read the same files otherwise.
            parts.push(env!("CARGO_PKG_VERSION").to_string());
            Ok(parts.join(" "))
        })?)
    }

    /// What the last sync of campaign `campaign_id` with `folder` as `device` left
    /// agreeing, if it left them so.
    pub fn sync_seen(
        &self,
        campaign_id: i64,
        folder: &str,
        device: &str,
    ) -> Result<Option<SyncSeen>, StoreError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT log, files, games, relayed FROM sync_seen
             WHERE campaign_id = ?1 AND folder = ?2 AND device = ?3",
        )?;
        Ok(statement
            .query_row(params![campaign_id, folder, device], |row| {
                Ok(SyncSeen {
                    log: row.get(0)?,
                    files: row.get(1)?,
                    games: row.get(2)?,
                    relayed: row.get(3)?,
                })
            })
            .optional()?)
    }

    /// Remembers what a sync left agreeing.
    pub fn remember_sync(
        &mut self,
        campaign_id: i64,
        folder: &str,
        device: &str,
        seen: &SyncSeen,
    ) -> Result<(), StoreError> {
        self.write(true, |tx| {
            tx.execute(
                "INSERT INTO sync_seen (campaign_id, folder, device, log, files, games, relayed)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                 ON CONFLICT (campaign_id, folder, device) DO UPDATE SET
                    log = excluded.log, files = excluded.files,
                    games = excluded.games, relayed = excluded.relayed",
                params![
                    campaign_id,
                    folder,
                    device,
                    seen.log,
                    seen.files,
                    seen.games,
                    seen.relayed
                ],
            )?;
            Ok(())
        })
    }
}
