//! `chronicle setup [--players A,B,C]`: what the next game starts with.

use super::after::AfterArgs;
use super::context::Context;
use super::error::CliError;
use super::explain::Asked;
use super::output::{SheetArgs, print_report};
use crate::ledger::{Query, View};
use crate::report::spoilers::Spoilers;

/// Before the next game: each person's red star token or missiles, legal starting
/// territories, continent bonuses with namers' +1, stock left, packets close to opening
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The people playing next (comma-separated) [default: the people of the latest game,
    /// else everyone who has played]
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    #[command(flatten)]
    pub time: AfterArgs,
    #[command(flatten)]
    pub sheet: SheetArgs,
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let answer = context
        .ask(&Query {
            view: View::Setup {
                players: args.players,
            },
            after: args.time.after,
            spoilers: Spoilers::Opened,
        })
        .map_err(|error| match error.refusal() {
            // The people named with --players.
            Some(refusal) => CliError::refused(refusal.clone(), Asked::Players),
            None => error,
        })?;
    print_report(&answer.report, context, &args.sheet)
}
