//! Homelands and the lead faction (rules §6b), and where each packet stands, worked out from
//! the log, never stored on their own.

use super::{Campaign, LAST_REWARDED_GAME};
use crate::domain::board::faction::Faction;
use crate::domain::board::{Continent, Territory};
use crate::domain::entry::{Game, Outcome};
use crate::domain::vocabulary::packet::Packet;

/// A faction's homeland: the continent where it started most often in games 1–15; none
/// when two continents tie for the most.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Homeland {
    pub faction: Faction,
    pub continent: Option<Continent>,
    /// How many of games 1–15 it started on that continent (the most on any).
    pub starts: u32,
}

/// The homelands of every faction that started somewhere in games 1–15, in the order the
/// factions first played. `games` are the games of the log, in order.
pub fn homelands<'a>(
    games: impl IntoIterator<Item = &'a Game>,
    continent_of: impl Fn(&Territory) -> Option<Continent>,
) -> Vec<Homeland> {
    let mut counts: Vec<(Faction, Vec<u32>)> = Vec::new();
    let continents: Vec<Continent> = Continent::all().collect();
    for game in games.into_iter().take(LAST_REWARDED_GAME as usize) {
        for seat in &game.seats {
            // A start on an added territory of no continent counts for none.
            let Some(continent) = seat.hq.as_ref().and_then(&continent_of) else {
                continue;
            };
            let at = continents
                .iter()
                .position(|&c| c == continent)
                .unwrap_or_default();
            if let Some((_, starts)) = counts.iter_mut().find(|(f, _)| *f == seat.faction) {
                starts[at] += 1;
            } else {
                let mut starts = vec![0; continents.len()];
                starts[at] = 1;
                counts.push((seat.faction.clone(), starts));
            }
        }
    }
    counts
        .into_iter()
        .map(|(faction, starts)| {
            let most = starts.iter().copied().max().unwrap_or_default();
            let mut at_most = starts.iter().enumerate().filter(|(_, n)| **n == most);
            let continent = match (at_most.next(), at_most.next()) {
                (Some((i, _)), None) => Some(continents[i]),
                _ => None,
            };
            Homeland {
                faction,
                continent,
                starts: most,
            }
        })
        .collect()
}

/// The lead faction: the one faction with the most wins, with them; none on a tie or before
/// any win.
pub fn lead_faction<'a>(games: impl IntoIterator<Item = &'a Game>) -> Option<(Faction, u32)> {
    let mut wins: Vec<(Faction, u32)> = Vec::new();
    for game in games {
        for seat in game.seats.iter().filter(|s| s.result == Outcome::Won) {
            match wins.iter_mut().find(|(f, _)| *f == seat.faction) {
                Some((_, n)) => *n += 1,
                None => wins.push((seat.faction.clone(), 1)),
            }
        }
    }
    let most = wins.iter().map(|(_, n)| *n).max()?;
    let mut leaders = wins.into_iter().filter(|(_, n)| *n == most);
    match (leaders.next(), leaders.next()) {
        (Some(leader), None) => Some(leader),
        _ => None,
    }
}

/// Where a packet stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PacketStatus {
    /// Opened, in this game.
    Opened {
        game: u32,
    },
    /// Its condition was met in this game, and nobody has recorded opening it.
    Met {
        game: u32,
    },
    NotYet,
}

/// Each packet's status, with progress for those the ledger sees coming.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PacketState {
    pub packet: Packet,
    pub status: PacketStatus,
    pub progress: Option<String>,
}

/// Where every packet stands: opened (and when), met but not opened (and in which game its
/// condition was met), or not yet, with progress for the packets the ledger sees coming.
pub fn packets(campaign: &Campaign) -> Vec<PacketState> {
    Packet::ALL
        .into_iter()
        .map(|packet| {
            let status = match (campaign.opened(packet), campaign.condition_met_in(packet)) {
                (Some(opening), _) => PacketStatus::Opened { game: opening.game },
                (None, Some(game)) => PacketStatus::Met { game },
                (None, None) => PacketStatus::NotYet,
            };
            PacketState {
                packet,
                status,
                progress: campaign.packet_progress(packet).map(|p| p.text),
            }
        })
        .collect()
}
