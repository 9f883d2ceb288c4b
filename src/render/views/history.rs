//! `history` as a table.

use crate::domain::faction::short_name_of;
use crate::render::stream::Row;
use crate::render::tabular::{Table, Tabular};
use crate::report::corrections::Corrections;
use crate::report::history::{History, HistoryEntry};

impl Tabular for History {
    fn lines(&self) -> Vec<String> {
        if self.0.is_empty() {
            vec![HistoryEntry::NOTHING.to_string()]
        } else {
            Vec::new()
        }
    }

    fn tables(&self) -> Vec<Table> {
        if self.0.is_empty() {
            return Vec::new();
        }
        let mut table = Table::new(HistoryEntry::HEADERS);
        for e in &self.0 {
            table.row(e.cells());
        }
        vec![table]
    }
}

impl Row for HistoryEntry {
    const HEADERS: &'static [&'static str] = &["Game", "Date", "Who", "What"];
    const NOTHING: &'static str = "Nothing has happened that matches.";

    fn cells(&self) -> Vec<String> {
        cells(
            self.game,
            self.after_game,
            &self.kind,
            || self.date.clone(),
            self.person.clone(),
            self.faction.as_deref(),
            self.text.clone(),
        )
    }

    fn into_cells(self) -> Vec<String> {
        let date = self.date;
        cells(
            self.game,
            self.after_game,
            &self.kind,
            || date,
            self.person,
            self.faction.as_deref(),
            self.text,
        )
    }
}

/// A change's cells: its game, when (a change between games by the games before it),
/// who, and what.
fn cells(
    game: Option<u32>,
    after_game: Option<u32>,
    kind: &str,
    date: impl FnOnce() -> String,
    person: Option<String>,
    faction: Option<&str>,
    text: String,
) -> Vec<String> {
    let who = match (person, faction) {
        (Some(person), Some(faction)) => {
            let short = short_name_of(faction);
            let mut who = person;
            who.reserve(short.len() + 3);
            who.push_str(" (");
            who.push_str(short);
            who.push(')');
            who
        }
        (Some(person), None) => person,
        (None, Some(faction)) => faction.to_string(),
        (None, None) => String::new(),
    };
    let game = game.map_or("-".to_string(), |g| g.to_string());
    let when = match (after_game, kind) {
        // What was taken back or corrected is dated by when that was done.
        (_, "undo") | (None, _) => date(),
        (Some(0), _) => "before game 1".to_string(),
        (Some(n), _) => format!("after game {n}"),
    };
    vec![game, when, who, text]
}

impl Tabular for Corrections {
    fn lines(&self) -> Vec<String> {
        if self.0.is_empty() {
            vec!["No correction has been made.".to_string()]
        } else {
            Vec::new()
        }
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
