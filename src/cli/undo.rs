//! `chronicle undo [--reason TEXT] [--yes]`: take back the latest entry of any kind (a game,
//! a faction or scar type added, a packet opened, a pool capacity, a card mark, coins, a
//! power, the world's name, a correction), saying what it took back.

use super::context::{Context, writing};
use super::error::CliError;
use super::output::say;
use crate::domain::log::correct::latest_to_take_back;
use crate::domain::{Refusal, entry::validate};
use crate::ledger::Latest;
use crate::report::taking_back::TakingBack;
use crate::store::StoreError;

/// Take back the latest entry of any kind, saying what it was; the history keeps it
///
/// The latest entry may be a game, a faction or scar type added, a packet opened, a pool
/// capacity, a card mark, coins, a power, the world's name, or a correction (an edit, an
/// inserted game, a renaming). The board is worked out again without it; the history keeps
/// it, with when and why. Repeat to take back earlier entries.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Why (kept in the history)
    #[arg(long)]
    pub reason: Option<String>,
    /// Do not ask for confirmation
    #[arg(long)]
    pub yes: bool,
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    writing(|| undo(context, args))
}

fn undo(context: &Context, args: Args) -> Result<(), CliError> {
    let (info, stored) = context.read()?;
    let resolved = stored.resolved();
    let Some(latest) = latest_to_take_back(&stored.records, &resolved) else {
        return Err(CliError::input(format!(
            "{} has nothing to take back: every entry was taken back, or none was logged.",
            info.name
        )));
    };
    let taking = TakingBack::new(latest, &resolved).map_err(StoreError::BrokenLog)?;
    say(&format!(
        "The latest entry of {}: {}.",
        info.name, taking.what
    ));
    for line in &taking.lines {
        say(&format!("  - {line}"));
    }
    if !args.yes
        && !confirmed(context, "Take it back?", || {
            format!("Taking back {} needs a confirmation", taking.what)
        })?
    {
        say("Nothing was taken back.");
        return Ok(());
    }
    let reason = reason(args.reason.as_deref())?;
    context
        .take_back(
            &Latest::Entry(latest.id.clone()),
            reason,
            "The log changed while you were asked (another chronicle wrote to it); nothing was taken back. Run `chronicle undo` again to see the latest entry.",
        )
        .map_err(|e| blocked(e, &capitalised(&taking.what)))?;
    say(&format!(
        "Taken back: {}. The history keeps it (`chronicle history --corrections`).",
        taking.what
    ));
    Ok(())
}

fn capitalised(text: &str) -> String {
    crate::domain::log::describe::capitalise(text.to_string())
}

/// A reason given for a correction, checked (or none).
pub(crate) fn reason(given: Option<&str>) -> Result<Option<String>, CliError> {
    Ok(given
        .map(|r| validate::text("reason", r, validate::MAX_REASON_CHARS, false))
        .transpose()?
        .filter(|r| !r.is_empty()))
}

/// A take-back refused because a later entry needs what is taken back, said as such.
pub(crate) fn blocked(error: CliError, what: &str) -> CliError {
    match error.refusal() {
        Some(Refusal::LaterBreaks {
            what: later,
            refusal,
            ..
        }) => CliError::input(format!(
            "{what} cannot be taken back: {later}, recorded after it, needs it ({refusal})."
        ))
        .hinted(
            "Take that entry back first (`chronicle undo` takes back the latest entry of any kind), then this one.",
        )
        .nothing_written(),
        _ => error,
    }
}

/// Asks on a terminal; elsewhere (a pipe, CI, --no-input) it is a usage error to take
/// something back without --yes.
pub(crate) fn confirmed(
    context: &Context,
    question: &str,
    needs: impl FnOnce() -> String,
) -> Result<bool, CliError> {
    if !context.terminal.may_prompt {
        return Err(CliError::usage(format!(
            "{}: add --yes (no terminal to ask on).",
            needs()
        )));
    }
    let answer = dialoguer::Confirm::new()
        .with_prompt(question)
        .default(false)
        .interact_opt()
        .map_err(|e| CliError::input(format!("The question could not be asked: {e}")))?;
    Ok(answer == Some(true))
}
