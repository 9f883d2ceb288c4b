//! Messages that say what happened: an undo blocked by a later entry names that entry and
//! is refused as such (exit 1, the database as it was), not called damage; an error message
//! over 600 characters is cut to its first 500 with "… (N more characters; run again with
//! --verbose to see them all)", and `--verbose` prints it whole.

use rusqlite::Connection;

use crate::common::TestEnv;

/// The demo (16 games), then a packet opened after game 16: taking game 16 back would leave
/// that entry opened "after game 16" with no game 16.
#[test]
fn an_undo_blocked_by_a_later_entry_is_refused_naming_it_not_called_damage() {
    let env = TestEnv::demo();
    env.test()
        .args(["packets", "open", "three missiles"])
        .stderr_has("Opened the Three missiles packet after game 16.")
        .run();
    let before = env.db_bytes();
    for args in [
        &["game", "undo", "--yes"][..],
        &["game", "undo", "--yes", "--reason", "Bo was not out"],
    ] {
        env.test()
            .args(args)
            .status(1)
            .stderr_has(
                "Game 16 cannot be taken back: \"opened the Three missiles packet after game 16\", recorded after it, needs it",
            )
            .stderr_has("`chronicle undo` takes back the latest entry of any kind")
            .stderr_has("not after game 16")
            .stderr_has("Nothing was written.")
            .stderr_lacks("damaged")
            .stderr_lacks("Restore a backup")
            .writes_nothing()
            .run();
    }
    assert_eq!(env.db_bytes(), before);
    env.ok(&["check"]);
    assert_eq!(env.json(&["board", "--format", "json"])["games_played"], 16);
    // The way out the hint names works: the packet first, then the game.
    env.test()
        .args(["undo", "--yes"])
        .stderr_has("Taken back: the entry that opened the Three missiles packet after game 16")
        .run();
    env.ok(&["game", "undo", "--yes"]);
    assert_eq!(env.json(&["board", "--format", "json"])["games_played"], 15);
}

/// The test's database made anew as another program's, holding `tables`: the message
/// refusing it lists them.
fn other_programs(env: &TestEnv, tables: &[String]) {
    let _ = std::fs::remove_file(env.db_path());
    let conn = Connection::open(env.db_path()).expect("a database");
    for table in tables {
        conn.execute_batch(&format!("CREATE TABLE \"{table}\"(x)"))
            .expect("a table");
    }
}

/// The message on stderr's first line, after "error: ".
fn message(stderr: &str) -> &str {
    stderr
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("error: "))
        .unwrap_or_else(|| panic!("no error line: {stderr}"))
}

fn cut_note(more: usize) -> String {
    format!("… ({more} more characters; run again with --verbose to see them all)")
}

#[test]
fn a_long_message_is_cut_and_verbose_prints_it_whole() {
    let env = TestEnv::new();
    let tables: Vec<String> = (1..=200).map(|n| format!("t{n}")).collect();
    other_programs(&env, &tables);
    let whole = env.run_expect(3, &["board", "--verbose"]).stderr;
    let whole = message(&whole).to_string();
    let count = whole.chars().count();
    assert!(count > 600, "{count}");
    assert!(whole.contains("t200"), "{whole}");
    assert!(
        whole.ends_with("Give the path of your chronicle database with --db."),
        "{whole}"
    );
    for args in [&["board"][..], &["init"], &["check"]] {
        let run = env.run_expect(3, args);
        let cut = message(&run.stderr);
        let head: String = whole.chars().take(500).collect();
        assert_eq!(cut, format!("{head}{}", cut_note(count - 500)), "{args:?}");
        let mut verbose = args.to_vec();
        verbose.push("--verbose");
        let run = env.run_expect(3, &verbose);
        assert_eq!(message(&run.stderr), whole, "{verbose:?}");
    }
    // A write says after the message, cut or not, that nothing was written.
    let run = env.run_expect(3, &["init"]);
    assert_eq!(run.stderr.lines().nth(1), Some("Nothing was written."));
}

/// 600 characters are printed whole, 601 are cut.
#[test]
fn a_message_is_cut_only_past_600_characters() {
    let env = TestEnv::new();
    other_programs(&env, &["a".to_string()]);
    let base = message(&env.run_expect(3, &["board"]).stderr)
        .chars()
        .count();
    for length in [600, 601] {
        let table = "a".repeat(1 + length - base);
        other_programs(&env, &[table]);
        let run = env.run_expect(3, &["board"]);
        let said = message(&run.stderr);
        if length == 600 {
            assert_eq!(said.chars().count(), 600, "{said}");
            assert!(!said.contains("more characters"), "{said}");
        } else {
            assert!(said.ends_with(&cut_note(101)), "{said}");
        }
    }
}

/// Characters are counted and cut whole, whatever their bytes.
#[test]
fn a_long_message_of_many_byte_characters_is_cut_between_characters() {
    let env = TestEnv::new();
    other_programs(&env, &["ж".repeat(1000)]);
    let whole = env.run_expect(3, &["board", "--verbose"]).stderr;
    let count = message(&whole).chars().count();
    let run = env.run_expect(3, &["board"]);
    let cut = message(&run.stderr);
    assert!(cut.ends_with(&cut_note(count - 500)), "{cut}");
    assert_eq!(
        cut.chars().count(),
        500 + cut_note(count - 500).chars().count()
    );
}

/// The world capital on Egypt, then Bo starting there: the refusal says "Choose another
/// HQ" once, then the house rule that lets a group allow it.
#[test]
fn the_world_capital_refusal_says_choose_another_hq_once() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    let game = |date: &str, bo: &str, extra: &[&str]| {
        let mut args = vec![
            "game",
            "log",
            "--date",
            date,
            "--player",
            "Ann=bear:won",
            "--player",
            bo,
            "--player",
            "Cy=saharan:held-on",
            "--no-reward",
        ];
        args.extend_from_slice(extra);
        env.run(&args)
    };
    let capital = [
        "--opened",
        "World capital",
        "--world-capital",
        "Egypt=Capitol",
    ];
    assert_eq!(game("2026-01-03", "Bo=khan:held-on", &capital).code, 0);
    let refused = game("2026-01-10", "Bo=khan:held-on@Egypt", &[]);
    assert_eq!(refused.code, 1, "{}", refused.stderr);
    let said = refused.stderr;
    assert!(said.contains("Egypt is not a legal start for Bo"), "{said}");
    assert_eq!(said.matches("Choose another HQ").count(), 1, "{said}");
    assert!(said.contains("rule set world-capital-hq off"), "{said}");
}

/// `rule set --help` names every house rule a group may switch.
#[test]
fn rule_set_help_names_every_house_rule() {
    use chronicle::domain::vocabulary::house::HouseRule;
    let help = TestEnv::new().ok(&["rule", "set", "--help"]).stdout;
    for rule in HouseRule::ALL {
        assert!(help.contains(rule.key()), "{} missing:\n{help}", rule.key());
    }
}

/// A list of everyone says "and": the players of a game, the leaders in signatures.
#[test]
fn a_refusal_lists_everyone_with_and() {
    use chronicle::domain::Refusal;
    let names = |n: &[&str]| n.iter().map(ToString::to_string).collect::<Vec<_>>();
    let leaders = Refusal::NotTheMostSigned {
        person: "Cy".into(),
        signatures: 2,
        leaders: names(&["Ann", "Bo"]),
        most: 4,
    };
    assert!(
        leaders.to_string().contains("while Ann and Bo have 4"),
        "{leaders}"
    );
}
