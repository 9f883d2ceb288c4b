//! `setup` as tables.

use std::fmt::Write as _;

use super::pools::pool_table;
use super::standing::{homeland_table, lead_line};
use crate::render::sheets;
use crate::render::tabular::{Sheet, Table, Tabular};
use crate::report::setup::SetupReport;

impl Tabular for SetupReport {
    fn lines(&self) -> Vec<String> {
        let rewards = if self.rewards {
            ""
        } else {
            " (no rewards after game 15)"
        };
        let world = self
            .world_name
            .as_ref()
            .map(|name| format!("The World of {name}. "))
            .unwrap_or_default();
        vec![
            format!(
                "{world}{}: setup for game {}{rewards}.",
                self.campaign, self.next_game
            ),
            lead_line(&self.standing),
        ]
    }

    fn sheets(&self) -> Vec<Sheet> {
        sheets::setup(self)
    }

    fn tables(&self) -> Vec<Table> {
        let mut people = Table::new(&["Person", "Red star", "Missiles", "Named", "Legal starts"]);
        for p in &self.people {
            let excluded = &p.other_territories;
            // The shorter of the two lists, named, while it is short; else a count.
            let mut starts = match (excluded.len(), p.legal_starts.len()) {
                (0, n) => format!("all {n}"),
                (1..=8, _) => format!("all but {}", excluded.join(", ")),
                (_, 1..=8) => format!("only {}", p.legal_starts.join(", ")),
                (_, n) => format!("{n} territories"),
            };
            // "All but" lists what is not legal, "only" what is: their own major cities
            // are in neither.
            if !p.own_major_cities.is_empty() && starts.ends_with("territories") {
                let _ = write!(starts, ", incl. {}", p.own_major_cities.join(", "));
            }
            people.row(vec![
                p.name.clone(),
                p.red_star_tokens.to_string(),
                p.missiles.to_string(),
                p.named_continents.join(", "),
                starts,
            ]);
        }
        let mut continents = Table::new(&["Continent", "Bonus", "Namer +1"]);
        for c in &self.continents {
            let name = match &c.given_name {
                Some(given) => format!("{given} ({})", c.name),
                None => c.name.clone(),
            };
            let bonus = match c.bonus_change {
                Some(change) => format!("{} ({} {change:+})", c.bonus, c.printed_bonus),
                None => c.bonus.to_string(),
            };
            let namer = c
                .named_by
                .as_ref()
                .map(|n| format!("{n} +{}", c.namer_bonus))
                .unwrap_or_default();
            continents.row(vec![name, bonus, namer]);
        }
        let mut packets = Table::new(&["Packet", "Opens when", "Progress"]);
        for p in &self.packets {
            let progress = match (p.status.as_str(), p.game) {
                ("met", Some(game)) => format!("due since game {game}"),
                _ => p
                    .progress
                    .clone()
                    .unwrap_or_else(|| "reported by the group".to_string()),
            };
            packets.row(vec![p.packet.clone(), p.condition.clone(), progress]);
        }
        let mut tables = vec![
            people.titled("People"),
            continents.titled("Continent bonuses"),
        ];
        tables.extend(homeland_table(&self.standing));
        tables.push(pool_table(&self.stock).titled("Stock left"));
        tables.push(packets.titled("Packets still sealed"));
        tables
    }
}
