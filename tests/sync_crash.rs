//! A sync killed at any moment (SIGKILL: no clean-up runs) leaves the database and the
//! shared folder consistent: the database passes `check` and holds the log as it was or as
//! the sync would have left it; every device's file in the folder is absent or reads whole
//! (another device's sync skips none of them), beside at most hidden temporaries; and the
//! next sync finishes the work, after which the devices agree.
//!
//! Five kinds of sync are killed, each after a delay spread from 0 to a little past how
//! long it takes when it is left to finish:
//!
//! - a demo database's first sync (its records claimed, its file written for the first
//!   time);
//! - a device joining the campaign (a database made, the campaign and its records written);
//! - a sync that sends two new games out (the device's file replaced);
//! - a sync that brings two games in;
//! - a sync that finds a fork (records written that the log does not move on to).
//!
//! A join builds its database beside its place (the schema's migrations in one
//! transaction, then the campaign joined and its records merged) and moves it there whole,
//! so a killed join leaves no database or all of it; the next sync joins again. Before that
//! fix a killed join could leave states that every later command refused:
//!
//! - a database file that `sync` calls empty: no table at all, or the first migration's
//!   tables without the row that records it; or one with refinery's table of versions
//!   alone, which every command calls another program's; or one left with a hot rollback
//!   journal (killed before WAL was set), which no command that reads can open, `check`
//!   included ("attempt to write a readonly database"), and which the next sync rolls
//!   back to an empty file;
//! - a migration applied but not recorded (the migration runner commits a migration and
//!   the row recording it in two transactions), which every later open applies again, and
//!   fails on (`duplicate column name`).
//!
//! `CHRONICLE_SYNC_KILLS` sets the number of killed syncs (30 by default); the test prints
//! what the kills left (`--nocapture`).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::{Run, TestEnv};

const SHARED: &str = "shared";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    FirstSync,
    Join,
    SendOut,
    BringIn,
    Fork,
}

const KINDS: [Kind; 5] = [
    Kind::FirstSync,
    Kind::Join,
    Kind::SendOut,
    Kind::BringIn,
    Kind::Fork,
];

fn log_game(env: &TestEnv, db: &str, date: &str, winner: &str) {
    env.ok(&[
        "--db",
        db,
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
    ]);
}

/// The folder as the kind of sync finds it; returns the database whose sync is killed and
/// the arguments of that sync.
fn prepare(env: &TestEnv, kind: Kind) -> (&'static str, Vec<&'static str>) {
    std::fs::create_dir(env.dir().join(SHARED)).expect("the shared folder");
    env.ok(&["--db", "a.db", "demo"]);
    let a_first = ["--db", "a.db", "sync", SHARED, "--device", "a"];
    let b_first = ["--db", "b.db", "sync", SHARED, "--device", "b"];
    match kind {
        Kind::FirstSync => {
            log_game(env, "a.db", "2026-05-01", "Ann");
            log_game(env, "a.db", "2026-05-02", "Dana");
            ("a.db", a_first.to_vec())
        }
        Kind::Join => {
            log_game(env, "a.db", "2026-05-01", "Ann");
            log_game(env, "a.db", "2026-05-02", "Dana");
            env.ok(&a_first);
            ("b.db", b_first.to_vec())
        }
        Kind::SendOut => {
            env.ok(&a_first);
            env.ok(&b_first);
            log_game(env, "a.db", "2026-05-01", "Ann");
            log_game(env, "a.db", "2026-05-02", "Dana");
            ("a.db", vec!["--db", "a.db", "sync", SHARED])
        }
        Kind::BringIn => {
            env.ok(&a_first);
            env.ok(&b_first);
            log_game(env, "a.db", "2026-05-01", "Ann");
            log_game(env, "a.db", "2026-05-02", "Dana");
            env.ok(&["--db", "a.db", "sync", SHARED]);
            ("b.db", vec!["--db", "b.db", "sync", SHARED])
        }
        Kind::Fork => {
            env.ok(&a_first);
            env.ok(&b_first);
            log_game(env, "a.db", "2026-05-01", "Ann");
            env.ok(&["--db", "a.db", "sync", SHARED]);
            log_game(env, "b.db", "2026-05-02", "Dana");
            ("b.db", vec!["--db", "b.db", "sync", SHARED])
        }
    }
}

