//! Event cards and missions as facts of a game (`--event`, `--mission`, `--mission-done`),
//! read back by `history --kind`, `game show`, `stats` and the JSON export; and the board
//! asked by what is on it (`board --with`).
//!
//! The campaign is a fan write-up's, as its games tell it: Louis, Andy, Ryan and Joe; Louis
//! signs twice in games 1 and 2 and the group opens *Second signature*, whose event cards and
//! missions show up from then on.

use serde_json::Value;

use crate::common::TestEnv;

/// A game of the four, `winner` winning, Joe sitting out when `without_joe`; the winner
/// declines the reward so the games stay about the cards.
fn game(env: &TestEnv, day: u32, winner: &str, without_joe: bool, more: &[&str]) {
    env.test()
        .args(game_args(day, winner, without_joe, more))
        .run();
}

fn game_args(day: u32, winner: &str, without_joe: bool, more: &[&str]) -> Vec<String> {
    let date = format!("2026-02-{day:02}");
    let mut args: Vec<String> = ["game", "log", "--date", &date, "--no-reward"]
        .iter()
        .map(ToString::to_string)
        .collect();
    let seats = [
        ("Louis", "bear"),
        ("Andy", "khan"),
        ("Ryan", "saharan"),
        ("Joe", "balkania"),
    ];
    for (person, faction) in seats {
        if without_joe && person == "Joe" {
            continue;
        }
        let result = if person == winner { "won" } else { "held-on" };
        args.push("--player".to_string());
        args.push(format!("{person}={faction}:{result}"));
    }
    args.extend(more.iter().map(ToString::to_string));
    args
}

/// The campaign up to game 12, with the cards its write-up tells of.
fn fan_campaign() -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    game(&env, 1, "Louis", false, &[]);
    game(&env, 2, "Louis", false, &["--opened", "Second signature"]);
    for (day, winner) in [(3, "Andy"), (4, "Ryan"), (5, "Joe"), (6, "Andy")] {
        game(&env, day, winner, false, &[]);
    }
    game(
        &env,
        7,
        "Ryan",
        false,
        &[
            "--event",
            "Agent of Chaos@Louis: a star after Andy broke Ryan's hold on Africa",
        ],
    );
    game(&env, 8, "Joe", false, &[]);
    game(&env, 9, "Andy", false, &[]);
    game(
        &env,
        10,
        "Louis",
        true,
        &[
            "--event",
            "agent of chaos@Andy: a star",
            "--mission",
            "conquer 4+ cities in one turn",
            "--mission-done",
            "louis",
        ],
    );
    game(
        &env,
        11,
        "Ryan",
        false,
        &[
            "--event",
            "Agent of Chaos@Ryan",
            "--event",
            "Agent of Chaos@Joe",
            "--event",
            "Agent of Chaos",
        ],
    );
    game(
        &env,
        12,
        "Andy",
        false,
        &["--event", "Resistance@Joe: destroyed Joe's HQ in Venezuela"],
    );
    env
}

#[test]
fn a_fan_campaign_logs_its_events_and_missions_as_facts() {
    let env = fan_campaign();
    let events = env.json(&["history", "--kind", "event", "--format", "json"]);
    let rows: Vec<(u64, &str, &str)> = events
        .as_array()
        .expect("a list")
        .iter()
        .map(|e| {
            (
                e["game"].as_u64().expect("a game"),
                e["person"].as_str().unwrap_or(""),
                e["text"].as_str().expect("text"),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (
                7,
                "Louis",
                "got the Agent of Chaos event: a star after Andy broke Ryan's hold on Africa"
            ),
            (10, "Andy", "got the Agent of Chaos event: a star"),
            (11, "Ryan", "got the Agent of Chaos event"),
            (11, "Joe", "got the Agent of Chaos event"),
            (11, "", "drew the Agent of Chaos event"),
            (
                12,
                "Joe",
                "got the Resistance event: destroyed Joe's HQ in Venezuela"
            ),
        ]
    );
    let missions = env.json(&["history", "--kind", "mission", "--format", "json"]);
    assert_eq!(missions.as_array().map(Vec::len), Some(1), "{missions:#}");
    assert_eq!(missions[0]["game"], 10);
    assert_eq!(missions[0]["person"], "Louis", "the spelling at the table");
    assert_eq!(
        missions[0]["text"],
        "completed the mission \"conquer 4+ cities in one turn\""
    );
    let shown = env.json(&["game", "show", "10", "--format", "json"]);
    assert_eq!(shown["winner"], "Louis");
    assert_eq!(
        shown["missions"],
        serde_json::json!([{"text": "conquer 4+ cities in one turn", "done_by": "Louis"}])
    );
    assert_eq!(
        shown["event_cards"][0]["name"], "Agent of Chaos",
        "a card's name as the campaign first wrote it"
    );
    let stats = env.json(&["stats", "--format", "json"]);
    let player = |name: &str| -> Value {
        stats["players"]
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["name"] == name))
            .cloned()
            .expect("a player")
    };
    assert_eq!(player("Louis")["missions_completed"], 1);
    assert_eq!(player("Joe")["events"], 2);
    assert_eq!(player("Andy")["events"], 1);
    let table = env
        .test()
        .args(["history", "--kind", "event", "--kind", "mission"])
        .env_var("COLUMNS", "100")
        .run();
    insta::assert_snapshot!("fan-campaign-events-and-missions", table.stdout);
}

