//! `history` as a table.

use crate::domain::Faction;
use crate::render::tabular::{Table, Tabular};
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
            table.row(vec![game, e.date.clone(), who, e.text.clone()]);
        }
        vec![table]
    }
}
