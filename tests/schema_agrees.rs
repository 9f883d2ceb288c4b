//! The campaign file's schema says what `import` says: each edit of the demo's export below
//! is checked by a validator of the committed schema (the `jsonschema` crate, formats
//! asserted) and by `chronicle import` into a fresh database, and the two agree, taking it
//! or refusing it, but for the edits a rule refuses (a game the rules do not allow, a
//! number or a board the log does not give): those are import's alone, listed by name in
//! `RULES_ALONE`, and import refuses each of them while the schema takes it.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::common::TestEnv;

/// The edits only the rules refuse: the schema takes them, import does not.
const RULES_ALONE: &[&str] = &[
    "two winners",
    "one person in two seats",
    "a faction not in the box",
    "an HQ in no territory",
    "a game dated before the one before it",
    "the first game numbered 2",
    "a city renamed in the board section alone",
    "a parent that is no record of the log",
];

fn schema_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("schema/campaign.schema.json")
}

fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(schema_file()).expect("the schema");
    let schema: Value = serde_json::from_str(&text).expect("JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("a valid JSON Schema")
}

/// The log's `n`th record that adds a game (from 0), with the board section taken out: an
/// edit of the log changes the board it gives, which import works out again.
fn game(file: &mut Value, n: usize) -> &mut Value {
    if let Some(top) = file.as_object_mut() {
        top.remove("board");
    }
    file["log"]
        .as_array_mut()
        .expect("a log")
        .iter_mut()
        .filter(|r| r["entry"]["kind"] == "game")
        .nth(n)
        .expect("a game")
}

fn first_game(file: &mut Value) -> &mut Value {
    &mut game(file, 0)["entry"]
}

fn first_player(file: &mut Value) -> &mut Value {
    &mut first_game(file)["players"][0]
}

/// The first record of the log that keeps a faction's power.
fn power(file: &mut Value) -> &mut Value {
    if let Some(top) = file.as_object_mut() {
        top.remove("board");
    }
    file["log"]
        .as_array_mut()
        .expect("a log")
        .iter_mut()
        .find(|r| r["entry"]["kind"] == "power")
        .expect("a power kept")
}

/// Ann named with `chars` characters wherever the log names her (the board section out).
fn rename_ann(file: &mut Value, chars: usize) {
    fn walk(value: &mut Value, name: &str) {
        match value {
            Value::String(text) if text == "Ann" => *text = name.to_string(),
            Value::Array(items) => items.iter_mut().for_each(|v| walk(v, name)),
            Value::Object(fields) => fields.values_mut().for_each(|v| walk(v, name)),
            _ => {}
        }
    }
    remove(file, "board");
    walk(&mut file["log"], &"A".repeat(chars));
}

fn remove(value: &mut Value, key: &str) {
    value.as_object_mut().expect("an object").remove(key);
}

fn players(file: &mut Value, count: usize) {
    let players = first_game(file)["players"]
        .as_array()
        .expect("players")
        .clone();
    let more = ["Eve", "Fay", "Gus"];
    let mut made: Vec<Value> = players.into_iter().take(count).collect();
    for name in more.iter().take(count.saturating_sub(made.len())) {
        made.push(json!({"person": name, "faction": "Die Mechaniker", "result": "eliminated", "hq": null}));
    }
    first_game(file)["players"] = Value::Array(made);
}