#[test]
fn an_event_before_its_packets_opened_is_refused_naming_them() {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    env.test()
        .args(game_args(1, "Louis", false, &["--event", "Agent of Chaos@Andy"]))
        .status(1)
        .stderr_has("An event card comes from a sealed packet (Minor cities, Second signature, Three missiles), and none of them is open")
        .stderr_has("Nothing was written.")
        .writes_nothing()
        .run();
}

#[test]
fn a_mission_before_its_packets_opened_is_refused_naming_them() {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    game(&env, 1, "Louis", false, &[]);
    env.test()
        .args(game_args(
            2,
            "Andy",
            false,
            &["--mission", "conquer 4+ cities in one turn@Andy"],
        ))
        .status(1)
        .stderr_has(
            "A mission comes from a sealed packet (Second signature, World capital), and none of them is open",
        )
        .writes_nothing()
        .run();
}

/// The sentence of a mission refused in game 2, whose end opened Second signature.
const OPENED_AT_THE_END: &str = "A mission of game 2 cannot come from the Second signature packet: game 2 opened it at its end, after its cards were drawn";

#[test]
fn a_mission_in_the_game_whose_end_opens_its_packet_is_refused_logged_or_edited() {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    game(&env, 1, "Louis", false, &[]);
    let mission = ["--mission", "conquer 4+ cities in one turn@Andy"];
    let opened = ["--opened", "Second signature"];
    let both: Vec<&str> = opened.iter().chain(&mission).copied().collect();
    env.test()
        .args(game_args(2, "Louis", false, &both))
        .status(1)
        .stderr_has(OPENED_AT_THE_END)
        .stderr_has("Its cards are drawn from game 3 on.")
        .stderr_has("Nothing was written.")
        .writes_nothing()
        .run();
    game(&env, 2, "Louis", false, &opened);
    let mut edit: Vec<String> = ["game", "edit", "2", "--reason", "the mission was forgotten"]
        .map(String::from)
        .into();
    edit.extend(game_args(2, "Louis", false, &both).into_iter().skip(2));
    env.test()
        .args(edit)
        .status(1)
        .stderr_has(OPENED_AT_THE_END)
        .writes_nothing()
        .run();
    game(&env, 3, "Andy", false, &mission);
}

#[test]
fn import_refuses_a_mission_copied_into_the_game_whose_end_opened_its_packet() {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    game(&env, 1, "Louis", false, &[]);
    game(&env, 2, "Louis", false, &["--opened", "Second signature"]);
    game(
        &env,
        3,
        "Andy",
        false,
        &["--mission", "conquer 4+ cities@Andy"],
    );
    let mut file: Value = serde_json::from_str(&env.ok(&["export"]).stdout).expect("JSON");
    let log = file["log"].as_array_mut().expect("a log");
    let of_game = |n: u64| move |r: &&mut Value| r["entry"]["game"] == n;
    let missions = log.iter_mut().find(of_game(3)).expect("game 3")["entry"]["missions"].clone();
    log.iter_mut().find(of_game(2)).expect("game 2")["entry"]["missions"] = missions;
    let path = env.dir().join("moved.json");
    std::fs::write(&path, file.to_string()).expect("write");
    env.test()
        .args(["import", path.to_str().unwrap(), "--as", "Moved"])
        .status(1)
        .stderr_has(OPENED_AT_THE_END)
        .writes_nothing()
        .run();
}

