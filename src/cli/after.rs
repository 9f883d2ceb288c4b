//! `--after N`: the world as it was after game N, for the commands that read it.

use super::error::CliError;
use crate::domain::LoggedEntry;

/// The world as it was after a game (time travel).
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct AfterArgs {
    /// The world as it was after game N, with what was recorded before game N+1 (0: before
    /// game 1)
    #[arg(long, value_name = "N")]
    pub after: Option<u32>,
}

/// Refuses a game after the last one played.
pub(super) fn check_after(after: Option<u32>, entries: &[LoggedEntry]) -> Result<(), CliError> {
    let played = entries
        .iter()
        .filter(|e| e.taken_back.is_none() && e.game.is_some())
        .count();
    let played = u32::try_from(played).unwrap_or(u32::MAX);
    match after {
        Some(n) if n > played => Err(no_game(n, played)),
        _ => Ok(()),
    }
}

/// Game `n` asked for, of a campaign that has played `played`.
pub(super) fn no_game(n: u32, played: u32) -> CliError {
    CliError::input(format!(
        "There is no game {n} to look back to: this campaign has played {played} game{}; give --after from 0 to {played}.",
        if played == 1 { "" } else { "s" }
    ))
}

/// Where an entry between games goes: right after game N (default: after the latest game).
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct AfterGameArgs {
    /// Record it right after game N, before game N+1 (0: before game 1), every later entry
    /// checked again with it [default: after the latest game]
    #[arg(long, value_name = "N")]
    pub after_game: Option<u32>,
}

/// Says where an entry went when it was not after the latest game.
pub(super) fn say_placed(recorded: &crate::store::Recorded) {
    if let Some(n) = recorded.placed {
        let before = n + 1;
        super::talk::say(&format!(
            "Recorded after game {n}, before game {before}; every later entry was checked again with it."
        ));
    }
}

/// `--after` looks back and writes nothing: refused beside a command that records.
pub(super) fn only_reading(time: AfterArgs, command: &str) -> Result<(), CliError> {
    match time.after {
        Some(_) => Err(CliError::usage(format!(
            "--after shows the world as it was and writes nothing; to record `{command}` after an earlier game, give --after-game N."
        ))
        .nothing_written()),
        None => Ok(()),
    }
}
