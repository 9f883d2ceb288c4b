//! `chronicle packets`: the sealed packets by their trigger, which opened in which game, and
//! how close the rest are; `packets open` records one opened between games.

use super::after::{AfterArgs, only_reading, say_placed};
use super::context::Context;
use super::error::CliError;
use super::explain::Asked;
use super::output::{SheetArgs, print_report, say};
use crate::domain::log::describe::happenings;
use crate::domain::{Entry, Packet};
use crate::ledger::{Query, View};
use crate::report::spoilers::Spoilers;

/// Which packets opened in which game, and how close the rest are (conditions only); or
/// record a packet opened between games
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub time: AfterArgs,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Record a packet opened between games (a packet opened during a game goes in
    /// `game log --opened`)
    Open {
        /// The packet, by its name or a word of it ("elimination", "missiles")
        packet: String,
        /// The game it was opened after, 0 for before game 1; it is recorded there, every
        /// later entry checked again with it [default: the latest]
        #[arg(long = "after-game", visible_alias = "game", value_name = "N")]
        after_game: Option<u32>,
    },
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let Some(Command::Open { packet, after_game }) = args.command else {
        let answer = context.ask(&Query {
            view: View::Packets,
            after: args.time.after,
            spoilers: Spoilers::Opened,
        })?;
        return print_report(&answer.report, context, &SheetArgs::MAIN);
    };
    only_reading(args.time, "packets open")?;
    let (_, recorded) = context.record(Asked::Flags, false, after_game, |campaign| {
        Ok(Entry::OpenPacket {
            packet: Packet::find(&packet)?,
            game: campaign.games_played(),
        })
    })?;
    say_placed(&recorded);
    for happening in happenings(&recorded.before, &recorded.applied.entry) {
        say(&format!("{}.", happening.sentence()));
    }
    Ok(())
}
