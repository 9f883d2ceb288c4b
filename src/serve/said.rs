//! The ledger's errors in the words of a page and of the API, without a flag: the one table
//! from an error to an HTTP status, the sentence a person reads, and, for a game refused,
//! the sheet field it is about.

use axum::http::StatusCode;
use serde::Serialize;

use crate::exchange::{GameSheet, SheetError};
use crate::ledger::photo::PhotoError;
use crate::ledger::{Change, Did, LedgerError, Missing};
use crate::report::marked::MarkKind;

/// The status of an answer that is an error: a question of a page or the API, or a write.
pub(super) fn status(error: &LedgerError) -> StatusCode {
    match error {
        LedgerError::Stale { .. } => StatusCode::CONFLICT,
        LedgerError::Sheet(SheetError::NotASheet { .. }) => StatusCode::BAD_REQUEST,
        LedgerError::Photo(PhotoError::TooLarge { .. }) => StatusCode::PAYLOAD_TOO_LARGE,
        LedgerError::Rule(_) | LedgerError::Sheet(_) | LedgerError::Photo(_) => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
        LedgerError::Busy => StatusCode::SERVICE_UNAVAILABLE,
        LedgerError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        LedgerError::Missing(Missing::Game { .. }) => StatusCode::NOT_FOUND,
        LedgerError::Missing(Missing::Photo { .. } | Missing::Original { .. }) => {
            StatusCode::NOT_FOUND
        }
        LedgerError::Missing(_) | LedgerError::Query(_) => StatusCode::BAD_REQUEST,
    }
}

/// The status of a question (a page, an API read) not answered: a name or a number the
/// question gives that the campaign does not have is the question's fault.
pub(super) fn question_status(error: &LedgerError) -> StatusCode {
    match error {
        LedgerError::Rule(_) | LedgerError::Sheet(_) => StatusCode::BAD_REQUEST,
        other => status(other),
    }
}

/// What a person reads of the error: what is wrong, and what to do.
pub(super) fn words(error: &LedgerError) -> String {
    match error {
        LedgerError::Stale { .. } => "The log moved since this game was made from it; nothing was written. Check it again against the new head.".to_string(),
        LedgerError::Rule(refusal) => refusal.to_string(),
        LedgerError::Sheet(error) => error.words("The game sheet", |field| field.key().to_string()),
        LedgerError::Busy => {
            "The database is busy with another write; nothing was written. Try again.".to_string()
        }
        LedgerError::Store(error) => error.to_string(),
        LedgerError::Missing(Missing::MarkKind { given }) => format!(
            "with=\"{given}\" is not a kind of mark; the kinds are {}.",
            MarkKind::ALL.map(MarkKind::key).join(", ")
        ),
        LedgerError::Missing(missing) => missing.to_string(),
        LedgerError::Query(error) => error.to_string(),
        LedgerError::Photo(error) => error.to_string(),
    }
}

/// A record written since a page was read, in a sentence: "Game 7 was logged on Bo's phone
/// at 22:41 on 2026-03-14."
pub(super) fn change(change: &Change) -> String {
    let what = match change.did {
        Did::LoggedGame(n) => format!("Game {n} was logged"),
        Did::AddedEntry => "An entry was added".to_string(),
        Did::TookBackGame(n) => format!("Game {n} was taken back"),
        Did::TookBackEntry => "An entry was taken back".to_string(),
        Did::Corrected => "The log was corrected".to_string(),
    };
    let place = change.by.as_deref().unwrap_or("the command line");
    let time = chrono::DateTime::parse_from_rfc3339(&change.at).map_or_else(
        |_| change.at.clone(),
        |at| {
            at.with_timezone(&chrono::Local)
                .format("%H:%M on %Y-%m-%d")
                .to_string()
        },
    );
    format!("{what} on {place} at {time}.")
}

/// The records written since, a sentence each; one that says the log is another when none
/// is named.
pub(super) fn changes(changed: &[Change]) -> Vec<String> {
    if changed.is_empty() {
        return vec!["The log is not the one this form was read from.".to_string()];
    }
    changed.iter().map(change).collect()
}

/// Why a game was not logged, as the API says it: the refusal's kind, the rule it names,
/// the sentence, and the sheet field it is about.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Refused {
    /// The refusal's kind (`PoolEmpty`, `UnknownName`, …), or `input` for a value not of
    /// its field's form.
    pub refusal: String,
    /// The rule it names (`§4.4`), when it names one.
    pub rule: Option<String>,
    /// What is wrong and what to do instead.
    pub message: String,
    /// The sheet field it concerns (`player`, `major-city`, …), or `game` for the game as
    /// a whole.
    pub field: String,
}

/// A game refused, in the API's terms; `sheet`, the sheet it came from, when one did.
pub(super) fn refused(error: &LedgerError, sheet: Option<&GameSheet>) -> Option<Refused> {
    let empty = GameSheet::default();
    let sheet = sheet.unwrap_or(&empty);
    let (refusal, rule, field) = match error {
        LedgerError::Rule(refusal) => (
            refusal.kind(),
            refusal.rule(),
            sheet.field_of(refusal.part()),
        ),
        LedgerError::Sheet(SheetError::Refused { refusal, field }) => {
            (refusal.kind(), refusal.rule(), Some(*field))
        }
        LedgerError::Sheet(error) => ("input", error.rule(), error.field()),
        _ => return None,
    };
    Some(Refused {
        refusal: refusal.to_string(),
        rule: rule.map(str::to_string),
        message: words(error),
        field: field.map_or("game", |f| f.key()).to_string(),
    })
}
