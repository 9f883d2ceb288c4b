//! Rewrites of the log through the binary, as groups meet them: a game edited, a game
//! inserted, two people merged, two devices' branches kept both. Each is checked by every
//! rule, the world's name and a packet's condition included: a rewrite that would make a
//! later entry illegal is refused, names that entry and the rule, and writes nothing.
//! Then the cases the rulebook leaves open that real groups met, each decided.

use serde_json::Value;

use crate::common::{TestEnv, db_bytes, find};

/// The day game `n` was played: a week apart from 3 January 2026.
fn day(n: u32) -> String {
    let first = chrono::NaiveDate::from_ymd_opt(2026, 1, 3).unwrap();
    (first + chrono::Days::new(7 * u64::from(n - 1))).to_string()
}

/// The faction word each person of these campaigns plays.
fn faction(person: &str) -> &'static str {
    match person {
        "Ann" => "bear",
        "Bo" | "Bob" => "khan",
        "Cy" => "saharan",
        _ => "balkania",
    }
}

/// The flags of game `n` played by `people`: the winner first, the others held on, the
/// winner declining the reward; then `extra`.
fn flags(n: u32, people: &[&str], extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = vec!["--date".into(), day(n)];
    for (i, person) in people.iter().enumerate() {
        let result = if i == 0 { "won" } else { "held-on" };
        args.push("--player".into());
        args.push(format!("{person}={}:{result}", faction(person)));
    }
    if n <= 15 {
        args.push("--no-reward".into());
    }
    args.extend(extra.iter().map(ToString::to_string));
    args
}

fn with<'a>(head: &[&'a str], rest: &'a [String]) -> Vec<&'a str> {
    let mut args = head.to_vec();
    args.extend(rest.iter().map(String::as_str));
    args
}

/// Logs game `n` won by `winner`, with Ann, Bo and Cy at the table.
fn log(env: &TestEnv, n: u32, winner: &str, extra: &[&str]) {
    let people = table(winner);
    env.ok(&with(&["game", "log"], &flags(n, &people, extra)));
}

/// Ann, Bo and Cy with `winner` first.
fn table(winner: &str) -> Vec<&str> {
    let mut people = vec![winner];
    people.extend(["Ann", "Bo", "Cy"].into_iter().filter(|p| *p != winner));
    people
}

/// A campaign set up for game 1, with games won by `winners` in turn.
fn campaign(winners: &[&str]) -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    for (n, winner) in (1..).zip(winners) {
        log(&env, n, winner, &[]);
    }
    env
}

/// Fifteen games: Ann wins six (1–5 and 15), Bo five, Cy four.
const ANN_LEADS: [&str; 15] = [
    "Ann", "Ann", "Ann", "Ann", "Ann", "Bo", "Bo", "Bo", "Bo", "Bo", "Cy", "Cy", "Cy", "Cy", "Ann",
];

/// A command the rules refuse: exit 1, each fragment on stderr, the database file as it
/// was, byte for byte.
fn refused(env: &TestEnv, args: &[&str], says: &[&str]) -> String {
    let before = env.db_bytes();
    let run = env.run_expect(1, args);
    for fragment in says {
        assert!(
            run.stderr.contains(fragment),
            "`chronicle {}`: stderr lacks {fragment:?}:\n{}",
            args.join(" "),
            run.stderr
        );
    }
    assert_eq!(env.db_bytes(), before, "a refused rewrite wrote something");
    run.stderr
}

#[test]
fn an_edit_that_takes_the_lead_from_the_person_who_named_the_world_is_refused() {
    let env = campaign(&ANN_LEADS);
    env.ok(&["world", "name", "Terra", "--by", "Ann"]);
    let edit = flags(15, &table("Bo"), &[]);
    let said = refused(
        &env,
        &with(&["game", "edit", "15", "--reason", "Bo won it"], &edit),
        &[
            "named the world",
            "Ann",
            "The person with the most signatures names the world (rules §5)",
            "Ann has 5, while Bo has 6",
        ],
    );
    assert!(!said.contains("before this rule held"), "{said}");
    assert_eq!(env.json(&["world", "--format", "json"])["named_by"], "Ann");
    // Taking the name back first is the way out; then the edit stands.
    assert!(said.contains("Take that entry back"), "{said}");
    env.ok(&["undo", "--yes", "--reason", "named too soon"]);
    env.ok(&with(
        &["game", "edit", "15", "--reason", "Bo won it"],
        &edit,
    ));
    env.ok(&["world", "name", "Terra", "--by", "Bo"]);
    env.ok(&["check"]);
}

