//! `recap`: the game-night recap. Snapshots pin what a group reads (the table at 40 and 100
//! columns, the Markdown, the JSON) at every stage of a campaign; `--after N` recaps game N
//! with exactly the changes `history` gives it; and with `--spoilers none` no name of
//! sealed content appears in any format of the recap or of the reports.

use serde_json::Value;

use crate::common::TestEnv;

/// The recap of `env` in a format, at a width.
fn recap(env: &TestEnv, args: &[&str], columns: &str) -> String {
    let mut all = vec!["recap"];
    all.extend_from_slice(args);
    env.test()
        .args(all)
        .env_var("COLUMNS", columns)
        .run()
        .stdout
}

/// The snapshots of one stage of a campaign: table at 40 and 100 columns, md and JSON.
fn snapshots(env: &TestEnv, stage: &str, after: &[&str]) {
    for columns in ["40", "100"] {
        let table = recap(env, after, columns);
        for line in table.lines() {
            assert!(
                unicode_width::UnicodeWidthStr::width(line) <= columns.parse().unwrap(),
                "wider than {columns}: {line}"
            );
        }
        insta::assert_snapshot!(format!("{stage}-table-{columns}"), table);
    }
    let md = recap(env, &[after, &["--format", "md"]].concat(), "100");
    assert!(!md.contains('|'), "no table in the Markdown:\n{md}");
    insta::assert_snapshot!(format!("{stage}-md"), md);
    let json = recap(env, &[after, &["--format", "json"]].concat(), "100");
    insta::assert_snapshot!(format!("{stage}-json"), json);
}

#[test]
fn the_demo_is_recapped_at_every_stage() {
    let env = TestEnv::demo();
    snapshots(&env, "demo", &[]);
    snapshots(&env, "demo-after-1", &["--after", "1"]);
    snapshots(&env, "demo-at-14", &["--after", "14"]);
    snapshots(&env, "demo-after-15", &["--after", "15"]);
}

#[test]
fn a_campaign_before_game_1_is_recapped_with_its_setup_to_do() {
    let env = TestEnv::new();
    env.ok(&["init", "Earth"]);
    env.ok(&["power", "bear", "a"]);
    let shown = recap(&env, &[], "100");
    assert!(shown.contains("Earth: before game 1"), "{shown}");
    assert!(
        shown.contains("12 of the 12 first coins to place"),
        "{shown}"
    );
    snapshots(&env, "before-game-1", &[]);
}

/// The history's changes of game `n` and of the entries recorded after it, as JSON.
fn changes_of(env: &TestEnv, n: u32, after: u32) -> Vec<Value> {
    let history = env.json(&["history", "--after", &after.to_string(), "--format", "json"]);
    history
        .as_array()
        .expect("a list")
        .iter()
        .filter(|e| match e["game"].as_u64() {
            Some(game) => game == u64::from(n),
            None => e["after_game"].as_u64() == Some(u64::from(n)),
        })
        .cloned()
        .collect()
}

#[test]
fn each_games_recap_lists_the_changes_history_gives_that_game() {
    let env = TestEnv::demo();
    let played = env.json(&["board", "--format", "json"])["games_played"]
        .as_u64()
        .expect("games");
    for n in 0..=played {
        let n = u32::try_from(n).expect("a game");
        let recap = env.json(&["recap", "--after", &n.to_string(), "--format", "json"]);
        let changes = recap["changes"].as_array().expect("changes").clone();
        assert_eq!(changes, changes_of(&env, n, n), "game {n}");
        let by_game: Vec<Value> = env
            .json(&[
                "history",
                "--game",
                &n.max(1).to_string(),
                "--format",
                "json",
            ])
            .as_array()
            .expect("a list")
            .clone();
        if n > 0 {
            let in_game: Vec<&Value> = changes.iter().filter(|c| c["game"] == n).collect();
            assert_eq!(in_game, by_game.iter().collect::<Vec<_>>(), "game {n}");
        }
        assert_eq!(recap["games_played"], n);
    }
}

