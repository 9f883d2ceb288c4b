//! A person renamed or merged is the new name in every part of every entry that names them:
//! the seats, the scars they placed, the event cards and missions that name them, the
//! draft, the held-on rewards and the world's namer; on every replay, after an export and
//! an import, and through sync between two devices.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::common::group::{Group, SHARED};
use crate::common::{Run, TestEnv};

/// The clock of the group that met the mistyped name: a game of 2027-01-02 is played.
const LATER: &str = "2027-03-01";

/// `chronicle ARGS…` on the later clock, expecting exit code 0.
fn later(env: &TestEnv, args: &[&str]) -> Run {
    let mut command = env.command_with(args);
    command.env("CHRONICLE_NOW", LATER);
    let run = TestEnv::run_command(command, &args.join(" "));
    assert_eq!(
        run.code,
        0,
        "`chronicle {}` exited {}\nstdout:\n{}\nstderr:\n{}",
        args.join(" "),
        run.code,
        run.stdout,
        run.stderr
    );
    run
}

/// As `later`, its stdout parsed as JSON.
fn later_json(env: &TestEnv, args: &[&str]) -> Value {
    later(env, args).json()
}

/// Every word of every text in a JSON value (its keys left out).
fn words(value: &Value) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut todo = vec![value];
    while let Some(value) = todo.pop() {
        match value {
            Value::String(text) => out.extend(
                text.split(|c: char| !c.is_alphanumeric())
                    .filter(|w| !w.is_empty())
                    .map(str::to_string),
            ),
            Value::Array(items) => todo.extend(items),
            Value::Object(fields) => todo.extend(fields.values()),
            _ => {}
        }
    }
    out
}

/// The value names `to` and never `from`.
fn says_only(value: &Value, from: &str, to: &str) {
    let words = words(value);
    assert!(
        words.contains(to) && !words.contains(from),
        "expected {to} and never {from}:\n{value:#}"
    );
}

/// A new campaign, set up, whose first game (2027-01-02) Bo scarred Peru in and which
/// opened the Three missiles packet (its event cards are drawn from game 2 on).
fn scarred_by_bo() -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    later(
        &env,
        &[
            "game",
            "log",
            "--date",
            "2027-01-02",
            "--player",
            "Ann=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Cy=saharan:held-on",
            "--no-reward",
            "--scar",
            "Peru=Bunker@Bo",
            "--opened",
            "Three missiles",
        ],
    );
    env
}

#[test]
fn a_person_who_placed_a_scar_is_renamed_in_the_game_and_the_history() {
    let env = scarred_by_bo();
    later(&env, &["person", "rename", "Bo", "Boris"]);
    says_only(
        &later_json(&env, &["game", "show", "1", "--format", "json"]),
        "Bo",
        "Boris",
    );
    let history = later_json(&env, &["history", "--format", "json"]);
    says_only(&history, "Bo", "Boris");
    let scar = later(&env, &["history", "--kind", "scar"]).stdout;
    assert!(scar.contains("Boris"), "{scar}");
    later(&env, &["check"]);
}

/// The campaign of `scarred_by_bo` with a game 2 that Bob won and whose event card named
/// him, then `from` merged into `into`: each game as `game show` gives it.
fn merged(from: &str, into: &str) -> Vec<Value> {
    let env = scarred_by_bo();
    later(
        &env,
        &[
            "game",
            "log",
            "--date",
            "2027-01-09",
            "--player",
            "Ann=bear:held-on",
            "--player",
            "Bob=khan:won",
            "--player",
            "Cy=saharan:held-on",
            "--no-reward",
            "--event",
            "Storm@Bob: lost two troops",
        ],
    );
    later(&env, &["person", "merge", from, into]);
    later(&env, &["check"]);
    ["1", "2"]
        .map(|game| later_json(&env, &["game", "show", game, "--format", "json"]))
        .to_vec()
}

#[test]
fn a_merge_reaches_the_scars_and_event_cards_of_either_name() {
    for game in merged("Bo", "Bob") {
        says_only(&game, "Bo", "Bob");
    }
    for game in merged("Bob", "Bo") {
        says_only(&game, "Bob", "Bo");
    }
}

