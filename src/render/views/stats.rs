//! `stats` as tables.

use super::standing::{homeland_table, lead_line};
use crate::domain::Faction;
use crate::render::sheets;
use crate::render::tabular::{Sheet, Table, Tabular};
use crate::report::stats::StatsReport;

fn percent(rate: f64) -> String {
    format!("{:.0}%", rate * 100.0)
}

impl Tabular for StatsReport {
    fn lines(&self) -> Vec<String> {
        vec![
            format!("{}, after {} games.", self.campaign, self.games_played),
            lead_line(&self.standing),
        ]
    }

    fn sheets(&self) -> Vec<Sheet> {
        sheets::stats(self)
    }

    fn tables(&self) -> Vec<Table> {
        let mut players = Table::new(&[
            "Player", "Games", "Won", "Held on", "Out", "Win %", "Best run", "Run now",
        ]);
        for p in &self.players {
            players.row(vec![
                p.name.clone(),
                p.games.to_string(),
                p.won.to_string(),
                p.held_on.to_string(),
                p.eliminated.to_string(),
                percent(p.win_rate),
                p.longest_win_streak.to_string(),
                p.current_streak.to_string(),
            ]);
        }
        let mut factions = Table::new(&[
            "Faction",
            "Games",
            "Won",
            "Held on",
            "Out",
            "Win %",
            "Started most",
        ]);
        for f in &self.factions {
            let started = match &f.started_most {
                Some(t) => format!("{t} ({}x)", f.started_most_times),
                None => String::new(),
            };
            factions.row(vec![
                Faction::new(f.name.as_str()).short_name().to_string(),
                f.games.to_string(),
                f.won.to_string(),
                f.held_on.to_string(),
                f.eliminated.to_string(),
                percent(f.win_rate),
                started,
            ]);
        }
        let mut pairs = Table::new(&["Pair", "Games together", "Wins"]);
        for h in &self.head_to_head {
            pairs.row(vec![
                format!("{} - {}", h.a, h.b),
                h.games.to_string(),
                format!("{} - {}", h.a_won, h.b_won),
            ]);
        }
        let mut tables = vec![players.titled("Players"), factions.titled("Factions")];
        tables.extend(homeland_table(&self.standing));
        tables.push(pairs.titled("Head to head"));
        tables
    }
}
