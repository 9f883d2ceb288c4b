//! The system `git`, for `sync --git`: a shared folder that is a clone, pulled before a
//! sync and committed and pushed after it. Each device commits only its own file, and the
//! photos' images it shares (`photos/<sha256>.jpg`, the same bytes whoever writes them), so
//! a pull never conflicts; a push that loses a race to another device pulls and tries again.
//!
//! The clone is its user's repository. chronicle commits and rebases this device's file and
//! never resets, discards or rewrites anything else; a clone it cannot sync from without
//! doing so is left as it is and named (`NotReady`), with the way on. Before each pull it
//! finishes only what chronicle itself left: a rebase or merge of the campaigns' device
//! files alone is aborted, a HEAD left detached ahead of its branch is put back on it, and
//! this device's own file, changed and not committed (a plain `sync` into the clone, a
//! commit git refused, a sync killed between `add` and `commit`), is committed. A remote
//! whose history was rewritten (squashed, force-pushed) is taken as it is when the clone's
//! own commits are this device's file alone, which is put back on top: the sync that
//! follows merges it and writes it again. Commits of the user's in the clone are never
//! rebased: the remote is merged into them, unless they conflict with it.
//!
//! A `*.lock` file git left (in the clone or a remote on this machine) that stays while
//! chronicle waits is named as a stale lock with the one command that removes it; chronicle
//! never removes one itself, as a lock names no owner: an editor open on a commit message,
//! or another machine pushing to a shared remote, holds one as long, and removing it under
//! them would break their git.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// How long a lock git holds may stay before chronicle calls it stale (`Locked`): a
/// running git lets go of one in a fraction of a second.
pub(crate) const LOCK_WAIT: Duration = Duration::from_secs(2);

/// What went wrong running git.
#[derive(Debug, thiserror::Error)]
pub(crate) enum GitError {
    #[error("git cannot be run ({0}); install git, or sync without --git")]
    Missing(String),
    #[error("{} is not a git clone (`git -C {} status` fails: {detail})", .folder.display(), .folder.display())]
    NotAClone { folder: PathBuf, detail: String },
    #[error("`git {command}` failed: {detail}")]
    Failed { command: String, detail: String },
    #[error("the clone is not one chronicle can sync from: {0:?}")]
    NotReady(NotReady),
    #[error("{} is a stale git lock", .lock.display())]
    Locked { lock: PathBuf },
}

/// A clone chronicle cannot sync from without touching its user's work: left as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NotReady {
    /// Tracked files changed and not committed that are not this device's file.
    Changed(Vec<String>),
    /// A merge, rebase, cherry-pick, revert or `am` not finished, and not chronicle's.
    Unfinished(&'static str),
    /// HEAD on no branch, behind or beside the branch it would be put back on.
    Detached(String),
    /// Commits of the clone's own (not on the remote) that conflict with the remote's.
    Conflicts(Vec<String>),
}

impl From<NotReady> for GitError {
    fn from(state: NotReady) -> GitError {
        GitError::NotReady(state)
    }
}

