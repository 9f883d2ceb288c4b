//! The clone is its user's repository: `sync --git` commits and rebases this device's file
//! and never resets, discards or rewrites anything else. A clone it cannot sync from
//! without doing so (a tracked file edited and not committed, a merge not finished, a
//! commit of the user's that conflicts with the remote) is left byte for byte as it was,
//! named, with the way on, and the sync exits 1. A lock file a killed git left, in the
//! clone or in the remote, is named as a stale lock with the command that removes it, and
//! never as another device's race; a lock a running git lets go of is waited out.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::common::group::{Group, listing};
use crate::common::skipped as notice;
use crate::sync_git::{git, git_command, has_git, settle_git, status, two_clones};

/// What a person's work in a clone is: every file outside `.git` with its bytes, the
/// commit HEAD names, and what `git status --porcelain` says.
#[derive(Debug, PartialEq, Eq)]
struct Work {
    files: Vec<(String, Vec<u8>)>,
    head: String,
    status: String,
}

fn work(group: &Group, clone: &str) -> Work {
    let files = listing(&group.env.dir().join(clone))
        .into_iter()
        .filter(|(path, _)| !path.contains("/.git/"))
        .collect();
    Work {
        files,
        head: git(group, &["-C", clone, "rev-parse", "HEAD"]),
        status: status(group, clone),
    }
}

/// The branch a clone has checked out.
fn branch(group: &Group, clone: &str) -> String {
    git(group, &["-C", clone, "symbolic-ref", "--short", "HEAD"])
        .trim()
        .to_string()
}

/// A file of the user's own, `notes.md`, written and committed in a clone.
fn commit_notes(group: &Group, clone: &str, text: &str) {
    std::fs::write(group.env.dir().join(clone).join("notes.md"), text).expect("notes.md");
    git(group, &["-C", clone, "add", "notes.md"]);
    git(group, &["-C", clone, "commit", "--quiet", "-m", text]);
}

/// `notes.md` committed in the laptop's clone, shared by its next sync (a commit of the
/// user's that conflicts with nothing is merged with the remote, never rewritten, and goes
/// out with this device's file), then brought into the desk's.
fn shared_notes(group: &Group) {
    commit_notes(group, "laptop-clone", "the group's notes\n");
    let commit = git(group, &["-C", "laptop-clone", "rev-parse", "HEAD"]);
    group.ok("laptop", &["sync", "laptop-clone", "--git"]);
    let kept = git(
        group,
        &[
            "-C",
            "laptop-clone",
            "merge-base",
            "--is-ancestor",
            commit.trim(),
            "HEAD",
        ],
    );
    assert_eq!(kept, "", "the user's commit is in the branch as it was");
    group.ok("desk", &["sync", "desk-clone", "--git"]);
    assert!(group.env.dir().join("desk-clone/notes.md").exists());
}

/// A sync through git that finds the clone not ready: exit 1, the state named with the way
/// on, never a race, and the clone as it was.
fn refused(group: &Group, device: &str, clone: &str, names: &[&str]) {
    let before = work(group, clone);
    let run = group.expect(1, device, &["sync", clone, "--git"]);
    for name in names {
        assert!(run.stderr.contains(name), "{name}: {}", run.stderr);
    }
    assert!(run.stderr.contains("sync again"), "{}", run.stderr);
    assert!(!run.stderr.contains("Another device"), "{}", run.stderr);
    assert_eq!(work(group, clone), before, "the clone is as it was");
}

