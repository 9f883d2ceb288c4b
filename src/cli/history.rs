//! `chronicle history [--territory T] [--continent C] [--player P] [--faction F] [--game N]`:
//! every change in order, with the game, its date, the person and their faction.

use super::context::Context;
use super::error::CliError;
use super::output::print;
use crate::domain::history::Filter;
use crate::domain::{Campaign, Territory};
use crate::report::history::walk;

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
        territory: args.territory.as_deref().map(Territory::find).transpose()?,
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
    let last_game = stored
        .log
        .iter()
        .chain(&stored.taken_back)
        .filter_map(|e| e.game)
        .max()
        .unwrap_or(0);
    let walked = walk(&stored.log, &stored.taken_back)?;
    let filter = filter(&args, walked.campaign(), last_game)?;
    print(&walked.into_history(&filter).0, context)
}
