//! One campaign with a long log: the demo's first 15 games, then between-games entries and
//! later games (no rewards after game 15) repeated until the log holds N entries. Times each
//! phase of working with it in-process (apply, check, replay, resolve, import, load, check)
//! and can write it as a campaign file and as a database, for timing the commands on it
//! (`benches/long_log.sh`).
//!
//! cargo run --release --example long_log -- --entries 10000 [--mix mixed|games|aliases|between] [--file long.json] [--db long.db]

use std::path::PathBuf;
use std::time::Instant;

use chronicle::cli::demo::demo_entries;
use chronicle::domain::vocabulary::house::HouseRule;
use chronicle::domain::vocabulary::names::CampaignName;
use chronicle::domain::{Campaign, CheckedLog, Entry, Faction, Game, Outcome, PoolKind, Seat};
use chronicle::exchange::CampaignFile;
use chronicle::report::export::{CampaignExport, ExportedLog};
use chronicle::store::{Access, Store};
use chrono::NaiveDate;

/// The demo's entries up to (not with) game 16.
fn first_fifteen() -> Vec<Entry> {
    let mut entries = demo_entries().expect("the demo's entries are legal");
    let mut games = 0;
    let sixteenth = entries.iter().position(|e| {
        games += usize::from(matches!(e, Entry::Game(_)));
        games == 16
    });
    entries.truncate(sixteenth.unwrap_or(entries.len()));
    entries
}

/// A game after game 15 on `date`: Ann (the Bear) wins, Bo (Khan) holds on, Chidi
/// (Saharan) is out. No reward is due any more.
fn a_later_game(date: NaiveDate) -> Game {
    let seat = |person: &str, faction: &str, result| Seat {
        person: person.to_string(),
        faction: Faction::new(faction),
        result,
        hq: None,
    };
    Game::new(
        date,
        vec![
            seat("Ann", "Enclave of the Bear", Outcome::Won),
            seat("Bo", "Khan Industries", Outcome::HeldOn),
            seat("Chidi", "Saharan Republic", Outcome::Eliminated),
        ],
    )
}

/// The day of the `i`th entry after game 15: 400 entries a day from 2026-05-01.
fn later_date(i: usize) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 5, 1).expect("date") + chrono::Days::new(i as u64 / 400)
}

/// The `i`th entry after game 15 of the mix: `mixed` (a game, a pool's capacity set, a
/// house rule switched, a person retired, in turn), `games`, `aliases` (an alias of its own
/// for each entry), `between` (no games: a pool's capacity, a house rule, an alias added
/// again, a person retired or back, in turn).
fn later_entry(mix: &str, i: usize) -> Entry {
    match mix {
        "games" => return Entry::Game(Box::new(a_later_game(later_date(i)))),
        "aliases" => {
            return Entry::Alias {
                alias: format!("Land {i}"),
                of: chronicle::domain::AliasOf::Territory(
                    chronicle::domain::Territory::find("Alaska").expect("Alaska"),
                ),
            };
        }
        "between" => {
            return match i % 4 {
                0 | 1 => later_entry("mixed", i + 1),
                2 => Entry::Alias {
                    alias: "The Cold".to_string(),
                    of: chronicle::domain::AliasOf::Territory(
                        chronicle::domain::Territory::find("Alaska").expect("Alaska"),
                    ),
                },
                _ => Entry::Retire {
                    person: "Chidi".to_string(),
                    retired: i % 8 == 3,
                },
            };
        }
        _ => {}
    }
    match i % 4 {
        0 => Entry::Game(Box::new(a_later_game(later_date(i)))),
        1 => Entry::PoolCapacity {
            pool: PoolKind::Fortification,
            capacity: 20 + u32::from(i % 8 == 1),
            reason: format!("recount {i}"),
        },
        2 => Entry::Rule {
            rule: HouseRule::AdjacentHq,
            on: i % 8 == 6,
            reason: format!("vote {i}"),
        },
        _ => Entry::Retire {
            // Back again by the next game, which Chidi plays.
            person: "Chidi".to_string(),
            retired: true,
        },
    }
}