#[test]
fn a_tracked_file_edited_and_not_committed_is_left_as_it_was_and_named() {
    if !has_git() {
        return notice("git is not installed");
    }
    let group = two_clones();
    shared_notes(&group);
    group.log_game("laptop", "2026-05-02", "Ann");
    let notes = group.env.dir().join("laptop-clone").join("notes.md");
    std::fs::write(&notes, "the group's notes\nand a line not committed\n").expect("edit");
    refused(
        &group,
        "laptop",
        "laptop-clone",
        &["not committed", "notes.md", "git stash"],
    );
    // The way on: commit it; the sync then shares the game and the commit.
    git(
        &group,
        &[
            "-C",
            "laptop-clone",
            "commit",
            "--quiet",
            "-am",
            "more notes",
        ],
    );
    settle_git(&group);
    assert_eq!(group.games("desk").len(), 17);
    let desk_notes = std::fs::read_to_string(group.env.dir().join("desk-clone/notes.md"));
    assert_eq!(
        desk_notes.expect("notes.md"),
        "the group's notes\nand a line not committed\n"
    );
}

#[test]
fn a_merge_not_finished_is_left_as_it_was_and_named() {
    if !has_git() {
        return notice("git is not installed");
    }
    let group = two_clones();
    shared_notes(&group);
    let main = branch(&group, "laptop-clone");
    git(
        &group,
        &["-C", "laptop-clone", "checkout", "--quiet", "-b", "side"],
    );
    commit_notes(&group, "laptop-clone", "the side's notes\n");
    git(
        &group,
        &["-C", "laptop-clone", "checkout", "--quiet", &main],
    );
    commit_notes(&group, "laptop-clone", "the main notes\n");
    let merged = git_command(group.env.dir())
        .args(["-C", "laptop-clone", "merge", "--quiet", "side"])
        .output()
        .expect("git runs");
    assert!(!merged.status.success(), "the merge ends in a conflict");
    group.log_game("laptop", "2026-05-02", "Ann");
    refused(
        &group,
        "laptop",
        "laptop-clone",
        &["merge is not finished", "git merge --abort"],
    );
    let merge_head = git(
        &group,
        &[
            "-C",
            "laptop-clone",
            "rev-parse",
            "--git-path",
            "MERGE_HEAD",
        ],
    );
    let merge_head = group.env.dir().join("laptop-clone").join(merge_head.trim());
    assert!(merge_head.exists(), "the merge is still there to finish");
    // The way on: finish the merge.
    std::fs::write(
        group.env.dir().join("laptop-clone/notes.md"),
        "both notes\n",
    )
    .expect("notes.md");
    git(&group, &["-C", "laptop-clone", "add", "notes.md"]);
    git(
        &group,
        &["-C", "laptop-clone", "commit", "--quiet", "--no-edit"],
    );
    settle_git(&group);
    assert_eq!(group.games("desk").len(), 17);
}

#[test]
fn a_commit_of_the_users_that_conflicts_with_the_remote_is_left_as_it_was() {
    if !has_git() {
        return notice("git is not installed");
    }
    let group = two_clones();
    shared_notes(&group);
    commit_notes(&group, "desk-clone", "the desk's notes\n");
    commit_notes(&group, "laptop-clone", "the laptop's notes\n");
    git(&group, &["-C", "laptop-clone", "push", "--quiet"]);
    group.log_game("desk", "2026-05-02", "Dana");
    let commit = git(&group, &["-C", "desk-clone", "rev-parse", "HEAD"]);
    refused(
        &group,
        "desk",
        "desk-clone",
        &["conflict", "the desk's notes", "`git pull`"],
    );
    let head = git(&group, &["-C", "desk-clone", "rev-parse", "HEAD"]);
    assert_eq!(head, commit, "the user's commit is where it was");
    // The way on: bring the remote in by hand and resolve.
    let pulled = git_command(group.env.dir())
        .args(["-C", "desk-clone", "pull", "--quiet", "--no-rebase"])
        .output()
        .expect("git runs");
    assert!(!pulled.status.success(), "the pull ends in the conflict");
    std::fs::write(group.env.dir().join("desk-clone/notes.md"), "both notes\n").expect("notes");
    git(&group, &["-C", "desk-clone", "add", "notes.md"]);
    git(
        &group,
        &["-C", "desk-clone", "commit", "--quiet", "--no-edit"],
    );
    settle_git(&group);
    assert_eq!(group.games("laptop").len(), 17);
}

