//! Free text (a game's note, a pool's reason, a scar type's effect, the reason a game was
//! taken back) is checked as it comes in: no control character but a line break or a tab in
//! a note, at most 2000 characters in a note and 500 in the others; a refusal names the
//! field, exits 1 and writes nothing. Text already stored with control characters (by an
//! older chronicle, or by another program behind chronicle's back) is printed escaped by
//! every printer (`\u{1b}`), never raw, and `check` reports it as a warning (exit 0).

use crate::common::TestEnv;

/// `game log` of a legal game 17 of the demo, then `flags`.
fn game_with(flags: &[&str]) -> Vec<String> {
    let mut args = vec![
        "game",
        "log",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:held-on",
    ];
    args.extend(flags);
    args.into_iter().map(String::from).collect()
}

/// The commands that take each field, with `text` as its value.
fn commands_taking(field: &str, text: &str) -> Vec<Vec<String>> {
    let owned = |args: &[&str]| args.iter().map(|a| (*a).to_string()).collect::<Vec<_>>();
    match field {
        "note" => vec![game_with(&["--note", text])],
        "reason" => vec![
            owned(&["pool", "set", "major_city", "6", "--reason", text]),
            owned(&["game", "undo", "--yes", "--reason", text]),
        ],
        "effect" => vec![owned(&["scar-type", "add", "Lava", "--effect", text])],
        _ => unreachable!("{field}"),
    }
}

/// The control characters a command line can carry (a NUL cannot be an argument; it is
/// refused from a file in `entry_checks`), and how chronicle shows each.
const CONTROL: [(char, &str); 6] = [
    ('\u{1b}', "\\u{1b}"),
    ('\u{7}', "\\u{7}"),
    ('\u{7f}', "\\u{7f}"),
    ('\u{9b}', "\\u{9b}"),
    ('\u{85}', "\\u{85}"),
    ('\u{8}', "\\u{8}"),
];

#[test]
fn control_characters_in_free_text_are_refused_naming_the_field() {
    let env = TestEnv::demo();
    for field in ["note", "reason", "effect"] {
        for (c, shown) in CONTROL {
            let text = format!("before{c}]0;TITLE\u{7}after");
            for args in commands_taking(field, &text) {
                let run = env
                    .test()
                    .args(&args)
                    .status(1)
                    .stderr_has(format!("The {field} cannot be used"))
                    .stderr_has(format!("control character {shown}"))
                    .stderr_has("Nothing was written.")
                    .writes_nothing()
                    .run();
                assert!(
                    !run.stderr.contains(c) && !run.stdout.contains(c),
                    "{args:?}: the control character was printed raw"
                );
            }
        }
    }
    // A line break or a tab belongs in a note only.
    for field in ["reason", "effect"] {
        for (c, shown) in [('\n', "\\n"), ('\t', "\\t")] {
            for args in commands_taking(field, &format!("one{c}two")) {
                env.test()
                    .args(&args)
                    .status(1)
                    .stderr_has(format!("The {field} cannot be used"))
                    .stderr_has(format!("control character {shown}"))
                    .writes_nothing()
                    .run();
            }
        }
    }
}

#[test]
fn a_note_keeps_its_line_breaks_and_tabs() {
    let env = TestEnv::demo();
    let note = "Two lines:\nthe second\tafter a tab";
    env.ok(&game_with(&["--note", note])
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>());
    env.test()
        .args(["game", "show", "17"])
        .stdout_has(format!("Note: {note}"))
        .run();
    let shown = env.json(&["game", "show", "17", "--format", "json"]);
    assert_eq!(shown["note"], note);
    let stored: String = env
        .connect()
        .query_row("SELECT note FROM entry WHERE game = 17", [], |r| r.get(0))
        .expect("the note");
    assert_eq!(stored, note);
    env.ok(&["check"]);
}

/// One character over each limit is refused naming the count; at the limit is taken.
/// Characters are counted, not bytes: `é` is two bytes.
#[test]
fn free_text_is_at_most_2000_characters_in_a_note_and_500_in_a_reason_or_effect() {
    for (field, limit) in [("note", 2000), ("reason", 500), ("effect", 500)] {
        let env = TestEnv::demo();
        let over = "é".repeat(limit + 1);
        for args in commands_taking(field, &over) {
            env.test()
                .args(&args)
                .status(1)
                .stderr_has(format!(
                    "The {field} cannot be used: it has {} characters, more than {limit}.",
                    limit + 1
                ))
                .writes_nothing()
                .run();
        }
        let at = "é".repeat(limit);
        for args in commands_taking(field, &at) {
            env.test().args(&args).run();
        }
    }
}

