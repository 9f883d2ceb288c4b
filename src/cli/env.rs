//! Everything chronicle reads from its environment, in one place (and listed in `--help`):
//! where the database lives, which campaign, the clock, colour.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

pub(crate) use crate::ledger::Clock;

use super::colour::ColourVars;
use super::error::CliError;

/// The environment variables chronicle reads, with what each does: `--help` and the
/// manual's ENVIRONMENT section list them.
pub(super) const VARIABLES: &[(&str, &str)] = &[
    (
        "CHRONICLE_DB",
        "the database file (as --db; `demo` ignores it and keeps to its own file)",
    ),
    (
        "CHRONICLE_CAMPAIGN",
        "the campaign to use (same as --campaign)",
    ),
    (
        "CHRONICLE_NOW",
        "fixes today and the clock (YYYY-MM-DD or RFC 3339), for tests and demos",
    ),
    (
        "CHRONICLE_BUSY_MS",
        "how long to wait for another writer, in milliseconds (default 5000, at most 600000)",
    ),
    (
        "COLUMNS",
        "the width tables fit (40 at the narrowest; default: the terminal's, else 80; a value that is no width is set aside with a warning)",
    ),
    ("NO_COLOR", "no colour, unless --color always asks for it"),
    (
        "CLICOLOR_FORCE",
        "colour even in a pipe (after --color and NO_COLOR)",
    ),
    (
        "CLICOLOR",
        "0: no colour (after --color, NO_COLOR and CLICOLOR_FORCE)",
    ),
    ("TERM", "dumb: no colour (after all of the above)"),
    ("XDG_DATA_HOME", "where the default database lives (Linux)"),
    (
        "COMPLETE",
        "bash, zsh or fish: print the shell's completion script, whose completions know the campaign (`source <(COMPLETE=bash chronicle)`)",
    ),
];

/// How colour is decided, said once for `--help` and the manual.
pub(super) const COLOUR_ORDER: &str = "Colour is decided once, for messages, tables, help and errors alike: --color always or never, else NO_COLOR, CLICOLOR_FORCE, CLICOLOR, TERM=dumb, in that order, else colour where the output is a terminal.";

/// The exit codes, with what each means (`error::exit` holds them).
pub(super) const EXIT_CODES: &[(u8, &str)] = &[
    (0, "done"),
    (1, "refused by the rules or bad input (nothing written)"),
    (2, "command-line usage"),
    (3, "the database (cannot open, busy, damaged, newer)"),
    (4, "a bug in chronicle"),
    (130, "stopped with Ctrl-C at a question (nothing written)"),
];

/// The width `--help` is laid out in.
const HELP_WIDTH: usize = 92;

/// `--help`'s last part: the environment, how colour is decided, the exit codes.
pub(super) fn help() -> String {
    let mut text = String::from("Environment:\n");
    for (name, what) in VARIABLES {
        let _ = write!(text, "  {name:<22}");
        text.push_str(&wrapped(what, 24));
        text.push('\n');
    }
    text.push('\n');
    text.push_str(&wrapped(COLOUR_ORDER, 0));
    text.push_str("\n\nExit codes:\n");
    for (code, what) in EXIT_CODES {
        let _ = writeln!(text, "  {code:<22}{what}");
    }
    text.trim_end().to_string()
}

/// Text wrapped at spaces to `HELP_WIDTH`, each line after the first indented by `indent`
/// (the first starts where the line it ends already is).
fn wrapped(text: &str, indent: usize) -> String {
    let mut out = String::new();
    let mut column = indent;
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 && column + 1 + word.len() > HELP_WIDTH {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            column = indent;
        } else if i > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += word.chars().count();
    }
    out
}

/// The folder chronicle keeps its databases in by default.
pub(super) fn data_dir() -> Result<PathBuf, CliError> {
    directories::ProjectDirs::from("", "", "chronicle")
        .map(|dirs| dirs.data_dir().to_path_buf())
        .ok_or_else(|| {
            CliError::input(
                "There is no home folder to keep the database in. Give one with --db PATH or CHRONICLE_DB.",
            )
        })
}

/// The default database file, and the demo's.
pub(super) fn default_db() -> Result<PathBuf, CliError> {
    Ok(data_dir()?.join("chronicle.db"))
}

pub(super) fn demo_db() -> Result<PathBuf, CliError> {
    Ok(data_dir()?.join("demo.db"))
}

