//! A device stays itself through what groups do to databases: restored from a backup,
//! copied to a second machine (refused until it takes a name), two machines under one name, a device gone with its file,
//! a campaign imported from a file and synced into the group's folder. Each ends with every
//! device reading alike, no entry missing on any, and nothing skipped unseen.

use serde_json::Value;

use crate::common::group::{Group, SHARED, skipped};

/// Replaces a device's database with a copy of `from` (a backup, another machine's file).
fn replace_database(group: &Group, device: &str, from: &str) {
    let db = group.db(device);
    for suffix in ["-wal", "-shm"] {
        let mut journal = db.as_os_str().to_owned();
        journal.push(suffix);
        let _ = std::fs::remove_file(std::path::PathBuf::from(journal));
    }
    std::fs::copy(group.env.dir().join(from), &db).expect("the copy");
}

#[test]
fn a_restored_database_keeps_its_device_and_every_entry_reaches_the_others() {
    let group = Group::demo(&["laptop", "phone"]);
    group.ok("laptop", &["backup", "laptop-backup.db"]);
    group.log_game("laptop", "2026-05-02", "Ann");
    group.sync(0, "laptop");
    replace_database(&group, "laptop", "laptop-backup.db");
    group.log_game("laptop", "2026-05-03", "Dana");
    // The restored laptop gets its own lost game back from its file: it forks with the
    // game it logged since, as two games logged after the same one do.
    let report = group.sync(1, "laptop");
    assert!(report[0]["fork"].is_object(), "{report:#}");
    assert_eq!(skipped(&report), Vec::<String>::new());
    // The phone reads the laptop's file whole: both games, one on each branch of the fork.
    let report = group.sync(1, "phone");
    assert_eq!(skipped(&report), Vec::<String>::new(), "{report:#}");
    let branches = report[0]["fork"]["branches"].as_array().map(Vec::len);
    assert_eq!(branches, Some(2), "{report:#}");
    group.ok(
        "phone",
        &["sync", "resolve", SHARED, "--keep-both", "--yes"],
    );
    group.settle(&["laptop", "phone"]);
    let dates: Vec<String> = group.games("phone")[16..]
        .iter()
        .map(|g| g.0.clone())
        .collect();
    assert_eq!(dates, ["2026-05-02", "2026-05-03"]);
    // A device joining now takes every game.
    group.ok("desk", &["sync", SHARED, "--device", "desk"]);
    group.settle(&["laptop", "phone", "desk"]);
}

#[test]
fn a_restored_database_whose_file_is_gone_takes_its_games_back_from_a_relay() {
    let group = Group::demo(&["laptop", "phone"]);
    group.ok("laptop", &["backup", "laptop-backup.db"]);
    group.log_game("laptop", "2026-05-02", "Ann");
    group.sync(0, "laptop");
    group.sync(0, "phone");
    // The laptop's file is lost and its database restored: the phone carries its entries.
    std::fs::remove_file(group.file("laptop")).expect("the laptop's file");
    replace_database(&group, "laptop", "laptop-backup.db");
    let report = group.sync(0, "phone");
    assert!(report[0]["relayed"].as_u64().unwrap_or(0) > 0, "{report:#}");
    // The laptop's next game takes the number its lost one had; both go out, apart.
    group.log_game("laptop", "2026-05-03", "Dana");
    let report = group.sync(1, "laptop");
    assert!(report[0]["fork"].is_object(), "{report:#}");
    let report = group.sync(1, "phone");
    assert_eq!(skipped(&report), Vec::<String>::new(), "{report:#}");
    group.ok(
        "phone",
        &["sync", "resolve", SHARED, "--keep-both", "--yes"],
    );
    group.settle(&["laptop", "phone"]);
    assert_eq!(group.games("laptop").len(), 18);
    group.ok("desk", &["sync", SHARED, "--device", "desk"]);
    group.settle(&["laptop", "phone", "desk"]);
}

