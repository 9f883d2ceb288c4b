//! A test environment for running the built `chronicle` binary: a temporary folder that holds
//! the database and stands in for the data and home folders, a fixed clock, plain output.
//! No test ever reads or writes the real data of the person running the tests.
#![allow(dead_code)]

pub(crate) mod builders;
pub(crate) mod group;
pub(crate) mod pty;
mod transcript;

pub use transcript::Test;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags};
use serde_json::Value;
use tempfile::TempDir;

/// Says that a test that needs an outside program (node, pandoc) skipped its check, and
/// why: written to the process's stderr itself, past the test harness's capture, so that it
/// shows under `cargo test` even when the test passes (nextest shows it by
/// `.config/nextest.toml`).
pub(crate) fn skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "NOTICE: {why}; skipped.");
}

/// "Today" for every command the tests run.
pub(crate) const NOW: &str = "2026-11-29";

/// The variables chronicle reads that a test's command leaves unset unless the test sets
/// them itself: a developer's shell or a CI runner may hold any of them, and each changes
/// what a command prints or does. (`tests/environment.rs` checks that every variable
/// chronicle reads is either here or set by `TestEnv::command`.)
pub(crate) const CLEARED: [&str; 14] = [
    "CHRONICLE_CAMPAIGN",
    "CHRONICLE_BUSY_MS",
    "CHRONICLE_SERVE_KEY",
    "CHRONICLE_PROGRESS_AFTER_MS",
    "CLICOLOR",
    "CLICOLOR_FORCE",
    "TERM",
    "COMPLETE",
    "_CHRONICLE_LINE",
    "_CHRONICLE_WORD",
    "_CLAP_IFS",
    "HOSTNAME",
    "RUST_BACKTRACE",
    "RUST_LIB_BACKTRACE",
];

/// Fifteen different territory cards: one a winner may destroy in each of games 1 to 15.
pub(crate) const CARDS_TO_DESTROY: [&str; 15] = [
    "Alaska",
    "Peru",
    "Egypt",
    "China",
    "Japan",
    "India",
    "Siam",
    "Ural",
    "Iceland",
    "Brazil",
    "Ontario",
    "Greenland",
    "Yakutsk",
    "Irkutsk",
    "Mongolia",
];

/// The setup before game 1 (rules §2): every faction's starting power, and the twelve
/// first coins, two on each of six cards the tests leave alone.
pub(crate) const SET_UP: [&[&str]; 6] = [
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

/// The setup before game 1 done on a campaign of the domain (see `SET_UP`).
pub(crate) fn set_up(campaign: &mut chronicle::domain::Campaign) {
    use chronicle::domain::{Entry, Faction, Power, Territory};
    for (faction, power) in [
        ("Enclave of the Bear", Power::A),
        ("Khan Industries", Power::B),
        ("Saharan Republic", Power::A),
        ("Imperial Balkania", Power::B),
        ("Die Mechaniker", Power::A),
    ] {
        campaign
            .apply(&Entry::Power {
                faction: Faction::new(faction),
                power,
            })
            .expect("a starting power");
    }
    let territories = SET_UP[5][1..]
        .iter()
        .map(|t| Territory::find(t).expect("a territory"))
        .collect();
    campaign
        .apply(&Entry::Coins { territories })
        .expect("the twelve first coins");
}

/// One temporary world for one test.
pub(crate) struct TestEnv {
    /// The temporary folder, removed when the environment is dropped (none for an
    /// environment made with `at`, which borrows another's folder).
    _owned: Option<TempDir>,
    dir: PathBuf,
    db: PathBuf,
}

/// What a command did: its exit code and what it printed.
#[derive(Debug)]
pub(crate) struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub(crate) fn from_output(args: String, output: std::process::Output) -> Run {
        let code = output.status.code().unwrap_or_else(|| {
            panic!(
                "`chronicle {args}` was killed by a signal\nstderr:\n{}",
                String::from_utf8_lossy(&output.stderr)
            )
        });
        Run {
            code,
            stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
            stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        }
    }

    /// stdout parsed as JSON.
    pub(crate) fn json(&self) -> Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
            panic!(
                "stdout is not JSON ({e}):\n{}\nstderr:\n{}",
                self.stdout, self.stderr
            )
        })
    }
}

impl Default for TestEnv {
    fn default() -> Self {
        Self::new()
    }
}

