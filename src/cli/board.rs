//! `chronicle board [--continent C]`: the world now.

use super::context::Context;
use super::error::CliError;
use super::output::print;
use crate::report::board::BoardView;

/// The world now: continents, territories with their marks and cards, signatures, pools
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only this continent (printed or given name)
    #[arg(long)]
    pub continent: Option<String>,
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let (info, loaded) = context.load()?;
    let only = args
        .continent
        .as_deref()
        .map(|c| loaded.campaign.find_continent(c))
        .transpose()?;
    print(&BoardView::new(&info.name, &loaded.campaign, only), context)
}
