//! What chronicle reads from its environment is bounded: `CHRONICLE_BUSY_MS` 0 to 600000,
//! `CHRONICLE_NOW` a date or an RFC 3339 time; a value outside that, or one that is not
//! text, is a usage error (exit 2) naming the variable and what it takes, never a panic or a
//! backtrace (even with `RUST_BACKTRACE=1`), never a silent default; an empty value means
//! unset. Arguments that are not text are usage errors too. (`COLUMNS`, a hint rather than
//! an order, is set aside with a warning instead: see `terminal_width.rs`.)

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::common::{Run, TestEnv};

/// A legal game 17 of the demo, played today.
const GAME: [&str; 8] = [
    "game",
    "log",
    "--player",
    "Ann=bear:won",
    "--player",
    "Bo=khan:held-on",
    "--player",
    "Chidi=saharan:held-on",
];

/// Runs `chronicle ARGS…` with `key` set to `value` (and backtraces asked for).
fn with_var(env: &TestEnv, key: &str, value: &OsStr, args: &[&str]) -> Run {
    let output = env
        .process(args)
        .env(key, value)
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::null())
        .output()
        .expect("chronicle runs");
    Run {
        code: output.status.code().expect("an exit code, not a signal"),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Each value of `key` is refused with exit 2, by a read and by a write (which writes
/// nothing), with a message holding `says`.
fn refused(key: &str, values: &[&str], says: &[&str]) {
    let env = TestEnv::demo();
    let before = env.dump();
    for value in values {
        for args in [&["board"][..], &GAME[..]] {
            let run = with_var(&env, key, OsStr::new(value), args);
            let what = format!("{key}={value:?} chronicle {}", args.join(" "));
            assert_eq!(run.code, 2, "{what}: {}", run.stderr);
            assert!(run.stderr.contains(key), "{what}: {}", run.stderr);
            for part in says {
                assert!(run.stderr.contains(part), "{what}: {}", run.stderr);
            }
            for bad in ["panicked", "backtrace", "RUST_BACKTRACE"] {
                assert!(!run.stderr.contains(bad), "{what}: {}", run.stderr);
            }
            assert!(run.stdout.is_empty(), "{what}: {}", run.stdout);
        }
    }
    assert_eq!(env.dump(), before, "a refused write changed the database");
}

/// Each value of `key` is taken: `args` succeeds.
fn taken(key: &str, values: &[&str], args: &[&str]) {
    let env = TestEnv::demo();
    for value in values {
        let run = with_var(&env, key, OsStr::new(value), args);
        assert_eq!(run.code, 0, "{key}={value:?}: {}", run.stderr);
    }
}

#[test]
fn a_busy_timeout_out_of_range_or_not_a_whole_number_is_a_usage_error() {
    refused(
        "CHRONICLE_BUSY_MS",
        &[
            "3000000000",
            "-1",
            "abc",
            "1e3",
            "600001",
            "18446744073709551616",
            "5s",
            "1.5",
        ],
        &["from 0 to 600000", "or unset it"],
    );
}

#[test]
fn a_busy_timeout_in_range_or_empty_is_taken() {
    taken(
        "CHRONICLE_BUSY_MS",
        &["", "   ", "0", "1", "600000", " 200 "],
        &["board"],
    );
}

/// 0 means no wait at all, while an empty value means unset (the 5 s default), not 0: a
/// writer held up for a moment gives up at once with 0 and goes through with "".
#[test]
fn a_busy_timeout_of_zero_gives_up_at_once_and_an_empty_one_waits_the_default() {
    let env = TestEnv::demo();
    let holder = env.connect();
    holder
        .execute_batch("BEGIN IMMEDIATE")
        .expect("hold the write lock");
    let started = Instant::now();
    let run = with_var(&env, "CHRONICLE_BUSY_MS", OsStr::new("0"), &GAME);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stderr.contains("busy"), "{}", run.stderr);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "a zero timeout waited {:?}",
        started.elapsed()
    );

    let waiting = env
        .process(&GAME)
        .env("CHRONICLE_BUSY_MS", "")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    // Long enough for the writer to have started waiting, even on a busy machine.
    std::thread::sleep(Duration::from_secs(1));
    holder.execute_batch("ROLLBACK").expect("release the lock");
    let output = waiting.wait_with_output().expect("wait");
    assert_eq!(
        output.status.code(),
        Some(0),
        "an empty CHRONICLE_BUSY_MS did not wait: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(env.json(&["board", "--format", "json"])["games_played"], 17);
}

#[test]
fn a_fixed_clock_that_is_no_date_or_time_is_a_usage_error() {
    refused(
        "CHRONICLE_NOW",
        &[
            "2026-13-01",
            "tomorrow",
            "2026-11-29T25:00:00Z",
            "29/11/2026",
            "2026-02-30",
        ],
        &["give a date (2026-11-29) or a time (2026-11-29T20:00:00Z)"],
    );
    taken(
        "CHRONICLE_NOW",
        &[
            "2026-11-29",
            "2026-11-29T20:00:00Z",
            "2026-11-29T20:00:00+01:00",
        ],
        &["board"],
    );
}

#[test]
fn variables_holding_bytes_that_are_not_text_are_usage_errors() {
    let env = TestEnv::demo();
    let before = env.dump();
    let bad = OsStr::from_bytes(b"\xff\xfe5000");
    // COLUMNS is a hint, not an order: one that is no width is set aside with a warning
    // (see terminal_width.rs).
    for key in ["CHRONICLE_BUSY_MS", "CHRONICLE_NOW", "CHRONICLE_CAMPAIGN"] {
        for args in [&["board"][..], &GAME[..]] {
            let run = with_var(&env, key, bad, args);
            assert_eq!(run.code, 2, "{key}: {}", run.stderr);
            assert!(
                run.stderr
                    .contains(&format!("{key} holds bytes that are not text")),
                "{key}: {}",
                run.stderr
            );
            assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        }
    }
    assert_eq!(env.dump(), before);
}

#[test]
fn arguments_that_are_not_text_are_usage_errors() {
    let env = TestEnv::demo();
    let before = env.dump();
    let cases: [&[&[u8]]; 6] = [
        &[b"board", b"--continent", b"Afri\xffca"],
        &[b"--campaign", b"\xff", b"board"],
        &[
            b"game",
            b"log",
            b"--player",
            b"Ann\xff=bear:won",
            b"--player",
            b"Bo=khan:held-on",
            b"--player",
            b"Chidi=saharan:held-on",
        ],
        &[
            b"game",
            b"log",
            b"--note",
            b"\xfe",
            b"--player",
            b"Ann=bear:won",
            b"--player",
            b"Bo=khan:held-on",
            b"--player",
            b"Chidi=saharan:held-on",
        ],
        &[b"pool", b"set", b"major_city", b"6", b"--reason", b"\xc3("],
        &[b"scar-type", b"add", b"La\xffva"],
    ];
    for args in cases {
        let mut command = env.process(&[]);
        command
            .args(args.iter().map(|a| OsStr::from_bytes(a)))
            .env("RUST_BACKTRACE", "1")
            .stdin(Stdio::null());
        let output = command.output().expect("chronicle runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("invalid UTF-8"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    assert_eq!(env.dump(), before);
}

/// The names of the variables chronicle reads: those `--help` lists under "Environment:",
/// and any the source reads with `env::var("…")`.
fn variables_read(env: &TestEnv) -> std::collections::BTreeSet<String> {
    let help = env.ok(&["--help"]).stdout;
    let listed = help
        .split("Environment:\n")
        .nth(1)
        .expect("--help lists the environment");
    let mut names: std::collections::BTreeSet<String> = listed
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.strip_prefix("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|word| word.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
        .map(str::to_string)
        .collect();
    assert!(names.contains("CHRONICLE_NOW"), "{listed}");
    let mut stack = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    ))];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                for part in text.split("env::var(\"").skip(1) {
                    names.insert(part.split('"').next().unwrap_or_default().to_string());
                }
            }
        }
    }
    names
}