/// A log of `n` entries (at least the demo's first 15 games).
fn long_log(mix: &str, n: usize) -> CheckedLog {
    let mut entries = first_fifteen();
    let start = entries.len();
    entries.extend((start..n).map(|i| later_entry(mix, i - start)));
    // Recorded after the latest game is dated: an import takes a game dated no later than
    // the day after its record was written.
    CheckedLog::from_entries(&entries, "2027-06-01T00:00:00Z", |n| {
        chronicle::domain::EntryId(format!("01a2272d-2600-7000-8000-{n:012}").into())
    })
    .expect("a legal log")
}

fn usage() -> ! {
    eprintln!(
        "usage: long_log --entries N [--mix mixed|games|aliases|between] [--file FILE] [--db FILE] [--quiet]"
    );
    std::process::exit(2);
}

fn timed<T>(what: &str, entries: usize, quiet: bool, f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let value = f();
    let took = started.elapsed();
    if !quiet {
        println!(
            "{what:32} {:10.1} ms {:8.2} µs/entry",
            took.as_secs_f64() * 1e3,
            took.as_secs_f64() * 1e6 / entries as f64
        );
    }
    value
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut n, mut file, mut db, mut quiet) = (None, None, None, false);
    let mut mix = "mixed".to_string();
    while let Some(arg) = args.next() {
        if arg == "--quiet" {
            quiet = true;
            continue;
        }
        let value = args.next().unwrap_or_else(|| usage());
        match arg.as_str() {
            "--entries" => n = Some(value.parse::<usize>().unwrap_or_else(|_| usage())),
            "--file" => file = Some(PathBuf::from(value)),
            "--db" => db = Some(PathBuf::from(value)),
            "--mix" => mix = value,
            _ => usage(),
        }
    }
    let n = n.unwrap_or_else(|| usage());
    let log = timed("make (apply, check, fold)", n, quiet, || long_log(&mix, n));
    let entries: Vec<Entry> = log
        .resolved()
        .standing()
        .map(|e| (*e.entry).clone())
        .collect();
    timed("replay", n, quiet, || {
        Campaign::replay(&entries).expect("replays")
    });
    timed("resolve", n, quiet, || {
        chronicle::domain::record::resolve::resolve(log.records()).expect("resolves")
    });
    let dir = tempfile::tempdir().expect("temp dir");
    let path = db.unwrap_or_else(|| dir.path().join("long.db"));
    let _ = std::fs::remove_file(&path);
    let mut store =
        Store::open(&path, Access::Create, std::time::Duration::from_secs(5)).expect("open");
    let name = CampaignName::new("Long").expect("a name");
    let info = timed("import (write)", n, quiet, || {
        store
            .import_campaign(&name, "2026-01-01T00:00:00Z", None, &log, true)
            .expect("import")
    });
    timed("load (read, resolve, fold)", n, quiet, || {
        store.load(info.id).expect("load")
    });
    timed("check", n, quiet, || {
        store.check(NaiveDate::MAX).expect("check")
    });
    let text = timed("export to JSON", n, quiet, || {
        let stored = store.read(info.id).expect("read");
        let (records, head) = stored.written();
        let export = CampaignExport::new(
            "Long",
            "2026-01-01T00:00:00Z",
            ExportedLog {
                entries: stored.entries,
                corrections: stored.corrections,
                records,
                head,
            },
            false,
            None,
        )
        .expect("export");
        CampaignFile::new(&export, "", "2026-01-01T00:00:00Z")
            .to_json()
            .expect("json")
    });
    timed("read campaign file", n, quiet, || {
        chronicle::exchange::read(&text).expect("reads")
    });
    if let Some(file) = file {
        std::fs::write(file, &text).expect("write the file");
    }
}
