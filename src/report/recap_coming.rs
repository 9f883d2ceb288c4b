//! What the next game can bring, for `recap`: the sealed packets whose condition is close
//! (in the packet's own condition words, with the distance), a packet whose condition was
//! met and is still sealed, the pools with one mark or none left, and the approach of game
//! 15 (who would name the world now).

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::state::LAST_REWARDED_GAME;
use crate::domain::state::standing::{PacketStatus, packets};
use crate::domain::{Campaign, Packet, PoolKind};

/// One thing the next game can bring.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Coming {
    /// `packet`, `pool`, `game_15` or `rewards_ended`.
    pub kind: &'static str,
    /// The packet or pool it is about (a packet by its envelope's name, a pool by its key).
    pub about: Option<String>,
    /// In words: "one more minor city opens Minor cities".
    pub text: String,
}

/// The minor cities on the board that open *Minor cities*.
const MINOR_CITIES_AT: u32 = 9;

/// How many more minor cities before *Minor cities* counts as close.
const CLOSE_MINOR_CITIES: u32 = 3;

/// Everything the next game of `campaign` can bring, packets first.
pub fn coming(campaign: &Campaign) -> Vec<Coming> {
    let mut all = packets_close(campaign);
    let played = campaign.games_played();
    if played < LAST_REWARDED_GAME {
        all.extend(pools_low(campaign));
    }
    all.extend(game_15(campaign));
    all
}

fn packet_item(packet: Packet, text: String) -> Coming {
    Coming {
        kind: "packet",
        about: Some(packet.name().to_string()),
        text,
    }
}

/// The packets the ledger sees coming whose condition is close, and those met but sealed.
fn packets_close(campaign: &Campaign) -> Vec<Coming> {
    let mut close = Vec::new();
    for state in packets(campaign) {
        let packet = state.packet;
        match state.status {
            PacketStatus::Opened { .. } => {}
            PacketStatus::Met { game } => close.push(packet_item(
                packet,
                format!(
                    "{}: its condition was met in game {game} and it is still sealed; open it",
                    packet.name()
                ),
            )),
            PacketStatus::NotYet => close.extend(distance(campaign, packet)),
        }
    }
    close
}

/// How far a sealed packet the ledger sees coming is from opening, when it is close.
fn distance(campaign: &Campaign, packet: Packet) -> Option<Coming> {
    let text = match packet {
        Packet::MinorCities => {
            let founded = campaign.pool(&PoolKind::MinorCity).map_or(0, |p| p.used);
            let more = MINOR_CITIES_AT.saturating_sub(founded);
            if more == 0 || more > CLOSE_MINOR_CITIES {
                return None;
            }
            let cities = if more == 1 {
                "one more minor city".to_string()
            } else {
                format!("{more} more minor cities")
            };
            format!("{cities} ({founded} of {MINOR_CITIES_AT} founded) opens Minor cities")
        }
        Packet::FirstElimination => {
            "the first player eliminated opens First elimination".to_string()
        }
        Packet::SecondSignature => {
            let once: Vec<String> = campaign
                .people()
                .iter()
                .filter(|p| campaign.signatures_of(p) == 1)
                .map(ToString::to_string)
                .collect();
            if once.is_empty() {
                return None;
            }
            format!("{} signing again opens Second signature", or_list(&once))
        }
        _ => return None,
    };
    Some(packet_item(packet, text))
}

/// The reward pools with one mark left, or none.
fn pools_low(campaign: &Campaign) -> Vec<Coming> {
    campaign
        .pools()
        .iter()
        .filter(|p| {
            matches!(
                p.kind,
                PoolKind::MajorCity
                    | PoolKind::MinorCity
                    | PoolKind::Fortification
                    | PoolKind::ScarCover
                    | PoolKind::ContinentName
                    | PoolKind::CoinSticker
            )
        })
        .filter(|p| p.left() <= 1)
        .map(|p| {
            let what = p.kind.describe();
            let text = if p.left() == 1 {
                format!("one left of the {what}: the last one")
            } else {
                format!("no {what} left")
            };
            Coming {
                kind: "pool",
                about: Some(p.kind.key()),
                text,
            }
        })
        .collect()
}

/// Game 15's approach: the games left, who leads the signatures and would name the world
/// now; after it, that the rewards have ended.
fn game_15(campaign: &Campaign) -> Vec<Coming> {
    let played = campaign.games_played();
    let leaders = leaders(campaign);
    let lead = match leaders.as_slice() {
        [] => None,
        [(one, n)] => Some(format!(
            "{one} leads with {n} signatures and would name the world"
        )),
        tied => Some(format!(
            "{} tie with {} signatures and would roll off to name the world",
            and_list(&tied.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>()),
            tied[0].1
        )),
    };
    let text = if played < LAST_REWARDED_GAME {
        let left = LAST_REWARDED_GAME - played;
        let games = if left == 1 {
            "game 15 is next".to_string()
        } else {
            format!("{left} games left up to game 15")
        };
        match lead {
            Some(lead) => format!("{games}; {lead} now"),
            None => games,
        }
    } else if campaign.world().is_none() {
        match lead {
            Some(lead) => format!("rewards have ended and the world has no name yet: {lead}"),
            None => "rewards have ended and the world has no name yet".to_string(),
        }
    } else {
        return vec![Coming {
            kind: "rewards_ended",
            about: None,
            text: "rewards have ended: games after 15 give no reward".to_string(),
        }];
    };
    vec![Coming {
        kind: "game_15",
        about: None,
        text,
    }]
}

/// The people with the most signatures, with how many (the world's namer's count, rules §5).
fn leaders(campaign: &Campaign) -> Vec<(String, usize)> {
    let (leaders, most) = campaign.most_signed();
    if most == 0 {
        return Vec::new();
    }
    leaders.into_iter().map(|p| (p, most)).collect()
}

fn or_list(names: &[String]) -> String {
    joined(names, "or")
}

fn and_list(names: &[String]) -> String {
    joined(names, "and")
}

fn joined(names: &[String], last: &str) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., tail] => format!("{} {last} {tail}", rest.join(", ")),
    }
}
