//! `rule list` and `alias list` as tables.

use crate::render::sheets_lists;
use crate::render::tabular::{Sheet, Table, Tabular};
use crate::report::rules::HouseRules;

impl Tabular for HouseRules {
    fn sheets(&self) -> Vec<Sheet> {
        sheets_lists::rules(self)
    }

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

impl Tabular for crate::report::aliases::Aliases {
    fn lines(&self) -> Vec<String> {
        if self.aliases.is_empty() {
            vec![format!(
                "{} has no alias yet: `chronicle alias add ALIAS NAME` makes one.",
                self.campaign
            )]
        } else {
            Vec::new()
        }
    }

    fn sheets(&self) -> Vec<Sheet> {
        sheets_lists::aliases(self)
    }

    fn tables(&self) -> Vec<Table> {
        if self.aliases.is_empty() {
            return Vec::new();
        }
        let mut table = Table::new(&["Alias", "Stands for", "Name"]);
        for a in &self.aliases {
            table.row(vec![a.alias.clone(), a.of.clone(), a.name.clone()]);
        }
        vec![table]
    }
}