#[test]
fn an_edit_that_takes_a_second_signature_from_an_opened_packet_is_refused() {
    let env = campaign(&["Ann", "Bo", "Ann"]);
    env.ok(&["packets", "open", "Second signature", "--after-game", "3"]);
    refused(
        &env,
        &with(
            &["game", "edit", "3", "--reason", "Cy won it"],
            &flags(3, &table("Cy"), &[]),
        ),
        &[
            "Second signature",
            "the most signatures anyone has: 1",
            "after game 3",
        ],
    );
    let packets = env.json(&["packets", "--format", "json"]);
    assert!(
        packets.to_string().contains("Second signature"),
        "{packets}"
    );
}

#[test]
fn an_edit_that_takes_back_the_first_elimination_of_an_opened_packet_is_refused() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    env.ok(&[
        "game",
        "log",
        "--date",
        &day(1),
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Cy=saharan:eliminated",
        "--no-reward",
    ]);
    log(&env, 2, "Bo", &["--opened", "First elimination"]);
    let said = refused(
        &env,
        &[
            "game",
            "edit",
            "1",
            "--reason",
            "Cy held on",
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--no-reward",
        ],
        &["game 2", "First elimination", "eliminations so far: 0"],
    );
    assert!(said.contains("chronicle game edit 2"), "{said}");
}

#[test]
fn a_merge_that_gives_someone_more_signatures_than_the_world_namer_is_refused() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    // Bob is Bo typed another way; the two never sat at one game.
    let winners = [
        "Ann", "Ann", "Ann", "Ann", "Ann", "Ann", "Bo", "Bo", "Bo", "Bo", "Bob", "Bob", "Bob",
        "Cy", "Cy",
    ];
    for (n, winner) in (1..).zip(winners) {
        let seat = if (11..=13).contains(&n) { "Bob" } else { "Bo" };
        let mut people = vec![winner];
        people.extend(["Ann", seat, "Cy"].into_iter().filter(|p| *p != winner));
        let head: &[&str] = if n == 11 {
            &["game", "log", "--new-player", "Bob"]
        } else {
            &["game", "log"]
        };
        env.ok(&with(head, &flags(n, &people, &[])));
    }
    env.ok(&["world", "name", "Terra", "--by", "Ann"]);
    refused(
        &env,
        &["person", "merge", "Bob", "Bo"],
        &[
            "named the world",
            "The person with the most signatures names the world",
            "Ann has 6, while Bo has 7",
        ],
    );
    env.ok(&["check"]);
}

/// Two devices of one campaign of fifteen games (Ann leads) sharing the folder `shared`.
fn two_devices() -> TestEnv {
    let env = TestEnv::new();
    std::fs::create_dir(env.dir().join("shared")).unwrap();
    env.ok(&["--db", "a.db", "init"]);
    for args in crate::common::SET_UP {
        env.ok(&with(
            &["--db", "a.db"],
            &args.iter().map(ToString::to_string).collect::<Vec<_>>(),
        ));
    }
    for (n, winner) in (1..).zip(ANN_LEADS) {
        env.ok(&with(
            &["--db", "a.db", "game", "log"],
            &flags(n, &table(winner), &[]),
        ));
    }
    env.ok(&["--db", "a.db", "sync", "shared", "--device", "a"]);
    env.ok(&["--db", "b.db", "sync", "shared", "--device", "b"]);
    env
}

