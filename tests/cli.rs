//! The command line as a group uses it: the built `chronicle` binary run on temporary
//! databases, checked by exit code, stdout (often JSON) and stderr.

use crate::common::{Run, Test, TestEnv, find};
use serde_json::{Value, json};

/// `chronicle game log FLAGS…`, expected to succeed.
fn log_game(env: &TestEnv, flags: &[&str]) -> Run {
    let args: Vec<&str> = ["game", "log"].iter().chain(flags).copied().collect();
    env.ok(&args)
}

/// `chronicle game log FLAGS…`, to be run with what it should do.
fn game_log<'a>(env: &'a TestEnv, flags: &[&str]) -> Test<'a> {
    env.test().args(["game", "log"]).args(flags)
}

/// The twelve first coins, in two calls: Alaska and Peru get two each.
const FIRST_COINS: [&[&str]; 2] = [
    &["Alaska", "Alaska", "Peru", "Peru", "Egypt", "China"],
    &[
        "Japan",
        "India",
        "Brazil",
        "Ontario",
        "Iceland",
        "Madagascar",
    ],
];

/// Fifteen games that use every winner's reward, both held-on rewards, scars, wear, HQs, an
/// opened packet and notes. The expected board after them is spelled out in the tests below.
const FIFTEEN_GAMES: [&[(&str, &str)]; 15] = [
    // 1: a major city, a minor city, a resource, a scar, the first elimination.
    &[
        ("--date", "2026-01-03"),
        ("--player", "Ann=bear:won@Alaska"),
        ("--player", "Bo=khan:held-on@Peru"),
        ("--player", "Chidi=saharan:held-on@Egypt"),
        ("--player", "Dee=balkania:eliminated@Japan"),
        ("--major-city", "Egypt=Kyro"),
        ("--minor-city", "Bo:Peru=Lima Nova"),
        ("--upgrade", "Chidi:Egypt"),
        ("--scar", "Brazil=Bunker"),
        ("--opened", "First elimination"),
        ("--note", "First blood in the south."),
    ],
    // 2: a continent named.
    &[
        ("--date", "2026-01-10"),
        ("--player", "Bo=khan:won@Argentina"),
        ("--player", "Ann=bear:held-on@Ontario"),
        ("--player", "Chidi=saharan:held-on@Madagascar"),
        ("--player", "Eve=mechaniker:held-on@Iceland"),
        ("--name-continent", "South America=Amazonia"),
        ("--upgrade", "Ann:Alaska"),
        ("--minor-city", "Eve:Iceland=Vík"),
    ],
    // 3: Kyro fortified.
    &[
        ("--date", "2026-01-17"),
        ("--player", "Chidi=saharan:won@Madagascar"),
        ("--player", "Dee=balkania:held-on@Japan"),
        ("--player", "Eve=mechaniker:held-on@Scandinavia"),
        ("--player", "Ann=bear:held-on@Argentina"),
        ("--fortify", "Egypt"),
        ("--upgrade", "Dee:Japan"),
        ("--upgrade", "Eve:Scandinavia"),
        ("--minor-city", "Ann:Argentina=Pampa"),
    ],
    // 4: Brazil's scar healed, Ural scarred, Kyro worn.
    &[
        ("--date", "2026-01-24"),
        ("--player", "Dee=balkania:won@China"),
        ("--player", "Ann=bear:held-on@Alaska"),
        ("--player", "Bo=khan:held-on@Venezuela"),
        ("--player", "Chidi=saharan:eliminated@Madagascar"),
        ("--heal-scar", "Brazil"),
        ("--scar", "Ural=Ammo Shortage"),
        ("--wear", "Egypt=3"),
        ("--upgrade", "Bo:Venezuela"),
    ],
    // 5: Asia -1.
    &[
        ("--date", "2026-01-31"),
        ("--player", "Eve=mechaniker:won@Greenland"),
        ("--player", "Ann=bear:held-on@Alberta"),
        ("--player", "Bo=khan:held-on@Venezuela"),
        ("--player", "Dee=balkania:held-on@India"),
        ("--continent-bonus", "Asia=-1"),
        ("--upgrade", "Ann:Ontario"),
        ("--upgrade", "Dee:India"),
    ],
    // 6: Africa +1; Ann's second signature opens a packet.
    &[
        ("--date", "2026-02-07"),
        ("--player", "Ann=bear:won@Alaska"),
        ("--player", "Bo=khan:held-on"),
        ("--player", "Chidi=saharan:held-on"),
        ("--player", "Eve=mechaniker:eliminated"),
        ("--continent-bonus", "Africa=+1"),
        ("--minor-city", "Chidi:Madagascar=Tana"),
        ("--upgrade", "Bo:Peru"),
        ("--opened", "Second signature"),
    ],
    // 7: Brazil's card destroyed.
    &[
        ("--date", "2026-02-14"),
        ("--player", "Bo=khan:won"),
        ("--player", "Ann=bear:held-on"),
        ("--player", "Dee=balkania:held-on"),
        ("--player", "Chidi=saharan:held-on"),
        ("--destroy-card", "Brazil"),
        ("--upgrade", "Dee:China"),
        ("--upgrade", "Ann:Alaska"),
    ],
    // 8: a second major city, a scar.
    &[
        ("--date", "2026-02-21"),
        ("--player", "Chidi=saharan:won"),
        ("--player", "Eve=mechaniker:held-on"),
        ("--player", "Ann=bear:held-on"),
        ("--major-city", "Western Europe=Lutetia"),
        ("--minor-city", "Eve:Greenland=Nuuk"),
        ("--scar", "Kamchatka=Bunker"),
    ],
    // 9: Europe named.
    &[
        ("--date", "2026-02-28"),
        ("--player", "Dee=balkania:won"),
        ("--player", "Ann=bear:held-on"),
        ("--player", "Bo=khan:held-on"),
        ("--player", "Eve=mechaniker:held-on"),
        ("--name-continent", "Europe=Avalon"),
        ("--upgrade", "Eve:Iceland"),
    ],
    // 10: a minor city fortified; Kyro worn again.
    &[
        ("--date", "2026-03-07"),
        ("--player", "Eve=mechaniker:won"),
        ("--player", "Chidi=saharan:held-on"),
        ("--player", "Dee=balkania:held-on"),
        ("--fortify", "Peru"),
        ("--wear", "Egypt=2"),
        ("--upgrade", "Chidi:Madagascar"),
    ],
    // 11: a major city by the alias Congo.
    &[
        ("--date", "2026-03-14"),
        ("--player", "Ann=bear:won"),
        ("--player", "Bo=khan:held-on"),
        ("--player", "Chidi=saharan:held-on"),
        ("--player", "Dee=balkania:eliminated"),
        ("--major-city", "Congo=Nyota"),
        ("--minor-city", "Bo:Mongolia=Ulaan"),
        ("--upgrade", "Chidi:Egypt"),
    ],
    // 12: Australia named; Lima Nova worn.
    &[
        ("--date", "2026-03-21"),
        ("--player", "Bo=khan:won"),
        ("--player", "Eve=mechaniker:held-on"),
        ("--player", "Ann=bear:held-on"),
        ("--name-continent", "Australia=Oz"),
        ("--wear", "Peru=4"),
        ("--upgrade", "Eve:Greenland"),
    ],
    // 13: Kyro fortified anew (its 5 boxes left are lost), India scarred.
    &[
        ("--date", "2026-03-28"),
        ("--player", "Chidi=saharan:won"),
        ("--player", "Dee=balkania:held-on"),
        ("--player", "Bo=khan:held-on"),
        ("--player", "Ann=bear:held-on"),
        ("--fortify", "Egypt"),
        ("--upgrade", "Dee:Japan"),
        ("--scar", "India=Ammo Shortage"),
    ],
    // 14: Siberia's card destroyed, the new fortification worn.
    &[
        ("--date", "2026-04-04"),
        ("--player", "Dee=balkania:won"),
        ("--player", "Eve=mechaniker:held-on"),
        ("--player", "Chidi=saharan:held-on"),
        ("--destroy-card", "Siberia"),
        ("--wear", "Egypt=2"),
        ("--minor-city", "Eve:Alberta=Banff"),
        ("--upgrade", "Chidi:Madagascar"),
    ],
    // 15: Ural healed; the last rewarded game.
    &[
        ("--date", "2026-04-11"),
        ("--player", "Eve=mechaniker:won"),
        ("--player", "Ann=bear:held-on"),
        ("--player", "Bo=khan:held-on"),
        ("--player", "Dee=balkania:held-on"),
        ("--heal-scar", "Ural"),
        ("--upgrade", "Ann:Ontario"),
        ("--upgrade", "Bo:Peru"),
        ("--minor-city", "Dee:Yakutsk=Lena"),
        ("--note", "The last rewarded game."),
    ],
];

