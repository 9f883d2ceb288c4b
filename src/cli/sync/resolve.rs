//! `chronicle sync resolve DIR --keep DEVICE | --keep-both [--order A,B]`: what the group
//! decided about a fork, recorded as an entry of its own (a join), replayed through the
//! rules with both branches, and shared like any other entry.

use std::path::PathBuf;

use super::How;
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::explain::Asked;
use crate::cli::output::say;
use crate::domain::sync::{Keep, fork, resolution};
use crate::domain::{Body, LogRecord, Place, Refusal};
use crate::store::NewRecord;

/// Record what the group decided about a fork: keep one device's branch (the other is set
/// aside, and stays in the history), or every branch one after the other
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("choice").required(true).args(["keep", "keep_both"])))]
pub struct Args {
    /// The shared folder
    #[arg(value_name = "DIR")]
    pub folder: PathBuf,
    /// Keep the branch this device logged; set the others aside
    #[arg(long, value_name = "DEVICE")]
    pub keep: Option<String>,
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
    /// Set aside what the choice sets aside without asking (needed without a terminal)
    #[arg(long)]
    pub yes: bool,
    #[command(flatten)]
    pub how: How,
}

pub(super) fn run(context: &Context, args: &Args) -> Result<(), CliError> {
    super::folder::check_dir(&args.folder)?;
    // Everything the others shared first, so the fork resolved is the whole of it.
    if args.how.git {
        crate::git::GitClone::open(&args.folder)?.pull()?;
    }
    super::once::sync(context, &args.folder, args.how.device.as_deref())?;
    let keep = match &args.keep {
        Some(device) => Keep::One(device.clone()),
        None => Keep::All(args.order.clone()),
    };
    let (_, appended) = context
        .append(Asked::Flags, false, |current| {
            let mut all: Vec<LogRecord> = current.records.to_vec();
            all.extend(current.pending.iter().cloned());
            let head = current.records.last().map(|r| &r.id);
            let Some(fork) = fork(&all, head).map_err(|u| CliError::from(u.refusal))? else {
                return Err(CliError::input(
                    "There is no fork to resolve: every device's entries make one log (`chronicle sync status DIR` shows it).",
                ));
            };
            Ok(NewRecord {
                place: Place::End,
                body: Body::Correct(resolution(&fork, &keep)?),
            })
        })
        .map_err(|e| explained(e, &keep))?;
    say(&format!(
        "The fork is resolved; {} games stand. Sharing it:",
        appended.after.games_played()
    ));
    super::sync(context, &args.folder, &args.how)?.finish(context)
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
        _ => error,
    }
}
