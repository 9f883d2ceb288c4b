//! Opening the database file: for reading (read-only: nothing is created, migrated or
//! changed) or for writing (created when asked, migrated, said so). A file that is not a
//! chronicle database is refused before anything touches it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::config::DbConfig;
use rusqlite::{Connection, OpenFlags};

use super::{Store, StoreError, embedded, known};

/// What a command does with the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Reads only: the file must be a chronicle database of this version; it is opened
    /// read-only and never created, migrated or changed.
    Read,
    /// Writes into an existing database (migrated first if an earlier chronicle wrote it).
    Write,
    /// Writes, creating the file if it does not exist (`init`, `demo`, `import`).
    Create,
}

/// What opening for writing did to the file, for the command to say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    /// The file was created.
    pub created: bool,
    /// The file was upgraded from this schema version.
    pub upgraded_from: Option<i64>,
}

impl Store {
    /// Opens the database at `path` for `access`. Writing sets WAL, foreign keys and full
    /// syncs, and applies every migration this chronicle knows; a database written by a
    /// newer chronicle, or a file that is not a chronicle database, is refused.
    pub fn open(path: &Path, access: Access, busy_timeout: Duration) -> Result<Store, StoreError> {
        let owned = path.to_path_buf();
        refuse_uri(path)?;
        if path.is_dir() {
            return Err(StoreError::IsDirectory { path: owned });
        }
        let exists = path.exists();
        if !exists {
            if access != Access::Create {
                return Err(StoreError::Missing { path: owned });
            }
            let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
            if folder.is_some_and(|f| !f.is_dir()) {
                return Err(StoreError::NoFolder {
                    path: folder.map(Path::to_path_buf).unwrap_or_default(),
                });
            }
        } else if !path.is_file() {
            return Err(StoreError::NotAFile { path: owned });
        }
        let open = |immutable: bool| -> Result<Store, StoreError> {
            let mut store = Store {
                conn: connect(path, access, immutable)?,
                path: owned.clone(),
                opening: Opening {
                    created: !exists,
                    upgraded_from: None,
                },
            };
            store.prepare(access, busy_timeout)?;
            Ok(store)
        };
        match open(false) {
            // SQLite keeps a shared-memory file beside a database in WAL mode; in a folder
            // chronicle cannot write to, with no other process holding the database (no
            // `-wal` file), the file is read as it is instead.
            // (Never with a hot journal beside it: that would read a half-written change.)
            Err(StoreError::CannotOpen { .. } | StoreError::Sqlite(_))
                if access == Access::Read
                    && !beside(path, "-wal").exists()
                    && !beside(path, "-journal").exists()
                    && !folder_writable(path) =>
            {
                open(true)
            }
            opened => opened,
        }
    }

    /// Rolls back the hot journal a command stopped midway left beside the file at `path`,
    /// as the next command that writes would (`check` does it before it reads): the file is
    /// opened for writing and read once, nothing else. False when there was no journal.
    pub fn recover(path: &Path) -> Result<bool, StoreError> {
        refuse_uri(path)?;
        if !beside(path, "-journal").exists() || !path.is_file() {
            return Ok(false);
        }
        let conn = connect(path, Access::Write, false)?;
        conn.query_row("SELECT COUNT(*) FROM sqlite_master", [], |_| Ok(()))?;
        Ok(true)
    }

    /// A database in memory, for tests.
    pub fn in_memory() -> Result<Store, StoreError> {
        let conn = Connection::open_in_memory()?;
        let mut store = Store {
            conn,
            path: PathBuf::from(":memory:"),
            opening: Opening::default(),
        };
        store.prepare(Access::Create, super::DEFAULT_BUSY_TIMEOUT)?;
        Ok(store)
    }

    /// What opening did to the file: created it, upgraded it.
    /// Folds the write-ahead log into the file, so that the file alone holds the whole
    /// database once this store is closed (before the file is moved).
    pub(crate) fn settle(&self) -> Result<(), StoreError> {
        self.conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        Ok(())
    }

