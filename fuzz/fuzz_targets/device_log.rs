//! A device's log file in the shared folder of `sync` comes from another machine, through
//! a sync tool, a USB stick or a git clone: `exchange::read_device_log` must never panic,
//! whatever the bytes (as UTF-8, lossily, since `sync` skips a file that is not). What it
//! takes must be what it promises:
//!
//! - its first line, ended by a line break, is a head of the format `chronicle-device-log`,
//!   of a version this chronicle reads;
//! - the records taken are the lines after it up to the first that cannot be taken, which
//!   is named (`bad`) when there is one; when there is none, every line is a record;
//! - the device's own records come first, numbered 1, 2, 3… in the order of the lines, then
//!   (from version 3) the records of other devices it relays; each passes `check_record`
//!   judged by its writer's clock (no game after the day after it was recorded);
//! - written back as `sync` writes it (`device_log_text`, each game with the number its line
//!   gave) and read again, it reads the same records with nothing bad, and written once more
//!   it is the same text;
//! - every beginning of it that ends at a line break reads as the head and the records of
//!   those lines (a device only ever adds lines); one cut inside a line takes the lines
//!   before the cut and names the cut as truncated;
//! - a bad line or a refusal names a line the file has.
//!
//! And the file is synced, as `chronicle sync` finds it in the shared folder: into a
//! database of the campaign that joined from `corpus/device_log/demo-laptop.jsonl` (as the
//! device's file if its head names one, else as `peer.jsonl`), where a file sync skips
//! leaves the database row for row as it was, and the database passes `chronicle check`
//! whatever came in (a fork included); and alone in a shared folder, for a device to join:
//! a refused join leaves no database behind, a database a join made passes `chronicle
//! check`, and the file joined from is left as it was.
#![no_main]

mod store_checks;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use chronicle::domain::log::{check_record, writers_latest};
use chronicle::domain::{Body, Correction, LogRecord};
use chronicle::exchange::{
    CorrectionDoc, DEVICE_LOG_FORMAT, DEVICE_LOG_VERSION, DeviceLog, DeviceLogError, EntryDoc,
    LogEntryDoc, device_log_text, read_device_log,
};
use libfuzzer_sys::fuzz_target;
use store_checks::{arg, chronicle, copy_folder, dump, passes_check};

/// The device's file a campaign is joined from, once, for the database files are synced
/// into.
const JOINED_FROM: &str = include_str!("../corpus/device_log/demo-laptop.jsonl");

/// The campaign's identity in `JOINED_FROM`.
const CAMPAIGN: &str = "01a2272d-2600-763c-ab25-25963565a33c";

/// A database that joined the campaign of `JOINED_FROM` as device `table`, with its shared
/// folder, made once (the corpus holds files of devices `desk` and `laptop` of that
/// campaign: `table` takes what they logged).
struct Joined {
    dir: tempfile::TempDir,
}

impl Joined {
    fn db(&self) -> PathBuf {
        self.dir.path().join("table.db")
    }

    fn shared(&self) -> PathBuf {
        self.dir.path().join("shared")
    }
}

fn joined() -> &'static Joined {
    static JOINED: OnceLock<Joined> = OnceLock::new();
    JOINED.get_or_init(|| {
        let joined = Joined {
            dir: tempfile::Builder::new()
                .prefix("chronicle-fuzz-")
                .tempdir()
                .expect("a temporary folder"),
        };
        let folder = joined.shared().join(CAMPAIGN);
        std::fs::create_dir_all(&folder).expect("the campaign's folder");
        std::fs::write(folder.join("laptop.jsonl"), JOINED_FROM).expect("laptop's file");
        let (db, shared) = (joined.db(), joined.shared());
        chronicle(&["--db", arg(&db), "sync", arg(&shared), "--device", "table"])
            .expect("table joins the campaign");
        joined
    })
}

