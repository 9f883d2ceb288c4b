//! `chronicle game log` on a terminal without flags: the game form (`ledger::form`) asked
//! question by question, each answer checked where it is given and kept (`unfinished`)
//! as soon as it is. Esc goes back one question; the confirmation shows the game whole and
//! changes any part; nothing is written before it; Ctrl-C stops at once (`stop`), the
//! answers kept. Afterwards, or on leaving, the answers are said as flags.

use std::path::Path;

use super::ask::{Ask, Reply};
use super::review::{Choice, review, say_as_flags};
use super::{stop, unfinished};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::explain::Asked;
use crate::cli::game::logged::print_logged;
use crate::cli::output::say;
use crate::cli::undo;
use crate::domain::{Campaign, Game, Refusal};
use crate::ledger::form::{Back, GameForm, Refused};
use crate::ledger::{self, Started};
use crate::store::Access;

/// A refusal met while asking, in the prompt's words.
fn words(refused: Refused) -> String {
    match refused {
        Refused::Rule(refusal) => CliError::refused(refusal, Asked::Prompt).message(),
        Refused::Expected(what) => format!("Expected {what}."),
    }
}

/// Where the answers of the game asked are kept, and the database they are for (the file
/// is no more open than it).
struct Keeping<'a> {
    path: &'a Path,
    database: &'a Path,
    campaign: &'a str,
}

impl Keeping<'_> {
    fn save(&self, form: &GameForm) -> Result<(), CliError> {
        stop::whole(
            || unfinished::save(self.path, self.database, self.campaign, form),
            |_| false,
        )
    }
}

pub(in crate::cli) fn run(context: &Context, dry_run: bool) -> Result<(), CliError> {
    stop::install(context.terminal.stderr_terminal);
    let store = context.open(Access::Read)?;
    let Started {
        campaign: name,
        mut form,
        ..
    } = ledger::start_game(&store, context.campaign.as_deref(), context.clock.today())?;
    drop(store);
    setup_done(form.campaign())?;
    let path = unfinished::path(context, &name)?;
    let ask = Ask::new(context);
    if let Some(kept) = unfinished::load(&path)? {
        form = resume(&ask, form, kept, &path)?;
    }
    stop::keeping(Some(path.clone()));
    let number = form.campaign().games_played() + 1;
    say(&format!(
        "Game {number} of {name}. Esc goes back one question (or < alone where you type); Ctrl-C stops and keeps your answers; nothing is written until you confirm."
    ));
    let database = context.db_path(Access::Read)?;
    let keeping = Keeping {
        path: &path,
        database: &database,
        campaign: &name,
    };
    let game = fill(&ask, context, &mut form, Some(&keeping), dry_run)?;
    let given = game.clone();
    let recorded = stop::whole(
        || context.log_game(Asked::Prompt, dry_run, |_, _| Ok(given)),
        |done| done.is_ok() && !dry_run,
    )?;
    if recorded.written {
        unfinished::remove(&path)?;
    }
    print_logged(context, &recorded)?;
    say_as_flags(&game, recorded.written, &form.new_people());
    if !recorded.written {
        say(&kept_words(&path));
    }
    Ok(())
}

/// Game 1 waits for the setup (a power per faction, the twelve first coins): refused on the
/// first screen, with the commands that do it, rather than after every answer.
fn setup_done(campaign: &Campaign) -> Result<(), CliError> {
    if campaign.games_played() > 0 {
        return Ok(());
    }
    let (powers_missing, coins_missing) = campaign.setup_missing();
    if powers_missing.is_empty() && coins_missing == 0 {
        return Ok(());
    }
    let refusal = Refusal::SetupIncomplete {
        powers_missing,
        coins_missing,
    };
    Err(CliError::refused(refusal, Asked::Flags).nothing_written())
}

fn kept_words(path: &Path) -> String {
    format!(
        "Your answers are kept in {}: `chronicle game log` offers to finish them.",
        path.display()
    )
}

