//! The files kept for readers stay in step with the code. The JSON Schemas are plain files
//! under stable names (their `$id`s name them), each compared here with the text generated
//! from the types:
//!
//! - `schema/campaign.schema.json`: the JSON Schema of the campaign file;
//! - `schema/device-log.schema.json`: the JSON Schema of a device's sync file;
//! - `schema/json/NAME.schema.json`: the JSON Schema of each command's JSON output (and
//!   every command's JSON on the demo campaign validates against its committed schema, which
//!   admits no field it does not name).
//!
//! The others are insta binary snapshots, each raw file committed as insta writes it beside
//! a small `.snap` file of metadata:
//!
//! - `schema/schema.snap.sql`: the SQLite schema after every migration;
//! - the demo campaign: `exports/demo-board.snap.json` (`demo --format json`),
//!   `exports/demo.snap.json` (`export --format json`), `exports/demo-report.snap.md` (`md`),
//!   `exports/demo-map.snap.svg` (`svg`), `exports/demo-page.snap.html` (`html`) and
//!   `exports/demo-csv/TABLE.snap.csv` (`csv --table TABLE`), `exports/demo-bgstats.snap.txt`
//!   (`bgstats`, the campaign's identity left out).
//!
//! After an intended change: `INSTA_UPDATE=always cargo test --test main documented::`
//! rewrites them all, the schemas included (or `cargo insta test` then `cargo insta
//! review`, where cargo-insta is installed, for the snapshots); review the change with
//! `git diff schema/ exports/`.

use std::path::{Path, PathBuf};

use chronicle::store::Store;

use crate::common::TestEnv;

/// A folder of the repository.
fn folder(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

/// Checks the raw file `NAME.snap.EXT` in `folder` (given as "NAME.EXT") against `content`.
#[track_caller]
fn check(folder_name: &str, name_and_extension: &str, content: impl Into<Vec<u8>>) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(folder(folder_name));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    let content: Vec<u8> = content.into();
    // insta shows no diff for a binary snapshot: say where a text file first differs.
    let (name, extension) = name_and_extension.split_once('.').expect("NAME.EXTENSION");
    let committed = folder(folder_name).join(format!("{name}.snap.{extension}"));
    if let (Ok(old), Ok(new)) = (
        std::fs::read_to_string(&committed),
        std::str::from_utf8(&content),
    ) && old != new
    {
        let line = old
            .lines()
            .zip(new.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| old.lines().count().min(new.lines().count()));
        eprintln!(
            "{}: line {} was {:?}, is now {:?}",
            committed.display(),
            line + 1,
            old.lines().nth(line).unwrap_or("(the end)"),
            new.lines().nth(line).unwrap_or("(the end)"),
        );
    }
    settings.bind(|| {
        insta::assert_binary_snapshot!(name_and_extension, content);
    });
}

/// Checks the committed file `folder/NAME` against `content`, the text generated now;
/// with `INSTA_UPDATE=always` (as for the snapshots), writes it instead.
#[track_caller]
fn pinned(folder_name: &str, name: &str, content: &str) {
    let file = folder(folder_name).join(name);
    if std::env::var("INSTA_UPDATE").is_ok_and(|v| v == "always") {
        std::fs::write(&file, content).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        return;
    }
    let committed = std::fs::read_to_string(&file).unwrap_or_default();
    if committed != content {
        let line = committed
            .lines()
            .zip(content.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(content.lines().count()));
        panic!(
            "{} is not what the code generates: line {} was {:?}, is now {:?}. After an intended change, rewrite it with INSTA_UPDATE=always cargo test --test main documented:: and review the diff.",
            file.display(),
            line + 1,
            committed.lines().nth(line).unwrap_or("(the end)"),
            content.lines().nth(line).unwrap_or("(the end)"),
        );
    }
}

/// The names of the files ending in `suffix` in a folder, without it.
fn files_in(folder_name: &str, suffix: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder(folder_name))
        .expect("the folder can be read")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter_map(|name| name.strip_suffix(suffix).map(str::to_string))
        .collect();
    names.sort();
    names
}

