//! The store against a real SQLite file: transactions, refusals, versions.

use std::time::Duration;

use chrono::NaiveDate;

use super::{Access, Store, StoreError};
use crate::domain::{
    Campaign, Entry, Faction, Game, Outcome, Power, Refusal, Reward, Seat, Territory,
};

/// What recording can fail with, in these tests.
#[derive(Debug)]
enum Failed {
    #[allow(dead_code)]
    Store(StoreError),
    Refused(Refusal),
}

impl From<StoreError> for Failed {
    fn from(error: StoreError) -> Failed {
        Failed::Store(error)
    }
}

impl From<Refusal> for Failed {
    fn from(refusal: Refusal) -> Failed {
        Failed::Refused(refusal)
    }
}

fn name(name: &str) -> crate::domain::vocabulary::names::CampaignName {
    crate::domain::vocabulary::names::CampaignName::new(name).expect("a campaign name")
}

/// A recording moment, with a today far enough on for every game of these tests.
fn at(stamp: &str) -> super::Stamp {
    super::Stamp {
        at: stamp.to_string(),
        today: NaiveDate::from_ymd_opt(2030, 1, 1).expect("a date"),
        fixed_clock: true,
        logged_by: None,
    }
}

/// Takes back the latest game if it is game `expected`, as `game undo` does.
fn take_back_game(
    store: &mut Store,
    id: i64,
    expected: u32,
    stamp: &str,
    reason: Option<&str>,
) -> Result<super::Appended, Failed> {
    store.append::<Failed>(id, &at(stamp), false, |current| {
        let latest = current
            .resolved
            .standing()
            .filter(|e| e.game.is_some())
            .last();
        match latest {
            Some(latest) if latest.game == Some(expected) => Ok(super::NewRecord {
                place: crate::domain::Place::End,
                body: crate::domain::Body::Correct(crate::domain::Correction::TakeBack {
                    target: latest.id.clone(),
                    reason: reason.map(str::to_string),
                }),
            }),
            _ => Err(Failed::Store(StoreError::NotLatestGame {
                expected,
                latest: latest.and_then(|l| l.game),
            })),
        }
    })
}

fn temp_db() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("test.db");
    (dir, path)
}

fn open(path: &std::path::Path) -> Store {
    Store::open(path, Access::Create, Duration::from_millis(200)).expect("open")
}

fn game(day: u32, reward: Reward) -> Entry {
    let seat = |person: &str, faction: &str, result| Seat {
        person: person.to_string(),
        faction: Faction::new(faction),
        result,
        hq: None,
    };
    let mut game = Game::new(
        NaiveDate::from_ymd_opt(2026, 1, day).expect("date"),
        vec![
            seat("Ann", "Enclave of the Bear", Outcome::Won),
            seat("Bo", "Khan Industries", Outcome::HeldOn),
            seat("Cy", "Saharan Republic", Outcome::Eliminated),
        ],
    );
    game.reward = Some(reward);
    Entry::Game(Box::new(game))
}

/// The setup before game 1 recorded in campaign `id` (rules §2): five powers, twelve coins.
fn set_up(store: &mut Store, id: i64) {
    let mut entries: Vec<Entry> = crate::domain::board::faction::STANDARD_FACTIONS
        .iter()
        .map(|f| Entry::Power {
            faction: Faction::new(f.name),
            power: crate::domain::Power::A,
        })
        .collect();
    entries.push(Entry::Coins {
        territories: Territory::all()
            .skip(30)
            .flat_map(|t| [t.clone(), t])
            .take(12)
            .collect(),
    });
    for entry in entries {
        store
            .record::<Failed>(id, &at("2026-01-01T00:00:00Z"), false, None, |_| Ok(entry))
            .expect("the setup");
    }
}

/// The games of a loaded log.
fn games(loaded: &super::Loaded) -> usize {
    loaded.standing().filter(|e| e.game.is_some()).count()
}

fn territory(name: &str) -> Territory {
    Territory::find(name).expect("territory")
}

#[test]
fn a_recorded_game_is_read_back_and_folds_to_the_same_campaign() {
    let (_dir, path) = temp_db();
    let mut store = open(&path);
    let id = store
        .create_campaign(&name("Earth"), "2026-01-01T00:00:00Z")
        .expect("campaign")
        .id;
    set_up(&mut store, id);
    let entry = game(
        3,
        Reward::MajorCity {
            territory: territory("Egypt"),
            name: "Kyro".into(),
        },
    );
    let recorded = store
        .record::<Failed>(id, &at("2026-01-03T20:00:00Z"), false, None, |_| {
            Ok(entry.clone())
        })
        .expect("recorded");
    assert!(recorded.written);
    drop(store);

    let loaded = open(&path).load(id).expect("loaded");
    assert_eq!(games(&loaded), 1);
    let game = loaded.standing().last().expect("the game");
    assert_eq!(game.entry, recorded.applied.entry.into());
    assert_eq!(game.game, Some(1));
    assert_eq!(loaded.campaign, recorded.after);
    let egypt = loaded.campaign.territory(&territory("Egypt"));
    assert_eq!(egypt.city.as_ref().map(|c| &*c.name), Some("Kyro"));
}

