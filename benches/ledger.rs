//! `cargo bench`: the ledger's work at one campaign and at ten thousand in one file.
//!
//! Folding a log, applying a game, logging a game to disk, correcting game 1 of a 15-game
//! campaign against logging its next game, loading a campaign, and rendering `board`,
//! `history`, `stats` and the JSON export. The ten-thousand-campaign
//! database (the demo campaign imported 10,000 times, through the rules) is built once and
//! kept in target/bench-data/.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use chronicle::cli::bench;
use chronicle::domain::CheckedLog;
use chronicle::domain::names::CampaignName;
use chronicle::domain::{Campaign, Entry, Game};
use chronicle::store::{Access, Store};
use chrono::NaiveDate;

fn main() {
    divan::main();
}

/// The demo campaign's log, read from its committed export.
fn demo_log() -> &'static CheckedLog {
    static LOG: OnceLock<CheckedLog> = OnceLock::new();
    LOG.get_or_init(|| {
        let text = include_str!("../exports/demo.snap.json");
        let (_, log) =
            chronicle::exchange::read(text, chrono::NaiveDate::MAX).expect("the demo export reads");
        log
    })
}

/// A database holding `campaigns` copies of the demo campaign ("Demo 1" …), built once.
fn database(campaigns: usize) -> PathBuf {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    // Named by the schema version too: a file an older chronicle built is built again.
    let version = Store::known_version();
    let path = folder.join(format!("league-{campaigns}-v{version}.db"));
    let ready = folder.join(format!("league-{campaigns}-v{version}.ready"));
    if ready.exists() {
        return path;
    }
    std::fs::create_dir_all(&folder).expect("bench folder");
    let _ = std::fs::remove_file(&path);
    let mut store =
        Store::open(&path, Access::Create, std::time::Duration::from_secs(5)).expect("open");
    let log = demo_log();
    for i in 1..=campaigns {
        store
            .import_campaign(
                &CampaignName::new(&format!("Demo {i}")).expect("a name"),
                "2026-01-01T00:00:00Z",
                log,
                true,
            )
            .expect("import");
    }
    drop(store);
    std::fs::write(ready, "").expect("mark ready");
    path
}

/// A copy of a database to write into, so the kept one stays as built.
fn scratch_copy(campaigns: usize) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = dir.path().join("copy.db");
    std::fs::copy(database(campaigns), &copy).expect("copy");
    (dir, copy)
}

fn a_later_game() -> Game {
    chronicle::cli::long_log::a_later_game(NaiveDate::from_ymd_opt(2026, 6, 1).expect("date"))
}

#[divan::bench]
fn fold_the_demo_log() -> Campaign {
    Campaign::replay(demo_log().resolved().standing().map(|e| &*e.entry)).expect("replays")
}

#[divan::bench]
fn apply_a_game(bencher: divan::Bencher) {
    let campaign = fold_the_demo_log();
    let game = Entry::Game(Box::new(a_later_game()));
    bencher
        .with_inputs(|| campaign.clone())
        .bench_local_values(|mut campaign| campaign.apply(&game).expect("legal"));
}

const SIZES: [usize; 2] = [1, 10_000];

#[divan::bench(args = SIZES, sample_count = 30)]
fn log_a_game_to_disk(bencher: divan::Bencher, campaigns: usize) {
    let (_dir, copy) = scratch_copy(campaigns);
    let mut store =
        Store::open(&copy, Access::Write, std::time::Duration::from_secs(5)).expect("open");
    let id = store.choose_campaign(Some("Demo 1")).expect("campaign").id;
    bencher.bench_local(|| {
        store
            .record::<chronicle::cli::CliError>(
                id,
                &chronicle::store::Stamp {
                    at: "2026-06-01T00:00:00Z".to_string(),
                    today: chrono::NaiveDate::MAX,
                    fixed_clock: false,
                },
                false,
                None,
                |_| Ok(Entry::Game(Box::new(a_later_game()))),
            )
            .expect("recorded")
    });
}