/// Flags given as (flag, value) pairs, as the command line takes them.
fn flags<'a>(pairs: &[(&'a str, &'a str)]) -> Vec<&'a str> {
    pairs
        .iter()
        .flat_map(|(flag, value)| [*flag, *value])
        .collect()
}

/// A campaign set up before game 1: `init`, the five starting powers, the twelve coins.
fn campaign_before_game_one(env: &TestEnv) {
    env.ok(&["init", "Earth"]);
    for (faction, power) in [
        ("bear", "a"),
        ("khan", "b"),
        ("saharan", "a"),
        ("balkania", "b"),
        ("mechaniker", "a"),
    ] {
        env.ok(&["power", faction, power]);
    }
    for coins in FIRST_COINS {
        let args: Vec<&str> = std::iter::once("coins")
            .chain(coins.iter().copied())
            .collect();
        env.ok(&args);
    }
}

/// The campaign of [`FIFTEEN_GAMES`], played through the binary.
fn fifteen_game_campaign() -> TestEnv {
    let env = TestEnv::new();
    campaign_before_game_one(&env);
    for (i, game) in FIFTEEN_GAMES.iter().enumerate() {
        let run = log_game(&env, &flags(game));
        assert!(
            run.stderr.contains(&format!("Game {} logged.", i + 1)),
            "game {}: {}",
            i + 1,
            run.stderr
        );
    }
    env
}

/// Checks the fields `expected` lists (the JSON may carry more: the contract says "at
/// least"); a null expected value must be null.
#[track_caller]
fn assert_fields(actual: &Value, expected: Value, what: &str) {
    if expected.is_null() {
        assert!(actual.is_null(), "{what}: expected null, got {actual}");
        return;
    }
    let fields = expected.as_object().expect("expected an object");
    assert!(
        actual.is_object(),
        "{what}: expected an object, got {actual}"
    );
    for (key, value) in fields {
        assert_eq!(&actual[key], value, "{what}: field {key} of {actual}");
    }
}

