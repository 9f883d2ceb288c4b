//! `import` and a campaign file's `board` section: the board is worked out from the log, so
//! a board section edited to differ from it is refused (naming the differences, nothing
//! written) rather than dropped without a word; `--ignore-board`, or a file without a board
//! section, takes the log as it is. And the form of the file: an unknown field or a missing
//! one is named, with where it is.

use serde_json::Value;

use crate::common::TestEnv;

/// The demo campaign's database, and its export as JSON.
fn demo_and_export() -> (TestEnv, Value) {
    let env = TestEnv::demo();
    let export = env.json(&["export", "--format", "json"]);
    (env, export)
}

/// `file` written into `env`'s folder, imported as "Copy" with `more` arguments.
fn import(env: &TestEnv, file: &Value, code: i32, more: &[&str]) -> crate::common::Run {
    let path = env.dir().join("edited.json");
    std::fs::write(&path, serde_json::to_string_pretty(file).unwrap()).unwrap();
    let mut args = vec!["import", path.to_str().unwrap(), "--as", "Copy"];
    args.extend(more);
    env.run_expect(code, &args)
}

/// The board section's territory `name`.
fn territory<'a>(file: &'a mut Value, name: &str) -> &'a mut Value {
    file["board"]["territories"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("no {name} on the board"))
}

#[test]
fn a_city_renamed_in_the_board_section_is_refused_naming_it() {
    let (env, mut file) = demo_and_export();
    assert_eq!(territory(&mut file, "Peru")["city"]["name"], "Lima Nova");
    territory(&mut file, "Peru")["city"]["name"] = "X".into();
    let before = env.dump();
    let run = import(&env, &file, 1, &[]);
    for words in [
        "the board is worked out from the log",
        r#"territories[Peru].city.name: the file says "X", the log gives "Lima Nova""#,
        "edit the log's entries instead",
        "--ignore-board",
        "Nothing was written.",
    ] {
        assert!(
            run.stderr.contains(words),
            "{words:?} not in:\n{}",
            run.stderr
        );
    }
    assert_eq!(
        env.dump(),
        before,
        "the refused import changed the database"
    );
    let campaigns = env.json(&["campaign", "list", "--format", "json"]);
    assert!(!campaigns.to_string().contains("\"Copy\""), "{campaigns}");
}

#[test]
fn several_differences_are_counted_and_the_first_named() {
    let (env, mut file) = demo_and_export();
    file["board"]["games_played"] = 99.into();
    territory(&mut file, "Egypt")["card"]["resources"] = 9.into();
    territory(&mut file, "Peru")["marked"] = false.into();
    file["board"]["signatures"].as_array_mut().unwrap().pop();
    file["board"]["notes"] = "mine".into();
    let run = import(&env, &file, 1, &[]);
    for words in [
        "games_played: the file says 99, the log gives 16",
        r#"notes: the file says "mine", the log gives no such field"#,
        "and 2 more differences",
    ] {
        assert!(
            run.stderr.contains(words),
            "{words:?} not in:\n{}",
            run.stderr
        );
    }
}

#[test]
fn the_unedited_export_imports_and_gives_the_same_board() {
    let (env, file) = demo_and_export();
    let run = import(&env, &file, 0, &[]);
    assert!(
        run.stderr.contains("Imported campaign \"Copy\""),
        "{}",
        run.stderr
    );
    let mut board = env.json(&["board", "--campaign", "Copy", "--format", "json"]);
    board["campaign"] = file["board"]["campaign"].clone();
    assert_eq!(board, file["board"]);
}

#[test]
fn a_file_without_a_board_section_imports() {
    let (env, mut file) = demo_and_export();
    file.as_object_mut().unwrap().remove("board");
    import(&env, &file, 0, &[]);
    let board = env.json(&["board", "--campaign", "Copy", "--format", "json"]);
    assert_eq!(board["games_played"], 16);
}

#[test]
fn ignore_board_takes_the_log_as_it_is() {
    let (env, mut file) = demo_and_export();
    territory(&mut file, "Peru")["city"]["name"] = "X".into();
    let run = import(&env, &file, 0, &["--ignore-board"]);
    for words in [
        "did not match its log",
        "Peru",
        "the board is the one the log gives",
    ] {
        assert!(
            run.stderr.contains(words),
            "{words:?} not in:\n{}",
            run.stderr
        );
    }
    let board = env.json(&["board", "--campaign", "Copy", "--format", "json"]);
    let peru = board["territories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Peru")
        .unwrap();
    assert_eq!(
        peru["city"]["name"], "Lima Nova",
        "the log's name, not the board's"
    );
}

#[test]
fn an_unknown_field_is_named_with_where_it_is() {
    let (env, file) = demo_and_export();
    let before = env.dump();
    let mut in_record = file.clone();
    in_record["log"][3]["x"] = 1.into();
    let mut in_entry = file.clone();
    in_entry["log"][3]["entry"]["x"] = 1.into();
    let mut on_top = file.clone();
    on_top["x"] = 1.into();
    for (edited, where_) in [
        (in_record, "entry 4 of the file: unknown field `x`"),
        (in_entry, "entry 4 of the file: unknown field `x`"),
        (on_top, "unknown field `x`, expected one of `format`"),
    ] {
        let run = import(&env, &edited, 1, &[]);
        assert!(
            run.stderr.contains(where_) && run.stderr.contains(" at line "),
            "{where_:?} not in:\n{}",
            run.stderr
        );
        assert!(
            run.stderr.contains("Nothing was written."),
            "{}",
            run.stderr
        );
    }
    assert_eq!(env.dump(), before);
}

#[test]
fn a_missing_field_is_named() {
    let (env, mut file) = demo_and_export();
    file["log"][3]
        .as_object_mut()
        .unwrap()
        .remove("recorded_at");
    let run = import(&env, &file, 1, &[]);
    assert!(
        run.stderr
            .contains("entry 4 of the file: missing field `recorded_at`"),
        "{}",
        run.stderr
    );
}
