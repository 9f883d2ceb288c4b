//! Nothing lost, nothing half written: games logged by a process killed at random moments,
//! an earlier chronicle's file upgraded by a process killed at random moments and inside
//! each migration, several processes writing at once, backups taken while others write,
//! damaged files. `CHRONICLE_CRASH_RUNS` sets how many `game log` kills (default 150),
//! `CHRONICLE_UPGRADE_KILLS` how many `upgrade` kills (default 40;
//! `tests/upgrade_kills.sh` runs more).

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{CARDS_TO_DESTROY, TestEnv};

/// `game log` for the next game: a card destroyed up to game 15, nothing after.
fn next_game(env: &TestEnv, number: u64) -> Command {
    let mut args = vec![
        "game",
        "log",
        "--date",
        "2026-11-01",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Cy=saharan:eliminated",
    ];
    if let Some(card) = CARDS_TO_DESTROY.get(number as usize - 1) {
        args.extend(["--destroy-card", card]);
    }
    let mut command = env.process(&args);
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command
}

fn games_stored(env: &TestEnv) -> u64 {
    env.connect()
        .query_row(
            "SELECT COUNT(*) FROM entry WHERE kind = 'game' AND undone_at IS NULL",
            [],
            |row| row.get::<_, i64>(0),
        )
        .map(|n| n as u64)
        .expect("count games")
}

fn quick_check(env: &TestEnv) {
    let result: String = env
        .connect()
        .query_row("PRAGMA quick_check", [], |row| row.get(0))
        .expect("quick_check");
    assert_eq!(result, "ok");
}

/// A tiny deterministic generator, so a failing run can be repeated.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n.max(1)
    }
}

#[test]
fn games_logged_by_killed_processes_are_whole_or_absent_and_acknowledged_ones_stay() {
    let runs: u64 = std::env::var("CHRONICLE_CRASH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(150);
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    // How long an undisturbed `game log` takes here: kills are spread over that time.
    let started = Instant::now();
    assert!(next_game(&env, 1).status().expect("run").success());
    let typical = started.elapsed().as_micros() as u64;
    let mut stored = games_stored(&env);
    let (mut acknowledged, mut lost_before_commit, mut committed_unacknowledged) = (stored, 0, 0);
    let mut random = Lcg(0x5eed);
    for run in 0..runs {
        let mut child: Child = next_game(&env, stored + 1)
            .spawn()
            .expect("spawn chronicle");
        std::thread::sleep(Duration::from_micros(random.below(typical * 3 / 2)));
        let _ = child.kill();
        let status = child.wait().expect("wait");
        let now = games_stored(&env);
        if status.success() {
            acknowledged += 1;
            assert_eq!(
                now,
                stored + 1,
                "run {run}: an acknowledged game is missing"
            );
        } else if now == stored + 1 {
            committed_unacknowledged += 1;
        } else {
            assert_eq!(now, stored, "run {run}: games went from {stored} to {now}");
            lost_before_commit += 1;
        }
        quick_check(&env);
        if run % 25 == 0 {
            env.ok(&["check"]);
        }
        stored = now;
    }
    env.ok(&["check"]);
    assert_eq!(games_stored(&env), stored);
    assert!(stored >= acknowledged);
    eprintln!(
        "{runs} kills (spread over {typical} µs): {acknowledged} games acknowledged, {committed_unacknowledged} stored before the kill but not acknowledged, {lost_before_commit} killed before commit; {stored} games stored, check passes"
    );
}

#[test]
fn processes_logging_at_once_each_store_their_game_once() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    let mut total = 0;
    for _round in 0..6 {
        let children: Vec<Child> = (0..4)
            .map(|_| next_game(&env, 16).spawn().expect("spawn"))
            .collect();
        for child in children {
            let output = child.wait_with_output().expect("wait");
            let stderr = String::from_utf8_lossy(&output.stderr);
            match output.status.code() {
                Some(0) => total += 1,
                Some(1) => assert!(stderr.contains("chooses exactly one reward"), "{stderr}"),
                other => panic!("exit {other:?}: {stderr}"),
            }
        }
    }
    // Games 1–15 need a reward the late starters did not give: those are refused by the
    // rules, cleanly; all the others are stored once each.
    assert_eq!(games_stored(&env), total);
    env.ok(&["check"]);
}

