//! `chronicle game edit N …` and `chronicle game insert --before N …`: replace a game whole,
//! or add a forgotten one, with the `game log` flags; every later entry goes through the
//! rules again, all or nothing.

use chrono::NaiveDate;

use super::args::LogArgs;
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::explain::Asked;
use crate::cli::output::{print, say};
use crate::cli::undo::reason;
use crate::domain::{Body, Correction, Entry, EntryId, Place};
use crate::exchange::sheet::command_line;
use crate::report::correcting::{BeforeAfter, Correcting};
use crate::store::{Appended, NewRecord, StoreError};

// Game N is given as `game log` takes it (every player, the reward, what changed). Every
// later entry is checked again with it; if one breaks a rule the edit is refused and
// nothing is written. The history keeps the game as it was.
/// Replace game N whole, with the `game log` flags; every later entry checked again
#[derive(Debug, clap::Args)]
#[command(after_help = EDIT_EXAMPLE)]
pub struct EditArgs {
    /// The game's number (`chronicle game list`)
    pub number: u32,

    /// Why it is corrected (kept in the history)
    #[arg(long)]
    pub reason: Option<String>,

    #[command(flatten)]
    pub game: LogArgs,
}

// The forgotten game is given as `game log` takes it, with its --date (between the games
// around it). Game N and every later game are numbered one more and checked again with
// it; if one breaks a rule nothing is written.
/// Add a forgotten game before game N, with the `game log` flags
#[derive(Debug, clap::Args)]
#[command(after_help = INSERT_EXAMPLE)]
pub struct InsertArgs {
    /// The game it goes before (its number now)
    #[arg(long, value_name = "N")]
    pub before: u32,

    #[command(flatten)]
    pub game: LogArgs,
}

// Needs a game 3 that Ann won, founding Kyro in Egypt (`tests/help_examples.rs`).
const EDIT_EXAMPLE: &str = "\
Examples:
  # game 3 was won by Bo, not Ann
  chronicle game edit 3 --reason \"Bo won, not Ann\" \\
    --player \"Ann=bear:held-on\" --player \"Bo=khan:won\" --player \"Cy=saharan:eliminated\" \\
    --major-city \"Egypt=Kyro\" --dry-run
`chronicle game show 3` shows the game as it is; the date stays unless --date is given.";

// Needs room before game 7: the demo with its last two games taken back.
const INSERT_EXAMPLE: &str = "\
Examples:
  # a game played between games 6 and 7 was never logged
  chronicle game insert --before 7 --date 2026-02-18 \\
    --player \"Ann=bear:won\" --player \"Bo=khan:held-on\" --player \"Cy=saharan:eliminated\" \\
    --destroy-card Siam";

pub(super) fn edit(context: &Context, mut args: EditArgs) -> Result<(), CliError> {
    args.game = from_sheet(args.game)?;
    let mut reason = reason(args.reason.as_deref())?;
    let guided = if args.game.players.is_empty() {
        if !context.terminal.may_prompt {
            return Err(as_it_stands(context, args.number)?);
        }
        let (game, why) =
            guided_edit(context, args.number, reason.clone()).map_err(CliError::nothing_written)?;
        reason = Some(why);
        Some(game)
    } else {
        None
    };
    let number = args.number;
    let (_, appended) = context.append(Asked::Flags, args.game.dry_run, |current| {
        let target = current.resolved.game(number)?;
        let Entry::Game(old) = &*target.entry else {
            return Err(CliError::bug("A game's entry is not a game."));
        };
        let place = Place::Before(target.id.clone());
        let before = current
            .resolved
            .campaign_at(&place)
            .map_err(StoreError::BrokenLog)?;
        let game = match &guided {
            Some(game) => game.clone(),
            None => super::sheet::game(&args.game, &before, old.date)
                .map_err(|e| joined_later(e, current.resolved, &target.id, number))?,
        };
        // A date kept is judged by the clock that dated the game first (rules §6i).
        let dated_by = target.dated_by.clone().filter(|_| game.date == old.date);
        let (_, applied) = before.after(&Entry::Game(Box::new(game.clone())), dated_by.as_ref())?;
        if applied.entry == *target.entry {
            return Err(CliError::input(format!(
                "Game {number} already reads that way: nothing to correct."
            ))
            .hinted(format!(
                "`chronicle game edit {number}` alone shows the game as flags to change."
            )));
        }
        Ok(NewRecord {
            place: Place::End,
            body: Body::Correct(Correction::Replace {
                target: target.id.clone(),
                entry: Entry::Game(Box::new(game)).into(),
                reason,
            }),
        })
    })?;
    let target = match &appended.record.body {
        Body::Correct(Correction::Replace { target, .. }) => target.clone(),
        _ => return Err(CliError::bug("An edit was not written as a replacement.")),
    };
    report(context, "edit", &appended, &target)
}

