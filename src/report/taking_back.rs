//! What `undo` would take back, in words: a game with what it changed, another entry with
//! where it sits, or a correction with what it corrected.

use super::corrections::said;
use super::history::game_views;
use crate::domain::log::describe::happenings;
use crate::domain::log::fold;
use crate::domain::{Body, BrokenLog, Entry, LogRecord, Resolved};

/// A record about to be taken back, as a person reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TakingBack {
    /// What it is, to stand in a sentence: "game 16", "the entry that added the faction
    /// Mutants (after game 3)", "the renaming of Jermey to Jeremy".
    pub what: String,
    /// Its changes, one a line.
    pub lines: Vec<String>,
    /// The game it is, if it is one.
    pub game: Option<u32>,
}

impl TakingBack {
    /// The words for a record of the log.
    pub(crate) fn new(record: &LogRecord, resolved: &Resolved) -> Result<TakingBack, BrokenLog> {
        match &record.body {
            Body::Add(_) => entry(record, resolved),
            Body::Correct(_) => {
                let text = resolved
                    .corrections
                    .iter()
                    .find(|c| c.id == record.id)
                    .map_or_else(
                        || "corrected the log".to_string(),
                        |c| said(c, &resolved.entries, &resolved.corrections),
                    );
                Ok(TakingBack {
                    what: format!("the correction that {text}"),
                    lines: Vec::new(),
                    game: None,
                })
            }
        }
    }
}

fn entry(record: &LogRecord, resolved: &Resolved) -> Result<TakingBack, BrokenLog> {
    let at = resolved
        .entries
        .iter()
        .position(|e| e.id == record.id)
        .unwrap_or(resolved.entries.len());
    let Some(logged) = resolved.entries.get(at) else {
        return Ok(TakingBack {
            what: "an entry".to_string(),
            lines: Vec::new(),
            game: None,
        });
    };
    if let (Entry::Game(game), Some(number)) = (&*logged.entry, logged.game) {
        let views = game_views(&resolved.entries)?;
        let lines = views
            .iter()
            .find(|v| v.game == number)
            .map(|v| v.changes.iter().map(|c| c.text.clone()).collect())
            .unwrap_or_default();
        return Ok(TakingBack {
            what: format!("game {number}, played {}", game.date),
            lines,
            game: Some(number),
        });
    }
    let before = fold(&resolved.entries[..at])?;
    let said: Vec<String> = happenings(&before, &logged.entry)
        .iter()
        .map(crate::domain::log::describe::Happening::clause)
        .collect();
    let when = match before.games_played() {
        0 => "before game 1".to_string(),
        n => format!("after game {n}"),
    };
    let said = said.join("; ");
    let what = if said.is_empty() {
        format!("an entry recorded {when}")
    } else if said.contains("after game") || said.contains("before game") {
        format!("the entry that {said}")
    } else {
        format!("the entry that {said} ({when})")
    };
    Ok(TakingBack {
        what,
        lines: Vec::new(),
        game: None,
    })
}
