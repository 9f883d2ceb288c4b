//! `game log --from FILE`: the night's sheet as a file, TOML or JSON, with the flags of
//! `game log` as its fields; the examples in `exports/` are the documentation and are run.

use std::path::Path;

use crate::common::TestEnv;

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("exports")
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

#[test]
fn the_example_sheets_log_the_game_they_describe() {
    for sheet in ["game-sheet.toml", "game-sheet.json"] {
        let env = TestEnv::new();
        env.init_set_up(&["init", "Earth"]);
        let path = example(sheet);
        let before = env.dump();
        let dry = env.ok(&["game", "log", "--from", &path, "--dry-run"]);
        assert!(
            dry.stderr.contains("Nothing was written"),
            "{sheet}: {}",
            dry.stderr
        );
        assert_eq!(env.dump(), before, "{sheet}: a dry run wrote");
        env.ok(&["game", "log", "--from", &path]);
        let game = env.json(&["game", "show", "1", "--format", "json"]);
        let text = game.to_string();
        for expected in ["Kyro", "Lima Nova", "Madagascar", "Bunker", "first hour"] {
            assert!(
                text.contains(expected),
                "{sheet}: {expected} missing in {text}"
            );
        }
        let history = env.json(&["history", "--format", "json"]).to_string();
        assert!(
            history.contains("opened the First elimination packet"),
            "{sheet}: {history}"
        );
    }
}

#[test]
fn a_sheet_with_a_wrong_field_or_beside_game_flags_is_refused_and_nothing_written() {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    let before = env.dump();
    let bad = env.dir().join("night.toml");
    std::fs::write(&bad, "date = \"2026-11-20\"\nplyer = [\"Ann=bear:won\"]\n").unwrap();
    let run = env.run_expect(1, &["game", "log", "--from", bad.to_str().unwrap()]);
    assert!(
        run.stderr.contains("at line 2") && run.stderr.contains("unknown field `plyer`"),
        "{}",
        run.stderr
    );
    let path = example("game-sheet.toml");
    let both = env.run_expect(2, &["game", "log", "--from", &path, "--note", "hi"]);
    assert!(
        both.stderr.contains("--from gives the whole game"),
        "{}",
        both.stderr
    );
    let missing = env.run_expect(1, &["game", "log", "--from", "no-such-sheet.toml"]);
    assert!(
        missing.stderr.contains("Cannot read the game sheet"),
        "{}",
        missing.stderr
    );
    assert_eq!(env.dump(), before);
}
