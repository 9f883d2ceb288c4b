//! The system `git`, for `sync --git`: a shared folder that is a clone, pulled before a
//! sync and committed and pushed after it. Each device commits only its own file, so a pull
//! never conflicts; a push that loses a race to another device pulls and tries again.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// What went wrong running git.
#[derive(Debug, thiserror::Error)]
pub(crate) enum GitError {
    #[error("git cannot be run ({0}); install git, or sync without --git")]
    Missing(String),
    #[error("{} is not a git clone (`git -C {} status` fails: {detail})", .folder.display(), .folder.display())]
    NotAClone { folder: PathBuf, detail: String },
    #[error("`git {command}` failed: {detail}")]
    Failed { command: String, detail: String },
}

/// A git clone to sync through.
pub(crate) struct GitClone {
    folder: PathBuf,
}

/// How a push went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pushed {
    /// The remote has the commit.
    Done,
    /// Another device pushed first: pull and try again.
    Behind,
    /// There is no remote to push to (a clone of nothing, a plain repository).
    NoRemote,
}

impl GitClone {
    /// The clone at `folder`; refused when it is not one.
    pub(crate) fn open(folder: &Path) -> Result<GitClone, GitError> {
        let clone = GitClone {
            folder: folder.to_path_buf(),
        };
        let output = clone.run(&["rev-parse", "--is-inside-work-tree"])?;
        if !output.status.success() {
            return Err(GitError::NotAClone {
                folder: folder.to_path_buf(),
                detail: said(&output),
            });
        }
        Ok(clone)
    }

    fn run(&self, args: &[&str]) -> Result<Output, GitError> {
        Command::new("git")
            .arg("-C")
            .arg(&self.folder)
            .args(args)
            .env("GIT_TERMINAL_PROMPT", "0")
            .output()
            .map_err(|e| GitError::Missing(e.to_string()))
    }

    fn must(&self, args: &[&str]) -> Result<Output, GitError> {
        let output = self.run(args)?;
        if output.status.success() {
            Ok(output)
        } else {
            Err(GitError::Failed {
                command: args.join(" "),
                detail: said(&output),
            })
        }
    }

    /// Whether the clone has a remote called `origin`.
    fn has_remote(&self) -> Result<bool, GitError> {
        let output = self.must(&["remote"])?;
        Ok(String::from_utf8_lossy(&output.stdout)
            .lines()
            .any(|l| l.trim() == "origin"))
    }

    /// Whether the branch checked out has a commit yet.
    fn has_commits(&self) -> Result<bool, GitError> {
        Ok(self
            .run(&["rev-parse", "--verify", "--quiet", "HEAD"])?
            .status
            .success())
    }

    /// Brings in what the other devices pushed. A remote with nothing yet (a new shared
    /// repository) is nothing to pull.
    pub(crate) fn pull(&self) -> Result<(), GitError> {
        if !self.has_remote()? {
            return Ok(());
        }
        let remote_branches = self.must(&["ls-remote", "--heads", "origin"])?;
        if remote_branches.stdout.is_empty() {
            return Ok(());
        }
        let branch = self.branch()?;
        let has_it = String::from_utf8_lossy(&remote_branches.stdout)
            .lines()
            .any(|l| l.ends_with(&format!("refs/heads/{branch}")));
        if !has_it {
            return Ok(());
        }
        self.must(&["fetch", "--quiet", "origin", &branch])?;
        if self.has_commits()? {
            self.must(&["rebase", "--quiet", &format!("origin/{branch}")])?;
        } else {
            self.must(&["reset", "--quiet", "--hard", &format!("origin/{branch}")])?;
        }
        Ok(())
    }

    /// The branch checked out (the default branch's name for a clone with no commit).
    fn branch(&self) -> Result<String, GitError> {
        let output = self.must(&["symbolic-ref", "--short", "HEAD"])?;
        Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
    }

    /// Commits `file` (a path inside the clone) if it changed; false when it had not.
    pub(crate) fn commit(&self, file: &Path, message: &str) -> Result<bool, GitError> {
        let path = file.strip_prefix(&self.folder).unwrap_or(file);
        let path = path.to_string_lossy();
        self.must(&["add", "--", &path])?;
        if self
            .run(&["diff", "--cached", "--quiet", "--", &path])?
            .status
            .success()
        {
            return Ok(false);
        }
        // A machine with no git identity still commits, as chronicle.
        let named = self.run(&["config", "user.name"])?.status.success();
        let mut args: Vec<&str> = Vec::new();
        if !named {
            args.extend([
                "-c",
                "user.name=chronicle",
                "-c",
                "user.email=chronicle@localhost",
            ]);
        }
        args.extend([
            "commit",
            "--quiet",
            "--no-verify",
            "-m",
            message,
            "--",
            &path,
        ]);
        self.must(&args)?;
        Ok(true)
    }

    /// Pushes the branch; says when another device pushed first.
    pub(crate) fn push(&self) -> Result<Pushed, GitError> {
        if !self.has_remote()? {
            return Ok(Pushed::NoRemote);
        }
        let branch = self.branch()?;
        let output = self.run(&[
            "push",
            "--quiet",
            "origin",
            &format!("HEAD:refs/heads/{branch}"),
        ])?;
        if output.status.success() {
            let _ = self.run(&[
                "branch",
                "--quiet",
                "--set-upstream-to",
                &format!("origin/{branch}"),
            ]);
            return Ok(Pushed::Done);
        }
        let detail = said(&output);
        if detail.contains("rejected")
            || detail.contains("fetch first")
            || detail.contains("non-fast-forward")
        {
            return Ok(Pushed::Behind);
        }
        Err(GitError::Failed {
            command: "push".to_string(),
            detail,
        })
    }
}

/// What git said on stderr (else stdout), on one line.
fn said(output: &Output) -> String {
    let text = if output.stderr.is_empty() {
        &output.stdout
    } else {
        &output.stderr
    };
    String::from_utf8_lossy(text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
