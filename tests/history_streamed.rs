//! A history is written as it is worked out, never held whole (`render::stream`), and a
//! long log in the order written is read one record at a time for it. In every format,
//! with and without `--after` and a filter, what `history` prints is what the whole log's
//! history prints when it is held: on a short log (read whole) and on a long one with
//! corrections (read one record at a time).

use std::time::Duration;

use chronicle::cli::long_log::long_log;
use chronicle::domain::history::Filter;
use chronicle::domain::names::CampaignName;
use chronicle::render::{TableStyle, Tabular, csv, md, table};
use chronicle::report::history::{cut, history};
use chronicle::store::{Access, Reading, Store};

use crate::common::TestEnv;

fn store(env: &TestEnv, access: Access) -> Store {
    Store::open(env.db_path(), access, Duration::from_secs(5)).expect("the database opens")
}

/// A campaign of 2,400 entries (games, pool capacities, house rules and retirements in turn
/// after the demo's fifteen games), then corrections: Chidi renamed, the last game taken back.
fn long_campaign() -> TestEnv {
    let env = TestEnv::new();
    let log = long_log("mixed", 2_400);
    let name = CampaignName::new("Long Table").expect("a name");
    store(&env, Access::Create)
        .import_campaign(&name, "2026-01-01T00:00:00Z", &log, true)
        .expect("the log imports");
    env.ok(&["person", "rename", "Chidi", "Chidiebere"]);
    env.ok(&["game", "undo", "--yes", "--reason", "scored wrong"]);
    env
}

/// The history of the whole log cut after game `after` and filtered, held whole and
/// printed as `format` (at the tests' 100 columns).
fn held(env: &TestEnv, after: Option<u32>, filter: &Filter, format: &str) -> String {
    let (_, stored) = store(env, Access::Read)
        .read_campaign(None)
        .expect("the log reads");
    let report = history(cut(&stored.entries, after), filter).expect("the log walks");
    printed(&report, format)
}

fn printed(report: &impl Tabular, format: &str) -> String {
    match format {
        "table" => table::text(
            report,
            TableStyle {
                width: 100,
                bold_titles: false,
            },
        ),
        "json" => serde_json::to_string_pretty(report).expect("JSON") + "\n",
        "csv" => csv::tables(report).expect("CSV"),
        _ => md::tables(report),
    }
}

/// `history ARGS` in every format prints what the history held whole prints.
fn prints_as_held(env: &TestEnv, args: &[&str], after: Option<u32>, filter: &Filter) {
    for format in ["table", "json", "csv", "md"] {
        let mut command = vec!["--format", format, "history"];
        command.extend_from_slice(args);
        let printed = env.ok(&command).stdout;
        let expected = held(env, after, filter, format);
        assert!(
            printed == expected,
            "history {args:?} as {format} differs from the history held whole:\n{}",
            first_difference(&printed, &expected)
        );
    }
}

fn first_difference(printed: &str, expected: &str) -> String {
    let line = printed
        .lines()
        .zip(expected.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(printed.lines().count().min(expected.lines().count()));
    format!(
        "line {line}: printed {:?}, held {:?} ({} lines printed, {} held)",
        printed.lines().nth(line),
        expected.lines().nth(line),
        printed.lines().count(),
        expected.lines().count()
    )
}

fn read_in_order(env: &TestEnv) -> bool {
    store(env, Access::Read)
        .reading(None, |_, log| {
            Ok::<_, chronicle::store::StoreError>(matches!(log, Reading::InOrder { .. }))
        })
        .expect("the log reads")
}

#[test]
fn a_long_corrected_log_read_one_record_at_a_time_prints_its_history_as_held_whole() {
    let env = long_campaign();
    assert!(
        read_in_order(&env),
        "a long log in order is read a record at a time"
    );
    prints_as_held(&env, &[], None, &Filter::default());
    // The renaming reaches every game, and the last game is shown taken back.
    let rows = env.json(&["--format", "json", "history"]);
    let rows = rows.as_array().expect("a list");
    assert!(rows.iter().any(|r| r["person"] == "Chidiebere"));
    assert!(!rows.iter().any(|r| r["person"] == "Chidi"));
    assert!(rows.iter().any(|r| {
        r["kind"] == "undo"
            && r["text"]
                .as_str()
                .unwrap_or("")
                .contains("(reason: scored wrong)")
    }));
    let ann = Filter {
        person: Some("Ann".to_string()),
        ..Filter::default()
    };
    prints_as_held(&env, &["--after", "40", "--player", "ann"], Some(40), &ann);
    let game = Filter {
        game: Some(33),
        ..Filter::default()
    };
    prints_as_held(&env, &["--game", "33"], None, &game);
}

#[test]
fn a_short_log_read_whole_prints_its_history_as_held_whole() {
    let env = TestEnv::demo_with_undo();
    assert!(!read_in_order(&env), "a short log is read whole");
    prints_as_held(&env, &[], None, &Filter::default());
    prints_as_held(&env, &["--after", "3"], Some(3), &Filter::default());
    let nothing = Filter {
        game: Some(2),
        territory: chronicle::domain::Territory::find("Iceland").ok(),
        ..Filter::default()
    };
    prints_as_held(
        &env,
        &["--game", "2", "--territory", "Iceland"],
        None,
        &nothing,
    );
    assert_eq!(
        env.ok(&["history", "--game", "2", "--territory", "Iceland"])
            .stdout,
        "Nothing has happened that matches.\n"
    );
}

#[test]
fn flags_a_long_log_cannot_answer_are_refused_before_anything_is_printed() {
    let env = long_campaign();
    for (args, said) in [
        (
            &["history", "--after", "5000"][..],
            "There is no game 5000 to look back to",
        ),
        (&["history", "--game", "5000"][..], "There is no game 5000"),
        (
            &["history", "--player", "Chidi"][..],
            "No player is called \"Chidi\"",
        ),
    ] {
        let run = env.run_expect(1, args);
        assert!(run.stderr.contains(said), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
    }
}
