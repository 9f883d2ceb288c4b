//! A device's log file in the shared folder of `sync` comes from another machine, through
//! a sync tool, a USB stick or a git clone: `exchange::read_device_log` must never panic,
//! whatever the bytes (as UTF-8, lossily, since `sync` skips a file that is not). What it
//! accepts must be what it promises, for each latest date tried (none allowed, this
//! project's fixed today and the day after, any):
//!
//! - the text ends with a line break; its first line is a head of the format
//!   `chronicle-device-log`, of a version this chronicle reads;
//! - every record after it is the device's own, numbered 1, 2, 3… in the order of the
//!   lines, and passes `check_record` with the same latest date (identity, timestamp, free
//!   text, no game after that date);
//! - a later latest date accepts it too, and reads the same; a file accepted only with a
//!   later date is refused for breaking a rule (a game dated too late), nothing else;
//! - written back as `sync` writes it (`device_log_text`, each game with the number its line
//!   gave) and read again, it reads the same, and written once more it is the same text;
//! - every beginning of it that ends at a line break reads, as the head and the records of
//!   those lines (a device only ever adds lines); one cut inside a line is refused as
//!   truncated;
//! - a refusal names a line the file has.
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

use chronicle::domain::log::check_record;
use chronicle::domain::{Body, Correction, LogRecord};
use chronicle::exchange::{
    CorrectionDoc, DEVICE_LOG_FORMAT, DEVICE_LOG_VERSION, DeviceLog, DeviceLogError, EntryDoc,
    LogEntryDoc, device_log_text, read_device_log,
};
use chrono::NaiveDate;
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

/// The latest date a game from another device may carry, as `sync` has it (today's, a day
/// on: another machine's today may be ahead).
fn latest_elsewhere() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 30).expect("a date")
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
    let read = read_device_log(text, latest_elsewhere());
    let device = read
        .as_ref()
        .ok()
        .map(|log| log.head.device.clone())
        .filter(|device| device != "table");
    let name = device.as_deref().unwrap_or("peer");
    std::fs::write(shared.join(CAMPAIGN).join(format!("{name}.jsonl")), text)
        .expect("the device's file");
    let taken = read.is_ok_and(|log| log.head.campaign.id == CAMPAIGN) && device.is_some();
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

/// The latest dates a game may carry that the target tries, earliest first: none allowed,
/// this project's fixed today and the day after, and any.
fn latest_dates() -> [NaiveDate; 4] {
    [
        NaiveDate::MIN,
        NaiveDate::from_ymd_opt(2026, 11, 29).expect("a date"),
        NaiveDate::from_ymd_opt(2026, 11, 30).expect("a date"),
        NaiveDate::MAX,
    ]
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

/// What must hold of a file accepted with `latest`.
fn as_promised(text: &str, log: &DeviceLog, latest: NaiveDate) {
    assert!(
        text.ends_with('\n'),
        "accepted a file cut inside its last line"
    );
    assert_eq!(
        log.head.format, DEVICE_LOG_FORMAT,
        "accepted another format"
    );
    assert!(
        log.head.version <= DEVICE_LOG_VERSION,
        "accepted version {}, newer than {DEVICE_LOG_VERSION}",
        log.head.version
    );
    assert_eq!(
        log.records.len() + 1,
        lines_in(text),
        "not every line after the head is a record"
    );
    for (i, record) in log.records.iter().enumerate() {
        let origin = record
            .origin
            .as_ref()
            .unwrap_or_else(|| panic!("accepted record {} of no device", i + 1));
        assert_eq!(
            origin.device, log.head.device,
            "accepted another device's record in {}'s file",
            log.head.device
        );
        assert_eq!(
            origin.seq,
            i as u64 + 1,
            "accepted the device's records out of order"
        );
        if let Err(refusal) = check_record(record, latest) {
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

/// A file accepted: written back and read again, it reads the same; written again, it is the
/// same text.
fn round_trip(text: &str, log: &DeviceLog, latest: NaiveDate) {
    let games: Vec<Option<u32>> = text.lines().skip(1).map(said_game).collect();
    let again = written_back(log, &games);
    let read_again = read_device_log(&again, latest)
        .unwrap_or_else(|e| panic!("a file written from what was read is refused ({e}):\n{again}"));
    assert_eq!(&read_again, log, "the file changed on the round trip");
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

/// A file accepted: every beginning that ends at a line break reads as its first lines;
/// cut inside a line (where `cut` falls, on a character's boundary), it is refused as
/// truncated.
fn beginnings(text: &str, log: &DeviceLog, latest: NaiveDate, cut: usize) {
    for (records, (end, _)) in text.match_indices('\n').enumerate() {
        let beginning = &text[..=end];
        let read = read_device_log(beginning, latest)
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
        assert_eq!(
            read_device_log(cut, latest),
            Err(DeviceLogError::Truncated),
            "a file cut inside a line is not refused as truncated"
        );
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
    let mut accepted: Option<DeviceLog> = None;
    for latest in latest_dates() {
        match read_device_log(text, latest) {
            Ok(log) => {
                if let Some(earlier) = &accepted {
                    assert_eq!(
                        &log, earlier,
                        "a later latest date reads the file otherwise"
                    );
                    continue;
                }
                as_promised(text, &log, latest);
                round_trip(text, &log, latest);
                beginnings(text, &log, latest, cut);
                accepted = Some(log);
            }
            Err(error) => {
                assert!(
                    accepted.is_none(),
                    "a file accepted with an earlier latest date is refused with {latest}: {error}"
                );
                names_a_line(text, &error);
                if read_device_log(text, NaiveDate::MAX).is_ok() {
                    assert!(
                        matches!(error, DeviceLogError::Refused { .. }),
                        "a file accepted with any date is refused with {latest} for another reason than a rule: {error}"
                    );
                }
            }
        }
    }
    synced_in(text);
    if let Ok(log) = read_device_log(text, latest_elsewhere()) {
        joined_from(text, &log);
    }
});