/// The change kinds of a game as `game show N --format json` lists them.
fn change_kinds(game: &Value) -> Vec<&str> {
    game["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .map(|c| c["kind"].as_str().expect("a kind"))
        .collect()
}

// 1. A whole campaign through the binary.

#[test]
fn board_after_fifteen_games_shows_what_the_games_did() {
    let env = fifteen_game_campaign();
    let board = env.json(&["board", "--format", "json"]);

    assert_eq!(board["campaign"], "Earth");
    assert_eq!(board["games_played"], 15);
    assert_eq!(board["world_name"], Value::Null);

    // Continents: name, given name, namer, printed bonus, change, bonus now.
    let continents = &board["continents"];
    assert_eq!(continents.as_array().unwrap().len(), 6);
    let expected = [
        ("North America", None, None, 5, None, 5),
        ("South America", Some("Amazonia"), Some("Bo"), 2, None, 2),
        ("Europe", Some("Avalon"), Some("Dee"), 5, None, 5),
        ("Africa", None, None, 3, Some(1), 4),
        ("Asia", None, None, 7, Some(-1), 6),
        ("Australia", Some("Oz"), Some("Bo"), 2, None, 2),
    ];
    for (name, given, by, printed, change, bonus) in expected {
        let c = find(continents, "name", name);
        assert_eq!(c["given_name"], json!(given), "{name}'s given name");
        assert_eq!(c["named_by"], json!(by), "{name}'s namer");
        assert_eq!(c["printed_bonus"], printed, "{name}'s printed bonus");
        assert_eq!(c["bonus_change"], json!(change), "{name}'s bonus change");
        assert_eq!(c["bonus"], bonus, "{name}'s bonus");
    }

    // Territories: all 42, each with its continent.
    let territories = &board["territories"];
    assert_eq!(territories.as_array().unwrap().len(), 42);
    let t = |name: &str| find(territories, "name", name).clone();
    assert_eq!(t("Central Africa")["continent"], "Africa");
    assert_eq!(t("Kamchatka")["continent"], "Asia");
    assert_eq!(t("Iceland")["continent"], "Europe");

    // Cities: three major, eight minor, each with founder and game.
    let cities = [
        ("Egypt", "major", "Kyro", "Ann", 1),
        ("Peru", "minor", "Lima Nova", "Bo", 1),
        ("Iceland", "minor", "Vík", "Eve", 2),
        ("Argentina", "minor", "Pampa", "Ann", 3),
        ("Madagascar", "minor", "Tana", "Chidi", 6),
        ("Western Europe", "major", "Lutetia", "Chidi", 8),
        ("Greenland", "minor", "Nuuk", "Eve", 8),
        ("Central Africa", "major", "Nyota", "Ann", 11),
        ("Mongolia", "minor", "Ulaan", "Bo", 11),
        ("Alberta", "minor", "Banff", "Eve", 14),
        ("Yakutsk", "minor", "Lena", "Dee", 15),
    ];
    for (territory, kind, name, founder, game) in cities {
        assert_fields(
            &t(territory)["city"],
            json!({"kind": kind, "name": name, "founder": founder, "game": game}),
            &format!("the city in {territory}"),
        );
    }
    let with_city = territories
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| !t["city"].is_null())
        .count();
    assert_eq!(with_city, cities.len(), "no other territory has a city");

    // Scars: two standing; Brazil's and Ural's were healed.
    assert_fields(
        &t("Kamchatka")["scar"],
        json!({"kind": "Bunker", "game": 8}),
        "Kamchatka's scar",
    );
    assert_fields(
        &t("India")["scar"],
        json!({"kind": "Ammo Shortage", "game": 13}),
        "India's scar",
    );
    assert_eq!(t("Brazil")["scar"], Value::Null, "healed in game 4");
    assert_eq!(t("Ural")["scar"], Value::Null, "healed in game 15");
    let scarred = territories
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| !t["scar"].is_null())
        .count();
    assert_eq!(scarred, 2);

    // Fortifications: Kyro fortified anew in 13 then worn 2; Lima Nova fortified in 10,
    // worn 4.
    assert_fields(
        &t("Egypt")["fortification"],
        json!({"boxes_left": 8, "game": 13}),
        "Kyro's fortification",
    );
    assert_fields(
        &t("Peru")["fortification"],
        json!({"boxes_left": 6, "game": 10}),
        "Lima Nova's fortification",
    );
    let fortified = territories
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| !t["fortification"].is_null())
        .count();
    assert_eq!(fortified, 2);

    // Cards: printed coin + first coins + upgrades; two destroyed.
    let cards = [
        ("Alaska", 5, false),
        ("Peru", 5, false),
        ("Egypt", 4, false),
        ("China", 3, false),
        ("Japan", 4, false),
        ("India", 3, false),
        ("Brazil", 2, true),
        ("Ontario", 4, false),
        ("Iceland", 3, false),
        ("Madagascar", 4, false),
        ("Scandinavia", 2, false),
        ("Venezuela", 2, false),
        ("Greenland", 2, false),
        ("Siberia", 1, true),
        ("Argentina", 1, false),
        ("Eastern Australia", 1, false),
    ];
    for (territory, resources, destroyed) in cards {
        let card = &t(territory)["card"];
        assert_eq!(card["resources"], resources, "{territory}'s card resources");
        assert_eq!(card["destroyed"], destroyed, "{territory}'s card destroyed");
    }
    let total: u64 = territories
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["card"]["resources"].as_u64().unwrap())
        .sum();
    assert_eq!(total, 42 + 30, "42 printed coins and 30 coin stickers");

    // Pools on the board.
    let pools = &board["pools"];
    assert_fields(
        find(pools, "kind", "major_city"),
        json!({"kind": "major_city", "capacity": 5, "used": 3, "left": 2}),
        "the major_city pool",
    );
    assert_eq!(find(pools, "kind", "coin_sticker")["used"], 30);

    // Signatures: one per game, the winner's, with faction and date.
    let signatures = board["signatures"].as_array().unwrap();
    assert_eq!(signatures.len(), 15);
    let winners = [
        ("Ann", "Enclave of the Bear"),
        ("Bo", "Khan Industries"),
        ("Chidi", "Saharan Republic"),
        ("Dee", "Imperial Balkania"),
        ("Eve", "Die Mechaniker"),
    ];
    let dates = [
        "2026-01-03",
        "2026-01-10",
        "2026-01-17",
        "2026-01-24",
        "2026-01-31",
        "2026-02-07",
        "2026-02-14",
        "2026-02-21",
        "2026-02-28",
        "2026-03-07",
        "2026-03-14",
        "2026-03-21",
        "2026-03-28",
        "2026-04-04",
        "2026-04-11",
    ];
    for (i, signature) in signatures.iter().enumerate() {
        let (player, faction) = winners[i % 5];
        assert_fields(
            signature,
            json!({"game": i + 1, "player": player, "faction": faction, "date": dates[i]}),
            &format!("signature {}", i + 1),
        );
    }
}

