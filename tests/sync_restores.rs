//! Property test of `sync` on three devices sharing one folder, through what groups do to
//! their machines: random interleavings of games logged, entries taken back, syncs, fork
//! resolutions, databases restored from a backup, databases copied over another machine's,
//! device files deleted from the folder, and clocks days apart. After every device has
//! synced (twice over, resolving any fork on device 0):
//!
//! - every database reads alike (board and games) and holds the same records;
//! - every game a database held (logged there, or seen in its history after a sync) and
//!   that no restore or copy took away from every database since is, on every device,
//!   standing or in the history as taken back or set aside by a resolution;
//! - every sync exits 0 or 1, never skipping a file, and `check` passes.
//!
//! `CHRONICLE_RESTORE_CASES` sets the number of cases (16 by default),
//! `CHRONICLE_RESTORE_STEPS` the most steps of a case (10).

use std::collections::{BTreeMap, BTreeSet};

use proptest::collection::vec;
use proptest::prelude::*;
use serde_json::Value;

use crate::common::group::{Group, SHARED, skipped};

const DEVICES: [&str; 3] = ["d0", "d1", "d2"];

#[derive(Clone, Debug)]
enum Op {
    Log(usize),
    Undo(usize),
    Sync(usize),
    Resolve(usize),
    Backup(usize),
    Restore(usize),
    /// The first device's database copied over the second's machine.
    Copy(usize, usize),
    DeleteFile(usize),
    Skew(usize, i64),
}

fn op() -> impl Strategy<Value = Op> {
    let d = 0..DEVICES.len();
    prop_oneof![
        4 => d.clone().prop_map(Op::Log),
        1 => d.clone().prop_map(Op::Undo),
        4 => d.clone().prop_map(Op::Sync),
        1 => d.clone().prop_map(Op::Resolve),
        1 => d.clone().prop_map(Op::Backup),
        1 => d.clone().prop_map(Op::Restore),
        1 => (d.clone(), d.clone()).prop_map(|(a, b)| Op::Copy(a, b)),
        1 => d.clone().prop_map(Op::DeleteFile),
        1 => (d, -3i64..=3).prop_map(|(d, days)| Op::Skew(d, days)),
    ]
}

struct Case {
    group: Group,
    trace: Vec<String>,
    tried: u32,
    /// The games each database is known to hold (logged there, or seen in its history
    /// after a sync): a game some database holds must reach every device.
    held: [BTreeSet<String>; 3],
    /// What each backup held when it was taken.
    backups: BTreeMap<usize, BTreeSet<String>>,
    /// The name each device syncs as (a copy takes one of its own).
    names: [String; 3],
    /// How many copies took a name of their own.
    copies: u32,
}

impl Case {
    fn fail(&self, what: &str) -> ! {
        panic!("{what}\n\nsteps:\n  {}", self.trace.join("\n  "))
    }

    /// The games of the test a device's history names (standing, taken back, set aside).
    fn seen(&self, d: usize) -> BTreeSet<String> {
        let history = self
            .group
            .ok(DEVICES[d], &["history", "--format", "json"])
            .stdout;
        (1..=self.tried)
            .map(|n| format!("Winner {n:02}"))
            .filter(|winner| history.contains(winner.as_str()))
            .collect()
    }

    fn sync(&mut self, d: usize) -> i32 {
        let mut run = self
            .group
            .run(DEVICES[d], &["sync", SHARED, "--format", "json"]);
        // A database copied over this machine's is refused until it has a name of its own.
        if run.code == 1 && run.stderr.contains("This database is a copy") {
            self.copies += 1;
            let name = format!("{}-{}", DEVICES[d], self.copies);
            self.trace.push(format!("d{d}: a copy, syncs as {name}"));
            run = self.group.run(
                DEVICES[d],
                &["sync", SHARED, "--format", "json", "--device", &name],
            );
            self.names[d] = name;
        }
        if run.code != 0 && run.code != 1 {
            self.fail(&format!("d{d}: sync exited {}: {}", run.code, run.stderr));
        }
        if let Ok(report) = serde_json::from_str::<Value>(&run.stdout)
            && !skipped(&report).is_empty()
        {
            self.fail(&format!("d{d}: sync skipped files: {report:#}"));
        }
        let seen = self.seen(d);
        self.held[d].extend(seen);
        run.code
    }