/// A developer's shell or a CI runner may hold any variable chronicle reads; each command a
/// test runs sets it or clears it, so that what the test sees does not depend on the caller.
#[test]
fn every_variable_chronicle_reads_is_set_or_cleared_for_the_commands_tests_run() {
    let env = TestEnv::new();
    let command = env.process(&[]);
    let handled: Vec<String> = command
        .get_envs()
        .map(|(key, _)| key.to_string_lossy().into_owned())
        .collect();
    for name in variables_read(&env) {
        assert!(
            handled.contains(&name),
            "{name} is read by chronicle but neither set nor cleared by TestEnv::command \
             (add it to common::CLEARED)"
        );
    }
}

/// Tests that start chronicle (a table laid out in its width, the phone's server beside the
/// laptop's commands, colour decided) pass with the caller's clock, width and colour set to
/// what they are not in the tests: this test binary runs them again in such an environment.
#[test]
fn the_tests_hold_whatever_clock_width_and_colour_the_caller_has() {
    let mut tests = vec![
        "recap::the_demo_is_recapped_at_every_stage",
        "colour::clicolor_zero_and_a_dumb_terminal_switch_colour_off_for_every_message",
        "cli::board_after_fifteen_games_shows_what_the_games_did",
    ];
    if cfg!(feature = "serve") {
        tests.push("serve_phone::two_phones_and_the_laptop_log_the_next_three_games_and_agree");
        tests.push("serve_write::who_logged_it_is_shown_and_kept_by_export_and_import");
    }
    let output = std::process::Command::new(std::env::current_exe().expect("this test binary"))
        .args(["--exact", "--test-threads", "2"])
        .args(&tests)
        .env("CHRONICLE_NOW", "2030-01-01T00:00:00Z")
        .env("COLUMNS", "40")
        .env("NO_COLOR", "1")
        .env("CLICOLOR_FORCE", "1")
        .env("TERM", "dumb")
        .env("CHRONICLE_CAMPAIGN", "Nowhere")
        .env("CHRONICLE_BUSY_MS", "1")
        .env("CHRONICLE_PROGRESS_AFTER_MS", "0")
        .env("CHRONICLE_SERVE_KEY", "short")
        .stdin(Stdio::null())
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains(&format!("test result: ok. {} passed", tests.len())),
        "not every test ran:\n{stdout}"
    );
}