impl TestEnv {
    pub(crate) fn new() -> TestEnv {
        let dir = tempfile::Builder::new()
            .prefix("chronicle-test-")
            .tempdir()
            .expect("a temporary folder");
        let db = dir.path().join("chronicle.db");
        TestEnv {
            dir: dir.path().to_path_buf(),
            _owned: Some(dir),
            db,
        }
    }

    /// A database holding the demo campaign (`chronicle --db DB demo`), the only campaign
    /// there, so that every command finds it.
    pub fn demo() -> TestEnv {
        let env = TestEnv::new();
        let db = env.db_path().to_str().unwrap().to_string();
        env.ok(&["--db", &db, "demo"]);
        env
    }

    /// A database holding the demo campaign, with game 16 taken back and logged again
    /// differently, so that the log has an entry taken back.
    pub(crate) fn demo_with_undo() -> TestEnv {
        let env = TestEnv::new();
        let db = env.db_path().to_str().unwrap().to_string();
        env.ok(&["--db", &db, "demo"]);
        env.ok(&["game", "undo", "--yes", "--reason", "Bo was not out"]);
        env.ok(&[
            "game",
            "log",
            "--date",
            "2026-04-25",
            "--player",
            "Chidi=saharan:won",
            "--player",
            "Ann=bear:held-on",
            "--player",
            "Bo=khan:held-on",
            "--scar",
            "India=Ammo Shortage",
        ]);
        env
    }

    /// An environment in another's folder, on another database file there.
    pub(crate) fn at(dir: &Path, db: &Path) -> TestEnv {
        TestEnv {
            _owned: None,
            dir: dir.to_path_buf(),
            db: db.to_path_buf(),
        }
    }

    /// The temporary folder everything lives in.
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// The database file CHRONICLE_DB points at.
    pub(crate) fn db_path(&self) -> &Path {
        &self.db
    }

    /// $XDG_DATA_HOME inside the temporary folder.
    pub(crate) fn data_home(&self) -> PathBuf {
        self.dir().join("data")
    }

    /// A `chronicle` command with the test environment: CHRONICLE_DB in the temp folder,
    /// XDG_DATA_HOME and HOME inside it, a fixed clock, no colour, 100 columns, and every
    /// other variable chronicle reads (`CLEARED`) unset, whatever the caller's shell holds.
    pub(crate) fn command(&self) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_chronicle"));
        cmd.current_dir(self.dir());
        for name in CLEARED {
            cmd.env_remove(name);
        }
        cmd.env("CHRONICLE_DB", &self.db)
            .env("XDG_DATA_HOME", self.data_home())
            .env("HOME", self.dir().join("home"))
            .env("CHRONICLE_NOW", NOW)
            .env("COLUMNS", "100")
            .env("NO_COLOR", "1");
        cmd
    }

    /// A `chronicle` command with these arguments, not yet run.
    pub(crate) fn command_with(&self, args: &[&str]) -> Command {
        let mut cmd = self.command();
        cmd.args(args);
        cmd
    }

    /// `chronicle ARGS…` with the environment of `command` (its temporary database, clock,
    /// no colour), as a plain `std::process::Command`, for a test that spawns, waits for or
    /// kills the process itself.
    pub fn process(&self, args: &[&str]) -> std::process::Command {
        let template = self.command_with(args);
        let mut command = std::process::Command::new(template.get_program());
        command.args(template.get_args());
        if let Some(dir) = template.get_current_dir() {
            command.current_dir(dir);
        }
        for (key, value) in template.get_envs() {
            match value {
                Some(value) => command.env(key, value),
                None => command.env_remove(key),
            };
        }
        command
    }

    /// Runs a prepared command (stdin closed) and collects what it did.
    pub(crate) fn run_command(mut cmd: Command, what: &str) -> Run {
        let output = cmd
            .write_stdin(Vec::new())
            .output()
            .expect("chronicle runs");
        Run::from_output(what.to_string(), output)
    }

    /// Runs `chronicle ARGS…` and returns what it did, whatever the exit code.
    pub(crate) fn run(&self, args: &[&str]) -> Run {
        TestEnv::run_command(self.command_with(args), &args.join(" "))
    }

    /// Runs `chronicle ARGS…` and expects exit code `code`.
    pub(crate) fn run_expect(&self, code: i32, args: &[&str]) -> Run {
        let run = self.run(args);
        assert_eq!(
            run.code,
            code,
            "`chronicle {}` exited {} (expected {code})\nstdout:\n{}\nstderr:\n{}",
            args.join(" "),
            run.code,
            run.stdout,
            run.stderr
        );
        assert_no_panic(&run);
        run
    }

    /// Runs `chronicle ARGS…` and expects it to succeed.
    pub(crate) fn ok(&self, args: &[&str]) -> Run {
        self.run_expect(0, args)
    }

    /// Runs `chronicle ARGS…`, expects success, and parses stdout as JSON.
    pub(crate) fn json(&self, args: &[&str]) -> Value {
        self.ok(args).json()
    }

    /// `init`, then the setup before game 1 (`SET_UP`): a campaign ready for its first game.
    pub(crate) fn init_set_up(&self, init: &[&str]) {
        self.ok(init);
        for args in SET_UP {
            self.ok(args);
        }
    }

    /// The bytes of the database file followed by those of its -wal file, if any.
    pub(crate) fn db_bytes(&self) -> Vec<u8> {
        db_bytes(&self.db)
    }

    /// The content of the database: every row of every table (and the schema), sorted.
    pub(crate) fn dump(&self) -> Vec<String> {
        dump(&self.db)
    }

    /// A read-write connection to the database, for setting up odd cases.
    pub(crate) fn connect(&self) -> Connection {
        Connection::open(&self.db).expect("the test database opens")
    }
}

