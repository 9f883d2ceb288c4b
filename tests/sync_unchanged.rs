//! A sync that brings nothing answers from what the last sync left agreeing (each file's
//! length and SHA-256 and the log's state), without reading the records again; anything
//! that changed in the folder or the log makes it read every file as before.

use rusqlite::Connection;

use crate::common::TestEnv;

/// Two devices of the demo sharing `shared`, each synced once, and `a` once more, so that
/// its last sync saw `b`'s file.
fn two_devices() -> TestEnv {
    let env = TestEnv::new();
    std::fs::create_dir(env.dir().join("shared")).unwrap();
    env.ok(&["--db", "a.db", "demo"]);
    env.ok(&["--db", "a.db", "sync", "shared", "--device", "a"]);
    env.ok(&["--db", "b.db", "sync", "shared", "--device", "b"]);
    env.ok(&["--db", "a.db", "sync", "shared"]);
    env
}

fn remembered(env: &TestEnv, db: &str) -> Connection {
    Connection::open(env.dir().join(db)).unwrap()
}

fn game_17(env: &TestEnv, db: &str) {
    env.ok(&[
        "--db",
        db,
        "game",
        "log",
        "--date",
        "2026-05-02",
        "--player",
        "Bo=khan:won",
        "--player",
        "Ann=bear:held-on",
        "--player",
        "Chidi=saharan:held-on",
    ]);
}

#[test]
fn a_sync_that_brings_nothing_says_what_one_that_reads_every_file_says() {
    let env = two_devices();
    let answered = env.ok(&["--db", "a.db", "sync", "shared", "--format", "json"]);
    let seen: i64 = remembered(&env, "a.db")
        .query_row("SELECT COUNT(*) FROM sync_seen", [], |r| r.get(0))
        .unwrap();
    assert_eq!(seen, 1, "the sync remembered what it left agreeing");
    remembered(&env, "a.db")
        .execute("DELETE FROM sync_seen", [])
        .unwrap();
    let read = env.ok(&["--db", "a.db", "sync", "shared", "--format", "json"]);
    assert_eq!(answered.stdout, read.stdout);
    let text = env.ok(&["--db", "a.db", "sync", "shared"]);
    assert!(
        text.stdout.contains(
            "0 entries from other devices came in, 0 of this device's went out; 16 games stand"
        ),
        "{}",
        text.stdout
    );
}

#[test]
fn a_sync_that_finds_the_folder_and_the_log_as_they_were_answers_from_memory() {
    let env = two_devices();
    // What the last sync said, changed behind its back: the next sync that finds the
    // folder and the log as they were answers from it, which shows it read no record.
    remembered(&env, "a.db")
        .execute("UPDATE sync_seen SET games = 99", [])
        .unwrap();
    let run = env.ok(&["--db", "a.db", "sync", "shared"]);
    assert!(run.stdout.contains("99 games stand"), "{}", run.stdout);
    let file = std::fs::read_dir(env.dir().join("shared"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.is_dir())
        .unwrap()
        .join("b.jsonl");
    let text = std::fs::read_to_string(&file).unwrap();
    // Written again with the same bytes (as a sync tool may): the same file, by its hash.
    std::fs::write(&file, &text).unwrap();
    let run = env.ok(&["--db", "a.db", "sync", "shared"]);
    assert!(run.stdout.contains("99 games stand"), "{}", run.stdout);
    std::fs::write(
        &file,
        text.replacen("\"b\"", "\"b\" ", 1).replacen("{ ", "{", 1),
    )
    .unwrap();
    // A file of the folder that changed (the same length, other bytes) is read again.
    let run = env.ok(&["--db", "a.db", "sync", "shared"]);
    assert!(run.stdout.contains("16 games stand"), "{}", run.stdout);
}

#[test]
fn a_game_logged_elsewhere_or_here_is_still_taken_and_shared() {
    let env = two_devices();
    game_17(&env, "b.db");
    env.ok(&["--db", "b.db", "sync", "shared"]);
    let run = env.ok(&["--db", "a.db", "sync", "shared"]);
    assert!(run.stdout.contains("game 17"), "{}", run.stdout);
    assert!(run.stdout.contains("17 games stand"), "{}", run.stdout);
    env.ok(&["--db", "a.db", "undo", "--reason", "logged twice", "--yes"]);
    let run = env.ok(&["--db", "a.db", "sync", "shared", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report[0]["shared"], 1, "{report}");
    assert_eq!(report[0]["games_played"], 16, "{report}");
    let run = env.ok(&["--db", "b.db", "sync", "shared"]);
    assert!(run.stdout.contains("16 games stand"), "{}", run.stdout);
}

#[test]
fn a_sync_that_left_something_to_do_is_never_answered_from_memory() {
    let env = two_devices();
    let folder = std::fs::read_dir(env.dir().join("shared"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.is_dir())
        .unwrap();
    std::fs::write(folder.join("junk.jsonl"), "not a device's log\n").unwrap();
    for _ in 0..2 {
        let run = env.run_expect(1, &["--db", "a.db", "sync", "shared"]);
        assert!(run.stderr.contains("junk.jsonl"), "{}", run.stderr);
    }
    let files: String = remembered(&env, "a.db")
        .query_row("SELECT files FROM sync_seen", [], |r| r.get(0))
        .unwrap();
    assert!(!files.contains("junk"), "{files}");
    // Once the file is gone, the folder is as the last sync that agreed saw it.
    std::fs::remove_file(folder.join("junk.jsonl")).unwrap();
    env.ok(&["--db", "a.db", "sync", "shared"]);
}
