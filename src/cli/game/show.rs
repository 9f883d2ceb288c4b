//! `chronicle game show N`: one game in full.

use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::output::{SheetArgs, print_sheet};
use crate::report::history::game_views;

pub(super) fn run(context: &Context, number: u32, sheet: &SheetArgs) -> Result<(), CliError> {
    let (info, stored) = context.read()?;
    let games = game_views(&stored.entries)?;
    let played = games.len();
    let game = games
        .into_iter()
        .find(|g| g.game == number)
        .ok_or_else(|| {
            CliError::input(match played {
                0 => format!("{} has no game logged yet.", info.name),
                n => format!(
                    "{} has games 1 to {n}; there is no game {number}.",
                    info.name
                ),
            })
        })?;
    print_sheet(&game, context, sheet)
}
