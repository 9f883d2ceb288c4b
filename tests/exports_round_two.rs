//! Exports and conventions, round two (first slice): cells a spreadsheet would run are
//! written as text, Markdown escapes what it would read as markup, and an explicit
//! `--color` wins over `NO_COLOR`.

use crate::common::TestEnv;

/// A campaign whose city names are what a spreadsheet or Markdown would take for code.
fn messy() -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-10",
        "--player",
        "Ann=bear:won@Alaska",
        "--player",
        "Bo=khan:held-on@Peru",
        "--player",
        "Cy=saharan:eliminated",
        "--major-city",
        "Egypt==HYPERLINK(\"http://x\")",
        "--minor-city",
        "Bo:Peru=Fish & <Chips>",
    ]);
    env
}

#[test]
fn csv_cells_a_spreadsheet_would_run_are_written_as_text() {
    let env = messy();
    let board = env.ok(&["board", "--format", "csv"]).stdout;
    assert!(board.contains("'=HYPERLINK("), "{board}");
    assert!(!board.contains(",=HYPERLINK("), "{board}");
    // Numbers that start with a sign stay numbers.
    let dir = env.dir().join("csv");
    env.ok(&["export", "--format", "csv", "-o", dir.to_str().unwrap()]);
    let territories = std::fs::read_to_string(dir.join("territories.csv")).unwrap();
    assert!(territories.contains("'=HYPERLINK("), "{territories}");
}

#[test]
fn markdown_escapes_ampersands_and_angle_brackets() {
    let env = messy();
    let file = env.dir().join("report.md");
    env.ok(&["export", "--format", "md", "-o", file.to_str().unwrap()]);
    let report = std::fs::read_to_string(&file).unwrap();
    assert!(report.contains(r"Fish \& \<Chips\>"), "{report}");
    assert!(!report.contains("Fish & <Chips>"), "{report}");
}

#[test]
fn an_explicit_color_wins_over_no_color() {
    let env = messy();
    let always = env
        .test()
        .args(["--color", "always", "board", "--continent", "Atlantis"])
        .env_var("NO_COLOR", "1")
        .status(1)
        .run();
    assert!(always.stderr.contains('\u{1b}'), "{:?}", always.stderr);
    let auto = env
        .test()
        .args(["board", "--continent", "Atlantis"])
        .env_var("NO_COLOR", "1")
        .status(1)
        .run();
    assert!(!auto.stderr.contains('\u{1b}'), "{:?}", auto.stderr);
}
