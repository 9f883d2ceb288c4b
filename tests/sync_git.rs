//! `sync --git` heals what it finds in the clone: this device's file changed and not
//! committed (a plain `sync` into the clone, a commit git refused), a rebase left midway, a
//! remote whose history was rewritten (squashed, force-pushed). Each ends with both devices
//! reading alike, and git's words never alone.

use std::path::Path;
use std::process::Command;

use crate::common::group::Group;
use crate::common::skipped as notice;

/// Whether git runs here.
pub(crate) fn has_git() -> bool {
    Command::new("git").arg("--version").output().is_ok()
}

/// `git ARGS…` in the group's folder, with no system or global configuration but an
/// identity; it must succeed. Returns stdout.
pub(crate) fn git(group: &Group, args: &[&str]) -> String {
    let output = git_command(group.env.dir())
        .args(args)
        .output()
        .expect("git runs");
    assert!(
        output.status.success(),
        "git {} failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// `git` with the test's environment: no configuration of the machine's.
pub(crate) fn git_command(dir: &Path) -> Command {
    let mut command = Command::new("git");
    command
        .current_dir(dir)
        .env("HOME", dir.join("home"))
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env_remove("GIT_CONFIG_GLOBAL")
        .env("GIT_TERMINAL_PROMPT", "0")
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com"]);
    command
}

/// A bare remote and two clones of it; the laptop holds the demo and both have synced.
pub(crate) fn two_clones() -> Group {
    let group = Group::new();
    git(&group, &["init", "--quiet", "--bare", "campaign.git"]);
    git(
        &group,
        &["clone", "--quiet", "campaign.git", "laptop-clone"],
    );
    git(&group, &["clone", "--quiet", "campaign.git", "desk-clone"]);
    group.ok("laptop", &["demo"]);
    group.ok(
        "laptop",
        &["sync", "laptop-clone", "--git", "--device", "laptop"],
    );
    group.ok("desk", &["sync", "desk-clone", "--git", "--device", "desk"]);
    group
}

/// What `git status --porcelain` says of a clone.
pub(crate) fn status(group: &Group, clone: &str) -> String {
    git(group, &["-C", clone, "status", "--porcelain"])
}

/// Both devices sync through git until they agree, each sync exiting 0.
pub(crate) fn settle_git(group: &Group) {
    for _ in 0..2 {
        group.ok("laptop", &["sync", "laptop-clone", "--git"]);
        group.ok("desk", &["sync", "desk-clone", "--git"]);
    }
    group.agree(&["laptop", "desk"]);
    for clone in ["laptop-clone", "desk-clone"] {
        assert_eq!(
            status(group, clone),
            "",
            "{clone} has changes not committed"
        );
    }
}

#[test]
fn a_plain_sync_into_the_clone_is_committed_by_the_next_sync_through_git() {
    if !has_git() {
        return notice("git is not installed");
    }
    let group = two_clones();
    group.log_game("laptop", "2026-05-02", "Ann");
    group.ok("laptop", &["sync", "laptop-clone"]);
    assert_ne!(status(&group, "laptop-clone"), "");
    group.log_game("desk", "2026-05-03", "Dana");
    group.ok("desk", &["sync", "desk-clone", "--git"]);
    let run = group.run("laptop", &["sync", "laptop-clone", "--git"]);
    assert!(run.code == 0 || run.code == 1, "{}", run.stderr);
    group.ok(
        "laptop",
        &[
            "sync",
            "resolve",
            "laptop-clone",
            "--keep-both",
            "--git",
            "--yes",
        ],
    );
    settle_git(&group);
    assert_eq!(group.games("desk").len(), 18);
}

#[test]
fn a_commit_git_refused_is_made_by_the_next_sync_through_git() {
    if !has_git() {
        return notice("git is not installed");
    }
    let group = two_clones();
    group.log_game("laptop", "2026-05-02", "Ann");
    git(
        &group,
        &["-C", "laptop-clone", "config", "commit.gpgsign", "true"],
    );
    git(
        &group,
        &["-C", "laptop-clone", "config", "gpg.program", "false"],
    );
    let refused = group.expect(1, "laptop", &["sync", "laptop-clone", "--git"]);
    assert!(refused.stderr.contains("commit"), "{}", refused.stderr);
    assert!(
        refused.stderr.contains("sync") && refused.stderr.contains("again"),
        "chronicle says what to do: {}",
        refused.stderr
    );
    git(
        &group,
        &["-C", "laptop-clone", "config", "--unset", "commit.gpgsign"],
    );
    settle_git(&group);
    assert_eq!(group.games("desk").len(), 17);
}

/// The remote's history squashed into one commit and force-pushed, from a third clone.
fn squash_remote(group: &Group) {
    git(group, &["clone", "--quiet", "campaign.git", "squasher"]);
    git(
        group,
        &[
            "-C", "squasher", "checkout", "--quiet", "--orphan", "squashed",
        ],
    );
    git(
        group,
        &["-C", "squasher", "commit", "--quiet", "-m", "squashed"],
    );
    let branch = git(
        group,
        &["-C", "laptop-clone", "symbolic-ref", "--short", "HEAD"],
    );
    let target = format!("squashed:{}", branch.trim());
    git(
        group,
        &[
            "-C", "squasher", "push", "--quiet", "--force", "origin", &target,
        ],
    );
}

#[test]
fn a_remote_rewritten_by_a_force_push_is_taken_and_this_devices_file_written_again() {
    if !has_git() {
        return notice("git is not installed");
    }
    let group = two_clones();
    group.log_game("laptop", "2026-05-02", "Ann");
    group.ok("laptop", &["sync", "laptop-clone", "--git"]);
    group.ok("desk", &["sync", "desk-clone", "--git"]);
    squash_remote(&group);
    group.log_game("desk", "2026-05-03", "Dana");
    group.ok("desk", &["sync", "desk-clone", "--git"]);
    group.ok("laptop", &["sync", "laptop-clone", "--git"]);
    settle_git(&group);
    assert_eq!(group.games("laptop").len(), 18);
}

#[test]
fn a_rebase_left_midway_in_the_clone_is_aborted_and_the_sync_goes_on() {
    if !has_git() {
        return notice("git is not installed");
    }
    let group = two_clones();
    group.log_game("laptop", "2026-05-02", "Ann");
    group.ok("laptop", &["sync", "laptop-clone", "--git"]);
    group.ok("desk", &["sync", "desk-clone", "--git"]);
    squash_remote(&group);
    group.log_game("desk", "2026-05-03", "Dana");
    group.ok("desk", &["sync", "desk-clone"]);
    git(&group, &["-C", "desk-clone", "add", "-A"]);
    git(
        &group,
        &["-C", "desk-clone", "commit", "--quiet", "-m", "by hand"],
    );
    git(&group, &["-C", "desk-clone", "fetch", "--quiet"]);
    // A rebase on the rewritten remote stops on a conflict, as an earlier chronicle's did.
    let stopped = git_command(group.env.dir())
        .args(["-C", "desk-clone", "rebase", "--quiet", "@{upstream}"])
        .output()
        .expect("git runs");
    assert!(!stopped.status.success(), "the rebase stops midway");
    group.ok("desk", &["sync", "desk-clone", "--git"]);
    settle_git(&group);
    assert_eq!(group.games("laptop").len(), 18);
}
