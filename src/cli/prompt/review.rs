//! The end of the guided `game log`: the game shown whole (the players table and every
//! change) before anything is written, a menu to write it or change any part by its number
//! (its digit picks it), and the same game as `game log` flags, so a mistake found later is
//! one line to edit.

use super::ask::Ask;
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::explain::Asked;
use crate::cli::output::say;
use crate::domain::{Entry, Game};
use crate::exchange::sheet::{command_line, quoted};
use crate::ledger::form::{GameForm, Part};
use crate::render::table;
use crate::report::game::GameView;

/// What the person chose at the end.
pub(super) enum Choice {
    Write,
    Change(Part),
    Stop,
    /// Esc: back to the last question.
    Back,
}

/// Shows the game whole and asks what to do with it.
pub(super) fn review(
    ask: &Ask,
    context: &Context,
    form: &GameForm,
    game: &Game,
    dry_run: bool,
) -> Result<Choice, CliError> {
    let campaign = form.campaign();
    let number = campaign.games_played() + 1;
    let view = GameView::new(number, "", campaign, game);
    say(&format!(
        "\n{}",
        table::text(&view, context.terminal.table_style())
    ));
    let broken = campaign
        .clone()
        .apply(&Entry::Game(Box::new(game.clone())))
        .err()
        .map(|refusal| CliError::refused(refusal, Asked::Prompt).message());
    if let Some(words) = &broken {
        say(&format!("This game breaks a rule: {words}"));
    }
    let parts = form.parts();
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
            .map(|(n, part)| format!("{}. Change {}", n + 1, part.line(game))),
    );
    items.push("No, stop without writing".to_string());
    let prompt = format!("Write game {number} to the ledger? (or change a part by its number)");
    loop {
        let Some(pick) = ask.menu(&prompt, &items, 0)? else {
            return Ok(Choice::Back);
        };
        return Ok(match pick {
            0 => match &broken {
                Some(words) => {
                    say(&format!("Not written: {words} Change the part it names."));
                    continue;
                }
                None => Choice::Write,
            },
            n if n <= parts.len() => Choice::Change(parts[n - 1]),
            _ => Choice::Stop,
        });
    }
}

/// Says the game as the `game log` flags that give it: after writing, to keep; when stopped,
/// the answers so far, to finish and run (with `--new-player` for a newcomer whose name is
/// close to someone known).
pub(super) fn say_as_flags(game: &Game, written: bool, new_people: &[String]) {
    if game.seats.is_empty() {
        return;
    }
    let head = if written {
        "The same game as flags (keep it; `game edit N` takes the same):"
    } else {
        "Your answers so far as flags (finish them, then run it, with --dry-run first):"
    };
    let mut line = command_line("game log", game);
    if !written {
        for person in new_people {
            line.push_str(" \\\n    --new-player ");
            line.push_str(&quoted(person));
        }
    }
    say(&format!("{head}\n{line}"));
}
