//! `history` as a table.

use crate::domain::Faction;
use crate::render::tabular::{Table, Tabular};
use crate::report::corrections::Corrections;
use crate::report::history::History;

impl Tabular for History {
    fn lines(&self) -> Vec<String> {
        if self.0.is_empty() {
            vec!["Nothing has happened that matches.".to_string()]
        } else {
            Vec::new()
        }
    }

    fn tables(&self) -> Vec<Table> {
        if self.0.is_empty() {
            return Vec::new();
        }
        let mut table = Table::new(&["Game", "Date", "Who", "What"]);
        for e in &self.0 {
            let who = match (&e.person, &e.faction) {
                (Some(person), Some(faction)) => {
                    format!("{person} ({})", Faction::new(faction.as_str()).short_name())
                }
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
            table.row(vec![game, when, who, e.text.clone()]);
        }
        vec![table]
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
