//! Sync never skips unseen: a file is taken up to a bad line and the rest named, a game is
//! judged by its writer's clock, a peer's record is held to the rules of local input before
//! the database sees it, and every skip is a non-zero exit naming the file.

use serde_json::{Value, json};

use crate::common::group::{Group, SHARED, skipped};

/// The lines of a device's file.
fn lines(group: &Group, device: &str) -> Vec<String> {
    std::fs::read_to_string(group.file(device))
        .expect("the device's file")
        .lines()
        .map(str::to_string)
        .collect()
}

/// Writes a file of another device, `evil`, holding `records` (each a record's JSON, its
/// origin set to that device), its head copied from `like`'s.
fn peer_file(group: &Group, like: &str, name: &str, records: Vec<Value>) {
    let mut head: Value = serde_json::from_str(&lines(group, like)[0]).expect("a head");
    head["device"] = name.into();
    let mut text = format!("{head}\n");
    for (seq, mut record) in (1u64..).zip(records) {
        record["device"] = name.into();
        record["device_seq"] = seq.into();
        text.push_str(&record.to_string());
        text.push('\n');
    }
    std::fs::write(group.campaign_folder().join(format!("{name}.jsonl")), text)
        .expect("the peer's file");
}

/// The `why` a sync gave for skipping `file`.
fn why(report: &Value, file: &str) -> String {
    report[0]["skipped"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|s| s["file"].as_str().is_some_and(|f| f.ends_with(file)))
        .and_then(|s| s["why"].as_str())
        .unwrap_or_default()
        .to_string()
}

#[test]
fn clocks_that_disagree_take_every_game_by_its_writers_clock() {
    let group = Group::demo(&["laptop", "phone", "desk"]);
    group.skew("phone", -3);
    group.skew("desk", 3);
    // The laptop logs a game played today; the phone, three days behind, takes it.
    group.log_game("laptop", &group.today("laptop"), "Ann");
    group.sync(0, "laptop");
    let report = group.sync(0, "phone");
    assert_eq!(skipped(&report), Vec::<String>::new(), "{report:#}");
    assert_eq!(group.games("phone").len(), 17);
    // The desk, three days ahead, logs a game of its today; the others take it at once.
    group.sync(0, "desk");
    group.log_game("desk", &group.today("desk"), "Dana");
    group.sync(0, "desk");
    for device in ["laptop", "phone"] {
        let report = group.sync(0, device);
        assert_eq!(
            skipped(&report),
            Vec::<String>::new(),
            "{device}: {report:#}"
        );
    }
    group.settle(&["laptop", "phone", "desk"]);
    assert_eq!(group.games("phone").len(), 18);
}

#[test]
fn a_game_dated_after_its_writers_own_day_is_named_and_the_rest_taken() {
    let group = Group::demo(&["laptop", "phone"]);
    group.log_game("laptop", "2026-05-02", "Ann");
    group.sync(0, "laptop");
    let mut file = lines(&group, "laptop");
    let last: Value = serde_json::from_str(file.last().expect("a line")).expect("a record");
    let mut late = last.clone();
    late["id"] = "01a2272d-2600-7fff-8fff-000000000001".into();
    late["parent"] = last["id"].clone();
    late["device_seq"] = (last["device_seq"].as_u64().expect("a number") + 1).into();
    late["seq"] = (last["seq"].as_u64().expect("a number") + 1).into();
    late["entry"]["date"] = "2027-03-01".into();
    file.push(late.to_string());
    std::fs::write(group.file("laptop"), file.join("\n") + "\n").expect("the file");
    let report = group.sync(1, "phone");
    assert_eq!(skipped(&report), ["laptop.jsonl"], "{report:#}");
    assert!(
        why(&report, "laptop.jsonl").contains("line 25"),
        "{report:#}"
    );
    assert!(
        why(&report, "laptop.jsonl").contains("2027-03-01"),
        "{report:#}"
    );
    assert_eq!(report[0]["skipped"][0]["taken"], 23, "{report:#}");
    assert_eq!(
        group.games("phone").len(),
        17,
        "the game before the bad line came in"
    );
}

#[test]
fn a_file_with_a_damaged_line_gives_what_comes_before_it_and_names_it() {
    let group = Group::demo(&["laptop", "phone"]);
    group.log_game("laptop", "2026-05-02", "Ann");
    group.log_game("laptop", "2026-05-03", "Dana");
    group.sync(0, "laptop");
    let mut file = lines(&group, "laptop");
    let last =
        file.pop()
            .expect("a line")
            .replacen("\"result\":\"won\"", "\"result\":\"triumphed\"", 1);
    file.push(last);
    std::fs::write(group.file("laptop"), file.join("\n") + "\n").expect("the file");
    let report = group.sync(1, "phone");
    assert_eq!(skipped(&report), ["laptop.jsonl"], "{report:#}");
    assert!(
        why(&report, "laptop.jsonl").contains("line 25"),
        "{report:#}"
    );
    assert_eq!(report[0]["skipped"][0]["taken"], 23, "{report:#}");
    assert_eq!(group.games("phone").len(), 17);
    // The laptop's next sync writes its file whole again; then nothing is skipped.
    group.sync(0, "laptop");
    group.settle(&["laptop", "phone"]);
    assert_eq!(group.games("phone").len(), 18);
}

