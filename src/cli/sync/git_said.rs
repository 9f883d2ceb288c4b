//! Why a `sync --git` could not go on, in the command line's words: a clone left as its
//! user had it (`NotReady`) and a stale lock, each with the way on and never as a race
//! with another device; anything else as every failure of git.

use super::{How, own_name};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::git::{GitClone, GitError, LOCK_WAIT, NotReady};

/// Brings in what the other devices pushed to the clone (this device's name, if it has
/// one yet, says which file is its own); a clone not ready is left as it was, and nothing
/// is written.
pub(in crate::cli) fn pull(context: &Context, clone: &GitClone, how: &How) -> Result<(), CliError> {
    clone
        .pull(own_name(context, how).as_deref())
        .map_err(|e| match e {
            GitError::NotReady(_) | GitError::Locked { .. } => git_said(e).nothing_written(),
            other => git_said(other),
        })
}

/// The error in the command line's words.
pub(super) fn git_said(error: GitError) -> CliError {
    let said = match &error {
        GitError::NotReady(state) => not_ready(state),
        GitError::Locked { lock } => format!(
            "{lock} is a stale git lock: it stayed while chronicle waited {} seconds, so a git killed midway (a crash, a power cut) left it; it is not another device syncing. If no git is running there (an editor open on a commit message holds a lock too), remove it: `rm '{lock}'`, then sync again with --git.",
            LOCK_WAIT.as_secs(),
            lock = lock.display()
        ),
        _ => return CliError::from(error),
    };
    CliError::file(said).hinted("Nothing of this device's log is lost: the database has it.")
}

/// Which state the clone is in and the way on; the way on comes first, as a long list of
/// files or commits may be cut short.
fn not_ready(state: &NotReady) -> String {
    match state {
        NotReady::Changed(files) => format!(
            "The clone has changes not committed to files that are not this device's: commit them (`git commit`) or set them aside (`git stash`), then sync again with --git; chronicle commits only this device's file and never discards anything else (changed: {}).",
            files.join(", ")
        ),
        NotReady::Unfinished(what) => format!(
            "A {what} is not finished in the clone: finish it (resolve, then `git {what} --continue`) or undo it (`git {what} --abort`), then sync again with --git; chronicle never finishes or undoes one of yours."
        ),
        NotReady::Detached(branch) => format!(
            "HEAD is detached in the clone (on no branch) and {branch} has commits it lacks: check the branch out (`git switch {branch}`), then sync again with --git; chronicle never moves a branch back."
        ),
        NotReady::Conflicts(commits) => format!(
            "The clone's own commits conflict with what the remote has: bring the remote in yourself (`git pull`), resolve the conflict and commit, then sync again with --git; chronicle rewrites no commit but this device's file (the clone's own: {}).",
            commits.join("; ")
        ),
    }
}
