//! Sealed content recorded by the group through the binary: scar types, factions, faction
//! cards, packets opened between games, events during play, the world capital, and the
//! world's name. All of it goes through the log, so undo, history and import carry it.

use crate::common::{CARDS_TO_DESTROY, TestEnv};
use serde_json::Value;

fn log(env: &TestEnv, date: &str, flags: &[&str]) {
    let mut args = vec!["game", "log", "--date", date];
    args.extend(flags);
    env.ok(&args);
}

fn refused(env: &TestEnv, args: &[&str], says: &str) {
    env.test()
        .args(args)
        .stderr_has(says)
        .status(1)
        .writes_nothing()
        .run();
}

fn territory(board: &Value, name: &str) -> Value {
    board["territories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name)
        .unwrap()
        .clone()
}

fn started() -> TestEnv {
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
        ],
    );
    env
}

#[test]
fn an_added_scar_type_is_usable_in_game_log_with_its_own_pool() {
    let env = started();
    refused(
        &env,
        &[
            "game",
            "log",
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--destroy-card",
            "Peru",
            "--scar",
            "Peru=Mercenaries",
        ],
        "No scar type is called \"Mercenaries\"",
    );
    env.ok(&[
        "scar-type",
        "add",
        "Mercenaries",
        "--count",
        "1",
        "--effect",
        "the defender rolls one more die",
    ]);
    refused(
        &env,
        &["scar-type", "add", "mercenaries"],
        "already a scar type",
    );
    log(
        &env,
        "2026-10-08",
        &[
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--destroy-card",
            "Peru",
            "--scar",
            "Peru=mercenaries",
        ],
    );
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(territory(&board, "Peru")["scar"]["kind"], "Mercenaries");
    let pool = board["pools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["kind"] == "scar:Mercenaries")
        .unwrap()
        .clone();
    assert_eq!(
        (pool["capacity"].as_u64(), pool["left"].as_u64()),
        (Some(1), Some(0))
    );
    refused(
        &env,
        &[
            "game",
            "log",
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--destroy-card",
            "Chile",
            "--scar",
            "Brazil=Mercenaries",
        ],
        "No territory",
    );
    refused(
        &env,
        &[
            "game",
            "log",
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--destroy-card",
            "Brazil",
            "--scar",
            "Chile=Mercenaries",
        ],
        "No territory",
    );
    refused(
        &env,
        &[
            "game",
            "log",
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--destroy-card",
            "Brazil",
            "--scar",
            "Argentina=Mercenaries",
        ],
        "The pool of Mercenaries scars is empty",
    );
    let list = env.json(&["scar-type", "list", "--format", "json"]);
    let added = list["scar_types"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "Mercenaries")
        .unwrap()
        .clone();
    assert_eq!(added["added"], true);
    assert_eq!(added["effect"], "the defender rolls one more die");
}

#[test]
fn an_added_faction_is_playable_and_faction_cards_take_one_mark_per_colour_and_one_scar() {
    let env = started();
    refused(
        &env,
        &[
            "game",
            "log",
            "--player",
            "Ann=hards:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--destroy-card",
            "Peru",
        ],
        "No faction",
    );
    env.ok(&["faction", "add", "The Die Hards"]);
    refused(
        &env,
        &["faction", "add", "the die hards"],
        "already a faction",
    );
    log(
        &env,
        "2026-10-08",
        &[
            "--player",
            "Ann=hards:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--destroy-card",
            "Peru",
        ],
    );
    env.ok(&[
        "faction",
        "mark",
        "hards",
        "--slot",
        "blue",
        "Hold the line",
    ]);
    env.ok(&["faction", "mark", "hards", "--slot", "red", "Charge"]);
    refused(
        &env,
        &["faction", "mark", "hards", "--slot", "Blue", "Again"],
        "one mark per colour",
    );
    env.ok(&["faction", "scar", "bear", "Old wound"]);
    refused(
        &env,
        &["faction", "scar", "bear", "Another"],
        "one scar per faction card",
    );
    let list = env.json(&["faction", "list", "--format", "json"]);
    let hards = list["factions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "The Die Hards")
        .unwrap()
        .clone();
    assert_eq!(hards["added"], true);
    assert_eq!(
        hards["marks"],
        serde_json::json!([{"slot": "blue", "text": "Hold the line"}, {"slot": "red", "text": "Charge"}])
    );
    let stats = env.json(&["stats", "--format", "json"]);
    let hards = stats["factions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "The Die Hards")
        .unwrap()
        .clone();
    assert_eq!(hards["won"], 1);
}

#[test]
fn packets_open_between_games_once_and_not_before_their_condition() {
    let env = started();
    refused(
        &env,
        &["packets", "open", "second signature"],
        "opens when someone signs the board for the second time",
    );
    refused(
        &env,
        &["packets", "open", "missiles", "--game", "5"],
        "There is no game 5: this campaign has played 1 game",
    );
    env.ok(&["packets", "open", "missiles"]);
    refused(
        &env,
        &["packets", "open", "three missiles"],
        "was opened after game 1",
    );
    log(
        &env,
        "2026-10-08",
        &[
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--destroy-card",
            "Peru",
        ],
    );
    // The second signature came in game 2: it may be recorded after game 2, not after game 1
    // (where the board had one signature).
    refused(
        &env,
        &["packets", "open", "second signature", "--after-game", "1"],
        "the most signatures anyone has: 1",
    );
    env.ok(&["packets", "open", "second signature", "--game", "2"]);
    let packets = env.json(&["packets", "--format", "json"]);
    let status: Vec<(String, Value)> = packets
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["status"].as_str().unwrap().to_string(), p["game"].clone()))
        .collect();
    assert_eq!(status[2], ("opened".to_string(), Value::from(2)));
    assert_eq!(status[4], ("opened".to_string(), Value::from(1)));
}

#[test]
fn the_world_capital_needs_its_packet_a_territory_with_no_city_and_comes_once() {
    let env = started();
    let game = |extra: &[&str]| {
        let mut args = vec![
            "game",
            "log",
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--destroy-card",
            "Peru",
        ];
        args.extend(extra);
        args.into_iter().map(str::to_string).collect::<Vec<_>>()
    };
    let run = |extra: &[&str]| game(extra);
    let args = run(&["--world-capital", "Alberta=Nova"]);
    refused(
        &env,
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        "World capital packet",
    );
    let args = run(&["--world-capital", "Egypt=Nova", "--opened", "world capital"]);
    refused(
        &env,
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        "already has the major city Kyro",
    );
    let args = run(&[
        "--world-capital",
        "Alberta=Nova",
        "--opened",
        "world capital",
    ]);
    env.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let board = env.json(&["board", "--format", "json"]);
    let alberta = territory(&board, "Alberta");
    assert_eq!(
        (
            alberta["city"]["kind"].as_str(),
            alberta["city"]["population"].as_u64()
        ),
        (Some("world_capital"), Some(5))
    );
    assert!(
        alberta["city"]["founder"].is_null(),
        "sealed content places it: {alberta}"
    );
    let args = game(&["--world-capital", "Ontario=Second"]);
    let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
    args[9] = "Brazil";
    refused(&env, &args, "The pool of world capitals is empty");
    let history = env.json(&["history", "--territory", "Alberta", "--format", "json"]);
    assert_eq!(history[0]["kind"], "world_capital");
}

#[test]
fn events_during_play_are_kept_apart_from_the_winners_reward() {
    let env = started();
    log(
        &env,
        "2026-10-08",
        &[
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--fortify",
            "Egypt",
            "--event-destroy-card",
            "Brazil",
            "--mark",
            "Iceland=Ruins",
            "--event-fortify",
            "Egypt",
        ],
    );
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(territory(&board, "Brazil")["card"]["destroyed"], true);
    let fortifications = board["pools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["kind"] == "fortification")
        .unwrap()
        .clone();
    assert_eq!(
        fortifications["used"], 2,
        "the event's fortification comes from the same pool"
    );
    refused(
        &env,
        &[
            "game",
            "log",
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--destroy-card",
            "Peru",
            "--mark",
            "Iceland=More ruins",
        ],
        "one group mark per territory",
    );
    refused(
        &env,
        &[
            "game",
            "log",
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--destroy-card",
            "Peru",
            "--event-fortify",
            "Chile",
        ],
        "No territory",
    );
    refused(
        &env,
        &[
            "game",
            "log",
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--destroy-card",
            "Peru",
            "--event-fortify",
            "Peru",
        ],
        "only a city can be fortified",
    );
    let game = env.json(&["game", "show", "2", "--format", "json"]);
    let kinds: Vec<&str> = game["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["kind"].as_str().unwrap())
        .collect();
    for kind in ["fortify", "event_fortify", "event_destroy_card", "mark"] {
        assert!(kinds.contains(&kind), "{kind} missing from {kinds:?}");
    }
    assert_eq!(game["reward"], "fortified Kyro (Egypt)");
}

fn fifteen_games(env: &TestEnv, winners: &[&str; 15]) {
    for (i, winner) in winners.iter().enumerate() {
        let date = format!("2026-0{}-{:02}", 1 + i / 9, 1 + (i % 9) * 3);
        let seat = |person: &str, faction: &str| {
            let result = if person == *winner { "won" } else { "held-on" };
            format!("{person}={faction}:{result}")
        };
        let card = CARDS_TO_DESTROY[i];
        let args = [
            seat("Ann", "bear"),
            seat("Bo", "khan"),
            seat("Cy", "saharan"),
        ];
        env.ok(&[
            "game",
            "log",
            "--date",
            &date,
            "--player",
            &args[0],
            "--player",
            &args[1],
            "--player",
            &args[2],
            "--destroy-card",
            card,
        ]);
    }
}

#[test]
fn the_world_is_named_after_game_fifteen_by_the_most_signed_once() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    refused(
        &env,
        &["world", "name", "Terra", "--by", "Ann"],
        "after game 15",
    );
    fifteen_games(
        &env,
        &[
            "Ann", "Bo", "Ann", "Cy", "Ann", "Bo", "Ann", "Cy", "Bo", "Ann", "Bo", "Cy", "Bo",
            "Cy", "Bo",
        ],
    );
    // Ann 5, Bo 6, Cy 4.
    refused(
        &env,
        &["world", "name", "Terra", "--by", "Ann"],
        "Ann has 5, while Bo has 6",
    );
    let world = env.json(&["world", "--format", "json"]);
    assert_eq!(
        world["candidates"],
        serde_json::json!([{"person": "Bo", "signatures": 6, "roll_off_bonus": 0}])
    );
    env.ok(&["world", "name", "Terra Nova", "--by", "bo"]);
    refused(
        &env,
        &["world", "name", "Other", "--by", "Bo"],
        "named \"Terra Nova\" by Bo already",
    );
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(board["world_name"], "Terra Nova");
    let setup = env.json(&["setup", "--format", "json"]);
    assert_eq!(setup["world_name"], "Terra Nova");
    let setup = env.ok(&["export", "--format", "md"]).stdout;
    assert!(setup.contains("The World of Terra Nova"), "{setup}");
}

#[test]
fn on_a_tie_one_of_the_tied_names_the_world_and_the_roll_off_is_kept() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    fifteen_games(
        &env,
        &[
            "Ann", "Bo", "Ann", "Cy", "Ann", "Bo", "Ann", "Cy", "Bo", "Ann", "Bo", "Cy", "Bo",
            "Cy", "Cy",
        ],
    );
    // Ann 5, Bo 5, Cy 5: a three-way roll-off.
    let world = env.json(&["world", "--format", "json"]);
    assert_eq!(world["candidates"].as_array().unwrap().len(), 3);
    env.ok(&["world", "name", "Gaia", "--by", "Cy"]);
    let history = env.json(&["history", "--format", "json"]);
    let naming = history.as_array().unwrap().last().unwrap().clone();
    assert_eq!(naming["kind"], "world_name");
    assert_eq!(naming["person"], "Cy");
    assert!(
        naming["text"]
            .as_str()
            .unwrap()
            .contains("roll-off among Ann, Bo, Cy"),
        "{naming}"
    );
}

#[test]
fn sealed_content_survives_export_import_and_undo() {
    let env = started();
    env.ok(&["scar-type", "add", "Mercenaries", "--count", "2"]);
    env.ok(&["faction", "add", "The Die Hards"]);
    env.ok(&["faction", "mark", "khan", "--slot", "green", "Trade"]);
    env.ok(&["packets", "open", "world capital"]);
    log(
        &env,
        "2026-10-08",
        &[
            "--player",
            "Ann=hards:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--destroy-card",
            "Peru",
            "--world-capital",
            "Alberta=Nova",
            "--mark",
            "Iceland=Ruins",
            "--scar",
            "Peru=Mercenaries",
        ],
    );
    let file = env.dir().join("sealed.json");
    env.ok(&["export", "-o", file.to_str().unwrap()]);
    let other = TestEnv::new();
    other.ok(&["import", file.to_str().unwrap()]);
    for args in [
        ["board", "--format", "json"],
        ["history", "--format", "json"],
    ] {
        assert_eq!(
            env.json(&args),
            other.json(&args),
            "{args:?} differs after import"
        );
    }
    assert_eq!(
        env.json(&["faction", "list", "--format", "json"]),
        other.json(&["faction", "list", "--format", "json"])
    );
    env.ok(&["game", "undo", "--yes"]);
    let board = env.json(&["board", "--format", "json"]);
    assert!(territory(&board, "Alberta")["city"].is_null());
    assert!(territory(&board, "Peru")["scar"].is_null());
}
