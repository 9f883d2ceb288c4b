//! The checkpoint kept of each campaign's board (migrations/V5__checkpoint.sql): every write
//! makes it in the same transaction, any other change to the log drops it, one another build
//! made is not read, and `check` compares it with the log.

use serde_json::Value;

use crate::common::TestEnv;

/// The reads that take the state from the checkpoint.
const READS: &[&[&str]] = &[
    &["board"],
    &["pool"],
    &["packets"],
    &["faction", "list"],
    &["scar-type", "list"],
    &["alias", "list"],
    &["rule", "list"],
];

fn reads(env: &TestEnv) -> Vec<Value> {
    READS
        .iter()
        .map(|read| {
            let mut args = read.to_vec();
            args.extend(["--format", "json"]);
            env.json(&args)
        })
        .collect()
}

fn kept(env: &TestEnv) -> i64 {
    env.connect()
        .query_row("SELECT COUNT(*) FROM checkpoint", [], |row| row.get(0))
        .unwrap()
}

/// Asserts a checkpoint is kept, that `check` finds it as the log folds, and that every
/// read gives what it gives with the log folded afresh (the checkpoint deleted).
fn assert_kept_as_folded(env: &TestEnv, after: &str) {
    assert_eq!(kept(env), 1, "no checkpoint kept after {after}");
    let from_checkpoint = reads(env);
    env.ok(&["check"]);
    env.connect().execute("DELETE FROM checkpoint", []).unwrap();
    assert_eq!(
        from_checkpoint,
        reads(env),
        "the reads differ after {after}"
    );
}

#[test]
fn every_write_keeps_a_checkpoint_that_reads_as_the_log_folds() {
    let env = TestEnv::demo();
    assert_kept_as_folded(&env, "the demo");
    let writes: &[&[&str]] = &[
        &[
            "territory",
            "add",
            "Atlantis",
            "--neighbours",
            "Brazil,North Africa",
        ],
        &["alias", "add", "Big Island", "Atlantis"],
        &["faction", "add", "Mutants"],
        // A record placed before later ones, and a correction.
        &["packets", "open", "missiles", "--after-game", "10"],
        &["person", "rename", "Bo", "Beau"],
        &[
            "rule",
            "set",
            "adjacent-hq",
            "off",
            "--reason",
            "we never played it",
        ],
        &["undo", "--yes", "--reason", "not yet"],
        &["scar-type", "add", "Lava"],
    ];
    for write in writes {
        env.ok(write);
        assert_kept_as_folded(&env, &write.join(" "));
    }
    std::fs::create_dir(env.dir().join("shared")).unwrap();
    env.ok(&["sync", "shared", "--device", "a"]);
    assert_kept_as_folded(&env, "a sync");
    let file = env.dir().join("demo.json");
    env.ok(&[
        "export",
        "--format",
        "json",
        "--output",
        file.to_str().unwrap(),
    ]);
    let other = TestEnv::new();
    other.ok(&["import", file.to_str().unwrap()]);
    assert_kept_as_folded(&other, "an import");
}

#[test]
fn a_read_without_a_checkpoint_folds_the_log_and_writes_nothing() {
    let env = TestEnv::demo();
    let board = env.json(&["board", "--format", "json"]);
    env.connect().execute("DELETE FROM checkpoint", []).unwrap();
    let before = env.db_bytes();
    assert_eq!(env.json(&["board", "--format", "json"]), board);
    assert_eq!(env.db_bytes(), before, "a read wrote to the file");
    assert_eq!(kept(&env), 0);
}

#[test]
fn an_edit_behind_chronicles_back_drops_the_checkpoint() {
    let edits = [
        "UPDATE change SET name = 'Kyro Prime' WHERE name = 'Kyro'",
        "UPDATE seat SET person = 'Annie' WHERE person = 'Ann'",
        "UPDATE entry SET note = 'edited' WHERE seq = 3",
        "DELETE FROM entry WHERE seq = (SELECT MAX(seq) FROM entry)",
    ];
    for edit in edits {
        let env = TestEnv::demo();
        assert_eq!(kept(&env), 1);
        env.connect().execute(edit, []).unwrap();
        assert_eq!(kept(&env), 0, "`{edit}` left the checkpoint");
    }
    let env = TestEnv::demo();
    env.connect()
        .execute(
            "UPDATE change SET name = 'Kyro Prime' WHERE name = 'Kyro'",
            [],
        )
        .unwrap();
    let board = env.ok(&["board"]).stdout;
    assert!(board.contains("Kyro Prime"), "{board}");
}

/// The stored state with its games played made `games`.
fn tamper(env: &TestEnv, fold: Option<&str>, games: u32) {
    let conn = env.connect();
    let state: String = conn
        .query_row("SELECT state FROM checkpoint", [], |row| row.get(0))
        .unwrap();
    let mut value: Value = serde_json::from_str(&state).unwrap();
    value["games"] = games.into();
    conn.execute(
        "UPDATE checkpoint SET state = ?1, fold = coalesce(?2, fold)",
        rusqlite::params![value.to_string(), fold],
    )
    .unwrap();
}

#[test]
fn a_checkpoint_another_build_made_is_not_read() {
    let env = TestEnv::demo();
    tamper(&env, Some("another build"), 3);
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(board["games_played"], 16, "the log's, not the checkpoint's");
    env.ok(&["check"]);
}

#[test]
fn check_finds_a_checkpoint_that_is_not_what_the_log_folds_to() {
    let env = TestEnv::demo();
    tamper(&env, None, 3);
    // The board is read from the checkpoint, so a checkpoint made wrong shows.
    assert_eq!(env.json(&["board", "--format", "json"])["games_played"], 3);
    let run = env.run_expect(3, &["check"]);
    assert!(
        run.stdout
            .contains("the checkpoint kept of its board is not what its log folds to"),
        "{}{}",
        run.stdout,
        run.stderr
    );
    // Any write makes it again from the log.
    env.ok(&["scar-type", "add", "Lava"]);
    env.ok(&["check"]);
    assert_eq!(env.json(&["board", "--format", "json"])["games_played"], 16);
}
