//! `history` as a table.

use crate::domain::Faction;
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
        let who = match (&self.person, &self.faction) {
            (Some(person), Some(faction)) => {
                format!("{person} ({})", Faction::new(faction.as_str()).short_name())
            }
            (Some(person), None) => person.clone(),
            (None, Some(faction)) => faction.clone(),
            (None, None) => String::new(),
        };
        let game = self.game.map_or("-".to_string(), |g| g.to_string());
        let when = match (self.after_game, self.kind.as_str()) {
            // What was taken back or corrected is dated by when that was done.
            (_, "undo") | (None, _) => self.date.clone(),
            (Some(0), _) => "before game 1".to_string(),
            (Some(n), _) => format!("after game {n}"),
        };
        vec![game, when, who, self.text.clone()]
    }
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
