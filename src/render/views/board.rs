//! `board` as tables.

use super::pools::pool_table;
use crate::domain::state::FORTIFICATION_BOXES;
use crate::render::tabular::{Table, Tabular};
use crate::report::board::{BoardView, TerritoryView};

impl Tabular for BoardView {
    fn lines(&self) -> Vec<String> {
        let games = match self.games_played {
            0 => "no game played yet".to_string(),
            1 => "after 1 game".to_string(),
            n => format!("after {n} games"),
        };
        vec![format!("{}, {games}.", self.campaign)]
    }

    fn tables(&self) -> Vec<Table> {
        let mut tables = vec![continent_table(self)];
        for continent in &self.continents {
            let mut table = Table::new(&["Territory", "City", "Scar", "Fort.", "Card"]);
            for t in self
                .territories
                .iter()
                .filter(|t| t.continent == continent.name)
            {
                table.row(territory_row(t));
            }
            let title = match &continent.given_name {
                Some(given) => format!("{} ({})", given, continent.name),
                None => continent.name.to_string(),
            };
            tables.push(table.titled(title));
        }
        if !self.signatures.is_empty() {
            let mut table = Table::new(&["Game", "Date", "Signed by", "Faction"]);
            for s in &self.signatures {
                table.row(vec![
                    s.game.to_string(),
                    s.date.clone(),
                    s.player.clone(),
                    s.faction.clone(),
                ]);
            }
            tables.push(table.titled("Signatures"));
        }
        if self.continents.len() > 1 {
            tables.push(pool_table(&self.pools).titled("Pools"));
        }
        tables
    }
}

fn continent_table(board: &BoardView) -> Table {
    let mut table = Table::new(&["Continent", "Name", "Named by", "Bonus"]);
    for c in &board.continents {
        let named_by = match (&c.named_by, c.named_in) {
            (Some(by), Some(game)) => format!("{by} (game {game})"),
            _ => String::new(),
        };
        let bonus = match (c.bonus_change, c.bonus_changed_in) {
            (Some(change), Some(game)) => format!("{} ({:+} in game {game})", c.bonus, change),
            _ => c.bonus.to_string(),
        };
        table.row(vec![
            c.name.to_string(),
            c.given_name.clone().unwrap_or_default(),
            named_by,
            bonus,
        ]);
    }
    table
}

fn territory_row(t: &TerritoryView) -> Vec<String> {
    let city = t
        .city
        .as_ref()
        .map(|c| {
            let founder = c
                .founder
                .as_ref()
                .map(|f| format!(", {f}"))
                .unwrap_or_default();
            format!(
                "{} ({}{founder}, game {})",
                c.name,
                c.kind.replace('_', " "),
                c.game
            )
        })
        .unwrap_or_default();
    let scar = t
        .scar
        .as_ref()
        .map(|s| format!("{} (game {})", s.kind, s.game))
        .unwrap_or_default();
    let fortification = t
        .fortification
        .as_ref()
        .map(|f| {
            if f.boxes_left == 0 {
                "worn".to_string()
            } else {
                format!("{}/{FORTIFICATION_BOXES}", f.boxes_left)
            }
        })
        .unwrap_or_default();
    let card = match t.card.destroyed_in {
        Some(game) => format!("X (game {game})"),
        None => t.card.resources.to_string(),
    };
    vec![t.name.to_string(), city, scar, fortification, card]
}
