//! One person's page: their figures from `stats` (games, wins, signatures, streaks), the
//! factions they played, their games newest first, and how they fared against each person
//! they played with; all taken from the statistics and the games as the commands build them.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use super::game::GameView;
use super::stats::{PersonStats, StatsReport};

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PersonReport {
    pub campaign: String,
    /// Their line of `stats`; none before their first game.
    pub stats: Option<PersonStats>,
    /// Most games first.
    pub factions: Vec<FactionPlayed>,
    /// Newest first.
    pub games: Vec<GamePlayed>,
    /// Each person they played with, most games together first.
    pub head_to_head: Vec<Against>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FactionPlayed {
    pub faction: String,
    pub games: u32,
    pub won: u32,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GamePlayed {
    pub game: u32,
    pub date: String,
    pub faction: String,
    /// won, held-on, eliminated or knocked-out.
    pub result: String,
    pub hq: Option<String>,
    pub winner: String,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Against {
    pub other: String,
    pub games: u32,
    /// Of those games, how many this person won.
    pub won: u32,
    /// And how many the other won.
    pub other_won: u32,
}

impl PersonReport {
    /// The page of `name` (as the log writes it) from the campaign's statistics and games.
    pub fn new(name: &str, stats: &StatsReport, games: &[GameView]) -> PersonReport {
        let mut played: Vec<GamePlayed> = games
            .iter()
            .filter_map(|g| {
                let p = g.players.iter().find(|p| p.person == name)?;
                Some(GamePlayed {
                    game: g.game,
                    date: g.date.clone(),
                    faction: p.faction.clone(),
                    result: p.result.to_string(),
                    hq: p.hq.clone(),
                    winner: g.winner.clone(),
                })
            })
            .collect();
        played.sort_by_key(|g| std::cmp::Reverse(g.game));
        let mut factions: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
        for g in &played {
            let counts = factions.entry(g.faction.as_str()).or_default();
            counts.0 += 1;
            counts.1 += u32::from(g.result == "won");
        }
        let mut factions: Vec<FactionPlayed> = factions
            .into_iter()
            .map(|(faction, (games, won))| FactionPlayed {
                faction: faction.to_string(),
                games,
                won,
            })
            .collect();
        factions.sort_by_key(|f| std::cmp::Reverse(f.games));
        let mut head_to_head: Vec<Against> = stats
            .head_to_head
            .iter()
            .filter_map(|h| match (h.a == name, h.b == name) {
                (true, _) => Some((h.b.clone(), h.games, h.a_won, h.b_won)),
                (_, true) => Some((h.a.clone(), h.games, h.b_won, h.a_won)),
                _ => None,
            })
            .map(|(other, games, won, other_won)| Against {
                other,
                games,
                won,
                other_won,
            })
            .collect();
        head_to_head.sort_by_key(|h| std::cmp::Reverse(h.games));
        PersonReport {
            campaign: stats.campaign.clone(),
            stats: stats.players.iter().find(|p| p.name == name).cloned(),
            factions,
            games: played,
            head_to_head,
        }
    }
}