#[test]
fn keeping_both_branches_of_a_naming_and_an_edit_that_breaks_it_is_refused_in_either_order() {
    let env = two_devices();
    env.ok(&["--db", "a.db", "world", "name", "Terra", "--by", "Ann"]);
    env.ok(&with(
        &[
            "--db",
            "b.db",
            "game",
            "edit",
            "15",
            "--reason",
            "Bo won it",
        ],
        &flags(15, &table("Bo"), &[]),
    ));
    env.ok(&["--db", "a.db", "sync", "shared"]);
    let fork = env.run_expect(1, &["--db", "b.db", "sync", "shared"]);
    assert!(
        fork.stdout.contains("fork") || fork.stderr.contains("fork"),
        "{fork:?}"
    );
    let b = env.dir().join("b.db");
    for order in ["a,b", "b,a"] {
        let before = db_bytes(&b);
        let run = env.run_expect(
            1,
            &[
                "--db",
                "b.db",
                "sync",
                "resolve",
                "shared",
                "--keep-both",
                "--order",
                order,
            ],
        );
        assert!(
            run.stderr.contains("named the world")
                && run.stderr.contains("most signatures names the world"),
            "--order {order}: {}",
            run.stderr
        );
        assert_eq!(db_bytes(&b), before, "--order {order} wrote something");
    }
    env.ok(&[
        "--db", "b.db", "sync", "resolve", "shared", "--keep", "a", "--yes",
    ]);
    env.ok(&["--db", "b.db", "check"]);
}

#[test]
fn check_names_every_entry_that_breaks_a_rule_and_exits_3() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    log(&env, 1, "Ann", &[]);
    env.ok(&[
        "game",
        "log",
        "--date",
        &day(2),
        "--player",
        "Ann=bear:won@Alaska",
        "--player",
        "Bo=khan:held-on@Peru",
        "--player",
        "Cy=saharan:held-on",
        "--no-reward",
    ]);
    for (n, winner) in (3..).zip(&ANN_LEADS[2..]) {
        log(&env, n, winner, &[]);
    }
    env.ok(&["world", "name", "Terra", "--by", "Ann"]);
    env.ok(&["check"]);
    // Changed behind chronicle's back: game 2's HQs side by side, game 15 won by Bo.
    let conn = env.connect();
    conn.execute_batch(
        "UPDATE seat SET hq = 'Kamchatka' WHERE person = 'Bo'
           AND entry_id = (SELECT id FROM entry WHERE game = 2);
         UPDATE seat SET result = CASE person WHEN 'Bo' THEN 'won' ELSE 'held-on' END
          WHERE entry_id = (SELECT id FROM entry WHERE game = 15);",
    )
    .unwrap();
    drop(conn);
    let run = env.run_expect(3, &["check"]);
    let all = format!("{}{}", run.stdout, run.stderr);
    assert!(!all.contains("before this rule held"), "{all}");
    assert!(
        all.contains("Bo's HQ in Kamchatka is next to Ann's in Alaska"),
        "{all}"
    );
    assert!(
        all.contains("The person with the most signatures names the world"),
        "{all}"
    );
    let report: Value = env.run_expect(3, &["check", "--format", "json"]).json();
    assert_eq!(report["ok"], false);
    assert_eq!(
        report["problems"].as_array().unwrap().len(),
        2,
        "{report:#}"
    );
}

#[test]
fn a_card_holds_six_resources_with_the_two_coins_rule_off() {
    let env = TestEnv::new();
    env.ok(&["init"]);
    for args in &crate::common::SET_UP[..5] {
        env.ok(args);
    }
    env.ok(&[
        "rule",
        "set",
        "two-coins-a-card",
        "off",
        "--reason",
        "our group piles them up",
    ]);
    refused(
        &env,
        &[
            "coins", "Brazil", "Brazil", "Brazil", "Brazil", "Brazil", "Brazil",
        ],
        &["Brazil", "6 resources, the most a card holds"],
    );
    env.ok(&["coins", "Brazil", "Brazil", "Brazil", "Brazil", "Brazil"]);
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(
        find(&board["territories"], "name", "Brazil")["card"]["resources"],
        6
    );
}

