//! `stats`: how each person and faction has fared, and head to head.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::stats::{FactionStats, HeadToHead, PersonStats, stats};
use crate::domain::{Campaign, Entry, LoggedEntry};

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

impl StatsReport {
    /// The statistics of a campaign's log (the entries that stand) and its fold.
    pub fn new(name: &str, log: &[LoggedEntry], campaign: &Campaign) -> StatsReport {
        let games: Vec<_> = log
            .iter()
            .filter_map(|e| match &e.entry {
                Entry::Game(game) => Some(game),
                _ => None,
            })
            .collect();
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
}
