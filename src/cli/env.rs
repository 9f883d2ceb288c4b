//! Everything chronicle reads from its environment, in one place (and listed in `--help`):
//! where the database lives, which campaign, the clock, colour.

use std::path::PathBuf;
use std::time::Duration;

use chrono::{DateTime, NaiveDate, Utc};

use super::error::CliError;

/// The environment variables chronicle reads, for `--help`.
pub(super) const HELP: &str = "\
Environment:
  CHRONICLE_DB          the database file (as --db; `demo` ignores it and keeps to its own file)
  CHRONICLE_CAMPAIGN    the campaign to use (same as --campaign)
  CHRONICLE_NOW         fixes today and the clock (YYYY-MM-DD or RFC 3339), for tests and demos
  CHRONICLE_BUSY_MS     how long to wait for another writer, in milliseconds (default 5000)
  NO_COLOR              no colour, whatever --color says
  XDG_DATA_HOME         where the default database lives (Linux)

Exit codes: 0 done, 1 refused by the rules or bad input (nothing written),
2 command-line usage, 3 the database (cannot open, busy, damaged, newer),
4 a bug in chronicle.";

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

/// The campaign named by `CHRONICLE_CAMPAIGN`, if any.
pub(super) fn campaign() -> Option<String> {
    std::env::var("CHRONICLE_CAMPAIGN")
        .ok()
        .filter(|v| !v.trim().is_empty())
}

/// Whether colour is switched off by `NO_COLOR`.
pub(super) fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// The width given by `COLUMNS`, if any.
pub(super) fn columns() -> Option<usize> {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
}

pub(super) fn busy_timeout() -> Duration {
    std::env::var("CHRONICLE_BUSY_MS")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .map_or(crate::store::DEFAULT_BUSY_TIMEOUT, Duration::from_millis)
}

/// Today and now: the real clock, or the one `CHRONICLE_NOW` fixes.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub now: DateTime<Utc>,
}

impl Clock {
    pub fn from_env() -> Result<Clock, CliError> {
        let Ok(fixed) = std::env::var("CHRONICLE_NOW") else {
            return Ok(Clock { now: Utc::now() });
        };
        let fixed = fixed.trim();
        if let Ok(now) = DateTime::parse_from_rfc3339(fixed) {
            return Ok(Clock {
                now: now.with_timezone(&Utc),
            });
        }
        if let Some(now) = NaiveDate::parse_from_str(fixed, "%Y-%m-%d")
            .ok()
            .and_then(|d| d.and_hms_opt(12, 0, 0))
        {
            return Ok(Clock { now: now.and_utc() });
        }
        Err(CliError::usage(format!(
            "CHRONICLE_NOW is \"{fixed}\"; give a date (2026-11-29) or a time (2026-11-29T20:00:00Z)."
        )))
    }

    pub fn today(&self) -> NaiveDate {
        self.now.date_naive()
    }

    /// The stored form of a moment: RFC 3339 in UTC, to the second.
    pub fn stamp(&self) -> String {
        self.now.format("%Y-%m-%dT%H:%M:%SZ").to_string()
    }
}
