//! `sync` through the binary: two devices through a shared folder and through a git remote
//! (the README's own commands, run line by line), forks kept and resolved, merged logs that
//! break a rule, and files in the folder that are skipped whole.

use std::path::Path;

use serde_json::Value;

use crate::common::{Run, TestEnv};

/// The lines of the README's block after the marker `<!-- NAME: … -->`, each with the exit
/// code its comment says (`# exit N`), 0 otherwise.
fn readme_block(name: &str) -> Vec<(String, i32)> {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let marker = format!("<!-- {name}:");
    let after = &readme[readme
        .find(&marker)
        .unwrap_or_else(|| panic!("no {marker} in README"))..];
    let block = after
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a sh block after the marker");
    block
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let (command, comment) = line.split_once("   # ").unwrap_or((line, ""));
            let code = comment
                .strip_prefix("exit ")
                .and_then(|c| c.split(':').next())
                .map_or(0, |c| c.trim().parse().expect("an exit code"));
            (command.trim().to_string(), code)
        })
        .collect()
}

/// Runs a line of the README with `sh` in the test's folder, `chronicle` on the PATH and
/// the test's environment.
fn sh(env: &TestEnv, line: &str) -> Run {
    let binary = Path::new(env!("CARGO_BIN_EXE_chronicle"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let command = env.process(&[]);
    let mut shell = std::process::Command::new("sh");
    shell.arg("-c").arg(line);
    for (key, value) in command.get_envs() {
        match value {
            Some(value) => shell.env(key, value),
            None => shell.env_remove(key),
        };
    }
    shell
        .env("PATH", path)
        .env_remove("CHRONICLE_DB")
        .env("GIT_CONFIG_GLOBAL", env.dir().join("gitconfig"))
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .current_dir(env.dir());
    let _ = command.get_program();
    let output = shell.output().expect("sh runs");
    Run::from_output(line.to_string(), output)
}

fn run_block(env: &TestEnv, name: &str) {
    for (line, code) in readme_block(name) {
        let run = sh(env, &line);
        assert_eq!(
            run.code, code,
            "`{line}` exited {} (the README says {code})\nstdout:\n{}\nstderr:\n{}",
            run.code, run.stdout, run.stderr
        );
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
}

/// The board of the database `db` (its name left out).
fn board(env: &TestEnv, db: &str) -> Value {
    let mut board = env.json(&["--db", db, "board", "--format", "json"]);
    board["campaign"] = Value::Null;
    board
}

fn games(env: &TestEnv, db: &str) -> Vec<(u64, String, String)> {
    let list = env.json(&["--db", db, "game", "list", "--format", "json"]);
    list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["game"].as_u64().unwrap(),
                g["date"].as_str().unwrap().to_string(),
                g["winner"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn the_readme_walk_through_a_shared_folder_ends_on_one_board() {
    let env = TestEnv::new();
    run_block(&env, "sync-folder");
    assert_eq!(board(&env, "laptop.db"), board(&env, "desk.db"));
    let games = games(&env, "desk.db");
    assert_eq!(games.len(), 18);
    assert_eq!(games[16], (17, "2026-05-02".into(), "Bo".into()));
    assert_eq!(
        games[17],
        (18, "2026-05-09".into(), "Ann".into()),
        "the laptop's game 18 stands"
    );
    // The desk's game 18 was set aside, not lost: the history still has it.
    let history = env.json(&["--db", "desk.db", "history", "--format", "json"]);
    assert!(
        history.as_array().unwrap().iter().any(|e| {
            let text = e["text"].as_str().unwrap_or_default();
            e["kind"] == "undo"
                && text.contains("Chidi won")
                && text.contains("set aside when the fork was resolved")
        }),
        "{history}"
    );
    let corrections = env.json(&[
        "--db",
        "desk.db",
        "history",
        "--corrections",
        "--format",
        "json",
    ]);
    assert!(
        corrections
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["kind"] == "join"),
        "{corrections}"
    );
    // Syncing again changes nothing, on either device.
    for db in ["laptop.db", "desk.db"] {
        let before = std::fs::read(env.dir().join(db)).unwrap();
        let files = listing(&env.dir().join("shared"));
        let again = env.ok(&["--db", db, "sync", "shared"]);
        assert!(
            again
                .stdout
                .contains("0 entries from other devices came in, 0 of this device's went out"),
            "{}",
            again.stdout
        );
        assert_eq!(board(&env, db), board(&env, "laptop.db"));
        assert_eq!(listing(&env.dir().join("shared")), files);
        let _ = before;
    }
    env.ok(&["--db", "desk.db", "check"]);
    env.ok(&["--db", "laptop.db", "check"]);
}

/// Every file under `dir` with its bytes, sorted.
fn listing(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(folder) = todo.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else {
                out.push((path.display().to_string(), std::fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn the_readme_walk_through_a_git_remote_ends_on_one_board() {
    let env = TestEnv::new();
    if std::process::Command::new("git")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("git is not installed here: the git walk-through is not run");
        return;
    }
    run_block(&env, "sync-git");
    assert_eq!(board(&env, "laptop.db"), board(&env, "desk.db"));
    assert_eq!(games(&env, "laptop.db").len(), 17);
    let log = std::process::Command::new("git")
        .args(["--git-dir", "campaign.git", "log", "--format=%s"])
        .current_dir(env.dir())
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&log.stdout);
    assert!(log.contains("laptop syncs Demo"), "{log}");
    assert!(log.contains("desk syncs Demo"), "{log}");
}

/// Two devices of the demo sharing `shared`, both synced once.
fn two_devices() -> TestEnv {
    let env = TestEnv::new();
    std::fs::create_dir(env.dir().join("shared")).unwrap();
    env.ok(&["--db", "a.db", "demo"]);
    env.ok(&["--db", "a.db", "sync", "shared", "--device", "a"]);
    env.ok(&["--db", "b.db", "sync", "shared", "--device", "b"]);
    env
}

fn log_game(env: &TestEnv, db: &str, date: &str, players: &[&str], extra: &[&str]) {
    let mut args = vec!["--db", db, "game", "log", "--date", date];
    for p in players {
        args.extend(["--player", p]);
    }
    args.extend(extra);
    env.ok(&args);
}

#[test]
fn a_correction_racing_a_new_game_is_a_fork_and_nothing_changes_on_the_board() {
    let env = two_devices();
    env.ok(&["--db", "a.db", "faction", "add", "Mutants"]);
    log_game(
        &env,
        "b.db",
        "2026-05-02",
        &["Bo=khan:won", "Ann=bear:held-on", "Chidi=saharan:held-on"],
        &[],
    );
    env.ok(&["--db", "a.db", "sync", "shared"]);
    let board_b = board(&env, "b.db");
    let fork = env.run_expect(1, &["--db", "b.db", "sync", "shared", "--format", "json"]);
    let report: Value = serde_json::from_str(&fork.stdout).unwrap();
    let branches = report[0]["fork"]["branches"].as_array().unwrap();
    assert_eq!(branches.len(), 2);
    assert_eq!(
        board(&env, "b.db"),
        board_b,
        "a fork changes nothing on the board"
    );
    // Keep both: the faction and the game.
    env.ok(&["--db", "b.db", "sync", "resolve", "shared", "--keep-both"]);
    env.ok(&["--db", "a.db", "sync", "shared"]);
    assert_eq!(board(&env, "a.db"), board(&env, "b.db"));
    let factions = env.json(&["--db", "a.db", "faction", "list", "--format", "json"]);
    assert!(factions.to_string().contains("Mutants"));
    assert_eq!(games(&env, "a.db").len(), 17);
}

#[test]
fn two_names_for_the_world_cannot_both_stand_and_the_message_names_the_rule() {
    let env = two_devices();
    // After game 15 the world is named once; the tied roll off, and each device records a
    // different winner.
    env.ok(&["--db", "a.db", "world", "name", "Terra Nova", "--by", "Ann"]);
    env.ok(&["--db", "b.db", "world", "name", "Bo's World", "--by", "Bo"]);
    env.ok(&["--db", "a.db", "sync", "shared"]);
    env.run_expect(1, &["--db", "b.db", "sync", "shared"]);
    let before = crate::common::db_bytes(&env.dir().join("b.db"));
    let refused = env.run_expect(
        1,
        &["--db", "b.db", "sync", "resolve", "shared", "--keep-both"],
    );
    assert!(
        refused
            .stderr
            .contains("Keeping every branch in this order breaks a rule"),
        "{}",
        refused.stderr
    );
    assert!(refused.stderr.contains("named"), "{}", refused.stderr);
    assert!(
        refused.stderr.contains("--keep DEVICE"),
        "{}",
        refused.stderr
    );
    assert_eq!(
        crate::common::db_bytes(&env.dir().join("b.db")),
        before,
        "a refused resolution writes nothing"
    );
    env.ok(&[
        "--db", "b.db", "sync", "resolve", "shared", "--keep", "a", "--yes",
    ]);
    env.ok(&["--db", "a.db", "sync", "shared"]);
    assert_eq!(board(&env, "a.db"), board(&env, "b.db"));
    assert_eq!(board(&env, "b.db")["world_name"], "Terra Nova");
}

#[test]
fn damaged_cut_and_foreign_files_are_named_and_a_conflict_copy_is_read_as_its_device() {
    let env = two_devices();
    log_game(
        &env,
        "b.db",
        "2026-05-02",
        &["Bo=khan:won", "Ann=bear:held-on", "Chidi=saharan:held-on"],
        &[],
    );
    env.ok(&["--db", "b.db", "sync", "shared"]);
    let folder = std::fs::read_dir(env.dir().join("shared"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let b_file = std::fs::read_to_string(folder.join("b.jsonl")).unwrap();
    // A conflict copy of b's file, a cut copy, a damaged line, a stranger's file.
    std::fs::write(folder.join("b (conflicted copy).jsonl"), &b_file).unwrap();
    std::fs::write(folder.join("c.jsonl"), &b_file[..b_file.len() - 10]).unwrap();
    let damaged = b_file
        .replacen("\"seq\"", "\"seq_\"", 1)
        .replace("\"device\":\"b\"", "\"device\":\"d\"");
    std::fs::write(folder.join("d.jsonl"), damaged).unwrap();
    std::fs::write(folder.join("notes.txt"), "our table rules").unwrap();
    let synced = env
        .run_expect(1, &["--db", "a.db", "sync", "shared", "--format", "json"])
        .json();
    let skipped: Vec<(String, String)> = synced[0]["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let file = s["file"].as_str().unwrap();
            let file = file.rsplit('/').next().unwrap().to_string();
            (file, s["why"].as_str().unwrap().to_string())
        })
        .collect();
    let said = |file: &str, why: &str| skipped.iter().any(|(f, w)| f == file && w.contains(why));
    // The conflict copy holds b's records: taken once, nothing of it left out.
    assert!(said("c.jsonl", "cut short"), "{skipped:?}");
    assert!(said("d.jsonl", "line 2 cannot be read"), "{skipped:?}");
    assert!(said("notes.txt", "not a device's log"), "{skipped:?}");
    assert_eq!(skipped.len(), 3, "{skipped:?}");
    // b's own file came in, once.
    assert_eq!(games(&env, "a.db").len(), 17);
    assert_eq!(board(&env, "a.db"), board(&env, "b.db"));
}

#[test]
fn three_devices_that_saw_the_same_files_reach_the_same_board() {
    let env = two_devices();
    env.ok(&["--db", "c.db", "sync", "shared", "--device", "c"]);
    log_game(
        &env,
        "a.db",
        "2026-05-01",
        &["Ann=bear:won", "Bo=khan:held-on", "Chidi=saharan:held-on"],
        &[],
    );
    log_game(
        &env,
        "b.db",
        "2026-05-02",
        &["Bo=khan:won", "Ann=bear:held-on", "Chidi=saharan:held-on"],
        &[],
    );
    log_game(
        &env,
        "c.db",
        "2026-05-03",
        &["Chidi=saharan:won", "Ann=bear:held-on", "Bo=khan:held-on"],
        &[],
    );
    for db in ["a.db", "b.db", "c.db", "a.db", "b.db"] {
        let _ = env.run(&["--db", db, "sync", "shared"]);
    }
    env.ok(&["--db", "c.db", "sync", "resolve", "shared", "--keep-both"]);
    for db in ["a.db", "b.db", "c.db"] {
        env.ok(&["--db", db, "sync", "shared"]);
    }
    assert_eq!(board(&env, "a.db"), board(&env, "b.db"));
    assert_eq!(board(&env, "b.db"), board(&env, "c.db"));
    let dates: Vec<String> = games(&env, "a.db")[16..]
        .iter()
        .map(|g| g.1.clone())
        .collect();
    assert_eq!(dates, ["2026-05-01", "2026-05-02", "2026-05-03"]);
}

#[test]
fn a_new_device_with_an_empty_folder_and_no_campaign_is_told_what_to_do() {
    let env = TestEnv::new();
    std::fs::create_dir(env.dir().join("shared")).unwrap();
    let run = env.run_expect(1, &["--db", "x.db", "sync", "shared", "--device", "x"]);
    assert!(run.stderr.contains("chronicle init"), "{}", run.stderr);
    let bad = env.run_expect(2, &["--db", "x.db", "sync", "shared", "--device", "a/b"]);
    assert!(
        bad.stderr.contains("is not a device's name"),
        "{}",
        bad.stderr
    );
    let missing = env.run(&["--db", "x.db", "sync", "nowhere"]);
    assert_ne!(missing.code, 0);
    assert!(
        missing.stderr.contains("cannot be read"),
        "{}",
        missing.stderr
    );
}