/// A database holding, behind chronicle's back, control characters in each kind of free
/// text and in the campaign's name: ESC, BEL and NUL in the notes (an OSC sequence that
/// would set a terminal's title), the undo reason, the effect, the pool's reason.
fn with_bad_bytes_stored() -> TestEnv {
    let env = TestEnv::demo();
    env.ok(&["scar-type", "add", "Lava", "--effect", "burns"]);
    env.ok(&["pool", "set", "major_city", "6", "--reason", "our box"]);
    env.ok(&["game", "undo", "--yes", "--reason", "Bo was not out"]);
    env.connect()
        .execute_batch(
            "UPDATE entry SET note = 'x' || char(27) || ']0;TITLE' || char(7) || 'nul' || char(0) || 'end'
                 WHERE kind = 'game';
             UPDATE change SET text = 'e' || char(27) || '[2J' WHERE text = 'burns';
             UPDATE entry SET note = 'our' || char(7) || 'box' WHERE kind = 'pool';
             UPDATE entry SET reason = 'Bo' || char(27) || '[5m' WHERE correction = 'take_back';
             UPDATE campaign SET name = 'De' || char(27) || '[31mmo';",
        )
        .expect("bad bytes stored behind chronicle's back");
    env
}

fn assert_clean(what: &str, text: &str) {
    for (byte, name) in [('\u{1b}', "ESC"), ('\u{7}', "BEL"), ('\0', "NUL")] {
        assert!(
            !text.contains(byte),
            "`chronicle {what}` printed a raw {name}:\n{text}"
        );
    }
}

#[test]
fn stored_control_characters_are_printed_escaped_by_every_printer() {
    let env = with_bad_bytes_stored();
    // Each command, and a piece of what it must show escaped.
    let cases: [(&[&str], &str); 12] = [
        (&["game", "show", "3"], "x\\u{1b}]0;TITLE\\u{7}nul\\u{0}end"),
        (&["game", "list"], "De\\u{1b}[31mmo"),
        (&["history"], "(our\\u{7}box)"),
        // Escaped text is measured as it is shown, so the wrapped column keeps to the width.
        (&["history"], "Bo\\u{1b}[5m)"),
        (&["history"], "e\\u{1b}[2J"),
        (&["scar-type", "list"], "e\\u{1b}[2J"),
        (&["campaign", "list"], "De\\u{1b}[31mmo"),
        (&["board"], "De\\u{1b}[31mmo"),
        (
            &["export", "--format", "md"],
            "x\\\\u{1b}\\]0;TITLE\\\\u{7}nul\\\\u{0}end",
        ),
        (
            &["export", "--format", "csv", "--table", "games"],
            "x\\u{1b}]0;TITLE\\u{7}nul\\u{0}end",
        ),
        (
            &["export", "--format", "csv", "--table", "history"],
            "e\\u{1b}[2J",
        ),
        // The page keeps the text around a control character, never the character.
        (&["export", "--format", "html"], "TITLE"),
    ];
    for (args, shown) in cases {
        let run = env.test().args(args).run();
        assert_clean(&args.join(" "), &run.stdout);
        assert_clean(&args.join(" "), &run.stderr);
        assert!(
            run.stdout.contains(shown),
            "`chronicle {}` does not show {shown:?}:\n{}",
            args.join(" "),
            run.stdout
        );
    }
    // The JSON export keeps the text as it is, in JSON's own escapes, for a lossless file.
    let export = env.test().args(["export"]).run();
    assert_clean("export", &export.stdout);
    assert!(
        export.stdout.contains("De\\u001b[31mmo"),
        "{}",
        export.stdout
    );
}

#[test]
fn stored_control_characters_never_reach_the_terminal_from_game_log_or_undo() {
    let env = with_bad_bytes_stored();
    // A message that lists the campaigns there.
    let run = env
        .test()
        .args(["--campaign", "Nope"])
        .args(game_with(&[]))
        .status(1)
        .stderr_has("Campaigns here: De\\u{1b}[31mmo.")
        .writes_nothing()
        .run();
    assert_clean("game log", &run.stderr);
    let run = env.test().args(game_with(&["--note", "fine"])).run();
    assert_clean("game log", &run.stderr);
    assert_clean("game log", &run.stdout);
    // `game undo` tells which game it takes back, in which campaign.
    let run = env
        .test()
        .args(["game", "undo", "--yes"])
        .stderr_has("of De\\u{1b}[31mmo")
        .run();
    assert_clean("game undo", &run.stderr);
    let run = env
        .test()
        .args(["game", "undo", "--yes"])
        .stderr_has("of De\\u{1b}[31mmo")
        .run();
    assert_clean("game undo", &run.stderr);
}

#[test]
fn check_reports_stored_control_characters_as_warnings_and_passes() {
    let env = with_bad_bytes_stored();
    let run = env
        .test()
        .arg("check")
        .stdout_has("Warning (the campaign still reads)")
        .stdout_has("entry 7: The note cannot be used: it holds the control character \\u{1b}")
        .stdout_has("entry 25: The reason cannot be used")
        .stdout_has("entry 23: The effect cannot be used")
        .stdout_has("entry 24: The reason cannot be used: it holds the control character \\u{7}")
        .run();
    assert_clean("check", &run.stdout);
    let report = env.json(&["check", "--format", "json"]);
    assert_eq!(report["ok"], true, "{report:#}");
    assert_eq!(report["problems"].as_array().map(Vec::len), Some(0));
    // Each of the 15 games standing, the one taken back, the scar type, the pool and the
    // record that took the game back (its reason).
    assert_eq!(report["warnings"].as_array().map(Vec::len), Some(19));
}
