//! `chronicle sync DIR [--device NAME] [--git]`, `sync status DIR` and `sync resolve DIR
//! [--keep DEVICE | --keep-both] [--yes]`: one campaign on several machines, through a
//! shared folder (or a git clone), each device writing only its own file.

mod copy;
mod device;
mod folder;
mod git_said;
pub(super) mod once;
mod photos;
mod place;
mod resolve;
mod seen;

use std::path::PathBuf;

use super::context::Context;
use super::error::CliError;
use crate::git::{GitClone, Pushed};
use git_said::git_said;
pub(super) use git_said::pull;

/// Share the campaign with other devices through a folder (Syncthing, Dropbox, a network
/// drive, a USB stick) or a git clone: bring in what the others logged, write out what this
/// one did
///
/// Each device writes only its own file, DIR/<campaign id>/<device>.jsonl; sync reads every
/// other device's, takes the entries it does not have and replays the log through the
/// rules. When two devices logged after the same entry, the log forks: nothing changes on
/// the board, both are kept, and `sync resolve` records what the group decides. A device
/// with no copy of a campaign joins it by syncing with the folder.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The shared folder
    #[arg(value_name = "DIR", required = true)]
    pub folder: Option<PathBuf>,
    #[command(flatten)]
    pub how: How,
    /// Sync a campaign imported from a copy as the folder's campaign of that name
    #[arg(long)]
    pub yes: bool,
}

/// How a sync reaches the others.
#[derive(Debug, Clone, clap::Args)]
pub struct How {
    /// The name this database syncs as [default: the host's name; kept in the database]
    #[arg(long, value_name = "NAME")]
    pub device: Option<String>,
    /// DIR is a git clone: pull first, then commit and push this device's file
    #[arg(long)]
    pub git: bool,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// What a sync would bring in and send out, and any fork; writes nothing
    Status {
        /// The shared folder
        #[arg(value_name = "DIR")]
        folder: PathBuf,
        /// The name this database syncs as [default: the one kept, else the host's name]
        #[arg(long, value_name = "NAME")]
        device: Option<String>,
    },
    /// List what each choice would set aside; record what the group decided about a fork:
    /// keep one device's branch, or every branch
    Resolve(resolve::Args),
}

/// Warns (on stderr) when this database's log forks and waits for `sync resolve`: what is
/// logged now may later be set aside. Only a database that syncs can fork.
pub(in crate::cli) fn warn_if_forked(context: &Context) {
    let Ok(store) = context.open(crate::store::Access::Read) else {
        return;
    };
    if !matches!(store.device(), Ok(Some(_))) {
        return;
    }
    let Ok((_, stored)) = store.read_campaign(context.campaign.as_deref()) else {
        return;
    };
    if !stored.pending.is_empty() {
        super::output::say(&format!(
            "Warning: the log forks: {} entries another device logged wait on another branch, so what is logged here may be set aside. `chronicle sync resolve DIR` shows each choice.",
            stored.pending.len()
        ));
    }
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    match args.command {
        Some(Command::Status { folder, device }) => once::status(context, &folder, device),
        Some(Command::Resolve(args)) => resolve::run(context, &args),
        None => {
            let folder = args.folder.ok_or_else(|| {
                CliError::usage("sync needs the shared folder: `chronicle sync DIR`.")
            })?;
            let what = format!("Syncing with {}", folder.display());
            let terminal = context.terminal.stderr_terminal;
            let done = super::progress::while_working(terminal, &what, || {
                sync(context, &folder, &args.how, args.yes)
            })?;
            // Said once the progress is gone from the terminal.
            done.finish(context)
        }
    }
}

/// The name this database syncs as, if it has one yet (or one is given): its file in a
/// clone is its own.
pub(super) fn own_name(context: &Context, how: &How) -> Option<String> {
    how.device.clone().or_else(|| {
        let exists = context.db_path(crate::store::Access::Read).ok()?.exists();
        exists
            .then(|| {
                context
                    .open(crate::store::Access::Read)
                    .ok()?
                    .device()
                    .ok()?
            })
            .flatten()
    })
}

/// Syncs (pulling first and pushing after, through git), tried again when another device
/// pushed in between; what it did is said by `finish`.
fn sync(
    context: &Context,
    folder: &std::path::Path,
    how: &How,
    yes: bool,
) -> Result<once::Done, CliError> {
    folder::check_dir(folder)?;
    let clone = how
        .git
        .then(|| GitClone::open(folder))
        .transpose()
        .map_err(git_said)?;
    let mut outcome = None;
    for _ in 0..5 {
        if let Some(clone) = &clone {
            pull(context, clone, how)?;
        }
        let done = once::sync(context, folder, how.device.as_deref(), yes)?;
        if let Some(clone) = &clone {
            for (file, message) in &done.files {
                let file = std::slice::from_ref(file);
                clone.commit_files(file, message).map_err(git_said)?;
            }
            // The images written now, and any an earlier sync wrote and did not commit
            // (a plain `sync` into the clone, a commit git refused).
            let mut images = done.photos.clone();
            let left = clone
                .untracked(&photos::photos_folder(folder))
                .map_err(git_said)?;
            images.extend(photos::images_as_named(left));
            images.sort();
            images.dedup();
            if !images.is_empty() {
                let message = format!(
                    "chronicle: {} shares {} photo {}",
                    done.device(),
                    images.len(),
                    if images.len() == 1 { "image" } else { "images" }
                );
                clone.commit_files(&images, &message).map_err(git_said)?;
            }
            if clone.push().map_err(git_said)? == Pushed::Behind {
                continue;
            }
        }
        outcome = Some(done);
        break;
    }
    outcome.ok_or_else(|| {
        CliError::file(
            "Another device pushed every time this one tried (5 times); nothing is lost: run `chronicle sync --git` again.",
        )
    })
}