/// The number of games the database's campaign holds, or none (no database, or no
/// campaign in it).
fn games(env: &TestEnv, db: &str) -> Option<usize> {
    let run = env.run(&["--db", db, "game", "list", "--format", "json"]);
    (run.code == 0).then(|| run.json()["games"].as_array().map_or(0, Vec::len))
}

/// The board of a database, its campaign's name left out.
fn board(env: &TestEnv, db: &str) -> Value {
    let mut board = env.json(&["--db", db, "board", "--format", "json"]);
    board["campaign"] = Value::Null;
    board
}

/// The games the killed device may hold after the kill: before the sync, after it, and
/// for a join, the campaign joined with no record yet (the join and the merge are two
/// transactions; the next sync brings the records).
fn games_allowed(kind: Kind) -> &'static [Option<usize>] {
    match kind {
        Kind::FirstSync | Kind::SendOut => &[Some(18)],
        Kind::Join => &[None, Some(0), Some(18)],
        Kind::BringIn => &[Some(16), Some(18)],
        Kind::Fork => &[Some(17)],
    }
}

/// Runs the sync and lets it finish: how long it took.
fn timed(env: &TestEnv, args: &[&str]) -> Duration {
    let started = Instant::now();
    let output = env
        .process(args)
        .stdin(Stdio::null())
        .output()
        .expect("chronicle runs");
    let took = started.elapsed();
    let code = output.status.code();
    assert!(
        code == Some(0) || code == Some(1),
        "`chronicle {}` exited {code:?}: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    took
}

/// Every device's file under the shared folder must read whole (and be the file of the
/// device it is named after); other files must be hidden (temporaries). Returns each
/// device's file with the number of records it holds.
fn files_read_whole(env: &TestEnv, what: &str) -> BTreeMap<String, usize> {
    let mut files = BTreeMap::new();
    let Ok(folders) = std::fs::read_dir(env.dir().join(SHARED)) else {
        return files;
    };
    for folder in folders {
        let folder = folder.expect("an entry").path();
        assert!(
            folder.is_dir(),
            "{what}: {} in the shared folder",
            folder.display()
        );
        for file in std::fs::read_dir(&folder).expect("the campaign's folder reads") {
            let path = file.expect("an entry").path();
            let name = path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            if name.starts_with('.') {
                continue;
            }
            assert!(
                name == "a.jsonl" || name == "b.jsonl",
                "{what}: {name} is no device's file"
            );
            let text = std::fs::read_to_string(&path).expect("a device's file is text");
            let log = chronicle::exchange::read_device_log(&text).unwrap_or_else(|e| {
                let start = (text.len().saturating_sub(300)..=text.len())
                    .find(|&i| text.is_char_boundary(i))
                    .unwrap_or(text.len());
                panic!(
                    "{what}: {name} does not read whole: {e}\n({} bytes, ending …{})",
                    text.len(),
                    &text[start..]
                )
            });
            assert_eq!(format!("{}.jsonl", log.head.device), name, "{what}");
            assert_eq!(log.bad, None, "{what}: {name} does not read whole");
            files.insert(name, log.records.len());
        }
    }
    files
}

/// `chronicle --db DB sync shared --device NAME --format json`, whatever it does.
fn sync_run(env: &TestEnv, db: &str) -> Run {
    let device = db.trim_end_matches(".db");
    let run = env.run(&[
        "--db", db, "sync", SHARED, "--device", device, "--format", "json",
    ]);
    crate::common::assert_no_panic(&run);
    run
}

/// A sync that exited with one of `codes` and skipped no file of the shared folder.
fn skipped_nothing(run: Run, db: &str, codes: &[i32], what: &str) -> Run {
    assert!(
        codes.contains(&run.code),
        "{what}: `sync` of {db} exited {} (expected {codes:?})\nstdout:\n{}\nstderr:\n{}",
        run.code,
        run.stdout,
        run.stderr
    );
    let report = run.json();
    for campaign in report.as_array().expect("a report a campaign") {
        assert_eq!(
            campaign["skipped"],
            Value::Array(Vec::new()),
            "{what}: {db}'s sync skipped files"
        );
    }
    run
}

/// A sync that skipped no file of the shared folder.
fn synced_skipping_nothing(env: &TestEnv, db: &str, codes: &[i32], what: &str) -> Run {
    skipped_nothing(sync_run(env, db), db, codes, what)
}

/// After the kill: both databases sound, the folder whole, and the next syncs finish the
/// work and agree. Returns what the kill left, in words.
fn recovers(env: &TestEnv, kind: Kind, killed: &str, what: &str) -> String {
    let left = String::new();
    let other = if killed == "a.db" { "b.db" } else { "a.db" };
    let path = env.dir().join(killed);
    // A join builds its database beside its place and moves it there whole, and the
    // schema's migrations are one transaction: a killed join leaves no file where the
    // database goes, or the whole of it.
    if path.exists() {
        env.ok(&["--db", killed, "check"]);
    }
    let held = games(env, killed);
    assert!(
        games_allowed(kind).contains(&held),
        "{what}: the killed device holds {held:?} games, neither what it held before the sync nor after it"
    );
    let files = files_read_whole(env, what);
    let left = format!("{left}games {held:?}, records in the files {files:?}");
    // The other device reads every file there is (a device with no copy yet joins).
    if !files.is_empty() {
        synced_skipping_nothing(env, other, &[0, 1], what);
    }
    // The killed sync, again, then each device, finish it.
    let forks = kind == Kind::Fork;
    let codes: &[i32] = if forks { &[1] } else { &[0] };
    let again = sync_run(env, killed);
    let again = skipped_nothing(again, killed, codes, what);
    if forks {
        assert!(
            again.json()[0]["fork"].is_object(),
            "{what}: {}",
            again.stdout
        );
        env.ok(&["--db", killed, "sync", "resolve", SHARED, "--keep-both"]);
    }
    synced_skipping_nothing(env, other, &[0], what);
    synced_skipping_nothing(env, killed, &[0], what);
    files_read_whole(env, what);
    for db in [killed, other] {
        env.ok(&["--db", db, "check"]);
        assert_eq!(games(env, db), Some(18), "{what}: {db}");
    }
    assert_eq!(board(env, killed), board(env, other), "{what}");
    left
}

#[test]
fn a_sync_killed_at_any_moment_leaves_the_database_and_the_folder_whole() {
    let kills: usize = std::env::var("CHRONICLE_SYNC_KILLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(30);
    // How long each kind of sync takes when it finishes, measured once.
    let typical: Vec<Duration> = KINDS
        .iter()
        .map(|&kind| {
            let env = TestEnv::new();
            let (db, args) = prepare(&env, kind);
            let took = timed(&env, &args);
            let _ = recovers(&env, kind, db, &format!("{kind:?}, not killed"));
            took
        })
        .collect();
    let mut rng = fastrand::Rng::with_seed(0x5eed_c0de);
    let mut finished = 0;
    let mut temporaries = 0;
    let mut delays = Vec::new();
    let mut outcomes: BTreeMap<String, usize> = BTreeMap::new();
    for run in 0..kills {
        let k = run % KINDS.len();
        let kind = KINDS[k];
        let env = TestEnv::new();
        let (db, args) = prepare(&env, kind);
        // The runs of each kind spread their delays over 0 to 3 ms past its typical run,
        // each somewhere in its own slice of that span.
        let span = typical[k] + Duration::from_millis(3);
        let runs_of_kind = kills.div_ceil(KINDS.len()).max(1);
        let slice = span / runs_of_kind as u32;
        let delay = slice * (run / KINDS.len()) as u32 + slice.mul_f64(rng.f64());
        let mut child = env
            .process(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chronicle starts");
        std::thread::sleep(delay);
        let _ = child.kill();
        let status = child.wait().expect("the killed sync is waited for");
        if status.code().is_some() {
            finished += 1;
        }
        delays.push(delay.as_micros());
        temporaries += hidden_files(&env.dir().join(SHARED));
        let left = recovers(
            &env,
            kind,
            db,
            &format!("run {run}: {kind:?} killed after {delay:?} ({status})"),
        );
        *outcomes.entry(format!("{kind:?}: {left}")).or_insert(0) += 1;
    }
    eprintln!(
        "{kills} syncs killed, after 0 to {} µs (typical runs: {typical:?}): {finished} finished first, {temporaries} temporaries left; what the kills left:",
        delays.iter().max().copied().unwrap_or(0),
    );
    for (left, times) in &outcomes {
        eprintln!("  {times} × {left}");
    }
    assert!(
        finished < kills,
        "every sync finished before it was killed: nothing was tested"
    );
}

/// The hidden files (temporaries) under a folder.
fn hidden_files(dir: &Path) -> usize {
    let Ok(listing) = std::fs::read_dir(dir) else {
        return 0;
    };
    listing
        .filter_map(Result::ok)
        .map(|e| e.path())
        .map(|path| {
            if path.is_dir() {
                hidden_files(&path)
            } else {
                usize::from(
                    path.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with('.')),
                )
            }
        })
        .sum()
}

/// A state of the database file, in words, and what makes it at a path.
type State<'a> = (&'a str, &'a dyn Fn(&Path));

/// What a join killed early may leave in the database file, made here directly: syncing
/// again must finish the join, as it does when the file is absent. Returns each state in
/// which it does not, with what the sync said.
fn joins_from(env: &TestEnv, states: &[State<'_>]) -> Vec<String> {
    std::fs::create_dir(env.dir().join(SHARED)).expect("the shared folder");
    env.ok(&["--db", "a.db", "demo"]);
    env.ok(&["--db", "a.db", "sync", SHARED, "--device", "a"]);
    let mut failed = Vec::new();
    for (n, (state, make)) in states.iter().enumerate() {
        let db = format!("d{n}.db");
        make(&env.dir().join(&db));
        let run = sync_run(env, &db);
        if run.code != 0 {
            failed.push(format!("{state}: exit {}: {}", run.code, run.stderr.trim()));
        } else if board(env, &db) != board(env, "a.db") {
            failed.push(format!("{state}: the board differs from a.db's"));
        }
    }
    failed
}

/// A database file and a hot rollback journal beside it, as a process killed in the middle
/// of its first write leaves them before WAL is set: a transaction's pages spilled into the
/// file, their journal not yet removed, copied while the writer holds them.
fn hot_journal(path: &Path) {
    let scratch = path.with_extension("scratch");
    let conn = rusqlite::Connection::open(&scratch).expect("a scratch file");
    conn.execute_batch("PRAGMA cache_size = 1; BEGIN; CREATE TABLE t (x);")
        .expect("a transaction");
    for _ in 0..200 {
        conn.execute("INSERT INTO t VALUES (?1)", ["x".repeat(300)])
            .expect("a row");
    }
    let mut journal = path.as_os_str().to_owned();
    journal.push("-journal");
    let mut scratch_journal = scratch.as_os_str().to_owned();
    scratch_journal.push("-journal");
    std::fs::copy(&scratch, path).expect("the file copied");
    std::fs::copy(&scratch_journal, &journal).expect("its journal copied");
    drop(conn);
}

/// A join killed after SQLite created the database file and before the schema was written
/// leaves a file with no table (0 bytes, or 4096 once WAL is set), one with a hot rollback
/// journal (killed while the first page was written, before WAL was set), or one with
/// refinery's table of versions alone (refinery makes it in a transaction of its own before
/// the first migration). Syncing again must finish the join, as it does when the file is
/// absent; instead `sync` sees that the file exists, opens it as an existing database and
/// refuses it: the first three as empty ("b.db is an empty file, not a chronicle database.
/// Start a campaign in it with `chronicle init`"; the journal is rolled back first), the
/// last as "an SQLite database of another program (its tables: refinery_schema_history)",
/// which every command refuses, `init` included. The device cannot join until the file is
/// removed by hand. `init`, `demo` and `import` accept an empty file; `sync`
/// (src/cli/sync/once.rs, which asks whether the path exists and then opens it with
/// `Access::Write`) does not. Until a command that writes has rolled the hot journal back,
/// every command that reads fails on it with "SQLite error: attempt to write a readonly
/// database. If it persists, run `chronicle check`", and `check` fails the same way.
#[test]
fn a_join_finds_an_empty_file_where_its_database_goes_and_joins() {
    let env = TestEnv::new();
    let failed = joins_from(
        &env,
        &[
            ("an empty file", &|path: &Path| {
                std::fs::write(path, b"").expect("an empty file");
            }),
            ("WAL set, no table", &|path: &Path| {
                rusqlite::Connection::open(path)
                    .and_then(|conn| conn.query_row("PRAGMA journal_mode = WAL", [], |_| Ok(())))
                    .expect("a file with no table");
            }),
        ],
    );
    assert!(
        failed.is_empty(),
        "a join over an empty file cannot be finished:\n{}",
        failed.join("\n")
    );
}

/// Left by an earlier chronicle's join killed early (a join now builds its database beside
/// its place and moves it there whole, and migrations run in one transaction, so neither
/// state comes of a kill any more): a hot rollback journal, and a file holding refinery's
/// table of versions alone, are still refused by `sync` and need removing by hand.
#[test]
#[ignore = "left by earlier versions only: a hot journal, or refinery's table alone, is refused"]
fn a_file_left_by_an_earlier_killed_join_can_sync_again() {
    let env = TestEnv::new();
    let failed = joins_from(
        &env,
        &[
            ("a hot rollback journal", &hot_journal),
            ("the table of versions alone", &|path: &Path| {
                rusqlite::Connection::open(path)
                    .and_then(|conn| {
                        conn.execute_batch(
                            "CREATE TABLE refinery_schema_history (version INT4 PRIMARY KEY, name VARCHAR(255), applied_on VARCHAR(255), checksum VARCHAR(255));",
                        )
                    })
                    .expect("the table of versions");
            }),
        ],
    );
    assert!(
        failed.is_empty(),
        "a join killed early cannot be finished:\n{}",
        failed.join("\n")
    );
}

/// The migration runner (refinery, not grouped) commits each migration in one transaction
/// and the row of `refinery_schema_history` that records it in another, so a process
/// killed between the two leaves the migration applied but not recorded. Every later open
/// applies it again and fails ("The database could not be upgraded: `error applying
/// update`, `duplicate column name: undone_at`"): no command that writes works on the file
/// any more, `upgrade` included. A killed join hit it in
/// `a_sync_killed_at_any_moment_leaves_the_database_and_the_folder_whole` (with
/// `CHRONICLE_SYNC_KILLS=200`: a join killed after about 18 ms); an upgrade of an earlier
/// chronicle's file killed at that moment does the same. (After the first migration the
/// file is called empty instead, no version being recorded, and `init` fails on it with
/// "table campaign already exists".)
///
/// Here the kill is stood for by a trigger that refuses the row of one version: the
/// upgrade of the fixture of schema version 1 fails there, as a killed one stops there.
/// Once the trigger is gone, `upgrade` must finish the work, as after any failed upgrade.
#[test]
fn a_migration_killed_before_it_is_recorded_is_not_applied_again() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema-v1.db");
    let env = TestEnv::new();
    let mut failed = Vec::new();
    for version in 2..=4 {
        let db = format!("v{version}.db");
        let path = env.dir().join(&db);
        std::fs::copy(&fixture, &path).expect("the fixture");
        let conn = rusqlite::Connection::open(&path).expect("the fixture opens");
        conn.execute_batch(&format!(
            "CREATE TRIGGER killed BEFORE INSERT ON refinery_schema_history WHEN NEW.version = {version}
             BEGIN SELECT RAISE(ABORT, 'killed before version {version} is recorded'); END;"
        ))
        .expect("the trigger");
        let stopped = env.run(&["--db", &db, "upgrade"]);
        assert!(
            stopped.code == 3 && stopped.stderr.contains("killed before version"),
            "the upgrade did not stop where the trigger stands: exit {}\n{}",
            stopped.code,
            stopped.stderr
        );
        conn.execute_batch("DROP TRIGGER killed;")
            .expect("the trigger removed");
        drop(conn);
        let upgrade = env.run(&["--db", &db, "upgrade"]);
        if upgrade.code != 0 {
            failed.push(format!(
                "stopped before version {version} was recorded: `upgrade` then exits {}: {}",
                upgrade.code,
                upgrade.stderr.trim()
            ));
            continue;
        }
        let check = env.run(&["--db", &db, "check"]);
        if check.code != 0 {
            failed.push(format!(
                "stopped before version {version} was recorded: `check` after the upgrade exits {}: {}",
                check.code,
                check.stderr.trim()
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "an upgrade stopped between a migration and its record cannot be finished:\n{}",
        failed.join("\n")
    );
}