#[test]
fn a_writer_held_up_past_the_busy_timeout_is_refused_with_exit_3() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    let holder = env.connect();
    holder
        .execute_batch("BEGIN IMMEDIATE")
        .expect("hold the write lock");
    let output = next_game(&env, 1)
        .env("CHRONICLE_BUSY_MS", "200")
        .output()
        .expect("run");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("busy"), "{stderr}");
    holder.execute_batch("ROLLBACK").expect("release");
    assert_eq!(games_stored(&env), 0);
    // With the lock released, the same game goes through.
    assert!(next_game(&env, 1).status().expect("run").success());
}

#[test]
fn a_backup_taken_while_another_process_writes_is_consistent() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    let writer = {
        let db = env.db_path().to_path_buf();
        let dir = env.dir().to_path_buf();
        std::thread::spawn(move || {
            for number in 1..=30u64 {
                let env = TestEnv::at(&dir, &db);
                let _ = next_game(&env, number).status();
            }
        })
    };
    let mut copies = 0;
    while !writer.is_finished() {
        let copy = env.dir().join(format!("copy-{copies}.db"));
        env.ok(&["backup", copy.to_str().unwrap()]);
        let copy_env = TestEnv::at(env.dir(), &copy);
        copy_env.ok(&["check"]);
        let board = copy_env.json(&["board", "--format", "json"]);
        let games = board["games_played"].as_u64().unwrap();
        // The winners of games 1 to 15 sign the board; later games sign nothing.
        assert_eq!(
            board["signatures"].as_array().unwrap().len() as u64,
            games.min(15)
        );
        copies += 1;
    }
    writer.join().expect("writer");
    let copy = env.dir().join("final.db");
    env.ok(&["backup", copy.to_str().unwrap()]);
    assert_eq!(
        TestEnv::at(env.dir(), &copy).json(&["board", "--format", "json"]),
        env.json(&["board", "--format", "json"])
    );
    assert!(copies > 0);
}

#[test]
fn a_damaged_file_is_refused_with_exit_3_and_a_way_out() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    assert!(next_game(&env, 1).status().expect("run").success());
    env.ok(&["check"]);
    let mut bytes = std::fs::read(env.db_path()).expect("read");
    for byte in bytes.iter_mut().skip(100).step_by(7).take(4000) {
        *byte = !*byte;
    }
    std::fs::write(env.db_path(), bytes).expect("write");
    for args in [&["board"][..], &["check"][..]] {
        let run = env.test().args(args).status(3).run();
        assert!(
            run.stderr.contains("damaged") || run.stderr.contains("not a chronicle database"),
            "{args:?}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains("backup") || run.stderr.contains("--db"),
            "{args:?}: {}",
            run.stderr
        );
    }
}

#[test]
fn a_log_changed_behind_chronicles_back_is_found_by_check() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    assert!(next_game(&env, 1).status().expect("run").success());
    assert!(next_game(&env, 2).status().expect("run").success());
    // Someone edits game 2 with sqlite3 to destroy the card game 1 destroyed already.
    env.connect()
        .execute("UPDATE change SET territory = 'Alaska' WHERE kind = 'destroy_card' AND territory = 'Peru'", [])
        .expect("edit");
    env.test()
        .arg("check")
        .stdout_has("entry 8 breaks a rule") // six setup entries, game 1, game 2
        .stdout_has("destroyed in game 1")
        .status(3)
        .run();
    env.test()
        .arg("board")
        .stderr_has("damaged")
        .status(3)
        .run();
}

#[test]
fn a_closed_pipe_ends_quietly_and_errors_never_show_a_backtrace() {
    let env = TestEnv::new();
    let db = env.db_path().to_str().unwrap().to_string();
    env.ok(&["--db", &db, "demo"]);
    let mut child = env
        .process(&["history"])
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("wait");
    assert_eq!(output.status.code(), Some(0));
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    env.test()
        .args(["board", "--continent", "Atlantis"])
        .env_var("RUST_BACKTRACE", "1")
        .stderr_lacks("backtrace")
        .stderr_lacks("panicked")
        .status(1)
        .run();
}

/// The files of an earlier chronicle, each upgraded by `upgrade` below.
const EARLIER: [&str; 2] = ["schema-v1.db", "schema-v2.db"];

fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The file `path` with SQLite's suffix `suffix` (`-journal`, `-wal`).
fn beside(path: &std::path::Path, suffix: &str) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

