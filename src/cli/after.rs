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
        Some(n) if n > played => Err(CliError::input(format!(
            "There is no game {n} to look back to: this campaign has played {played} game{}; give --after from 0 to {played}.",
            if played == 1 { "" } else { "s" }
        ))),
        _ => Ok(()),
    }
}
