//! What the campaign set up and added: `power`, `coins`, `scar-type list`, `faction list`.

use crate::render::sheets_lists;
use crate::render::tabular::{Sheet, Table, Tabular};
use crate::report::coins::Coins;
use crate::report::factions::Factions;
use crate::report::powers::Powers;
use crate::report::scar_types::ScarTypes;

impl Tabular for Powers {
    fn sheets(&self) -> Vec<Sheet> {
        sheets_lists::powers(self)
    }

    fn tables(&self) -> Vec<Table> {
        let mut table = Table::new(&["Faction", "Power A", "Power B", "Kept"]);
        for f in &self.factions {
            table.row(vec![
                f.faction.clone(),
                f.power_a.unwrap_or("").to_string(),
                f.power_b.unwrap_or("").to_string(),
                f.kept.map_or("-".to_string(), str::to_uppercase),
            ]);
        }
        vec![table.titled(format!("Starting powers in {}", self.campaign))]
    }
}

impl Tabular for Coins {
    fn lines(&self) -> Vec<String> {
        vec![format!(
            "First coins placed: {} of {}.",
            self.placed, self.of
        )]
    }

    fn sheets(&self) -> Vec<Sheet> {
        sheets_lists::coins(self)
    }

    fn tables(&self) -> Vec<Table> {
        if self.cards.is_empty() {
            return Vec::new();
        }
        let mut table = Table::new(&["Territory", "First coins", "Resources"]);
        for card in &self.cards {
            table.row(vec![
                card.territory.clone(),
                card.coins.to_string(),
                card.resources.to_string(),
            ]);
        }
        vec![table]
    }
}

impl Tabular for ScarTypes {
    fn sheets(&self) -> Vec<Sheet> {
        sheets_lists::scar_types(self)
    }

    fn tables(&self) -> Vec<Table> {
        let mut table = Table::new(&["Scar type", "Stickers", "Left", "Effect"]);
        for s in &self.scar_types {
            table.row(vec![
                s.name.clone(),
                s.stickers.to_string(),
                s.left.to_string(),
                s.effect.clone().unwrap_or_default(),
            ]);
        }
        vec![table]
    }
}

impl Tabular for Factions {
    fn sheets(&self) -> Vec<Sheet> {
        sheets_lists::factions(self)
    }

    fn tables(&self) -> Vec<Table> {
        let mut table = Table::new(&["Faction", "Power", "Card marks", "Card scar"]);
        for f in &self.factions {
            let marks: Vec<String> = f
                .marks
                .iter()
                .map(|m| format!("{}: {}", m.slot, m.text))
                .collect();
            let name = if f.added {
                format!("{} (added)", f.name)
            } else {
                f.name.clone()
            };
            table.row(vec![
                name,
                f.power.map_or("-".to_string(), str::to_uppercase),
                marks.join("; "),
                f.scar.clone().unwrap_or_default(),
            ]);
        }
        vec![table]
    }
}
