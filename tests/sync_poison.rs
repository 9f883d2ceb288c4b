//! A peer's file whose records the rules refuse holds nobody back: its records are set aside
//! as that device's, named (device, entry, rule) with exit 1 while they are, never carried
//! in an honest device's file, and dropped for good by `sync resolve --drop DEVICE`; the
//! honest devices' games reach each other, and a new device joins the honest campaign.

use serde_json::{Value, json};

use crate::common::group::{Group, SHARED};

/// The identities of the bad device's records.
const RULE: &str = "01a2272d-2600-7fff-8fff-00000000e411";
const GAME: &str = "01a2272d-2600-7fff-8fff-00000000e412";

/// Writes the file of device `evil` (its head copied from the laptop's, naming the campaign
/// `name`): a house rule switched on that is on already, after the laptop's last record (a
/// game), then a game written after it.
fn bad_file(group: &Group, name: &str) {
    let text = std::fs::read_to_string(group.file("laptop")).expect("the laptop's file");
    let lines: Vec<&str> = text.lines().collect();
    let mut head: Value = serde_json::from_str(lines[0]).expect("a head");
    head["device"] = "evil".into();
    head["database"] = Value::Null;
    head["campaign"]["name"] = name.into();
    let last: Value = serde_json::from_str(lines.last().expect("a record")).expect("a record");
    let rule = json!({
        "id": RULE, "seq": 1, "recorded_at": "2026-11-29T09:00:00Z", "rules": 2,
        "device": "evil", "device_seq": 1, "logged_by": null, "parent": last["id"],
        "before": null, "correction": null,
        "entry": {"kind": "rule", "rule": "adjacent-hq", "on": true, "reason": "forged"},
    });
    let mut game = last.clone();
    game["id"] = GAME.into();
    game["seq"] = 2.into();
    game["recorded_at"] = "2026-11-29T09:01:00Z".into();
    game["device"] = "evil".into();
    game["device_seq"] = 2.into();
    game["parent"] = RULE.into();
    let number = last["entry"]["game"]
        .as_u64()
        .expect("the laptop's last game")
        + 1;
    game["entry"]["game"] = number.into();
    game["entry"]["date"] = "2026-05-01".into();
    let text = format!("{head}\n{rule}\n{game}\n");
    std::fs::write(group.campaign_folder().join("evil.jsonl"), text).expect("the bad file");
}

/// What a sync report sets aside: (device, entry, rule) each.
fn set_aside(report: &Value) -> Vec<(String, String, String)> {
    report[0]["set_aside"]
        .as_array()
        .expect("set_aside")
        .iter()
        .map(|a| {
            let text = |key: &str| a[key].as_str().unwrap_or_default().to_string();
            (text("device"), text("entry"), text("rule"))
        })
        .collect()
}

/// Whether a device's file carries a record of the bad device.
fn carries_bad(group: &Group, device: &str) -> bool {
    let text = std::fs::read_to_string(group.file(device)).expect("the device's file");
    text.contains(RULE) || text.contains(GAME)
}

