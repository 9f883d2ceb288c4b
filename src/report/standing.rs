//! Homelands and the lead faction, as `setup` and `stats` carry them.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::state::standing::{homelands, lead_faction};
use crate::domain::{Campaign, Entry, Game, LoggedEntry};

/// A faction's homeland (rules §6b).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HomelandView {
    pub faction: String,
    /// The continent (printed name) where it started most often in games 1–15; null on a
    /// tie between continents.
    pub continent: Option<String>,
    /// How many of games 1–15 it started there.
    pub starts: u32,
}

/// The lead faction: the one faction with the most wins.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeadView {
    pub faction: String,
    pub wins: u32,
}

/// Homelands and the lead faction, worked out from the log.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    /// Null on a tie for the most wins, or before any win.
    pub lead_faction: Option<LeadView>,
    pub homelands: Vec<HomelandView>,
}

impl Standing {
    /// From the entries that stand, in the order of the log.
    pub fn new(log: &[LoggedEntry], campaign: &Campaign) -> Standing {
        let games: Vec<&Game> = log
            .iter()
            .filter(|e| e.taken_back.is_none())
            .filter_map(|e| match &*e.entry {
                Entry::Game(game) => Some(&**game),
                _ => None,
            })
            .collect();
        Standing {
            lead_faction: lead_faction(games.iter().copied()).map(|(faction, wins)| LeadView {
                faction: faction.to_string(),
                wins,
            }),
            homelands: homelands(games.iter().copied(), |t| campaign.continent_of(t))
                .into_iter()
                .map(|h| HomelandView {
                    faction: h.faction.to_string(),
                    continent: h.continent.map(|c| c.name().to_string()),
                    starts: h.starts,
                })
                .collect(),
        }
    }
}
