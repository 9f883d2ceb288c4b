//! `chronicle game undo [--reason TEXT] [--yes]`: take back the latest game.

use crate::cli::context::{Context, writing};
use crate::cli::error::CliError;
use crate::cli::explain::Asked;
use crate::cli::output::say;
use crate::cli::undo::{blocked, confirmed, reason};
use crate::domain::{Body, Correction, Place};
use crate::report::history::game_views;
use crate::store::{NewRecord, StoreError};

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
        .append(Asked::Flags, false, |current| {
            let latest = current
                .resolved
                .standing()
                .filter(|e| e.game.is_some())
                .last()
                .filter(|e| e.game == Some(game));
            let Some(latest) = latest else {
                return Err(StoreError::NotLatestGame {
                    expected: game,
                    latest: Some(current.campaign.games_played()).filter(|g| *g > 0),
                }
                .into());
            };
            Ok(NewRecord {
                place: Place::End,
                body: Body::Correct(Correction::TakeBack {
                    target: latest.id.clone(),
                    reason,
                }),
            })
        })
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
