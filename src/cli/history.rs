//! `chronicle history [--territory T] [--continent C] [--player P] [--faction F] [--game N]`:
//! every change in order, with the game, its date, the person and their faction.

use super::after::{AfterArgs, no_game};
use super::context::Context;
use super::error::CliError;
use super::output::print;
use crate::domain::history::Filter;
use crate::domain::{Campaign, ChangeKind};
use crate::report::corrections::Corrections;
use crate::report::history::{cut, walk};
use crate::store::Access;

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

/// The log cut after a game (see `--after`): the games that stand, the last game's number
/// (one taken back too, 0 for none), and the campaign its standing entries fold to.
struct Cut<'a> {
    played: u32,
    last_game: u32,
    campaign: &'a Campaign,
}

/// Turns the flags into a filter, with names looked up in the campaign.
fn filter(args: &Args, cut: &Cut<'_>) -> Result<Filter, CliError> {
    let campaign = cut.campaign;
    let person = args
        .player
        .as_deref()
        .map(|given| campaign.find_person(given).map(str::to_string))
        .transpose()?;
    if let Some(game) = args.game
        && (game == 0 || game > cut.last_game)
    {
        let played = cut.played;
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
        kinds: args
            .kinds
            .iter()
            .map(|k| kind(k))
            .collect::<Result<_, _>>()?,
    })
}

/// A kind of change by its key (`event`, `major_city`; `-` for `_`, any case).
fn kind(given: &str) -> Result<ChangeKind, CliError> {
    let key = given.trim().to_lowercase().replace('-', "_");
    ChangeKind::ALL
        .into_iter()
        .find(|k| k.key() == key)
        .ok_or_else(|| {
            let keys = ChangeKind::ALL.iter().map(|k| k.key());
            let hints = crate::domain::names::closest(given, keys);
            let hint = if hints.is_empty() {
                String::new()
            } else {
                format!(" Did you mean {}?", hints.join(" or "))
            };
            CliError::usage(format!(
                "There is no kind of change \"{given}\".{hint} The kinds are {}.",
                ChangeKind::ALL.map(ChangeKind::key).join(", ")
            ))
        })
}

/// The log as corrected, cut after `--after`'s game, walked once through the rules: its
/// changes, filtered, and the campaign they fold to (for looking names up).
pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let store = context.open(Access::Read)?;
    let (_, stored) = store.read_campaign(context.campaign.as_deref())?;
    if args.corrections {
        return print(
            &Corrections::new(&stored.entries, &stored.corrections, &stored.inserted),
            context,
        );
    }
    let after = args.time.after;
    let entries = cut(&stored.entries, after);
    let walked = walk(entries)?;
    let cut = Cut {
        played: walked.campaign().games_played(),
        last_game: entries.iter().filter_map(|e| e.game).max().unwrap_or(0),
        campaign: walked.campaign(),
    };
    if let Some(n) = after
        && n > cut.played
    {
        return Err(no_game(n, cut.played));
    }
    let filter = filter(&args, &cut)?;
    let (history, _) = walked.into_history(&filter);
    print(&history, context)
}
