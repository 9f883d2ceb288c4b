//! `packets`, `world`, `campaign list` and `check` as tables.

use crate::domain::state::LAST_REWARDED_GAME;
use crate::render::tabular::{Sheet, Table, Tabular};
use crate::render::{sheets, sheets_lists};
use crate::report::campaigns::CampaignList;
use crate::report::check::CheckView;
use crate::report::packets::Packets;
use crate::report::world::World;

impl Tabular for Packets {
    fn sheets(&self) -> Vec<Sheet> {
        vec![sheets::packets("packets", &self.0)]
    }

    fn tables(&self) -> Vec<Table> {
        let mut table = Table::new(&["Packet", "Opens when", "Status", "Progress"]);
        for p in &self.0 {
            let status = match (p.status.as_str(), p.game) {
                ("opened", Some(game)) => format!("opened in game {game}"),
                ("met", Some(game)) => format!("due since game {game}"),
                _ => "sealed".to_string(),
            };
            table.row(vec![
                p.packet.clone(),
                p.condition.clone(),
                status,
                p.progress.clone().unwrap_or_default(),
            ]);
        }
        vec![table]
    }
}

impl Tabular for World {
    fn lines(&self) -> Vec<String> {
        let line = match (&self.world_name, &self.named_by) {
            (Some(name), Some(by)) => format!("The World of {name}, named by {by}."),
            _ if self.games_played < LAST_REWARDED_GAME => format!(
                "The world is named after game {LAST_REWARDED_GAME}; {} games played.",
                self.games_played
            ),
            _ if self.candidates.len() > 1 => {
                "A tie for the most signatures: the tied roll a die each, adding their bonus; record the winner with `world name NAME --by PERSON`.".to_string()
            }
            _ => "The person below names the world: `world name NAME --by PERSON`.".to_string(),
        };
        vec![line]
    }

    fn sheets(&self) -> Vec<Sheet> {
        sheets_lists::world(self)
    }

    fn tables(&self) -> Vec<Table> {
        let mut table = Table::new(&["Person", "Signatures", "Roll-off bonus"]);
        for c in &self.candidates {
            table.row(vec![
                c.person.clone(),
                c.signatures.to_string(),
                format!("+{}", c.roll_off_bonus),
            ]);
        }
        vec![table.titled("Most signatures")]
    }
}

impl Tabular for CampaignList {
    fn sheets(&self) -> Vec<Sheet> {
        sheets_lists::campaigns(self)
    }

    fn tables(&self) -> Vec<Table> {
        let mut table = Table::new(&["", "Campaign", "Games", "Started"]);
        for c in &self.campaigns {
            let name = if c.demo {
                format!("{} (demo)", c.name)
            } else {
                c.name.clone()
            };
            let marker = if c.current { "*" } else { "" };
            table.row(vec![
                marker.into(),
                name,
                c.games_played.to_string(),
                c.created_at.clone(),
            ]);
        }
        vec![table]
    }
}

impl Tabular for CheckView {
    fn lines(&self) -> Vec<String> {
        let verdict = if self.ok {
            format!(
                "{}: no problem. SQLite's integrity and foreign-key checks pass, and {} entries of {} campaign{} replay through the rules.",
                self.database,
                self.entries,
                self.campaigns.len(),
                if self.campaigns.len() == 1 { "" } else { "s" }
            )
        } else {
            format!(
                "{}: {} problem(s) found.",
                self.database,
                self.problems.len()
            )
        };
        vec![verdict]
    }

    fn sheets(&self) -> Vec<Sheet> {
        sheets_lists::check(self)
    }

    fn tables(&self) -> Vec<Table> {
        let mut tables = Vec::new();
        if !self.problems.is_empty() {
            let mut problems = Table::new(&["Problem"]);
            for p in &self.problems {
                problems.row(vec![p.clone()]);
            }
            tables.push(problems);
        }
        if !self.warnings.is_empty() {
            let mut warnings = Table::new(&["Warning (the campaign still reads)"]);
            for w in &self.warnings {
                warnings.row(vec![w.clone()]);
            }
            tables.push(warnings);
        }
        let mut campaigns = Table::new(&["Campaign", "Games"]);
        for c in &self.campaigns {
            campaigns.row(vec![c.name.clone(), c.games.to_string()]);
        }
        tables.push(campaigns);
        tables
    }
}