/// What an upgraded file reads as: the demo campaign's board and games.
fn upgraded_reads(env: &TestEnv, db: &str) -> (String, String) {
    let read = |what: &[&str]| {
        let mut args = vec!["--db", db, "--campaign", "Demo"];
        args.extend(what);
        args.extend(["--format", "json"]);
        env.ok(&args).stdout
    };
    (read(&["board"]), read(&["game", "list"]))
}

/// What a kill left, from the files alone (nothing is opened, so nothing is recovered).
fn left_by_kill(path: &std::path::Path, fixture: &[u8]) -> &'static str {
    let journal = std::fs::metadata(beside(path, "-journal")).map_or(0, |m| m.len());
    let bytes = std::fs::read(path).unwrap_or_default();
    if journal > 0 {
        "a hot journal"
    } else if bytes == fixture {
        "the file as it was"
    } else if bytes.get(18) == Some(&2) {
        // The migrations' transaction is in the -wal file, committed or not.
        "WAL set"
    } else {
        "the file changed in rollback mode"
    }
}

/// After a kill: a read says what to do (or reads), the next `upgrade` (after `check`,
/// every third time) finishes the work, and the file then passes `check` and reads as an
/// undisturbed upgrade's. Returns what went wrong, if anything.
fn finishes_the_work(
    env: &TestEnv,
    db: &str,
    expected: &(String, String),
    check_first: bool,
) -> Option<String> {
    let read = env.run(&["--db", db, "--campaign", "Demo", "board"]);
    let read_ok = read.code == 0
        || (read.code == 3
            && read.stderr.contains("chronicle upgrade")
            && !read.stderr.contains("readonly"));
    if !read_ok {
        return Some(format!(
            "`board` exits {}: {}",
            read.code,
            read.stderr.trim()
        ));
    }
    if check_first {
        let check = env.run(&["--db", db, "check"]);
        if check.code != 0 && !check.stderr.contains("chronicle upgrade") {
            return Some(format!(
                "`check` exits {}: {}",
                check.code,
                check.stderr.trim()
            ));
        }
    }
    for args in [["--db", db, "upgrade"], ["--db", db, "check"]] {
        let run = env.run(&args);
        if run.code != 0 {
            return Some(format!(
                "`{}` exits {}: {}",
                args[2],
                run.code,
                run.stderr.trim()
            ));
        }
    }
    if upgraded_reads(env, db) != *expected {
        return Some("the upgraded file reads otherwise than an undisturbed upgrade's".into());
    }
    None
}