#[test]
fn a_card_naming_someone_who_did_not_play_is_refused() {
    let env = fan_campaign();
    env.test()
        .args(game_args(
            13,
            "Ryan",
            true,
            &["--event", "Resistance@Joe: took a card"],
        ))
        .status(1)
        .stderr_has("Joe did not play game 13, so the Resistance event cannot name them")
        .writes_nothing()
        .run();
    env.test()
        .args(game_args(
            13,
            "Ryan",
            true,
            &["--mission", "hold 3 continents", "--mission-done", "Joe"],
        ))
        .status(1)
        .stderr_has("Joe did not play game 13, so they cannot have completed the mission")
        .writes_nothing()
        .run();
}

#[test]
fn a_malformed_card_flag_is_a_usage_error() {
    let env = fan_campaign();
    env.test()
        .args(game_args(13, "Ryan", false, &["--event", "@Joe"]))
        .status(2)
        .stderr_has("--event \"@Joe\" is not of the form NAME[@PERSON][: WHAT]")
        .writes_nothing()
        .run();
    env.test()
        .args(game_args(
            13,
            "Ryan",
            false,
            &["--mission", "a", "--mission", "b", "--mission-done", "Joe"],
        ))
        .status(2)
        .stderr_has("--mission \"TEXT@PERSON\"")
        .writes_nothing()
        .run();
}

#[test]
fn events_and_missions_survive_export_and_import() {
    let env = fan_campaign();
    let file = env.dir().join("fan.json");
    let file = file.to_str().expect("a path");
    env.ok(&["export", "--format", "json", "-o", file]);
    env.ok(&["import", file, "--as", "Copy"]);
    for kind in ["event", "mission"] {
        let here = env.json(&["history", "--kind", kind, "--format", "json"]);
        let copy = env.json(&[
            "--campaign",
            "Copy",
            "history",
            "--kind",
            kind,
            "--format",
            "json",
        ]);
        assert_eq!(here, copy, "{kind}");
    }
    let shown = env.json(&[
        "--campaign",
        "Copy",
        "game",
        "show",
        "11",
        "--format",
        "json",
    ]);
    assert_eq!(shown["event_cards"].as_array().map(Vec::len), Some(3));
}

#[test]
fn events_and_missions_are_left_out_of_a_spoiler_free_report() {
    let env = fan_campaign();
    let report = env
        .ok(&["export", "--format", "md", "--spoilers", "none"])
        .stdout;
    for sealed in ["Agent of Chaos", "Resistance", "conquer 4+ cities"] {
        assert!(!report.contains(sealed), "{sealed} in:\n{report}");
    }
    let full = env.ok(&["export", "--format", "md"]).stdout;
    assert!(full.contains("Agent of Chaos"), "{full}");
}

#[test]
fn board_with_scar_lists_exactly_the_territories_whose_scar_stands() {
    let env = TestEnv::demo();
    let board = env.json(&["board", "--format", "json"]);
    let scarred: Vec<(String, u64)> = board["territories"]
        .as_array()
        .expect("territories")
        .iter()
        .filter(|t| !t["scar"].is_null())
        .map(|t| {
            (
                t["name"].as_str().expect("a name").to_string(),
                t["scar"]["game"].as_u64().expect("a game"),
            )
        })
        .collect();
    assert!(!scarred.is_empty(), "the demo has scars");
    let with = env.json(&["board", "--with", "scar", "--format", "json"]);
    let listed: Vec<(String, u64)> = with["territories"]
        .as_array()
        .expect("territories")
        .iter()
        .map(|t| {
            assert_eq!(t["kind"], "scar");
            (
                t["territory"].as_str().expect("a name").to_string(),
                t["game"].as_u64().expect("a game"),
            )
        })
        .collect();
    assert_eq!(listed, scarred);
    let table = env
        .test()
        .args(["board", "--with", "scar", "--with", "city"])
        .env_var("COLUMNS", "100")
        .run();
    insta::assert_snapshot!("demo-board-with-scar-and-city", table.stdout);
    env.test()
        .args(["board", "--with", "fallout"])
        .stdout("No territory carries fallout.\n")
        .run();
    env.test()
        .args(["board", "--with", "scars!"])
        .status(2)
        .stderr_has("--with \"scars!\" is not a kind of mark; the kinds are scar, city")
        .run();
}

#[test]
fn history_kind_names_the_kinds_when_it_knows_none() {
    let env = TestEnv::demo();
    env.test()
        .args(["history", "--kind", "evnt"])
        .status(2)
        .stderr_has("There is no kind of change \"evnt\". Did you mean event?")
        .run();
}