#[test]
fn game_list_and_game_show_after_fifteen_games() {
    let env = fifteen_game_campaign();
    let list = env.json(&["game", "list", "--format", "json"]);
    let games = list["games"].as_array().expect("games");
    assert_eq!(games.len(), 15);
    let numbers: Vec<u64> = games.iter().map(|g| g["game"].as_u64().unwrap()).collect();
    assert_eq!(numbers, (1..=15).collect::<Vec<u64>>());
    assert_eq!(games[6]["winner"], "Bo");
    assert_eq!(games[6]["date"], "2026-02-14");

    // Game 6: players in seating order, with factions, results and HQs.
    let game = env.json(&["game", "show", "6", "--format", "json"]);
    assert_eq!(game["game"], 6);
    assert_eq!(game["date"], "2026-02-07");
    assert_eq!(game["winner"], "Ann");
    let players: Vec<(String, String, String, Value)> = game["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["person"].as_str().unwrap().to_string(),
                p["faction"].as_str().unwrap().to_string(),
                p["result"].as_str().unwrap().to_string(),
                p["hq"].clone(),
            )
        })
        .collect();
    let s = String::from;
    assert_eq!(
        players,
        vec![
            (
                s("Ann"),
                s("Enclave of the Bear"),
                s("won"),
                json!("Alaska")
            ),
            (s("Bo"), s("Khan Industries"), s("held-on"), Value::Null),
            (s("Chidi"), s("Saharan Republic"), s("held-on"), Value::Null),
            (s("Eve"), s("Die Mechaniker"), s("eliminated"), Value::Null),
        ]
    );
    // Its changes: the signature, the reward, the held-on rewards clockwise from the
    // winner (Bo before Chidi, whatever the order of the flags), the elimination, the
    // packet.
    assert_eq!(
        change_kinds(&game),
        [
            "signature",
            "continent_bonus",
            "resource",
            "minor_city",
            "eliminated",
            "packet"
        ]
    );
    let changes = game["changes"].as_array().unwrap();
    assert_eq!(changes[1]["person"], "Ann");
    assert_eq!(changes[1]["continent"], "Africa");
    assert_eq!(changes[2]["person"], "Bo");
    assert_eq!(changes[2]["territory"], "Peru");
    assert_eq!(changes[3]["person"], "Chidi");
    assert_eq!(changes[3]["territory"], "Madagascar");
    assert!(changes[3]["text"].as_str().unwrap().contains("Tana"));
    assert_eq!(changes[4]["person"], "Eve");
    assert_eq!(game["opened"], json!(["Second signature"]));

    // Game 1 carries its note, scar and packet.
    let first = env.json(&["game", "show", "1", "--format", "json"]);
    assert_eq!(first["note"], "First blood in the south.");
    assert_eq!(first["opened"], json!(["First elimination"]));
    assert_eq!(
        change_kinds(&first),
        [
            "scar",
            "signature",
            "major_city",
            "minor_city",
            "resource",
            "eliminated",
            "packet"
        ]
    );
    let hqs: Vec<&str> = first["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["hq"].as_str().unwrap())
        .collect();
    assert_eq!(hqs, ["Alaska", "Peru", "Egypt", "Japan"]);

    // Game 13: re-fortifying Kyro is a fortify change on Egypt.
    let thirteen = env.json(&["game", "show", "13", "--format", "json"]);
    let fortify = find(&thirteen["changes"], "kind", "fortify");
    assert_eq!(fortify["territory"], "Egypt");
    assert_eq!(fortify["person"], "Chidi");

    // There is no game 16.
    env.test()
        .args(["game", "show", "16", "--format", "json"])
        .stderr_has("16")
        .status(1)
        .run();
}

#[test]
fn pool_left_counts_after_fifteen_games() {
    let env = fifteen_game_campaign();
    let pools = env.json(&["pool", "--format", "json"]);
    let expected = [
        ("continent_name", 6, 3),
        ("major_city", 5, 3),
        ("minor_city", 9, 8),
        ("fortification", 5, 3),
        ("scar_cover", 4, 2),
        ("bonus_plus", 1, 1),
        ("bonus_minus", 1, 1),
        ("coin_sticker", 35, 30),
        ("world_capital", 1, 0),
        ("scar:Bunker", 3, 2),
        ("scar:Ammo Shortage", 3, 2),
    ];
    let rows = pools["pools"].as_array().expect("pools");
    assert_eq!(rows.len(), expected.len());
    for (kind, capacity, used) in expected {
        assert_fields(
            find(&pools["pools"], "kind", kind),
            json!({"kind": kind, "capacity": capacity, "used": used, "left": capacity - used}),
            &format!("the {kind} pool"),
        );
    }
    // `board` agrees with `pool`.
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(board["pools"], pools["pools"]);
}

// 2. Refusals write nothing.

/// Runs a game the rules refuse: exit 1, the rule named on stderr, the content unchanged.
fn assert_refused(env: &TestEnv, flags: &[&str], rule: &str) -> Run {
    game_log(env, flags)
        .status(1)
        .stderr_has(rule)
        .stderr_has("Nothing was written.")
        .writes_nothing()
        .run()
}

#[test]
fn refused_games_exit_1_name_the_rule_and_write_nothing() {
    let env = TestEnv::new();
    campaign_before_game_one(&env);
    log_game(&env, &flags(FIFTEEN_GAMES[0]));

    // Two players.
    assert_refused(
        &env,
        &[
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--fortify",
            "Egypt",
        ],
        "3 to 5 players",
    );
    // Two winners.
    assert_refused(
        &env,
        &[
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:won",
            "--player",
            "Chidi=saharan:held-on",
            "--fortify",
            "Egypt",
        ],
        "exactly one winner",
    );
    // A major city on Kyro.
    let run = assert_refused(
        &env,
        &[
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Chidi=saharan:held-on",
            "--major-city",
            "Egypt=New Kyro",
        ],
        "a city never covers another city",
    );
    assert!(run.stderr.contains("Kyro"), "{}", run.stderr);
    // A minor city on Lima Nova, by a player who held on.
    assert_refused(
        &env,
        &[
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Chidi=saharan:held-on",
            "--fortify",
            "Egypt",
            "--minor-city",
            "Chidi:Peru=Cusco",
        ],
        "a city never covers another city",
    );
    // An unknown territory, with the closest match offered.
    let run = assert_refused(
        &env,
        &[
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Chidi=saharan:held-on",
            "--major-city",
            "Brasil=Rio",
        ],
        "\"Brasil\"",
    );
    assert!(
        run.stderr.contains("Brazil"),
        "should suggest Brazil:\n{}",
        run.stderr
    );
    assert!(run.stdout.is_empty(), "{}", run.stdout);

    // The campaign still has its one game.
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(board["games_played"], 1);
}