/// Where git keeps `name` for a clone.
fn git_path(group: &Group, clone: &str, name: &str) -> PathBuf {
    let path = git(group, &["-C", clone, "rev-parse", "--git-path", name]);
    group.env.dir().join(clone).join(path.trim())
}

/// A sync through git that meets the stale lock `lock`: exit 1, named as a stale lock
/// with the command that removes it, never a race; the lock is left for the user.
fn stale(group: &Group, lock: &Path) {
    let run = group.expect(1, "laptop", &["sync", "laptop-clone", "--git"]);
    let name = lock.file_name().expect("a name").to_string_lossy();
    for said in [
        "stale git lock",
        "rm '",
        name.as_ref(),
        "not another device",
    ] {
        assert!(run.stderr.contains(said), "{said}: {}", run.stderr);
    }
    assert!(!run.stderr.contains("Another device"), "{}", run.stderr);
    assert!(lock.exists(), "chronicle removes no lock");
    std::fs::remove_file(lock).expect("the lock removed, as said");
    settle_git(group);
    assert_eq!(group.games("desk").len(), 17);
}

#[test]
fn a_stale_index_lock_in_the_clone_is_named_with_the_command_that_removes_it() {
    if !has_git() {
        return notice("git is not installed");
    }
    let group = two_clones();
    group.log_game("laptop", "2026-05-02", "Ann");
    let lock = git_path(&group, "laptop-clone", "index.lock");
    std::fs::write(&lock, "").expect("a lock a killed git left");
    let before = work(&group, "laptop-clone");
    stale(&group, &lock);
    assert_ne!(
        work(&group, "laptop-clone"),
        before,
        "the next sync went on"
    );
}

#[test]
fn a_stale_ref_lock_in_the_remote_is_named_with_the_command_that_removes_it() {
    if !has_git() {
        return notice("git is not installed");
    }
    let group = two_clones();
    group.log_game("laptop", "2026-05-02", "Ann");
    let branch = branch(&group, "laptop-clone");
    let lock = group
        .env
        .dir()
        .join("campaign.git/refs/heads")
        .join(format!("{branch}.lock"));
    std::fs::write(&lock, "").expect("a lock a killed push left");
    stale(&group, &lock);
}

#[test]
fn a_lock_a_running_git_lets_go_of_is_waited_out() {
    if !has_git() {
        return notice("git is not installed");
    }
    let group = two_clones();
    group.log_game("laptop", "2026-05-02", "Ann");
    let lock = git_path(&group, "laptop-clone", "index.lock");
    std::fs::write(&lock, "").expect("a lock a running git holds");
    let held = lock.clone();
    let running = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(500));
        std::fs::remove_file(held).expect("let go of");
    });
    group.ok("laptop", &["sync", "laptop-clone", "--git"]);
    running.join().expect("the git let go");
    settle_git(&group);
    assert_eq!(group.games("desk").len(), 17);
}

#[test]
fn a_head_detached_behind_its_branch_is_left_as_it_was_and_named() {
    if !has_git() {
        return notice("git is not installed");
    }
    let group = two_clones();
    shared_notes(&group);
    let main = branch(&group, "laptop-clone");
    git(
        &group,
        &[
            "-C",
            "laptop-clone",
            "checkout",
            "--quiet",
            "--detach",
            "HEAD~1",
        ],
    );
    group.log_game("laptop", "2026-05-02", "Ann");
    refused(
        &group,
        "laptop",
        "laptop-clone",
        &["detached", "git switch"],
    );
    // The way on: back on the branch.
    git(&group, &["-C", "laptop-clone", "switch", "--quiet", &main]);
    settle_git(&group);
    assert_eq!(group.games("desk").len(), 17);
}
