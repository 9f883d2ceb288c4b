//! `chronicle game list`: the games so far, one line each.

use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::output::print;
use crate::report::game::GameList;
use crate::report::history::game_views;

pub(super) fn run(context: &Context) -> Result<(), CliError> {
    let (info, stored) = context.read()?;
    let games = game_views(&stored.entries)?;
    print(
        &GameList {
            campaign: info.name,
            games,
        },
        context,
    )
}
