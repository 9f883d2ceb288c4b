//! One validator for entries, whatever the way in: a game is never dated after today
//! (`game log`), or after tomorrow for a file or a database another machine wrote (its today
//! may be a day ahead); every timestamp is RFC 3339; free text is checked as when typed. An
//! imported file breaking one of these is refused whole with exit 1, naming the entry (and
//! game) and the field, and nothing is written; a stored game after tomorrow is a problem
//! `check` reports (exit 3).

use serde_json::Value;

use crate::common::TestEnv;

/// The demo's campaign file (`exports/demo.snap.json`): 22 entries, game 16 the last.
fn demo_file() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("exports/demo.snap.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("the demo export"))
        .expect("the demo export is JSON")
}

/// The demo's file changed by `change`, written into `env`'s folder; its path.
fn edited(env: &TestEnv, name: &str, change: impl FnOnce(&mut Value)) -> String {
    let mut file = demo_file();
    change(&mut file);
    let path = env.dir().join(name);
    std::fs::write(&path, serde_json::to_string_pretty(&file).expect("JSON")).expect("write");
    path.to_str().expect("a UTF-8 path").to_string()
}

/// The last entry of the file (game 16, entry 22).
fn last(file: &mut Value) -> &mut Value {
    file["log"]
        .as_array_mut()
        .expect("the log")
        .last_mut()
        .expect("an entry")
}

/// A record taking back the last entry (game 16) appended to the file, at `at`, with `reason`.
fn take_back_last(file: &mut Value, at: &str, reason: &str) {
    let target = last(file)["id"].clone();
    file["log"]
        .as_array_mut()
        .expect("the log")
        .push(serde_json::json!({
            "id": "01a2272d-2600-7fff-8fff-ffffffffffff",
            "seq": 23,
            "recorded_at": at,
            "device": null,
            "device_seq": null,
            "parent": target,
            "before": null,
            "entry": null,
            "correction": {"kind": "take_back", "target": target, "reason": reason},
        }));
}

/// An environment holding one other campaign, so that "nothing written" is checked on a
/// database that exists.
fn with_another_campaign() -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    env
}

/// Importing the file edited by `change` is refused, saying each of `says`; the database
/// holds what it held.
fn refused(name: &str, change: impl FnOnce(&mut Value), says: &[&str]) {
    let env = with_another_campaign();
    let file = edited(&env, name, change);
    let mut test = env
        .test()
        .args(["import", &file])
        .status(1)
        .stderr_has("Nothing was written.")
        .writes_nothing();
    for part in says {
        test = test.stderr_has(part);
    }
    test.run();
    // Into a database not there yet, nothing is created either.
    let fresh = TestEnv::new();
    fresh.test().args(["import", &file]).status(1).run();
    assert!(
        !fresh.db_path().exists(),
        "a refused import made a database"
    );
}

#[test]
fn an_imported_game_dated_after_tomorrow_is_refused_naming_it() {
    for date in ["2099-01-01", "2026-12-01"] {
        refused(
            "future.json",
            |f| last(f)["entry"]["date"] = date.into(),
            &[
                "Game 16 (entry 22 of the file) breaks a rule",
                &format!("The game's date {date} is after 2026-11-30, the latest day"),
            ],
        );
    }
}

/// Another machine's today may be a day ahead of this one's.
#[test]
fn an_imported_game_dated_tomorrow_is_taken() {
    let env = with_another_campaign();
    let file = edited(&env, "tomorrow.json", |f| {
        last(f)["entry"]["date"] = "2026-11-30".into();
    });
    env.test()
        .args(["import", &file])
        .stderr_has("Imported campaign \"Demo\" (16 games, 22 entries)")
        .run();
    let shown = env.json(&[
        "--campaign",
        "Demo",
        "game",
        "show",
        "16",
        "--format",
        "json",
    ]);
    assert_eq!(shown["date"], "2026-11-30");
    env.ok(&["check"]);
}

