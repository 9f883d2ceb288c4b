//! Property test of `sync` through the binary: random interleavings of games logged,
//! factions added, entries taken back, syncs and fork resolutions on two and on three
//! devices sharing one folder, from the demo campaign (16 games: the games logged sign
//! nothing) or from a new one (`init` and the setup before game 1 on device 0: the games
//! logged are games 1 to 15, each winner destroying a territory card of its own, and an
//! `undo` may take the setup back, after which games are refused until it is redone).
//! Whatever the order:
//!
//! - syncing twice changes nothing: right after a sync, a second one leaves the device's
//!   board and every file under the shared folder byte for byte as they were (and exits
//!   the same way);
//! - devices that saw the same files reach the same board: at the end, once every device
//!   has synced, forks are resolved (on device 0) and every device has synced again, their
//!   boards and game lists are equal;
//! - no logged entry is ever lost or dropped without a fork being reported: every game and
//!   faction any device logged is, on every device at the end, either standing (in `game
//!   list`, `faction list`) or in `history` as taken back (by an `undo`, or set aside when
//!   a fork was resolved), never both;
//! - every device's `check` passes at the end.
//!
//! Each game logged is won by a person of its own ("Winner 07"), so that a game is known by
//! its winner wherever it ends up (a game taken back is shown by its winner, not its date),
//! and is dated a day after every game logged before it in the test, on any device: the
//! games of each device stay in order, and a resolution that keeps every branch is refused
//! only when two branches interleave in time (then the test keeps one device's branch).
//!
//! `CHRONICLE_SYNC_CASES` sets the number of cases of each test (12 by default);
//! `CHRONICLE_SYNC_STEPS` the most steps of a case (10); `CHRONICLE_SYNC_TRACE` (any
//! value) prints the steps of every case that passes.

use std::path::Path;

use chrono::{Days, NaiveDate};
use proptest::collection::vec;
use proptest::prelude::*;
use serde_json::Value;

use crate::common::{CARDS_TO_DESTROY, Run, SET_UP, TestEnv, assert_no_panic};

/// What one step of a case does.
#[derive(Clone, Debug)]
enum Op {
    /// Log a game on a device; `seats` rotates the three factions among the winner, Bo and
    /// Chidi.
    Log { device: usize, seats: usize },
    /// Add a faction (a new name) on a device.
    Faction(usize),
    /// `undo --yes` on a device: takes back its latest entry, of any kind.
    Undo(usize),
    /// Sync a device, then sync it again at once.
    Sync(usize),
    /// Resolve the fork a device sees, if it sees one.
    Resolve(usize),
}

fn op(devices: usize) -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (0..devices, 0..3usize).prop_map(|(device, seats)| Op::Log { device, seats }),
        1 => (0..devices).prop_map(Op::Faction),
        1 => (0..devices).prop_map(Op::Undo),
        3 => (0..devices).prop_map(Op::Sync),
        1 => (0..devices).prop_map(Op::Resolve),
    ]
}

/// The campaign device 0 starts with.
#[derive(Clone, Copy, Debug)]
enum Start {
    /// `demo`: 16 games; the games logged sign nothing.
    Demo,
    /// `init`, then the setup before game 1 (`common::SET_UP`).
    Fresh,
}

/// A game the test logged: its date, its winner (a person of its own) and its device.
#[derive(Clone, Debug)]
struct Logged {
    date: String,
    winner: String,
    device: usize,
}

/// One case: the devices' databases and shared folder, and what was done to them.
struct Case {
    env: TestEnv,
    devices: usize,
    start: Start,
    /// What each step did, in words, for the message of a failure.
    trace: Vec<String>,
    games: Vec<Logged>,
    /// The factions added, with the device that added each.
    factions: Vec<(String, usize)>,
    /// What the `undo` steps took back, as they said it.
    undone: Vec<String>,
    /// Games and factions tried so far (each a new date, a new name).
    tried_games: u64,
    tried_factions: u64,
}

const FACTIONS: [&str; 3] = ["bear", "khan", "saharan"];
const SHARED: &str = "shared";

fn db(device: usize) -> String {
    format!("d{device}.db")
}

