//! What can go wrong with the database file, and with the campaigns in it.

use std::path::PathBuf;

use thiserror::Error;

use crate::domain::Refusal;

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("There is no chronicle database at {}. Start a campaign with `chronicle init`, or point --db (or CHRONICLE_DB) at your database.", path.display())]
    Missing { path: PathBuf },

    #[error("The folder {} does not exist, so no database can be kept there. Create it, or give another --db path.", path.display())]
    NoFolder { path: PathBuf },

    #[error("{} is a directory, not a database file. Give the path of a file with --db.", path.display())]
    IsDirectory { path: PathBuf },

    #[error("{} is not a chronicle database (it is not an SQLite file, or it is damaged). Give the right --db path, or restore a backup.", path.display())]
    NotADatabase { path: PathBuf },

    #[error("{} cannot be opened: {reason}. Check the path and its permissions.", path.display())]
    CannotOpen { path: PathBuf, reason: String },

    #[error("{} was written by a newer chronicle (schema version {found}; this one knows up to {known}). Use the newer chronicle, or a backup made before it.", path.display())]
    Newer {
        path: PathBuf,
        found: i64,
        known: i64,
    },

    #[error("The database is busy: another chronicle is writing to it. Try again in a moment.")]
    Busy,

    #[error("The database is damaged: {detail}. Restore a backup.")]
    Damaged { detail: String },

    #[error("The database could not be upgraded: {detail}.")]
    Migration { detail: String },

    #[error(
        "SQLite error: {0}. If it persists, run `chronicle check` and keep a `chronicle backup`."
    )]
    Sqlite(rusqlite::Error),

    #[error(
        "No campaign in this database is called \"{given}\".{}",
        hint_campaigns(known)
    )]
    UnknownCampaign { given: String, known: Vec<String> },

    #[error("There is no campaign in this database yet. Start one with `chronicle init [NAME]`.")]
    NoCampaign,

    #[error("This database holds several campaigns ({}); choose one with --campaign NAME or `chronicle campaign use NAME`.", known.join(", "))]
    WhichCampaign { known: Vec<String> },

    #[error(
        "A campaign called \"{name}\" exists already in this database. Choose another name, or use it with `chronicle campaign use \"{name}\"`."
    )]
    CampaignExists { name: String },

    #[error(
        "Campaign \"{name}\" is not a demo campaign; `chronicle demo` never replaces a real campaign. Give the demo another database with --db."
    )]
    NotADemo { name: String },

    #[error("{}", match latest {
        None => "There is no game to take back.".to_string(),
        Some(latest) => format!("Game {expected} is not the latest game any more (game {latest} is); look again with `chronicle game list`."),
    })]
    NotLatestGame { expected: u32, latest: Option<u32> },

    #[error("{0}")]
    Refused(#[from] Refusal),
}

fn hint_campaigns(known: &[String]) -> String {
    if known.is_empty() {
        " Start one with `chronicle init NAME`.".to_string()
    } else {
        format!(" Campaigns here: {}.", known.join(", "))
    }
}

impl StoreError {
    /// Whether the problem is the database itself (exit code 3) rather than what the
    /// person asked for (exit code 1).
    pub fn is_database(&self) -> bool {
        !matches!(
            self,
            StoreError::UnknownCampaign { .. }
                | StoreError::NoCampaign
                | StoreError::WhichCampaign { .. }
                | StoreError::CampaignExists { .. }
                | StoreError::NotADemo { .. }
                | StoreError::NotLatestGame { .. }
                | StoreError::Refused(_)
        )
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> StoreError {
        use rusqlite::ErrorCode;
        match error.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Busy,
            Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => StoreError::Damaged {
                detail: error.to_string(),
            },
            _ => StoreError::Sqlite(error),
        }
    }
}
