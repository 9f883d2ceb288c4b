//! Reads see one snapshot: while three processes log games as fast as they can, other
//! processes run every read command over and over. Each read reads the campaign and its log
//! in one SQLite read transaction, so none may fail (before that fix, 16 of 473 such reads
//! said the database was damaged, exit 3), and what one read shows holds together: the board
//! has a signature for each game played, the games are numbered 1 to n, the export's log has
//! as many games as its board. Afterwards `check` passes and every game acknowledged is
//! there. `CHRONICLE_READS` sets how many reads each of the three readers makes (default 120).

use std::process::{Output, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Instant;

use serde_json::Value;

use crate::common::TestEnv;

/// The read commands, in the order each reader runs them.
const READS: [&[&str]; 8] = [
    &["board", "--format", "json"],
    &["game", "list", "--format", "json"],
    &["history"],
    &["stats", "--format", "json"],
    &["setup"],
    &["packets"],
    &["export"],
    &["check"],
];

/// The games the demo holds before the writers start.
const DEMO_GAMES: u64 = 16;

/// At least this many games each writer logs, whatever the readers do.
const GAMES_PER_WRITER: u64 = 20;

/// How long each writer waits between two games.
const PAUSE: std::time::Duration = std::time::Duration::from_millis(50);

fn output(env: &TestEnv, args: &[&str]) -> Output {
    env.process(args)
        .stdin(Stdio::null())
        .output()
        .expect("chronicle runs")
}

/// One legal game after game 15 (no reward), played today, so that writers may log in any
/// order and dates never go backwards.
fn log_game(env: &TestEnv) -> Output {
    let mut command = env.process(&[
        "game",
        "log",
        "--date",
        "2026-11-29",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:held-on",
    ]);
    // Writers wait for each other; a busy refusal is not what this test is about.
    command
        .env("CHRONICLE_BUSY_MS", "60000")
        .stdin(Stdio::null())
        .output()
        .expect("chronicle runs")
}

fn json(output: &Output, what: &str) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("`chronicle {what}` printed no JSON ({e})"))
}

/// What one read showed must hold together; returns the games it saw, if it says.
fn games_seen(args: &[&str], output: &Output) -> Option<u64> {
    let what = args.join(" ");
    match args[0] {
        "board" => {
            let board = json(output, &what);
            let games = board["games_played"].as_u64().expect("games_played");
            let signatures = board["signatures"].as_array().expect("signatures").len();
            assert_eq!(
                signatures as u64,
                games.min(15),
                "{what}: a signature per game up to 15"
            );
            Some(games)
        }
        "game" => {
            let list = json(output, &what);
            let numbers: Vec<u64> = list["games"]
                .as_array()
                .expect("games")
                .iter()
                .map(|g| g["game"].as_u64().expect("a game's number"))
                .collect();
            let expected: Vec<u64> = (1..=numbers.len() as u64).collect();
            assert_eq!(numbers, expected, "{what}: games numbered 1 to n");
            Some(numbers.len() as u64)
        }
        "export" => {
            let file = json(output, &what);
            let logged = file["log"]
                .as_array()
                .expect("log")
                .iter()
                .filter(|e| e["entry"]["kind"] == "game" && e["taken_back"].is_null())
                .count() as u64;
            assert_eq!(
                file["board"]["games_played"].as_u64(),
                Some(logged),
                "{what}: the export's board and log are of one moment"
            );
            Some(logged)
        }
        "stats" => {
            let stats = json(output, &what);
            let games = stats["games_played"].as_u64().expect("games_played");
            let won: u64 = stats["players"]
                .as_array()
                .expect("players")
                .iter()
                .map(|p| p["won"].as_u64().expect("won"))
                .sum();
            assert_eq!(won, games, "{what}: one winner a game");
            Some(games)
        }
        _ => None,
    }
}

#[test]
fn reads_while_three_processes_write_never_fail_and_each_sees_one_moment() {
    let reads_each: u64 = std::env::var("CHRONICLE_READS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(120);
    let env = Arc::new(TestEnv::demo());
    let reading = Arc::new(AtomicBool::new(true));
    let started = Instant::now();

    let writers: Vec<JoinHandle<u64>> = (0..3)
        .map(|_| {
            let (env, reading) = (Arc::clone(&env), Arc::clone(&reading));
            std::thread::spawn(move || {
                let mut logged = 0;
                // Writers go on while the readers read, so that every read overlaps writes.
                while logged < GAMES_PER_WRITER || reading.load(Ordering::SeqCst) {
                    let output = log_game(&env);
                    assert_eq!(
                        output.status.code(),
                        Some(0),
                        "a writer was refused: {}",
                        String::from_utf8_lossy(&output.stderr)
                    );
                    logged += 1;
                    // A pause between games, so that the log grows at the pace of the reads
                    // rather than swamping the two cores the tests run on.
                    std::thread::sleep(PAUSE);
                }
                logged
            })
        })
        .collect();

    let readers: Vec<JoinHandle<Vec<String>>> = (0..3)
        .map(|reader| {
            let env = Arc::clone(&env);
            std::thread::spawn(move || {
                let mut failures = Vec::new();
                // What one reader sees never goes back in time.
                let mut latest = DEMO_GAMES;
                for n in 0..reads_each {
                    let args = READS[((n + reader) % READS.len() as u64) as usize];
                    let output = output(&env, args);
                    if output.status.code() != Some(0) {
                        failures.push(format!(
                            "`chronicle {}` exited {:?}: {}",
                            args.join(" "),
                            output.status.code(),
                            String::from_utf8_lossy(&output.stderr)
                        ));
                        continue;
                    }
                    if let Some(games) = games_seen(args, &output) {
                        assert!(
                            games >= latest,
                            "`chronicle {}` saw {games} games after {latest}",
                            args.join(" ")
                        );
                        latest = games;
                    }
                }
                failures
            })
        })
        .collect();

    let failures: Vec<String> = readers
        .into_iter()
        .flat_map(|r| r.join().expect("a reader"))
        .collect();
    reading.store(false, Ordering::SeqCst);
    let logged: u64 = writers
        .into_iter()
        .map(|w| w.join().expect("a writer"))
        .sum();
    let reads = reads_each * 3;
    assert!(
        failures.is_empty(),
        "{} of {reads} reads failed:\n{}",
        failures.len(),
        failures.join("\n")
    );

    env.ok(&["check"]);
    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(board["games_played"].as_u64(), Some(DEMO_GAMES + logged));
    eprintln!(
        "{reads} reads while 3 writers logged {logged} games, in {:?}: none failed",
        started.elapsed()
    );
}
