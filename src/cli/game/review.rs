//! The end of the guided `game log`: the game shown whole (the players table and every
//! change) before anything is written, a menu to write it or change any part by its
//! number, and the same game as `game log` flags, so a mistake found later is one line to
//! edit.

use super::as_flags::command_line;
use super::ask::Ask;
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::output::say;
use crate::domain::{Campaign, Game};
use crate::render::table;
use crate::report::game::GameView;

/// The parts of a game the guided prompt asks in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Part {
    Date,
    Players,
    Results,
    Scars,
    Wear,
    Reward,
    HeldOn,
    Packets,
    Sealed,
    Note,
}

impl Part {
    pub(super) const ALL: [Part; 10] = [
        Part::Date,
        Part::Players,
        Part::Results,
        Part::Scars,
        Part::Wear,
        Part::Reward,
        Part::HeldOn,
        Part::Packets,
        Part::Sealed,
        Part::Note,
    ];

    /// The part and its answer, as the menu lists it.
    fn line(self, game: &Game) -> String {
        let none = |items: usize| if items == 0 { " (none)" } else { "" };
        match self {
            Part::Date => format!("the date ({})", game.date),
            Part::Players => format!(
                "the players, factions and HQs ({})",
                game.seats
                    .iter()
                    .map(|s| s.person.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Part::Results => format!(
                "the results ({} won)",
                game.winner().map_or("nobody", |w| w.person.as_str())
            ),
            Part::Scars => format!("the scars{}", none(game.scars.len())),
            Part::Wear => format!("the boxes ticked{}", none(game.wear.len())),
            Part::Reward => "the winner's reward".to_string(),
            Part::HeldOn => format!("the held-on rewards{}", none(game.held_on.len())),
            Part::Packets => format!("the packets opened{}", none(game.opened.len())),
            Part::Sealed => format!("the sealed changes{}", none(game.events.len())),
            Part::Note => "the note".to_string(),
        }
    }
}

/// The game with `part` and every part after it not answered yet, to ask them again.
pub(super) fn before_part(game: &Game, part: usize) -> Game {
    let mut game = game.clone();
    let from = |p: Part| Part::ALL.iter().position(|&q| q == p).unwrap_or_default() >= part;
    if from(Part::Players) {
        game.seats.clear();
    }
    if from(Part::Results) {
        for seat in &mut game.seats {
            seat.result = crate::domain::Outcome::HeldOn;
        }
    }
    if from(Part::Scars) {
        game.scars.clear();
    }
    if from(Part::Wear) {
        game.wear.clear();
    }
    if from(Part::Reward) {
        game.reward = None;
        game.declined = false;
    }
    if from(Part::HeldOn) {
        game.held_on.clear();
    }
    if from(Part::Packets) {
        game.opened.clear();
    }
    if from(Part::Sealed) {
        game.events.clear();
    }
    if from(Part::Note) {
        game.note = None;
    }
    game
}

/// What the person chose at the end.
pub(super) enum Choice {
    Write,
    Change(usize),
    Stop,
}

/// Shows the game whole and asks what to do with it. `parts` are the indexes in
/// [`Part::ALL`] that were asked (the others did not apply).
pub(super) fn review(
    ask: &Ask,
    context: &Context,
    campaign: &Campaign,
    game: &Game,
    parts: &[usize],
    dry_run: bool,
) -> Result<Choice, CliError> {
    let number = campaign.games_played() + 1;
    let view = GameView::new(number, "", campaign, game);
    say(&format!(
        "\n{}",
        table::text(&view, context.terminal.table_style())
    ));
    let write = if dry_run {
        format!("Show game {number} as it would be logged (dry run)")
    } else {
        format!("Yes, write game {number}")
    };
    let mut items = vec![write];
    items.extend(
        parts
            .iter()
            .enumerate()
            .map(|(n, &i)| format!("{}. Change {}", n + 1, Part::ALL[i].line(game))),
    );
    items.push("No, stop without writing".to_string());
    let prompt = format!("Write game {number} to the ledger? (or change a part by its number)");
    let pick = ask.choose(&prompt, &items, 0)?;
    Ok(match pick {
        0 => Choice::Write,
        n if n <= parts.len() => Choice::Change(parts[n - 1]),
        _ => Choice::Stop,
    })
}

/// Says the game as the `game log` flags that give it: after writing, to keep; when stopped,
/// the answers so far, to finish and run.
pub(super) fn say_as_flags(game: &Game, written: bool) {
    if game.seats.is_empty() {
        return;
    }
    let head = if written {
        "The same game as flags (keep it; `game edit N` takes the same):"
    } else {
        "Your answers so far as flags (finish them, then run it, with --dry-run first):"
    };
    say(&format!("{head}\n{}", command_line("game log", game)));
}