/// Fails the test if the binary panicked.
pub(crate) fn assert_no_panic(run: &Run) {
    assert!(
        !run.stderr.contains("panicked"),
        "chronicle panicked:\n{}",
        run.stderr
    );
}

/// The bytes of a database file followed by those of its -wal file, if any.
pub(crate) fn db_bytes(path: &Path) -> Vec<u8> {
    let mut bytes = std::fs::read(path).expect("the database file is readable");
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    if let Ok(more) = std::fs::read(PathBuf::from(wal)) {
        bytes.extend(more);
    }
    bytes
}

/// A logical dump of an SQLite file, opened read-only: the schema, then each table's rows
/// with their types, sorted, so that two dumps are equal exactly when the content is.
pub(crate) fn dump(path: &Path) -> Vec<String> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .expect("the database opens read-only");
    let mut schema = conn
        .prepare(
            "SELECT type, name, tbl_name, COALESCE(sql, '') FROM sqlite_master
             WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
        )
        .expect("sqlite_master");
    let mut out: Vec<String> = Vec::new();
    let mut tables: Vec<String> = Vec::new();
    let rows = schema
        .query_map([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(3)?,
            ))
        })
        .expect("the schema");
    for row in rows {
        let (kind, name, sql) = row.expect("a schema row");
        out.push(format!("schema {kind} {name}: {sql}"));
        if kind == "table" {
            tables.push(name);
        }
    }
    for table in tables {
        let mut statement = conn
            .prepare(&format!("SELECT * FROM \"{}\"", table.replace('"', "\"\"")))
            .expect("a table");
        let columns = statement.column_count();
        let mut lines: Vec<String> = statement
            .query_map([], |row| {
                let mut values = Vec::with_capacity(columns);
                for i in 0..columns {
                    values.push(match row.get_ref(i)? {
                        ValueRef::Null => "NULL".to_string(),
                        ValueRef::Integer(n) => format!("i:{n}"),
                        ValueRef::Real(x) => format!("r:{x:?}"),
                        ValueRef::Text(t) => format!("t:{:?}", String::from_utf8_lossy(t)),
                        ValueRef::Blob(b) => format!("b:{b:?}"),
                    });
                }
                Ok(format!("row {table}: {}", values.join(" | ")))
            })
            .expect("the rows")
            .collect::<Result<_, _>>()
            .expect("every row");
        lines.sort();
        out.push(format!("table {table}: {} rows", lines.len()));
        out.extend(lines);
    }
    out
}

/// The element of a JSON array whose `key` is `value`.
pub(crate) fn find<'a>(array: &'a Value, key: &str, value: &str) -> &'a Value {
    array
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {array}"))
        .iter()
        .find(|item| item[key] == value)
        .unwrap_or_else(|| panic!("no element with {key} = {value:?} in {array:#}"))
}