#[test]
fn a_player_knocked_out_at_the_end_is_recorded_as_such_and_counted_as_eliminated() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    let game = [
        "game",
        "log",
        "--date",
        "2026-01-03",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Cy=saharan:knocked-out",
        "--destroy-card",
        "Peru",
    ];
    let mut with_reward = game.to_vec();
    with_reward.extend(["--upgrade", "Cy:Brazil"]);
    refused(&env, &with_reward, &["Cy", "never choose a reward"]);
    let logged = env.json(&[&game[..], &["--format", "json"]].concat());
    assert!(logged.to_string().contains("knocked-out"), "{logged}");
    let shown = env.json(&["game", "show", "1", "--format", "json"]);
    assert_eq!(
        find(&shown["players"], "person", "Cy")["result"],
        "knocked-out"
    );
    let table = env.ok(&["game", "show", "1"]).stdout;
    assert!(table.contains("knocked-out"), "{table}");
    let csv = env.ok(&["game", "list", "--format", "csv"]).stdout;
    assert!(csv.contains("Cy"), "{csv}");
    let stats = env.json(&["stats", "--format", "json"]);
    let cy = find(&stats["players"], "name", "Cy");
    assert_eq!(cy["eliminated"], 1, "{cy}");
    assert_eq!(cy["knocked_out"], 1, "{cy}");
    let packets = env.json(&["packets", "--format", "json"]);
    assert!(
        packets.to_string().contains("eliminations so far: 1"),
        "{packets}"
    );
    env.ok(&["packets", "open", "First elimination"]);
    env.ok(&["check"]);
}

/// A campaign whose game 1 opened the World capital packet and placed the capital in Egypt.
fn capital() -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    log(
        &env,
        1,
        "Ann",
        &[
            "--opened",
            "World capital",
            "--world-capital",
            "Egypt=Capitol",
        ],
    );
    env
}

#[test]
fn an_hq_on_the_world_capital_is_refused_unless_the_group_switched_the_rule_off() {
    let env = capital();
    let game2 = [
        "game",
        "log",
        "--date",
        "2026-01-10",
        "--player",
        "Bo=khan:won@Egypt",
        "--player",
        "Ann=bear:held-on",
        "--player",
        "Cy=saharan:held-on",
        "--no-reward",
    ];
    let said = refused(
        &env,
        &game2,
        &["Egypt is not a legal start for Bo", "world capital"],
    );
    assert!(said.contains("rule set world-capital-hq off"), "{said}");
    env.ok(&[
        "rule",
        "set",
        "world-capital-hq",
        "off",
        "--reason",
        "our World capital packet lets a player start there",
    ]);
    env.ok(&game2);
    let rules = env.json(&["rule", "list", "--format", "json"]);
    assert!(rules.to_string().contains("world-capital-hq"), "{rules}");
    env.ok(&["check"]);
}

#[test]
fn a_draft_before_the_minor_cities_packet_opened_is_refused() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    refused(
        &env,
        &[
            "game",
            "log",
            "--date",
            "2026-01-03",
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--no-reward",
            "--draft",
            "Ann=turn:1",
            "--draft",
            "Bo=turn:2",
            "--draft",
            "Cy=turn:3",
        ],
        &["draft", "Minor cities"],
    );
}

#[test]
fn a_minor_city_on_a_territory_fallout_hit_is_refused() {
    let env = campaign(&[]);
    log(&env, 1, "Ann", &["--fallout", "Peru"]);
    refused(
        &env,
        &with(
            &["game", "log"],
            &flags(2, &table("Ann"), &["--minor-city", "Bo:Peru=Lima"]),
        ),
        &["Peru", "fallout"],
    );
    env.ok(&with(
        &["game", "log"],
        &flags(2, &table("Ann"), &["--minor-city", "Bo:Brazil=Lima"]),
    ));
}

