//! `chronicle sync resolve DIR [--keep DEVICE | --keep-branch N | --keep-both [--order A,B]]
//! [--yes]`: what each choice would set aside, shown first; then what the group decided
//! about a fork, recorded as an entry of its own (a join), replayed through the rules with
//! both branches, and shared like any other entry. `undo` takes it back, and what it set
//! aside stands.

use std::path::PathBuf;

use super::How;
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::explain::Asked;
use crate::cli::output::{print, say};
use crate::cli::undo::confirmed;
use crate::domain::record::sync::{Keep, fork, resolution};
use crate::domain::{Body, LogRecord, Place, Refusal};
use crate::report::resolving::Resolving;
use crate::store::NewRecord;

/// Record what the group decided about a fork: keep one device's branch (the others that
/// compete with it are set aside, and stay in the history), or every branch one after the
/// other. Without a choice, lists what each would set aside
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("choice").args(["keep", "keep_branch", "keep_both", "drop", "try_again"])))]
pub struct Args {
    /// The shared folder
    #[arg(value_name = "DIR")]
    pub folder: PathBuf,
    /// Keep the branch this device logged, and the renamings, aliases and house rules of
    /// the others; set aside what competes with it
    #[arg(long, value_name = "DEVICE")]
    pub keep: Option<String>,
    /// Keep the branch of this number, as the fork lists them (1 is the one whose first
    /// game was played first), with what does not compete with it: for a fork one device
    /// wrote both branches of (a database restored from a backup, then used before it synced)
    #[arg(long, value_name = "N")]
    pub keep_branch: Option<usize>,
    /// Keep every branch, one after the other (each entry checked again in that order)
    #[arg(long)]
    pub keep_both: bool,
    /// With --keep-both: the devices whose branches come first, in order [default: the
    /// branch whose first game was played first, else the one begun first]
    #[arg(
        long,
        value_name = "DEVICE,DEVICE",
        value_delimiter = ',',
        requires = "keep_both"
    )]
    pub order: Vec<String>,
    /// Drop for good the entries of this device that a sync set aside because the rules
    /// refuse them: no sync takes them again, from any file
    #[arg(long, value_name = "DEVICE")]
    pub drop: Option<String>,
    /// Try again the entries of this device dropped with --drop: the next sync puts them
    /// through the rules again (once the group has logged what they need)
    #[arg(long, value_name = "DEVICE")]
    pub try_again: Option<String>,
    /// Set aside what the choice sets aside without asking (needed without a terminal)
    #[arg(long)]
    pub yes: bool,
    #[command(flatten)]
    pub how: How,
}

pub(super) fn run(context: &Context, args: &Args) -> Result<(), CliError> {
    super::folder::check_dir(&args.folder)?;
    if let Some(device) = &args.drop {
        return drop_or_try_again(context, args, device, true);
    }
    if let Some(device) = &args.try_again {
        return drop_or_try_again(context, args, device, false);
    }
    let keep = match (&args.keep, args.keep_branch, args.keep_both) {
        (Some(device), _, _) => Keep::One(device.clone()),
        (None, Some(number), _) => Keep::Branch(number),
        (None, None, true) => Keep::All(args.order.clone()),
        (None, None, false) => return list(context),
    };
    // What the choice sets aside, shown before anything is written.
    let shown = listing(context)?;
    if let Some(choice) = shown.chosen(&keep) {
        if let Some(why) = &choice.refused {
            let error = CliError::input(format!("{} cannot be made: {why}", choice.flags));
            let by_number = shown
                .choices
                .iter()
                .any(|c| c.flags.starts_with("--keep-branch"));
            return Err(if by_number {
                error.hinted("Keep a branch by its number: `--keep-branch N`, as `chronicle sync resolve DIR` lists them.")
            } else {
                error
            }
            .nothing_written());
        }
        if !choice.sets_aside.is_empty() && !args.yes {
            print(&shown, context)?;
            let asked = confirmed(
                context,
                &format!("Resolve the fork with {}?", choice.flags),
                || {
                    format!(
                        "{} sets aside {} entries (listed above)",
                        choice.flags,
                        choice.sets_aside.len()
                    )
                },
            )?;
            if !asked {
                say("Nothing was set aside; the fork waits.");
                return Ok(());
            }
        }
    }
    // Everything the others shared first, so the fork resolved is the whole of it.
    if args.how.git {
        let clone = crate::git::GitClone::open(&args.folder).map_err(super::git_said)?;
        super::pull(context, &clone, &args.how)?;
    }
    super::once::sync(context, &args.folder, args.how.device.as_deref(), false)?;
    let (_, appended) = context
        .append(Asked::Flags, false, |current| {
            let all = every_record(current.records, current.pending);
            let head = current.records.last().map(|r| &r.id);
            let Some(fork) = fork(&all, head).map_err(|u| CliError::from(u.refusal))? else {
                return Err(no_fork());
            };
            Ok(NewRecord {
                place: Place::End,
                body: Body::Correct(resolution(&fork, &keep, &all)?),
            })
        })
        .map_err(|e| explained(e, &keep))?;
    say(&format!(
        "The fork is resolved; {} games stand (what was set aside is in `chronicle history`; `chronicle undo` brings it back). Sharing it:",
        appended.after.games_played()
    ));
    super::sync(context, &args.folder, &args.how, false)?.finish(context)
}

