//! `chronicle recap [--after N] [--spoilers opened|none]`: what a group reads out at the
//! start of a game night.

use super::after::AfterArgs;
use super::context::Context;
use super::error::CliError;
use super::export::SpoilersArg;
use super::format::Format;
use super::output::{json, out, render};
use crate::ledger::{Query, Report, View};
use crate::render::recap::markdown;
use crate::report::spoilers::Spoilers;

/// Previously on: the last game, what it changed, what the next game can bring, the
/// standing and the setup reminders
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `opened` shows what the group has opened; `none` leaves out everything that came from
    /// packets [default: opened]
    #[arg(long, value_enum, value_name = "WHICH")]
    pub spoilers: Option<SpoilersArg>,
    /// With --spoilers none: keep the game's note and the reasons of corrections (free
    /// text is left out otherwise)
    #[arg(long)]
    pub notes: bool,
    #[command(flatten)]
    pub time: AfterArgs,
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    if matches!(context.format, Format::Csv) {
        return Err(CliError::usage(
            "The recap is sentences, not a table of rows: use --format table, md or json.",
        ));
    }
    let answer = context.ask(&Query {
        view: View::Recap { notes: args.notes },
        after: args.time.after,
        spoilers: args
            .spoilers
            .map_or(Spoilers::Opened, SpoilersArg::spoilers),
    })?;
    let Report::Recap(recap) = answer.report else {
        return Err(CliError::bug(
            "The ledger answered the recap with another report.",
        ));
    };
    match context.format {
        Format::Md => out(&markdown(&recap)),
        Format::Json => out(&json(&recap)?),
        _ => out(&render(&recap, context)?),
    }
}