pub(super) fn insert(context: &Context, mut args: InsertArgs) -> Result<(), CliError> {
    args.game = from_sheet(args.game)?;
    let n = args.before;
    needs_players(&args.game, &format!("game insert --before {n}"))?;
    if args.game.date.is_none() {
        return Err(CliError::usage(format!(
            "game insert needs the --date the forgotten game was played (YYYY-MM-DD), on or after game {}'s and on or before game {n}'s.",
            n.saturating_sub(1)
        ))
        .nothing_written());
    }
    let (_, appended) = context.append(Asked::Flags, args.game.dry_run, |current| {
        let next = current.resolved.game(n)?;
        let place = Place::Before(next.id.clone());
        let before = current
            .resolved
            .campaign_at(&place)
            .map_err(StoreError::BrokenLog)?;
        let game = super::sheet::game(&args.game, &before, NaiveDate::MIN)
            .map_err(|e| joined_later(e, current.resolved, &next.id, n))?;
        Ok(NewRecord {
            place,
            body: Body::Add(Entry::Game(Box::new(game)).into()),
        })
    })?;
    let target = appended.record.id.clone();
    report(context, "insert", &appended, &target)
}

/// A faction the game seats that the log adds only after it: said so, with the game it
/// joined at (the game stands, or would stand, before the entry `at`, as game `number`).
fn joined_later(
    error: CliError,
    resolved: &crate::domain::Resolved,
    at: &EntryId,
    number: u32,
) -> CliError {
    match error.refusal() {
        Some(crate::domain::Refusal::UnknownName { what, given, .. }) if *what == "faction" => {
            resolved
                .joined_later(given, at, number)
                .map_or(error, CliError::from)
        }
        _ => error,
    }
}

/// `game edit N` without the game: says game N as the flags that give it, to change and
/// run, and ends as a usage error.
fn as_it_stands(context: &Context, number: u32) -> Result<CliError, CliError> {
    let (_, stored) = context.read()?;
    let resolved = stored.resolved();
    let Entry::Game(game) = &*resolved.game(number)?.entry else {
        return Err(CliError::bug("A game's entry is not a game."));
    };
    say(&format!(
        "Game {number} as it stands, as the flags that give it; change what was wrong, add --reason, and run it (--dry-run first shows what changes):"
    ));
    say(&format!(
        "  {}",
        command_line(&format!("game edit {number}"), game)
    ));
    Ok(CliError::usage(format!(
        "game edit {number} replaces the game whole: give it as `game log` takes it, every --player and reward."
    ))
    .nothing_written())
}

/// Game N asked again on a terminal: shown whole at the confirmation, with each part to
/// change by its number (the guided prompt with game N's answers as the defaults), then
/// why it is corrected unless `reason` says it; the game and the reason.
fn guided_edit(
    context: &Context,
    number: u32,
    reason: Option<String>,
) -> Result<(crate::domain::Game, String), CliError> {
    let (_, stored) = context.read()?;
    let resolved = stored.resolved();
    let target = resolved.game(number)?;
    let Entry::Game(old) = &*target.entry else {
        return Err(CliError::bug("A game's entry is not a game."));
    };
    let before = resolved
        .campaign_at(&Place::Before(target.id.clone()))
        .map_err(StoreError::BrokenLog)?;
    say(&format!(
        "Game {number} as it stands: change any part by its number, then write the correction (Ctrl-C stops; nothing is written until you confirm)."
    ));
    crate::cli::prompt::guided::edit(context, number, &before, old, reason)
}

/// The game's flags, read from `--from FILE` when given.
fn from_sheet(args: LogArgs) -> Result<LogArgs, CliError> {
    match args.from.clone() {
        Some(path) => super::sheet::read(&path, args).map_err(CliError::nothing_written),
        None => Ok(args),
    }
}

/// A game is replaced or added whole: the players are needed.
fn needs_players(args: &LogArgs, command: &str) -> Result<(), CliError> {
    if args.players.is_empty() {
        return Err(CliError::usage(format!(
            "{command} needs the whole game as `game log` takes it: one --player \"NAME=FACTION:RESULT[@HQ]\" each, in seating order, and the rewards (`chronicle game show N` shows a game as it is)."
        ))
        .nothing_written());
    }
    Ok(())
}

/// Says what the correction changed (or would change, on a dry run).
fn report(
    context: &Context,
    kind: &'static str,
    appended: &Appended,
    target: &EntryId,
) -> Result<(), CliError> {
    let logs = BeforeAfter {
        before: &appended.resolved_before.entries,
        after: &appended.resolved_after.entries,
        campaign_before: &appended.before,
        campaign_after: &appended.after,
    };
    let correcting = Correcting::new(kind, appended.written, target, &logs)
        .map_err(StoreError::BrokenLog)?
        .ok_or_else(|| CliError::bug("The game corrected is not in the log."))?;
    print(&correcting, context)
}
