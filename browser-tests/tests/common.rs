//! A campaign for the browser tests: a temporary folder that holds the database and stands
//! in for the data and home folders, a fixed clock, plain output, and `chronicle` run there.
//! No test reads or writes the real data of the person running the tests.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;
use tempfile::TempDir;

/// Says that a test that needs an outside program skipped, and why: written to the
/// process's stderr itself, past the test harness's capture, so that it shows under
/// `cargo test` even when the test passes.
pub(crate) fn skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "NOTICE: {why}; skipped.");
}

/// "Today" for every command the tests run.
const NOW: &str = "2026-11-29";

/// The setup before game 1: each faction's power, and the coins' territories.
const SET_UP: [&[&str]; 6] = [
    &["power", "bear", "a"],
    &["power", "khan", "b"],
    &["power", "saharan", "a"],
    &["power", "balkania", "b"],
    &["power", "mechaniker", "a"],
    &[
        "coins",
        "Iceland",
        "Iceland",
        "Greenland",
        "Greenland",
        "New Guinea",
        "New Guinea",
        "Western Australia",
        "Western Australia",
        "Eastern Australia",
        "Eastern Australia",
        "Irkutsk",
        "Irkutsk",
    ],
];

/// A temporary folder with a database file in it, removed when dropped.
pub(crate) struct TestEnv {
    dir: TempDir,
}

impl TestEnv {
    pub(crate) fn new() -> TestEnv {
        let dir = tempfile::Builder::new()
            .prefix("chronicle-browser-")
            .tempdir()
            .expect("a temporary folder");
        TestEnv { dir }
    }

    /// A database holding the demo campaign, the only campaign there.
    pub(crate) fn demo() -> TestEnv {
        let env = TestEnv::new();
        let db = env.db();
        env.ok(&["--db", db.to_str().expect("a UTF-8 path"), "demo"]);
        env
    }

    fn db(&self) -> PathBuf {
        self.dir.path().join("chronicle.db")
    }

    /// `chronicle ARGS…` in the folder, not yet run: CHRONICLE_DB in it, XDG_DATA_HOME and
    /// HOME inside it, a fixed clock, no colour.
    pub(crate) fn process(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_chronicle-browser-tests"));
        command
            .args(args)
            .current_dir(self.dir.path())
            .env("CHRONICLE_DB", self.db())
            .env("XDG_DATA_HOME", self.dir.path().join("data"))
            .env("HOME", self.dir.path().join("home"))
            .env("CHRONICLE_NOW", NOW)
            .env("NO_COLOR", "1")
            .env_remove("CHRONICLE_CAMPAIGN")
            .env_remove("CHRONICLE_SERVE_KEY");
        command
    }

    /// Runs `chronicle ARGS…` (stdin closed), expects success, and returns its stdout.
    pub(crate) fn ok(&self, args: &[&str]) -> String {
        let output = self
            .process(args)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("chronicle runs");
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            output.status.success(),
            "chronicle {} failed ({}):\n{stdout}\n{}",
            args.join(" "),
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        stdout
    }

    /// Runs `chronicle ARGS…`, expects success, and parses stdout as JSON.
    pub(crate) fn json(&self, args: &[&str]) -> Value {
        serde_json::from_str(&self.ok(args)).expect("stdout is JSON")
    }

    /// `init`, then the setup before game 1: a campaign ready for its first game.
    pub(crate) fn init_set_up(&self, init: &[&str]) {
        self.ok(init);
        for args in SET_UP {
            self.ok(args);
        }
    }
}
