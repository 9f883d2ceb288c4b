//! What a correction changes, as tables: `game edit`, `game insert`.

use crate::render::sheets_lists;
use crate::render::tabular::{Sheet, Table, Tabular};
use crate::report::correcting::{Correcting, lines};

impl Tabular for Correcting {
    fn lines(&self) -> Vec<String> {
        let n = self.game.game;
        let mut said = vec![match (self.kind, self.written) {
            ("insert", true) => format!("Game {n} inserted."),
            ("insert", false) => {
                format!("Dry run: game {n} would be inserted as below. Nothing was written.")
            }
            (_, true) => format!("Game {n} replaced."),
            (_, false) => {
                format!("Dry run: game {n} would be replaced as below. Nothing was written.")
            }
        }];
        if let Some((from, to)) = self.renumbered {
            said.push(format!(
                "The games after it are numbered one more: games {from} to {to} become {} to {}.",
                from + 1,
                to + 1
            ));
        }
        if self.later.is_empty() {
            said.push(
                "Every later game reads as it did; all of them still follow the rules.".to_string(),
            );
        }
        said
    }

    fn sheets(&self) -> Vec<Sheet> {
        sheets_lists::correcting(self)
    }

    fn tables(&self) -> Vec<Table> {
        let mut tables = vec![self.game_table()];
        if !self.later.is_empty() {
            let mut later = Table::new(&["Game", "", "What changed"]);
            for game in &self.later {
                for line in game.before.iter().filter(|l| !game.after.contains(l)) {
                    later.row(vec![game.game.to_string(), "was".into(), line.clone()]);
                }
                for line in game.after.iter().filter(|l| !game.before.contains(l)) {
                    later.row(vec![game.game.to_string(), "now".into(), line.clone()]);
                }
            }
            tables.push(later.titled("Later games that read differently"));
        }
        if !self.board.is_empty() {
            let mut board = Table::new(&["Where", "Was", "Now"]);
            for change in &self.board {
                board.row(vec![
                    change.place.clone(),
                    change.before.clone(),
                    change.after.clone(),
                ]);
            }
            tables.push(board.titled("The board after the latest game"));
        }
        tables
    }
}

impl Correcting {
    /// The game corrected: for an edit, each line as it was and as it is.
    fn game_table(&self) -> Table {
        let now = lines(&self.game);
        let title = format!("Game {}", self.game.game);
        let Some(was) = self.was.as_ref().map(lines) else {
            let mut table = Table::new(&["What changed"]);
            for line in now {
                table.row(vec![line]);
            }
            return table.titled(title);
        };
        // Each line that went is followed by the next line that came, so a change reads as
        // a pair; what is left of either comes last.
        let mut table = Table::new(&["", "What changed"]);
        let mut came = now.iter().filter(|l| !was.contains(l));
        for line in &was {
            if now.contains(line) {
                table.row(vec![String::new(), line.clone()]);
            } else {
                table.row(vec!["was".to_string(), line.clone()]);
                if let Some(new) = came.next() {
                    table.row(vec!["now".to_string(), new.clone()]);
                }
            }
        }
        for line in came {
            table.row(vec!["now".to_string(), line.clone()]);
        }
        table.titled(title)
    }
}