#[test]
fn a_recap_after_a_game_is_what_it_was_that_night() {
    let env = TestEnv::demo();
    env.ok(&[
        "game",
        "undo",
        "--yes",
        "--reason",
        "to log it again tomorrow",
    ]);
    let before = env.json(&["recap", "--format", "json"]);
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-04-25",
        "--player",
        "Chidi=saharan:won",
        "--player",
        "Ann=bear:held-on",
        "--player",
        "Bo=khan:held-on",
    ]);
    let now = env.json(&["recap", "--after", "15", "--format", "json"]);
    assert_eq!(now, before);
}

#[test]
fn recap_refuses_csv_and_a_game_not_played() {
    let env = TestEnv::demo();
    env.test()
        .args(["recap", "--format", "csv"])
        .status(2)
        .stderr_has("use --format table, md or json")
        .run();
    env.test()
        .args(["recap", "--after", "40"])
        .status(1)
        .stderr_has("There is no game 40")
        .run();
}

/// A campaign whose packets brought a faction, a scar type, a territory, the world capital,
/// a group mark, fallout, an event card and a mission, with a note that names one.
fn sealed_campaign() -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-02",
        "--no-reward",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Cy=saharan:held-on",
    ]);
    env.ok(&["packets", "open", "world capital"]);
    env.ok(&["faction", "add", "Mutants"]);
    env.ok(&["scar-type", "add", "Biohazard", "--count", "2"]);
    env.ok(&[
        "territory",
        "add",
        "Atlantis",
        "--neighbours",
        "Brazil,North Africa",
        "--continent",
        "Africa",
    ]);
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-03",
        "--no-reward",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=mutants:held-on",
        "--player",
        "Cy=saharan:held-on",
        "--scar",
        "Peru=Biohazard",
        "--world-capital",
        "Atlantis=Poseidonia",
        "--mark",
        "Egypt=Toxic waste",
        "--fallout",
        "Argentina",
        "--mission",
        "hold Asia@Ann",
        "--note",
        "Bo's Mutants gained a star",
    ]);
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-04",
        "--heal-scar",
        "Peru",
        "--player",
        "Bo=mutants:won",
        "--player",
        "Ann=bear:held-on",
        "--player",
        "Cy=saharan:held-on",
    ]);
    env
}

/// Every name a packet brought to the sealed campaign, and its note.
const SEALED: &[&str] = &[
    "Mutants",
    "Biohazard",
    "Atlantis",
    "Poseidonia",
    "Toxic waste",
    "hold Asia",
    "gained a star",
];

#[test]
fn no_sealed_name_appears_in_any_spoiler_free_output() {
    let env = sealed_campaign();
    let mut outputs: Vec<(String, String)> = Vec::new();
    for format in ["table", "md", "json"] {
        for after in ["2", "3"] {
            let args = [
                "recap",
                "--spoilers",
                "none",
                "--format",
                format,
                "--after",
                after,
            ];
            outputs.push((args.join(" "), env.ok(&args).stdout));
        }
    }
    for format in ["md", "html"] {
        let args = ["export", "--format", format, "--spoilers", "none"];
        outputs.push((args.join(" "), env.ok(&args).stdout));
    }
    for (command, output) in &outputs {
        for name in SEALED {
            assert!(!output.contains(name), "{command} names {name}:\n{output}");
        }
    }
    let html = &outputs.last().expect("the page").1;
    // The map's legend shows only what is on it (the packets are still named by their
    // envelope: "Opened the World capital packet").
    for legend in [">World capital<", ">Fallout: card destroyed, city gone<"] {
        assert!(
            !html.contains(legend),
            "the legend shows {legend} with none on the map"
        );
    }
    // With the spoilers: everything, note included.
    let full = env.ok(&["recap", "--after", "2"]).stdout;
    for name in ["Mutants", "Toxic waste", "hold Asia", "gained a star"] {
        assert!(full.contains(name), "{name} missing from:\n{full}");
    }
    let with_notes = env
        .ok(&["recap", "--after", "2", "--spoilers", "none", "--notes"])
        .stdout;
    assert!(with_notes.contains("gained a star"), "{with_notes}");
}
