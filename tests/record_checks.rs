//! What a campaign file or another device's file says of a record is checked as the
//! records chronicle writes itself are, by the validator `import` and `sync` share: a
//! record is not its own parent; a renaming or merging names a person the log knows before
//! it, and a person is not merged into themself; a device's name is one a device may have
//! (no escape sequence), its records are numbered from 1, and a number goes with a device.
//! A device's file whose campaign was started at "not a date" is no campaign to join. Each
//! is refused naming the record, with nothing written (and no database made by a join).

use serde_json::{Value, json};

use crate::common::TestEnv;

/// The demo's campaign file (`exports/demo.snap.json`): 22 records, game 16 the last.
fn demo_file() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("exports/demo.snap.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("the demo export"))
        .expect("the demo export is JSON")
}

fn log(file: &mut Value) -> &mut Vec<Value> {
    file["log"].as_array_mut().expect("the log")
}

/// A correction appended to the file as record 23, after game 16.
fn correct(file: &mut Value, correction: Value) {
    let parent = log(file).last().expect("a record")["id"].clone();
    log(file).push(json!({
        "id": "01a2272d-2600-7fff-8fff-ffffffffffff",
        "seq": 23,
        "recorded_at": "2026-11-29T12:00:00Z",
        "device": null,
        "device_seq": null,
        "parent": parent,
        "before": null,
        "entry": null,
        "correction": correction,
    }));
}

/// Importing the demo's file changed by `change` (into a database holding another
/// campaign) is refused with exit 1, saying each of `says`, and writes nothing.
fn refused(change: impl FnOnce(&mut Value), says: &[&str]) {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    let mut file = demo_file();
    change(&mut file);
    std::fs::write(env.dir().join("edited.json"), file.to_string()).expect("the file");
    let mut test = env
        .test()
        .args(["import", "edited.json"])
        .status(1)
        .stderr_has("Nothing was written.")
        .writes_nothing();
    for part in says {
        test = test.stderr_has(part);
    }
    test.run();
}

#[test]
fn an_imported_record_that_is_its_own_parent_is_refused() {
    refused(
        |f| {
            let last = log(f).last_mut().expect("a record");
            last["parent"] = last["id"].clone();
        },
        &["entry 22 of the file", "its own parent"],
    );
}

#[test]
fn an_imported_renaming_of_nobody_is_refused() {
    refused(
        |f| {
            correct(
                f,
                json!({"kind": "rename_person", "from": "Nobody", "to": "Zed"}),
            );
        },
        &["Entry 23 of the file", "\"Nobody\"", "no entry before it"],
    );
    refused(
        |f| {
            correct(
                f,
                json!({"kind": "merge_person", "from": "Nobody", "into": "Ann"}),
            );
        },
        &["Entry 23 of the file", "\"Nobody\"", "no entry before it"],
    );
}

#[test]
fn an_imported_merging_of_a_person_into_themself_is_refused() {
    refused(
        |f| {
            correct(
                f,
                json!({"kind": "merge_person", "from": "Ann", "into": "ann"}),
            );
        },
        &["Entry 23 of the file", "into themself"],
    );
}

#[test]
fn an_imported_records_device_is_a_devices_name_numbered_from_1() {
    refused(
        |f| {
            let last = log(f).last_mut().expect("a record");
            last["device"] = "desk\u{1b}[2J".into();
            last["device_seq"] = 1.into();
        },
        &["entry 22 of the file", "\\u{1b}[2J", "not a device's name"],
    );
    refused(
        |f| {
            let last = log(f).last_mut().expect("a record");
            last["device"] = "desk".into();
            last["device_seq"] = 0.into();
        },
        &["entry 22 of the file", "numbered from 1"],
    );
    refused(
        |f| {
            let last = log(f).last_mut().expect("a record");
            last["device_seq"] = 3.into();
        },
        &["Entry 22 of the file", "device_seq", "no device"],
    );
    refused(
        |f| {
            let last = log(f).last_mut().expect("a record");
            last["device"] = "desk".into();
        },
        &["Entry 22 of the file", "no device_seq"],
    );
}