#[test]
fn a_refused_entry_writes_nothing() {
    let (_dir, path) = temp_db();
    let mut store = open(&path);
    let id = store
        .create_campaign(&name("Earth"), "2026-01-01T00:00:00Z")
        .expect("campaign")
        .id;
    set_up(&mut store, id);
    let first = game(
        3,
        Reward::MajorCity {
            territory: territory("Egypt"),
            name: "Kyro".into(),
        },
    );
    store
        .record::<Failed>(id, &at("2026-01-01T00:00:00Z"), false, None, |_| Ok(first))
        .expect("first game");
    let again = game(
        4,
        Reward::MajorCity {
            territory: territory("Egypt"),
            name: "Other".into(),
        },
    );
    let refused =
        store.record::<Failed>(id, &at("2026-01-01T00:00:00Z"), false, None, |_| Ok(again));
    assert!(matches!(
        refused,
        Err(Failed::Refused(Refusal::HasCity { .. }))
    ));
    assert_eq!(games(&store.load(id).expect("load")), 1);
}

#[test]
fn a_dry_run_writes_nothing() {
    let (_dir, path) = temp_db();
    let mut store = open(&path);
    let id = store
        .create_campaign(&name("Earth"), "2026-01-01T00:00:00Z")
        .expect("campaign")
        .id;
    set_up(&mut store, id);
    let entry = game(
        3,
        Reward::DestroyCard {
            territory: territory("Peru"),
        },
    );
    let recorded = store
        .record::<Failed>(id, &at("2026-01-01T00:00:00Z"), true, None, |_| Ok(entry))
        .expect("dry run");
    assert!(!recorded.written);
    assert_eq!(recorded.after.games_played(), 1);
    assert_eq!(games(&store.load(id).expect("load")), 0);
}

#[test]
fn an_error_inside_the_transaction_rolls_everything_back() {
    let (_dir, path) = temp_db();
    let mut store = open(&path);
    let id = store
        .create_campaign(&name("Earth"), "2026-01-01T00:00:00Z")
        .expect("campaign")
        .id;
    set_up(&mut store, id);
    // The entry is written, then the work fails before commit: nothing may stay.
    let result: Result<(), StoreError> = store.write(true, |tx| {
        super::log::append_for_test(
            tx,
            id,
            &Entry::Power {
                faction: Faction::new("Khan Industries"),
                power: Power::A,
            },
        )?;
        Err(StoreError::Busy)
    });
    assert!(result.is_err());
    assert_eq!(games(&store.load(id).expect("load")), 0);
}

#[test]
fn a_database_from_a_newer_chronicle_is_refused() {
    let (_dir, path) = temp_db();
    drop(open(&path));
    let conn = rusqlite::Connection::open(&path).expect("raw open");
    conn.execute(
        "INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (9999, 'future', '2030-01-01', '0')",
        [],
    )
    .expect("mark newer");
    drop(conn);
    match Store::open(&path, Access::Write, Duration::from_millis(200)) {
        Err(StoreError::Newer { found, known, .. }) => {
            assert_eq!(found, 9999);
            assert_eq!(known, Store::known_version());
        }
        Err(other) => panic!("expected a newer-database refusal, got {other}"),
        Ok(_) => panic!("expected a newer-database refusal, the database opened"),
    }
}

#[test]
fn files_that_are_not_databases_are_refused_plainly() {
    let (dir, path) = temp_db();
    std::fs::write(
        &path,
        "these are not the droids you are looking for, nor a database, at all",
    )
    .expect("write");
    assert!(matches!(
        Store::open(&path, Access::Write, Duration::from_millis(200)),
        Err(StoreError::NotADatabase { .. })
    ));
    assert!(matches!(
        Store::open(dir.path(), Access::Write, Duration::from_millis(200)),
        Err(StoreError::IsDirectory { .. })
    ));
    assert!(matches!(
        Store::open(
            &dir.path().join("missing.db"),
            Access::Write,
            Duration::from_millis(200)
        ),
        Err(StoreError::Missing { .. })
    ));
    assert!(matches!(
        Store::open(
            &dir.path().join("no/such/folder.db"),
            Access::Create,
            Duration::from_millis(200)
        ),
        Err(StoreError::NoFolder { .. })
    ));
}

