//! `history` as a table.

use crate::domain::board::faction::short_name_of;
use crate::render::tabular::{Sheet, Table, Tabular};
use crate::render::{sheets, sheets_lists};
use crate::report::corrections::Corrections;
use crate::report::history::{History, HistoryEntry};

/// What `history` says when no change matches.
const NOTHING: &str = "Nothing has happened that matches.";

impl Tabular for History {
    fn lines(&self) -> Vec<String> {
        if self.0.is_empty() {
            vec![NOTHING.to_string()]
        } else {
            Vec::new()
        }
    }

    fn sheets(&self) -> Vec<Sheet> {
        sheets::history(self)
    }

    fn tables(&self) -> Vec<Table> {
        if self.0.is_empty() {
            return Vec::new();
        }
        let mut table = Table::new(&["Game", "Date", "Who", "What"]);
        for e in &self.0 {
            table.row(cells(e));
        }
        vec![table]
    }
}

/// A change's cells: its game, when (a change between games by the games before it),
/// who, and what.
fn cells(e: &HistoryEntry) -> Vec<String> {
    let who = match (&e.person, &e.faction) {
        (Some(person), Some(faction)) => format!("{person} ({})", short_name_of(faction)),
        (Some(person), None) => person.clone(),
        (None, Some(faction)) => faction.clone(),
        (None, None) => String::new(),
    };
    let game = e.game.map_or("-".to_string(), |g| g.to_string());
    let when = match (e.after_game, e.kind.as_str()) {
        // What was taken back or corrected is dated by when that was done.
        (_, "undo") | (None, _) => e.date.clone(),
        (Some(0), _) => "before game 1".to_string(),
        (Some(n), _) => format!("after game {n}"),
    };
    let what = match &e.logged_by {
        Some(by) => format!("{} (logged on {by})", e.text),
        None => e.text.clone(),
    };
    vec![game, when, who, what]
}
impl Tabular for Corrections {
    fn lines(&self) -> Vec<String> {
        if self.0.is_empty() {
            vec!["No correction has been made.".to_string()]
        } else {
            Vec::new()
        }
    }

    fn sheets(&self) -> Vec<Sheet> {
        sheets_lists::corrections(self)
    }

    fn tables(&self) -> Vec<Table> {
        if self.0.is_empty() {
            return Vec::new();
        }
        let mut table = Table::new(&["When", "What", "Why"]);
        for c in &self.0 {
            let text = if c.taken_back {
                format!("{} (taken back since)", c.text)
            } else {
                c.text.clone()
            };
            table.row(vec![
                c.at.get(..10).unwrap_or(&c.at).to_string(),
                text,
                c.reason.clone().unwrap_or_default(),
            ]);
        }
        vec![table.titled("Corrections")]
    }
}
