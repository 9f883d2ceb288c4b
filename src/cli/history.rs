//! `chronicle history [--territory T] [--continent C] [--player P] [--faction F] [--game N]`:
//! every change in order, with the game, its date, the person and their faction.

use std::ops::ControlFlow;

use super::after::{AfterArgs, no_game};
use super::context::Context;
use super::error::CliError;
use super::output::{print, print_rows};
use crate::domain::history::Filter;
use crate::render::stream::{Next, Rows};
use crate::report::corrections::Corrections;
use crate::report::history::{HistoryEntry, HistoryWalk};
use crate::store::{Access, Cut, Reading};

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

impl Args {
    /// Whether a flag names something to be looked up in the campaign.
    fn names(&self) -> bool {
        self.territory.is_some()
            || self.continent.is_some()
            || self.player.is_some()
            || self.faction.is_some()
    }
}

/// Turns the flags into a filter, with names looked up in the campaign.
fn filter(args: &Args, cut: &Cut) -> Result<Filter, CliError> {
    let campaign = &cut.campaign;
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
    })
}

/// The history is written as it is worked out, the log gone through once for each pass
/// the format needs (see `render::stream`), so that a long log is never held; once more
/// first when `--after` or a filter needs the cut or the campaign (`Reading::fold_until`).
pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let store = context.open(Access::Read)?;
    if args.corrections {
        let (_, stored) = store.read_campaign(context.campaign.as_deref())?;
        return print(
            &Corrections::new(&stored.entries, &stored.corrections, &stored.inserted),
            context,
        );
    }
    let after = args.time.after;
    store.reading(context.campaign.as_deref(), |_, log| {
        let filter = if after.is_some() || args.game.is_some() || args.names() {
            let cut = log.fold_until(after, args.names())?;
            if let Some(n) = after
                && n > cut.played
            {
                return Err(no_game(n, cut.played));
            }
            filter(&args, &cut)?
        } else {
            Filter::default()
        };
        print_rows(
            &HistoryRows {
                log,
                filter: &filter,
                after,
            },
            context,
        )
    })
}

/// The history's rows, worked out again from the log for each pass over them.
struct HistoryRows<'a> {
    log: &'a Reading<'a>,
    filter: &'a Filter,
    after: Option<u32>,
}

impl Rows for HistoryRows<'_> {
    type Item = HistoryEntry;
    type Error = CliError;

    fn each(&self, row: &mut dyn FnMut(HistoryEntry) -> Next) -> Result<(), CliError> {
        let mut walk = HistoryWalk::new(self.filter);
        let mut failed: Option<CliError> = None;
        self.log.each(|logged| {
            if logged.is_past(self.after) {
                return ControlFlow::Break(());
            }
            let mut next: Next = Ok(ControlFlow::Continue(()));
            let walked = walk.next(logged, |entry| {
                if matches!(next, Ok(ControlFlow::Continue(()))) {
                    next = row(entry);
                }
            });
            failed = match (walked, next) {
                (Err(broken), _) => Some(broken.into()),
                (Ok(()), Err(error)) => Some(error.into()),
                (Ok(()), Ok(ControlFlow::Break(()))) => None,
                (Ok(()), Ok(ControlFlow::Continue(()))) => return ControlFlow::Continue(()),
            };
            ControlFlow::Break(())
        })?;
        failed.map_or(Ok(()), Err)
    }
}
