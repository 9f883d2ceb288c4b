//! A group of devices sharing one campaign through one folder, for the scenarios of sync:
//! each device a database `NAME.db` syncing as NAME with the folder `shared`, each command
//! run with that device's clock (`CHRONICLE_NOW`: a minute later for every command, so
//! that no two records share a moment, shifted by the device's own skew in days).

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use chrono::{Duration, NaiveDate};
use serde_json::Value;

use super::{Run, TestEnv, assert_no_panic};

/// The shared folder, in the group's temporary folder.
pub(crate) const SHARED: &str = "shared";

pub(crate) struct Group {
    pub env: TestEnv,
    /// Minutes since the group's first command.
    minute: Cell<i64>,
    /// Each device's clock skew, in days (none: 0).
    skew: RefCell<BTreeMap<String, i64>>,
}

impl Group {
    /// A group with an empty shared folder.
    pub(crate) fn new() -> Group {
        let env = TestEnv::new();
        std::fs::create_dir(env.dir().join(SHARED)).expect("the shared folder");
        Group {
            env,
            minute: Cell::new(0),
            skew: RefCell::new(BTreeMap::new()),
        }
    }

    /// A group whose first device holds the demo campaign (16 games) and whose other
    /// devices joined it, each synced once.
    pub(crate) fn demo(devices: &[&str]) -> Group {
        let group = Group::new();
        group.ok(devices[0], &["demo"]);
        for device in devices {
            group.ok(device, &["sync", SHARED, "--device", device]);
        }
        group
    }

    /// Sets a device's clock this many days off the group's.
    pub(crate) fn skew(&self, device: &str, days: i64) {
        self.skew.borrow_mut().insert(device.to_string(), days);
    }

    /// The moment the next command of `device` runs at.
    fn now(&self, device: &str) -> String {
        let minute = self.minute.get() + 1;
        self.minute.set(minute);
        let skew = self.skew.borrow().get(device).copied().unwrap_or(0);
        let start = NaiveDate::from_ymd_opt(2026, 11, 29)
            .and_then(|d| d.and_hms_opt(8, 0, 0))
            .expect("a moment");
        let at = start + Duration::minutes(minute) + Duration::days(skew);
        at.and_utc().format("%Y-%m-%dT%H:%M:%SZ").to_string()
    }

    /// The date `device`'s clock says today is, as of its next command.
    pub(crate) fn today(&self, device: &str) -> String {
        let skew = self.skew.borrow().get(device).copied().unwrap_or(0);
        (NaiveDate::from_ymd_opt(2026, 11, 29).expect("a date") + Duration::days(skew)).to_string()
    }

    /// The database file of a device.
    pub(crate) fn db(&self, device: &str) -> PathBuf {
        self.env.dir().join(format!("{device}.db"))
    }

    /// `chronicle --db DEVICE.db ARGS…` on that device's clock, whatever it exits with.
    pub(crate) fn run(&self, device: &str, args: &[&str]) -> Run {
        let db = format!("{device}.db");
        let mut all = vec!["--db", db.as_str()];
        all.extend(args);
        let mut command = self.env.command_with(&all);
        command.env("CHRONICLE_NOW", self.now(device));
        let run = TestEnv::run_command(command, &all.join(" "));
        assert_no_panic(&run);
        run
    }

    /// As `run`, expecting exit code `code`.
    pub(crate) fn expect(&self, code: i32, device: &str, args: &[&str]) -> Run {
        let run = self.run(device, args);
        assert_eq!(
            run.code,
            code,
            "`chronicle --db {device}.db {}` exited {} (expected {code})\nstdout:\n{}\nstderr:\n{}",
            args.join(" "),
            run.code,
            run.stdout,
            run.stderr
        );
        run
    }

    pub(crate) fn ok(&self, device: &str, args: &[&str]) -> Run {
        self.expect(0, device, args)
    }

    /// `sync shared --format json` on a device, expecting `code`: its report.
    pub(crate) fn sync(&self, code: i32, device: &str) -> Value {
        let run = self.expect(code, device, &["sync", SHARED, "--format", "json"]);
        run.json()
    }

