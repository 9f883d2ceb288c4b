//! `board` as tables.

use super::pools::pool_table;
use crate::domain::state::FORTIFICATION_BOXES;
use crate::render::csv_export::{self, Rows};
use crate::render::sheets;
use crate::render::tabular::{Sheet, Table, Tabular};
use crate::report::board::{BoardView, TerritoryView};

impl Tabular for BoardView {
    fn lines(&self) -> Vec<String> {
        let games = match self.games_played {
            0 => "no game played yet".to_string(),
            1 => "after 1 game".to_string(),
            n => format!("after {n} games"),
        };
        let world = self
            .world_name
            .as_ref()
            .map(|name| format!("The World of {name}. "))
            .unwrap_or_default();
        vec![format!("{world}{}, {games}.", self.campaign)]
    }

    fn tables(&self) -> Vec<Table> {
        let mut tables = vec![continent_table(self)];
        // The column of sealed marks only once sealed content left one.
        let marks = self
            .territories
            .iter()
            .any(|t| t.mark.is_some() || t.fallout_in.is_some());
        for continent in &self.continents {
            let mut headers = vec!["Territory", "City", "Scar", "Fort.", "Card"];
            if marks {
                headers.push("Mark");
            }
            let mut table = Table::new(&headers);
            for t in self
                .territories
                .iter()
                .filter(|t| t.continent == Some(continent.name))
            {
                let mut row = territory_row(t);
                if marks {
                    row.push(sealed_marks(t));
                }
                table.row(row);
            }
            let title = match &continent.given_name {
                Some(given) => format!("{} ({})", given, continent.name),
                None => continent.name.to_string(),
            };
            tables.push(table.titled(title));
        }
        if let Some(table) = outside_continents(self, marks) {
            tables.push(table.titled("Added to the map, in no continent"));
        }
        // The signatures are the whole board's: one continent's board leaves them out.
        if !self.signatures.is_empty() && self.continents.len() > 1 {
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

    /// For one table per stream: every territory in one flat table (the main one), the
    /// continents, the signatures and the pools.
    fn sheets(&self) -> Vec<Sheet> {
        let signatures = self.signatures.iter().map(|s| {
            vec![
                s.game.to_string(),
                s.date.clone(),
                s.player.clone(),
                s.faction.clone(),
            ]
        });
        vec![
            sheet("territories", csv_export::territories(self)),
            sheet("continents", csv_export::continents(self)),
            sheet(
                "signatures",
                (
                    vec!["game", "date", "player", "faction"],
                    signatures.collect(),
                ),
            ),
            sheets::pools("pools", &self.pools),
        ]
    }
}

fn sheet(name: &str, (headers, rows): Rows) -> Sheet {
    let mut table = Table::new(&headers);
    table.rows = rows;
    Sheet {
        name: name.to_string(),
        table,
    }
}

/// The territories sealed content added to no continent, with what they border.
fn outside_continents(board: &BoardView, marks: bool) -> Option<Table> {
    let outside: Vec<&TerritoryView> = board
        .territories
        .iter()
        .filter(|t| t.continent.is_none())
        .collect();
    if outside.is_empty() {
        return None;
    }
    let mut headers = vec!["Territory", "City", "Scar", "Fort.", "Card"];
    if marks {
        headers.push("Mark");
    }
    headers.push("Borders");
    let mut table = Table::new(&headers);
    for t in outside {
        let mut row = territory_row(t);
        if marks {
            row.push(sealed_marks(t));
        }
        row.push(
            t.added
                .as_ref()
                .map_or(String::new(), |a| a.neighbours.join(", ")),
        );
        table.row(row);
    }
    Some(table)
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

/// The group's mark and the fallout mark: "Ruins (game 4); fallout (game 6)".
pub(crate) fn sealed_marks(t: &TerritoryView) -> String {
    let mark = t
        .mark
        .as_ref()
        .map(|m| format!("{} (game {})", m.text, m.game));
    let fallout = t.fallout_in.map(|game| format!("fallout (game {game})"));
    [mark, fallout]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join("; ")
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
    vec![t.name.clone(), city, scar, fortification, card]
}
