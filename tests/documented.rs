//! The files kept for readers stay in step with the code: `schema/schema.sql` with the
//! migrations, `schema/json/*.schema.json` with the JSON each command prints (and every
//! command's JSON on the demo campaign validates against its committed schema, which admits
//! no field it does not name), `exports/demo-board.json` with the demo. Run with
//! CHRONICLE_BLESS=1 to rewrite them after an intended change, then review the diff.

use std::path::Path;
use std::process::Command;

use chronicle::store::Store;

fn check(path: &str, actual: &str) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    if std::env::var_os("CHRONICLE_BLESS").is_some() {
        std::fs::write(&file, actual).expect("write the blessed file");
        return;
    }
    let expected = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        expected == actual,
        "{path} is out of date; run `CHRONICLE_BLESS=1 cargo test --test main documented::` and review the diff.\n--- expected\n{expected}\n--- actual\n{actual}"
    );
}

/// Runs chronicle on the database `demo.db` in `dir` and returns its stdout.
fn chronicle(dir: &Path, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_chronicle"))
        .args(args)
        .arg("--db")
        .arg(dir.join("demo.db"))
        .env("CHRONICLE_NOW", "2026-11-29T20:00:00Z")
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir)
        .env_remove("CHRONICLE_DB")
        .env_remove("CHRONICLE_CAMPAIGN")
        .output()
        .expect("run chronicle");
    assert!(
        output.status.success(),
        "chronicle {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("utf-8")
}

fn committed_schema(name: &str) -> jsonschema::Validator {
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("schema/json/{name}.schema.json"));
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let schema: serde_json::Value = serde_json::from_str(&text).expect("schema is JSON");
    jsonschema::validator_for(&schema).expect("a valid JSON Schema")
}

#[test]
fn schema_sql_matches_the_migrations() {
    let store = Store::in_memory().expect("store");
    let header = "-- chronicle's SQLite schema after every migration (generated; see migrations/ for the\n-- history and tests/documented.rs for how it is kept in step).\n\n";
    check(
        "schema/schema.sql",
        &format!("{header}{}", store.schema_sql().expect("schema")),
    );
}

#[test]
fn the_demo_exports_are_current() {
    let dir = tempfile::tempdir().expect("temp dir");
    let board = chronicle(dir.path(), &["demo", "--format", "json"]);
    check("exports/demo-board.json", &board);
    for (format, file) in [
        ("json", "demo.json"),
        ("md", "demo.md"),
        ("svg", "demo.svg"),
        ("html", "demo.html"),
    ] {
        let text = chronicle(dir.path(), &["export", "--format", format]);
        check(&format!("exports/{file}"), &text);
    }
    for table in ["territories", "continents", "games", "players", "history"] {
        let text = chronicle(dir.path(), &["export", "--format", "csv", "--table", table]);
        check(&format!("exports/demo-csv/{table}.csv"), &text);
    }
}

#[test]
fn the_committed_demo_export_validates_against_the_campaign_schema() {
    let schema_file = Path::new(env!("CARGO_MANIFEST_DIR")).join("schema/campaign.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema_file).expect("schema")).expect("JSON");
    let validator = jsonschema::validator_for(&schema).expect("a valid JSON Schema");
    let export = Path::new(env!("CARGO_MANIFEST_DIR")).join("exports/demo.json");
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(export).expect("export")).expect("JSON");
    let errors: Vec<String> = validator
        .iter_errors(&file)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_campaign_file_schema_matches_its_types() {
    let schema = chronicle::cli::campaign_schema();
    let text = serde_json::to_string_pretty(&schema).expect("schema as JSON") + "\n";
    check("schema/campaign.schema.json", &text);
}

#[test]
fn json_schemas_match_the_types_that_print_them() {
    for (name, _, schema) in chronicle::cli::json_schemas() {
        let text = serde_json::to_string_pretty(&schema).expect("schema as JSON") + "\n";
        check(&format!("schema/json/{name}.schema.json"), &text);
    }
}

#[test]
fn every_json_output_validates_against_its_committed_schema() {
    let dir = tempfile::tempdir().expect("temp dir");
    chronicle(dir.path(), &["demo"]);
    let game_log: &[&str] = &[
        "game",
        "log",
        "--dry-run",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Zed=saharan:eliminated",
        "--wear",
        "Japan=1",
    ];
    let outputs: &[(&str, &[&str])] = &[
        ("board", &["board"]),
        ("board", &["board", "--continent", "Africa"]),
        ("pool", &["pool"]),
        ("game-list", &["game", "list"]),
        ("game-show", &["game", "show", "6"]),
        ("game-log", game_log),
        ("campaign-list", &["campaign", "list"]),
        ("power", &["power"]),
        ("coins", &["coins"]),
        ("history", &["history"]),
        ("history", &["history", "--territory", "Egypt"]),
        ("stats", &["stats"]),
        ("setup", &["setup"]),
        ("setup", &["setup", "--players", "Ann,Bo,Zed"]),
        ("packets", &["packets"]),
        ("scar-types", &["scar-type", "list"]),
        ("factions", &["faction", "list"]),
        ("world", &["world"]),
        ("check", &["check"]),
    ];
    for (name, args) in outputs {
        let validator = committed_schema(name);
        let mut full: Vec<&str> = args.to_vec();
        full.extend(["--format", "json"]);
        let output: serde_json::Value =
            serde_json::from_str(&chronicle(dir.path(), &full)).expect("JSON output");
        let errors: Vec<String> = validator
            .iter_errors(&output)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "chronicle {args:?} --format json does not match {name}.schema.json:\n{}",
            errors.join("\n")
        );
    }
    // Every schema is exercised above.
    for (name, _, _) in chronicle::cli::json_schemas() {
        assert!(
            outputs.iter().any(|(n, _)| *n == name),
            "no output checked against {name}"
        );
    }
}

#[test]
fn a_field_the_schema_does_not_name_is_rejected() {
    let validator = committed_schema("packets");
    let packet = serde_json::json!({
        "packet": "Do not open", "condition": "never", "status": "not_yet", "game": null, "progress": null
    });
    assert!(validator.is_valid(&serde_json::json!([packet.clone()])));
    let mut extra = packet;
    extra["contents"] = serde_json::json!("a secret");
    assert!(
        !validator.is_valid(&serde_json::json!([extra])),
        "an unknown field must be rejected"
    );
}
