//! `sync --git` killed at each git command it runs (SIGKILL: no clean-up runs), just before
//! the command and just after it: the next `sync --git` finishes the work, with no hand on
//! git, and the devices agree with every game on both.
//!
//! The kill comes from a `git` put first on the PATH, which runs the real one and kills
//! chronicle (its parent) before or after the git command named by
//! `CHRONICLE_TEST_KILL_BEFORE` or `CHRONICLE_TEST_KILL_AFTER`. Three kinds of sync are
//! killed: one sending a game out, one bringing a game in, one finding a fork. In CI each
//! command is killed for the first kind; `CHRONICLE_GIT_KILLS=all` kills each command for
//! every kind (`benches/sync_kills.sh`).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use crate::common::group::Group;
use crate::common::skipped as notice;
use crate::sync_git::{git, has_git, settle_git, two_clones};

/// The git commands a sync may be killed at.
const COMMANDS: [&str; 7] = [
    "status", "fetch", "rebase", "reset", "add", "commit", "push",
];

#[derive(Clone, Copy, Debug)]
enum Kind {
    SendOut,
    BringIn,
    Fork,
}

/// A stand-in for `git` in `dir/bin` (returns that folder, to put first on the PATH): it runs
/// the real git, and kills the chronicle that called it (SIGKILL) just before the git command
/// named by `CHRONICLE_TEST_KILL_BEFORE` (`add`, `commit`, `rebase`, …) or just after the one
/// named by `CHRONICLE_TEST_KILL_AFTER`, as a power cut there would.
fn killing_git(dir: &Path) -> PathBuf {
    let real = String::from_utf8(
        std::process::Command::new("sh")
            .args(["-c", "command -v git"])
            .output()
            .expect("sh runs")
            .stdout,
    )
    .expect("a path");
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    let script = format!(
        r#"#!/bin/sh
sub=""; skip=0
for a in "$@"; do
  if [ "$skip" = 1 ]; then skip=0; continue; fi
  case "$a" in -C|-c) skip=1 ;; -*) ;; *) sub=$a; break ;; esac
done
if [ -n "$sub" ] && [ "$sub" = "$CHRONICLE_TEST_KILL_BEFORE" ]; then kill -9 $PPID; exit 1; fi
"{real}" "$@"; code=$?
if [ -n "$sub" ] && [ "$sub" = "$CHRONICLE_TEST_KILL_AFTER" ]; then kill -9 $PPID; fi
exit $code
"#,
        real = real.trim()
    );
    let path = bin.join("git");
    std::fs::write(&path, script).expect("the script");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("mode");
    bin
}

/// The clones as the kind of sync finds them: the device whose sync is killed, its clone.
fn prepare(group: &Group, kind: Kind) -> (&'static str, &'static str) {
    match kind {
        Kind::SendOut => {
            group.log_game("laptop", "2026-05-02", "Ann");
            ("laptop", "laptop-clone")
        }
        Kind::BringIn => {
            group.log_game("laptop", "2026-05-02", "Ann");
            group.ok("laptop", &["sync", "laptop-clone", "--git"]);
            ("desk", "desk-clone")
        }
        Kind::Fork => {
            group.log_game("laptop", "2026-05-02", "Ann");
            group.ok("laptop", &["sync", "laptop-clone", "--git"]);
            group.log_game("desk", "2026-05-03", "Dana");
            ("desk", "desk-clone")
        }
    }
}

/// One sync killed at the git command `git_command` (`before` it or after it), then
/// finished and settled.
fn killed(kind: Kind, git_command: &str, before: bool) {
    let group = two_clones();
    let (device, clone) = prepare(&group, kind);
    let bin = killing_git(group.env.dir());
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let db = format!("{device}.db");
    let mut command = group
        .env
        .command_with(&["--db", &db, "sync", clone, "--git"]);
    command
        .env("PATH", path)
        .env(
            if before {
                "CHRONICLE_TEST_KILL_BEFORE"
            } else {
                "CHRONICLE_TEST_KILL_AFTER"
            },
            git_command,
        )
        .env("CHRONICLE_NOW", "2026-11-29T20:00:00Z");
    let output = command.output().expect("chronicle runs");
    let what = format!(
        "{kind:?}, killed {} {git_command}",
        if before { "before" } else { "after" }
    );
    // The next sync of the killed device finishes the work; a fork is resolved.
    let again = group.run(device, &["sync", clone, "--git"]);
    assert!(
        again.code == 0 || again.code == 1,
        "{what} (first exit {:?}): the next sync exits {}\n{}",
        output.status.code(),
        again.code,
        again.stderr
    );
    if again.code == 1 {
        assert!(
            again.stdout.contains("forks"),
            "{what}: {}\n{}",
            again.stdout,
            again.stderr
        );
        group.ok(
            device,
            &["sync", "resolve", clone, "--keep-both", "--git", "--yes"],
        );
    }
    settle_git(&group);
    let games = match kind {
        Kind::SendOut | Kind::BringIn => 17,
        Kind::Fork => 18,
    };
    assert_eq!(group.games("laptop").len(), games, "{what}");
    let log = git(&group, &["--git-dir", "campaign.git", "log", "--format=%s"]);
    assert!(log.contains(&format!("{device} syncs")), "{what}: {log}");
}

#[test]
fn a_sync_through_git_killed_at_each_git_command_is_finished_by_the_next() {
    if !has_git() {
        return notice("git is not installed");
    }
    let all = std::env::var("CHRONICLE_GIT_KILLS").is_ok_and(|v| v == "all");
    let kinds: &[Kind] = if all {
        &[Kind::SendOut, Kind::BringIn, Kind::Fork]
    } else {
        &[Kind::SendOut]
    };
    for &kind in kinds {
        for git_command in COMMANDS {
            for before in [true, false] {
                killed(kind, git_command, before);
            }
        }
    }
}
