//! The store: the only place that speaks SQL. It opens the database (pragmas, migrations,
//! version check), keeps campaigns, and writes each entry of a log in one transaction.

mod campaigns;
mod check;
mod decode;
mod encode;
mod error;
mod log;
mod stored;
#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::config::DbConfig;
use rusqlite::{Connection, OpenFlags, TransactionBehavior};

pub use campaigns::CampaignInfo;
pub use check::CheckReport;
pub use error::StoreError;
pub use log::{Loaded, Recorded, StoredLog};

mod embedded {
    refinery::embed_migrations!("migrations");
}

mod known {
    include!(concat!(env!("OUT_DIR"), "/schema_version.rs"));
}

/// How long a write waits for another process's transaction before giving up.
pub const DEFAULT_BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Whether opening may create a new database file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Create {
    /// Create the file if it does not exist (`init`, `demo`).
    IfMissing,
    /// The file must exist.
    Never,
}

/// An open chronicle database.
pub struct Store {
    conn: Connection,
    path: PathBuf,
}

impl Store {
    /// Opens (or creates) the database at `path`: WAL, foreign keys, a busy timeout, and
    /// every migration this chronicle knows applied. A database written by a newer
    /// chronicle is refused.
    pub fn open(path: &Path, create: Create, busy_timeout: Duration) -> Result<Store, StoreError> {
        let owned = path.to_path_buf();
        if path.is_dir() {
            return Err(StoreError::IsDirectory { path: owned });
        }
        if !path.exists() {
            if create == Create::Never {
                return Err(StoreError::Missing { path: owned });
            }
            let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
            if folder.is_some_and(|f| !f.is_dir()) {
                return Err(StoreError::NoFolder {
                    path: folder.map(Path::to_path_buf).unwrap_or_default(),
                });
            }
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI;
        let conn =
            Connection::open_with_flags(path, flags).map_err(|e| StoreError::CannotOpen {
                path: owned.clone(),
                reason: e.to_string(),
            })?;
        let mut store = Store { conn, path: owned };
        store.prepare(busy_timeout)?;
        Ok(store)
    }

    /// A database in memory, for tests.
    pub fn in_memory() -> Result<Store, StoreError> {
        let conn = Connection::open_in_memory()?;
        let mut store = Store {
            conn,
            path: PathBuf::from(":memory:"),
        };
        store.prepare(DEFAULT_BUSY_TIMEOUT)?;
        Ok(store)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn prepare(&mut self, busy_timeout: Duration) -> Result<(), StoreError> {
        self.conn.busy_timeout(busy_timeout)?;
        // Room for the insert statements of every size of game.
        self.conn.set_prepared_statement_cache_capacity(64);
        // Query plans that do not depend on the values bound: without this, SQLite
        // prepares each of the log's queries twice (the partial index on games makes a
        // bound campaign id look plan-changing), a fifth of what reading a log costs.
        self.conn
            .set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
        let not_a_database = |e: rusqlite::Error| match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::NotADatabase | rusqlite::ErrorCode::DatabaseCorrupt) => {
                StoreError::NotADatabase {
                    path: self.path.clone(),
                }
            }
            _ => StoreError::from(e),
        };
        self.conn
            .query_row("PRAGMA journal_mode = WAL", [], |_| Ok(()))
            .map_err(not_a_database)?;
        self.conn
            .execute_batch("PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;")
            .map_err(not_a_database)?;
        // A file already at this chronicle's schema needs nothing more (and the migration
        // runner, which parses every migration's name, costs a third of a read command).
        if self.refuse_newer()? < Store::known_version() {
            embedded::migrations::runner()
                .run(&mut self.conn)
                .map_err(|e| StoreError::Migration {
                    detail: e.to_string(),
                })?;
        }
        Ok(())
    }

    /// The newest schema version this chronicle knows (from the migration files' names, at
    /// build time).
    pub fn known_version() -> i64 {
        known::KNOWN_SCHEMA
    }

    /// The schema version the file was last migrated to (0 for a new file).
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        let has_history: bool = self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'refinery_schema_history')",
            [],
            |row| row.get(0),
        )?;
        if !has_history {
            return Ok(0);
        }
        let version: Option<i64> = self.conn.query_row(
            "SELECT MAX(version) FROM refinery_schema_history",
            [],
            |row| row.get(0),
        )?;
        Ok(version.unwrap_or(0))
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

    /// The file's schema version, refused when newer than this chronicle knows.
    fn refuse_newer(&self) -> Result<i64, StoreError> {
        let found = self.schema_version()?;
        let known = Store::known_version();
        if found > known {
            return Err(StoreError::Newer {
                path: self.path.clone(),
                found,
                known,
            });
        }
        Ok(found)
    }

    /// Runs `work` in one `BEGIN IMMEDIATE` transaction: committed when it returns `Ok`
    /// (and `commit` is true), rolled back otherwise, so nothing is half written.
    fn write<T, E: From<StoreError>>(
        &mut self,
        commit: bool,
        work: impl FnOnce(&rusqlite::Transaction<'_>) -> Result<T, E>,
    ) -> Result<T, E> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(StoreError::from)?;
        let value = work(&tx)?;
        if commit {
            tx.commit().map_err(StoreError::from)?;
        }
        Ok(value)
    }
}
