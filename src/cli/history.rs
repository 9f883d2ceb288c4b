//! `chronicle history [--territory T] [--continent C] [--player P] [--faction F] [--game N]`:
//! every change in order, with the game, its date, the person and their faction.

use super::context::Context;
use super::error::CliError;
use super::output::print;
use crate::domain::Campaign;
use crate::domain::history::Filter;
use crate::report::corrections::Corrections;
use crate::report::history::{cut, walk};

use super::after::{AfterArgs, check_after};

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
    /// The corrections instead: each game edited or inserted, entry taken back, person
    /// renamed or merged, with when and why
    #[arg(long, conflicts_with_all = ["territory", "continent", "player", "faction", "game", "after"])]
    pub corrections: bool,
    #[command(flatten)]
    pub time: AfterArgs,
}

/// Turns the flags into a filter, with names looked up in the campaign.
fn filter(args: &Args, campaign: &Campaign, last_game: u32) -> Result<Filter, CliError> {
    let person = args
        .player
        .as_deref()
        .map(|given| campaign.find_person(given).map(str::to_string))
        .transpose()?;
    if let Some(game) = args.game
        && (game == 0 || game > last_game)
    {
        let played = campaign.games_played();
        return Err(CliError::input(format!(
            "There is no game {game}: this campaign has played {played} game{}.",
            if played == 1 { "" } else { "s" }
        )));
    }
    Ok(Filter {
        territory: args
            .territory
            .as_deref()
            .map(|t| campaign.find_territory(t))
            .transpose()?,
        continent: args
            .continent
            .as_deref()
            .map(|c| campaign.find_continent(c))
            .transpose()?,
        person,
        faction: args
            .faction
            .as_deref()
            .map(|f| campaign.find_faction(f))
            .transpose()?,
        game: args.game,
    })
}

/// The log is walked once, not folded first: the walk gives the campaign the filter
/// looks names up in.
pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let (_, stored) = context.read()?;
    if args.corrections {
        return print(
            &Corrections::new(&stored.entries, &stored.corrections, &stored.inserted),
            context,
        );
    }
    check_after(args.time.after, &stored.entries)?;
    let entries = cut(&stored.entries, args.time.after);
    let last_game = entries.iter().filter_map(|e| e.game).max().unwrap_or(0);
    let walked = walk(entries)?;
    let filter = filter(&args, walked.campaign(), last_game)?;
    print(&walked.into_history(&filter).0, context)
}