    fn step(&mut self, op: &Op) {
        let dir = self.group.env.dir().to_path_buf();
        let said = match *op {
            Op::Log(d) => {
                self.tried += 1;
                let winner = format!("Winner {:02}", self.tried);
                let date = format!("2026-06-{:02}", self.tried.min(28));
                let run = self.group.run(
                    DEVICES[d],
                    &[
                        "game",
                        "log",
                        "--date",
                        &date,
                        "--player",
                        &format!("{winner}=bear:won"),
                        "--player",
                        "Bo=khan:held-on",
                        "--player",
                        "Chidi=saharan:held-on",
                    ],
                );
                if run.code == 0 {
                    self.held[d].insert(winner.clone());
                }
                format!("d{d}: log {winner} (exit {})", run.code)
            }
            Op::Undo(d) => {
                let run = self.group.run(DEVICES[d], &["undo", "--yes"]);
                format!("d{d}: undo (exit {})", run.code)
            }
            Op::Sync(d) => format!("d{d}: sync (exit {})", self.sync(d)),
            Op::Resolve(d) => format!("d{d}: resolve: {}", self.resolve(d)),
            Op::Backup(d) => {
                self.group
                    .ok(DEVICES[d], &["backup", &format!("backup-{d}.db")]);
                self.backups.insert(d, self.held[d].clone());
                format!("d{d}: backup")
            }
            Op::Restore(d) => match self.backups.get(&d) {
                Some(held) => {
                    replace(&dir, DEVICES[d], &format!("backup-{d}.db"));
                    self.held[d].clone_from(held);
                    format!("d{d}: restored")
                }
                None => format!("d{d}: no backup to restore"),
            },
            Op::Copy(from, to) if from != to => {
                self.group.ok(DEVICES[from], &["backup", "copy.db"]);
                replace(&dir, DEVICES[to], "copy.db");
                let held = self.held[from].clone();
                self.held[to] = held;
                let name = self.names[from].clone();
                self.names[to] = name;
                format!("d{from} copied over d{to}")
            }
            Op::Copy(..) => "no copy".to_string(),
            Op::DeleteFile(d) => {
                let mut gone = 0;
                for folder in std::fs::read_dir(dir.join(SHARED))
                    .expect("the folder")
                    .flatten()
                {
                    let file = folder.path().join(format!("{}.jsonl", self.names[d]));
                    gone += usize::from(std::fs::remove_file(file).is_ok());
                }
                format!("d{d}'s file deleted ({gone})")
            }
            Op::Skew(d, days) => {
                self.group.skew(DEVICES[d], days);
                format!("d{d}: clock {days:+} days")
            }
        };
        self.trace.push(said);
    }

    /// Resolves the fork a device sees: every branch, else each branch alone in turn.
    fn resolve(&mut self, d: usize) -> String {
        let listing = self
            .group
            .run(DEVICES[d], &["sync", "resolve", SHARED, "--format", "json"]);
        if listing.code != 0 {
            return format!(
                "no fork ({})",
                listing.stderr.lines().next().unwrap_or_default()
            );
        }
        let listing = listing.json();
        let choices: Vec<String> = listing["choices"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|c| c["refused"].is_null())
            .filter_map(|c| c["choice"].as_str().map(str::to_string))
            .collect();
        for choice in &choices {
            let mut args = vec!["sync", "resolve", SHARED, "--yes"];
            args.extend(choice.split(' '));
            let run = self.group.run(DEVICES[d], &args);
            if run.code == 0 {
                return choice.clone();
            }
        }
        format!("every choice refused: {choices:?}")
    }

    fn converge(&mut self) {
        let mut quiet = 0;
        for _ in 0..8 {
            let forks: Vec<usize> = (0..DEVICES.len()).filter(|&d| self.sync(d) == 1).collect();
            self.trace.push(format!("end: forks on {forks:?}"));
            if forks.is_empty() {
                quiet += 1;
                if quiet == 2 {
                    break;
                }
                continue;
            }
            quiet = 0;
            let said = self.resolve(forks[0]);
            self.trace
                .push(format!("end: d{}: resolve: {said}", forks[0]));
        }
        if quiet < 2 {
            self.fail("the devices still fork after 8 passes");
        }
    }

    fn nothing_lost(&self) {
        let (reads, records) = (self.group.reads("d0"), self.group.records("d0"));
        for device in DEVICES {
            if self.group.reads(device) != reads || self.group.records(device) != records {
                self.fail(&format!("{device} reads otherwise than d0"));
            }
            let history = self
                .group
                .ok(device, &["history", "--format", "json"])
                .stdout;
            for winner in self.held.iter().flatten() {
                if !history.contains(winner.as_str()) {
                    self.fail(&format!("{device}: the game won by {winner} is gone"));
                }
            }
            let check = self.group.run(device, &["check"]);
            if check.code != 0 {
                self.fail(&format!(
                    "{device}: check exited {}: {}",
                    check.code, check.stderr
                ));
            }
        }
    }
}

/// A device's database replaced by a copy of `from`.
fn replace(dir: &std::path::Path, device: &str, from: &str) {
    let db = dir.join(format!("{device}.db"));
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(dir.join(format!("{device}.db{suffix}")));
    }
    std::fs::copy(dir.join(from), db).expect("the copy");
}

fn from_env(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: from_env("CHRONICLE_RESTORE_CASES", 16),
        max_shrink_iters: 32,
        failure_persistence: None,
        // The same cases on every run.
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5eed_0037),
        ..ProptestConfig::default()
    })]

    #[test]
    fn restores_copies_deletions_and_skewed_clocks_lose_no_shared_game(
        ops in vec(op(), 1..=from_env("CHRONICLE_RESTORE_STEPS", 10).max(1) as usize)
    ) {
        let mut case = Case {
            group: Group::demo(&DEVICES),
            trace: Vec::new(),
            tried: 0,
            held: Default::default(),
            backups: BTreeMap::new(),
            names: DEVICES.map(str::to_string),
            copies: 0,
        };
        for op in &ops {
            case.step(op);
        }
        case.converge();
        case.nothing_lost();
    }
}
