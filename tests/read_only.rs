//! Read commands never write: a file that is not a database of this chronicle is refused
//! with exit 3 and what it is, and left byte for byte as it was, no `-wal`, `-shm` or
//! `-journal` file made beside it: an empty file, another program's SQLite file (refused by
//! writes too, `init`, `import` and `demo` included), a file an earlier chronicle wrote
//! (reads name `chronicle upgrade`; a write upgrades it and says so). A database in a
//! folder nobody may write to is read as it is, and nothing appears in the folder.

use std::path::Path;

use rusqlite::Connection;

use crate::common::TestEnv;
use crate::special_files::{is_root, listing};

/// Every read command, and the commands that only read the database while writing a file
/// elsewhere (the backup's copy, an export) or nothing (a dry run).
const READS: [&[&str]; 21] = [
    &["board"],
    &["board", "--format", "json"],
    &["game", "list"],
    &["game", "show", "1"],
    &["history"],
    &["stats"],
    &["setup"],
    &["packets"],
    &["export"],
    &["export", "--format", "md", "-o", "report.md"],
    &["check"],
    &["pool"],
    &["campaign", "list"],
    &["scar-type", "list"],
    &["faction", "list"],
    &["world"],
    &["power"],
    &["coins"],
    &["backup", "copy.db"],
    &[
        "game",
        "log",
        "--dry-run",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:held-on",
    ],
    &["--campaign", "Demo", "board"],
];

/// The commands that write into the database (or create one).
const WRITES: [&[&str]; 9] = [
    &["init"],
    &["init", "Earth"],
    &[
        "game",
        "log",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:held-on",
    ],
    &["import", "demo.json"],
    &["upgrade"],
    &["pool", "set", "major_city", "6", "--reason", "our box"],
    &["game", "undo", "--yes"],
    &["campaign", "use", "Demo"],
    &["scar-type", "add", "Lava"],
];

/// Runs each of `commands` on the file at `db`: each must exit 3 saying each of `says`, and
/// leave the file (and its folder) as they were.
fn refused_untouched(env: &TestEnv, commands: &[&[&str]], says: &[&str]) {
    let db = env.db_path();
    let before = std::fs::read(db).expect("the file");
    let folder = listing(env.dir());
    for args in commands {
        let run = env.run_expect(3, args);
        for part in says {
            assert!(
                run.stderr.contains(part),
                "{args:?} does not say {part:?}:\n{}",
                run.stderr
            );
        }
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
        assert_eq!(
            std::fs::read(db).expect("the file"),
            before,
            "{args:?} changed the file"
        );
        assert_eq!(
            listing(env.dir()),
            folder,
            "{args:?} made or removed a file beside it"
        );
    }
}

/// The demo's campaign file, beside the database as `demo.json`.
fn put_demo_file(env: &TestEnv) {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("exports/demo.snap.json");
    std::fs::copy(demo, env.dir().join("demo.json")).expect("the demo's file");
}

#[test]
fn every_read_of_an_empty_file_exits_3_and_leaves_it_empty() {
    let env = TestEnv::new();
    std::fs::write(env.db_path(), b"").expect("an empty file");
    refused_untouched(
        &env,
        &READS,
        &[
            "is an empty file, not a chronicle database",
            "chronicle init",
        ],
    );
    assert_eq!(std::fs::metadata(env.db_path()).expect("the file").len(), 0);
    // Nor does a command that writes into a campaign: only init, import and demo make a
    // database of an empty file.
    let writes: Vec<&[&str]> = WRITES
        .iter()
        .copied()
        .filter(|args| !matches!(args[0], "import" | "init"))
        .collect();
    refused_untouched(
        &env,
        &writes,
        &["is an empty file, not a chronicle database"],
    );
    assert_eq!(std::fs::metadata(env.db_path()).expect("the file").len(), 0);
    // `init` may make a database of it.
    env.init_set_up(&["init"]);
    env.ok(&["board"]);
}