/// The demo campaign in its own database in `env`'s folder.
fn demo() -> TestEnv {
    let env = TestEnv::new();
    env.ok(&["--db", db(&env).to_str().unwrap(), "demo"]);
    env
}

fn db(env: &TestEnv) -> PathBuf {
    env.dir().join("demo.db")
}

/// Runs chronicle on the demo's database and returns its stdout; the clock as when the
/// committed exports were first written.
fn chronicle(env: &TestEnv, args: &[&str]) -> String {
    env.test()
        .args(args)
        .args(["--db", db(env).to_str().unwrap()])
        .env_var("CHRONICLE_NOW", "2026-11-29T20:00:00Z")
        .run()
        .stdout
}

pub(crate) fn committed_schema(name: &str) -> jsonschema::Validator {
    let file = folder("schema/json").join(format!("{name}.schema.json"));
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let schema: serde_json::Value = serde_json::from_str(&text).expect("schema is JSON");
    jsonschema::validator_for(&schema).expect("a valid JSON Schema")
}

/// The names of the snapshots (`NAME.snap`) committed in a folder.
fn snapshots_in(folder_name: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder(folder_name))
        .expect("the folder can be read")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter_map(|name| name.strip_suffix(".snap").map(str::to_string))
        .collect();
    names.sort();
    names
}

#[test]
fn schema_sql_matches_the_migrations() {
    let store = Store::in_memory().expect("store");
    let header = "-- chronicle's SQLite schema after every migration (generated; see migrations/ for the\n-- history and tests/documented.rs for how it is kept in step).\n\n";
    check(
        "schema",
        "schema.sql",
        format!("{header}{}", store.schema_sql().expect("schema")),
    );
}

/// The text with the campaign's identity (new with each demo, in the campaign file's
/// `campaign` part) as the nil UUID, which the schema still takes.
fn without_campaign_id(text: &str) -> String {
    let Some(at) = text.find("\"campaign\": {\n    \"id\": \"") else {
        return text.to_string();
    };
    let start = at + "\"campaign\": {\n    \"id\": \"".len();
    format!(
        "{}00000000-0000-0000-0000-000000000000{}",
        &text[..start],
        &text[start + 36..]
    )
}

#[test]
fn the_demo_exports_are_current() {
    let env = demo();
    check(
        "exports",
        "demo-board.json",
        chronicle(&env, &["demo", "--format", "json"]),
    );
    // One snapshot name each (insta keeps NAME.snap beside NAME.snap.EXT).
    for (format, name) in [
        ("json", "demo.json"),
        ("md", "demo-report.md"),
        ("svg", "demo-map.svg"),
        ("html", "demo-page.html"),
    ] {
        let text = chronicle(&env, &["export", "--format", format]);
        check("exports", name, without_campaign_id(&text));
    }
    let spoiler_free = chronicle(&env, &["export", "--format", "md", "--spoilers", "none"]);
    check("exports", "demo-report-spoiler-free.md", spoiler_free);
    // The campaign's identity is new with each demo: it is left out.
    let links = chronicle(&env, &["export", "--format", "bgstats"]);
    check(
        "exports",
        "demo-bgstats.txt",
        crate::exports_bgstats::without_uid(&links),
    );
    let tables = ["territories", "continents", "games", "players", "history"];
    for table in tables {
        let text = chronicle(&env, &["export", "--format", "csv", "--table", table]);
        check("exports/demo-csv", &format!("{table}.csv"), text);
    }
    // Nothing else is kept there, so no file outlives the export it showed.
    assert_eq!(
        snapshots_in("exports"),
        [
            "demo",
            "demo-bgstats",
            "demo-board",
            "demo-map",
            "demo-page",
            "demo-report",
            "demo-report-spoiler-free"
        ],
        "snapshots in exports/"
    );
    let mut sorted = tables.map(String::from).to_vec();
    sorted.sort();
    assert_eq!(
        snapshots_in("exports/demo-csv"),
        sorted,
        "snapshots in exports/demo-csv/"
    );
}