/// An edit of a campaign file, by name.
type Edit = (&'static str, fn(&mut Value));

/// The edits: of the file's parts, of its forms and limits, and of the rules.
fn edits() -> Vec<Edit> {
    let mut all = parts();
    all.extend(limits());
    all.extend(rules());
    all
}

/// Parts of the file left out, added or of another version.
fn parts() -> Vec<Edit> {
    vec![
        ("version 2", |f| f["version"] = 2.into()),
        ("version 1", |f| f["version"] = 1.into()),
        ("version 0", |f| f["version"] = 0.into()),
        ("version 99", |f| f["version"] = 99.into()),
        ("version \"3\"", |f| f["version"] = "3".into()),
        ("format other", |f| f["format"] = "other".into()),
        ("no board section", |f| remove(f, "board")),
        ("no stats section", |f| remove(f, "stats")),
        ("no history section", |f| remove(f, "history")),
        ("no chronicle", |f| remove(f, "chronicle")),
        ("no exported_at", |f| remove(f, "exported_at")),
        ("no campaign", |f| remove(f, "campaign")),
        ("no log", |f| remove(f, "log")),
        ("no campaign id", |f| remove(&mut f["campaign"], "id")),
        ("a field unknown at the top", |f| f["extra"] = 1.into()),
        ("a field unknown in the campaign", |f| {
            f["campaign"]["colour"] = "red".into();
        }),
        ("a field unknown in a game", |f| {
            first_game(f)["weather"] = "rain".into();
        }),
        ("an entry of no kind chronicle has", |f| {
            first_game(f)["kind"] = "picnic".into();
        }),
        ("a record both adding and correcting", |f| {
            game(f, 0)["correction"] = json!({"kind": "rename_person", "from": "A", "to": "B"});
        }),
    ]
}

/// Forms and limits a schema states: words from a list, lengths, counts, numbers from 1.
fn limits() -> Vec<Edit> {
    vec![
        ("power c", |f| power(f)["entry"]["power"] = "c".into()),
        ("power empty", |f| power(f)["entry"]["power"] = "".into()),
        ("result banana", |f| {
            first_player(f)["result"] = "banana".into();
        }),
        ("result Won", |f| first_player(f)["result"] = "Won".into()),
        ("a person's name empty", |f| {
            first_player(f)["person"] = "".into();
        }),
        ("a person's name of 61 characters", |f| rename_ann(f, 61)),
        ("a person's name of 60 characters", |f| rename_ann(f, 60)),
        ("the campaign's name empty", |f| {
            remove(f, "board");
            f["campaign"]["name"] = "".into();
        }),
        ("the campaign's name of 61 characters", |f| {
            remove(f, "board");
            f["campaign"]["name"] = "C".repeat(61).into();
        }),
        ("the campaign's name of 60 characters", |f| {
            remove(f, "board");
            f["campaign"]["name"] = "C".repeat(60).into();
        }),
        ("a note of 2,001 characters", |f| {
            first_game(f)["note"] = "n".repeat(2001).into();
        }),
        ("a note of 2,000 characters", |f| {
            first_game(f)["note"] = "n".repeat(2000).into();
        }),
        ("no players", |f| players(f, 0)),
        ("two players", |f| players(f, 2)),
        ("six players", |f| players(f, 6)),
        ("five players", |f| players(f, 5)),
        ("game 0", |f| first_game(f)["game"] = 0.into()),
        ("game -1", |f| first_game(f)["game"] = (-1).into()),
        ("seq 0", |f| f["log"][0]["seq"] = 0.into()),
        ("date 10/01/2026", |f| {
            first_game(f)["date"] = "10/01/2026".into();
        }),
        ("id xyz", |f| f["log"][0]["id"] = "xyz".into()),
        ("the campaign id xyz", |f| {
            f["campaign"]["id"] = "xyz".into();
        }),
        ("recorded_at yesterday", |f| {
            f["log"][0]["recorded_at"] = "yesterday".into();
        }),
        ("exported_at yesterday", |f| {
            f["exported_at"] = "yesterday".into();
        }),
        ("chronicle a number", |f| f["chronicle"] = 1.into()),
        ("created_at yesterday", |f| {
            f["campaign"]["created_at"] = "yesterday".into();
        }),
        ("rules 0", |f| f["log"][0]["rules"] = 0.into()),
        ("rules 3", |f| f["log"][0]["rules"] = 3.into()),
        ("device_seq 0", |f| {
            f["log"][0]["device"] = "desk".into();
            f["log"][0]["device_seq"] = 0.into();
        }),
        ("logged_by empty", |f| f["log"][0]["logged_by"] = "".into()),
        ("logged_by of 61 characters", |f| {
            f["log"][0]["logged_by"] = "P".repeat(61).into();
        }),
        ("logged_by of 60 characters", |f| {
            f["log"][0]["logged_by"] = "P".repeat(60).into();
        }),
        ("players not a list", |f| {
            first_game(f)["players"] = "Ann".into();
        }),
    ]
}

/// Games the rules refuse, and a board the log does not give.
fn rules() -> Vec<Edit> {
    vec![
        ("two winners", |f| {
            first_game(f)["players"][1]["result"] = "won".into();
        }),
        ("one person in two seats", |f| {
            first_game(f)["players"][1]["person"] = "Ann".into();
        }),
        ("a faction not in the box", |f| {
            first_player(f)["faction"] = "Nowhere Inc".into();
        }),
        ("an HQ in no territory", |f| {
            first_player(f)["hq"] = "Atlantis".into();
        }),
        ("a game dated before the one before it", |f| {
            game(f, 1)["entry"]["date"] = "2025-01-01".into();
        }),
        ("the first game numbered 2", |f| {
            first_game(f)["game"] = 2.into();
        }),
        ("a city renamed in the board section alone", |f| {
            let territories = f["board"]["territories"]
                .as_array_mut()
                .expect("territories");
            let city = territories
                .iter_mut()
                .find(|t| t["city"]["name"].is_string())
                .expect("a city");
            city["city"]["name"] = "Elsewhere".into();
        }),
        ("a parent that is no record of the log", |f| {
            remove(f, "board");
            f["log"][3]["parent"] = "00000000-0000-4000-8000-000000000000".into();
        }),
    ]
}

#[test]
fn the_schema_and_import_agree_but_for_the_rules() {
    let demo = TestEnv::demo();
    let file: Value = serde_json::from_str(&demo.ok(&["export"]).stdout).expect("JSON");
    let validator = validator();
    let edits = edits();
    assert!(edits.len() >= 40, "{} edits", edits.len());
    let mut disagree = Vec::new();
    for (what, edit) in &edits {
        let mut edited = file.clone();
        edit(&mut edited);
        let schema_takes = validator.is_valid(&edited);
        let env = TestEnv::new();
        let path = env.dir().join("edited.json");
        std::fs::write(&path, edited.to_string()).expect("write");
        let run = env.run(&["import", path.to_str().unwrap()]);
        let import_takes = run.code == 0;
        if !import_takes {
            assert!(
                run.stderr.contains("Nothing was written"),
                "{what}: {}",
                run.stderr
            );
        }
        let rule = RULES_ALONE.contains(what);
        match (schema_takes, import_takes, rule) {
            (true, false, true) => {}
            (_, _, true) => disagree.push(format!(
                "{what}: a rule's refusal, yet the schema {} and import {}",
                took(schema_takes),
                took(import_takes)
            )),
            (a, b, false) if a != b => {
                let why = validator
                    .iter_errors(&edited)
                    .map(|e| format!("{e} at {}", e.instance_path()))
                    .next()
                    .unwrap_or_default();
                disagree.push(format!(
                    "{what}: the schema {} ({why}), import {} ({})",
                    took(a),
                    took(b),
                    run.stderr.trim()
                ));
            }
            _ => {}
        }
    }
    assert!(disagree.is_empty(), "{}", disagree.join("\n"));
}

fn took(taken: bool) -> &'static str {
    if taken { "takes it" } else { "refuses it" }
}