fn device(device: usize) -> String {
    format!("d{device}")
}

impl Case {
    /// Device 0 holds the campaign and syncs first; the others join it by syncing.
    fn new(devices: usize, start: Start) -> Case {
        let env = TestEnv::new();
        std::fs::create_dir(env.dir().join(SHARED)).expect("the shared folder");
        let case = Case {
            env,
            devices,
            start,
            trace: Vec::new(),
            games: Vec::new(),
            factions: Vec::new(),
            undone: Vec::new(),
            tried_games: 0,
            tried_factions: 0,
        };
        match start {
            Start::Demo => {
                case.env.ok(&["--db", &db(0), "demo"]);
            }
            Start::Fresh => {
                case.env.ok(&["--db", &db(0), "init", "Earth"]);
                for step in SET_UP {
                    let mut args = vec!["--db", "d0.db"];
                    args.extend(step);
                    case.env.ok(&args);
                }
            }
        }
        for d in 0..devices {
            case.env
                .ok(&["--db", &db(d), "sync", SHARED, "--device", &device(d)]);
        }
        case
    }

    /// Fails the case, with every step done so far.
    fn fail(&self, what: &str) -> ! {
        panic!(
            "{what}\n\nsteps ({} devices, from {:?}):\n  {}\ngames logged: {:?}\nfactions added: {:?}\ntaken back: {:?}",
            self.devices,
            self.start,
            self.trace.join("\n  "),
            self.games,
            self.factions,
            self.undone
        )
    }

    /// `chronicle --db <device's> ARGS…`, which must exit with one of `codes` (and never
    /// panic).
    fn run(&self, d: usize, args: &[&str], codes: &[i32]) -> Run {
        let database = db(d);
        let mut all = vec!["--db", database.as_str()];
        all.extend(args);
        let run = self.env.run(&all);
        assert_no_panic(&run);
        if !codes.contains(&run.code) {
            self.fail(&format!(
                "`chronicle {}` exited {} (expected one of {codes:?})\nstdout:\n{}\nstderr:\n{}",
                all.join(" "),
                run.code,
                run.stdout,
                run.stderr
            ));
        }
        run
    }

    fn json(&self, d: usize, args: &[&str]) -> Value {
        self.run(d, args, &[0]).json()
    }

    /// The device's board, its campaign's name left out.
    fn board(&self, d: usize) -> Value {
        let mut board = self.json(d, &["board", "--format", "json"]);
        board["campaign"] = Value::Null;
        board
    }

    fn game_list(&self, d: usize) -> Value {
        let mut list = self.json(d, &["game", "list", "--format", "json"]);
        list["campaign"] = Value::Null;
        list
    }

    fn step(&mut self, op: &Op) {
        match *op {
            Op::Log { device: d, seats } => self.log_game(d, seats),
            Op::Faction(d) => self.add_faction(d),
            Op::Undo(d) => {
                let run = self.run(d, &["undo", "--yes"], &[0, 1]);
                let said = taken_back(&run);
                self.trace
                    .push(format!("d{d}: undo (exit {}): {said}", run.code));
                if run.code == 0 {
                    self.undone.push(format!("d{d}: {said}"));
                }
            }
            Op::Sync(d) => {
                let code = self.sync_twice(d);
                self.trace.push(format!("d{d}: sync (exit {code})"));
            }
            Op::Resolve(d) => {
                let said = self.resolve(d);
                self.trace.push(format!("d{d}: resolve: {said}"));
            }
        }
    }

