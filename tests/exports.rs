//! Exports and import through the binary: the JSON file round trip, a tampered file refused
//! without a trace, the CSV tables, the Markdown report, atomic writes.

use std::path::Path;

use crate::common::TestEnv;
use serde_json::Value;

fn export_json(env: &TestEnv, name: &str) -> (std::path::PathBuf, Value) {
    let path = env.dir().join(name);
    env.ok(&["export", "--format", "json", "-o", path.to_str().unwrap()]);
    let value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    (path, value)
}

#[test]
fn export_then_import_then_export_gives_the_same_log_board_and_history() {
    let env = TestEnv::demo_with_undo();
    let (file, first) = export_json(&env, "first.json");
    assert_eq!(first["format"], "chronicle-campaign");
    assert_eq!(first["version"], 3);
    assert!(
        first["log"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["rules"] == 2),
        "every record this chronicle writes is held to every rule"
    );
    assert!(
        first["log"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["correction"]["kind"] == "take_back")
    );

    let other = TestEnv::new();
    other
        .test()
        .args(["import", file.to_str().unwrap()])
        .stderr_has("Imported campaign \"Demo\" (16 games")
        .run();
    let (_, second) = export_json(&other, "second.json");
    let schema_file = Path::new(env!("CARGO_MANIFEST_DIR")).join("schema/campaign.schema.json");
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(schema_file).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    for file in [&first, &second] {
        assert!(
            validator.is_valid(file),
            "an export does not match schema/campaign.schema.json"
        );
    }
    for part in ["campaign", "log", "board", "stats", "history"] {
        assert_eq!(
            first[part], second[part],
            "{part} differs after the round trip"
        );
    }
}

#[test]
fn import_as_another_name_and_never_over_an_existing_campaign() {
    let env = TestEnv::demo_with_undo();
    let (file, _) = export_json(&env, "demo.json");
    let file = file.to_str().unwrap();
    env.test()
        .args(["import", file])
        .stderr_has("exists already")
        .status(1)
        .writes_nothing()
        .run();
    env.ok(&["import", file, "--as", "Demo copy"]);
    let board = env.json(&["--campaign", "Demo copy", "board", "--format", "json"]);
    assert_eq!(board["campaign"], "Demo copy");
    assert_eq!(board["games_played"], 16);
}

fn tamper(env: &TestEnv, name: &str, change: impl FnOnce(&mut Value)) -> String {
    let (_, mut file) = export_json(env, "original.json");
    change(&mut file);
    let path = env.dir().join(name);
    std::fs::write(&path, serde_json::to_string(&file).unwrap()).unwrap();
    path.to_str().unwrap().to_string()
}

fn game_entry(file: &mut Value, number: u64) -> &mut Value {
    file["log"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| {
            e["entry"]["kind"] == "game"
                && e["entry"]["game"] == number
                && e["taken_back"].is_null()
        })
        .map(|e| &mut e["entry"])
        .unwrap()
}

#[test]
fn a_tampered_file_is_refused_naming_the_game_and_the_rule_and_nothing_is_written() {
    let env = TestEnv::demo_with_undo();
    let city_on_city = tamper(&env, "city.json", |file| {
        game_entry(file, 10)["reward"] =
            serde_json::json!({"kind": "major_city", "territory": "Egypt", "name": "Fake"});
    });
    let two_winners = tamper(&env, "winners.json", |file| {
        game_entry(file, 3)["players"][1]["result"] = Value::from("won");
    });
    let unknown = tamper(&env, "unknown.json", |file| {
        game_entry(file, 2)["scars"][0]["territory"] = Value::from("Atlantis");
    });
    let renumbered = tamper(&env, "number.json", |file| {
        game_entry(file, 5)["game"] = Value::from(9);
    });
    let other = TestEnv::new();
    other.init_set_up(&["init", "Earth"]);
    for (file, says) in [
        (&city_on_city, "Game 10"),
        (&city_on_city, "a city never covers another city"),
        (&two_winners, "exactly one winner"),
        (&unknown, "Atlantis"),
        (&renumbered, "says it is game 9"),
    ] {
        other
            .test()
            .args(["import", file])
            .stderr_has(says)
            .status(1)
            .writes_nothing()
            .run();
    }
    // Into a database that does not exist yet: it is not even created.
    let fresh = TestEnv::new();
    fresh.test().args(["import", &city_on_city]).status(1).run();
    assert!(!fresh.db_path().exists());
}

