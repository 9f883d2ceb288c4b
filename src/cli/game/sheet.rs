//! A game as a file (`game log --from FILE`): the night's sheet, kept, fixed and run again.
//! The fields are the `game log` flags by the same names, with the same values, in TOML or
//! JSON (read by `exchange::GameSheet`); and a sheet's errors in the words of the command
//! line, each field named as its flag.

use std::path::Path;

use chrono::NaiveDate;

use super::args::LogArgs;
use crate::cli::error::CliError;
use crate::cli::explain::Asked;
use crate::domain::{Campaign, Game};
use crate::exchange::{Field, GameSheet, SheetError};
use crate::files::{self, FileError, Limit, Symlinks};

/// The largest game sheet read: a game takes a few hundred bytes.
const SHEET_LIMIT: Limit = Limit::mib(1);

/// A field as the command line names it: its flag.
pub(crate) fn flag(field: Field) -> String {
    format!("--{}", field.key())
}

/// A sheet's error in the command line's words; `shown` names the file it came from, whose
/// fields are named as the file writes them (`player =`), else each field is its flag.
pub(crate) fn sheet_error(error: SheetError, shown: Option<&str>) -> CliError {
    let words = match shown {
        Some(shown) => error.words(&format!("The game sheet {shown}"), |field| {
            format!("{} =", field.key())
        }),
        None => error.words("The game sheet", flag),
    };
    match error {
        SheetError::Refused { refusal, .. } => CliError::refused(refusal, Asked::Flags),
        SheetError::NotASheet { .. }
        | SheetError::NoPlayer
        | SheetError::SeveralRewards { .. }
        | SheetError::LooksLike { .. } => CliError::input(words),
        SheetError::Form { .. }
        | SheetError::NotADate { .. }
        | SheetError::EqualsInName { .. }
        | SheetError::NoSuchResult { .. }
        | SheetError::MissionDoneAlone
        | SheetError::MissionDoneOfSeveral => CliError::usage(words),
    }
}

/// The game the flags give, its names looked up in `campaign`.
pub(crate) fn game(
    args: &LogArgs,
    campaign: &Campaign,
    today: NaiveDate,
) -> Result<Game, CliError> {
    args.sheet()
        .game(campaign, today)
        .map_err(|e| sheet_error(e, None))
}

/// The date the flags give, else `today`.
pub(crate) fn date(given: Option<&str>, today: NaiveDate) -> Result<NaiveDate, CliError> {
    crate::exchange::sheet::date(given, today).map_err(|e| sheet_error(e, None))
}

/// The `game log` arguments with the game read from the sheet at `path`.
pub(super) fn read(path: &Path, args: LogArgs) -> Result<LogArgs, CliError> {
    if args.sheet().gives_a_game() {
        return Err(CliError::usage(
            "--from gives the whole game: leave the other game flags out (--dry-run and --new-player may stay), or change the file.",
        ));
    }
    let shown = path.display().to_string();
    let text =
        files::read_text(path, Symlinks::Follow, SHEET_LIMIT, "a game sheet").map_err(|error| {
            match error {
                FileError::Io { source, .. } => {
                    CliError::input(format!("Cannot read the game sheet {shown}: {source}."))
                }
                other => CliError::input(other.to_string()),
            }
        })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let json = path
        .extension()
        .map_or(text.trim_start().starts_with('{'), |e| {
            e.eq_ignore_ascii_case("json")
        });
    let sheet = if json {
        GameSheet::from_json(text)
    } else {
        GameSheet::from_toml(text)
    }
    .map_err(|e| sheet_error(e, Some(&shown)))?;
    if sheet.players.is_empty() {
        return Err(sheet_error(SheetError::NoPlayer, Some(&shown)));
    }
    Ok(args.with_sheet(sheet))
}