    fn log_game(&mut self, d: usize, seats: usize) {
        self.tried_games += 1;
        let date = NaiveDate::from_ymd_opt(2026, 5, 1)
            .expect("a date")
            .checked_add_days(Days::new(self.tried_games))
            .expect("a date")
            .to_string();
        let winner = format!("Winner {:02}", self.tried_games);
        let players = [
            format!("{winner}={}:won", FACTIONS[seats % 3]),
            format!("Bo={}:held-on", FACTIONS[(seats + 1) % 3]),
            format!("Chidi={}:held-on", FACTIONS[(seats + 2) % 3]),
        ];
        let mut args = vec!["game", "log", "--date", date.as_str()];
        for player in &players {
            args.extend(["--player", player.as_str()]);
        }
        // Up to game 15 the winner takes a reward: a territory card destroyed, one of its
        // own for each game tried (so that no two branches destroy the same card).
        let number = self.json(d, &["game", "list", "--format", "json"])["games"]
            .as_array()
            .map_or(0, Vec::len)
            + 1;
        if number <= 15 {
            let card = CARDS_TO_DESTROY[(self.tried_games as usize - 1) % CARDS_TO_DESTROY.len()];
            args.extend(["--destroy-card", card]);
        }
        let run = self.run(d, &args, &[0, 1]);
        self.trace.push(format!(
            "d{d}: game log {date} won by {winner} (exit {}){}",
            run.code,
            if run.code == 0 {
                String::new()
            } else {
                format!(": {}", first_line(&run.stderr))
            }
        ));
        if run.code == 0 {
            self.games.push(Logged {
                date,
                winner,
                device: d,
            });
        }
    }

    fn add_faction(&mut self, d: usize) {
        self.tried_factions += 1;
        let name = format!("Faction {:02}", self.tried_factions);
        let run = self.run(d, &["faction", "add", &name], &[0, 1]);
        self.trace
            .push(format!("d{d}: faction add {name} (exit {})", run.code));
        if run.code == 0 {
            self.factions.push((name, d));
        }
    }