#[test]
fn one_packet_opened_on_two_devices_between_the_same_games_is_one_opening() {
    let env = two_devices();
    env.ok(&["--db", "a.db", "packets", "open", "Three missiles"]);
    env.ok(&["--db", "b.db", "packets", "open", "Three missiles"]);
    env.ok(&["--db", "a.db", "sync", "shared"]);
    env.ok(&["--db", "b.db", "sync", "shared"]);
    env.ok(&["--db", "a.db", "sync", "shared"]);
    let packets = |db: &str| env.json(&["--db", db, "packets", "--format", "json"]);
    assert_eq!(packets("a.db"), packets("b.db"));
    env.ok(&["--db", "a.db", "check"]);
    env.ok(&["--db", "b.db", "check"]);
    // The history keeps both openings: the second as the same fact as the first.
    let history = env.ok(&["--db", "b.db", "history"]).stdout;
    assert!(history.contains("recorded on another device"), "{history}");
    // Opened again on one device, it is refused, and said to be opened after game 15.
    let a = env.dir().join("a.db");
    let before = db_bytes(&a);
    let said = env.run_expect(1, &["--db", "a.db", "packets", "open", "Three missiles"]);
    assert!(
        said.stderr
            .contains("The Three missiles packet was opened after game 15; a packet opens once"),
        "{}",
        said.stderr
    );
    assert_eq!(db_bytes(&a), before);
}

#[test]
fn two_devices_opening_one_packet_after_different_games_fork() {
    let env = two_devices();
    env.ok(&[
        "--db",
        "a.db",
        "packets",
        "open",
        "Three missiles",
        "--after-game",
        "14",
    ]);
    env.ok(&["--db", "b.db", "packets", "open", "Three missiles"]);
    env.ok(&["--db", "a.db", "sync", "shared"]);
    env.run_expect(1, &["--db", "b.db", "sync", "shared"]);
}

#[test]
fn a_faction_seated_in_a_game_before_it_joined_is_named_as_such() {
    let env = campaign(&["Ann", "Bo", "Cy"]);
    env.ok(&["faction", "add", "Mutants"]);
    let mutants = |n: u32| {
        vec![
            "--date".to_string(),
            day(n),
            "--player".into(),
            "Ann=Mutants:won".into(),
            "--player".into(),
            "Bo=khan:held-on".into(),
            "--player".into(),
            "Cy=saharan:held-on".into(),
            "--no-reward".into(),
        ]
    };
    env.ok(&with(&["game", "log"], &mutants(4)));
    let said = refused(
        &env,
        &with(
            &["game", "edit", "2", "--reason", "Ann played the Mutants"],
            &mutants(2),
        ),
        &["Mutants joined at game 4; game 2 is before that"],
    );
    assert!(!said.contains("No faction is called"), "{said}");
}

#[test]
fn a_declined_reward_that_an_inserted_game_pushes_past_15_names_the_way_out() {
    let env = campaign(&ANN_LEADS);
    let said = refused(
        &env,
        &with(
            &["game", "insert", "--before", "10"],
            &flags(9, &table("Cy"), &[]),
        ),
        &["game 15 (game 16 after it)", "chronicle game edit 15"],
    );
    assert!(!said.contains("game edit 16"), "{said}");
}

#[test]
fn packets_opened_in_one_game_keep_the_order_given() {
    let env = campaign(&[]);
    log(
        &env,
        1,
        "Ann",
        &["--opened", "Thirty troops", "--opened", "Three missiles"],
    );
    let shown = env.json(&["game", "show", "1", "--format", "json"]);
    let opened: Vec<String> = shown["opened"]
        .as_array()
        .unwrap_or_else(|| panic!("{shown:#}"))
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    assert_eq!(opened, ["Thirty troops", "Three missiles"]);
    let exported = env.ok(&["export", "--format", "json"]).stdout;
    let thirty = exported.find("Thirty troops").unwrap();
    let three = exported.find("Three missiles").unwrap();
    assert!(thirty < three, "the export keeps the order given");
    std::fs::write(env.dir().join("earth.json"), exported).unwrap();
    env.ok(&["import", "earth.json", "--as", "Copy"]);
    let copied = env.json(&[
        "--campaign",
        "Copy",
        "game",
        "show",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(copied["opened"], shown["opened"]);
    let history = env.ok(&["history"]).stdout;
    let thirty = history.find("Thirty troops").unwrap();
    let three = history.find("Three missiles").unwrap();
    assert!(
        thirty < three,
        "the history keeps the order given:\n{history}"
    );
}
