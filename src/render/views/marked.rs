//! `board --with KIND` as a table: one list across continents.

use crate::render::tabular::{Sheet, Table, Tabular};
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
        for row in self.rows("-") {
            table.row(row);
        }
        vec![table]
    }

    /// One sheet, the territories, with its headers even when none carries the kind asked.
    fn sheets(&self) -> Vec<Sheet> {
        let mut sheet = Sheet::new(
            "territories",
            &["territory", "continent", "what", "since_game"],
        );
        for row in self.rows("") {
            sheet.row(row);
        }
        vec![sheet]
    }
}

impl MarkedTerritories {
    /// Each territory's cells, `none` where it has no continent.
    fn rows(&self, none: &str) -> Vec<Vec<String>> {
        self.territories
            .iter()
            .map(|t| {
                vec![
                    t.territory.clone(),
                    t.continent.unwrap_or(none).to_string(),
                    t.what.clone(),
                    t.game.to_string(),
                ]
            })
            .collect()
    }
}
