//! Progress for long work: an import, a check or a sync that runs longer than a second shows
//! a spinner on stderr with what it is doing, on a terminal only. `CHRONICLE_PROGRESS_AFTER_MS`
//! shortens the second, so that these tests need no slow work.

use std::time::Duration;

use expectrl::{Eof, Expect, Session};

use crate::common::TestEnv;

/// A demo exported to `demo.json` in a new environment with no database yet.
fn exported_demo() -> (TestEnv, String) {
    let demo = TestEnv::demo();
    let file = demo.dir().join("demo.json");
    demo.ok(&["export", "-o", file.to_str().unwrap()]);
    let env = TestEnv::new();
    let copy = env.dir().join("demo.json");
    std::fs::copy(&file, &copy).unwrap();
    (env, copy.to_str().unwrap().to_string())
}

/// Everything chronicle wrote to its pseudo-terminal until it ended.
fn on_a_terminal(env: &TestEnv, args: &[&str], after_ms: &str) -> String {
    let mut command = env.process(args);
    command
        .env("TERM", "xterm-256color")
        .env("CHRONICLE_PROGRESS_AFTER_MS", after_ms);
    let mut session = Session::spawn(command).expect("chronicle starts in a pseudo-terminal");
    session.set_expect_timeout(Some(Duration::from_secs(30)));
    let all = session.expect(Eof).expect("chronicle ends");
    String::from_utf8_lossy(all.as_bytes()).to_string()
}

#[test]
fn a_long_import_shows_what_it_is_doing_on_a_terminal() {
    let (env, file) = exported_demo();
    let shown = on_a_terminal(&env, &["import", &file], "0");
    assert!(shown.contains("Importing 22 entries of"), "{shown}");
    assert!(shown.contains("Imported campaign \"Demo\""), "{shown}");
    let check = on_a_terminal(&env, &["check"], "0");
    assert!(check.contains("Checking the database"), "{check}");
}

#[test]
fn quick_work_and_a_pipe_show_no_progress() {
    let (env, file) = exported_demo();
    let quick = on_a_terminal(&env, &["import", &file, "--as", "Quick"], "60000");
    assert!(!quick.contains("Importing"), "{quick}");
    assert!(quick.contains("Imported campaign \"Quick\""), "{quick}");
    let piped = env
        .test()
        .args(["import", &file, "--as", "Piped"])
        .env_var("CHRONICLE_PROGRESS_AFTER_MS", "0")
        .run();
    assert!(!piped.stderr.contains("Importing"), "{}", piped.stderr);
    assert!(!piped.stderr.contains('\r'), "{:?}", piped.stderr);
}