/// `sync resolve DIR --drop DEVICE` (`drop`) or `--try-again DEVICE`: after a sync, so that
/// what is set aside is what the folder holds now; then a sync that says what stands.
fn drop_or_try_again(
    context: &Context,
    args: &Args,
    device: &str,
    drop: bool,
) -> Result<(), CliError> {
    if args.how.git {
        let clone = crate::git::GitClone::open(&args.folder).map_err(super::git_said)?;
        super::pull(context, &clone, &args.how)?;
    }
    super::once::sync(context, &args.folder, args.how.device.as_deref(), false)?;
    // The store closed before the sync that follows opens it again.
    let (campaign, changed) = {
        let mut store = context.open(crate::store::Access::Write)?;
        let campaign = store.choose_campaign(context.campaign.as_deref())?;
        let changed = store.drop_set_aside(campaign.id, device, drop)?;
        (campaign, changed)
    };
    if changed == 0 {
        let kept: Vec<String> = context
            .open(crate::store::Access::Read)?
            .set_aside(campaign.id, !drop)?
            .into_iter()
            .map(|a| a.device)
            .collect();
        let what = if drop { "set aside" } else { "dropped" };
        let mut named = kept;
        named.dedup();
        let known = if named.is_empty() {
            format!("nothing of any device is {what}")
        } else {
            format!("those of {} are", named.join(", "))
        };
        return Err(CliError::input(format!(
            "No entry of device \"{device}\" is {what} here ({known})."
        ))
        .nothing_written());
    }
    say(&if drop {
        format!(
            "{changed} entries of {device} are dropped for good; no sync takes them again. Syncing:"
        )
    } else {
        format!("{changed} entries of {device} go through the rules again. Syncing:")
    });
    super::sync(context, &args.folder, &args.how, false)?.finish(context)
}

/// `sync resolve DIR` with no choice: what each choice would set aside; writes nothing.
fn list(context: &Context) -> Result<(), CliError> {
    print(&listing(context)?, context)
}

/// The fork of this database's log and what each choice sets aside.
fn listing(context: &Context) -> Result<Resolving, CliError> {
    let (info, stored) = context.read()?;
    let all = every_record(&stored.records, &stored.pending);
    let head = stored.records.last().map(|r| &r.id);
    let Some(fork) = fork(&all, head).map_err(|u| CliError::from(u.refusal))? else {
        let aside = context
            .open(crate::store::Access::Read)?
            .set_aside(info.id, false)?;
        if aside.is_empty() {
            return Err(no_fork().nothing_written());
        }
        let mut devices: Vec<String> = aside.into_iter().map(|a| a.device).collect();
        devices.dedup();
        return Err(CliError::input(format!(
            "There is no fork to resolve here; entries of {} are set aside because the rules refuse them (`chronicle sync status DIR` lists them). Drop them for good with `chronicle sync resolve DIR --drop DEVICE`.",
            devices.join(", ")
        ))
        .nothing_written());
    };
    Ok(Resolving::new(&info.name, &fork, &all))
}

/// The records of the log and those waiting on another branch.
fn every_record(records: &[LogRecord], pending: &[LogRecord]) -> Vec<LogRecord> {
    let mut all: Vec<LogRecord> = records.to_vec();
    all.extend(pending.iter().cloned());
    all
}

fn no_fork() -> CliError {
    CliError::input(
        "There is no fork to resolve here: every entry this database has makes one log. Sync first (`chronicle sync DIR`); a fork it finds is listed by `chronicle sync resolve DIR`.",
    )
}

/// A resolution the rules refuse, said in terms of the choice made.
fn explained(error: CliError, keep: &Keep) -> CliError {
    match (error.refusal(), keep) {
        (Some(Refusal::LaterBreaks { what, refusal, .. }), Keep::All(_)) => CliError::input(format!(
            "Keeping every branch in this order breaks a rule: {what} would break it ({refusal})."
        ))
        .hinted("Keep one branch (--keep DEVICE), or put the branches in another order (--order DEVICE,DEVICE).")
        .nothing_written(),
        (Some(Refusal::LaterBreaks { what, refusal, .. }), Keep::One(device)) => CliError::input(format!(
            "Keeping {device}'s branch breaks a rule: {what} would break it ({refusal})."
        ))
        .nothing_written(),
        (Some(Refusal::LaterBreaks { what, refusal, .. }), Keep::Branch(number)) => CliError::input(format!(
            "Keeping branch {number} breaks a rule: {what} would break it ({refusal})."
        ))
        .nothing_written(),
        _ => error,
    }
}
