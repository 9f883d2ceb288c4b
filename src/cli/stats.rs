//! `chronicle stats`: per person and per faction (games, won, held on, eliminated,
//! signatures, streaks) and head to head.

use schemars::JsonSchema;
use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::output::{Report, Table, print};
use crate::domain::stats::{FactionStats, HeadToHead, PersonStats, stats};
use crate::domain::{Entry, Faction};
use crate::store::Loaded;

/// How each person and faction has fared: games, won, held on, eliminated, signatures,
/// streaks; head to head
#[derive(Debug, clap::Args)]
pub struct Args {}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatsReport {
    pub campaign: String,
    pub games_played: u32,
    /// Most wins first.
    pub players: Vec<PersonStats>,
    pub factions: Vec<FactionStats>,
    /// Every two people who played together.
    pub head_to_head: Vec<HeadToHead>,
}

fn percent(rate: f64) -> String {
    format!("{:.0}%", rate * 100.0)
}

impl Report for StatsReport {
    fn lines(&self) -> Vec<String> {
        vec![format!(
            "{}, after {} games.",
            self.campaign, self.games_played
        )]
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
        vec![
            players.titled("Players"),
            factions.titled("Factions"),
            pairs.titled("Head to head"),
        ]
    }
}

/// The statistics of a loaded campaign.
pub fn report(name: &str, loaded: &Loaded) -> StatsReport {
    let games: Vec<_> = loaded
        .log
        .iter()
        .filter_map(|e| match &e.entry {
            Entry::Game(game) => Some(game),
            _ => None,
        })
        .collect();
    let campaign = &loaded.campaign;
    let stats = stats(
        games.iter().copied(),
        campaign.people(),
        campaign.factions(),
    );
    StatsReport {
        campaign: name.to_string(),
        games_played: campaign.games_played(),
        players: stats.players,
        factions: stats.factions,
        head_to_head: stats.head_to_head,
    }
}

pub fn run(context: &Context, _args: Args) -> Result<(), CliError> {
    let (info, loaded) = context.load()?;
    print(&report(&info.name, &loaded), context.output())
}
