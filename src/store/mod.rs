//! The store: the only place that speaks SQL. It opens the database (pragmas, migrations,
//! version check), keeps campaigns, and writes each entry of a log in one transaction.

mod campaigns;
mod check;
mod decode;
mod decode_game;
mod device;
mod encode;
mod error;
mod ids;
mod log;
mod open;
mod photos;
mod set_aside;
mod stored;
mod sync;
mod sync_seen;
#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, TransactionBehavior};

pub use campaigns::CampaignInfo;
pub use check::CheckReport;
pub use error::StoreError;
pub use ids::mint as mint_id;
pub use log::{Appended, Current, Loaded, NewRecord, Recorded, Stamp, StoredLog};
pub use open::{Access, Opening, refuse_uri};
pub use photos::{ImageBytes, sha256};
pub use set_aside::SetAside;
pub use sync::Synced;
pub use sync_seen::SyncSeen;

mod embedded {
    refinery::embed_migrations!("migrations");
}

mod known {
    include!(concat!(env!("OUT_DIR"), "/schema_version.rs"));
}

/// How long a write waits for another process's transaction before giving up.
pub(crate) const DEFAULT_BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// An open chronicle database.
pub struct Store {
    conn: Connection,
    path: PathBuf,
    opening: Opening,
}

impl Store {
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The schema as SQLite keeps it, every table and index in name order, for
    /// `schema/schema.snap.sql` and for people who open the file with `sqlite3`.
    pub fn schema_sql(&self) -> Result<String, StoreError> {
        let mut statement = self.conn.prepare(
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
             ORDER BY CASE type WHEN 'table' THEN 0 ELSE 1 END, name",
        )?;
        let statements = statement
            .query_map([], |row| row.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(statements
            .iter()
            .map(|s| format!("{s};\n"))
            .collect::<Vec<_>>()
            .join("\n"))
    }

    /// Runs `work` in one `BEGIN IMMEDIATE` transaction: committed when it returns `Ok`
    /// (and `commit` is true), rolled back otherwise, so nothing is half written. A work
    /// that is not to be committed (a dry run) reads in a plain transaction instead, which
    /// a database opened for reading allows.
    fn write<T, E: From<StoreError>>(
        &mut self,
        commit: bool,
        work: impl FnOnce(&rusqlite::Transaction<'_>) -> Result<T, E>,
    ) -> Result<T, E> {
        let behavior = if commit {
            TransactionBehavior::Immediate
        } else {
            TransactionBehavior::Deferred
        };
        let tx = self
            .conn
            .transaction_with_behavior(behavior)
            .map_err(StoreError::from)?;
        let value = work(&tx)?;
        if commit {
            tx.commit().map_err(StoreError::from)?;
        }
        Ok(value)
    }

    /// Runs `read` on one snapshot of the database: every query it makes sees the same
    /// state, whatever other processes write meanwhile.
    pub fn snapshot<T, E: From<StoreError>>(
        &self,
        read: impl FnOnce(&Store) -> Result<T, E>,
    ) -> Result<T, E> {
        let tx = self
            .conn
            .unchecked_transaction()
            .map_err(StoreError::from)?;
        let value = read(self);
        drop(tx);
        value
    }
}
