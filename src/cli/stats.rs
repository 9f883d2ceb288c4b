//! `chronicle stats`: per person and per faction (games, won, held on, eliminated,
//! signatures, streaks) and head to head.

use super::after::AfterArgs;
use super::context::Context;
use super::error::CliError;
use super::output::{SheetArgs, print_sheet};
use crate::report::stats::StatsReport;

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
    let (info, loaded) = context.load_after(args.time.after)?;
    print_sheet(
        &StatsReport::new(&info.name, &loaded.entries, &loaded.campaign),
        context,
        &args.sheet,
    )
}