#[test]
fn the_committed_demo_export_validates_against_the_campaign_schema() {
    let schema_file = folder("schema").join("campaign.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema_file).expect("schema")).expect("JSON");
    let validator = jsonschema::validator_for(&schema).expect("a valid JSON Schema");
    let export = folder("exports").join("demo.snap.json");
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
    let schema = chronicle::exchange::campaign_schema();
    let text = serde_json::to_string_pretty(&schema).expect("schema as JSON") + "\n";
    pinned("schema", "campaign.schema.json", &text);
}

#[test]
fn the_device_log_schema_matches_its_types() {
    let schema = chronicle::exchange::device_log_schema();
    let text = serde_json::to_string_pretty(&schema).expect("schema as JSON") + "\n";
    pinned("schema", "device-log.schema.json", &text);
}

#[test]
fn json_schemas_match_the_types_that_print_them() {
    let mut names = Vec::new();
    for (name, _, schema) in chronicle::report::json_schemas() {
        let text = serde_json::to_string_pretty(&schema).expect("schema as JSON") + "\n";
        pinned("schema/json", &format!("{name}.schema.json"), &text);
        names.push(name.to_string());
    }
    // No schema is kept for an output that is gone, and no insta metadata beside them.
    names.sort();
    assert_eq!(
        files_in("schema/json", ".schema.json"),
        names,
        "schema/json/"
    );
    assert!(
        snapshots_in("schema/json").is_empty(),
        "schema/json/ holds .snap files"
    );
    assert_eq!(
        snapshots_in("schema"),
        ["schema"],
        "schema/ holds only schema.snap"
    );
}

#[test]
fn every_json_output_validates_against_its_committed_schema() {
    let env = demo();
    let photo = env.dir().join("board.jpg");
    std::fs::write(&photo, crate::photo_files::jpeg(64, 48)).expect("a photo");
    let photo = photo.to_str().expect("a UTF-8 path");
    chronicle(
        &env,
        &["game", "photo", "add", "6", photo, "--caption", "Asia"],
    );
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
    let shared = env.dir().join("shared");
    std::fs::create_dir_all(&shared).expect("a shared folder");
    let shared = shared.to_str().expect("a UTF-8 path").to_string();
    let outputs: &[(&str, &[&str])] = &[
        ("sync", &["sync", "status", &shared]),
        ("board", &["board"]),
        ("recap", &["recap"]),
        ("board", &["board", "--continent", "Africa"]),
        ("board-with", &["board", "--with", "scar", "--with", "city"]),
        ("pool", &["pool"]),
        ("rule-list", &["rule", "list"]),
        ("alias-list", &["alias", "list"]),
        ("game-list", &["game", "list"]),
        ("game-show", &["game", "show", "6"]),
        ("photo-list", &["game", "photo", "list"]),
        ("game-log", game_log),
        (
            "game-edit",
            &[
                "game",
                "edit",
                "2",
                "--dry-run",
                "--player",
                "Bo=khan:won@Argentina",
                "--player",
                "Ann=bear:held-on@Alaska",
                "--player",
                "Chidi=saharan:eliminated@Madagascar",
                "--player",
                "Дмитрий=balkania:held-on@China",
                "--scar",
                "Ural=Ammo Shortage",
                "--name-continent",
                "South America=Pampas",
                "--minor-city",
                "Ann:Alaska=Nome",
                "--upgrade",
                "Дмитрий:China",
                "--opened",
                "First elimination",
            ],
        ),
        ("campaign-list", &["campaign", "list"]),
        ("power", &["power"]),
        ("coins", &["coins"]),
        ("history", &["history"]),
        ("history", &["history", "--territory", "Egypt"]),
        ("corrections", &["history", "--corrections"]),
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
            serde_json::from_str(&chronicle(&env, &full)).expect("JSON output");
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
    // Every schema is exercised above, but the listing of a fork's choices, which needs a
    // fork (`sync_resolve.rs` checks it against its schema).
    for (name, _, _) in chronicle::report::json_schemas() {
        assert!(
            name == "sync-resolve" || outputs.iter().any(|(n, _)| *n == name),
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
