//! Devices whose clocks are days apart log their games in the order of the log: a date
//! before the last game's is taken with a warning when another device's clock, ahead of
//! this one's, dated that game, and refused otherwise (rules §6e). Import and sync take the
//! same dates: a game no later than the day after its record was written, by its writer's
//! clock.

use serde_json::Value;

use crate::common::group::{Group, SHARED, skipped};

/// The demo's campaign file with its last game (16, entry 22) dated `date` and recorded
/// at `recorded_at`, written into the group's folder; its path.
fn demo_file_with_last_game(group: &Group, date: &str, recorded_at: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("exports/demo.snap.json");
    let text = std::fs::read_to_string(path).expect("the demo export");
    let mut file: Value = serde_json::from_str(&text).expect("the demo export is JSON");
    let last = file["log"]
        .as_array_mut()
        .and_then(|log| log.last_mut())
        .expect("the last entry");
    last["entry"]["date"] = date.into();
    last["recorded_at"] = recorded_at.into();
    let path = group.env.dir().join("campaign.json");
    std::fs::write(&path, serde_json::to_string_pretty(&file).expect("JSON")).expect("write");
    path.to_str().expect("a UTF-8 path").to_string()
}

#[test]
fn a_device_three_days_behind_and_one_a_day_ahead_both_log_their_next_game() {
    let group = Group::demo(&["home", "ahead", "behind"]);
    group.skew("ahead", 1);
    group.skew("behind", -3);
    group.log_game("ahead", &group.today("ahead"), "Ann");
    group.sync(0, "ahead");
    group.sync(0, "home");
    // Tonight's game, after a game the phone a day ahead dated tomorrow: said as data too.
    let checked = group.ok(
        "home",
        &[
            "game",
            "log",
            "--dry-run",
            "--format",
            "json",
            "--date",
            "2026-11-29",
            "--player",
            "Dana=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Chidi=saharan:held-on",
        ],
    );
    assert_eq!(
        checked.json()["dated_before"],
        serde_json::json!({ "game": 17, "date": "2026-11-30", "device": "ahead" })
    );
    let run = group.log_game("home", "2026-11-29", "Dana");
    assert!(
        run.stderr.contains(
            "Warning: Game 18 is dated 2026-11-29, before game 17 (2026-11-30), which device \"ahead\" logged"
        ),
        "{}",
        run.stderr
    );
    group.sync(0, "home");
    group.sync(0, "behind");
    // The next game on a clock three days behind: dated by that clock.
    assert_eq!(group.today("behind"), "2026-11-26");
    let run = group.log_game("behind", "2026-11-26", "Dee");
    assert!(
        run.stderr.contains(
            "Warning: Game 19 is dated 2026-11-26, before game 18 (2026-11-29), which device \"home\" logged"
        ),
        "{}",
        run.stderr
    );
    group.settle(&["home", "ahead", "behind"]);
    for device in ["home", "ahead", "behind"] {
        let dates: Vec<String> = group.games(device)[16..]
            .iter()
            .map(|g| g.0.clone())
            .collect();
        assert_eq!(
            dates,
            ["2026-11-30", "2026-11-29", "2026-11-26"],
            "{device}"
        );
    }
    // An edit that keeps the date is judged by the clock that dated the game, not by the
    // clock of the device that corrects it.
    group.ok(
        "home",
        &[
            "game",
            "edit",
            "19",
            "--reason",
            "Cy won, not Dee",
            "--player",
            "Cy=bear:won",
            "--player",
            "Bo=khan:held-on",
            "--player",
            "Chidi=saharan:held-on",
        ],
    );
    group.settle(&["home", "ahead", "behind"]);
    assert_eq!(
        group.games("behind")[18],
        ("2026-11-26".to_string(), "Cy".to_string())
    );
}

#[test]
fn a_date_before_the_last_game_is_refused_when_one_clock_dated_both_or_skew_cannot_explain_it() {
    let group = Group::demo(&["home", "ahead"]);
    group.skew("ahead", 1);
    group.log_game("home", "2026-11-29", "Ann");
    // The same device's clock: its games keep their dates in order.
    let run = group.expect(1, "home", &log_args("2026-11-28", "Dee"));
    assert!(
        run.stderr
            .contains("Game 18 is dated 2026-11-28, before game 17 (2026-11-29)"),
        "{}",
        run.stderr
    );
    group.sync(0, "home");
    group.sync(0, "ahead");
    group.log_game("ahead", "2026-11-30", "Dee");
    group.sync(0, "ahead");
    group.sync(0, "home");
    // A day ahead, and a day for time zones: two days back is more than skew explains.
    let run = group.expect(1, "home", &log_args("2026-11-27", "Cy"));
    assert!(
        run.stderr
            .contains("Game 19 is dated 2026-11-27, before game 18 (2026-11-30)"),
        "{}",
        run.stderr
    );
    group.log_game("home", "2026-11-29", "Cy");
    group.settle(&["home", "ahead"]);
}

/// `game log` of a game on `date` won by `winner`, with Bo and Chidi.
fn log_args<'a>(date: &'a str, winner: &str) -> Vec<&'a str> {
    let player = Box::leak(format!("{winner}=bear:won").into_boxed_str());
    vec![
        "game",
        "log",
        "--date",
        date,
        "--player",
        player,
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:held-on",
    ]
}

#[test]
fn import_and_sync_take_a_game_by_its_writers_clock_whatever_the_readers() {
    let group = Group::demo(&["home", "behind"]);
    group.skew("behind", -3);
    group.skew("fresh-behind", -3);
    // Recorded on the 29th, dated the 29th: a clock three days behind takes it by sync…
    group.log_game("home", "2026-11-29", "Ann");
    group.sync(0, "home");
    let report = group.sync(0, "behind");
    assert_eq!(skipped(&report), Vec::<String>::new(), "{report:#}");
    assert_eq!(group.games("behind")[16].0, "2026-11-29");
    // … and by import.
    let file = demo_file_with_last_game(&group, "2026-11-29", "2026-11-29T20:00:00Z");
    let run = group.ok("fresh-behind", &["import", &file]);
    assert!(run.stderr.contains("Imported campaign"), "{}", run.stderr);
}

#[test]
fn import_and_sync_refuse_a_game_dated_after_the_day_after_its_record() {
    let group = Group::demo(&["home", "away"]);
    group.log_game("away", "2026-11-29", "Ann");
    group.sync(0, "away");
    // The game's record says it was written on the 20th: dated nine days later.
    let path = group.file("away");
    let text = std::fs::read_to_string(&path).expect("the away file");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut last: Value = serde_json::from_str(lines.last().expect("a record")).expect("JSON");
    assert_eq!(last["entry"]["date"], "2026-11-29");
    last["recorded_at"] = "2026-11-20T20:00:00Z".into();
    *lines.last_mut().expect("a record") = last.to_string();
    std::fs::write(&path, lines.join("\n") + "\n").expect("write");
    let run = group.run("home", &["sync", SHARED, "--format", "json"]);
    assert!(
        run.stdout
            .contains("The game's date 2026-11-29 is after 2026-11-21"),
        "{}",
        run.stdout
    );
    assert!(group.games("home").len() == 16, "the game was not taken");
    // The same game in a campaign file: refused by import too, on a clock that says the
    // 29th.
    let file = demo_file_with_last_game(&group, "2026-11-29", "2026-11-20T20:00:00Z");
    let run = group.expect(1, "fresh", &["import", &file]);
    assert!(
        run.stderr
            .contains("The game's date 2026-11-29 is after 2026-11-21"),
        "{}",
        run.stderr
    );
}
