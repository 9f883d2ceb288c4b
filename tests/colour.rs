//! Colour is decided once, for chronicle's own messages and tables and for clap's help and
//! usage errors alike: `--color always|never`, else `NO_COLOR`, `CLICOLOR_FORCE`,
//! `CLICOLOR=0`, `TERM=dumb`, in that order, else whether the stream is a terminal. The
//! tests run in pipes, where `auto` means no colour, and on a pseudo-terminal.

use std::time::Duration;

use expectrl::{Eof, Expect, Session};

use crate::common::{Run, TestEnv};

const ESC: char = '\u{1b}';

/// `chronicle ARGS…` in a pipe, with the colour variables given (and no other), whatever
/// its exit code.
fn piped(env: &TestEnv, args: &[&str], vars: &[(&str, &str)]) -> Run {
    let mut command = env.process(args);
    command
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR")
        .env_remove("CLICOLOR_FORCE")
        .env("TERM", "xterm-256color")
        .stdin(std::process::Stdio::null());
    for (key, value) in vars {
        command.env(key, value);
    }
    let output = command.output().expect("chronicle runs");
    let run = Run::from_output(args.join(" "), output);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    run
}

/// Everything `chronicle ARGS…` wrote to a pseudo-terminal, with the colour variables given.
fn on_a_terminal(env: &TestEnv, args: &[&str], vars: &[(&str, &str)]) -> String {
    let mut command = env.process(args);
    command
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR")
        .env_remove("CLICOLOR_FORCE")
        .env("TERM", "xterm-256color");
    for (key, value) in vars {
        command.env(key, value);
    }
    let mut session = Session::spawn(command).expect("chronicle starts in a pseudo-terminal");
    session.set_expect_timeout(Some(Duration::from_secs(30)));
    let all = session.expect(Eof).expect("chronicle ends");
    String::from_utf8_lossy(all.as_bytes()).to_string()
}

#[test]
fn color_never_leaves_clap_help_and_errors_plain_on_a_terminal() {
    let env = TestEnv::new();
    let help = on_a_terminal(&env, &["--color", "never", "board", "--help"], &[]);
    assert!(help.contains("Usage:"), "{help}");
    assert!(!help.contains(ESC), "{help:?}");
    let error = on_a_terminal(&env, &["--color", "never", "board", "--bogus"], &[]);
    assert!(error.contains("unexpected argument"), "{error}");
    assert!(!error.contains(ESC), "{error:?}");
    // Left to itself on a terminal, help is in colour.
    let coloured = on_a_terminal(&env, &["board", "--help"], &[]);
    assert!(coloured.contains(ESC), "{coloured:?}");
}

#[test]
fn clicolor_zero_and_a_dumb_terminal_switch_colour_off_for_every_message() {
    let env = TestEnv::new();
    for vars in [[("CLICOLOR", "0")], [("TERM", "dumb")]] {
        let help = on_a_terminal(&env, &["board", "--help"], &vars);
        assert!(!help.contains(ESC), "{vars:?}: {help:?}");
        let own = on_a_terminal(&env, &["board", "--continent", "Atlantis"], &vars);
        assert!(own.contains("error:"), "{own}");
        assert!(!own.contains(ESC), "{vars:?}: {own:?}");
    }
}

#[test]
fn color_always_colours_clap_and_chronicle_alike_in_a_pipe() {
    let env = TestEnv::demo();
    let usage = piped(&env, &["--color", "always", "board", "--bogus"], &[]);
    assert_eq!(usage.code, 2);
    assert!(usage.stderr.contains(ESC), "{:?}", usage.stderr);
    let help = piped(&env, &["--color", "always", "board", "--help"], &[]);
    assert!(help.stdout.contains(ESC), "{:?}", help.stdout);
    let own = piped(
        &env,
        &["--color", "always", "board", "--continent", "X"],
        &[],
    );
    assert!(own.stderr.contains(&format!("{ESC}[")), "{:?}", own.stderr);
    let tables = piped(&env, &["--color", "always", "stats"], &[]);
    assert!(tables.stdout.contains(ESC), "titles in bold");
}

#[test]
fn clicolor_force_reaches_chronicle_and_no_color_beats_it() {
    let env = TestEnv::demo();
    let forced = [("CLICOLOR_FORCE", "1")];
    let own = piped(&env, &["board", "--continent", "X"], &forced);
    assert!(own.stderr.contains(ESC), "{:?}", own.stderr);
    let usage = piped(&env, &["board", "--bogus"], &forced);
    assert!(usage.stderr.contains(ESC), "{:?}", usage.stderr);

    let both = [("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")];
    for args in [
        &["board", "--continent", "X"][..],
        &["board", "--bogus"][..],
    ] {
        let run = piped(&env, args, &both);
        assert!(!run.stderr.contains(ESC), "{args:?}: {:?}", run.stderr);
    }
    let help = piped(&env, &["board", "--help"], &both);
    assert!(!help.stdout.contains(ESC), "{:?}", help.stdout);
    // --color never beats CLICOLOR_FORCE for clap's help too.
    let never = piped(&env, &["--color", "never", "board", "--help"], &forced);
    assert!(!never.stdout.contains(ESC), "{:?}", never.stdout);
}

#[test]
fn the_help_says_the_order_the_binary_follows() {
    let env = TestEnv::new();
    let help = env.ok(&["--help"]).stdout;
    assert!(
        help.contains("NO_COLOR              no colour, unless --color always asks for it"),
        "{help}"
    );
    assert!(!help.contains("whatever --color says"), "{help}");
    for name in ["CLICOLOR_FORCE", "CLICOLOR ", "TERM "] {
        assert!(help.contains(name), "{name}: {help}");
    }
}

/// Styles are anstyle's, written through anstream: no escape is written by hand.
#[test]
fn no_raw_escape_is_written_in_the_source() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    let mut folders = vec![src];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("src/ is readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                // The unit tests at a file's end feed escapes in on purpose.
                let code = text
                    .find("#[cfg(test)]\nmod tests")
                    .map_or(text.as_str(), |at| &text[..at]);
                for (n, line) in code.lines().enumerate() {
                    if line.contains("\\x1b[") || line.contains("\\u{1b}[") {
                        found.push(format!("{}:{}: {line}", path.display(), n + 1));
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "raw escapes:\n{}", found.join("\n"));
}