/// The demo synced into `shared` as device `a`; its file there.
fn shared_demo(env: &TestEnv) -> std::path::PathBuf {
    std::fs::create_dir(env.dir().join("shared")).expect("the shared folder");
    env.ok(&["--db", "a.db", "demo"]);
    env.ok(&["--db", "a.db", "sync", "shared", "--device", "a"]);
    std::fs::read_dir(env.dir().join("shared"))
        .expect("the shared folder")
        .next()
        .expect("the campaign's folder")
        .expect("an entry")
        .path()
        .join("a.jsonl")
}

/// The device's file with line `line` (from 1) changed by `change`.
fn edit_line(path: &std::path::Path, line: usize, change: impl FnOnce(&mut Value)) {
    let text = std::fs::read_to_string(path).expect("the device's file");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut value: Value = serde_json::from_str(&lines[line - 1]).expect("a JSON line");
    change(&mut value);
    lines[line - 1] = value.to_string();
    std::fs::write(path, lines.join("\n") + "\n").expect("the device's file");
}

/// A change made to a device's file.
type Change = fn(&std::path::Path);

#[test]
fn a_join_takes_no_campaign_started_at_not_a_date_nor_a_record_that_is_its_own_parent() {
    let cases: [(&str, Change); 2] = [
        ("a campaign started at not a date", |file| {
            edit_line(file, 1, |head| {
                head["campaign"]["created_at"] = "not a date\u{1b}[2J".into();
            });
        }),
        ("a record that is its own parent", |file| {
            edit_line(file, 2, |record| record["parent"] = record["id"].clone());
        }),
    ];
    for (what, change) in cases {
        let env = TestEnv::new();
        let file = shared_demo(&env);
        change(&file);
        let run = env.run(&["--db", "b.db", "sync", "shared", "--device", "b"]);
        assert_ne!(run.code, 0, "{what}: joined\n{}", run.stdout);
        assert!(!run.stderr.contains('\u{1b}'), "{what}: {}", run.stderr);
        assert!(
            !env.dir().join("b.db").exists(),
            "{what}: a refused join made a database"
        );
        // A device already in the campaign skips the file and names why.
        let skipped = env.json(&[
            "--db", "a.db", "sync", "status", "shared", "--format", "json",
        ]);
        assert!(
            skipped[0]["skipped"].to_string().contains("a.jsonl"),
            "{what}: {skipped}"
        );
    }
}

/// A file's entry is stored as it reads and checked as the rules record it: one written
/// otherwise (a faction not as the campaign spells it) would be taken and then fail
/// `chronicle check`. It is refused, naming the entry.
#[test]
fn an_imported_entry_not_written_as_the_rules_record_it_is_refused() {
    refused(
        |f| log(f)[0]["entry"]["faction"] = "enclave of the bear".into(),
        &["Entry 1 of the file", "not written as the rules record it"],
    );
}

/// Another device's entry written otherwise than the rules record it is not taken into the
/// log (set aside as that device's, as entries that break a rule are), and the database
/// still passes `check`.
#[test]
fn a_synced_entry_not_written_as_the_rules_record_it_is_not_taken_into_the_log() {
    let env = TestEnv::new();
    let file = shared_demo(&env);
    env.ok(&["--db", "b.db", "sync", "shared", "--device", "b"]);
    env.ok(&[
        "--db",
        "b.db",
        "game",
        "log",
        "--date",
        "2026-05-02",
        "--player",
        "Bo=khan:won",
        "--player",
        "Ann=bear:held-on",
        "--player",
        "Chidi=saharan:held-on",
    ]);
    env.ok(&["--db", "b.db", "sync", "shared"]);
    let b_file = file.with_file_name("b.jsonl");
    let text = std::fs::read_to_string(&b_file).expect("b's file");
    std::fs::write(
        &b_file,
        text.replace("\"Khan Industries\"", "\"khan industries\""),
    )
    .expect("b's file edited");
    let board = env
        .ok(&["--db", "a.db", "board", "--format", "json"])
        .stdout;
    let run = env.run(&["--db", "a.db", "sync", "shared", "--format", "json"]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let report = run.json();
    assert_eq!(report[0]["set_aside"][0]["device"], "b", "{report:#}");
    assert!(
        report[0]["set_aside"][0]["rule"]
            .as_str()
            .is_some_and(|r| r.contains("not written as the rules record it")),
        "{report:#}"
    );
    assert_eq!(
        env.ok(&["--db", "a.db", "board", "--format", "json"])
            .stdout,
        board
    );
    env.ok(&["--db", "a.db", "check"]);
}
