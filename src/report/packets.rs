//! `packets`: the sealed packets by their trigger, which opened in which game, and how close
//! the rest are. Conditions only, never contents.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::Campaign;
use crate::domain::state::standing::{PacketState, PacketStatus, packets};

/// `packets --format json`: one entry per packet.
#[derive(Serialize, JsonSchema)]
#[serde(transparent)]
pub struct Packets(pub Vec<PacketView>);

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PacketView {
    pub packet: String,
    /// When it opens.
    pub condition: String,
    /// `opened`; `met` (its condition was met, nobody recorded opening it); `not_yet`.
    pub status: String,
    /// The game it was opened in, or whose end met its condition; null when not yet.
    pub game: Option<u32>,
    /// How close it is, for the packets the ledger sees coming ("minor cities: 7 of 9").
    pub progress: Option<String>,
}

impl PacketView {
    pub fn new(state: PacketState) -> PacketView {
        let (status, game) = match state.status {
            PacketStatus::Opened { game } => ("opened", Some(game)),
            PacketStatus::Met { game } => ("met", Some(game)),
            PacketStatus::NotYet => ("not_yet", None),
        };
        PacketView {
            packet: state.packet.name().to_string(),
            condition: state.packet.condition().to_string(),
            status: status.to_string(),
            game,
            progress: state.progress,
        }
    }
}

impl PacketView {
    /// Every packet's state in a campaign.
    pub fn all(campaign: &Campaign) -> Vec<PacketView> {
        packets(campaign).into_iter().map(PacketView::new).collect()
    }
}
