//! A log in the order its records were written is read one record at a time, not held
//! whole: `--after N` folds it as it is read and stops at game N+1, and `check` replays
//! it as it is read. Each must give what reading the whole log gives, with every kind of
//! correction in the log (and, on random logs, working a log out one record at a time
//! gives what working it out whole gives); a log out of the order written (an entry added
//! before another) is read whole, as before.

use std::time::Duration;

use chronicle::domain::Campaign;
use chronicle::domain::log::fold;
use chronicle::report::history::cut;
use chronicle::store::{Access, After, Store};

use crate::common::TestEnv;
use crate::corrections::{campaign, first, game, run, second, third};

fn store(env: &TestEnv) -> Store {
    Store::open(env.db_path(), Access::Read, Duration::from_secs(5)).expect("the database opens")
}

/// The campaign after game `n` as the whole log, read and cut, folds to it.
fn whole_after(store: &Store, n: u32) -> Campaign {
    let (_, stored) = store.read_campaign(None).expect("the log reads");
    fold(cut(&stored.entries, Some(n))).expect("the log folds")
}

/// Every kind of correction, and games after them: an edit taken back, an edit, a
/// renaming, a merging, a game taken back and logged again, the campaign renamed.
fn corrected() -> TestEnv {
    let env = campaign(&[first(), second("Ubuntu"), third()]);
    run(&env, &["game", "edit", "2"], &second("Sahel"));
    env.ok(&["undo", "--yes"]);
    run(&env, &["game", "edit", "2"], &second("Sahel"));
    env.ok(&["person", "rename", "jermey", "Jeremy"]);
    env.ok(&["person", "merge", "Tomas", "Tomasz"]);
    let fourth = |ann: &str, jeremy: &str| {
        game(
            "2026-10-22",
            &[
                &format!("Ann=bear:{ann}"),
                &format!("Jeremy=khan:{jeremy}"),
                "Tomasz=saharan:held-on",
            ],
            &["--destroy-card", "Peru"],
        )
    };
    run(&env, &["game", "log"], &fourth("held-on", "won"));
    env.ok(&["game", "undo", "--yes"]);
    run(&env, &["game", "log"], &fourth("won", "held-on"));
    env.ok(&["campaign", "rename", "Earth", "Long Table"]);
    env
}

#[test]
fn after_every_game_a_corrected_log_read_in_order_is_the_whole_log_cut() {
    let env = corrected();
    let store = store(&env);
    for n in 0..=4 {
        match store.after(None, n).expect("the log reads") {
            Some((_, After::Folded(campaign))) => {
                assert_eq!(*campaign, whole_after(&store, n), "after game {n}");
            }
            other => panic!("after game {n}: {other:?}"),
        }
    }
    match store.after(None, 5).expect("the log reads") {
        Some((_, After::Played(played))) => assert_eq!(played, 4),
        other => panic!("after game 5: {other:?}"),
    }
    let too_far = env.run_expect(1, &["board", "--after", "5"]);
    assert!(too_far.stderr.contains("from 0 to 4"), "{}", too_far.stderr);
    // The renamings reach the games before them: game 2's Jermey is Jeremy now.
    let board = env.json(&["board", "--after", "2", "--format", "json"]);
    let text = board.to_string();
    assert!(
        text.contains("Jeremy") && !text.contains("Jermey"),
        "{text}"
    );
    let checked = env.json(&["check", "--format", "json"]);
    assert_eq!(checked["ok"], true, "{checked}");
}

#[test]
fn a_log_with_an_entry_added_before_another_is_read_whole() {
    let env = campaign(&[first(), third()]);
    let mut insert = vec!["--before".to_string(), "2".to_string()];
    insert.extend(second("Ubuntu"));
    run(&env, &["game", "insert"], &insert);
    // Without its checkpoint, the world after each game is not read: the log is.
    env.connect().execute("DELETE FROM checkpoint", []).unwrap();
    let store = store(&env);
    assert!(
        store.after(None, 1).expect("the log reads").is_none(),
        "an inserted game puts the log out of the order written"
    );
    // Read whole, the board after game 1 has no name for Africa; after game 2 it has.
    let africa = |n: &str| {
        env.json(&["board", "--after", n, "--format", "json"])
            .to_string()
            .contains("Ubuntu")
    };
    assert!(!africa("1") && africa("2"));
    env.ok(&["check"]);
}