#[test]
fn a_copied_database_is_refused_until_it_takes_a_name_and_cuts_no_device_off() {
    let group = Group::demo(&["laptop", "phone"]);
    // The laptop's database copied to a second machine: refused before it writes.
    group.ok("laptop", &["backup", "second.db"]);
    group.log_game("laptop", "2026-05-02", "Ann");
    group.log_game("second", "2026-05-03", "Dana");
    group.sync(0, "laptop");
    let folder = group.folder_bytes();
    let before = crate::common::dump(&group.db("second"));
    // `sync status` says so too.
    let status = group.expect(1, "second", &["sync", "status", SHARED]);
    assert!(
        status.stderr.contains("This database is a copy"),
        "{}",
        status.stderr
    );
    let run = group.expect(1, "second", &["sync", SHARED]);
    assert!(
        run.stderr.contains("This database is a copy")
            && run.stderr.contains("device \"laptop\"")
            && run.stderr.contains("--device NAME"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("Nothing was written."),
        "{}",
        run.stderr
    );
    assert_eq!(group.folder_bytes(), folder, "the copy wrote to the folder");
    assert_eq!(crate::common::dump(&group.db("second")), before);
    // The laptop, where it was, still syncs.
    group.sync(0, "laptop");
    // Under a name of its own, the copy syncs: its game and the laptop's fork.
    let run = group.expect(
        1,
        "second",
        &["sync", SHARED, "--format", "json", "--device", "second"],
    );
    let report = run.json();
    assert_eq!(skipped(&report), Vec::<String>::new(), "{report:#}");
    let report = group.sync(1, "phone");
    assert_eq!(skipped(&report), Vec::<String>::new(), "{report:#}");
    group.sync(1, "laptop");
    group.ok(
        "phone",
        &["sync", "resolve", SHARED, "--keep-both", "--yes"],
    );
    group.settle(&["laptop", "second", "phone"]);
    assert_eq!(group.games("laptop").len(), 18);
}

#[test]
fn a_second_database_under_a_taken_name_is_told_to_pick_one_before_it_writes() {
    let group = Group::new();
    group.ok("laptop", &["demo"]);
    // A copy of the campaign made before it was ever synced: another database.
    group.ok("laptop", &["backup", "other.db"]);
    group.ok("laptop", &["sync", SHARED, "--device", "laptop"]);
    group.ok("phone", &["sync", SHARED, "--device", "phone"]);
    let folder = group.folder_bytes();
    // Another machine whose name is "phone" too joins the folder: refused, no database.
    let run = group.expect(1, "fresh", &["sync", SHARED, "--device", "phone"]);
    assert!(run.stderr.contains("another database"), "{}", run.stderr);
    assert!(run.stderr.contains("--device"), "{}", run.stderr);
    assert!(
        !group.db("fresh").exists(),
        "a refused join makes no database"
    );
    assert_eq!(
        group.folder_bytes(),
        folder,
        "nothing was written to the folder"
    );
    // A database holding the campaign is refused the same way, untouched.
    let before = crate::common::dump(&group.db("other"));
    let run = group.expect(1, "other", &["sync", SHARED, "--device", "phone"]);
    assert!(run.stderr.contains("another database"), "{}", run.stderr);
    assert_eq!(crate::common::dump(&group.db("other")), before);
    assert_eq!(group.folder_bytes(), folder);
    // Under names of their own, they sync.
    group.ok("other", &["sync", SHARED, "--device", "other"]);
    group.ok("fresh", &["sync", SHARED, "--device", "fresh"]);
    group.settle(&["laptop", "phone", "other", "fresh"]);
}

#[test]
fn a_lost_devices_games_reach_a_new_device_through_the_others() {
    let group = Group::demo(&["laptop", "phone", "tablet"]);
    group.log_game("tablet", "2026-05-02", "Ann");
    group.log_game("tablet", "2026-05-03", "Dana");
    group.sync(0, "tablet");
    group.sync(0, "laptop");
    // The tablet is gone, and its file with it.
    std::fs::remove_file(group.file("tablet")).expect("the tablet's file");
    std::fs::remove_file(group.db("tablet")).expect("the tablet's database");
    let report = group.sync(0, "laptop");
    assert!(
        report[0]["relayed"].as_u64().unwrap_or(0) >= 2,
        "the laptop carries the tablet's games: {report:#}"
    );
    // A new device, and the phone that never saw them, take them from the laptop's file.
    group.ok("desk", &["sync", SHARED, "--device", "desk"]);
    assert_eq!(group.games("desk").len(), 18);
    group.settle(&["laptop", "phone", "desk"]);
}

#[test]
fn an_imported_copy_keeps_its_identity_and_syncs_as_the_folders_campaign() {
    let group = Group::demo(&["laptop"]);
    let file = group.ok("laptop", &["export", "--format", "json"]).stdout;
    std::fs::write(group.env.dir().join("demo.json"), file).expect("the file");
    group.ok("desk", &["import", "demo.json"]);
    group.ok("desk", &["sync", SHARED, "--device", "desk"]);
    group.log_game("desk", "2026-05-02", "Ann");
    group.ok("desk", &["sync", SHARED, "--device", "desk"]);
    group.settle(&["laptop", "desk"]);
    assert_eq!(group.games("laptop").len(), 17);
}

#[test]
fn an_imported_copy_without_its_identity_is_offered_to_sync_as_the_folders_campaign() {
    let group = Group::demo(&["laptop"]);
    let file = group.ok("laptop", &["export", "--format", "json"]).stdout;
    // A file an earlier chronicle wrote carries no campaign identity.
    let mut file: Value = serde_json::from_str(&file).expect("JSON");
    file["campaign"]
        .as_object_mut()
        .expect("the campaign")
        .remove("id")
        .expect("the campaign's identity");
    let file = serde_json::to_string(&file).expect("JSON");
    std::fs::write(group.env.dir().join("demo.json"), file).expect("the file");
    group.ok("desk", &["import", "demo.json"]);
    let folder = group.folder_bytes();
    let before = crate::common::db_bytes(&group.db("desk"));
    // Synced into the folder, the copy is not a second campaign of the same name.
    let run = group.expect(1, "desk", &["sync", SHARED, "--device", "desk"]);
    assert!(run.stderr.contains("--yes"), "{}", run.stderr);
    assert_eq!(group.folder_bytes(), folder);
    assert_eq!(crate::common::db_bytes(&group.db("desk")), before);
    group.ok("desk", &["sync", SHARED, "--device", "desk", "--yes"]);
    let folders = std::fs::read_dir(group.env.dir().join(SHARED))
        .expect("the folder")
        .count();
    assert_eq!(folders, 1, "one campaign in the folder");
    group.log_game("desk", "2026-05-02", "Ann");
    group.ok("new", &["sync", SHARED, "--device", "new"]);
    group.settle(&["laptop", "desk", "new"]);
    assert_eq!(group.games("new").len(), 17);
}

#[test]
fn a_campaign_of_the_same_name_sharing_nothing_is_told_why_it_cannot_sync_there() {
    let group = Group::demo(&["laptop"]);
    group.ok("desk", &["init", "Demo"]);
    let folder = group.folder_bytes();
    let run = group.expect(1, "desk", &["sync", SHARED, "--device", "desk", "--yes"]);
    assert!(run.stderr.contains("campaign rename"), "{}", run.stderr);
    assert_eq!(group.folder_bytes(), folder);
    // A device joining still finds one campaign.
    group.ok("new", &["sync", SHARED, "--device", "new"]);
    let reads: Value = group.reads("new");
    assert_eq!(reads, group.reads("laptop"));
}
