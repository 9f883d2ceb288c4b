//! What `--db` (or `CHRONICLE_DB`) may name: a file's path, never an SQLite URI (`file:…`,
//! which SQLite would read as an in-memory or other database): refused with exit 3 and
//! nothing created, while a real file whose name starts with `file:` is used as `./file:…`.
//! A named pipe, a socket, a device or a folder is refused at once with exit 3 (never a hang
//! on the pipe) by reads and writes alike.

use std::path::Path;
use std::time::Duration;

use crate::common::{Run, TestEnv};
use crate::special_files::{device, fifo, kind, listing, output_within, socket};

fn run_within(env: &TestEnv, args: &[&str]) -> Run {
    let output = output_within(env.process(args), Duration::from_secs(20));
    Run::from_output(args.join(" "), output)
}

fn demo_file(env: &TestEnv) -> String {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("exports/demo.snap.json");
    let copy = env.dir().join("demo.json");
    std::fs::copy(demo, &copy).expect("the demo's file");
    copy.to_str().expect("UTF-8").to_string()
}

#[test]
fn sqlite_uris_are_refused_and_nothing_is_created() {
    let env = TestEnv::new();
    let demo = demo_file(&env);
    let before = listing(env.dir());
    let says = "is a path given as an SQLite URI (`file:…`); chronicle takes a file's path";
    let full = format!("file://{}/full.db", env.dir().display());
    for uri in [
        "file:m.db?mode=memory",
        "file:x.db",
        "file:x.db?mode=rwc",
        "file::memory:",
        &full,
    ] {
        for args in [
            &["--db", uri, "init"][..],
            &["--db", uri, "board"],
            &["--db", uri, "check"],
            &["--db", uri, "demo"],
            &["--db", uri, "import", &demo],
            &["--db", uri, "backup", "copy.db"],
            &[
                "--db",
                uri,
                "game",
                "log",
                "--player",
                "Ann=bear:won",
                "--player",
                "Bo=khan:held-on",
                "--player",
                "Chidi=saharan:held-on",
            ],
        ] {
            env.test()
                .args(args)
                .status(3)
                .stderr_has(says)
                .stderr_has("./file:NAME")
                .run();
        }
        env.test()
            .arg("init")
            .env_var("CHRONICLE_DB", uri)
            .status(3)
            .stderr_has(says)
            .run();
    }
    assert_eq!(listing(env.dir()), before, "a URI made a file");
    // A backup's copy named as a URI is refused the same way, and not made.
    let db = env.dir().join("real.db");
    let db = db.to_str().unwrap();
    env.ok(&["--db", db, "init"]);
    let before = listing(env.dir());
    for target in ["file:y.db", "file:y.db?mode=rwc"] {
        env.test()
            .args(["--db", db, "backup", target])
            .status(3)
            .stderr_has(says)
            .run();
    }
    assert_eq!(listing(env.dir()), before, "a backup to a URI made a file");
}

#[test]
fn a_file_whose_name_starts_with_file_colon_is_used_as_a_path() {
    let env = TestEnv::new();
    env.test()
        .args(["--db", "./file:x.db", "init"])
        .stderr_has("Started campaign \"Earth\" in ./file:x.db.")
        .run();
    assert_eq!(kind(&env.dir().join("file:x.db")), "a regular file");
    env.ok(&["--db", "./file:x.db", "board"]);
    env.ok(&["--db", "./file:x.db", "check"]);
    let full = env.dir().join("file:x.db");
    env.ok(&["--db", full.to_str().expect("UTF-8"), "board"]);
}

#[test]
fn a_database_that_is_a_pipe_a_socket_a_device_or_a_folder_is_refused_at_once() {
    let env = TestEnv::new();
    let demo = demo_file(&env);
    let dir = env.dir();
    fifo(&dir.join("pipe.db"));
    socket(&dir.join("socket.db"));
    std::fs::create_dir(dir.join("folder.db")).expect("a folder");
    let mut targets = vec![
        (
            "pipe.db",
            "is not a regular file (a device, a pipe or a socket)",
        ),
        (
            "socket.db",
            "is not a regular file (a device, a pipe or a socket)",
        ),
        ("folder.db", "is a directory, not a database file"),
    ];
    if device(&dir.join("device.db")) {
        targets.push((
            "device.db",
            "is not a regular file (a device, a pipe or a socket)",
        ));
    }
    for (name, says) in targets {
        let path = dir.join(name);
        let what = kind(&path);
        let db = path.to_str().expect("UTF-8");
        for args in [
            &["--db", db, "board"][..],
            &["--db", db, "check"],
            &["--db", db, "init"],
            &["--db", db, "demo"],
            &["--db", db, "import", &demo],
            &["--db", db, "upgrade"],
            &[
                "--db",
                db,
                "pool",
                "set",
                "major_city",
                "6",
                "--reason",
                "x",
            ],
        ] {
            let run = run_within(&env, args);
            assert_eq!(run.code, 3, "{args:?}: {}", run.stderr);
            assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
            assert!(
                run.stderr.contains("Give the path of a file with --db."),
                "{args:?}: {}",
                run.stderr
            );
            assert_eq!(kind(&path), what, "{args:?} replaced {name}");
        }
        // The same through CHRONICLE_DB.
        let env = TestEnv::at(dir, &path);
        let run = run_within(&env, &["board"]);
        assert_eq!(run.code, 3, "{}", run.stderr);
    }
    assert_eq!(listing(&dir.join("folder.db")), Vec::<String>::new());
}
