//! The one validator of records (`domain::log::check_record`, with
//! `domain::entry::validate::text` and `timestamp`), and the campaign file reader that uses
//! it (`exchange::read_from`), must never panic, whatever the bytes; and what they accept
//! must be what they promise: only RFC 3339 timestamps, no game after the latest date
//! allowed, free text without control characters (but line breaks and tabs in a note) and
//! within its length.
//!
//! The input is used twice:
//!
//! - whole, as a campaign file given to `read_from` (a byte-order mark, JSON or not), which
//!   judges each record by its writer's clock; every record of a file it accepts must pass
//!   `check_record` against that clock's latest date (`writers_latest`) too, and every entry
//!   of the log as corrected must be as promised;
//! - cut into fields at each 0xFF byte (never part of UTF-8 text, each field read lossily):
//!   `KIND`, `RECORDED_AT`, `TAKEN_BACK_AT`, `REASON`, `TEXT`, `DATE`, `NUMBERS`, from which a
//!   record is built (adding a game with the note TEXT, a pool capacity or a scar type with
//!   TEXT as its reason or effect, or coins, by KIND's first byte), and, when TAKEN_BACK_AT
//!   is given, the record that takes it back (recorded then, with REASON); each is checked
//!   with `check_record` against several latest dates; every field also goes to
//!   `validate::text` (as a note and as a reason) and `validate::timestamp`.
#![no_main]

use chronicle::domain::entry::validate::{self, MAX_NOTE_CHARS, MAX_REASON_CHARS};
use chronicle::domain::log::{check_record, writers_latest};
use chronicle::domain::{
    Body, Correction, Entry, EntryId, Game, LogRecord, LoggedEntry, Place, PoolKind, RuleSet,
};
use chronicle::exchange::read_from;
use chrono::{DateTime, NaiveDate};
use libfuzzer_sys::fuzz_target;

/// The latest dates a game may carry that the target tries: none allowed, this project's
/// fixed today and the day after, and any.
fn latest_dates() -> [NaiveDate; 4] {
    [
        NaiveDate::MIN,
        NaiveDate::from_ymd_opt(2026, 11, 29).expect("a date"),
        NaiveDate::from_ymd_opt(2026, 11, 30).expect("a date"),
        NaiveDate::MAX,
    ]
}

fn is_rfc3339(text: &str) -> bool {
    DateTime::parse_from_rfc3339(text).is_ok()
}

/// What an accepted entry must be: RFC 3339 timestamps, no game after `latest`, free text
/// (as it is kept: trimmed, composed) without control characters and within its length.
fn assert_as_promised(entry: &LoggedEntry, latest: NaiveDate) {
    assert!(
        is_rfc3339(&entry.recorded_at),
        "accepted a recording time that is not RFC 3339: {:?}",
        entry.recorded_at
    );
    if let Some(back) = &entry.taken_back {
        assert!(
            is_rfc3339(&back.at),
            "accepted a time taken back that is not RFC 3339: {:?}",
            back.at
        );
        if let Some(reason) = &back.reason {
            assert_clean_text(reason, MAX_REASON_CHARS, false);
        }
    }
    entry_as_promised(&entry.entry, latest);
}

/// What an accepted record must be: an RFC 3339 recording time, a take-back's reason clean,
/// and what it adds (or puts in place of another) as promised.
fn record_as_promised(record: &LogRecord, latest: NaiveDate) {
    assert!(
        is_rfc3339(&record.recorded_at),
        "accepted a recording time that is not RFC 3339: {:?}",
        record.recorded_at
    );
    if let Body::Correct(
        Correction::TakeBack {
            reason: Some(reason),
            ..
        }
        | Correction::Replace {
            reason: Some(reason),
            ..
        },
    ) = &record.body
    {
        assert_clean_text(reason, MAX_REASON_CHARS, false);
    }
    match &record.body {
        Body::Add(entry) => entry_as_promised(entry, latest),
        Body::Correct(Correction::Replace { entry, .. }) => entry_as_promised(entry, latest),
        Body::Correct(_) => {}
    }
}

/// What an accepted entry must be: no game after `latest`, its free text clean.
fn entry_as_promised(entry: &Entry, latest: NaiveDate) {
    match entry {
        Entry::Game(game) => {
            assert!(
                game.date <= latest,
                "accepted a game on {} after {latest}",
                game.date
            );
            if let Some(note) = &game.note {
                assert_clean_text(note, MAX_NOTE_CHARS, true);
            }
        }
        Entry::PoolCapacity { reason, .. } => assert_clean_text(reason, MAX_REASON_CHARS, false),
        Entry::AddScarType {
            effect: Some(effect),
            ..
        } => assert_clean_text(effect, MAX_REASON_CHARS, false),
        _ => {}
    }
}

/// Free text accepted: as kept, no control character (but a line break or a tab where
/// `lines`), at most `max` characters.
fn assert_clean_text(given: &str, max: usize, lines: bool) {
    let kept = validate::text("text", given, max, lines)
        .unwrap_or_else(|e| panic!("accepted text the validator refuses alone: {given:?}: {e}"));
    assert!(
        kept.chars().count() <= max,
        "{kept:?} is over {max} characters"
    );
    assert!(
        !kept
            .chars()
            .any(|c| c.is_control() && !(lines && matches!(c, '\n' | '\t'))),
        "accepted a control character: {kept:?}"
    );
}

