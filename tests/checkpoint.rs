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

/// What `board --after N` shows (or says) for the games around the start, the middle and
/// the end of the log, and past it.
fn afters(env: &TestEnv) -> Vec<(i32, String, String)> {
    let played = u32::try_from(games_played(env)).unwrap();
    let mut games = vec![0, 1, 5, played.saturating_sub(1), played, played + 1];
    games.dedup();
    games
        .into_iter()
        .map(|n| {
            let run = env.run(&["board", "--after", &n.to_string(), "--format", "json"]);
            (run.code, run.stdout, run.stderr)
        })
        .collect()
}

fn games_played(env: &TestEnv) -> i64 {
    env.json(&["board", "--format", "json"])["games_played"]
        .as_i64()
        .unwrap()
}

/// How many games' worlds are kept (migrations/V6__game_checkpoint.sql).
fn kept_games(env: &TestEnv) -> i64 {
    env.connect()
        .query_row("SELECT COUNT(*) FROM game_checkpoint", [], |row| row.get(0))
        .unwrap()
}

fn kept(env: &TestEnv) -> i64 {
    env.connect()
        .query_row("SELECT COUNT(*) FROM checkpoint", [], |row| row.get(0))
        .unwrap()
}

/// Asserts a checkpoint is kept, and the world after every game but the latest, that
/// `check` finds them as the log folds, and that every read (and `board --after N`) gives
/// what it gives with the log folded afresh (the checkpoint deleted).
fn assert_kept_as_folded(env: &TestEnv, after: &str) {
    assert_eq!(kept(env), 1, "no checkpoint kept after {after}");
    assert_eq!(
        kept_games(env),
        games_played(env),
        "not every game's world kept after {after}"
    );
    let from_checkpoint = reads(env);
    let looked_back = afters(env);
    env.ok(&["check"]);
    env.connect().execute("DELETE FROM checkpoint", []).unwrap();
    assert_eq!(
        from_checkpoint,
        reads(env),
        "the reads differ after {after}"
    );
    assert_eq!(
        looked_back,
        afters(env),
        "board --after differs after {after}"
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

/// The state stored in `table` (the rows `filter` picks) with its games played made `games`.
fn edit_games(env: &TestEnv, table: &str, filter: &str, games: u32) {
    let conn = env.connect();
    let select = format!("SELECT state FROM {table} WHERE {filter}");
    let state: String = conn.query_row(&select, [], |row| row.get(0)).unwrap();
    let mut value: Value = serde_json::from_str(&state).unwrap();
    value["games"] = games.into();
    let update = format!("UPDATE {table} SET state = ?1 WHERE {filter}");
    conn.execute(&update, [value.to_string()]).unwrap();
}

/// The checkpoint with its games played made `games`, and made by `fold` when given.
fn tamper(env: &TestEnv, fold: Option<&str>, games: u32) {
    edit_games(env, "checkpoint", "1", games);
    if let Some(fold) = fold {
        env.connect()
            .execute("UPDATE checkpoint SET fold = ?1", [fold])
            .unwrap();
    }
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

/// The world kept after game `game` with its games played made `games`.
fn tamper_game(env: &TestEnv, game: u32, games: u32) {
    edit_games(env, "game_checkpoint", &format!("game = {game}"), games);
}

#[test]
fn board_after_a_game_reads_the_world_kept_after_it() {
    let env = TestEnv::demo();
    assert_eq!(
        env.json(&["board", "--after", "5", "--format", "json"])["games_played"],
        5
    );
    // The world kept is what `--after` reads: one made wrong shows.
    tamper_game(&env, 5, 4);
    assert_eq!(
        env.json(&["board", "--after", "5", "--format", "json"])["games_played"],
        4
    );
    // It is read only beside a current checkpoint: with that dropped, the log is folded.
    env.connect()
        .execute("UPDATE entry SET note = 'edited' WHERE seq = 3", [])
        .unwrap();
    assert_eq!(
        env.json(&["board", "--after", "5", "--format", "json"])["games_played"],
        5
    );
}

#[test]
fn check_finds_a_world_kept_after_a_game_that_is_not_what_the_log_folds_to() {
    let env = TestEnv::demo();
    tamper_game(&env, 3, 2);
    let run = env.run_expect(3, &["check"]);
    assert!(
        run.stdout
            .contains("the world kept after game 3 is not what its log folds to"),
        "{}{}",
        run.stdout,
        run.stderr
    );
    env.connect()
        .execute(
            "INSERT INTO game_checkpoint (campaign_id, game, state) SELECT campaign_id, 40, state FROM checkpoint",
            [],
        )
        .unwrap();
    let run = env.run_expect(3, &["check"]);
    assert!(
        run.stdout
            .contains("a world is kept after game 40, which is not a game"),
        "{}{}",
        run.stdout,
        run.stderr
    );
    // A correction makes every game's world again from the log.
    env.ok(&["person", "rename", "Bo", "Beau"]);
    env.ok(&["check"]);
    assert_eq!(kept_games(&env), games_played(&env));
}

#[test]
fn a_game_logged_after_an_edit_behind_chronicles_back_makes_every_game_again() {
    let env = TestEnv::demo();
    tamper_game(&env, 3, 2);
    // An edit with sqlite3 drops the checkpoint, so the worlds kept beside it are not
    // read, and the next game logged does not trust them either.
    env.connect()
        .execute("UPDATE entry SET note = 'by hand' WHERE seq = 3", [])
        .unwrap();
    assert_eq!(
        env.json(&["board", "--after", "3", "--format", "json"])["games_played"],
        3
    );
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-11-01",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:eliminated",
    ]);
    env.ok(&["check"]);
    assert_eq!(
        env.json(&["board", "--after", "3", "--format", "json"])["games_played"],
        3
    );
    assert_eq!(kept_games(&env), games_played(&env));
}

#[test]
fn a_long_log_keeps_the_world_after_its_first_hundred_games_and_folds_past_them() {
    use chronicle::domain::names::CampaignName;
    use chronicle::store::{Access, Store};
    let env = TestEnv::new();
    let log = chronicle::cli::long_log::long_log("mixed", 2_400);
    Store::open(
        env.db_path(),
        Access::Create,
        std::time::Duration::from_secs(5),
    )
    .expect("the database opens")
    .import_campaign(
        &CampaignName::new("Long Table").expect("a name"),
        "2026-01-01T00:00:00Z",
        &log,
        true,
    )
    .expect("the log imports");
    env.ok(&["person", "rename", "Chidi", "Chidiebere"]);
    assert!(games_played(&env) > 150, "{}", games_played(&env));
    assert_eq!(kept_games(&env), 100);
    let look = |n: &str| env.json(&["board", "--after", n, "--format", "json"]);
    let (kept_50, past_150) = (look("50"), look("150"));
    assert_eq!(kept_50["games_played"], 50);
    assert_eq!(past_150["games_played"], 150);
    env.ok(&["check"]);
    env.connect()
        .execute("DELETE FROM game_checkpoint", [])
        .unwrap();
    assert_eq!(
        look("50"),
        kept_50,
        "the world kept after game 50 is not the fold's"
    );
    assert_eq!(look("150"), past_150);
}

#[test]
fn upgrade_makes_the_checkpoints_an_upgrade_dropped() {
    let env = TestEnv::new();
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema-v2.db");
    std::fs::copy(&fixture, env.db_path()).expect("copy the fixture");
    let upgraded = env.ok(&["upgrade"]);
    assert!(
        upgraded
            .stderr
            .contains("Checkpoints made again from the log: 2 campaigns."),
        "{}",
        upgraded.stderr
    );
    assert_eq!(kept(&env), 2);
    let demo_games: i64 = env
        .connect()
        .query_row(
            "SELECT COUNT(*) FROM game_checkpoint g JOIN campaign c ON c.id = g.campaign_id
             WHERE c.name = 'Demo'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(demo_games, 16);
    env.ok(&["check"]);
    let again = env.ok(&["upgrade"]);
    assert!(again.stderr.contains("nothing to do"), "{}", again.stderr);
    // A checkpoint dropped behind chronicle's back is made again too.
    env.connect().execute("DELETE FROM checkpoint", []).unwrap();
    let made = env.ok(&["upgrade"]);
    assert!(
        made.stderr
            .contains("Checkpoints made again from the log: 2 campaigns."),
        "{}",
        made.stderr
    );
}
