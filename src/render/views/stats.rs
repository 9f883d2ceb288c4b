//! `stats` as tables.

use super::standing::{homeland_table, lead_line};
use crate::domain::Faction;
use crate::render::sheets;
use crate::render::tabular::{Sheet, Table, Tabular};
use crate::report::stats::StatsReport;

fn percent(rate: f64) -> String {
    format!("{:.0}%", rate * 100.0)
}

/// Games out: eliminated, and of those how many knocked out at the end.
fn out(eliminated: u32, knocked_out: u32) -> String {
    if knocked_out == 0 {
        eliminated.to_string()
    } else {
        format!("{eliminated} ({knocked_out} knocked out)")
    }
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
        // Missions and event cards are sealed content: shown once a game has one.
        let cards = self.shows_cards();
        let mut headers = vec![
            "Player", "Games", "Won", "Held on", "Out", "Win %", "Best run", "Run now",
        ];
        if cards {
            headers.extend(["Missions", "Events"]);
        }
        let mut players = Table::new(&headers);
        for p in &self.players {
            let mut row = vec![
                p.name.clone(),
                p.games.to_string(),
                p.won.to_string(),
                p.held_on.to_string(),
                out(p.eliminated, p.knocked_out),
                percent(p.win_rate),
                p.longest_win_streak.to_string(),
                p.current_streak.to_string(),
            ];
            if cards {
                row.extend([p.missions_completed.to_string(), p.events.to_string()]);
            }
            players.row(row);
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
                out(f.eliminated, f.knocked_out),
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