#[test]
fn bad_timestamps_in_a_file_are_refused_naming_the_field() {
    for bad in [
        "yesterday",
        "",
        "2026-13-01T00:00:00Z",
        "2026-11-29",
        "2026-11-29 20:00:00",
        "2026-11-29T20:00:00",
    ] {
        let said = format!("\"{bad}\" is not a moment of the form 2026-11-29T20:00:00Z (RFC 3339)");
        refused(
            "recorded.json",
            |f| f["log"][3]["recorded_at"] = bad.into(),
            &[
                "Entry 4 of the file breaks a rule",
                "The time the entry was recorded",
                &said,
            ],
        );
        refused(
            "created.json",
            |f| f["campaign"]["created_at"] = bad.into(),
            &[
                "The file's campaign breaks a rule",
                "The time the campaign was started",
                &said,
            ],
        );
        refused(
            "taken-back.json",
            |f| take_back_last(f, bad, "oops"),
            &[
                "Entry 23 of the file breaks a rule",
                "The time the entry was recorded",
                &said,
            ],
        );
    }
}

/// Free text from a file meets the rules of free text typed: no NUL or other control
/// character (a note may hold line breaks and tabs), at most 2000 characters in a note and
/// 500 in a reason.
#[test]
fn free_text_in_a_file_is_checked_as_if_typed() {
    refused(
        "nul.json",
        |f| last(f)["entry"]["note"] = "a\u{0}b".into(),
        &[
            "Game 16 (entry 22 of the file)",
            "The note cannot be used: it holds the control character \\u{0}",
        ],
    );
    refused(
        "long.json",
        |f| last(f)["entry"]["note"] = "n".repeat(2001).into(),
        &["The note cannot be used: it has 2001 characters, more than 2000."],
    );
    refused(
        "reason.json",
        |f| take_back_last(f, "2026-11-29T20:00:00Z", "x\u{1b}[2J"),
        &["The reason cannot be used: it holds the control character \\u{1b}"],
    );
    let env = TestEnv::new();
    let file = edited(&env, "fine.json", |f| {
        last(f)["entry"]["note"] = format!("{}\n\t{}", "n".repeat(1000), "m".repeat(998)).into();
    });
    env.ok(&["import", &file]);
}

#[test]
fn a_stored_game_after_tomorrow_is_a_problem_check_names() {
    let env = TestEnv::demo();
    env.connect()
        .execute("UPDATE entry SET date = '2099-01-01' WHERE game = 16", [])
        .expect("a date changed behind chronicle's back");
    env.test()
        .arg("check")
        .status(3)
        .stdout_has("1 problem(s) found")
        .stdout_has("entry 22: The game's date 2099-01-01 is after 2026-11-30")
        .stderr_has("damaged")
        .run();
    let report = env.run_expect(3, &["check", "--format", "json"]).json();
    assert_eq!(report["ok"], false);
    assert_eq!(report["problems"].as_array().map(Vec::len), Some(1));
    // A day ahead is another machine's today.
    env.connect()
        .execute("UPDATE entry SET date = '2026-11-30' WHERE game = 16", [])
        .expect("a date changed");
    env.ok(&["check"]);
}

#[test]
fn game_log_takes_today_and_refuses_tomorrow() {
    let env = TestEnv::demo();
    let game = |date: &str| {
        vec![
            "game".to_string(),
            "log".into(),
            "--date".into(),
            date.into(),
            "--player".into(),
            "Ann=bear:won".into(),
            "--player".into(),
            "Bo=khan:held-on".into(),
            "--player".into(),
            "Chidi=saharan:held-on".into(),
        ]
    };
    env.test()
        .args(game("2026-11-30"))
        .status(1)
        .stderr_has("The game's date 2026-11-30 is after 2026-11-29, the latest day")
        .stderr_has("Check --date.")
        .writes_nothing()
        .run();
    env.test().args(game("2026-11-29")).run();
    // Without --date, a game is played today.
    let mut today = game("");
    today.drain(2..4);
    env.test().args(today).run();
    let shown = env.json(&["game", "show", "18", "--format", "json"]);
    assert_eq!(shown["date"], "2026-11-29");
}