    pub fn opening(&self) -> Opening {
        self.opening
    }

    fn prepare(&mut self, access: Access, busy_timeout: Duration) -> Result<(), StoreError> {
        self.conn.busy_timeout(busy_timeout)?;
        // Room for the insert statements of every size of game.
        self.conn.set_prepared_statement_cache_capacity(64);
        // Query plans that do not depend on the values bound: without this, SQLite
        // prepares each of the log's queries twice (the partial index on games makes a
        // bound campaign id look plan-changing), a fifth of what reading a log costs.
        self.conn
            .set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
        let found = self.identify()?;
        if access == Access::Read {
            self.conn
                .execute_batch("PRAGMA query_only = ON;")
                .map_err(|e| self.not_a_database(e))?;
            return self.refuse_older(found);
        }
        // Only the commands that create a campaign make an empty file a database.
        if access == Access::Write && found == 0 {
            return Err(StoreError::Empty {
                path: self.path.clone(),
            });
        }
        self.conn
            .query_row("PRAGMA journal_mode = WAL", [], |_| Ok(()))
            .map_err(|e| self.not_a_database(e))?;
        self.conn
            .execute_batch("PRAGMA synchronous = FULL;")
            .map_err(|e| self.not_a_database(e))?;
        // A file already at this chronicle's schema needs nothing more (and the migration
        // runner, which parses every migration's name, costs a third of a read command).
        // Migrations run with foreign keys off (a table rebuilt must not take its rows'
        // seats and changes with it) and are checked for them after.
        if found < Store::known_version() {
            self.conn
                .execute_batch("PRAGMA foreign_keys = OFF;")
                .map_err(|e| self.not_a_database(e))?;
            // All migrations and their history rows in one transaction: a process killed
            // midway leaves the file as it was, never a migration applied but not recorded.
            embedded::migrations::runner()
                .set_grouped(true)
                .run(&mut self.conn)
                .map_err(|e| StoreError::Migration {
                    detail: e.to_string(),
                })?;
            let dangling: i64 = self.conn.query_row(
                "SELECT COUNT(*) FROM pragma_foreign_key_check",
                [],
                |row| row.get(0),
            )?;
            if dangling > 0 {
                return Err(StoreError::Migration {
                    detail: format!("{dangling} rows point at rows that do not exist after it"),
                });
            }
            if found > 0 {
                self.opening.upgraded_from = Some(found);
            }
        }
        self.conn
            .execute_batch("PRAGMA foreign_keys = ON;")
            .map_err(|e| self.not_a_database(e))?;
        Ok(())
    }

    fn not_a_database(&self, error: rusqlite::Error) -> StoreError {
        if needs_recovery(&error) {
            return StoreError::NeedsRecovery {
                path: self.path.clone(),
            };
        }
        match error.sqlite_error_code() {
            Some(rusqlite::ErrorCode::NotADatabase | rusqlite::ErrorCode::DatabaseCorrupt) => {
                StoreError::NotADatabase {
                    path: self.path.clone(),
                }
            }
            _ => StoreError::from(error),
        }
    }

    /// The newest schema version this chronicle knows (from the migration files' names, at
    /// build time).
    pub fn known_version() -> i64 {
        known::KNOWN_SCHEMA
    }