/// The file synced into a copy of the joined database, under the name of the device its
/// head names (`peer.jsonl` when it names none, or this device).
fn synced_in(text: &str) {
    let dir = tempfile::Builder::new()
        .prefix("chronicle-fuzz-")
        .tempdir()
        .expect("a temporary folder");
    let (db, shared) = (dir.path().join("table.db"), dir.path().join("shared"));
    std::fs::copy(joined().db(), &db).expect("the joined database");
    copy_folder(&joined().shared(), &shared);
    let read = read_device_log(text);
    let device = read
        .as_ref()
        .ok()
        .map(|log| log.head.device.clone())
        .filter(|device| device != "table");
    let name = device.as_deref().unwrap_or("peer");
    std::fs::write(shared.join(CAMPAIGN).join(format!("{name}.jsonl")), text)
        .expect("the device's file");
    let taken = read.is_ok_and(|log| log.head.campaign.id == CAMPAIGN && !log.records.is_empty())
        && device.is_some();
    let before = dump(&db);
    // A fork is an error that keeps every entry: what must hold holds either way.
    let _ = chronicle(&["--db", arg(&db), "sync", arg(&shared)]);
    if !taken {
        assert_eq!(dump(&db), before, "a file sync skips changed the database");
    }
    passes_check(&db, "a sync");
}

/// The file alone in a shared folder, for a device with no database to join from.
fn joined_from(text: &str, log: &DeviceLog) {
    if log.head.device == "fuzz" {
        return;
    }
    let dir = tempfile::Builder::new()
        .prefix("chronicle-fuzz-")
        .tempdir()
        .expect("a temporary folder");
    let (db, shared): (PathBuf, PathBuf) = (dir.path().join("fuzz.db"), dir.path().join("shared"));
    let folder = shared.join(&log.head.campaign.id);
    std::fs::create_dir_all(&folder).expect("the campaign's folder");
    let file = folder.join(format!("{}.jsonl", log.head.device));
    std::fs::write(&file, text).expect("the device's file");
    // A join refused leaves no database; one that joined a log that forks says so (an
    // error) with every entry kept: either way a database there passes `check`.
    let joined = chronicle(&["--db", arg(&db), "sync", arg(&shared), "--device", "fuzz"]);
    if joined.is_ok() || Path::new(&db).exists() {
        passes_check(&db, "a join");
    }
    assert_eq!(
        std::fs::read_to_string(&file).ok().as_deref(),
        Some(text),
        "a join changed the file it joined from"
    );
}

/// The number a line of the file gives the game it adds or replaces, if it reads as a record.
fn said_game(line: &str) -> Option<u32> {
    let doc: LogEntryDoc = serde_json::from_str(line).ok()?;
    match (&doc.entry, &doc.correction) {
        (Some(EntryDoc::Game(game)), _) => Some(game.game),
        (None, Some(CorrectionDoc::Replace { entry, .. })) => match entry.as_ref() {
            EntryDoc::Game(game) => Some(game.game),
            _ => None,
        },
        _ => None,
    }
}

/// The file written back as `sync` writes a device's file, each game numbered as the line
/// it came from numbered it.
fn written_back(log: &DeviceLog, games: &[Option<u32>]) -> String {
    device_log_text(&log.head, &log.records, |record: &LogRecord| {
        log.records
            .iter()
            .position(|r| std::ptr::eq(r, record))
            .and_then(|i| games.get(i).copied().flatten())
    })
    .expect("a device's file read is written back as JSON")
}

/// The number of lines of `text` (each ended by a line break, but perhaps the last).
fn lines_in(text: &str) -> usize {
    text.lines().count()
}