#[test]
fn another_programs_database_is_refused_by_every_command_and_left_byte_for_byte() {
    let env = TestEnv::new();
    put_demo_file(&env);
    {
        let other = Connection::open(env.db_path()).expect("another program's database");
        other
            .execute_batch("CREATE TABLE t(x); INSERT INTO t VALUES (42);")
            .expect("its table");
    }
    let says = [
        "is an SQLite database of another program (its tables: t), not a chronicle database",
        "it was left as it is",
    ];
    refused_untouched(&env, &READS, &says);
    refused_untouched(&env, &WRITES, &says);
    let db = env.db_path().to_str().expect("UTF-8").to_string();
    refused_untouched(&env, &[&["--db", &db, "demo"]], &says);
    let value: i64 = Connection::open(env.db_path())
        .expect("it opens")
        .query_row("SELECT x FROM t", [], |r| r.get(0))
        .expect("its row");
    assert_eq!(value, 42);
}

#[test]
fn a_file_an_earlier_chronicle_wrote_is_refused_by_reads_and_left_as_it_is() {
    for version in [1, 2] {
        let env = TestEnv::new();
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("tests/fixtures/schema-v{version}.db"));
        std::fs::copy(&fixture, env.db_path()).expect("the fixture");
        refused_untouched(
            &env,
            &READS,
            &[
                &format!("was written by an earlier chronicle (schema version {version};"),
                "Run `chronicle upgrade`",
                "reading never changes a file",
            ],
        );
        assert_eq!(
            std::fs::read(env.db_path()).expect("the file"),
            std::fs::read(&fixture).expect("the fixture")
        );
    }
}

/// Any write upgrades the file first, and says so on stderr; the next write has nothing to
/// upgrade.
#[test]
fn a_write_upgrades_a_file_an_earlier_chronicle_wrote_and_says_so() {
    let env = TestEnv::new();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema-v1.db");
    std::fs::copy(&fixture, env.db_path()).expect("the fixture");
    let upgraded = format!(
        "Upgraded {} from schema version 1 to ",
        env.db_path().display()
    );
    env.test()
        .args(["--campaign", "Demo", "pool", "set", "major_city", "6"])
        .args(["--reason", "our box"])
        .stderr_has(&upgraded)
        .stderr_has("(made by an earlier chronicle)")
        .stderr_has("The major_city pool now holds 6")
        .run();
    let run = env
        .test()
        .args(["--campaign", "Demo", "pool", "set", "major_city", "7"])
        .args(["--reason", "a second box"])
        .run();
    assert!(!run.stderr.contains("Upgraded"), "{}", run.stderr);
    env.test()
        .arg("upgrade")
        .stderr_has("already; nothing to do")
        .run();
    env.ok(&["--campaign", "Demo", "board"]);
    env.ok(&["check"]);
}

/// Runs `chronicle ARGS…` (with the test environment) as the user nobody, or says why it
/// cannot.
fn as_nobody(env: &TestEnv, args: &[&str]) -> Result<crate::common::Run, String> {
    let mut command = std::process::Command::new("setpriv");
    command.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"]);
    let inner = env.process(args);
    command.arg(inner.get_program()).args(inner.get_args());
    command.current_dir(env.dir());
    for (key, value) in inner.get_envs() {
        match value {
            Some(value) => command.env(key, value),
            None => command.env_remove(key),
        };
    }
    let output = command
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| format!("setpriv cannot be run ({e})"))?;
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    if stderr.starts_with("setpriv:") {
        return Err(stderr);
    }
    Ok(crate::common::Run {
        code: output.status.code().expect("an exit code"),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr,
    })
}

