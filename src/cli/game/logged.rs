//! What `game log` says once a game is logged (or checked on a dry run), however it was
//! given (flags or the guided prompt).

use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::output::{print, say};
use crate::report::game::GameLogged;
use crate::store::Recorded;

/// Says what a game logged (or checked) changed: the game, the packets it made due, the
/// people new to the campaign, the pools left.
pub(in crate::cli) fn print_logged(context: &Context, recorded: &Recorded) -> Result<(), CliError> {
    let report = GameLogged::new(
        &context.clock.stamp(),
        recorded.written,
        &recorded.before,
        &recorded.after,
        &recorded.applied,
    )
    .ok_or_else(|| CliError::bug("The entry recorded is not a game."))?;
    let number = report.game.game;
    if recorded.written {
        say(&format!("Game {number} logged."));
        crate::cli::sync::warn_if_forked(context);
    } else {
        say(&format!(
            "Dry run: game {number} would be logged as below. Nothing was written."
        ));
    }
    if let Some(words) = report.dated_before_words() {
        say(&format!(
            "Warning: {words} If the date is wrong, `chronicle game edit {number}` corrects it."
        ));
    }
    for person in &recorded.applied.new_people {
        let like = recorded.before.people_like(person);
        if !like.is_empty() {
            say(&format!(
                "Note: {person} is new to the campaign, and close to {}; if they are one person, `chronicle person merge \"{person}\" \"{}\"` makes them one (names already match ignoring case and accents).",
                like.join(" or "),
                like[0]
            ));
        }
    }
    print(&report, context)
}
