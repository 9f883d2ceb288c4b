//! Exports and conventions: cells a spreadsheet would run are
//! written as text, Markdown escapes what it would read as markup, an explicit `--color`
//! wins over `NO_COLOR`, and the shell completions and manual pages are made.

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

#[test]
fn completions_for_every_shell_and_manual_pages_for_every_command() {
    let env = TestEnv::new();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = env.ok(&["completions", shell]).stdout;
        assert!(script.contains("chronicle"), "{shell}");
        assert!(
            script.contains("sync"),
            "{shell}: the subcommands are in it"
        );
    }
    env.run_expect(2, &["completions", "tcsh"]);
    let page = env.ok(&["man"]).stdout;
    assert!(
        page.starts_with(".ie") && page.contains(".TH chronicle 1"),
        "{page}"
    );
    let dir = env.dir().join("man");
    env.ok(&["man", "--dir", dir.to_str().unwrap()]);
    for name in [
        "chronicle.1",
        "chronicle-game-log.1",
        "chronicle-sync-resolve.1",
    ] {
        let text =
            std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(text.contains(".SH NAME"), "{name}");
    }
    assert!(!dir.join("chronicle-help.1").exists());
}

#[test]
fn a_format_is_honoured_by_the_commands_that_print_data_and_refused_by_the_others() {
    let env = TestEnv::new();
    let refused = env.run_expect(2, &["--format", "json", "init", "Earth"]);
    assert!(
        refused
            .stderr
            .contains("prints messages, not data, so --format json")
            && refused.stderr.contains("Nothing was written."),
        "{}",
        refused.stderr
    );
    assert!(!env.db_path().exists(), "nothing was made");
    env.init_set_up(&["init", "Earth"]);
    for command in [
        &["rule", "set", "adjacent-hq", "off", "--reason", "x"][..],
        &["power", "bear", "b"],
        &["undo", "--yes"],
        &["completions", "bash"],
    ] {
        let mut args = vec!["--format", "csv"];
        args.extend(command);
        env.run_expect(2, &args);
    }
    for command in [
        &["rule", "list"][..],
        &["power"],
        &["alias", "list"],
        &["board"],
    ] {
        let mut args = vec!["--format", "json"];
        args.extend(command);
        env.json(&args);
    }
    // svg and html are export's alone, and say so.
    let svg = env.run_expect(2, &["--format", "svg", "board"]);
    assert!(
        svg.stderr.contains("formats of `chronicle export`"),
        "{}",
        svg.stderr
    );
}

#[test]
fn an_import_leaves_the_current_campaign_unless_asked() {
    let env = messy();
    let file = env.dir().join("earth.json");
    env.ok(&["export", "--format", "json", "-o", file.to_str().unwrap()]);
    env.init_set_up(&["init", "Home"]);
    env.ok(&["campaign", "use", "Home"]);
    let imported = env.ok(&["import", file.to_str().unwrap(), "--as", "Friends"]);
    assert!(
        imported
            .stderr
            .contains("The current campaign is still \"Home\"")
            && imported.stderr.contains("campaign use \"Friends\""),
        "{}",
        imported.stderr
    );
    assert_eq!(env.json(&["board", "--format", "json"])["campaign"], "Home");
    let used = env.ok(&["import", file.to_str().unwrap(), "--as", "Mine", "--use"]);
    assert!(
        used.stderr.contains("\"Mine\" is the current campaign now"),
        "{}",
        used.stderr
    );
    assert_eq!(env.json(&["board", "--format", "json"])["campaign"], "Mine");
}
