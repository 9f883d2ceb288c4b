//! Tables fit the width `COLUMNS` gives, down to 40 columns: wrapped at spaces while words
//! stay whole, else drawn as records (one block per row, each cell after its header). A
//! `COLUMNS` that is no width (0, a word, too many) is set aside, as GNU tools do, with a
//! one-line warning: the terminal's width or 80 is used.

use std::ffi::OsStr;
use std::process::Stdio;

use unicode_width::UnicodeWidthStr;

use crate::common::{Run, TestEnv};

/// Every command that prints tables, on the demo.
const TABLE_COMMANDS: [&[&str]; 18] = [
    &["board"],
    &["board", "--continent", "Africa"],
    &["stats"],
    &["setup"],
    &["game", "list"],
    &["game", "show", "3"],
    &["history"],
    &["history", "--corrections"],
    &["pool"],
    &["packets"],
    &["campaign", "list"],
    &["power"],
    &["coins"],
    &["faction", "list"],
    &["scar-type", "list"],
    &["rule", "list"],
    &["world"],
    &["check"],
];

/// `chronicle ARGS…` with `COLUMNS` set to `columns`.
fn at_width(env: &TestEnv, columns: &OsStr, args: &[&str]) -> Run {
    let output = env
        .process(args)
        .env("COLUMNS", columns)
        .stdin(Stdio::null())
        .output()
        .expect("chronicle runs");
    Run {
        code: output.status.code().expect("an exit code"),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// The display width of the widest line of a table (the lines of prose before the tables
/// are wrapped by the terminal, as any text is).
fn widest(text: &str) -> usize {
    text.lines()
        .filter(|line| line.starts_with(['┌', '│', '├', '└']))
        .map(UnicodeWidthStr::width)
        .max()
        .unwrap_or(0)
}

/// The words of a text, without the tables' borders.
fn words(text: &str) -> std::collections::BTreeSet<String> {
    text.split(|c: char| c.is_whitespace() || "│┌┐└┘├┤┬┴┼─".contains(c))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn every_table_command_fits_forty_columns_with_every_word_whole() {
    let env = TestEnv::demo();
    let mut wrong = Vec::new();
    for args in TABLE_COMMANDS {
        let run = at_width(&env, OsStr::new("40"), args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        assert!(run.stderr.is_empty(), "{args:?}: {}", run.stderr);
        if widest(&run.stdout) > 40 {
            wrong.push(format!(
                "{} is {} wide:\n{}",
                args.join(" "),
                widest(&run.stdout),
                run.stdout
            ));
        }
        // Nothing is cut: every word of the wide tables is there whole.
        let wide = at_width(&env, OsStr::new("1000"), args).stdout;
        let narrow = words(&run.stdout);
        let cut: Vec<String> = words(&wide).difference(&narrow).cloned().collect();
        if !cut.is_empty() {
            wrong.push(format!(
                "{}: words cut: {cut:?}\n{}",
                args.join(" "),
                run.stdout
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_table_too_wide_to_wrap_is_drawn_as_records_that_lose_nothing() {
    let env = TestEnv::demo();
    let wide = at_width(&env, OsStr::new("200"), &["stats"]).stdout;
    let narrow = at_width(&env, OsStr::new("40"), &["stats"]).stdout;
    assert!(wide.contains("│ Player  │ Games │"), "{wide}");
    // Each player is a record: the header, then the value, on one line.
    assert!(narrow.contains("│ Player   │ Ann"), "{narrow}");
    assert!(narrow.contains("│ Win %    │"), "{narrow}");
    let players = wide
        .lines()
        .filter(|line| line.starts_with("│ Ann ") || line.starts_with("│ Bo "))
        .count();
    assert!(players >= 2, "{wide}");
}

#[test]
fn a_width_below_forty_is_drawn_forty_wide() {
    let env = TestEnv::demo();
    for columns in ["1", "10", "39"] {
        let run = at_width(&env, OsStr::new(columns), &["game", "list"]);
        assert_eq!(run.code, 0, "COLUMNS={columns}: {}", run.stderr);
        assert!(run.stderr.is_empty(), "COLUMNS={columns}: {}", run.stderr);
        assert!(widest(&run.stdout) <= 40, "{}", run.stdout);
        assert_eq!(
            run.stdout,
            at_width(&env, OsStr::new("40"), &["game", "list"]).stdout
        );
    }
}

#[test]
fn a_columns_that_is_no_width_is_set_aside_with_a_warning() {
    let env = TestEnv::demo();
    let default = at_width(&env, OsStr::new("80"), &["game", "list"]).stdout;
    for columns in ["0", "abc", "-5", "80.5", "10001", "99999999999999999999"] {
        let run = at_width(&env, OsStr::new(columns), &["game", "list"]);
        assert_eq!(run.code, 0, "COLUMNS={columns}: {}", run.stderr);
        assert_eq!(run.stdout, default, "COLUMNS={columns}: drawn 80 wide");
        assert_eq!(
            run.stderr,
            format!(
                "warning: COLUMNS is \"{columns}\", not a number of columns from 1 to 10000; tables fit 80 columns (the default).\n"
            )
        );
        // Data that is not a table needs no width, and says nothing of it.
        let json = at_width(
            &env,
            OsStr::new(columns),
            &["game", "list", "--format", "json"],
        );
        assert_eq!(json.code, 0);
        assert!(json.stderr.is_empty(), "{}", json.stderr);
    }
    let bytes = at_width(
        &env,
        std::os::unix::ffi::OsStrExt::from_bytes(b"\xff80"),
        &["board"],
    );
    assert_eq!(bytes.code, 0, "{}", bytes.stderr);
    assert!(
        bytes.stderr.starts_with("warning: COLUMNS is "),
        "{}",
        bytes.stderr
    );
    // An empty COLUMNS is unset.
    let empty = at_width(&env, OsStr::new(""), &["game", "list"]);
    assert!(empty.stderr.is_empty(), "{}", empty.stderr);
    assert_eq!(empty.stdout, default);
}