#[test]
fn files_that_are_not_campaigns_are_refused_plainly() {
    let env = TestEnv::new();
    let write = |name: &str, text: &str| {
        let path = env.dir().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    for (file, says) in [
        (write("text.json", "not json at all"), "not JSON"),
        (
            write(
                "other.json",
                r#"{"format": "something-else", "version": 1}"#,
            ),
            "not a chronicle campaign",
        ),
        (
            write(
                "newer.json",
                r#"{"format": "chronicle-campaign", "version": 99}"#,
            ),
            "newer",
        ),
        (
            env.dir().join("missing.json").to_str().unwrap().to_string(),
            "cannot be read",
        ),
    ] {
        env.test()
            .args(["import", &file])
            .stderr_has(says)
            .status(1)
            .run();
    }
}

#[test]
fn the_json_export_validates_against_the_committed_schema() {
    let env = TestEnv::demo_with_undo();
    let (_, file) = export_json(&env, "demo.json");
    let schema_file = Path::new(env!("CARGO_MANIFEST_DIR")).join("schema/campaign.schema.json");
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(schema_file).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&file)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn csv_export_writes_five_tables_a_spreadsheet_opens() {
    let env = TestEnv::demo_with_undo();
    let folder = env.dir().join("tables");
    env.ok(&["export", "--format", "csv", "-o", folder.to_str().unwrap()]);
    let read = |name: &str| -> Vec<csv::StringRecord> {
        let mut reader = csv::Reader::from_path(folder.join(format!("{name}.csv"))).unwrap();
        reader.records().map(|r| r.unwrap()).collect()
    };
    let territories = read("territories");
    assert_eq!(territories.len(), 42);
    let egypt = territories.iter().find(|r| &r[0] == "Egypt").unwrap();
    assert_eq!(
        (&egypt[1], &egypt[2], &egypt[3], &egypt[5]),
        ("Africa", "Kyro", "major", "Ann")
    );
    let brazil = territories.iter().find(|r| &r[0] == "Brazil").unwrap();
    assert_eq!((&brazil[12], &brazil[13]), ("true", "7"));
    assert_eq!(read("continents").len(), 6);
    assert_eq!(read("games").len(), 16);
    let players = read("players");
    assert!(
        players
            .iter()
            .any(|r| &r[0] == "6" && &r[3] == "Дмитрий" && &r[5] == "held-on")
    );
    let history = read("history");
    assert!(
        history
            .iter()
            .any(|r| &r[4] == "undo" && r[7].contains("Bo was not out"))
    );

    env.test()
        .args(["export", "--format", "csv", "--table", "territories"])
        .stdout(std::fs::read_to_string(folder.join("territories.csv")).unwrap())
        .run();
    env.test()
        .args(["export", "--format", "csv", "--table", "cities"])
        .status(2)
        .run();
    env.test()
        .args(["export", "--format", "csv"])
        .status(2)
        .run();
}

#[test]
fn the_markdown_report_has_every_part() {
    let env = TestEnv::demo_with_undo();
    let report = env.ok(&["export", "--format", "md"]).stdout;
    for part in [
        "# Demo",
        "## Continents",
        "## Cities",
        "## Scars",
        "## Fortifications",
        "## Destroyed cards",
        "## Signatures",
        "## Games",
        "## Statistics",
        "| Kyro | major | Egypt | Ann | 1 |",
        "Офигеназия",
        "**Game 16**",
    ] {
        assert!(
            report.contains(part),
            "no {part:?} in the report:\n{report}"
        );
    }
}

#[test]
fn output_files_are_replaced_whole_and_leave_nothing_behind() {
    let env = TestEnv::demo_with_undo();
    let path = env.dir().join("board.md");
    std::fs::write(&path, "an older report").unwrap();
    env.ok(&["export", "--format", "md", "-o", path.to_str().unwrap()]);
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .starts_with("# Demo")
    );
    let leftovers: Vec<_> = std::fs::read_dir(env.dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| {
            std::path::Path::new(n)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("tmp"))
        })
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    let nowhere = env.dir().join("no/such/folder/report.md");
    env.test()
        .args(["export", "--format", "md", "-o", nowhere.to_str().unwrap()])
        .stderr_has("cannot be written")
        .status(1)
        .run();
}

#[test]
fn read_commands_refuse_the_export_only_formats() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    env.test()
        .args(["board", "--format", "svg"])
        .stderr_has("export")
        .status(2)
        .run();
}