#[test]
fn an_upgrade_killed_at_random_moments_is_finished_by_the_next_command() {
    let kills: u64 = std::env::var("CHRONICLE_UPGRADE_KILLS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(40);
    let env = TestEnv::new();
    let mut expected = Vec::new();
    let mut typical = 0;
    for (n, name) in EARLIER.iter().enumerate() {
        let db = format!("reference-{n}.db");
        std::fs::copy(fixture(name), env.dir().join(&db)).expect("the fixture");
        let started = Instant::now();
        env.ok(&["--db", &db, "upgrade"]);
        typical = typical.max(started.elapsed().as_micros() as u64);
        expected.push(upgraded_reads(&env, &db));
    }
    let mut random = Lcg(0x0b5e_55ed);
    let mut states: std::collections::BTreeMap<&str, u64> = std::collections::BTreeMap::new();
    let mut broken = Vec::new();
    for kill in 0..kills {
        let which = (kill as usize) % EARLIER.len();
        let original = std::fs::read(fixture(EARLIER[which])).expect("the fixture");
        let db = format!("killed-{kill}.db");
        let path = env.dir().join(&db);
        std::fs::write(&path, &original).expect("a copy of the fixture");
        let mut child = env
            .process(&["--db", &db, "upgrade"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn chronicle");
        std::thread::sleep(Duration::from_micros(random.below(typical * 6 / 5)));
        let _ = child.kill();
        let finished = child.wait().expect("wait").success();
        let state = if finished {
            "upgraded before the kill"
        } else {
            left_by_kill(&path, &original)
        };
        *states.entry(state).or_default() += 1;
        if let Some(wrong) = finishes_the_work(&env, &db, &expected[which], kill % 3 == 0) {
            broken.push(format!("kill {kill} ({state}): {wrong}"));
        }
    }
    eprintln!(
        "{kills} upgrades killed (spread over {typical} µs): {states:?}; {} broken",
        broken.len()
    );
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// Runs on `conn` the statements of `sql`, at most `limit` of them; how many it ran.
fn run_statements(conn: &rusqlite::Connection, sql: &str, limit: usize) -> usize {
    use rusqlite::fallible_iterator::FallibleIterator as _;
    let mut batch = rusqlite::Batch::new(conn, sql);
    let mut ran = 0;
    while ran < limit {
        let Some(mut statement) = batch.next().expect("a statement") else {
            break;
        };
        statement.raw_execute().expect("the statement runs");
        ran += 1;
    }
    ran
}

/// Runs on `conn` the migrations after `from` up to version `inside`, stopping halfway
/// through the statements of that one: as far as a writer killed inside it got.
fn migrate_into(conn: &rusqlite::Connection, from: i64, inside: i64) {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    let mut files: Vec<(i64, std::path::PathBuf)> = std::fs::read_dir(&folder)
        .expect("the migrations")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?.to_string();
            let version = name.strip_prefix('V')?.split("__").next()?.parse().ok()?;
            Some((version, p))
        })
        .collect();
    files.sort();
    for (version, file) in files {
        if version <= from || version > inside {
            continue;
        }
        let sql = std::fs::read_to_string(&file).expect("a migration");
        let mut limit = usize::MAX;
        if version == inside {
            // Counted by running them all, then undone: each is prepared after the one
            // before it has run.
            conn.execute_batch("SAVEPOINT counting")
                .expect("a savepoint");
            limit = run_statements(conn, &sql, usize::MAX).div_ceil(2);
            conn.execute_batch("ROLLBACK TO counting; RELEASE counting")
                .expect("undone");
        }
        run_statements(conn, &sql, limit);
    }
}

/// Every migration an earlier file needs is killed inside, twice: in WAL mode, as
/// chronicle runs them (the transaction's pages spilled into the `-wal` file, no commit),
/// and in rollback mode, as a file whose journal mode was not switched yet has it (some
/// pages in the file, a hot journal beside it). The files are those the kill leaves: the
/// writer holds its transaction open while they are copied. A read then says to upgrade;
/// `upgrade` finishes the work and the file passes `check`.
#[test]
fn an_upgrade_killed_inside_each_migration_is_finished_by_the_next_command() {
    let env = TestEnv::new();
    let mut broken = Vec::new();
    let mut killed = 0;
    for (n, name) in EARLIER.iter().enumerate() {
        let reference = format!("reference-{n}.db");
        std::fs::copy(fixture(name), env.dir().join(&reference)).expect("the fixture");
        env.ok(&["--db", &reference, "upgrade"]);
        let expected = upgraded_reads(&env, &reference);
        let from = n as i64 + 1;
        let known: i64 = rusqlite::Connection::open(env.dir().join(&reference))
            .expect("the upgraded file")
            .query_row(
                "SELECT MAX(version) FROM refinery_schema_history",
                [],
                |r| r.get(0),
            )
            .expect("the version");
        for inside in from + 1..=known {
            for mode in ["WAL", "DELETE"] {
                let db = format!("inside-{n}-{inside}-{mode}.db");
                let path = env.dir().join(&db);
                let scratch = env.dir().join(format!("scratch-{n}-{inside}-{mode}.db"));
                std::fs::copy(fixture(name), &scratch).expect("the fixture");
                let conn = rusqlite::Connection::open(&scratch).expect("the copy opens");
                conn.execute_batch(&format!(
                    "PRAGMA journal_mode = {mode}; PRAGMA cache_size = 1; PRAGMA foreign_keys = OFF; BEGIN;"
                ))
                .expect("a transaction");
                migrate_into(&conn, from, inside);
                std::fs::copy(&scratch, &path).expect("the file the kill left");
                for suffix in ["-wal", "-journal"] {
                    if beside(&scratch, suffix).exists() {
                        std::fs::copy(beside(&scratch, suffix), beside(&path, suffix))
                            .expect("its journal");
                    }
                }
                drop(conn);
                killed += 1;
                if let Some(wrong) = finishes_the_work(&env, &db, &expected, mode == "DELETE") {
                    broken.push(format!("{name}, inside version {inside}, {mode}: {wrong}"));
                }
            }
        }
    }
    eprintln!(
        "{killed} upgrades killed inside a migration; {} broken",
        broken.len()
    );
    assert!(killed >= 10);
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}