    /// A game logged on a device: its winner, Bo and Chidi, on `date`.
    pub(crate) fn log_game(&self, device: &str, date: &str, winner: &str) -> Run {
        self.ok(
            device,
            &[
                "game",
                "log",
                "--date",
                date,
                "--player",
                &format!("{winner}=bear:won"),
                "--player",
                "Bo=khan:held-on",
                "--player",
                "Chidi=saharan:held-on",
            ],
        )
    }

    /// What a device reads: its board (its campaign's name left out) and its games.
    pub(crate) fn reads(&self, device: &str) -> Value {
        let mut board = self.ok(device, &["board", "--format", "json"]).json();
        board["campaign"] = Value::Null;
        let mut games = self
            .ok(device, &["game", "list", "--format", "json"])
            .json();
        games["campaign"] = Value::Null;
        serde_json::json!({ "board": board, "games": games })
    }

    /// The identities of every record a device holds (its log, and what waits on another
    /// branch), as its campaign file carries them.
    pub(crate) fn records(&self, device: &str) -> BTreeSet<String> {
        let file = self.ok(device, &["export", "--format", "json"]).json();
        file["log"]
            .as_array()
            .expect("the log")
            .iter()
            .map(|r| r["id"].as_str().expect("an identity").to_string())
            .collect()
    }

    /// The games that stand on a device: (date, winner), in order.
    pub(crate) fn games(&self, device: &str) -> Vec<(String, String)> {
        let list = self
            .ok(device, &["game", "list", "--format", "json"])
            .json();
        list["games"]
            .as_array()
            .expect("games")
            .iter()
            .map(|g| {
                (
                    g["date"].as_str().unwrap_or_default().to_string(),
                    g["winner"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    }

    /// Every device syncs, twice over, each sync exiting 0; then they read alike, hold the
    /// same records, and pass `check`.
    pub(crate) fn settle(&self, devices: &[&str]) {
        for _ in 0..2 {
            for device in devices {
                let report = self.sync(0, device);
                assert_eq!(report[0]["skipped"], Value::Array(Vec::new()), "{device}");
            }
        }
        self.agree(devices);
    }

    /// The devices read alike, hold the same records and pass `check`.
    pub(crate) fn agree(&self, devices: &[&str]) {
        let first = devices[0];
        let (reads, records) = (self.reads(first), self.records(first));
        for device in &devices[1..] {
            assert_eq!(
                self.reads(device),
                reads,
                "{device} reads otherwise than {first}"
            );
            let theirs = self.records(device);
            assert_eq!(
                theirs.symmetric_difference(&records).count(),
                0,
                "{device} and {first} hold different records"
            );
        }
        for device in devices {
            self.ok(device, &["check"]);
        }
    }

    /// The campaign's folder in the shared folder (the only one).
    pub(crate) fn campaign_folder(&self) -> PathBuf {
        let mut folders: Vec<PathBuf> = std::fs::read_dir(self.env.dir().join(SHARED))
            .expect("the shared folder")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.is_dir())
            .collect();
        assert_eq!(folders.len(), 1, "{folders:?}");
        folders.remove(0)
    }

    /// A device's file in the campaign's folder.
    pub(crate) fn file(&self, device: &str) -> PathBuf {
        self.campaign_folder().join(format!("{device}.jsonl"))
    }

    /// Every file under the shared folder with its bytes, sorted.
    pub(crate) fn folder_bytes(&self) -> Vec<(String, Vec<u8>)> {
        listing(&self.env.dir().join(SHARED))
    }
}

/// Every file under `dir` with its bytes, sorted.
pub(crate) fn listing(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(folder) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                todo.push(path);
            } else {
                out.push((
                    path.display().to_string(),
                    std::fs::read(&path).expect("a file reads"),
                ));
            }
        }
    }
    out.sort();
    out
}

/// The names of the files a sync skipped (the part after the campaign's folder).
pub(crate) fn skipped(report: &Value) -> Vec<String> {
    report[0]["skipped"]
        .as_array()
        .map(|files| {
            files
                .iter()
                .map(|s| {
                    let file = s["file"].as_str().unwrap_or_default();
                    file.rsplit('/').next().unwrap_or(file).to_string()
                })
                .collect()
        })
        .unwrap_or_default()
}