/// What must hold of what was taken of a file.
fn as_promised(text: &str, log: &DeviceLog) {
    assert_eq!(
        log.head.format, DEVICE_LOG_FORMAT,
        "accepted another format"
    );
    assert!(
        log.head.version <= DEVICE_LOG_VERSION,
        "accepted version {}, newer than {DEVICE_LOG_VERSION}",
        log.head.version
    );
    match &log.bad {
        None => {
            assert!(text.ends_with('\n'), "took a file cut inside its last line whole");
            assert_eq!(
                log.records.len() + 1,
                lines_in(text),
                "not every line after the head is a record, and none is named bad"
            );
        }
        Some(bad) => {
            assert!(
                log.records.len() + 1 < lines_in(text),
                "a line is named bad, but every line was taken"
            );
            names_a_line(text, bad);
        }
    }
    let own = log
        .records
        .iter()
        .take_while(|r| r.origin.as_ref().is_some_and(|o| o.device == log.head.device))
        .count();
    for (i, record) in log.records.iter().enumerate() {
        let origin = record
            .origin
            .as_ref()
            .unwrap_or_else(|| panic!("accepted record {} of no device", i + 1));
        if i < own {
            assert_eq!(
                origin.seq,
                i as u64 + 1,
                "accepted the device's records out of order"
            );
        } else {
            assert!(
                log.head.version >= 3 && origin.device != log.head.device,
                "accepted another device's record in {}'s file, or one of its own after those it relays",
                log.head.device
            );
        }
        if let Err(refusal) = check_record(record, writers_latest(record)) {
            panic!(
                "accepted record {} that check_record refuses: {refusal}",
                i + 1
            );
        }
        if let Body::Correct(Correction::Join { kept, .. }) = &record.body {
            assert!(!kept.is_empty(), "accepted a join that keeps nothing");
        }
    }
}

/// What was taken of a file: written back and read again, it reads the same records; written
/// again, it is the same text.
fn round_trip(text: &str, log: &DeviceLog) {
    let games: Vec<Option<u32>> = text
        .lines()
        .skip(1)
        .take(log.records.len())
        .map(said_game)
        .collect();
    let again = written_back(log, &games);
    let read_again = read_device_log(&again)
        .unwrap_or_else(|e| panic!("a file written from what was read is refused ({e}):\n{again}"));
    assert_eq!(read_again.bad, None, "a file written from what was read has a bad line");
    assert_eq!(read_again.head, log.head, "the head changed, written back and read again");
    assert_eq!(read_again.records, log.records, "the records changed, written back and read again");
    let games_again: Vec<Option<u32>> = again.lines().skip(1).map(said_game).collect();
    assert_eq!(
        games_again, games,
        "the game numbers changed on the round trip"
    );
    assert_eq!(
        written_back(&read_again, &games_again),
        again,
        "a file written back twice is not the same text"
    );
}

/// A file taken whole: every beginning that ends at a line break reads as its first lines;
/// cut inside a line (where `cut` falls, on a character's boundary), the lines before the
/// cut are taken and the cut named as truncated.
fn beginnings(text: &str, log: &DeviceLog, cut: usize) {
    for (records, (end, _)) in text.match_indices('\n').enumerate() {
        let beginning = &text[..=end];
        let read = read_device_log(beginning)
            .unwrap_or_else(|e| panic!("the file's first {} lines are refused ({e})", records + 1));
        assert_eq!(
            read.head, log.head,
            "a beginning of the file has another head"
        );
        assert_eq!(
            read.records,
            log.records[..records],
            "a beginning of the file reads other records"
        );
    }
    let mut at = cut % text.len();
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let cut = &text[..at];
    if !cut.is_empty() && !cut.ends_with('\n') {
        match read_device_log(cut) {
            Err(DeviceLogError::Truncated) => {}
            Ok(read) => assert_eq!(
                read.bad,
                Some(DeviceLogError::Truncated),
                "a file cut inside a line is not named as truncated"
            ),
            Err(other) => panic!("a file cut inside a line is refused otherwise: {other}"),
        }
    }
}

/// A refusal names a line the file has.
fn names_a_line(text: &str, error: &DeviceLogError) {
    let _ = error.to_string();
    if let DeviceLogError::Damaged { line, .. } | DeviceLogError::Refused { line, .. } = error {
        assert!(
            (1..=lines_in(text)).contains(line),
            "a refusal names line {line} of a file of {} lines",
            lines_in(text)
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    let cut = data.iter().fold(0usize, |n, b| {
        n.wrapping_mul(31).wrapping_add(usize::from(*b))
    });
    match read_device_log(text) {
        Ok(log) => {
            as_promised(text, &log);
            round_trip(text, &log);
            if log.bad.is_none() {
                beginnings(text, &log, cut);
            }
        }
        Err(error) => names_a_line(text, &error),
    }
    synced_in(text);
    if let Ok(log) = read_device_log(text) {
        joined_from(text, &log);
    }
});
