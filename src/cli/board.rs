//! `chronicle board [--continent C] [--with KIND] [--after N]`: the world now, or after
//! game N; with `--with`, only the territories carrying that kind of mark.

use super::after::AfterArgs;
use super::context::Context;
use super::error::CliError;
use super::output::{SheetArgs, print_sheet};
use crate::report::board::BoardView;
use crate::report::marked::{MarkKind, MarkedTerritories};

/// The world now: continents, territories with their marks and cards, signatures, pools
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only this continent (printed or given name)
    #[arg(long)]
    pub continent: Option<String>,
    /// Only the territories carrying this, in one list: scar, city, fortification, fallout,
    /// destroyed (a destroyed card) or mark (repeatable)
    #[arg(long = "with", value_name = "KIND")]
    pub with: Vec<String>,
    #[command(flatten)]
    pub time: AfterArgs,
    #[command(flatten)]
    pub sheet: SheetArgs,
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let (info, campaign) = context.campaign_after(args.time.after)?;
    super::sync::warn_if_forked(context);
    let only = args
        .continent
        .as_deref()
        .map(|c| campaign.find_continent(c))
        .transpose()?;
    if !args.with.is_empty() {
        let kinds = args
            .with
            .iter()
            .map(|k| {
                MarkKind::find(k).ok_or_else(|| {
                    CliError::usage(format!(
                        "--with \"{k}\" is not a kind of mark; the kinds are {}.",
                        MarkKind::ALL.map(MarkKind::key).join(", ")
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        return print_sheet(
            &MarkedTerritories::new(&info.name, &campaign, &kinds, only),
            context,
            &args.sheet,
        );
    }
    print_sheet(
        &BoardView::new(&info.name, &campaign, only),
        context,
        &args.sheet,
    )
}
