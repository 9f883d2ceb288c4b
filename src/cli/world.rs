//! `chronicle world name NAME --by PERSON`: after game 15, the world's name; `chronicle
//! world` shows who may give it and, on a tie, the roll-off bonuses.

use super::after::{AfterGameArgs, say_placed};
use super::context::Context;
use super::error::CliError;
use super::explain::Asked;
use super::output::{SheetArgs, print_report, say};
use crate::domain::Entry;
use crate::ledger::{Query, View};

/// The world's name: who may give it after game 15, or give it
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Name the world (after game 15, by the person with the most signatures or the winner
    /// of the roll-off among the tied)
    Name {
        /// The world's name ("The World of …" is added in print)
        name: String,
        /// Who names it
        #[arg(long)]
        by: String,
        #[command(flatten)]
        at: AfterGameArgs,
    },
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let Some(Command::Name { name, by, at }) = args.command else {
        let answer = context.ask(&Query::now(View::World))?;
        return print_report(&answer.report, context, &SheetArgs::MAIN);
    };
    let (_, recorded) = context.record(Asked::Flags, false, at.after_game, |_| {
        Ok(Entry::NameWorld { name, by })
    })?;
    say_placed(&recorded);
    if let Some(world) = recorded.after.world() {
        let roll_off = if world.roll_off.is_empty() {
            String::new()
        } else {
            format!(
                " after winning the roll-off among {}",
                world.roll_off.join(", ")
            )
        };
        say(&format!(
            "{} named The World of {}{roll_off}.",
            world.by, world.name
        ));
    }
    Ok(())
}
