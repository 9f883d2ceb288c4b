//! A name that shows nothing is no name: one made only of invisible and formatting
//! characters (a zero-width space, a byte-order mark, the braille blank, a Hangul filler, a
//! combining mark with nothing to sit on) is refused as an empty one is, in every field
//! that takes a name; a control of the direction of text (a right-to-left override) is
//! refused anywhere in a name, since it makes one name look like another. A name with such
//! a character beside visible ones (an emoji joined by a zero-width joiner, an accent on
//! its letter) is taken. Direction controls that reach a terminal from another device's
//! file are shown escaped, never raw.

use chronicle::domain::vocabulary::names::CampaignName;
use chronicle::domain::{NameProblem, Refusal};

use crate::common::TestEnv;

/// Names that show nothing, each with what it is made of.
const INVISIBLE: [(&str, &str); 10] = [
    ("\u{200b}", "a zero-width space"),
    ("\u{feff}", "a byte-order mark"),
    ("\u{2800}", "the braille blank"),
    ("\u{3164}", "the Hangul filler"),
    ("\u{115f}", "the Hangul choseong filler"),
    ("\u{1160}", "the Hangul jungseong filler"),
    ("\u{ffa0}", "the halfwidth Hangul filler"),
    ("\u{301}", "a lone combining mark"),
    ("\u{200b}\u{200c}\u{2060} \u{200d}", "joiners and a space"),
    ("\u{ad}\u{34f}", "a soft hyphen and a grapheme joiner"),
];

/// Direction controls, refused anywhere in a name.
const BIDI: [char; 12] = [
    '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}',
    '\u{2069}', '\u{200e}', '\u{200f}', '\u{61c}',
];

#[test]
fn a_name_that_shows_nothing_is_refused_as_an_empty_one() {
    for (name, what) in INVISIBLE {
        match CampaignName::new(name) {
            Err(Refusal::BadName {
                problem: NameProblem::Invisible,
                ..
            }) => {}
            other => panic!("{what}: {other:?}"),
        }
    }
}

#[test]
fn a_direction_control_is_refused_anywhere_in_a_name() {
    for c in BIDI {
        for name in [format!("{c}"), format!("Ann{c}"), format!("{c}nnA\u{202c}")] {
            match CampaignName::new(&name) {
                Err(Refusal::BadName {
                    problem: NameProblem::DirectionControl(found),
                    ..
                }) => assert_eq!(found, c),
                other => panic!("{name:?}: {other:?}"),
            }
        }
    }
}

#[test]
fn invisible_characters_beside_visible_ones_are_taken() {
    for name in [
        "Zoe\u{301}",
        "\u{1f469}\u{200d}\u{1f469}\u{200d}\u{1f467}",
        "Ann\u{200b}",
        "\u{05d3}\u{05e0}\u{05d4}",
        "\u{1100}\u{1161}",
    ] {
        assert!(CampaignName::new(name).is_ok(), "{name:?}");
    }
}

/// Each field that takes a name, as the command that gives it, on a campaign ready for its
/// first game (`NAME` stands for the name tried).
const FIELDS: [&[&str]; 9] = [
    &["init", "NAME"],
    &["campaign", "rename", "Earth", "NAME"],
    &[
        "game",
        "log",
        "--dry-run",
        "--date",
        "2026-11-01",
        "--player",
        "NAME=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Cy=saharan:eliminated",
        "--no-reward",
    ],
    &[
        "game",
        "log",
        "--dry-run",
        "--date",
        "2026-11-01",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Cy=saharan:eliminated",
        "--major-city",
        "Egypt=NAME",
    ],
    &[
        "game",
        "log",
        "--dry-run",
        "--date",
        "2026-11-01",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Cy=saharan:eliminated",
        "--name-continent",
        "Africa=NAME",
    ],
    &["faction", "add", "NAME"],
    &["scar-type", "add", "NAME"],
    &["alias", "add", "NAME", "Alaska"],
    &["person", "rename", "Ann", "NAME"],
];

#[test]
fn every_field_that_takes_a_name_refuses_one_that_shows_nothing_or_turns_text_around() {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    // Ann plays a game, so that she can be renamed.
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-11-01",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Cy=saharan:eliminated",
        "--no-reward",
    ]);
    let dump = env.dump();
    let names: Vec<(String, &str)> = INVISIBLE
        .iter()
        .map(|(name, _)| (name.to_string(), "shows nothing"))
        .chain([
            ("Zed\u{202e}".to_string(), "U+202E"),
            ("\u{2067}Bo".to_string(), "U+2067"),
        ])
        .collect();
    let mut wrong = Vec::new();
    for field in FIELDS {
        for (name, says) in &names {
            let args: Vec<String> = field.iter().map(|a| a.replace("NAME", name)).collect();
            let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
            if args[0] == "init" {
                args.splice(0..0, ["--db", "other.db"]);
            }
            let run = env.run(&args);
            if run.code == 0 || !run.stderr.contains(says) {
                wrong.push(format!(
                    "{:?}: exit {}, expected a refusal saying \"{says}\": {}",
                    args,
                    run.code,
                    run.stderr.trim()
                ));
            }
        }
    }
    assert!(!env.dir().join("other.db").exists());
    assert_eq!(env.dump(), dump);
    assert!(
        wrong.is_empty(),
        "{} refused otherwise:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn direction_controls_from_another_devices_file_reach_the_terminal_escaped() {
    let env = TestEnv::demo();
    std::fs::create_dir(env.dir().join("shared")).expect("the shared folder");
    env.ok(&["sync", "shared", "--device", "a"]);
    let head = serde_json::json!({
        "format": "chronicle-device-log",
        "version": 1,
        "campaign": {
            "id": "01a2272d-2600-7000-8000-000000000000",
            "name": "Demo\u{202e}txt.exe",
            "created_at": "2026-11-29T12:00:00Z",
        },
        "device": "b\u{2066}",
    });
    // Another campaign's file, found among this campaign's files.
    let own = std::fs::read_dir(env.dir().join("shared"))
        .expect("the shared folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.join("a.jsonl").exists())
        .expect("the demo's folder");
    std::fs::write(own.join("c.jsonl"), format!("{head}\n")).expect("a device's file");
    // Skipped and named (exit 1), its head's words escaped.
    let run = env.run_expect(1, &["sync", "shared"]);
    for c in ['\u{202e}', '\u{2066}'] {
        assert!(
            !run.stdout.contains(c) && !run.stderr.contains(c),
            "{c:?} reached the terminal raw:\n{}{}",
            run.stdout,
            run.stderr
        );
    }
    assert!(run.stdout.contains("\\u{2066}"), "{}", run.stdout);
}

/// A name an earlier chronicle took before these rules (here written into the file behind
/// chronicle's back) is read as it is: the campaign opens, and `check` passes with a
/// warning naming it, so nothing logged is lost.
#[test]
fn a_name_an_earlier_chronicle_stored_still_reads_and_check_warns_of_it() {
    let env = TestEnv::demo();
    let conn = env.connect();
    for table in ["seat", "change"] {
        let changed = conn
            .execute(
                &format!("UPDATE {table} SET person = ?1 WHERE person = 'Chidi'"),
                ["\u{2067}Chidi"],
            )
            .expect("Chidi renamed");
        assert!(changed > 0, "{table}");
    }
    env.ok(&["board"]);
    env.ok(&["game", "list"]);
    let check = env.ok(&["check"]);
    assert!(
        check.stdout.contains("U+2067") && !check.stdout.contains('\u{2067}'),
        "{}",
        check.stdout
    );
}
