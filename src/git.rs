//! The system `git`, for `sync --git`: a shared folder that is a clone, pulled before a
//! sync and committed and pushed after it. Each device commits only its own file, so a pull
//! never conflicts; a push that loses a race to another device pulls and tries again.
//!
//! A clone is healed before each pull, with no hand on git: a rebase or merge left midway
//! is aborted, a HEAD left detached is put back on its branch, and this device's own file,
//! changed and not committed (a plain `sync` into the clone, a commit git refused, a sync
//! killed between `add` and `commit`), is committed. A remote whose history was rewritten
//! (squashed, force-pushed) is taken as it is, with this device's file as it had it put
//! back on top: the sync that follows merges it and writes it again.

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

    /// Brings in what the other devices pushed, the clone healed first (see the module's
    /// words); `me`: this device's name, whose file is its own. A remote with nothing yet
    /// (a new shared repository) is nothing to pull.
    pub(crate) fn pull(&self, me: Option<&str>) -> Result<(), GitError> {
        self.heal(me)?;
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
        let tip = format!("origin/{branch}");
        if !self.has_commits()? {
            self.must(&["reset", "--quiet", "--hard", &tip])?;
            return Ok(());
        }
        if self.run(&["rebase", "--quiet", &tip])?.status.success() {
            return Ok(());
        }
        // The remote's history was rewritten: take it, and put this device's file back.
        let _ = self.run(&["rebase", "--abort"]);
        let before = self.must(&["rev-parse", "HEAD"])?;
        let before = String::from_utf8_lossy(&before.stdout).trim().to_string();
        self.must(&["reset", "--quiet", "--hard", &tip])?;
        if let Some(me) = me {
            let own = format!(":(glob)*/{me}.jsonl");
            let _ = self.run(&["checkout", &before, "--", &own]);
        }
        Ok(())
    }

    /// Puts the clone back in order before a pull: a rebase or merge left midway aborted,
    /// HEAD on its branch, this device's own file committed.
    fn heal(&self, me: Option<&str>) -> Result<(), GitError> {
        for (state, abort) in [
            ("rebase-merge", "rebase"),
            ("rebase-apply", "rebase"),
            ("MERGE_HEAD", "merge"),
        ] {
            let path = self.must(&["rev-parse", "--git-path", state])?;
            let path = PathBuf::from(String::from_utf8_lossy(&path.stdout).trim());
            let path = if path.is_absolute() {
                path
            } else {
                self.folder.join(path)
            };
            if path.exists() {
                self.must(&[abort, "--abort"])?;
            }
        }
        if !self
            .run(&["symbolic-ref", "--quiet", "HEAD"])?
            .status
            .success()
        {
            let branch = self.default_branch()?;
            self.must(&["checkout", "--quiet", "-B", &branch])?;
        }
        let Some(me) = me else {
            return Ok(());
        };
        let own = format!(":(glob)*/{me}.jsonl");
        let changed = self.must(&["status", "--porcelain", "--", &own])?;
        if changed.stdout.is_empty() {
            return Ok(());
        }
        self.must(&["add", "--", &own])?;
        let message = format!("chronicle: {me} syncs (its file, not committed before)");
        self.commit_staged(&message, &own)?;
        Ok(())
    }

    /// The branch the remote's HEAD names (else `main`), for a clone whose HEAD was left
    /// detached.
    fn default_branch(&self) -> Result<String, GitError> {
        if self.has_remote()? {
            let output = self.run(&["ls-remote", "--symref", "origin", "HEAD"])?;
            let text = String::from_utf8_lossy(&output.stdout);
            if let Some(branch) = text
                .lines()
                .find_map(|l| l.strip_prefix("ref: refs/heads/"))
                .and_then(|l| l.split_whitespace().next())
            {
                return Ok(branch.to_string());
            }
        }
        let configured = self.run(&["config", "init.defaultBranch"])?;
        let configured = String::from_utf8_lossy(&configured.stdout)
            .trim()
            .to_string();
        Ok(if configured.is_empty() {
            "main".to_string()
        } else {
            configured
        })
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
        self.commit_staged(message, &path)?;
        Ok(true)
    }

    /// Commits what is staged of `path` (a path or pathspec), as chronicle on a machine
    /// with no git identity.
    fn commit_staged(&self, message: &str, path: &str) -> Result<(), GitError> {
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
            path,
        ]);
        self.must(&args)?;
        Ok(())
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