#[test]
fn check_finds_a_game_stored_under_another_number_in_a_log_read_in_order() {
    let env = corrected();
    assert!(store(&env).after(None, 0).expect("reads").is_some());
    let db = rusqlite::Connection::open(env.db_path()).expect("opens");
    db.execute(
        "UPDATE entry SET game = 40 WHERE game = 3 AND undone_at IS NULL",
        [],
    )
    .expect("edits");
    drop(db);
    let run = env.run_expect(3, &["check"]);
    assert!(
        run.stdout
            .contains("stored as game Some(40) but replays as game Some(3)"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_corrected_log_in_the_order_written_imports_with_what_is_kept_beside_each_record() {
    let env = corrected();
    let file = env.dir().join("campaign.json");
    env.ok(&["export", "--format", "json", "-o", file.to_str().unwrap()]);
    env.ok(&["import", file.to_str().unwrap(), "--as", "Again"]);
    // What is kept beside each record (game number, when taken back) is what it is in
    // the campaign the file came from.
    let kept = |name: &str| -> Vec<(u32, Option<u32>, Option<String>)> {
        let db = env.connect();
        let mut rows = db
            .prepare(
                "SELECT e.seq, e.game, e.undone_at FROM entry e JOIN campaign c ON c.id = e.campaign_id
                 WHERE c.name = ?1 ORDER BY e.seq",
            )
            .unwrap();
        rows.query_map([name], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let original = kept("Long Table");
    assert!(original.iter().any(|(_, _, back)| back.is_some()));
    assert_eq!(kept("Again"), original);
    for read in [
        &["game", "list"][..],
        &["history", "--corrections"],
        &["board"],
    ] {
        let of = |name: &str| {
            let mut args = read.to_vec();
            args.extend(["--campaign", name, "--format", "json"]);
            let mut value = env.json(&args);
            if let Some(map) = value.as_object_mut() {
                map.remove("campaign");
            }
            value
        };
        assert_eq!(
            of("Again"),
            of("Long Table"),
            "`{}` differs",
            read.join(" ")
        );
    }
    env.ok(&["check"]);
}

/// One record of a random log: an entry added, or a correction of an earlier record
/// (chosen by index, so it may act on a correction, which the rules refuse).
#[derive(Clone, Debug)]
enum Step {
    Game(usize),
    Retire(usize),
    TakeBack(usize),
    Replace(usize, usize),
    Rename(usize, usize),
    Merge(usize, usize),
}

const PEOPLE: [&str; 4] = ["Ann", "Bo", "Cy", "Dee"];

fn step() -> impl proptest::strategy::Strategy<Value = Step> {
    use proptest::prelude::*;
    let person = 0..PEOPLE.len();
    prop_oneof![
        3 => person.clone().prop_map(Step::Game),
        2 => person.clone().prop_map(Step::Retire),
        2 => any::<usize>().prop_map(Step::TakeBack),
        2 => (any::<usize>(), person.clone()).prop_map(|(t, p)| Step::Replace(t, p)),
        1 => (person.clone(), person.clone()).prop_map(|(a, b)| Step::Rename(a, b)),
        1 => (person.clone(), person).prop_map(|(a, b)| Step::Merge(a, b)),
    ]
}

/// The records the steps make, in the order written.
fn records(steps: &[Step]) -> Vec<chronicle::domain::LogRecord> {
    use chronicle::domain::{Body, Correction, Entry, EntryId, Game, LogRecord, Outcome, Place};
    let game = |p: usize| {
        let seat = |person: &str, result| chronicle::domain::Seat {
            person: person.to_string(),
            faction: chronicle::domain::Faction::new("Enclave of the Bear"),
            result,
            hq: None,
        };
        let date = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
        Entry::Game(Box::new(Game::new(
            date,
            vec![seat(PEOPLE[p], Outcome::Won), seat("Zed", Outcome::HeldOn)],
        )))
    };
    let retire = |p: usize| Entry::Retire {
        person: PEOPLE[p].to_string(),
        retired: true,
    };
    let mut log: Vec<LogRecord> = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let target = |t: usize| (!log.is_empty()).then(|| log[t % log.len()].clone());
        let body = match *step {
            Step::Game(p) => Body::Add(game(p).into()),
            Step::Retire(p) => Body::Add(retire(p).into()),
            Step::TakeBack(t) => match target(t) {
                Some(t) => Body::Correct(Correction::TakeBack {
                    target: t.id,
                    reason: None,
                }),
                None => Body::Add(retire(0).into()),
            },
            Step::Replace(t, p) => match target(t).map(|t| (t.body, t.id)) {
                Some((Body::Add(old), id)) => Body::Correct(Correction::Replace {
                    target: id,
                    entry: match *old {
                        Entry::Game(_) => game(p),
                        _ => retire(p),
                    }
                    .into(),
                    reason: None,
                }),
                _ => Body::Add(game(p).into()),
            },
            Step::Rename(a, b) => Body::Correct(Correction::RenamePerson {
                from: PEOPLE[a].to_string(),
                to: format!("{} the {i}th", PEOPLE[b]),
            }),
            Step::Merge(a, b) => Body::Correct(Correction::MergePerson {
                from: PEOPLE[a].to_string(),
                into: PEOPLE[b].to_string(),
            }),
        };
        let seq = u32::try_from(i + 1).unwrap();
        log.push(LogRecord {
            id: EntryId::from(format!("record-{seq}")),
            seq,
            recorded_at: format!("2026-01-01T00:00:{:02}Z", i % 60),
            origin: None,
            parent: log.last().map(|r| r.id.clone()),
            place: Place::End,
            body,
        });
    }
    log
}

proptest::proptest! {
    /// Worked out one record at a time, a random log in the order written (entries, and
    /// corrections of earlier records of every kind) gives what working it out whole gives:
    /// the same entries as they stand, numbered alike, or the same refusal.
    #[test]
    fn a_log_worked_out_one_record_at_a_time_is_the_log_worked_out_whole(
        steps in proptest::collection::vec(step(), 1..40)
    ) {
        let log = records(&steps);
        proptest::prop_assert!(chronicle::domain::stream::in_order(&log));
        let whole = chronicle::domain::resolve::resolve(&log).map(|r| r.entries);
        let streamed = chronicle::domain::stream::entries(&log).map(Iterator::collect::<Vec<_>>);
        proptest::prop_assert_eq!(streamed, whole);
    }
}

#[test]
fn check_names_a_log_that_cannot_be_read() {
    let env = corrected();
    // An entry of the log, then a correction (read before the rest of the log).
    for edit in [
        "UPDATE entry SET kind = 'séance' WHERE seq = 2",
        "UPDATE entry SET kind = 'séance' WHERE correction = 'replace'",
    ] {
        let db = env.connect();
        db.execute(edit, []).expect("edits");
        drop(db);
        let run = env.run_expect(3, &["check"]);
        assert!(
            run.stdout.contains("Long Table: the log cannot be read"),
            "{edit}: {}",
            run.stdout
        );
    }
}
