//! One campaign with a long log, for the benchmarks and tests of long logs
//! (`examples/long_log.rs`, `benches/long_log.sh`, `tests/history_streamed.rs`): the demo's
//! first 15 games, then between-games entries and later games (no rewards after game 15)
//! repeated until the log holds N entries.

use chrono::NaiveDate;

use super::demo::demo_entries;
use crate::domain::house::HouseRule;
use crate::domain::{CheckedLog, Entry, Faction, Game, Outcome, PoolKind, Seat};

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
pub fn a_later_game(date: NaiveDate) -> Game {
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
                of: crate::domain::AliasOf::Territory(
                    crate::domain::Territory::find("Alaska").expect("Alaska"),
                ),
            };
        }
        "between" => {
            return match i % 4 {
                0 | 1 => later_entry("mixed", i + 1),
                2 => Entry::Alias {
                    alias: "The Cold".to_string(),
                    of: crate::domain::AliasOf::Territory(
                        crate::domain::Territory::find("Alaska").expect("Alaska"),
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
pub fn long_log(mix: &str, n: usize) -> CheckedLog {
    let mut entries = first_fifteen();
    let start = entries.len();
    entries.extend((start..n).map(|i| later_entry(mix, i - start)));
    CheckedLog::from_entries(&entries, "2026-06-01T00:00:00Z", |n| {
        crate::domain::EntryId(format!("01a2272d-2600-7000-8000-{n:012}").into())
    })
    .expect("a legal log")
}
