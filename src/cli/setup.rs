//! `chronicle setup [--players A,B,C]`: what the next game starts with.

use super::after::AfterArgs;
use super::context::Context;
use super::error::CliError;
use super::explain::Asked;
use super::output::{SheetArgs, print_sheet};
use crate::domain::players_at_table;
use crate::report::setup::{SetupReport, next_table};

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
    let (info, loaded) = context.load_after(args.time.after)?;
    let campaign = &loaded.campaign;
    let names: Vec<String> = if args.players.is_empty() {
        next_table(campaign, &loaded.entries)
    } else {
        players_at_table(&args.players).map_err(|r| CliError::refused(r, Asked::Players))?
    };
    print_sheet(
        &SetupReport::new(&info.name, campaign, &loaded.entries, &names),
        context,
        &args.sheet,
    )
}
