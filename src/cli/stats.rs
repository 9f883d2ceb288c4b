//! `chronicle stats`: per person and per faction (games, won, held on, eliminated,
//! signatures, streaks) and head to head.

use super::after::AfterArgs;
use super::context::Context;
use super::error::CliError;
use super::output::{SheetArgs, print_report};
use crate::ledger::{Query, View};
use crate::report::spoilers::Spoilers;

/// How each person and faction has fared: games, won, held on, eliminated, signatures,
/// streaks; head to head
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub time: AfterArgs,
    #[command(flatten)]
    pub sheet: SheetArgs,
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let answer = context.ask(&Query {
        view: View::Stats,
        after: args.time.after,
        spoilers: Spoilers::Opened,
    })?;
    print_report(&answer.report, context, &args.sheet)
}