#[test]
fn a_join_that_takes_nothing_from_a_folder_holding_entries_fails_and_names_the_file() {
    let group = Group::demo(&["laptop"]);
    let mut file = lines(&group, "laptop");
    file[1] = file[1].replacen("\"power\"", "\"powder\"", 1);
    std::fs::write(group.file("laptop"), file.join("\n") + "\n").expect("the file");
    let run = group.expect(1, "new", &["sync", SHARED, "--device", "new"]);
    assert!(run.stderr.contains("laptop.jsonl"), "{}", run.stderr);
    assert!(
        !group.db("new").exists(),
        "a join that took nothing made no database"
    );
}

#[test]
fn a_join_in_a_peers_file_that_resolves_no_fork_is_refused_and_named() {
    let group = Group::demo(&["laptop", "phone"]);
    let file = lines(&group, "laptop");
    let first: Value = serde_json::from_str(&file[1]).expect("a record");
    let last: Value = serde_json::from_str(file.last().expect("a line")).expect("a record");
    peer_file(
        &group,
        "laptop",
        "evil",
        vec![json!({
            "id": "01a2272d-2600-7fff-8fff-00000000e411",
            "seq": 1,
            "recorded_at": "2026-11-29T09:00:00Z",
            "rules": 2,
            "parent": first["id"],
            "before": null,
            "entry": null,
            "correction": {"kind": "join", "kept": [first["id"]], "set_aside": [last["id"]]},
        })],
    );
    let report = group.sync(1, "phone");
    assert_eq!(skipped(&report), ["evil.jsonl"], "{report:#}");
    assert!(why(&report, "evil.jsonl").contains("line 2"), "{report:#}");
    assert_eq!(group.games("phone").len(), 16, "nothing was set aside");
    group.ok("phone", &["check"]);
    std::fs::remove_file(group.campaign_folder().join("evil.jsonl")).expect("removed");
    group.settle(&["laptop", "phone"]);
}

#[test]
fn a_peers_game_of_six_players_is_named_with_exit_1_and_honest_games_arrive() {
    let group = Group::demo(&["laptop", "phone"]);
    let file = lines(&group, "laptop");
    let last: Value = serde_json::from_str(file.last().expect("a line")).expect("a record");
    let seats = |n: usize| -> Vec<Value> {
        (0..n)
            .map(|i| {
                json!({"person": format!("P{i}"), "faction": "Khan Industries",
                       "result": if i == 0 { "won" } else { "held-on" }, "hq": null})
            })
            .collect()
    };
    for (name, players) in [("six", 6), ("crowd", 10_000)] {
        let mut game = last.clone();
        game["id"] = format!("01a2272d-2600-7fff-8fff-{players:012x}").into();
        game["parent"] = last["id"].clone();
        game["entry"]["game"] = 17.into();
        game["entry"]["players"] = seats(players).into();
        peer_file(&group, "laptop", name, vec![game]);
    }
    group.log_game("laptop", "2026-05-02", "Ann");
    group.expect(1, "laptop", &["sync", SHARED]);
    let report = group.sync(1, "phone");
    let mut names = skipped(&report);
    names.sort();
    assert_eq!(names, ["crowd.jsonl", "six.jsonl"], "{report:#}");
    assert!(
        why(&report, "six.jsonl").contains("3 to 5 players"),
        "{report:#}"
    );
    assert_eq!(group.games("phone").len(), 17, "the laptop's game came in");
    for name in ["six", "crowd"] {
        std::fs::remove_file(group.campaign_folder().join(format!("{name}.jsonl"))).expect("gone");
    }
    group.settle(&["laptop", "phone"]);
}

#[test]
fn a_join_from_a_folder_it_may_only_read_takes_every_game() {
    use std::os::unix::fs::PermissionsExt;
    let group = Group::demo(&["laptop"]);
    let before = group.folder_bytes();
    let folders = [group.env.dir().join(SHARED), group.campaign_folder()];
    for folder in &folders {
        std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o555)).expect("mode");
    }
    // Where permissions hold (not for root), nothing can be written there.
    let read_only = std::fs::write(group.campaign_folder().join(".probe"), "").is_err();
    let _ = std::fs::remove_file(group.campaign_folder().join(".probe"));
    let joined = group.run("new", &["sync", SHARED, "--device", "new"]);
    for folder in &folders {
        std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o755)).expect("mode");
    }
    assert_eq!(joined.code, 0, "{}", joined.stderr);
    if read_only {
        assert!(
            group.folder_bytes() == before,
            "nothing was written to the folder"
        );
    }
    assert_eq!(group.games("new").len(), 16);
}

#[test]
fn a_peers_copy_of_a_record_that_says_something_else_is_named_and_fails_the_sync() {
    let group = Group::demo(&["laptop", "desk"]);
    group.log_game("laptop", &group.today("laptop"), "Ann");
    group.sync(0, "laptop");
    group.sync(0, "desk");
    // Another file carries the laptop's last game under its own identity, its date changed.
    let last = lines(&group, "laptop").pop().expect("a record");
    let mut record: Value = serde_json::from_str(&last).expect("a record");
    record["entry"]["date"] = "2026-01-01".into();
    peer_file(&group, "laptop", "evil", vec![record.clone()]);
    let before = group.reads("desk");
    let report = group.sync(1, "desk");
    let id = record["id"].as_str().expect("an id");
    let conflicts = report[0]["conflicts"].to_string();
    assert!(conflicts.contains(id), "{report:#}");
    assert_eq!(group.reads("desk"), before, "nothing of it was written");
}