#[divan::bench(args = SIZES)]
fn load_a_campaign(campaigns: usize) {
    let db = database(campaigns);
    bench::load(&db, "Demo 1").expect("load");
}

#[divan::bench(args = SIZES)]
fn render_board(bencher: divan::Bencher, campaigns: usize) {
    let db = database(campaigns);
    bencher.bench(|| {
        let (name, loaded) = bench::load(&db, "Demo 1").expect("load");
        bench::board(&name, &loaded)
    });
}

#[divan::bench(args = SIZES)]
fn render_history(bencher: divan::Bencher, campaigns: usize) {
    let db = database(campaigns);
    bencher.bench(|| {
        let (_, loaded) = bench::load(&db, "Demo 1").expect("load");
        bench::history_table(&loaded).expect("history")
    });
}

#[divan::bench(args = SIZES)]
fn render_stats(bencher: divan::Bencher, campaigns: usize) {
    let db = database(campaigns);
    bencher.bench(|| {
        let (name, loaded) = bench::load(&db, "Demo 1").expect("load");
        bench::stats(&name, &loaded)
    });
}

#[divan::bench(args = SIZES)]
fn export_json(bencher: divan::Bencher, campaigns: usize) {
    let db = database(campaigns);
    bencher.bench(|| bench::export_json(&db, "Demo 1").expect("export"));
}

/// A database holding the demo campaign cut after game 15 ("Fifteen"), in a scratch copy.
fn fifteen_games() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("fifteen.db");
    let records = demo_log().records();
    let sixteenth = demo_log()
        .resolved()
        .games()
        .find(|g| g.game == Some(16))
        .map(|g| g.id.clone())
        .expect("a 16th game");
    let end = records
        .iter()
        .position(|r| r.id == sixteenth)
        .expect("its record");
    let log = CheckedLog::new(records[..end].to_vec(), chrono::NaiveDate::MAX).expect("15 games");
    let mut store =
        Store::open(&path, Access::Create, std::time::Duration::from_secs(5)).expect("open");
    store
        .import_campaign(
            &CampaignName::new("Fifteen").expect("a name"),
            "2026-01-01T00:00:00Z",
            &log,
            true,
        )
        .expect("import");
    (dir, path)
}

fn stamp() -> chronicle::store::Stamp {
    chronicle::store::Stamp {
        at: "2026-06-01T00:00:00Z".to_string(),
        today: chrono::NaiveDate::MAX,
        fixed_clock: false,
    }
}

/// Logging game 16 of a 15-game campaign: the yardstick of a correction's cost.
#[divan::bench(sample_count = 30)]
fn log_game_16_after_15(bencher: divan::Bencher) {
    let (_dir, path) = fifteen_games();
    let mut store =
        Store::open(&path, Access::Write, std::time::Duration::from_secs(5)).expect("open");
    let id = store.choose_campaign(Some("Fifteen")).expect("campaign").id;
    bencher.bench_local(|| {
        store
            .record::<chronicle::cli::CliError>(id, &stamp(), false, None, |_| {
                Ok(Entry::Game(Box::new(a_later_game())))
            })
            .expect("recorded")
    });
}

/// Correcting game 1 of a 15-game campaign (its note changed): every later entry replayed
/// through the rules and the correction written, in one transaction.
#[divan::bench(sample_count = 30)]
fn correct_game_1_of_15(bencher: divan::Bencher) {
    use chronicle::domain::{Body, Correction, Place};
    use chronicle::store::NewRecord;
    let (_dir, path) = fifteen_games();
    let mut store =
        Store::open(&path, Access::Write, std::time::Duration::from_secs(5)).expect("open");
    let id = store.choose_campaign(Some("Fifteen")).expect("campaign").id;
    let mut n = 0u32;
    bencher.bench_local(|| {
        n += 1;
        store
            .append::<chronicle::cli::CliError>(id, &stamp(), false, |current| {
                let first = current.resolved.game(1)?;
                let Entry::Game(game) = &*first.entry else {
                    unreachable!("game 1 is a game")
                };
                let mut game = game.clone();
                game.note = Some(format!("corrected {n} times"));
                Ok(NewRecord {
                    place: Place::End,
                    body: Body::Correct(Correction::Replace {
                        target: first.id.clone(),
                        entry: Entry::Game(game).into(),
                        reason: None,
                    }),
                })
            })
            .expect("corrected")
    });
}

