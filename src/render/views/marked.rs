//! `board --with KIND` as a table: one list across continents.

use crate::render::tabular::{Table, Tabular};
use crate::report::marked::MarkedTerritories;

impl Tabular for MarkedTerritories {
    fn lines(&self) -> Vec<String> {
        if self.territories.is_empty() {
            vec![format!(
                "No territory carries {}.",
                self.with
                    .iter()
                    .map(|k| match *k {
                        "city" | "scar" | "fortification" | "mark" => format!("a {k}"),
                        "destroyed" => "a destroyed card".to_string(),
                        other => other.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(" or ")
            )]
        } else {
            Vec::new()
        }
    }

    fn tables(&self) -> Vec<Table> {
        if self.territories.is_empty() {
            return Vec::new();
        }
        let mut table = Table::new(&["Territory", "Continent", "What", "Since game"]);
        for t in &self.territories {
            table.row(vec![
                t.territory.clone(),
                t.continent.unwrap_or("-").to_string(),
                t.what.clone(),
                t.game.to_string(),
            ]);
        }
        vec![table]
    }
}