/// Offers to finish the game whose answers were kept, or to start afresh.
fn resume(
    ask: &Ask,
    form: GameForm,
    kept: unfinished::Unfinished,
    path: &Path,
) -> Result<GameForm, CliError> {
    let count = kept.answers.len();
    let resumed = form.clone().resume(kept.answers, kept.at);
    let people: Vec<String> = resumed
        .game()
        .seats
        .iter()
        .map(|s| s.person.clone())
        .collect();
    let who = if people.is_empty() {
        String::new()
    } else {
        format!("{}; ", people.join(", "))
    };
    say(&format!(
        "A game of {} was begun and not written; its answers are kept in {}.",
        kept.campaign,
        path.display()
    ));
    let items = [
        format!("Finish it ({who}{count} answers)"),
        "Start a new game, and discard those answers".to_string(),
    ];
    let sure = format!("Discard the kept answers ({who}{count} answers) for good?");
    loop {
        match ask.menu("Finish the unfinished game?", &items, 0)? {
            Some(0) => return Ok(resumed),
            // Discarding loses a night's answers: asked once more, no unless said.
            Some(_) if ask.yes_no(&sure, false, None)? == Some(true) => {
                unfinished::remove(path)?;
                say("The unfinished game's answers are discarded.");
                return Ok(form);
            }
            Some(_) => {}
            None => {
                return Err(CliError::stopped()
                    .hinted(kept_words(path))
                    .nothing_written());
            }
        }
    }
}

/// `game edit N` on a terminal without flags: game N whole, at the confirmation, each
/// part to change by its number; the game as confirmed and why it is corrected (`reason`
/// when given, else asked once the game is confirmed: every correction says why; Esc
/// there returns to the confirmation), for the edit to write.
pub(in crate::cli) fn edit(
    context: &Context,
    number: u32,
    before: &Campaign,
    old: &Game,
    reason: Option<String>,
) -> Result<(Game, String), CliError> {
    stop::install(context.terminal.stderr_terminal);
    let ask = Ask::new(context);
    let mut form = GameForm::of_game(before.clone(), context.clock.today(), old);
    let check = |typed: &str| match undo::reason(Some(typed)) {
        Ok(Some(reason)) => Ok(reason),
        Ok(None) => Err("A correction says why it is made: type the reason.".to_string()),
        Err(refused) => Err(refused.message()),
    };
    loop {
        let game = fill(&ask, context, &mut form, None, false)?;
        if let Some(reason) = &reason {
            return Ok((game, reason.clone()));
        }
        let asked = format!("Why is game {number} corrected? (kept in the history)");
        if let Some(reason) = ask.line(&asked, &check)? {
            return Ok((game, reason));
        }
    }
}

/// Asks the form's questions, then shows the game whole, until the person confirms it.
fn fill(
    ask: &Ask,
    context: &Context,
    form: &mut GameForm,
    keeping: Option<&Keeping<'_>>,
    dry_run: bool,
) -> Result<Game, CliError> {
    loop {
        if let Some(step) = form.next() {
            let check = |answer: &_| form.check(&step.id, answer).map_err(words);
            match ask.step(&step, check)? {
                Reply::Answer(answer) => form.answer(&step.id, &answer).map_err(|r| {
                    CliError::bug(format!("An answer checked is refused: {}", words(r)))
                })?,
                Reply::Back => {
                    if form.back() == Back::Out {
                        return Err(leave(ask, form, keeping)?);
                    }
                }
            }
            save(keeping, form)?;
            continue;
        }
        let Some(game) = form.complete() else {
            return Err(CliError::bug(
                "The game form has no question left and no game.",
            ));
        };
        match review(ask, context, form, &game, dry_run)? {
            Choice::Write => return Ok(game),
            Choice::Change(part) => form.change(part),
            Choice::Back => {
                form.back();
            }
            Choice::Stop => return Err(leave(ask, form, keeping)?),
        }
        save(keeping, form)?;
    }
}

/// Keeps the answers so far, when they are kept.
fn save(keeping: Option<&Keeping<'_>>, form: &GameForm) -> Result<(), CliError> {
    keeping.map_or(Ok(()), |keeping| keeping.save(form))
}

/// Leaving before the end: the answers said as flags, and kept to finish later unless the
/// person says to discard them. The error to end with.
fn leave(ask: &Ask, form: &GameForm, keeping: Option<&Keeping<'_>>) -> Result<CliError, CliError> {
    let stopped = CliError::input("Not written: the game was not confirmed.").nothing_written();
    say_as_flags(&form.game(), false, &form.new_people());
    let Some(path) = keeping.map(|k| k.path) else {
        return Ok(stopped);
    };
    if form.answers().is_empty() {
        return Ok(stopped);
    }
    let keep = ask
        .yes_no("Keep these answers to finish later?", true, None)?
        .unwrap_or(true);
    if keep {
        say(&kept_words(path));
    } else {
        stop::whole(|| unfinished::remove(path), |_| false)?;
        stop::keeping(None);
        say("The answers are discarded.");
    }
    Ok(stopped)
}
