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
