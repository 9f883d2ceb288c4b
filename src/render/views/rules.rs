//! `rule list` as a table.

use crate::render::tabular::{Table, Tabular};
use crate::report::rules::HouseRules;

impl Tabular for HouseRules {
    fn tables(&self) -> Vec<Table> {
        let mut table = Table::new(&["Rule", "Holds", "What it holds", "Rules"]);
        for r in &self.rules {
            table.row(vec![
                r.rule.clone(),
                if r.on { "on" } else { "off" }.to_string(),
                r.holds.clone(),
                r.section.clone(),
            ]);
        }
        vec![table]
    }
}