/// The whole input as a campaign file.
fn as_file(data: &[u8]) {
    let Ok((campaign, entries)) = read_from(data) else {
        return;
    };
    assert!(
        is_rfc3339(&campaign.created_at),
        "accepted a file whose campaign started at {:?}",
        campaign.created_at
    );
    for record in entries.records() {
        let latest = writers_latest(record);
        if let Err(refusal) = check_record(record, latest) {
            panic!(
                "read_from accepted record {} that check_record refuses: {refusal}",
                record.seq
            );
        }
        record_as_promised(record, latest);
    }
    for entry in &entries.resolved().entries {
        if let Some(record) = entries.records().iter().find(|r| r.id == entry.id) {
            assert_as_promised(entry, writers_latest(record));
        }
    }
}

/// A date from a field: `YYYY-MM-DD`, else a day counted from its bytes (any date chrono
/// holds, the far past and future included).
fn date_of(field: &str, bytes: &[u8]) -> NaiveDate {
    if let Ok(date) = NaiveDate::parse_from_str(field.trim(), "%Y-%m-%d") {
        return date;
    }
    let mut four = [0u8; 4];
    for (slot, byte) in four.iter_mut().zip(bytes) {
        *slot = *byte;
    }
    let days = i32::from_le_bytes(four);
    NaiveDate::from_num_days_from_ce_opt(days)
        .or_else(|| NaiveDate::from_num_days_from_ce_opt(days % 3_000_000))
        .unwrap_or(NaiveDate::MIN)
}

/// An entry built from the input's fields.
fn as_fields(data: &[u8]) {
    let raw: Vec<&[u8]> = data.split(|b| *b == 0xFF).collect();
    let field = |n: usize| -> String {
        raw.get(n)
            .map(|f| String::from_utf8_lossy(f).into_owned())
            .unwrap_or_default()
    };
    let numbers = raw.get(6).copied().unwrap_or_default();
    let number = |n: usize| -> u32 {
        let mut four = [0u8; 4];
        for (slot, byte) in four.iter_mut().zip(numbers.iter().skip(n * 4)) {
            *slot = *byte;
        }
        u32::from_le_bytes(four)
    };
    let (kind, text) = (
        raw.first().and_then(|k| k.first()).copied().unwrap_or(0),
        field(4),
    );
    let date = date_of(&field(5), raw.get(5).copied().unwrap_or_default());
    let entry = match kind % 4 {
        0 => Entry::Game(Box::new(Game {
            date,
            seats: Vec::new(),
            scars: Vec::new(),
            wear: Vec::new(),
            reward: None,
            declined: false,
            held_on: Vec::new(),
            opened: Vec::new(),
            events: Vec::new(),
            draft: Vec::new(),
            event_cards: Vec::new(),
            missions: Vec::new(),
            note: (kind & 0x10 == 0).then(|| text.clone()),
        })),
        1 => Entry::PoolCapacity {
            pool: PoolKind::MajorCity,
            capacity: number(2),
            reason: text.clone(),
        },
        2 => Entry::AddScarType {
            name: "Lava".to_string(),
            count: number(2),
            effect: (kind & 0x10 == 0).then(|| text.clone()),
        },
        _ => Entry::Coins {
            territories: Vec::new(),
        },
    };
    let added = LogRecord {
        id: EntryId("01a2272d-2600-7000-8000-000000000001".into()),
        seq: number(0),
        recorded_at: field(1),
        rules: RuleSet::CURRENT,
        origin: None,
        logged_by: None,
        parent: None,
        place: Place::End,
        body: Body::Add(entry.into()),
    };
    let taken_back =
        (raw.len() > 2 && (kind & 0x20 == 0 || !raw[2].is_empty())).then(|| LogRecord {
            id: EntryId("01a2272d-2600-7000-8000-000000000002".into()),
            seq: number(0).saturating_add(1),
            recorded_at: field(2),
            rules: RuleSet::CURRENT,
            origin: None,
            logged_by: None,
            parent: Some(added.id.clone()),
            place: Place::End,
            body: Body::Correct(Correction::TakeBack {
                target: added.id.clone(),
                reason: (kind & 0x40 == 0).then(|| field(3)),
            }),
        });
    for latest in latest_dates().into_iter().chain([date]) {
        for record in std::iter::once(&added).chain(&taken_back) {
            if check_record(record, latest).is_ok() {
                record_as_promised(record, latest);
            }
        }
    }
    for n in 0..raw.len().min(8) {
        let given = field(n);
        for (max, lines) in [
            (MAX_NOTE_CHARS, true),
            (MAX_REASON_CHARS, false),
            (0, true),
            (3, false),
        ] {
            if validate::text("text", &given, max, lines).is_ok() {
                assert_clean_text(&given, max, lines);
            }
        }
        assert_eq!(
            validate::timestamp("time", &given).is_ok(),
            is_rfc3339(&given),
            "validate::timestamp and RFC 3339 differ on {given:?}"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    as_file(data);
    as_fields(data);
});
