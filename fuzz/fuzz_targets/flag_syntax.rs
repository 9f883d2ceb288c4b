//! The `game log` flag mini-syntax (`--player "NAME=FACTION:RESULT[@HQ]"`, `--minor-city
//! "PLAYER:TERRITORY=NAME"`, `--wear "TERRITORY=N"`, …) must never panic.
//!
//! The parsers themselves (`cli::game::flags::{seat, held_on, wear, scars, reward, game}`)
//! sit in a private module, so the target goes through the public path the binary takes:
//! `Cli::try_parse_from` and `cli::run` on `game log --dry-run`, against a database holding
//! a fresh campaign (`init`) or the demo campaign (`demo`). It also feeds every piece of
//! every value to the public lookups those parsers call (`Territory::find`,
//! `Campaign::find_faction`, `find_continent`, `find_scar_type`, `Packet::find`,
//! `Outcome::from_key`) against a fresh `Campaign::new()` and the demo campaign.
//!
//! Input: UTF-8 text, one command-line argument per line. The first line picks the
//! campaign (`demo`, else the fresh one); each further line is an argument after
//! `chronicle --db DB --no-input game log --dry-run`, best written `--flag=VALUE`
//! (`--player=Ann=bear:won@Alaska`). Lines naming `--db` are skipped. After each run the
//! database must still hold the same number of log entries: a dry run writes nothing.
#![no_main]

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::OnceLock;

use chronicle::cli::{Cli, Terminal, run};
use chronicle::domain::{Campaign, Continent, Outcome, Packet, PoolKind, Territory};
use clap::Parser;
use libfuzzer_sys::fuzz_target;

struct World {
    _dir: tempfile::TempDir,
    fresh_db: PathBuf,
    demo_db: PathBuf,
    fresh: Campaign,
    demo: Campaign,
    fresh_entries: i64,
    demo_entries: i64,
}

const DEMO_EXPORT: &str = include_str!("../../exports/demo.snap.json");

/// The setup before game 1 of the fresh campaign: the five starting powers and the twelve
/// first coins (as `tests/common/mod.rs` does it).
const SET_UP: [&[&str]; 6] = [
    &["power", "bear", "a"],
    &["power", "khan", "b"],
    &["power", "saharan", "a"],
    &["power", "balkania", "b"],
    &["power", "mechaniker", "a"],
    &[
        "coins",
        "Iceland",
        "Iceland",
        "Greenland",
        "Greenland",
        "New Guinea",
        "New Guinea",
        "Western Australia",
        "Western Australia",
        "Eastern Australia",
        "Eastern Australia",
        "Irkutsk",
        "Irkutsk",
    ],
];

fn cli(args: &[&str]) {
    let parsed = Cli::try_parse_from(args).expect("the set-up command parses");
    run(parsed, Terminal::plain()).expect("the set-up command runs");
}

fn entries(db: &PathBuf) -> i64 {
    let conn =
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .expect("the database opens");
    conn.query_row("SELECT count(*) FROM entry", [], |row| row.get(0))
        .expect("the entries count")
}

fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| {
        // SAFETY: set once, before anything reads the environment on another thread.
        unsafe {
            std::env::set_var("CHRONICLE_NOW", "2026-11-29");
            std::env::set_var("NO_COLOR", "1");
            std::env::remove_var("CHRONICLE_DB");
            std::env::remove_var("CHRONICLE_CAMPAIGN");
        }
        let dir = tempfile::Builder::new()
            .prefix("chronicle-fuzz-")
            .tempdir()
            .expect("a temporary folder");
        let fresh_db = dir.path().join("fresh.db");
        let demo_db = dir.path().join("demo.db");
        let fresh = fresh_db.to_str().unwrap();
        cli(&["chronicle", "--db", fresh, "init", "Earth"]);
        // The setup before game 1 (rules §2), so that game 1 may be logged there.
        for setup in SET_UP {
            let mut args = vec!["chronicle", "--db", fresh];
            args.extend(setup);
            cli(&args);
        }
        cli(&["chronicle", "--db", demo_db.to_str().unwrap(), "demo"]);
        let (_, read) = chronicle::exchange::read(DEMO_EXPORT)
            .expect("the demo export reads");
        let demo = read.campaign().clone();
        World {
            fresh_entries: entries(&fresh_db),
            demo_entries: entries(&demo_db),
            _dir: dir,
            fresh_db,
            demo_db,
            fresh: Campaign::new(),
            demo,
        }
    })
}

/// Every lookup the flag parsers make, on one piece of a value: those that depend on the
/// campaign against both.
fn look_up(piece: &str, campaigns: [&Campaign; 2]) {
    let _ = Territory::find(piece);
    let _ = Continent::find_printed(piece);
    let _ = Packet::find(piece);
    let _ = Outcome::from_key(piece);
    let _ = PoolKind::from_key(piece);
    for campaign in campaigns {
        let _ = campaign.find_faction(piece);
        let _ = campaign.find_continent(piece);
        let _ = campaign.find_scar_type(piece);
        let _ = campaign.known_person(piece);
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let world = world();
    let mut lines = text.split('\n');
    let demo = lines.next() == Some("demo");
    let args: Vec<&str> = lines
        .filter(|line| !line.trim_start().starts_with("--db"))
        .take(64)
        .collect();

    // The pieces of the values as the parsers cut them (at `=`, `:` and `@`, trimmed),
    // each looked up once: the lookups' near-miss suggestions are slow under the sanitizer.
    let mut pieces = BTreeSet::new();
    for arg in &args {
        let value = arg.split_once('=').map_or(*arg, |(_, value)| value);
        pieces.insert(value.trim());
        pieces.extend(value.split(['=', ':', '@']).map(str::trim));
    }
    for piece in pieces.into_iter().take(8) {
        look_up(piece, [&world.fresh, &world.demo]);
    }

    let (db, before) = if demo {
        (&world.demo_db, world.demo_entries)
    } else {
        (&world.fresh_db, world.fresh_entries)
    };
    let head = [
        "chronicle",
        "--db",
        db.to_str().unwrap(),
        "--no-input",
        "game",
        "log",
        "--dry-run",
    ];
    if let Ok(parsed) = Cli::try_parse_from(head.iter().chain(args.iter())) {
        // A plain terminal: no colour, no questions, 80 columns (as the binary has when
        // nothing is a terminal).
        let _ = run(parsed, Terminal::plain());
    }
    assert_eq!(entries(db), before, "a dry run wrote to the database");
});
