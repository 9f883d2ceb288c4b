//! `game undo` through the binary: games taken back one by one, the board worked out again,
//! the history keeping what was taken back and why.

use crate::common::TestEnv;

fn log(env: &TestEnv, date: &str, flags: &[&str]) {
    let mut args = vec!["game", "log", "--date", date];
    args.extend(flags);
    env.ok(&args);
}

fn three_games() -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    log(
        &env,
        "2026-10-01",
        &[
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--major-city",
            "Egypt=Kyro",
            "--minor-city",
            "Bo:Peru=Lima",
        ],
    );
    log(
        &env,
        "2026-10-08",
        &[
            "--player",
            "Bo=khan:won",
            "--player",
            "Ann=bear:held-on",
            "--player",
            "Cy=saharan:eliminated",
            "--name-continent",
            "Africa=Ubuntu",
            "--scar",
            "Brazil=Bunker",
        ],
    );
    log(
        &env,
        "2026-10-15",
        &[
            "--player",
            "Cy=saharan:won",
            "--player",
            "Ann=bear:held-on",
            "--player",
            "Bo=khan:held-on",
            "--fortify",
            "Egypt",
            "--upgrade",
            "Ann:Peru",
        ],
    );
    env
}

/// The file was migrated to the newest schema this chronicle knows.
fn assert_upgraded(env: &TestEnv) {
    let version: i64 = env
        .connect()
        .query_row(
            "SELECT MAX(version) FROM refinery_schema_history",
            [],
            |row| row.get(0),
        )
        .expect("version");
    assert_eq!(version, chronicle::store::Store::known_version());
}

#[test]
fn taking_back_a_game_gives_the_board_as_it_was_before_it() {
    let env = three_games();
    let after_two = {
        let scratch = TestEnv::new();
        scratch.init_set_up(&["init"]);
        log(
            &scratch,
            "2026-10-01",
            &[
                "--player",
                "Ann=bear:won",
                "--player",
                "Bo=khan:held-on",
                "--player",
                "Cy=saharan:held-on",
                "--major-city",
                "Egypt=Kyro",
                "--minor-city",
                "Bo:Peru=Lima",
            ],
        );
        log(
            &scratch,
            "2026-10-08",
            &[
                "--player",
                "Bo=khan:won",
                "--player",
                "Ann=bear:held-on",
                "--player",
                "Cy=saharan:eliminated",
                "--name-continent",
                "Africa=Ubuntu",
                "--scar",
                "Brazil=Bunker",
            ],
        );
        scratch.json(&["board", "--format", "json"])
    };
    env.test()
        .args(["game", "undo", "--yes", "--reason", "Cy did not really win"])
        .stderr_has("Game 3 taken back")
        .run();
    assert_eq!(env.json(&["board", "--format", "json"]), after_two);
    let games = env.json(&["game", "list", "--format", "json"]);
    assert_eq!(games["games"].as_array().unwrap().len(), 2);
}

#[test]
fn the_history_keeps_what_was_taken_back_when_and_why() {
    let env = three_games();
    env.ok(&["game", "undo", "--yes", "--reason", "Cy did not really win"]);
    let history = env.json(&["history", "--game", "3", "--format", "json"]);
    let entries = history.as_array().unwrap();
    assert_eq!(entries.len(), 1, "{history:#}");
    let undo = &entries[0];
    assert_eq!(undo["kind"], "undo");
    assert_eq!(undo["game"], 3);
    assert_eq!(undo["date"], "2026-11-29");
    let text = undo["text"].as_str().unwrap();
    assert!(text.contains("took back game 3"), "{text}");
    assert!(text.contains("Cy fortified Kyro (Egypt)"), "{text}");
    assert!(text.contains("Cy did not really win"), "{text}");
    // What game 3 did is no longer history of Egypt as it stands.
    let egypt = env.json(&["history", "--territory", "Egypt", "--format", "json"]);
    assert!(
        egypt
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["kind"] != "fortify"),
        "{egypt:#}"
    );
}

#[test]
fn games_are_taken_back_one_by_one_and_a_number_can_be_logged_again() {
    let env = three_games();
    env.ok(&["game", "undo", "--yes"]);
    env.ok(&["game", "undo", "--yes"]);
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(board["games_played"], 1);
    assert_eq!(
        board["continents"][3]["given_name"],
        serde_json::Value::Null
    );
    let brazil = board["territories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Brazil")
        .unwrap()
        .clone();
    assert_eq!(brazil["scar"], serde_json::Value::Null);

    log(
        &env,
        "2026-10-09",
        &[
            "--player",
            "Cy=saharan:won",
            "--player",
            "Ann=bear:held-on",
            "--player",
            "Bo=khan:eliminated",
            "--name-continent",
            "Africa=Afrika Nova",
        ],
    );
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(board["games_played"], 2);
    assert_eq!(board["continents"][3]["given_name"], "Afrika Nova");
    let history = env.json(&["history", "--game", "2", "--format", "json"]);
    let kinds: Vec<&str> = history
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds.first(),
        Some(&"undo"),
        "the game taken back comes first: {kinds:?}"
    );
    assert!(kinds.contains(&"continent_name"));
}

#[test]
fn without_a_terminal_undo_needs_yes_and_writes_nothing() {
    let env = three_games();
    env.test()
        .args(["game", "undo"])
        .stderr_has("--yes")
        .status(2)
        .writes_nothing()
        .run();
    // A "y" typed on a pipe is not an answer either.
    env.test()
        .args(["game", "undo"])
        .stdin("y\n")
        .stderr_has("--yes")
        .status(2)
        .writes_nothing()
        .run();
}

