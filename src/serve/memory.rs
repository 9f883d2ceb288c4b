//! What writing from `serve` needs and keeps: the command line's parser of game sheets and
//! its words for a refusal (`Logbook`), this run's key (`Writing`), and, for the run, the
//! answers given by request identity and the records each device made (`Memory`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chrono::NaiveDate;
use serde::Serialize;

use crate::domain::{Campaign, EntryId, Game, Refusal};
use crate::store::Stamp;

/// How a game given as a game sheet becomes the entry `game log` makes of it, and how a
/// refusal is put in the sheet's words: the command line's own parser and words, given to
/// `serve` by the command that starts it (so that there is one of each).
pub trait Logbook: Send + Sync {
    /// Whether `text` is a game sheet as JSON (`exports/game-sheet.json`); why not if not.
    fn sheet(&self, text: &str) -> Result<(), String>;
    /// The game of a sheet, its names looked up in `campaign`, as `game log --from` makes it.
    fn game(&self, text: &str, campaign: &Campaign, today: NaiveDate) -> Result<Game, Refused>;
    /// A refusal of the rules, in the words of the sheet's fields (the `game log` flags).
    fn refused(&self, refusal: &Refusal) -> Refused;
    /// The command line that logs `game`: `chronicle game log --date … --player …`.
    fn command_line(&self, game: &Game) -> String;
    /// What a write made now is stamped with, naming who logs it.
    fn stamp(&self, logged_by: Option<String>) -> Stamp;
}

/// Why a game was not logged, as the API and the form say it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Refused {
    /// The refusal's name (`PoolEmpty`, `UnknownTerritory`, …), or `input` for a value not
    /// of its form.
    pub refusal: String,
    /// The rule it names (`§4.4`), when it names one.
    pub rule: Option<String>,
    /// What is wrong and what to do instead.
    pub message: String,
    /// The sheet field it concerns (a `game log` flag of the same name), when one does.
    pub field: Option<String>,
}

/// Writing, when `serve --allow-log` allows it: this run's key and the command line's
/// parser of game sheets.
#[derive(Clone)]
pub struct Writing {
    /// The secret a request must hold to write (`Authorization: Bearer`, or the cookie the
    /// logging address sets).
    pub key: String,
    pub logbook: Arc<dyn Logbook>,
}

impl std::fmt::Debug for Writing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Writing { key: …, logbook: … }")
    }
}

/// An answer already given to a request with this identity (`Idempotency-Key`, or the id of
/// a rendered form): a replay gets it again and writes nothing.
#[derive(Clone, Debug)]
pub(super) struct Kept {
    pub status: u16,
    pub content_type: &'static str,
    pub body: String,
}

/// What the writes of one `serve` run remember: the answers given by request identity,
/// and the records each device made (for its undo).
#[derive(Default)]
pub(super) struct Memory {
    pub answers: Mutex<HashMap<String, Kept>>,
    pub made: Mutex<Vec<(EntryId, String)>>,
}