    /// The file's schema version (0 for an empty file); a file that is another program's
    /// database, or one written by a newer chronicle, is refused.
    fn identify(&self) -> Result<i64, StoreError> {
        let tables: Vec<String> = {
            let mut statement = self
                .conn
                .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
                .map_err(|e| self.not_a_database(e))?;
            statement
                .query_map([], |row| row.get(0))
                .map_err(|e| self.not_a_database(e))?
                .collect::<Result<_, _>>()
                .map_err(|e| self.not_a_database(e))?
        };
        let ours = ["campaign", "refinery_schema_history"];
        if tables.is_empty() {
            return Ok(0);
        }
        if !ours.iter().all(|t| tables.iter().any(|name| name == t)) {
            return Err(StoreError::NotChronicle {
                path: self.path.clone(),
                tables,
            });
        }
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

    /// A read needs the file at this chronicle's schema: an empty file or one an earlier
    /// chronicle wrote is refused, and left as it is.
    fn refuse_older(&self, found: i64) -> Result<(), StoreError> {
        if found == 0 {
            return Err(StoreError::Empty {
                path: self.path.clone(),
            });
        }
        if found < Store::known_version() {
            return Err(StoreError::Older {
                path: self.path.clone(),
                found,
                known: Store::known_version(),
            });
        }
        Ok(())
    }

    /// The schema version the file was last migrated to, from its table of migrations
    /// (which `identify` found among the file's tables).
    fn schema_version(&self) -> Result<i64, StoreError> {
        let version: Option<i64> = self
            .conn
            .query_row(
                "SELECT MAX(version) FROM refinery_schema_history",
                [],
                |row| row.get(0),
            )
            .map_err(|_| StoreError::Damaged {
                detail: "its table of schema versions cannot be read".to_string(),
            })?;
        Ok(version.unwrap_or(0))
    }
}

/// SQLite reads `file:` names as URIs (`file:x.db?mode=memory`); chronicle takes paths, and
/// refuses such a name rather than open something else than it says.
pub fn refuse_uri(path: &Path) -> Result<(), StoreError> {
    if path.to_string_lossy().starts_with("file:") {
        return Err(StoreError::Uri {
            path: path.to_path_buf(),
        });
    }
    Ok(())
}

/// The connection: read-only for reading; `immutable` reads the file as it is, without the
/// shared-memory file of WAL mode.
fn connect(path: &Path, access: Access, immutable: bool) -> Result<Connection, StoreError> {
    let cannot_open = |e: rusqlite::Error| StoreError::CannotOpen {
        path: path.to_path_buf(),
        reason: e.to_string(),
    };
    let flags = match access {
        Access::Read => OpenFlags::SQLITE_OPEN_READ_ONLY,
        Access::Write => OpenFlags::SQLITE_OPEN_READ_WRITE,
        Access::Create => OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
    } | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    if immutable {
        let uri = immutable_uri(path).ok_or_else(|| StoreError::CannotOpen {
            path: path.to_path_buf(),
            reason: "its full path cannot be found".to_string(),
        })?;
        return Connection::open_with_flags(uri, flags | OpenFlags::SQLITE_OPEN_URI)
            .map_err(cannot_open);
    }
    Connection::open_with_flags(path, flags).map_err(cannot_open)
}

/// The file SQLite keeps beside a database with this suffix (`-wal`, `-journal`).
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}

/// Whether SQLite refused to read because a hot journal must be rolled back first, which
/// a connection that only reads may not do.
fn needs_recovery(error: &rusqlite::Error) -> bool {
    error
        .sqlite_error()
        .is_some_and(|e| e.extended_code == rusqlite::ffi::SQLITE_READONLY_ROLLBACK)
}

/// Whether files can be made in the folder of `path` (tried, not guessed from modes).
fn folder_writable(path: &Path) -> bool {
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    tempfile::Builder::new()
        .prefix(".chronicle-probe-")
        .tempfile_in(folder)
        .is_ok()
}

/// `file:/full/path?immutable=1`, the path percent-encoded.
fn immutable_uri(path: &Path) -> Option<String> {
    let full = std::fs::canonicalize(path).ok()?;
    let mut uri = String::from("file:");
    for byte in full.to_str()?.bytes() {
        if byte.is_ascii_alphanumeric() || b"/-_.~".contains(&byte) {
            uri.push(char::from(byte));
        } else {
            let _ = write!(uri, "%{byte:02X}");
        }
    }
    uri.push_str("?immutable=1");
    Some(uri)
}