/// The database named by `CHRONICLE_DB`, if any.
pub(super) fn db() -> Option<PathBuf> {
    std::env::var_os("CHRONICLE_DB")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// A variable's value, trimmed; none when unset or empty. A value that is not text is
/// refused.
fn value(name: &str) -> Result<Option<String>, CliError> {
    match std::env::var(name) {
        Ok(value) if value.trim().is_empty() => Ok(None),
        Ok(value) => Ok(Some(value.trim().to_string())),
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => Err(CliError::usage(format!(
            "{name} holds bytes that are not text; give it a plain value or unset it."
        ))),
    }
}

/// A number from a variable, within `range`; refused, naming the variable and the range,
/// when it is not one.
fn number(
    name: &str,
    range: std::ops::RangeInclusive<u64>,
    unit: &str,
) -> Result<Option<u64>, CliError> {
    let Some(text) = value(name)? else {
        return Ok(None);
    };
    match text.parse::<u64>() {
        Ok(n) if range.contains(&n) => Ok(Some(n)),
        _ => Err(CliError::usage(format!(
            "{name} is \"{text}\"; give a whole number of {unit} from {} to {}, or unset it.",
            range.start(),
            range.end()
        ))),
    }
}

/// The campaign named by `CHRONICLE_CAMPAIGN`, if any.
pub(super) fn campaign() -> Result<Option<String>, CliError> {
    value("CHRONICLE_CAMPAIGN")
}

/// A variable set to something: present and not empty.
fn set(name: &str) -> bool {
    std::env::var_os(name).is_some_and(|v| !v.is_empty())
}

/// What the environment says about colour (see `colour::on` for the order).
pub(super) fn colour_vars() -> ColourVars {
    let is = |name: &str, value: &str| std::env::var_os(name).is_some_and(|v| v == value);
    ColourVars {
        no_color: set("NO_COLOR"),
        clicolor_force: set("CLICOLOR_FORCE") && !is("CLICOLOR_FORCE", "0"),
        clicolor_off: is("CLICOLOR", "0"),
        dumb_terminal: is("TERM", "dumb"),
    }
}

/// The widest width `COLUMNS` may give.
const MOST_COLUMNS: u64 = 10_000;

/// What `COLUMNS` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Columns {
    /// Unset or empty.
    Unset,
    /// A width, from 1 to 10,000 columns.
    Width(usize),
    /// Something that is no width (0, a word, bytes that are not text, too many): set
    /// aside, as GNU tools do, with a warning that repeats it.
    Unusable(String),
}

/// The width given by `COLUMNS`.
pub(super) fn columns() -> Columns {
    let text = match std::env::var("COLUMNS") {
        Ok(text) if text.trim().is_empty() => return Columns::Unset,
        Ok(text) => text.trim().to_string(),
        Err(std::env::VarError::NotPresent) => return Columns::Unset,
        Err(std::env::VarError::NotUnicode(bytes)) => {
            return Columns::Unusable(bytes.to_string_lossy().into_owned());
        }
    };
    match text.parse::<u64>() {
        Ok(n) if (1..=MOST_COLUMNS).contains(&n) => {
            usize::try_from(n).map_or(Columns::Unusable(text), Columns::Width)
        }
        _ => Columns::Unusable(text),
    }
}

/// The longest wait for another writer that `CHRONICLE_BUSY_MS` may ask for: ten minutes.
const MAX_BUSY_MS: u64 = 600_000;

/// How long a write waits for another writer: `CHRONICLE_BUSY_MS`, else 5 seconds.
pub(super) fn busy_timeout() -> Result<Duration, CliError> {
    Ok(
        number("CHRONICLE_BUSY_MS", 0..=MAX_BUSY_MS, "milliseconds")?
            .map_or(crate::store::DEFAULT_BUSY_TIMEOUT, Duration::from_millis),
    )
}

/// The clock: the real one, or the one `CHRONICLE_NOW` fixes.
pub(crate) fn clock() -> Result<Clock, CliError> {
    let Some(fixed) = value("CHRONICLE_NOW")? else {
        return Ok(Clock::real());
    };
    Clock::fixed_at(&fixed).ok_or_else(|| {
        CliError::usage(format!(
            "CHRONICLE_NOW is \"{fixed}\"; give a date (2026-11-29) or a time (2026-11-29T20:00:00Z)."
        ))
    })
}
