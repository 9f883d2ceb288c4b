//! `chronicle game undo [--reason TEXT] [--yes]`: take back the latest game.

use crate::cli::context::{Context, writing};
use crate::cli::error::CliError;
use crate::cli::output::say;
use crate::domain::validate;
use crate::report::history::game_views;

/// Take back the latest game: the board is worked out again without it, and the history
/// keeps that it was taken back, when and why. Repeat to take back earlier games.
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
    let (mut store, info) = context.open_campaign()?;
    let loaded = store.load(info.id)?;
    let Some(last) = game_views(&loaded.log)?.pop() else {
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
    if !args.yes && !confirmed(context, last.game)? {
        say("Nothing was taken back.");
        return Ok(());
    }
    let reason = args
        .reason
        .as_deref()
        .map(|r| validate::text("reason", r, validate::MAX_REASON_CHARS, false))
        .transpose()?
        .filter(|r| !r.is_empty());
    store.take_back_game(
        info.id,
        last.game,
        &context.clock.stamp(),
        reason.as_deref(),
    )?;
    let now = match last.game - 1 {
        0 => "before game 1".to_string(),
        n => format!("after game {n}"),
    };
    say(&format!(
        "Game {} taken back; the board is as it was {now}. The history keeps it (`chronicle history --game {}`).",
        last.game, last.game
    ));
    Ok(())
}

/// Asks on a terminal; elsewhere (a pipe, CI, --no-input) it is a usage error to take a
/// game back without --yes.
fn confirmed(context: &Context, game: u32) -> Result<bool, CliError> {
    if !context.terminal.may_prompt {
        return Err(CliError::usage(format!(
            "Taking back game {game} needs a confirmation: add --yes (no terminal to ask on)."
        )));
    }
    let answer = dialoguer::Confirm::new()
        .with_prompt(format!("Take back game {game}?"))
        .default(false)
        .interact_opt()
        .map_err(|e| CliError::input(format!("The question could not be asked: {e}")))?;
    Ok(answer == Some(true))
}
