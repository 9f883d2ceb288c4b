//! `chronicle board [--continent C] [--after N]`: the world now, or after game N.

use super::after::AfterArgs;
use super::context::Context;
use super::error::CliError;
use super::output::{SheetArgs, print_sheet};
use crate::report::board::BoardView;

/// The world now: continents, territories with their marks and cards, signatures, pools
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only this continent (printed or given name)
    #[arg(long)]
    pub continent: Option<String>,
    #[command(flatten)]
    pub time: AfterArgs,
    #[command(flatten)]
    pub sheet: SheetArgs,
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let (info, campaign) = context.campaign_after(args.time.after)?;
    let only = args
        .continent
        .as_deref()
        .map(|c| campaign.find_continent(c))
        .transpose()?;
    print_sheet(
        &BoardView::new(&info.name, &campaign, only),
        context,
        &args.sheet,
    )
}