#[test]
fn with_no_game_there_is_nothing_to_take_back() {
    let env = TestEnv::new();
    env.ok(&["init"]);
    env.ok(&["power", "bear", "a"]);
    env.test()
        .args(["game", "undo", "--yes"])
        .stderr_has("no game to take back")
        .status(1)
        .writes_nothing()
        .run();
}

/// A read of a file an earlier chronicle wrote is refused, naming the way to upgrade it,
/// and leaves the file byte for byte as it was; `chronicle upgrade` upgrades it, and says so.
fn upgrade(env: &TestEnv, from: i64) {
    let before = std::fs::read(env.db_path()).expect("the fixture");
    let refused = env.run_expect(3, &["board"]);
    assert!(
        refused.stderr.contains("written by an earlier chronicle")
            && refused.stderr.contains("chronicle upgrade"),
        "{}",
        refused.stderr
    );
    assert_eq!(std::fs::read(env.db_path()).expect("the file"), before);
    let upgraded = env.ok(&["upgrade"]);
    assert!(
        upgraded
            .stderr
            .contains(&format!("from schema version {from} to")),
        "{}",
        upgraded.stderr
    );
    let again = env.ok(&["upgrade"]);
    assert!(again.stderr.contains("nothing to do"), "{}", again.stderr);
}

/// A database written by the first released chronicle (schema version 1, before undo): it is
/// upgraded, and reads the same board.
#[test]
fn a_version_1_database_is_upgraded_and_keeps_its_campaigns() {
    let env = TestEnv::new();
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema-v1.db");
    std::fs::copy(&fixture, env.db_path()).expect("copy the fixture");
    upgrade(&env, 1);
    let board = env.json(&["--campaign", "Demo", "board", "--format", "json"]);
    let expected: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("exports/demo-board.snap.json"),
        )
        .expect("demo board"),
    )
    .expect("JSON");
    assert_eq!(board, expected);
    let earth = env.json(&["--campaign", "Earth", "power", "--format", "json"]);
    assert_eq!(earth["factions"][1]["kept"], "a");
    assert_upgraded(&env);
    env.ok(&[
        "--campaign",
        "Demo",
        "game",
        "undo",
        "--yes",
        "--reason",
        "after the upgrade",
    ]);
    let board = env.json(&["--campaign", "Demo", "board", "--format", "json"]);
    assert_eq!(board["games_played"], 15);
}

/// A database written by the chronicle that brought undo (schema version 2), holding a game
/// taken back and logged again: it is upgraded and keeps all of it.
#[test]
fn a_version_2_database_is_upgraded_and_keeps_what_was_taken_back() {
    let env = TestEnv::new();
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema-v2.db");
    std::fs::copy(&fixture, env.db_path()).expect("copy the fixture");
    upgrade(&env, 2);
    env.ok(&["check"]);
    let board = env.json(&["--campaign", "Demo", "board", "--format", "json"]);
    assert_eq!(board["games_played"], 16);
    let undo = env.json(&[
        "--campaign",
        "Demo",
        "history",
        "--game",
        "16",
        "--format",
        "json",
    ]);
    let first = &undo.as_array().expect("entries")[0];
    assert_eq!(first["kind"], "undo");
    assert!(
        first["text"]
            .as_str()
            .expect("text")
            .contains("Bo was not out"),
        "{first}"
    );
    let earth = env.json(&["--campaign", "Earth", "power", "--format", "json"]);
    assert_eq!(earth["factions"][3]["kept"], "b");
    assert_upgraded(&env);
    // And sealed content, new since then, can be recorded in it.
    env.ok(&["--campaign", "Demo", "scar-type", "add", "Mercenaries"]);
}

#[test]
fn a_game_taken_back_and_logged_again_is_numbered_as_the_game_it_was() {
    let env = three_games();
    env.ok(&["game", "undo", "--yes", "--reason", "Cy did not win"]);
    let again = [
        "--player",
        "Cy=saharan:won",
        "--player",
        "Ann=bear:held-on",
        "--player",
        "Bo=khan:held-on",
        "--fortify",
        "Egypt",
    ];
    log(&env, "2026-10-15", &again);
    env.ok(&["game", "undo", "--yes", "--reason", "nor the second time"]);
    log(&env, "2026-10-15", &again);
    log(
        &env,
        "2026-10-22",
        &[
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--name-continent",
            "Europe=Avalon",
        ],
    );
    // Games 3 and 4, both written, then both taken back: two games, 4 and 3.
    env.ok(&["game", "undo", "--yes"]);
    env.ok(&["game", "undo", "--yes"]);
    let history = env.json(&["history", "--kind", "undo", "--format", "json"]);
    let took_back: Vec<(u64, String)> = history
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let text = e["text"].as_str().unwrap();
            let words = text.split(',').next().unwrap().to_string();
            (e["game"].as_u64().unwrap(), words)
        })
        .collect();
    let game = |n: u64| (n, format!("took back game {n}"));
    assert_eq!(took_back, vec![game(3), game(3), game(3), game(4)]);
    let three = env.json(&[
        "history", "--game", "3", "--kind", "undo", "--format", "json",
    ]);
    assert_eq!(three.as_array().unwrap().len(), 3, "{three:#}");
}