    /// Every file under the shared folder, with its bytes.
    fn shared_files(&self) -> Vec<(String, Vec<u8>)> {
        let mut out = Vec::new();
        let mut todo = vec![self.env.dir().join(SHARED)];
        while let Some(folder) = todo.pop() {
            for entry in std::fs::read_dir(&folder).expect("the shared folder reads") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    todo.push(path);
                } else {
                    let name = path
                        .strip_prefix(self.env.dir())
                        .unwrap_or(Path::new(""))
                        .display()
                        .to_string();
                    out.push((name, std::fs::read(&path).expect("a shared file reads")));
                }
            }
        }
        out.sort();
        out
    }

    /// One sync of device `d`: its exit code (1: a fork, or a merged log that breaks a
    /// rule) and its report.
    fn sync(&self, d: usize) -> (i32, Value) {
        let run = self.run(d, &["sync", SHARED, "--format", "json"], &[0, 1]);
        let report = if run.stdout.trim().is_empty() {
            Value::Null
        } else {
            run.json()
        };
        if run.code == 1 && !report[0]["fork"].is_object() {
            self.fail(&format!(
                "a sync of d{d} exited 1 without a fork\nstdout:\n{}\nstderr:\n{}",
                run.stdout, run.stderr
            ));
        }
        (run.code, report)
    }

    /// Syncs device `d`, then again at once: the second changes nothing, neither the board
    /// nor any file in the shared folder, and exits as the first did. A sync that finds a
    /// fork leaves the board as it was, unless it moved on along this device's own branch
    /// (with three devices: a join that continues it came in while two others fork).
    fn sync_twice(&self, d: usize) -> i32 {
        let before = self.board(d);
        let (code, report) = self.sync(d);
        let board = self.board(d);
        if code == 1 && board != before && !moved_along_own_branch(&report) {
            self.fail(&format!(
                "d{d}: a sync that found a fork changed the board:\n{}\n{report:#}",
                difference(&before, &board)
            ));
        }
        let files = self.shared_files();
        let (again, report) = self.sync(d);
        if again != code {
            self.fail(&format!(
                "d{d}: a sync exited {code}, the sync right after it {again}"
            ));
        }
        if self.board(d) != board {
            self.fail(&format!(
                "d{d}: a second sync right after the first changed the board\n{report:#}"
            ));
        }
        if self.shared_files() != files {
            self.fail(&format!(
                "d{d}: a second sync right after the first changed the shared folder\n{report:#}"
            ));
        }
        code
    }

    /// Resolves the fork device `d` sees, if `sync status` shows one: every branch kept,
    /// else `d`'s own branch, else the branch of each device of the fork in turn. Says what
    /// it did.
    fn resolve(&self, d: usize) -> String {
        let status = self.run(d, &["sync", "status", SHARED, "--format", "json"], &[0, 1]);
        if status.code == 0 {
            return "no fork".to_string();
        }
        let report = status.json();
        let mut choices: Vec<Vec<String>> = vec![
            vec!["--keep-both".to_string()],
            vec!["--keep".to_string(), device(d)],
        ];
        for branch in report[0]["fork"]["branches"]
            .as_array()
            .unwrap_or_else(|| self.fail(&format!("a fork without branches: {report:#}")))
        {
            for name in branch["devices"].as_array().into_iter().flatten() {
                let choice = vec!["--keep".to_string(), name.as_str().unwrap().to_string()];
                if !choices.contains(&choice) {
                    choices.push(choice);
                }
            }
        }
        let mut refused = Vec::new();
        for choice in &choices {
            let mut args = vec!["sync", "resolve", SHARED, "--yes"];
            args.extend(choice.iter().map(String::as_str));
            let run = self.run(d, &args, &[0, 1]);
            if run.code == 0 {
                return format!("{} (after refusals: {refused:?})", choice.join(" "));
            }
            refused.push(format!("{}: {}", choice.join(" "), first_line(&run.stderr)));
        }
        format!("every choice refused: {refused:?}")
    }

    /// Syncs every device, resolves any fork on device 0 and syncs every device again, until
    /// two passes in a row see no fork; then the boards and game lists must be equal.
    fn converge(&mut self) {
        let mut quiet = 0;
        for round in 0..8 {
            let forks: Vec<usize> = (0..self.devices).filter(|&d| self.sync(d).0 == 1).collect();
            self.trace
                .push(format!("end, pass {round}: forks on {forks:?}"));
            if forks.is_empty() {
                quiet += 1;
                if quiet == 2 {
                    break;
                }
                continue;
            }
            quiet = 0;
            let said = self.resolve(0);
            self.trace.push(format!("end: d0: resolve: {said}"));
        }
        if quiet < 2 {
            self.fail("the devices still fork after 8 passes of sync and resolve");
        }
        let board = self.board(0);
        let list = self.game_list(0);
        for d in 1..self.devices {
            if self.board(d) != board {
                self.fail(&format!(
                    "after syncing the same files, d{d}'s board differs from d0's:\n{}",
                    difference(&board, &self.board(d))
                ));
            }
            if self.game_list(d) != list {
                self.fail(&format!(
                    "after syncing the same files, d{d}'s games differ from d0's:\n{}",
                    difference(&list, &self.game_list(d))
                ));
            }
        }
    }

    /// Every game and faction logged is, on every device, standing or taken back (in the
    /// history), not both; and every device's database is sound.
    fn nothing_lost(&self) {
        for d in 0..self.devices {
            let list = self.json(d, &["game", "list", "--format", "json"]);
            let standing: Vec<(String, String)> = list["games"]
                .as_array()
                .expect("games")
                .iter()
                .map(|g| {
                    (
                        g["date"].as_str().unwrap_or_default().to_string(),
                        g["winner"].as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect();
            let history = self.json(d, &["history", "--format", "json"]);
            let taken_back: Vec<&str> = history
                .as_array()
                .expect("history")
                .iter()
                .filter(|item| item["kind"] == "undo")
                .map(|item| item["text"].as_str().unwrap_or_default())
                .collect();
            for game in &self.games {
                let stands = standing
                    .iter()
                    .filter(|(date, winner)| *date == game.date && *winner == game.winner)
                    .count();
                let said = format!("in which: {} won", game.winner);
                let back = taken_back.iter().filter(|t| t.contains(&said)).count();
                if stands + back != 1 {
                    self.fail(&format!(
                        "d{d}: the game of {} won by {} (logged on d{}) stands {stands} times and is taken back {back} times\ngames: {standing:?}\ntaken back: {taken_back:#?}",
                        game.date, game.winner, game.device
                    ));
                }
            }
            let factions = self.json(d, &["faction", "list", "--format", "json"]);
            let names: Vec<&str> = factions["factions"]
                .as_array()
                .expect("factions")
                .iter()
                .filter_map(|f| f["name"].as_str())
                .collect();
            for (name, by) in &self.factions {
                let stands = names.iter().filter(|n| *n == name).count();
                let said = format!("added the faction {name}");
                let back = taken_back.iter().filter(|t| t.contains(&said)).count();
                if stands + back != 1 {
                    self.fail(&format!(
                        "d{d}: the faction {name} (added on d{by}) stands {stands} times and is taken back {back} times\nfactions: {names:?}\ntaken back: {taken_back:#?}"
                    ));
                }
            }
            let check = self.run(d, &["check"], &[0, 1, 2, 3, 4]);
            if check.code != 0 {
                self.fail(&format!(
                    "d{d}: `check` exited {}\nstdout:\n{}\nstderr:\n{}",
                    check.code, check.stdout, check.stderr
                ));
            }
        }
    }
}

/// Whether a sync that found a fork brought in records of the branch this device is on:
/// then its log moved on along that branch.
fn moved_along_own_branch(report: &Value) -> bool {
    let report = &report[0];
    let Some(here) = report["fork"]["branches"]
        .as_array()
        .and_then(|b| b.iter().find(|b| b["here"] == true))
    else {
        return false;
    };
    let entries = here["entries"].as_array().cloned().unwrap_or_default();
    report["received"]
        .as_array()
        .is_some_and(|received| received.iter().any(|r| entries.contains(r)))
}

/// What an `undo` said it took back.
fn taken_back(run: &Run) -> String {
    run.stdout
        .lines()
        .chain(run.stderr.lines())
        .find(|l| l.starts_with("Taken back:") || l.starts_with("error:"))
        .unwrap_or_default()
        .to_string()
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}

/// The first keys (or places) where two JSON values differ, each side shown.
fn difference(a: &Value, b: &Value) -> String {
    fn walk(path: &str, a: &Value, b: &Value, out: &mut Vec<String>) {
        if a == b || out.len() >= 5 {
            return;
        }
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                for key in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
                    let null = Value::Null;
                    walk(
                        &format!("{path}.{key}"),
                        x.get(key).unwrap_or(&null),
                        y.get(key).unwrap_or(&null),
                        out,
                    );
                }
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                for (i, (p, q)) in x.iter().zip(y).enumerate() {
                    walk(&format!("{path}[{i}]"), p, q, out);
                }
            }
            _ => out.push(format!("{path}: {a} / {b}")),
        }
    }
    let mut out = Vec::new();
    walk("", a, b, &mut out);
    out.join("\n")
}

