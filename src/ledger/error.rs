//! Why the ledger did not answer or write: one type for every face, each variant data
//! that the face words for its person (the command line with its flags and exit codes,
//! a page in sentences, the API as an HTTP status and JSON fields).

use crate::domain::{BrokenLog, Head, Refusal};
use crate::exchange::SheetError;
use crate::report::history_query::QueryError;
use crate::report::marked::MarkKind;
use crate::store::StoreError;

use super::write::Change;

/// Why the ledger did not answer or write. Nothing was written when one is returned.
#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    /// The log moved since the head the face read: what was written since, and the head now.
    #[error("The log moved since it was read; nothing was written.")]
    Stale { changed: Vec<Change>, head: Head },
    /// The rules refuse it.
    #[error(transparent)]
    Rule(Refusal),
    /// A game sheet that does not give a game (a value not of its field's form, a name the
    /// campaign does not know…).
    #[error("{}", .0.words("The game sheet", |f| f.key().to_string()))]
    Sheet(SheetError),
    /// Another write holds the database.
    #[error("The database is busy with another write.")]
    Busy,
    #[error(transparent)]
    Store(StoreError),
    /// The question names what is not there.
    #[error(transparent)]
    Missing(Missing),
    /// A history question that cannot be answered (a kind of change that is not one).
    #[error(transparent)]
    Query(QueryError),
    /// Bytes given as a photo that cannot be one.
    #[error(transparent)]
    Photo(super::photo::PhotoError),
}

/// What a question names that is not there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Missing {
    /// A game to look back to (`after`) past the last one played.
    #[error("There is no game {after} to look back to: this campaign has played {played} game{}.", if *played == 1 { "" } else { "s" })]
    After { after: u32, played: u32 },
    /// A game by its number.
    #[error("{campaign} has no game {game}.")]
    Game {
        campaign: String,
        game: u32,
        played: u32,
    },
    /// A kind of mark (`board --with`) that is not one.
    #[error("\"{given}\" is not a kind of mark; the kinds are {}.", MarkKind::ALL.map(MarkKind::key).join(", "))]
    MarkKind { given: String },
    /// A photo by its id, when none that stands has it.
    #[error("There is no photo {id}{}.", if photos.is_empty() { " (this campaign has no photo)".to_string() } else { format!("; the photos are {}", photos.join(", ")) })]
    Photo { id: String, photos: Vec<String> },
    /// A photo's id that names the same image on several games.
    #[error("The photo {id} is a photo of games {}: say which with --game.", games.iter().map(u32::to_string).collect::<Vec<_>>().join(" and "))]
    PhotoOfGames { id: String, games: Vec<u32> },
    /// A photo's full-size image, where the group did not keep it.
    #[error(
        "The photo {id} was added without its full-size image (--keep-original); its copy is all there is."
    )]
    Original { id: String },
}

impl From<StoreError> for LedgerError {
    fn from(error: StoreError) -> LedgerError {
        match error {
            StoreError::Busy => LedgerError::Busy,
            other => LedgerError::Store(other),
        }
    }
}

impl From<Refusal> for LedgerError {
    fn from(refusal: Refusal) -> LedgerError {
        LedgerError::Rule(refusal)
    }
}

impl From<BrokenLog> for LedgerError {
    fn from(broken: BrokenLog) -> LedgerError {
        LedgerError::Store(StoreError::BrokenLog(broken))
    }
}

impl From<SheetError> for LedgerError {
    fn from(error: SheetError) -> LedgerError {
        LedgerError::Sheet(error)
    }
}

impl From<QueryError> for LedgerError {
    fn from(error: QueryError) -> LedgerError {
        match error {
            QueryError::Refused(refusal) => LedgerError::Rule(refusal),
            QueryError::Broken(broken) => broken.into(),
            QueryError::NoAfter { after, played } => {
                LedgerError::Missing(Missing::After { after, played })
            }
            other => LedgerError::Query(other),
        }
    }
}
