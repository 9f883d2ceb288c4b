//! `chronicle board [--continent C] [--with KIND] [--after N]`: the world now, or after
//! game N; with `--with`, only the territories carrying that kind of mark.

use super::after::AfterArgs;
use super::context::Context;
use super::error::CliError;
use super::output::{SheetArgs, print_report};
use crate::ledger::{Query, View};
use crate::report::spoilers::Spoilers;

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
    let answer = context.ask(&Query {
        view: View::Board {
            continent: args.continent,
            with: args.with,
        },
        after: args.time.after,
        spoilers: Spoilers::Opened,
    })?;
    super::sync::warn_if_forked(context);
    print_report(&answer.report, context, &args.sheet)
}
