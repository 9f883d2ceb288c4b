//! `chronicle game undo [--reason TEXT] [--yes]`: take back the latest game.

use crate::cli::context::{Context, writing};
use crate::cli::error::CliError;
use crate::cli::output::say;
use crate::cli::undo::{blocked, confirmed, reason};
use crate::ledger::Latest;
use crate::report::history::game_views;

// The board is worked out again without it; repeat to take back earlier games.
/// Take back the latest game (the history keeps it, with when and why)
#[derive(Debug, clap::Args)]
pub struct UndoArgs {
    /// Why (kept in the history)
    #[arg(long)]
    pub reason: Option<String>,
    /// Do not ask for confirmation
    #[arg(long)]
    pub yes: bool,
}

pub(super) fn run(context: &Context, args: UndoArgs) -> Result<(), CliError> {
    writing(|| undo(context, args))
}

fn undo(context: &Context, args: UndoArgs) -> Result<(), CliError> {
    let (info, stored) = context.read()?;
    let Some(last) = game_views(&stored.entries)?.pop() else {
        return Err(CliError::input(format!(
            "{} has no game to take back.",
            info.name
        )));
    };
    say(&format!(
        "Game {} of {}, played {}:",
        last.game, info.name, last.date
    ));
    for change in &last.changes {
        say(&format!("  - {}", change.text));
    }
    if !args.yes
        && !confirmed(context, &format!("Take back game {}?", last.game), || {
            format!("Taking back game {} needs a confirmation", last.game)
        })?
    {
        say("Nothing was taken back.");
        return Ok(());
    }
    let reason = reason(args.reason.as_deref())?;
    let game = last.game;
    context
        .take_back(
            &Latest::Game(game),
            reason,
            "The log changed while you were asked (another chronicle wrote to it); nothing was taken back. Run `chronicle game undo` again to see the latest game.",
        )
        .map_err(|e| blocked(e, &format!("Game {game}")))?;
    let now = match game - 1 {
        0 => "before game 1".to_string(),
        n => format!("after game {n}"),
    };
    say(&format!(
        "Game {game} taken back; the board is as it was {now}. The history keeps it (`chronicle history --game {game}`)."
    ));
    Ok(())
}
