//! The campaign file's schema refuses what `import` refuses: a file edited to another
//! `format`, another `version`, a game date that is no date, a record identity that is no
//! UUID or a time that is no RFC 3339 time is refused by a validator of the committed schema
//! (the Rust `jsonschema` crate, formats asserted; and Python's `jsonschema` where it is
//! installed, skipped with a notice otherwise) and by `chronicle import`, which writes
//! nothing.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::common::{TestEnv, skipped};

fn schema_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("schema/campaign.schema.json")
}

/// A validator of the committed campaign schema that asserts formats (`date`, `date-time`,
/// `uuid`), as check-jsonschema does.
fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(schema_file()).expect("the schema");
    let schema: Value = serde_json::from_str(&text).expect("JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("a valid JSON Schema")
}

/// The first record of the log that adds a game.
fn first_game(file: &mut Value) -> &mut Value {
    file["log"]
        .as_array_mut()
        .expect("a log")
        .iter_mut()
        .find(|r| r["entry"]["kind"] == "game")
        .expect("a game")
}

/// An edit of a campaign file, by name.
type Edit = (&'static str, fn(&mut Value));

/// Each edit import refuses.
fn edits() -> Vec<Edit> {
    vec![
        ("format other", |f| f["format"] = "other".into()),
        ("version 99", |f| f["version"] = 99.into()),
        ("date 10/01/2026", |f| {
            first_game(f)["entry"]["date"] = "10/01/2026".into();
        }),
        ("date 2026-02-30", |f| {
            first_game(f)["entry"]["date"] = "2026-02-30".into();
        }),
        ("id xyz", |f| f["log"][0]["id"] = "xyz".into()),
        ("recorded_at yesterday", |f| {
            f["log"][0]["recorded_at"] = "yesterday".into();
        }),
    ]
}

/// The demo's campaign file, as `export` writes it.
fn exported(env: &TestEnv) -> Value {
    serde_json::from_str(&env.ok(&["export"]).stdout).expect("the export is JSON")
}

#[test]
fn what_import_refuses_the_schema_refuses() {
    let env = TestEnv::demo();
    let file = exported(&env);
    let validator = validator();
    assert!(validator.is_valid(&file), "the export itself validates");
    let path = env.dir().join("edited.json");
    std::fs::write(&path, file.to_string()).expect("write");
    env.ok(&["import", path.to_str().unwrap(), "--as", "Unedited"]);

    let before = env.dump();
    for (what, edit) in edits() {
        let mut edited = file.clone();
        edit(&mut edited);
        assert!(!validator.is_valid(&edited), "{what}: the schema takes it");
        std::fs::write(&path, edited.to_string()).expect("write");
        let run = env.run(&["import", path.to_str().unwrap(), "--as", "Edited"]);
        assert_ne!(run.code, 0, "{what}: import takes it");
        assert!(
            run.stderr.contains("Nothing was written"),
            "{what}: {}",
            run.stderr
        );
    }
    assert_eq!(env.dump(), before, "a refused import wrote something");
}

#[test]
fn the_schema_names_its_own_file_and_the_version_written() {
    let text = std::fs::read_to_string(schema_file()).expect("the schema");
    let schema: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(schema["$id"], "urn:chronicle:schema/campaign.schema.json");
    assert_eq!(schema["properties"]["version"]["maximum"], 3);
    assert_eq!(
        schema["properties"]["format"]["const"],
        "chronicle-campaign"
    );
    let env = TestEnv::demo();
    assert_eq!(exported(&env)["version"], 3);
    for folder in ["schema", "schema/json"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
        for entry in std::fs::read_dir(&dir).expect("the folder") {
            let name = entry.expect("an entry").file_name();
            let name = name.to_string_lossy();
            let Some(stem) = name.strip_suffix(".schema.json") else {
                continue;
            };
            assert!(!stem.contains(".snap"), "{folder}/{name}");
            let text = std::fs::read_to_string(dir.join(&*name)).expect("a schema");
            let schema: Value = serde_json::from_str(&text).expect("JSON");
            let id = format!("urn:chronicle:{folder}/{name}");
            assert_eq!(schema["$id"], id, "{folder}/{name}");
        }
    }
}

/// Python's `jsonschema`, where it is installed, refuses the same edits.
#[test]
fn python_jsonschema_refuses_them_too() {
    let probe = Command::new("python3")
        .args(["-c", "import jsonschema"])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        skipped(
            "python3 with jsonschema is not installed: the Python check of the campaign schema",
        );
        return;
    }
    let env = TestEnv::demo();
    let file = exported(&env);
    let script = "\
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
validator = jsonschema.Draft202012Validator(schema, format_checker=checker)
errors = list(validator.iter_errors(json.load(open(sys.argv[2]))))
print(len(errors))
";
    let path = env.dir().join("edited.json");
    let cases =
        std::iter::once(("unedited", None)).chain(edits().into_iter().map(|(w, e)| (w, Some(e))));
    for (what, edit) in cases {
        let mut edited = file.clone();
        if let Some(edit) = edit {
            edit(&mut edited);
        }
        std::fs::write(&path, edited.to_string()).expect("write");
        let output = Command::new("python3")
            .args(["-c", script])
            .arg(schema_file())
            .arg(&path)
            .output()
            .expect("python3 runs");
        let errors = String::from_utf8_lossy(&output.stdout).trim().to_string();
        assert!(
            output.status.success(),
            "{what}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        if edit.is_some() {
            assert_ne!(errors, "0", "{what}: Python's jsonschema takes it");
        } else {
            assert_eq!(errors, "0", "the export itself validates");
        }
    }
}