#[test]
fn a_peers_refused_records_are_set_aside_as_its_own_and_the_honest_games_go_on() {
    let group = Group::demo(&["laptop", "phone"]);
    bad_file(&group, "Demo");
    group.log_game("laptop", "2026-05-02", "Ann");
    let report = group.sync(1, "laptop");
    let aside = set_aside(&report);
    assert_eq!(aside.len(), 2, "{report:#}");
    assert_eq!(aside[0].0, "evil");
    assert_eq!(aside[0].1, "a rule entry");
    assert!(aside[0].2.contains("adjacent-hq"), "{report:#}");
    assert_eq!(aside[1].0, "evil");
    assert_eq!(aside[1].1, "game 17, played 2026-05-01");
    assert!(aside[1].2.contains("written after"), "{report:#}");
    assert_eq!(report[0]["fork"], Value::Null, "{report:#}");
    assert_eq!(
        report[0]["games_played"], 17,
        "the laptop's own game stands"
    );

    // The phone takes the laptop's game, logs its own; the laptop takes that one.
    let report = group.sync(1, "phone");
    assert_eq!(report[0]["games_played"], 17, "{report:#}");
    group.log_game("phone", "2026-05-09", "Dana");
    group.sync(1, "phone");
    let report = group.sync(1, "laptop");
    assert_eq!(report[0]["games_played"], 18, "{report:#}");
    assert_eq!(group.games("laptop"), group.games("phone"));
    for device in ["laptop", "phone"] {
        assert!(
            !carries_bad(&group, device),
            "{device} relayed a refused record"
        );
    }

    // `sync status` names them too, and fails while they are set aside.
    let run = group.expect(1, "phone", &["sync", "status", SHARED, "--format", "json"]);
    assert_eq!(set_aside(&run.json()).len(), 2, "{}", run.stdout);
    let run = group.expect(1, "phone", &["sync", "status", SHARED]);
    assert!(run.stdout.contains("evil"), "{}", run.stdout);
    assert!(run.stderr.contains("--drop DEVICE"), "{}", run.stderr);

    // There is no fork: `sync resolve` says what there is instead.
    let run = group.expect(1, "phone", &["sync", "resolve", SHARED]);
    assert!(run.stderr.contains("--drop DEVICE"), "{}", run.stderr);

    // Dropped for good on the phone: the next syncs from the same file take nothing of it.
    let run = group.ok("phone", &["sync", "resolve", SHARED, "--drop", "evil"]);
    assert!(run.stderr.contains("2 entries of evil"), "{}", run.stderr);
    for _ in 0..2 {
        let report = group.sync(0, "phone");
        assert!(set_aside(&report).is_empty(), "{report:#}");
    }
    group.expect(1, "phone", &["sync", "resolve", SHARED, "--drop", "evil"]);
    group.ok("laptop", &["sync", "resolve", SHARED, "--drop", "evil"]);
    group.settle(&["laptop", "phone"]);
    assert_eq!(group.games("phone").len(), 18);
    assert!(!group.records("phone").contains(RULE));
    assert!(!carries_bad(&group, "phone"));

    // Tried again, they go through the rules again, and are set aside again.
    group.expect(
        1,
        "phone",
        &["sync", "resolve", SHARED, "--try-again", "evil"],
    );
    let report = group.sync(1, "phone");
    assert_eq!(set_aside(&report).len(), 2, "{report:#}");
}

#[test]
fn a_new_device_joins_the_honest_campaign_past_a_bad_file_that_names_another() {
    let group = Group::demo(&["laptop"]);
    // "evil.jsonl" sorts before "laptop.jsonl", and its head names another campaign.
    bad_file(&group, "A forged campaign");
    group.log_game("laptop", "2026-05-02", "Ann");
    group.sync(1, "laptop");
    let run = group.expect(
        1,
        "new",
        &["sync", SHARED, "--device", "new", "--format", "json"],
    );
    assert!(
        !run.stderr.contains("damaged"),
        "the join failed: {}",
        run.stderr
    );
    let report = run.json();
    assert_eq!(report[0]["campaign"], "Demo", "{report:#}");
    assert_eq!(set_aside(&report).len(), 2, "{report:#}");
    assert_eq!(group.games("new"), group.games("laptop"));
    assert_eq!(group.games("new").len(), 17);
    let list = group.ok("new", &["campaign", "list", "--format", "json"]);
    assert!(list.stdout.contains("\"Demo\""), "{}", list.stdout);
    assert!(!carries_bad(&group, "new"));
    group.ok("new", &["check"]);
}

#[test]
fn a_refused_record_after_the_games_every_device_has_holds_back_none_that_follow() {
    let group = Group::demo(&["laptop", "phone", "desk"]);
    group.log_game("laptop", "2026-05-02", "Ann");
    group.sync(0, "laptop");
    // Written after the laptop's game 17: the merged log is one line, and breaks at it.
    bad_file(&group, "Demo");
    let report = group.sync(1, "phone");
    let aside = set_aside(&report);
    assert_eq!(aside.len(), 2, "{report:#}");
    assert_eq!(aside[1].1, "game 18, played 2026-05-01", "{report:#}");
    assert_eq!(report[0]["games_played"], 17, "{report:#}");
    assert_eq!(report[0]["broken"], Value::Null, "{report:#}");
    // The desk's game 18 and the phone's 19 reach every honest device.
    group.sync(1, "desk");
    group.log_game("desk", "2026-05-09", "Dana");
    group.sync(1, "desk");
    group.sync(1, "phone");
    group.log_game("phone", "2026-05-16", "Eun-ji");
    group.sync(1, "phone");
    for device in ["laptop", "desk"] {
        let report = group.sync(1, device);
        assert_eq!(report[0]["games_played"], 19, "{device}: {report:#}");
    }
    for device in ["laptop", "phone", "desk"] {
        assert!(
            !carries_bad(&group, device),
            "{device} relayed a refused record"
        );
    }
    for device in ["laptop", "phone", "desk"] {
        group.ok(device, &["sync", "resolve", SHARED, "--drop", "evil"]);
    }
    group.settle(&["laptop", "phone", "desk"]);
    assert_eq!(group.games("desk").len(), 19);
}