#[test]
fn a_reward_after_game_fifteen_is_refused_but_scars_still_count() {
    let env = fifteen_game_campaign();
    let sixteen = [
        "--date",
        "2026-04-18",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:held-on",
    ];
    let with = |extra: &[&'static str]| -> Vec<&str> {
        sixteen.iter().chain(extra).copied().collect::<Vec<&str>>()
    };
    assert_refused(
        &env,
        &with(&["--major-city", "Japan=Edo"]),
        "rewards stop after the 15th game",
    );
    assert_refused(
        &env,
        &with(&["--upgrade", "Bo:Japan"]),
        "rewards stop after the 15th game",
    );
    // Without a reward, game 16 is logged, and its scar counts.
    log_game(&env, &with(&["--scar", "Japan=Bunker"]));
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(board["games_played"], 16);
    assert_fields(
        &find(&board["territories"], "name", "Japan")["scar"],
        json!({"kind": "Bunker", "game": 16}),
        "Japan's scar",
    );
}

#[test]
fn dry_run_prints_the_changes_and_writes_nothing() {
    let env = TestEnv::new();
    campaign_before_game_one(&env);
    let before = env.dump();
    let bytes = env.db_bytes();
    let mut game = flags(FIFTEEN_GAMES[0]);
    game.push("--dry-run");
    game_log(&env, &game)
        .stdout_has("Kyro")
        .stdout_has("Lima Nova")
        .stderr_has("Dry run")
        .stderr_has("Nothing was written")
        .writes_nothing()
        .run();
    assert_eq!(env.dump(), before, "a dry run changed the database");
    assert_eq!(env.db_bytes(), bytes, "a dry run changed the database file");

    // The JSON form says it was not written, with the changes it would make.
    game.extend(["--format", "json"]);
    let report = log_game(&env, &game).json();
    assert_eq!(report["written"], false);
    assert_eq!(report["game"]["game"], 1);
    assert_eq!(
        change_kinds(&report["game"]),
        [
            "scar",
            "signature",
            "major_city",
            "minor_city",
            "resource",
            "eliminated",
            "packet"
        ]
    );
    assert_eq!(env.dump(), before);
    assert_eq!(env.json(&["board", "--format", "json"])["games_played"], 0);
}

// 3. A newer database.

#[test]
fn a_database_from_a_newer_chronicle_is_refused_with_exit_3() {
    let env = TestEnv::new();
    env.ok(&["init"]);
    {
        let conn = env.connect();
        conn.execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum)
             VALUES (9999, 'from_the_future', '2030-01-01T00:00:00Z', '0')",
            [],
        )
        .expect("a newer version row");
    }
    let before = env.dump();
    env.test()
        .arg("board")
        .stdout("")
        .stderr_has("newer")
        .status(3)
        .run();
    // A command that would write is refused the same way, and writes nothing.
    env.test()
        .args(["power", "bear", "a"])
        .stderr_has("newer")
        .status(3)
        .writes_nothing()
        .run();
    assert_eq!(env.dump(), before);
}

// 4. Exit codes.

#[test]
fn usage_errors_exit_2() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    let before = env.dump();
    game_log(&env, &["--player", "Ann"])
        .stderr_has("NAME=FACTION:RESULT")
        .status(2)
        .run();
    game_log(
        &env,
        &[
            "--player",
            "Ann=bear:champion",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
        ],
    )
    .stderr_has("champion")
    .status(2)
    .run();
    env.test()
        .arg("frobnicate")
        .stderr_has("frobnicate")
        .status(2)
        .run();
    env.test()
        .args(["board", "--format", "yaml"])
        .status(2)
        .run();
    env.test().args(["game", "show", "one"]).status(2).run();
    assert_eq!(env.dump(), before);
}

#[test]
fn a_missing_database_exits_3_and_is_not_created() {
    let env = TestEnv::new();
    env.test()
        .arg("board")
        .stderr_has("chronicle init")
        .status(3)
        .run();
    assert!(!env.db_path().exists(), "board created the database");
    env.test().args(["game", "list"]).status(3).run();
    assert!(!env.db_path().exists());
}

#[test]
fn a_file_that_is_not_a_database_exits_3_without_a_panic() {
    let env = TestEnv::new();
    let text = env.dir().join("notes.txt");
    let content = "Game night on Friday. Bring snacks.\n".repeat(20);
    std::fs::write(&text, &content).unwrap();
    let path = text.to_str().unwrap();
    for args in [
        &["--db", path, "board"][..],
        &["--db", path, "init"],
        &["--db", path, "game", "list", "--format", "json"],
        &["--db", path, "demo"],
    ] {
        env.test()
            .args(args)
            .env_var("RUST_BACKTRACE", "1")
            .stderr_has("not a chronicle database")
            .stderr_lacks("panicked")
            .status(3)
            .run();
        assert_eq!(
            std::fs::read_to_string(&text).unwrap(),
            content,
            "{args:?} changed the file"
        );
    }
}

#[test]
fn a_directory_as_database_exits_3() {
    let env = TestEnv::new();
    let folder = env.dir().join("a-folder");
    std::fs::create_dir(&folder).unwrap();
    let path = folder.to_str().unwrap();
    for args in [&["--db", path, "board"][..], &["--db", path, "init"]] {
        env.test()
            .args(args)
            .stderr_has("directory")
            .status(3)
            .run();
    }
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
}

// 5. Names in any script.

