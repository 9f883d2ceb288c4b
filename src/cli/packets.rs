//! `chronicle packets`: the sealed packets by their trigger, which opened in which game, and
//! how close the rest are. Conditions only, never contents.

use schemars::JsonSchema;
use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::output::{Report, Table, print, say};
use crate::domain::describe::happenings;
use crate::domain::history::{PacketState, PacketStatus, packets};
use crate::domain::{Entry, Packet};
use crate::store::Loaded;

/// Which packets opened in which game, and how close the rest are (conditions only); or
/// record a packet opened between games
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Record a packet opened between games (a packet opened during a game goes in
    /// `game log --opened`)
    Open {
        /// The packet, by its name or a word of it ("elimination", "missiles")
        packet: String,
        /// The game it was opened after [default: the latest]
        #[arg(long)]
        game: Option<u32>,
    },
}

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

impl Report for Packets {
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

/// Every packet's state after a loaded log.
pub fn packet_views(loaded: &Loaded) -> Result<Vec<PacketView>, CliError> {
    Ok(packets(&loaded.campaign)
        .into_iter()
        .map(PacketView::new)
        .collect())
}

pub fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let Some(Command::Open { packet, game }) = args.command else {
        let (_, loaded) = context.load()?;
        return print(&Packets(packet_views(&loaded)?), context.output());
    };
    let (_, recorded) = context.record(false, |campaign| {
        Ok(Entry::OpenPacket {
            packet: Packet::find(&packet)?,
            game: game.unwrap_or(campaign.games_played()),
        })
    })?;
    for happening in happenings(&recorded.before, &recorded.applied.entry) {
        say(&format!("{}.", happening.sentence()));
    }
    Ok(())
}
