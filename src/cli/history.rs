//! `chronicle history [--territory T] [--continent C] [--player P] [--faction F] [--game N]`:
//! every change in order, with the game, its date, the person and their faction.

use super::after::AfterArgs;
use super::context::Context;
use super::error::CliError;
use super::output::{SheetArgs, print_report};
use crate::ledger::{Query, View};
use crate::report::history_query::HistoryQuery;
use crate::report::spoilers::Spoilers;

/// What happened, in order: every change with its game, date, person and faction
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only changes on this territory (printed name or a name players use)
    #[arg(long)]
    pub territory: Option<String>,
    /// Only changes in this continent (printed or given name)
    #[arg(long)]
    pub continent: Option<String>,
    /// Only changes made by this person
    #[arg(long)]
    pub player: Option<String>,
    /// Only changes made by players of this faction
    #[arg(long)]
    pub faction: Option<String>,
    /// Only changes made in this game
    #[arg(long)]
    pub game: Option<u32>,
    /// Only changes of this kind: event, mission, scar, major_city, fortify, … (repeatable)
    #[arg(long = "kind", value_name = "KIND")]
    pub kinds: Vec<String>,
    /// The corrections instead: each game edited or inserted, entry taken back, person
    /// renamed or merged, with when and why
    #[arg(long, conflicts_with_all = ["territory", "continent", "player", "faction", "game", "kinds", "after"])]
    pub corrections: bool,
    #[command(flatten)]
    pub time: AfterArgs,
}

/// The log as corrected, cut after `--after`'s game, walked once through the rules: its
/// changes, filtered; or the corrections.
pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let view = if args.corrections {
        View::Corrections
    } else {
        View::History(HistoryQuery {
            territory: args.territory,
            continent: args.continent,
            player: args.player,
            faction: args.faction,
            game: args.game,
            kinds: args.kinds,
            after: args.time.after,
        })
    };
    let answer = context.ask(&Query {
        view,
        after: args.time.after,
        spoilers: Spoilers::Opened,
    })?;
    print_report(&answer.report, context, &SheetArgs::MAIN)
}