#[test]
fn names_in_any_script_survive_export_and_import() {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Земля"]);
    log_game(
        &env,
        &[
            "--date",
            "2026-01-10",
            "--player",
            "Дмитрий=balkania:won@Japan",
            "--player",
            "Zoë=bear:held-on@Alaska",
            "--player",
            "李华=khan:held-on@Peru",
            "--name-continent",
            "Europe=Офигеназия",
            "--minor-city",
            "Zoë:Scandinavia=Čechy",
            "--minor-city",
            "李华:Peru=長安",
        ],
    );
    log_game(
        &env,
        &[
            "--date",
            "2026-01-17",
            "--player",
            "дмитрий=balkania:won",
            "--player",
            "Zoë=bear:held-on",
            "--player",
            "李华=khan:held-on",
            "--major-city",
            "Egypt=Αλεξάνδρεια",
        ],
    );
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(board["campaign"], "Земля");
    let europe = find(&board["continents"], "name", "Europe");
    assert_eq!(europe["given_name"], "Офигеназия");
    assert_eq!(europe["named_by"], "Дмитрий");
    let territory = |name: &str| find(&board["territories"], "name", name)["city"].clone();
    assert_fields(
        &territory("Scandinavia"),
        json!({"kind": "minor", "name": "Čechy", "founder": "Zoë", "game": 1}),
        "the city in Scandinavia",
    );
    assert_eq!(territory("Peru")["name"], "長安");
    assert_eq!(territory("Peru")["founder"], "李华");
    assert_fields(
        &territory("Egypt"),
        json!({"kind": "major", "name": "Αλεξάνδρεια", "founder": "Дмитрий", "game": 2}),
        "the city in Egypt",
    );
    let players: Vec<&str> = board["signatures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["player"].as_str().unwrap())
        .collect();
    assert_eq!(players, ["Дмитрий", "Дмитрий"]);

    // The continent's given name finds it again, and the table prints the names intact.
    env.test()
        .args(["board", "--continent", "офигеназия"])
        .stdout_has("Офигеназия")
        .stdout_has("Čechy")
        .run();
    env.test()
        .args(["board", "--continent", "Africa"])
        .stdout_has("Αλεξάνδρεια")
        .run();
    // The campaign is found by its name in any case.
    env.ok(&["--campaign", "ЗЕМЛЯ", "game", "list"]);
}

// 6. Several campaigns in one database.

#[test]
fn several_campaigns_are_chosen_by_use_or_by_flag() {
    let env = TestEnv::new();
    env.ok(&["init", "Alpha"]);
    env.ok(&["init", "Beta"]);
    // `--campaign` ignores case; each campaign keeps its own log.
    env.ok(&["--campaign", "alpha", "power", "bear", "a"]);
    env.ok(&["--campaign", "BETA", "power", "bear", "b"]);
    let powers = |campaign: &str| {
        let json = env.json(&["--campaign", campaign, "power", "--format", "json"]);
        find(&json["factions"], "faction", "Enclave of the Bear")["kept"].clone()
    };
    assert_eq!(powers("Alpha"), "a");
    assert_eq!(powers("beta"), "b");

    // `campaign use` makes the bare command work on that campaign.
    env.test()
        .args(["campaign", "use", "Alpha"])
        .stderr_has("Alpha")
        .run();
    assert_eq!(
        env.json(&["board", "--format", "json"])["campaign"],
        "Alpha"
    );
    env.ok(&["campaign", "use", "beta"]);
    assert_eq!(env.json(&["board", "--format", "json"])["campaign"], "Beta");
    // CHRONICLE_CAMPAIGN does what --campaign does.
    let board = env
        .test()
        .args(["board", "--format", "json"])
        .env_var("CHRONICLE_CAMPAIGN", "alpha")
        .json();
    assert_eq!(board["campaign"], "Alpha");

    // `campaign list` lists both, the one in use marked.
    let list = env.json(&["campaign", "list", "--format", "json"]);
    let campaigns = list["campaigns"].as_array().unwrap();
    let names: Vec<&str> = campaigns
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Alpha", "Beta"]);
    assert_eq!(find(&list["campaigns"], "name", "Beta")["current"], true);
    assert_eq!(find(&list["campaigns"], "name", "Alpha")["current"], false);

    // An unknown campaign is refused, naming the ones there are.
    env.test()
        .args(["--campaign", "Gamma", "board"])
        .stderr_has("Gamma")
        .status(1)
        .run();
    // A second campaign of the same name (in any case) is refused.
    env.test()
        .args(["init", "ALPHA"])
        .stderr_has("exists already")
        .status(1)
        .writes_nothing()
        .run();
}

#[test]
fn with_no_campaign_in_use_a_bare_command_names_them_all() {
    let env = TestEnv::new();
    env.ok(&["init", "Alpha"]);
    env.ok(&["init", "Beta"]);
    // A database where no campaign was chosen yet (as written before `campaign use`
    // existed, or by hand).
    env.connect()
        .execute("DELETE FROM setting WHERE key = 'current_campaign'", [])
        .unwrap();
    let before = env.dump();
    env.test()
        .arg("board")
        .stderr_has("Alpha")
        .stderr_has("Beta")
        .stderr_has("--campaign")
        .status(1)
        .run();
    env.test()
        .args(["power", "bear", "a"])
        .stderr_has("Alpha")
        .stderr_has("Beta")
        .status(1)
        .run();
    assert_eq!(env.dump(), before);
    env.ok(&["campaign", "use", "Alpha"]);
    assert_eq!(
        env.json(&["board", "--format", "json"])["campaign"],
        "Alpha"
    );
}

#[test]
fn after_two_inits_a_bare_command_uses_the_one_last_started() {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Alpha"]);
    env.init_set_up(&["init", "Beta"]);
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(board["campaign"], "Beta");
}

// 7. The demo.

#[test]
fn demo_writes_a_sixteen_game_campaign_and_replaces_it_when_run_again() {
    let env = TestEnv::new();
    let db = env.dir().join("demo-here.db");
    let db = db.to_str().unwrap();
    env.test()
        .args(["--db", db, "demo"])
        .stdout_has("Demo")
        .stderr_has(db) // says where the demo is
        .run();
    let board = env.json(&["--db", db, "board", "--format", "json"]);
    assert_eq!(board["campaign"], "Demo");
    assert_eq!(board["games_played"], 16);
    // Game 16 is played after the fifteenth and signs nothing (rules §2.3).
    assert_eq!(board["signatures"].as_array().unwrap().len(), 15);
    let games = env.json(&["--db", db, "game", "list", "--format", "json"]);
    assert_eq!(games["games"].as_array().unwrap().len(), 16);

    // Run again: the demo is replaced by the same sixteen games, not added to.
    env.ok(&["--db", db, "demo"]);
    let list = env.json(&["--db", db, "campaign", "list", "--format", "json"]);
    let campaigns = list["campaigns"].as_array().unwrap();
    assert_eq!(campaigns.len(), 1, "{list:#}");
    assert_fields(
        &campaigns[0],
        json!({"name": "Demo", "demo": true, "games_played": 16}),
        "the demo campaign",
    );
    assert_eq!(env.json(&["--db", db, "board", "--format", "json"]), board);
    assert_eq!(
        env.json(&["--db", db, "game", "list", "--format", "json"]),
        games
    );

    // Beside a real campaign, the demo replaces only itself.
    env.ok(&["--db", db, "init", "Earth"]);
    env.ok(&["--db", db, "--campaign", "Earth", "power", "bear", "b"]);
    let earth = env.json(&[
        "--db",
        db,
        "--campaign",
        "Earth",
        "power",
        "--format",
        "json",
    ]);
    env.ok(&["--db", db, "demo"]);
    let list = env.json(&["--db", db, "campaign", "list", "--format", "json"]);
    let names: Vec<&str> = list["campaigns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names.iter().filter(|n| **n == "Demo").count(),
        1,
        "{names:?}"
    );
    assert!(names.contains(&"Earth"), "{names:?}");
    assert_eq!(
        env.json(&[
            "--db",
            db,
            "--campaign",
            "Earth",
            "power",
            "--format",
            "json"
        ]),
        earth
    );
    assert_eq!(
        env.json(&[
            "--db",
            db,
            "--campaign",
            "Demo",
            "board",
            "--format",
            "json"
        ]),
        board
    );
    // CHRONICLE_DB's own database was never touched.
    assert!(!env.db_path().exists());
}

#[test]
fn demo_never_replaces_a_real_campaign_called_demo() {
    let env = TestEnv::new();
    env.ok(&["init", "Demo"]);
    env.ok(&["power", "bear", "a"]);
    let db = env.db_path().to_str().unwrap().to_string();
    env.test()
        .args(["--db", &db, "demo"])
        .stdout("")
        .stderr_has("not a demo campaign")
        .status(1)
        .writes_nothing()
        .run();
    let board = env.json(&["--campaign", "demo", "board", "--format", "json"]);
    assert_eq!(board["campaign"], "Demo");
    assert_eq!(board["games_played"], 0);
    let list = env.json(&["campaign", "list", "--format", "json"]);
    assert_eq!(list["campaigns"].as_array().unwrap().len(), 1);
    assert_eq!(list["campaigns"][0]["demo"], false);
}

#[test]
fn demo_ignores_chronicle_db_and_leaves_the_real_database_alone() {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    let before = env.dump();
    env.ok(&["demo"]);
    assert_eq!(env.dump(), before, "CHRONICLE_DB's database was touched");
    assert!(env.data_home().join("chronicle").join("demo.db").is_file());
}

#[test]
fn demo_into_a_shared_database_keeps_the_current_campaign() {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    let db = env.db_path().to_str().unwrap().to_string();
    env.test()
        .args(["--db", &db, "demo"])
        .stderr_has("--campaign Demo")
        .run();
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(board["campaign"], "Earth");
    let demo = env.json(&["--campaign", "Demo", "board", "--format", "json"]);
    assert_eq!(demo["games_played"], 16);
}

#[test]
fn demo_without_db_writes_into_the_data_folder() {
    let env = TestEnv::new();
    let demo = env.data_home().join("chronicle").join("demo.db");
    env.test()
        .arg("demo")
        .env_remove("CHRONICLE_DB")
        .stderr_has(demo.to_str().unwrap())
        .run();
    assert!(demo.is_file(), "no {}", demo.display());
    assert!(!env.db_path().exists());
    assert!(
        !env.data_home()
            .join("chronicle")
            .join("chronicle.db")
            .exists(),
        "the demo wrote into the default database"
    );
    let board = env.json(&["--db", demo.to_str().unwrap(), "board", "--format", "json"]);
    assert_eq!(board["campaign"], "Demo");
    assert_eq!(board["games_played"], 16);
}

// 8. People are matched ignoring case.

#[test]
fn a_person_typed_in_another_case_is_the_same_person() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    log_game(
        &env,
        &[
            "--date",
            "2026-01-10",
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
    let run = log_game(
        &env,
        &[
            "--date",
            "2026-01-17",
            "--player",
            "ann=bear:won",
            "--player",
            "BO=khan:held-on",
            "--player",
            "cy=saharan:held-on",
            "--fortify",
            "Egypt",
            "--upgrade",
            "bo:Peru",
            "--format",
            "json",
        ],
    );
    let report = run.json();
    assert_eq!(report["new_people"], json!([]), "nobody is new");
    let board = env.json(&["board", "--format", "json"]);
    let signatures: Vec<(u64, &str)> = board["signatures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["game"].as_u64().unwrap(), s["player"].as_str().unwrap()))
        .collect();
    assert_eq!(signatures, [(1, "Ann"), (2, "Ann")]);
    let game = env.json(&["game", "show", "2", "--format", "json"]);
    assert_eq!(game["winner"], "Ann");
    let people: Vec<&str> = game["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["person"].as_str().unwrap())
        .collect();
    assert_eq!(people, ["Ann", "Bo", "Cy"]);
    assert_eq!(find(&game["changes"], "kind", "resource")["person"], "Bo");
    // Listing one person twice in another case is refused.
    game_log(
        &env,
        &[
            "--date",
            "2026-01-24",
            "--player",
            "Ann=bear:won",
            "--player",
            "ANN=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--fortify",
            "Egypt",
        ],
    )
    .stderr_has("listed twice")
    .status(1)
    .run();
}

// 9. Every winner's reward has its change kind.

#[test]
fn each_winners_reward_shows_as_its_change_kind() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    let players = [
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Cy=saharan:held-on",
    ];
    let rewards: [(&[&str], &str); 7] = [
        (
            &["--major-city", "Egypt=Kyro", "--scar", "Brazil=Bunker"],
            "major_city",
        ),
        (&["--name-continent", "Asia=Steppe"], "continent_name"),
        (&["--heal-scar", "Brazil"], "heal"),
        (&["--continent-bonus", "Africa=+1"], "continent_bonus"),
        (&["--continent-bonus", "Europe=-1"], "continent_bonus"),
        (&["--fortify", "Egypt"], "fortify"),
        (&["--destroy-card", "Peru"], "destroy_card"),
    ];
    // And the held-on rewards: a minor city and a resource.
    let held_on: [&[&str]; 7] = [
        &["--minor-city", "Bo:Japan=Edo"],
        &["--upgrade", "Cy:China"],
        &[],
        &[],
        &[],
        &[],
        &[],
    ];
    let reward_kinds = [
        "continent_name",
        "major_city",
        "heal",
        "continent_bonus",
        "fortify",
        "destroy_card",
    ];
    for (i, (flags, kind)) in rewards.iter().enumerate() {
        let number = (i + 1).to_string();
        let date = format!("2026-01-{:02}", i + 1);
        let args: Vec<&str> = ["--date", &date]
            .into_iter()
            .chain(players)
            .chain(flags.iter().copied())
            .chain(held_on[i].iter().copied())
            .collect();
        log_game(&env, &args);
        let game = env.json(&["game", "show", &number, "--format", "json"]);
        let kinds = change_kinds(&game);
        let given: Vec<&str> = kinds
            .iter()
            .copied()
            .filter(|k| reward_kinds.contains(k))
            .collect();
        assert_eq!(given, [*kind], "game {number}: {kinds:?}");
        let change = find(&game["changes"], "kind", kind);
        assert_eq!(change["person"], "Ann", "game {number}");
        assert!(
            game["reward"]
                .as_str()
                .is_some_and(|r| change["text"].as_str().unwrap().ends_with(r)),
            "game {number}: reward {} vs {}",
            game["reward"],
            change["text"]
        );
    }
    let first = env.json(&["game", "show", "1", "--format", "json"]);
    assert_eq!(
        find(&first["changes"], "kind", "minor_city")["person"],
        "Bo"
    );
    let second = env.json(&["game", "show", "2", "--format", "json"]);
    assert_eq!(find(&second["changes"], "kind", "resource")["person"], "Cy");
    let board = env.json(&["board", "--format", "json"]);
    let continent = |name: &str| find(&board["continents"], "name", name).clone();
    assert_eq!(continent("Asia")["given_name"], "Steppe");
    assert_eq!(continent("Africa")["bonus"], 4);
    assert_eq!(continent("Europe")["bonus"], 4);
    assert_eq!(continent("Europe")["bonus_change"], -1);
    let territory = |name: &str| find(&board["territories"], "name", name).clone();
    assert_eq!(territory("Brazil")["scar"], Value::Null);
    assert_eq!(territory("Egypt")["fortification"]["game"], 6);
    assert_eq!(territory("Peru")["card"]["destroyed"], true);
}

// More that a group relies on.

#[test]
fn a_database_busy_with_another_writer_exits_3_and_reads_still_work() {
    let env = TestEnv::new();
    env.ok(&["init"]);
    let conn = env.connect();
    conn.execute_batch(
        "BEGIN IMMEDIATE; INSERT INTO setting (key, value) VALUES ('held', 'by a test');",
    )
    .unwrap();
    env.test()
        .args(["power", "bear", "a"])
        .env_var("CHRONICLE_BUSY_MS", "200")
        .stderr_has("busy")
        .status(3)
        .run();
    // Reading while another writes is fine (WAL).
    env.test()
        .args(["board", "--format", "json"])
        .env_var("CHRONICLE_BUSY_MS", "200")
        .run();
    conn.execute_batch("ROLLBACK;").unwrap();
    env.ok(&["power", "bear", "a"]);
}

#[test]
fn a_game_that_meets_a_packet_condition_says_so_and_the_packet_opens_once() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    let game = |date: &'static str, extra: &[&'static str]| -> Vec<&'static str> {
        let mut flags = vec![
            "--date",
            date,
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:eliminated",
            "--format",
            "json",
        ];
        flags.extend(extra);
        flags
    };
    // Not met yet: opening it is refused.
    game_log(
        &env,
        &game(
            "2026-01-01",
            &["--major-city", "Egypt=Kyro", "--opened", "Second signature"],
        ),
    )
    .stderr_has("Second signature")
    .status(1)
    .run();
    // The first elimination meets its packet's condition: the report says so.
    let report = log_game(&env, &game("2026-01-01", &["--major-city", "Egypt=Kyro"])).json();
    assert_eq!(report["written"], true);
    let met: Vec<&str> = report["packets_met"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["packet"].as_str().unwrap())
        .collect();
    assert_eq!(met, ["First elimination"]);
    assert_eq!(report["new_people"], json!(["Ann", "Bo", "Cy"]));
    // Ann's second signature; the first packet is opened now.
    let report = log_game(
        &env,
        &game(
            "2026-01-08",
            &["--fortify", "Egypt", "--opened", "First elimination"],
        ),
    )
    .json();
    let met: Vec<&str> = report["packets_met"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["packet"].as_str().unwrap())
        .collect();
    assert_eq!(met, ["Second signature"]);
    assert_eq!(report["game"]["opened"], json!(["First elimination"]));
    // A packet opens once.
    game_log(
        &env,
        &game(
            "2026-01-15",
            &["--destroy-card", "Peru", "--opened", "First elimination"],
        ),
    )
    .stderr_has("opens once")
    .status(1)
    .writes_nothing()
    .run();
}

#[test]
fn help_lists_every_command_with_its_summary_and_each_command_its_flags() {
    // Each subcommand's flags are built only when needed; the help must not show it.
    let env = TestEnv::new();
    let help = env.ok(&["--help"]).stdout;
    for (command, summary) in [
        ("init", "Start a new campaign on the standard board"),
        ("board", "The world now: continents, territories"),
        ("history", "What happened, in order"),
        ("export", "Export the whole campaign"),
        ("demo", "Build the sample campaign"),
        (
            "game",
            "The games: log one, correct one or insert a forgotten one",
        ),
        ("undo", "Take back the latest entry of any kind"),
        ("person", "People of the campaign: rename one"),
    ] {
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{command} ")))
            .unwrap_or_else(|| panic!("no line for {command} in\n{help}"));
        assert!(line.contains(summary), "{command}: {line}");
    }
    env.test().args(["help"]).stdout(&help).run();
    env.test()
        .args(["board", "--help"])
        .stdout_has("--continent")
        .run();
    env.test()
        .args(["game", "log", "--help"])
        .stdout_has("--player")
        .stdout_has("--dry-run")
        .run();
    env.test()
        .args(["board", "--no-such-flag"])
        .stderr_has("--no-such-flag")
        .status(2)
        .run();
}
