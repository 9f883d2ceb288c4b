//! Resolving a fork shows what each choice sets aside before it writes, keeps what does not
//! compete, is an entry `undo` takes back whole; and around a fork: warnings while it
//! waits, a renaming that reaches a concurrent edit, one order of the log on every device.

use serde_json::Value;

use crate::common::group::{Group, SHARED};

/// The choice of a listing of `sync resolve` made by `flags`.
fn choice<'a>(listing: &'a Value, flags: &str) -> &'a Value {
    listing["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .find(|c| c["choice"] == flags)
        .unwrap_or_else(|| panic!("no choice {flags} in {listing:#}"))
}

/// What a choice sets aside: (device, words).
fn set_aside(choice: &Value) -> Vec<(String, String)> {
    choice["sets_aside"]
        .as_array()
        .expect("sets_aside")
        .iter()
        .map(|s| {
            (
                s["device"].as_str().unwrap_or_default().to_string(),
                s["entry"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

/// Three branches: the phone renamed Bo, the laptop logged two games, the desk one; every
/// device has seen every branch.
fn three_branches() -> Group {
    let group = Group::demo(&["laptop", "phone", "desk"]);
    group.ok("phone", &["person", "rename", "Bo", "Bob"]);
    group.log_game("laptop", "2026-05-02", "Ann");
    group.log_game("laptop", "2026-05-03", "Dana");
    group.log_game("desk", "2026-05-04", "Eun-ji");
    for device in ["phone", "laptop", "desk", "phone", "laptop"] {
        let _ = group.run(device, &["sync", SHARED]);
    }
    group
}

#[test]
fn resolving_lists_what_each_choice_sets_aside_before_it_writes() {
    let group = three_branches();
    let db = crate::common::db_bytes(&group.db("laptop"));
    let folder = group.folder_bytes();
    let listing = group
        .ok("laptop", &["sync", "resolve", SHARED, "--format", "json"])
        .json();
    let eun_ji = |said: &[(String, String)]| {
        said.len() == 1 && said[0].0 == "desk" && said[0].1.contains("Eun-ji won")
    };
    assert!(
        eun_ji(&set_aside(choice(&listing, "--keep laptop"))),
        "{listing:#}"
    );
    // A renaming competes with no game: keeping the phone's branch keeps the games that
    // were played first, and sets aside the desk's that competes with them.
    assert!(
        eun_ji(&set_aside(choice(&listing, "--keep phone"))),
        "{listing:#}"
    );
    let desk = set_aside(choice(&listing, "--keep desk"));
    assert_eq!(desk.len(), 2, "{listing:#}");
    assert!(
        desk.iter().all(|(device, _)| device == "laptop"),
        "{desk:?}"
    );
    assert!(
        set_aside(choice(&listing, "--keep-both")).is_empty(),
        "{listing:#}"
    );
    let schema = crate::documented::committed_schema("sync-resolve");
    assert!(schema.is_valid(&listing), "{listing:#}");
    assert_eq!(
        crate::common::db_bytes(&group.db("laptop")),
        db,
        "a listing writes nothing"
    );
    assert_eq!(group.folder_bytes(), folder);
    // A choice that sets something aside is shown, and needs --yes without a terminal.
    let refused = group.expect(
        2,
        "laptop",
        &["sync", "resolve", SHARED, "--keep", "laptop"],
    );
    assert!(refused.stderr.contains("--yes"), "{}", refused.stderr);
    assert!(
        format!("{}{}", refused.stdout, refused.stderr).contains("Eun-ji won"),
        "{}\n{}",
        refused.stdout,
        refused.stderr
    );
    assert_eq!(crate::common::db_bytes(&group.db("laptop")), db);
    assert_eq!(group.folder_bytes(), folder);
}

#[test]
fn keeping_one_branch_keeps_what_does_not_compete_and_undo_brings_back_what_it_set_aside() {
    let group = three_branches();
    group.ok(
        "laptop",
        &["sync", "resolve", SHARED, "--keep", "phone", "--yes"],
    );
    group.settle(&["laptop", "phone", "desk"]);
    let games = group.games("desk");
    assert_eq!(games.len(), 18, "{games:?}");
    assert!(games[16..].iter().all(|(_, winner)| winner != "Eun-ji"));
    let board = group
        .ok("desk", &["game", "show", "16", "--format", "json"])
        .stdout;
    assert!(
        board.contains("\"Bob\"") && !board.contains("\"Bo\""),
        "{board}"
    );
    let history = group.ok("desk", &["history", "--format", "json"]).stdout;
    assert!(
        history.contains("set aside when the fork was resolved"),
        "{history}"
    );
    // The resolution taken back: what it set aside stands again, on every device.
    group.ok("desk", &["undo", "--yes"]);
    group.settle(&["laptop", "phone", "desk"]);
    let games = group.games("laptop");
    assert_eq!(games.len(), 19, "{games:?}");
    assert!(games[16..].iter().any(|(_, winner)| winner == "Eun-ji"));
}

/// A renaming on one device and an edit typed with the old name on another, kept in
/// `order`: one person, under the new name.
fn rename_and_edit(order: &str) {
    let group = Group::demo(&["laptop", "phone"]);
    group.ok("laptop", &["person", "rename", "Bo", "Bob"]);
    group.ok(
        "phone",
        &[
            "game",
            "edit",
            "16",
            "--date",
            "2026-04-25",
            "--player",
            "Chidi=Saharan Republic:won",
            "--player",
            "Ann=Enclave of the Bear:held-on",
            "--player",
            "Bo=Khan Industries:eliminated",
            "--scar",
            "India=Ammo Shortage",
            "--wear",
            "Japan=2",
            "--note",
            "Bo fought to the end.",
            "--reason",
            "the note",
        ],
    );
    group.sync(0, "laptop");
    group.sync(1, "phone");
    group.ok(
        "phone",
        &[
            "sync",
            "resolve",
            SHARED,
            "--keep-both",
            "--order",
            order,
            "--yes",
        ],
    );
    group.settle(&["laptop", "phone"]);
    let game = group
        .ok("laptop", &["game", "show", "16", "--format", "json"])
        .stdout;
    assert!(
        game.contains("\"Bob\"") && !game.contains("\"Bo\""),
        "{order}: {game}"
    );
}

#[test]
fn a_renaming_reaches_a_concurrent_edit_typed_with_the_old_name_in_either_order() {
    rename_and_edit("laptop,phone");
    rename_and_edit("phone,laptop");
}

#[test]
fn game_log_and_board_warn_while_a_fork_waits() {
    let group = Group::demo(&["laptop", "phone"]);
    group.log_game("laptop", "2026-05-02", "Ann");
    group.log_game("phone", "2026-05-03", "Dana");
    group.sync(0, "laptop");
    group.sync(1, "phone");
    let logged = group.log_game("phone", "2026-05-04", "Eun-ji");
    assert!(logged.stderr.contains("forks"), "{}", logged.stderr);
    assert!(logged.stderr.contains("sync resolve"), "{}", logged.stderr);
    let board = group.ok("phone", &["board"]);
    assert!(board.stderr.contains("forks"), "{}", board.stderr);
    let quiet = group.ok("laptop", &["board"]);
    assert!(
        !quiet.stderr.contains("forks"),
        "the laptop has not seen it yet"
    );
}

#[test]
fn devices_that_agree_export_the_log_in_one_order() {
    let group = Group::demo(&["laptop", "phone"]);
    group.log_game("laptop", "2026-05-02", "Ann");
    group.log_game("phone", "2026-05-03", "Dana");
    group.sync(0, "laptop");
    group.sync(1, "phone");
    group.ok(
        "phone",
        &["sync", "resolve", SHARED, "--keep-both", "--yes"],
    );
    group.settle(&["laptop", "phone"]);
    let log = |device: &str| -> Vec<(String, u64)> {
        let file = group.ok(device, &["export", "--format", "json"]).json();
        file["log"]
            .as_array()
            .expect("the log")
            .iter()
            .map(|r| {
                (
                    r["id"].as_str().unwrap_or_default().to_string(),
                    r["seq"].as_u64().unwrap_or(0),
                )
            })
            .collect()
    };
    assert_eq!(log("laptop"), log("phone"));
}

#[test]
fn resolving_without_a_fork_writes_nothing() {
    let group = Group::new();
    group.ok("laptop", &["demo"]);
    let db = crate::common::db_bytes(&group.db("laptop"));
    let run = group.expect(
        1,
        "laptop",
        &[
            "sync",
            "resolve",
            SHARED,
            "--keep-both",
            "--yes",
            "--device",
            "laptop",
        ],
    );
    assert!(run.stderr.contains("no fork"), "{}", run.stderr);
    assert!(run.stderr.contains("Nothing was written"), "{}", run.stderr);
    assert_eq!(crate::common::db_bytes(&group.db("laptop")), db);
    assert!(group.folder_bytes().is_empty());
}

/// A database restored from a backup and used before it synced: its own file holds a game
/// the restored copy never saw, and the log forks between two branches the one device
/// wrote. The listing offers each branch by its number; keeping branch 2 sets aside
/// branch 1's game on every device, where the history keeps it.
#[test]
fn a_fork_one_device_wrote_both_branches_of_is_resolved_by_the_branchs_number() {
    let group = Group::demo(&["laptop", "desk"]);
    let backup = std::fs::read(group.db("laptop")).expect("the backup");
    group.log_game("laptop", "2026-05-02", "Ann");
    group.sync(0, "laptop");
    std::fs::write(group.db("laptop"), backup).expect("the restore");
    group.log_game("laptop", "2026-05-03", "Dana");
    group.sync(1, "laptop");
    let listing = group
        .ok("laptop", &["sync", "resolve", SHARED, "--format", "json"])
        .json();
    assert!(
        choice(&listing, "--keep laptop")["refused"]
            .as_str()
            .is_some_and(|why| why.contains("more than one branch")),
        "{listing:#}"
    );
    let second = set_aside(choice(&listing, "--keep-branch 2"));
    assert!(
        second.len() == 1 && second[0].1.contains("Ann won"),
        "branch 1 is the game played first: {listing:#}"
    );
    let by_name = group.expect(
        1,
        "laptop",
        &["sync", "resolve", SHARED, "--keep", "laptop", "--yes"],
    );
    assert!(
        by_name.stderr.contains("--keep-branch N"),
        "{}",
        by_name.stderr
    );
    let refused = group.expect(
        1,
        "laptop",
        &["sync", "resolve", SHARED, "--keep-branch", "3", "--yes"],
    );
    assert!(
        refused.stderr.contains("branch of the fork"),
        "{}",
        refused.stderr
    );
    group.ok(
        "laptop",
        &["sync", "resolve", SHARED, "--keep-branch", "2", "--yes"],
    );
    group.settle(&["laptop", "desk"]);
    for device in ["laptop", "desk"] {
        let games = group.games(device);
        assert_eq!(games.len(), 17, "{device}: {games:?}");
        assert!(
            games.last().is_some_and(|g| g.1.contains("Dana")),
            "{device}: {games:?}"
        );
    }
    let history = group.ok("desk", &["history", "--format", "json"]).stdout;
    assert!(
        history.contains("Ann"),
        "the game set aside stays in the history"
    );
}
