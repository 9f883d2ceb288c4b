//! The device this database is, for sync: its name (kept in `setting`), the origin each
//! record written here gets once it has one (the device and its own count of records), and
//! where each campaign's log ends on this device (its head); the database's identity and
//! the place it took it at (a copy is somewhere else).

use rusqlite::{Connection, OptionalExtension, params};

use crate::domain::EntryId;

use super::StoreError;
use crate::domain::Origin;

/// The device's name, once a sync gave it one.
pub(super) fn name(conn: &Connection) -> Result<Option<String>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT value FROM setting WHERE key = 'device'",
            [],
            |row| row.get(0),
        )
        .optional()?)
}

/// Gives the device its name, and the database its identity if it has none yet.
pub(super) fn set_name(conn: &Connection, name: &str) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO setting (key, value) VALUES ('device', ?1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        params![name],
    )?;
    let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    conn.execute(
        "INSERT INTO setting (key, value) VALUES ('database', ?1) ON CONFLICT (key) DO NOTHING",
        params![super::ids::mint(&now, None).as_str()],
    )?;
    Ok(())
}

/// The identity of this database, made when it first synced (none before): a restored or
/// copied database keeps it, another database has its own.
pub(super) fn database(conn: &Connection) -> Result<Option<String>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT value FROM setting WHERE key = 'database'",
            [],
            |row| row.get(0),
        )
        .optional()?)
}

/// Where this database was when it took its identity (its host and file, `host:/path`),
/// none before its first sync: a copy carries the identity but is somewhere else.
pub(super) fn place(conn: &Connection) -> Result<Option<String>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT value FROM setting WHERE key = 'database_place'",
            [],
            |row| row.get(0),
        )
        .optional()?)
}

impl super::Store {
    /// Where this database was when it took its identity (see `place`).
    pub fn database_place(&self) -> Result<Option<String>, StoreError> {
        place(&self.conn)
    }

    /// Keeps where this database is as the place of its identity, unless one is kept (a
    /// database that synced before places were kept takes the place of its next sync).
    pub(crate) fn keep_place(&mut self, here: &str) -> Result<(), StoreError> {
        self.write(true, |tx| {
            tx.execute(
                "INSERT INTO setting (key, value) VALUES ('database_place', ?1)
                 ON CONFLICT (key) DO NOTHING",
                params![here],
            )?;
            Ok(())
        })
    }

    /// A copy of a database becomes a database of its own: the name `name`, an identity
    /// of its own and the place it is at. Its entries keep the device that wrote them.
    pub(crate) fn become_own_database(&mut self, name: &str, here: &str) -> Result<(), StoreError> {
        self.write(true, |tx| {
            tx.execute(
                "DELETE FROM setting WHERE key IN ('database', 'database_place')",
                [],
            )?;
            set_name(tx, name)?;
            tx.execute(
                "INSERT INTO setting (key, value) VALUES ('database_place', ?1)",
                params![here],
            )?;
            Ok(())
        })
    }
}

/// The origin of the next record this device writes in a campaign: none before the
/// device has a name.
pub(super) fn origin(conn: &Connection, campaign_id: i64) -> Result<Option<Origin>, StoreError> {
    let Some(device) = name(conn)? else {
        return Ok(None);
    };
    let last: Option<i64> = conn.query_row(
        "SELECT MAX(device_seq) FROM entry WHERE campaign_id = ?1 AND device = ?2",
        params![campaign_id, device],
        |row| row.get(0),
    )?;
    let seq = u64::try_from(last.unwrap_or(0)).unwrap_or(0) + 1;
    Ok(Some(Origin { device, seq }))
}

/// The record a campaign's log ends at on this device (none: the last written).
pub(super) fn head(conn: &Connection, campaign_id: i64) -> Result<Option<EntryId>, StoreError> {
    let head: Option<String> = conn
        .query_row(
            "SELECT head FROM campaign WHERE id = ?1",
            params![campaign_id],
            |row| row.get(0),
        )
        .optional()?
        .flatten();
    Ok(head.map(EntryId::from))
}

/// Records where the campaign's log ends on this device.
pub(super) fn set_head(
    tx: &rusqlite::Transaction<'_>,
    campaign_id: i64,
    head: Option<&EntryId>,
) -> Result<(), StoreError> {
    tx.execute(
        "UPDATE campaign SET head = ?1 WHERE id = ?2",
        params![head.map(EntryId::as_str), campaign_id],
    )?;
    Ok(())
}
