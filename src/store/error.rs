//! What can go wrong with the database file, and with the campaigns in it.

use std::path::PathBuf;

use thiserror::Error;

use crate::domain::BrokenLog;

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("There is no chronicle database at {}.", path.display())]
    Missing { path: PathBuf },

    #[error("The folder {} does not exist, so no database can be kept there.", path.display())]
    NoFolder { path: PathBuf },

    #[error("{} is a directory, not a database file.", path.display())]
    IsDirectory { path: PathBuf },

    #[error("{} is not a regular file (a device, a pipe or a socket), so it is no database.", path.display())]
    NotAFile { path: PathBuf },

    #[error("{} is a path given as an SQLite URI (`file:…`); chronicle takes a file's path.", path.display())]
    Uri { path: PathBuf },

    #[error("{} is an empty file, not a chronicle database.", path.display())]
    Empty { path: PathBuf },

    #[error("{} is an SQLite database of another program (its tables: {}), not a chronicle database; it was left as it is.", path.display(), tables.join(", "))]
    NotChronicle { path: PathBuf, tables: Vec<String> },

    #[error("{} was written by an earlier chronicle (schema version {found}; this one reads {known}).", path.display())]
    Older {
        path: PathBuf,
        found: i64,
        known: i64,
    },

    #[error("{} is not a chronicle database (it is not an SQLite file, or it is damaged).", path.display())]
    NotADatabase { path: PathBuf },

    #[error("{} needs recovery: a command writing to it was stopped midway, and its journal ({}-journal) holds what undoes the half-written change; reading never changes a file.", path.display(), path.display())]
    NeedsRecovery { path: PathBuf },

    #[error("{} cannot be opened: {reason}.", path.display())]
    CannotOpen { path: PathBuf, reason: String },

    #[error("{} was written by a newer chronicle (schema version {found}; this one knows up to {known}).", path.display())]
    Newer {
        path: PathBuf,
        found: i64,
        known: i64,
    },

    #[error("The database is busy: another chronicle is writing to it.")]
    Busy,

    #[error("The database is damaged: {detail}.")]
    Damaged { detail: String },

    #[error("The database is damaged: entry {} of the stored log breaks a rule ({}).", .0.seq, .0.refusal)]
    BrokenLog(BrokenLog),

    #[error("The database could not be upgraded: {detail}.")]
    Migration { detail: String },

    #[error("SQLite error: {0}.")]
    Sqlite(rusqlite::Error),

    #[error(
        "No campaign in this database is called \"{given}\".{}",
        hint_campaigns(known)
    )]
    UnknownCampaign { given: String, known: Vec<String> },

    #[error(
        "\"{given}\" could be several campaigns: {}. Give more of the name.",
        crate::domain::vocabulary::words::one_of(known)
    )]
    AmbiguousCampaign { given: String, known: Vec<String> },

    #[error("There is no campaign in this database yet.")]
    NoCampaign,

    #[error("This database holds several campaigns ({}).", known.join(", "))]
    WhichCampaign { known: Vec<String> },

    #[error("A campaign called \"{name}\" exists already in this database.")]
    CampaignExists { name: String },

    #[error("Campaign \"{name}\" is not a demo campaign.")]
    NotADemo { name: String },

    #[error(
        "Game {game} cannot be taken back: entry {by}, recorded after it, needs it ({refusal})."
    )]
    UndoBlocked {
        game: u32,
        by: u32,
        refusal: crate::domain::Refusal,
    },

    #[error("{}", match latest {
        None => "There is no game to take back.".to_string(),
        Some(latest) => format!("Game {expected} is not the latest game any more (game {latest} is)."),
    })]
    NotLatestGame { expected: u32, latest: Option<u32> },

    #[error(
        "The image {name} is not what its name says: its bytes' SHA-256 is {found}. It was not kept."
    )]
    ImageNotItsHash { name: String, found: String },
}

fn hint_campaigns(known: &[String]) -> String {
    if known.is_empty() {
        String::new()
    } else {
        format!(" Campaigns here: {}.", known.join(", "))
    }
}

impl StoreError {
    /// Whether the problem is the database itself (a file that cannot be used, busy,
    /// damaged, newer) rather than what the person asked of it (a campaign that does not
    /// exist). Every kind is named: a new one must be placed here.
    pub(crate) fn is_database(&self) -> bool {
        match self {
            StoreError::Missing { .. }
            | StoreError::NoFolder { .. }
            | StoreError::IsDirectory { .. }
            | StoreError::NotAFile { .. }
            | StoreError::Uri { .. }
            | StoreError::Empty { .. }
            | StoreError::NotChronicle { .. }
            | StoreError::Older { .. }
            | StoreError::NotADatabase { .. }
            | StoreError::NeedsRecovery { .. }
            | StoreError::CannotOpen { .. }
            | StoreError::Newer { .. }
            | StoreError::Busy
            | StoreError::Damaged { .. }
            | StoreError::BrokenLog(_)
            | StoreError::Migration { .. }
            | StoreError::Sqlite(_) => true,
            StoreError::UnknownCampaign { .. }
            | StoreError::AmbiguousCampaign { .. }
            | StoreError::NoCampaign
            | StoreError::WhichCampaign { .. }
            | StoreError::CampaignExists { .. }
            | StoreError::NotADemo { .. }
            | StoreError::NotLatestGame { .. }
            | StoreError::ImageNotItsHash { .. }
            | StoreError::UndoBlocked { .. } => false,
        }
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
            // A stored value that does not read back as its type.
            _ if matches!(
                error,
                rusqlite::Error::FromSqlConversionFailure(..)
                    | rusqlite::Error::InvalidColumnType(..)
            ) =>
            {
                StoreError::Damaged {
                    detail: format!("a stored value cannot be read ({error})"),
                }
            }
            _ => StoreError::Sqlite(error),
        }
    }
}