fn run_case(devices: usize, start: Start, ops: &[Op]) {
    let mut case = Case::new(devices, start);
    for op in ops {
        case.step(op);
    }
    case.converge();
    case.nothing_lost();
    if std::env::var_os("CHRONICLE_SYNC_TRACE").is_some() {
        eprintln!(
            "case ({devices} devices, from {start:?}):\n  {}",
            case.trace.join("\n  ")
        );
    }
}

/// A number from the environment, else `default`.
fn from_env(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(default)
}

/// Up to `CHRONICLE_SYNC_STEPS` steps (10 by default) of a case on `devices` devices.
fn ops(devices: usize) -> impl Strategy<Value = Vec<Op>> {
    vec(
        op(devices),
        1..=from_env("CHRONICLE_SYNC_STEPS", 10).max(1) as usize,
    )
}

fn start() -> impl Strategy<Value = Start> {
    prop_oneof![Just(Start::Demo), Just(Start::Fresh)]
}

fn config() -> ProptestConfig {
    let cases = from_env("CHRONICLE_SYNC_CASES", 12);
    ProptestConfig {
        cases,
        // Each case runs the binary some fifty times: a failure is shrunk, but not for
        // ever.
        max_shrink_iters: 64,
        // No regression file: the only file this test owns is this one.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn two_devices_in_any_order_agree_and_lose_nothing(start in start(), ops in ops(2)) {
        run_case(2, start, &ops);
    }

    #[test]
    fn three_devices_in_any_order_agree_and_lose_nothing(start in start(), ops in ops(3)) {
        run_case(3, start, &ops);
    }
}
