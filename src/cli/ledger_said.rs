//! The ledger's errors in the command line's words: each with its flag (`--after`,
//! `--with`, a game sheet's field as its flag) and its kind of exit.

use super::error::CliError;
use super::explain::Asked;
use crate::ledger::{LedgerError, Missing};
use crate::report::history_query::QueryError;
use crate::report::marked::MarkKind;
use crate::store::StoreError;

impl From<LedgerError> for CliError {
    fn from(error: LedgerError) -> CliError {
        match error {
            LedgerError::Stale { .. } => CliError::input(
                "The log moved while this was written; nothing was written. Run the command again.",
            ),
            LedgerError::Rule(refusal) => CliError::refused(refusal, Asked::Flags),
            LedgerError::Sheet(error) => super::game::sheet_error(error, None),
            LedgerError::Busy => StoreError::Busy.into(),
            LedgerError::Store(error) => error.into(),
            LedgerError::Missing(Missing::After { after, played }) => {
                super::after::no_game(after, played)
            }
            LedgerError::Missing(Missing::Game {
                campaign,
                game,
                played,
            }) => CliError::input(match played {
                0 => format!("{campaign} has no game logged yet."),
                n => format!("{campaign} has games 1 to {n}; there is no game {game}."),
            }),
            LedgerError::Missing(Missing::MarkKind { given }) => CliError::usage(format!(
                "--with \"{given}\" is not a kind of mark; the kinds are {}.",
                MarkKind::ALL.map(MarkKind::key).join(", ")
            )),
            LedgerError::Missing(missing @ Missing::PhotoOfGames { .. }) => {
                CliError::usage(missing.to_string())
            }
            LedgerError::Missing(missing) => CliError::input(missing.to_string()),
            LedgerError::Photo(error) => CliError::input(error.to_string()),
            LedgerError::Query(error) => match error {
                QueryError::UnknownKind { .. } => CliError::usage(error.to_string()),
                _ => CliError::input(error.to_string()),
            },
        }
    }
}