#[test]
fn a_renaming_survives_export_and_import() {
    let env = scarred_by_bo();
    later(&env, &["person", "rename", "Bo", "Boris"]);
    let file = env.dir().join("earth.json");
    later(
        &env,
        &["export", "--format", "json", "-o", file.to_str().unwrap()],
    );
    later(&env, &["import", file.to_str().unwrap(), "--as", "Again"]);
    let game = |campaign: &str| {
        later_json(
            &env,
            &[
                "game",
                "show",
                "1",
                "--campaign",
                campaign,
                "--format",
                "json",
            ],
        )
    };
    says_only(&game("Again"), "Bo", "Boris");
    let mut again = game("Again");
    again["campaign"] = Value::Null;
    let mut earth = game("Earth");
    earth["campaign"] = Value::Null;
    assert_eq!(again, earth);
}

/// The flags of a game 17 of the demo that Ann won, at which Bo and Chidi held on, with
/// `extra`.
fn game_17(extra: &[&str]) -> Vec<String> {
    let mut flags: Vec<String> = [
        "game",
        "log",
        "--date",
        "2026-05-02",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:held-on",
    ]
    .map(str::to_string)
    .to_vec();
    flags.extend(extra.iter().map(|f| (*f).to_string()));
    flags
}

/// Game 17 of the demo logged with `extra` naming Bo, then Bo renamed Boris: the game as
/// `game show` gives it.
fn renamed_in_game_17(extra: &[&str]) -> Value {
    let env = TestEnv::demo();
    let flags = game_17(extra);
    env.ok(&flags.iter().map(String::as_str).collect::<Vec<_>>());
    env.ok(&["person", "rename", "Bo", "Boris"]);
    env.ok(&["check"]);
    env.json(&["game", "show", "17", "--format", "json"])
}

#[test]
fn a_person_an_event_card_names_is_renamed() {
    let game = renamed_in_game_17(&["--event", "Storm@Bo: lost two troops"]);
    says_only(&game, "Bo", "Boris");
}

#[test]
fn a_person_who_completed_a_mission_is_renamed() {
    let game = renamed_in_game_17(&["--mission", "Hold Asia@Bo"]);
    says_only(&game, "Bo", "Boris");
}

#[test]
fn a_person_of_the_draft_is_renamed() {
    let game = renamed_in_game_17(&["--draft", "Bo=turn:1,troops:8", "--draft", "Ann=turn:2"]);
    says_only(&game, "Bo", "Boris");
}

#[test]
fn the_worlds_namer_is_renamed() {
    let env = TestEnv::demo();
    env.ok(&["world", "name", "Pangaea", "--by", "Bo"]);
    env.ok(&["person", "rename", "Bo", "Boris"]);
    let world = env.json(&["world", "--format", "json"]);
    assert_eq!(world["named_by"], "Boris", "{world:#}");
    says_only(&world, "Bo", "Boris");
    env.ok(&["check"]);
}

/// A renaming on the laptop, and on the phone a game 17 that names the old name in every
/// part, synced both ways: the fork it makes, if any, resolved as `resolve` says.
fn renamed_on_one_device_named_on_another(resolve: &[&str]) {
    let group = Group::demo(&["laptop", "phone"]);
    group.ok("laptop", &["person", "rename", "Bo", "Boris"]);
    let flags = game_17(&[
        "--event",
        "Storm@Bo: lost two troops",
        "--mission",
        "Hold Asia@Bo",
        "--draft",
        "Bo=turn:1,troops:8",
    ]);
    group.ok(
        "phone",
        &flags.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    let _ = group.run("laptop", &["sync", SHARED]);
    let _ = group.run("phone", &["sync", SHARED]);
    if !resolve.is_empty() {
        let mut args = vec!["sync", "resolve", SHARED];
        args.extend(resolve);
        args.push("--yes");
        group.ok("phone", &args);
    }
    group.settle(&["laptop", "phone"]);
    for device in ["laptop", "phone"] {
        let game = group
            .ok(device, &["game", "show", "17", "--format", "json"])
            .json();
        says_only(&game, "Bo", "Boris");
    }
}

#[test]
fn a_renaming_reaches_a_game_another_device_logged_with_the_old_name_kept_both() {
    renamed_on_one_device_named_on_another(&["--keep-both"]);
}

#[test]
fn a_renaming_reaches_a_game_another_device_logged_with_the_old_name_kept_one() {
    renamed_on_one_device_named_on_another(&["--keep", "phone"]);
    renamed_on_one_device_named_on_another(&["--keep", "laptop"]);
}