#[test]
fn campaigns_are_chosen_by_name_or_as_the_only_or_last_used() {
    let mut store = Store::in_memory().expect("store");
    assert!(matches!(
        store.choose_campaign(None),
        Err(StoreError::NoCampaign)
    ));
    let earth = store.create_campaign(&name("Earth"), "t").expect("earth");
    assert_eq!(store.choose_campaign(None).expect("only").id, earth.id);
    let mars = store.create_campaign(&name("Марс"), "t").expect("mars");
    assert_eq!(store.choose_campaign(None).expect("last used").id, mars.id);
    assert_eq!(
        store.choose_campaign(Some("earth")).expect("by name").id,
        earth.id
    );
    assert!(matches!(
        store.create_campaign(&name("EARTH"), "t"),
        Err(StoreError::CampaignExists { .. })
    ));
    match store.choose_campaign(Some("Eath")) {
        Err(StoreError::UnknownCampaign { known, .. }) => {
            assert_eq!(known, vec!["Earth".to_string()]);
        }
        other => panic!("expected an unknown campaign, got {other:?}"),
    }
    store.use_campaign(earth.id).expect("use");
    assert_eq!(store.choose_campaign(None).expect("used").id, earth.id);
}

#[test]
fn the_stored_log_of_one_campaign_does_not_see_another() {
    let mut store = Store::in_memory().expect("store");
    let a = store.create_campaign(&name("A"), "t").expect("a").id;
    set_up(&mut store, a);
    let b = store.create_campaign(&name("B"), "t").expect("b").id;
    let entry = game(
        3,
        Reward::DestroyCard {
            territory: territory("Peru"),
        },
    );
    store
        .record::<Failed>(a, &at("2026-01-01T00:00:00Z"), false, None, |_| Ok(entry))
        .expect("game in A");
    assert_eq!(store.load(a).expect("a").campaign.games_played(), 1);
    assert_eq!(store.load(b).expect("b").campaign, Campaign::new());
}

#[test]
fn taking_back_the_latest_game_folds_the_board_without_it_and_keeps_the_record() {
    let mut store = Store::in_memory().expect("store");
    let id = store
        .create_campaign(&name("Earth"), "t")
        .expect("campaign")
        .id;
    set_up(&mut store, id);
    let first = game(
        3,
        Reward::MajorCity {
            territory: territory("Egypt"),
            name: "Kyro".into(),
        },
    );
    let second = game(
        4,
        Reward::MajorCity {
            territory: territory("Peru"),
            name: "Lima".into(),
        },
    );
    store
        .record::<Failed>(id, &at("2026-01-01T00:00:00Z"), false, None, |_| Ok(first))
        .expect("game 1");
    store
        .record::<Failed>(id, &at("2026-01-01T00:00:00Z"), false, None, |_| Ok(second))
        .expect("game 2");

    // Only the latest game can be taken back.
    assert!(matches!(
        take_back_game(&mut store, id, 1, "2026-01-02T00:00:00Z", None),
        Err(Failed::Store(StoreError::NotLatestGame {
            expected: 1,
            latest: Some(2)
        }))
    ));
    take_back_game(
        &mut store,
        id,
        2,
        "2026-01-02T00:00:00Z",
        Some("wrong winner"),
    )
    .expect("take back");

    let loaded = store.load(id).expect("load");
    assert_eq!(loaded.campaign.games_played(), 1);
    assert!(loaded.campaign.territory(&territory("Peru")).city.is_none());
    let taken_back: Vec<_> = loaded
        .entries
        .iter()
        .filter(|e| e.taken_back.is_some())
        .collect();
    assert_eq!(taken_back.len(), 1);
    let record = taken_back[0].taken_back.as_ref().expect("taken back");
    assert_eq!(
        (record.at.as_str(), record.reason.as_deref()),
        ("2026-01-02T00:00:00Z", Some("wrong winner"))
    );

    // Game 2 can be logged again, and then both games 2 are kept apart.
    let again = game(
        5,
        Reward::DestroyCard {
            territory: territory("Peru"),
        },
    );
    let recorded = store
        .record::<Failed>(id, &at("2026-01-01T00:00:00Z"), false, None, |_| Ok(again))
        .expect("game 2 again");
    assert_eq!(recorded.applied.game, Some(2));
    let loaded = store.load(id).expect("load");
    assert_eq!(loaded.standing().filter(|e| e.game == Some(2)).count(), 1);
    let taken_back: Vec<_> = loaded
        .entries
        .iter()
        .filter(|e| e.taken_back.is_some())
        .collect();
    assert_eq!(taken_back[0].game, Some(2));
    assert!(loaded.standing().last().expect("last").seq > taken_back[0].seq);
}

#[test]
fn there_is_nothing_to_take_back_before_game_one() {
    let mut store = Store::in_memory().expect("store");
    let id = store
        .create_campaign(&name("Earth"), "t")
        .expect("campaign")
        .id;
    store
        .record::<Failed>(id, &at("2026-01-01T00:00:00Z"), false, None, |_| {
            Ok(Entry::Power {
                faction: Faction::new("Khan Industries"),
                power: Power::B,
            })
        })
        .expect("power");
    assert!(matches!(
        take_back_game(&mut store, id, 1, "2026-01-02T00:00:00Z", None),
        Err(Failed::Store(StoreError::NotLatestGame {
            latest: None,
            ..
        }))
    ));
    assert_eq!(store.load(id).expect("load").standing().count(), 1);
}