#[test]
fn reads_from_a_folder_nobody_may_write_to_work_and_leave_no_file() {
    use std::os::unix::fs::PermissionsExt;
    let owner = TestEnv::new();
    let folder = owner.dir().join("shelf");
    std::fs::create_dir(&folder).expect("a folder");
    let db = folder.join("chronicle.db");
    let env = TestEnv::at(owner.dir(), &db);
    env.ok(&["--db", db.to_str().expect("UTF-8"), "demo"]);
    // What the board says, read from a copy (a read beside the file would leave SQLite's
    // shared-memory files there).
    let copy = owner.dir().join("copy.db");
    std::fs::copy(&db, &copy).expect("a copy");
    let expected = TestEnv::at(owner.dir(), &copy).json(&["board", "--format", "json"]);
    assert_eq!(listing(&folder), ["chronicle.db"]);
    let mode = |path: &Path, mode: u32| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
    };
    // Root may write anywhere: as root, the reads run as nobody, who must reach the file.
    if is_root() {
        mode(owner.dir(), 0o755);
        mode(&db, 0o644);
        if let Err(why) = as_nobody(&env, &["--version"]) {
            eprintln!("note: running as root and {why}; the read-only folder case is skipped");
            return;
        }
    }
    let before = listing(&folder);
    mode(&folder, 0o555);
    let mut runs = Vec::new();
    for args in [
        &["board", "--format", "json"][..],
        &["game", "list"],
        &["history"],
        &["stats"],
        &["setup"],
        &["packets"],
        &["export"],
        &["check"],
    ] {
        let run = if is_root() {
            as_nobody(&env, args).expect("run as nobody")
        } else {
            env.run(args)
        };
        runs.push((args, run));
    }
    let after = listing(&folder);
    mode(&folder, 0o755);
    for (args, run) in &runs {
        assert_eq!(
            run.code, 0,
            "{args:?} in a read-only folder: {}",
            run.stderr
        );
    }
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&runs[0].1.stdout).expect("JSON"),
        expected
    );
    assert_eq!(after, before, "a read made a file in the read-only folder");
}

/// The file `path` with SQLite's suffix `suffix` (`-journal`, `-wal`).
fn beside(path: &Path, suffix: &str) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

/// Leaves at `path` what a process killed in the middle of a write in rollback-journal
/// mode leaves: some of the transaction's pages already in the file, and the hot journal
/// that can undo them. Made by a writer holding the transaction open (its cache too small
/// to keep the pages), whose file and journal are copied as they are at that moment.
fn killed_mid_write(path: &Path) {
    let scratch = path.with_extension("scratch");
    std::fs::copy(path, &scratch).expect("a copy to write in");
    let conn = Connection::open(&scratch).expect("the copy opens");
    conn.execute_batch("PRAGMA journal_mode = DELETE; PRAGMA cache_size = 1; BEGIN;")
        .expect("a transaction");
    conn.execute_batch("CREATE TABLE half_written (x);")
        .expect("a table");
    for _ in 0..200 {
        conn.execute("INSERT INTO half_written VALUES (?1)", ["x".repeat(300)])
            .expect("a row");
    }
    std::fs::copy(&scratch, path).expect("the file as the kill left it");
    std::fs::copy(beside(&scratch, "-journal"), beside(path, "-journal")).expect("its hot journal");
    drop(conn);
}

#[test]
fn after_a_killed_upgrade_a_read_says_the_file_needs_recovery_and_check_recovers_it() {
    let env = TestEnv::new();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema-v1.db");
    std::fs::copy(&fixture, env.db_path()).expect("the fixture");
    killed_mid_write(env.db_path());
    for args in [&["board"][..], &["game", "list"], &["history"]] {
        let run = env.run_expect(3, args);
        assert!(
            run.stderr.contains("needs recovery") && run.stderr.contains("chronicle upgrade"),
            "{args:?}: {}",
            run.stderr
        );
        assert!(!run.stderr.contains("readonly"), "{args:?}: {}", run.stderr);
        assert!(
            beside(env.db_path(), "-journal").exists(),
            "a read recovered it"
        );
    }
    // `check` rolls the journal back, then says what it says of any earlier chronicle's file.
    let check = env.run_expect(3, &["check"]);
    assert!(
        check.stderr.contains("written by an earlier chronicle"),
        "{}",
        check.stderr
    );
    assert!(!beside(env.db_path(), "-journal").exists());
    assert_eq!(
        std::fs::read(env.db_path()).expect("the file"),
        std::fs::read(&fixture).expect("the fixture"),
        "the half-written transaction is not rolled back"
    );
    env.ok(&["upgrade"]);
    env.ok(&["check"]);
}

#[test]
fn check_recovers_a_hot_journal_on_a_database_of_this_chronicle() {
    let env = TestEnv::demo();
    let board = env.ok(&["board", "--format", "json"]).stdout;
    killed_mid_write(env.db_path());
    let run = env.run_expect(3, &["board"]);
    assert!(run.stderr.contains("needs recovery"), "{}", run.stderr);
    env.ok(&["check"]);
    assert!(!beside(env.db_path(), "-journal").exists());
    assert_eq!(env.ok(&["board", "--format", "json"]).stdout, board);
}
