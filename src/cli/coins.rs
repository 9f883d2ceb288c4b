//! `chronicle coins TERRITORY…`: the twelve first coin stickers, before game 1.

use super::after::{AfterGameArgs, say_placed};
use super::context::Context;
use super::error::CliError;
use super::explain::Asked;
use super::output::{print, say};
use crate::domain::state::FIRST_COINS;
use crate::domain::{Entry, Territory};
use crate::report::coins::Coins;

/// Place first coin stickers on territory cards before game 1 (twelve in all, at most 2 on
/// a card; name a territory twice for two); without arguments, show where they are
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Territories whose cards get a coin
    pub territories: Vec<String>,
    #[command(flatten)]
    pub at: AfterGameArgs,
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    if args.territories.is_empty() {
        let (_, campaign) = context.campaign_after(None)?;
        return print(&Coins::new(&campaign), context);
    }
    let (_, recorded) = context.record(Asked::Flags, false, args.at.after_game, |_| {
        let territories = args
            .territories
            .iter()
            .map(|t| Territory::find(t))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Entry::Coins { territories })
    })?;
    say_placed(&recorded);
    let left = FIRST_COINS - recorded.after.first_coins();
    say(&format!(
        "Placed {} first coin{}; {left} of {FIRST_COINS} left to place.",
        args.territories.len(),
        if args.territories.len() == 1 { "" } else { "s" }
    ));
    print(&Coins::new(&recorded.after), context)
}