/// A log of the demo's first 15 games and `extra` plain games after them (no rewards after
/// game 15), each a day apart.
fn fifteen_and(extra: usize) -> CheckedLog {
    let records = demo_log().records();
    let sixteenth = demo_log()
        .resolved()
        .games()
        .find(|g| g.game == Some(16))
        .map(|g| g.id.clone())
        .expect("a 16th game");
    let end = records
        .iter()
        .position(|r| r.id == sixteenth)
        .expect("its record");
    let first = CheckedLog::new(records[..end].to_vec(), chrono::NaiveDate::MAX).expect("15 games");
    let mut entries: Vec<Entry> = first
        .records()
        .iter()
        .filter_map(|r| r.added().cloned())
        .collect();
    let start = NaiveDate::from_ymd_opt(2026, 5, 1).expect("date");
    for day in 0..extra {
        let mut game = a_later_game();
        game.date = start + chrono::Days::new((day / 4) as u64);
        entries.push(Entry::Game(Box::new(game)));
    }
    let mut n = 0u64;
    CheckedLog::from_entries(&entries, "2026-06-01T00:00:00Z", |_| {
        n += 1;
        chronicle::domain::EntryId(format!("01a2272d-2600-7000-8000-{n:012}").into())
    })
    .expect("a legal log")
}

/// A shared folder where device "a" shared `log`; the folder (and the dir holding it).
fn shared_folder(log: &CheckedLog) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("a.db");
    let mut store =
        Store::open(&db, Access::Create, std::time::Duration::from_secs(5)).expect("open");
    store
        .import_campaign(
            &CampaignName::new("Shared").expect("a name"),
            "2026-01-01T00:00:00Z",
            log,
            true,
        )
        .expect("import");
    drop(store);
    let shared = dir.path().join("shared");
    std::fs::create_dir(&shared).expect("folder");
    bench::sync(&db, &shared, "a").expect("device a shares");
    (dir, shared)
}

/// Importing a 15-game campaign into a new database: the yardstick of a sync.
#[divan::bench(sample_count = 30)]
fn import_15_games(bencher: divan::Bencher) {
    let log = fifteen_and(0);
    bencher
        .with_inputs(|| tempfile::tempdir().expect("temp dir"))
        .bench_local_values(|dir| {
            let mut store = Store::open(
                &dir.path().join("b.db"),
                Access::Create,
                std::time::Duration::from_secs(5),
            )
            .expect("open");
            store
                .import_campaign(
                    &CampaignName::new("Shared").expect("a name"),
                    "2026-01-01T00:00:00Z",
                    &log,
                    true,
                )
                .expect("import");
            dir
        });
}

/// A second device joining a campaign another shared: every entry unseen. With 15 games
/// it is compared with `import_15_games`; with more, it shows how the cost grows with the
/// entries not yet seen.
#[divan::bench(args = [0, 45, 135, 405], sample_count = 20)]
fn sync_join_15_games_and(bencher: divan::Bencher, extra: usize) {
    let (_keep, shared) = shared_folder(&fifteen_and(extra));
    bencher
        .with_inputs(|| tempfile::tempdir().expect("temp dir"))
        .bench_local_values(|dir| {
            bench::sync(&dir.path().join("b.db"), &shared, "b").expect("device b joins");
            dir
        });
}

/// A device that has the 15 games syncing again: nothing unseen.
#[divan::bench(sample_count = 30)]
fn sync_with_nothing_new(bencher: divan::Bencher) {
    let (keep, shared) = shared_folder(&fifteen_and(0));
    let db = keep.path().join("b.db");
    bench::sync(&db, &shared, "b").expect("device b joins");
    bencher.bench_local(|| bench::sync(&db, &shared, "b").expect("sync"));
}
