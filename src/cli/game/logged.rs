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
    if let Some(warning) = dated_before_last(number, recorded) {
        say(&warning);
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

/// The warning for a game dated before the game logged before it, which the rules take
/// when another device's clock, ahead of this one's, dated that game (rules §6i).
fn dated_before_last(number: u32, recorded: &Recorded) -> Option<String> {
    let crate::domain::Entry::Game(game) = &recorded.applied.entry else {
        return None;
    };
    let previous = recorded.before.last_date()?;
    let device = recorded
        .before
        .last_dated_by()
        .and_then(|by| by.device.as_deref())?;
    (game.date < previous).then(|| {
        format!(
            "Warning: game {number} is dated {}, before game {} ({previous}), which device \"{device}\" logged: the two devices' clocks differ. The games keep the order they were logged in; if the date is wrong, `chronicle game edit {number}` corrects it.",
            game.date,
            number - 1
        )
    })
}