/// A git clone to sync through.
pub(crate) struct GitClone {
    folder: PathBuf,
    /// The shared folder's place in the clone, as git writes paths (`""` at its top,
    /// `sub/` in a folder of it).
    prefix: String,
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
        let mut clone = GitClone {
            folder: folder.to_path_buf(),
            prefix: String::new(),
        };
        let output = clone.run(&["rev-parse", "--is-inside-work-tree"])?;
        if !output.status.success() {
            return Err(GitError::NotAClone {
                folder: folder.to_path_buf(),
                detail: said(&output),
            });
        }
        let prefix = clone.must(&["rev-parse", "--show-prefix"])?;
        clone.prefix = String::from_utf8_lossy(&prefix.stdout).trim().to_string();
        Ok(clone)
    }

    /// Runs git; a lock git holds that stays while chronicle waits is `Locked`, one let go
    /// of meanwhile is waited out and the command run again.
    fn run(&self, args: &[&str]) -> Result<Output, GitError> {
        let output = self.spawn(args)?;
        let Some(lock) = held_lock(&output) else {
            return Ok(output);
        };
        wait_out(&lock)?;
        let output = self.spawn(args)?;
        match held_lock(&output) {
            Some(lock) => Err(GitError::Locked { lock }),
            None => Ok(output),
        }
    }

    fn spawn(&self, args: &[&str]) -> Result<Output, GitError> {
        Command::new("git")
            .arg("-C")
            .arg(&self.folder)
            .args(["-c", "core.quotePath=false"])
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

    /// What git prints, one line a value, with no empty line.
    fn lines(&self, args: &[&str]) -> Result<Vec<String>, GitError> {
        let output = self.must(args)?;
        Ok(String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect())
    }

    /// Whether the clone has a remote called `origin`.
    fn has_remote(&self) -> Result<bool, GitError> {
        Ok(self.lines(&["remote"])?.iter().any(|l| l == "origin"))
    }

    /// Whether the branch checked out has a commit yet.
    fn has_commits(&self) -> Result<bool, GitError> {
        Ok(self
            .run(&["rev-parse", "--verify", "--quiet", "HEAD"])?
            .status
            .success())
    }

    /// Brings in what the other devices pushed, once the clone is one chronicle can sync
    /// from (see the module's words); `me`: this device's name, whose file is its own. A
    /// remote with nothing yet (a new shared repository) is nothing to pull.
    pub(crate) fn pull(&self, me: Option<&str>) -> Result<(), GitError> {
        self.ready(me)?;
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
        let base = self.fork_point(&tip)?;
        let own_only = self
            .touched(&base)?
            .iter()
            .all(|path| self.is_own(path, me) || self.is_photo_file(path));
        if !own_only {
            return self.merge(&tip, &base);
        }
        let mut rebase = self.committer()?;
        rebase.extend(["rebase", "--quiet", &tip]);
        if self.run(&rebase)?.status.success() {
            return Ok(());
        }
        let _ = self.run(&["rebase", "--abort"]);
        // The remote's history was rewritten and the clone's own commits are this
        // device's file alone: take the remote, and put this device's file back.
        let before = self.must(&["rev-parse", "HEAD"])?;
        let before = String::from_utf8_lossy(&before.stdout).trim().to_string();
        self.must(&["reset", "--quiet", "--hard", &tip])?;
        if let Some(me) = me {
            let own = format!(":(glob)*/{me}.jsonl");
            let _ = self.run(&["checkout", &before, "--", &own]);
        }
        Ok(())
    }

    /// Merges the remote into a clone holding commits of its user's (`range`), which a
    /// merge leaves as they are. Commits that conflict with the remote's are found first,
    /// the clone untouched (`merge-tree` writes no file); a merge git still leaves
    /// unfinished is undone.
    fn merge(&self, tip: &str, range: &str) -> Result<(), GitError> {
        let conflicts = self.run(&["merge-tree", "--write-tree", "HEAD", tip])?;
        if conflicts.status.code() != Some(1) {
            let mut merge = self.committer()?;
            merge.extend(["merge", "--quiet", "--no-edit", tip]);
            if self.run(&merge)?.status.success() {
                return Ok(());
            }
            let _ = self.run(&["merge", "--abort"]);
        }
        Err(NotReady::Conflicts(self.commits(range)?).into())
    }

    /// Where the clone's own commits begin: what HEAD has that the remote never had (as
    /// `git pull --rebase` finds it, from the remote branch's log), as a range for git.
    fn fork_point(&self, tip: &str) -> Result<String, GitError> {
        for args in [
            &["merge-base", "--fork-point", tip, "HEAD"][..],
            &["merge-base", tip, "HEAD"][..],
        ] {
            let output = self.run(args)?;
            if output.status.success() {
                let base = String::from_utf8_lossy(&output.stdout).trim().to_string();
                return Ok(format!("{base}..HEAD"));
            }
        }
        Ok("HEAD".to_string())
    }

    /// The files the commits of `range` change.
    fn touched(&self, range: &str) -> Result<Vec<String>, GitError> {
        self.lines(&["log", "--format=", "--name-only", "-m", range])
    }

    /// The commits of `range`, a few, each as its short hash and subject.
    fn commits(&self, range: &str) -> Result<Vec<String>, GitError> {
        self.lines(&["log", "-5", "--format=%h %s", range])
    }

    /// Whether `path` (as git writes it, from the clone's top) is a device's file of a
    /// campaign of the shared folder, `<campaign>/<device>.jsonl`: chronicle's folder.
    fn is_device_file(&self, path: &str) -> bool {
        path.strip_prefix(&self.prefix)
            .and_then(|rest| rest.split_once('/'))
            .is_some_and(|(_, file)| {
                !file.contains('/') && Path::new(file).extension().is_some_and(|e| e == "jsonl")
            })
    }

    /// Whether `path` (as git writes it) is an image of the shared folder's photos,
    /// `photos/<sha256>.<ext>`: chronicle's, the same bytes whichever device wrote it.
    fn is_photo_file(&self, path: &str) -> bool {
        let hash = path
            .strip_prefix(&self.prefix)
            .and_then(|p| p.strip_prefix("photos/"));
        let hash = hash.and_then(|file| file.split_once('.')).map(|(h, _)| h);
        hash.is_some_and(|h| h.len() == 64 && h.bytes().all(|b| b.is_ascii_hexdigit()))
    }

    /// Whether `path` is this device's own file of a campaign.
    fn is_own(&self, path: &str, me: Option<&str>) -> bool {
        me.is_some_and(|me| self.is_device_file(path) && path.ends_with(&format!("/{me}.jsonl")))
    }

    /// Where git keeps `name` (`index.lock`, `MERGE_HEAD`, …) for this clone.
    fn git_path(&self, name: &str) -> Result<PathBuf, GitError> {
        let path = self.must(&["rev-parse", "--git-path", name])?;
        let path = PathBuf::from(String::from_utf8_lossy(&path.stdout).trim());
        Ok(if path.is_absolute() {
            path
        } else {
            self.folder.join(path)
        })
    }

    /// The tracked files changed and not committed (staged or not), as git writes them.
    fn changed(&self) -> Result<Vec<String>, GitError> {
        let output = self.must(&["status", "--porcelain", "-z", "--untracked-files=no"])?;
        let text = String::from_utf8_lossy(&output.stdout);
        let mut files = Vec::new();
        let mut entries = text.split('\0').filter(|e| !e.is_empty());
        while let Some(entry) = entries.next() {
            let (state, path) = entry.split_at(entry.len().min(3));
            files.push(path.to_string());
            if state.starts_with(['R', 'C']) {
                files.extend(entries.next().map(str::to_string));
            }
        }
        Ok(files)
    }

    /// The clone made ready to pull, touching nothing but what chronicle left: no stale
    /// lock, what chronicle left midway aborted, HEAD on its branch, this device's own
    /// file committed; anything else of the user's is `NotReady`, the clone as it was.
    fn ready(&self, me: Option<&str>) -> Result<(), GitError> {
        for lock in ["index.lock", "HEAD.lock"] {
            let lock = self.git_path(lock)?;
            if lock.exists() {
                wait_out(&lock)?;
            }
        }
        self.finish_unfinished()?;
        self.attach()?;
        let changed = self.changed()?;
        let theirs: Vec<String> = changed
            .iter()
            .filter(|path| !self.is_own(path, me))
            .cloned()
            .collect();
        if !theirs.is_empty() {
            return Err(NotReady::Changed(theirs).into());
        }
        let Some(me) = me else {
            return Ok(());
        };
        if changed.is_empty() {
            return Ok(());
        }
        let own = format!(":(glob)*/{me}.jsonl");
        self.must(&["add", "--", &own])?;
        let message = format!("chronicle: {me} syncs (its file, not committed before)");
        self.commit_staged(&message, &[&own])?;
        Ok(())
    }

    /// A rebase or merge left midway is aborted when it is chronicle's: its commits and
    /// its changes are the campaigns' device files alone (aborting loses nothing: the
    /// commits are where they were, and every device writes its file again). Any other,
    /// or a cherry-pick, revert or `am`, is the user's: `Unfinished`.
    fn finish_unfinished(&self) -> Result<(), GitError> {
        for (state, what) in [
            ("rebase-merge", "rebase"),
            ("rebase-apply", "rebase"),
            ("MERGE_HEAD", "merge"),
            ("CHERRY_PICK_HEAD", "cherry-pick"),
            ("REVERT_HEAD", "revert"),
        ] {
            let path = self.git_path(state)?;
            if !path.exists() {
                continue;
            }
            let in_flight = match what {
                "rebase" => {
                    let read = |name: &str| {
                        std::fs::read_to_string(path.join(name))
                            .map(|s| s.trim().to_string())
                            .ok()
                    };
                    if path.join("applying").exists() {
                        return Err(NotReady::Unfinished("am").into());
                    }
                    read("onto")
                        .zip(read("orig-head"))
                        .map(|(onto, orig)| format!("{onto}..{orig}"))
                }
                "merge" => Some("HEAD..MERGE_HEAD".to_string()),
                _ => None,
            };
            let chronicles = match in_flight {
                Some(range) => {
                    let mut files = self.touched(&range)?;
                    files.extend(self.changed()?);
                    files
                        .iter()
                        .all(|path| self.is_device_file(path) || self.is_photo_file(path))
                }
                None => false,
            };
            if !chronicles {
                return Err(NotReady::Unfinished(what).into());
            }
            self.must(&[what, "--abort"])?;
        }
        Ok(())
    }

    /// HEAD left detached is put back on its branch when that moves the branch only
    /// forward (or makes it); else `Detached`.
    fn attach(&self) -> Result<(), GitError> {
        if self
            .run(&["symbolic-ref", "--quiet", "HEAD"])?
            .status
            .success()
        {
            return Ok(());
        }
        let branch = self.default_branch()?;
        let named = format!("refs/heads/{branch}");
        let exists = self
            .run(&["rev-parse", "--verify", "--quiet", &named])?
            .status
            .success();
        let forward = !exists
            || self
                .run(&["merge-base", "--is-ancestor", &named, "HEAD"])?
                .status
                .success();
        if !forward {
            return Err(NotReady::Detached(branch).into());
        }
        self.must(&["checkout", "--quiet", "-B", &branch])?;
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

    /// The files under `folder` (a path inside the clone) that git does not track yet and
    /// does not ignore.
    pub(crate) fn untracked(&self, folder: &Path) -> Result<Vec<PathBuf>, GitError> {
        let path = folder.strip_prefix(&self.folder).unwrap_or(folder);
        let path = path.to_string_lossy();
        Ok(self
            .lines(&["ls-files", "--others", "--exclude-standard", "--", &path])?
            .into_iter()
            .map(|file| self.folder.join(file))
            .collect())
    }

    /// Commits `files` (paths inside the clone) in one commit, if any changed; false when
    /// none had.
    pub(crate) fn commit_files(&self, files: &[PathBuf], message: &str) -> Result<bool, GitError> {
        let paths: Vec<String> = files
            .iter()
            .map(|file| {
                let path = file.strip_prefix(&self.folder).unwrap_or(file);
                path.to_string_lossy().into_owned()
            })
            .collect();
        let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
        if paths.is_empty() {
            return Ok(false);
        }
        let mut add = vec!["add", "--"];
        add.extend(&paths);
        self.must(&add)?;
        let mut diff = vec!["diff", "--cached", "--quiet", "--"];
        diff.extend(&paths);
        if self.run(&diff)?.status.success() {
            return Ok(false);
        }
        self.commit_staged(message, &paths)?;
        Ok(true)
    }

    /// Commits what is staged of `paths` (paths or pathspecs), as chronicle on a machine
    /// with no git identity.
    fn commit_staged(&self, message: &str, paths: &[&str]) -> Result<(), GitError> {
        let mut args = self.committer()?;
        args.extend(["commit", "--quiet", "--no-verify", "-m", message, "--"]);
        args.extend(paths);
        self.must(&args)?;
        Ok(())
    }

    /// What makes git write a commit as chronicle on a machine with no git identity.
    fn committer(&self) -> Result<Vec<&'static str>, GitError> {
        let named = self.run(&["config", "user.name"])?.status.success();
        Ok(if named {
            Vec::new()
        } else {
            vec![
                "-c",
                "user.name=chronicle",
                "-c",
                "user.email=chronicle@localhost",
            ]
        })
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
        // Only git's own refusal of a push behind the remote is a race; "remote rejected"
        // (a hook, a lock) is not.
        if detail.contains("[rejected]")
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

/// The lock git could not take ("Unable to create '….lock': File exists"), if that is why
/// it failed: in the clone, or in a remote on this machine.
fn held_lock(output: &Output) -> Option<PathBuf> {
    if output.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&output.stderr);
    let (_, after) = text.split_once("Unable to create '")?;
    let (lock, _) = after.split_once("': File exists")?;
    // `a/./refs/heads/main.lock` as `a/refs/heads/main.lock`.
    Some(Path::new(lock).components().collect())
}

/// Waits for a git to let go of `lock`; one still there after `LOCK_WAIT` is stale. A lock
/// on another machine (a remote reached through ssh) is given the same time before git
/// tries again.
fn wait_out(lock: &Path) -> Result<(), GitError> {
    if !lock.parent().is_some_and(Path::exists) {
        std::thread::sleep(LOCK_WAIT);
        return Ok(());
    }
    let start = Instant::now();
    while lock.exists() {
        if start.elapsed() >= LOCK_WAIT {
            return Err(GitError::Locked {
                lock: lock.to_path_buf(),
            });
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Ok(())
}
