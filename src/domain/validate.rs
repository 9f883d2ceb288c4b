//! What enters the log, whatever the way in (flags, the prompt, a campaign file, a sync,
//! `check`): free text without control characters and of a bounded length, timestamps in
//! RFC 3339. `log::check_logged` checks a whole entry as kept with these.

use chrono::DateTime;

use super::names::tidy;
use super::refusal::{Refusal, TextProblem};

/// The longest note of a game, in characters.
pub const MAX_NOTE_CHARS: usize = 2000;
/// The longest reason (for a pool's capacity, for taking an entry back) or scar effect.
pub const MAX_REASON_CHARS: usize = 500;

/// Free text as kept: trimmed, in composed form, no control character but a line break or a
/// tab where `lines` (a note), at most `max` characters.
pub fn text(what: &'static str, given: &str, max: usize, lines: bool) -> Result<String, Refusal> {
    let tidied = tidy(given);
    let count = tidied.chars().count();
    let control = tidied
        .chars()
        .find(|c| c.is_control() && !(lines && matches!(c, '\n' | '\t')));
    let problem = match control {
        Some(c) => Some(TextProblem::ControlCharacter(c)),
        None if count > max => Some(TextProblem::TooLong { count, max }),
        None => None,
    };
    match problem {
        Some(problem) => Err(Refusal::BadText { what, problem }),
        None => Ok(tidied),
    }
}

/// A moment in RFC 3339 (`2026-11-29T20:00:00Z`).
pub fn timestamp(what: &'static str, given: &str) -> Result<(), Refusal> {
    DateTime::parse_from_rfc3339(given)
        .map(|_| ())
        .map_err(|_| Refusal::BadTimestamp {
            what,
            given: given.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_keep_lines_and_tabs_and_refuse_other_control_characters() {
        assert_eq!(
            text("note", " two\nlines\tand a tab ", 100, true).as_deref(),
            Ok("two\nlines\tand a tab")
        );
        for bad in ["x\u{1b}]0;TITLE\u{7}", "nul\0", "bell\u{7}", "del\u{7f}"] {
            assert!(text("note", bad, 100, true).is_err(), "{bad:?}");
        }
        assert!(text("reason", "a\nb", 100, false).is_err());
        assert!(text("note", &"x".repeat(101), 100, true).is_err());
        assert!(text("note", &"é".repeat(100), 100, true).is_ok());
    }

    #[test]
    fn timestamps_are_rfc_3339() {
        assert!(timestamp("t", "2026-11-29T20:00:00Z").is_ok());
        assert!(timestamp("t", "2026-11-29T20:00:00+01:00").is_ok());
        for bad in ["2026-11-29", "yesterday", "", "2026-13-01T00:00:00Z"] {
            assert!(timestamp("t", bad).is_err(), "{bad:?}");
        }
    }
}
