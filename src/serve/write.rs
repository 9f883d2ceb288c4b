//! Writing from `serve` (with `--allow-log` only): a game logged through the same store
//! write as `game log` (`Store::append`: one `BEGIN IMMEDIATE` transaction, the record
//! checked and folded through the rules), refused when the log moved since the page or the
//! script read it (the head it names is compared inside that transaction), and the latest
//! entry a device made in this run taken back through the same correction as `game undo`.

use chrono::NaiveDate;

use super::memory::{Refused, Writing};
use super::read::{BUSY, Shared};
use crate::domain::{
    Body, Campaign, Correction, Entry, EntryId, Game, LogRecord, LoggedEntry, Place, Refusal,
};
use crate::store::{Access, Appended, Current, NewRecord, Stamp, Store, StoreError};

/// Why a write did not happen.
#[derive(Debug)]
pub(super) enum Failed {
    Store(StoreError),
    Rule(Refusal),
    Refused(Refused),
    /// The log moved since the head the request names.
    Stale(Vec<String>),
}

impl From<StoreError> for Failed {
    fn from(error: StoreError) -> Failed {
        Failed::Store(error)
    }
}

impl From<Refusal> for Failed {
    fn from(refusal: Refusal) -> Failed {
        Failed::Rule(refusal)
    }
}

/// The head of the log as it stands in a write: `SEQ:UID` of the last record written (the
/// `ETag` of every page; `0` for an empty log).
fn head_of(current: &Current<'_>) -> String {
    current
        .records
        .iter()
        .chain(current.pending)
        .max_by_key(|r| r.seq)
        .map_or_else(|| "0".to_string(), |r| format!("{}:{}", r.seq, r.id))
}

/// An `If-Match` value as a head: quotes and a weak mark taken off.
pub(super) fn head_named(value: &str) -> String {
    value
        .trim()
        .trim_start_matches("W/")
        .trim_matches('"')
        .to_string()
}

/// What was written after the head `seen`, a line each: "game 7 was logged on laptop at
/// 22:41".
fn changed_since(current: &Current<'_>, seen: &str) -> Vec<String> {
    let after: u32 = seen
        .split_once(':')
        .and_then(|(seq, _)| seq.parse().ok())
        .unwrap_or(0);
    let entries = &current.resolved.entries;
    let mut records: Vec<&LogRecord> = current
        .records
        .iter()
        .chain(current.pending)
        .filter(|r| r.seq > after)
        .collect();
    records.sort_by_key(|r| r.seq);
    let mut lines: Vec<String> = records.iter().map(|r| said(r, entries)).collect();
    if lines.is_empty() {
        lines.push("The log is not the one this form was read from.".to_string());
    }
    lines
}

/// A record in words, with where and when it was made.
fn said(record: &LogRecord, entries: &[LoggedEntry]) -> String {
    let game_of = |id: &EntryId| entries.iter().find(|e| &e.id == id).and_then(|e| e.game);
    let what = match &record.body {
        Body::Add(entry) => match (&**entry, game_of(&record.id)) {
            (Entry::Game(_), Some(n)) => format!("game {n} was logged"),
            _ => "an entry was added".to_string(),
        },
        Body::Correct(Correction::TakeBack { target, .. }) => match game_of(target) {
            Some(n) => format!("game {n} was taken back"),
            None => "an entry was taken back".to_string(),
        },
        Body::Correct(_) => "the log was corrected".to_string(),
    };
    let place = record
        .logged_by
        .clone()
        .or_else(|| record.origin.as_ref().map(|o| o.device.clone()))
        .unwrap_or_else(|| "the command line".to_string());
    let time = chrono::DateTime::parse_from_rfc3339(&record.recorded_at).map_or_else(
        |_| record.recorded_at.clone(),
        |at| {
            at.with_timezone(&chrono::Local)
                .format("%H:%M on %Y-%m-%d")
                .to_string()
        },
    );
    let mut words = format!("{what} on {place} at {time}");
    if let Some(first) = words.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    words.push('.');
    words
}

/// Makes the game to log from the campaign as it stands inside the write, and today.
pub(super) type MakeGame<'a> = Box<dyn FnOnce(&Campaign, NaiveDate) -> Result<Game, Refused> + 'a>;

/// A game to log: made from the campaign as it stands inside the write.
pub(super) struct GameWrite<'a> {
    /// The head the request was made from; none for a dry run that names none.
    pub seen: Option<String>,
    pub dry_run: bool,
    pub logged_by: Option<String>,
    pub make: MakeGame<'a>,
}

/// Logs a game at the end of the log, in one transaction: refused when the head moved since
/// `seen`, or when the rules refuse it; nothing written for a dry run.
pub(super) fn log_game(
    shared: &Shared,
    writing: &Writing,
    request: GameWrite<'_>,
) -> Result<(Appended, Stamp), Failed> {
    let access = if request.dry_run {
        Access::Read
    } else {
        Access::Write
    };
    let mut store = Store::open(&shared.db, access, BUSY)?;
    let info = store.choose_campaign(shared.campaign.as_deref())?;
    let stamp = writing.logbook.stamp(request.logged_by);
    let today = stamp.today;
    let GameWrite { seen, make, .. } = request;
    let appended = store.append(info.id, &stamp, request.dry_run, |current| {
        if let Some(seen) = &seen
            && *seen != head_of(current)
        {
            return Err(Failed::Stale(changed_since(current, seen)));
        }
        let game = make(current.campaign, today).map_err(Failed::Refused)?;
        Ok(NewRecord {
            place: Place::End,
            body: Body::Add(Entry::Game(Box::new(game)).into()),
        })
    })?;
    Ok((appended, stamp))
}

/// Takes back the latest entry, in one transaction, when it is `latest` and the head is
/// still `seen`: the same correction `game undo` writes.
pub(super) fn take_back(
    shared: &Shared,
    writing: &Writing,
    latest: &EntryId,
    seen: &str,
    reason: String,
    logged_by: String,
) -> Result<Appended, Failed> {
    let mut store = Store::open(&shared.db, Access::Write, BUSY)?;
    let info = store.choose_campaign(shared.campaign.as_deref())?;
    let stamp = writing.logbook.stamp(Some(logged_by));
    store.append(info.id, &stamp, false, |current| {
        if head_of(current) != seen {
            return Err(Failed::Stale(changed_since(current, seen)));
        }
        let standing = current
            .resolved
            .entries
            .iter()
            .rfind(|e| e.taken_back.is_none());
        if standing.map(|e| &e.id) != Some(latest) {
            return Err(Failed::Stale(vec![
                "The latest entry is no longer the one this device logged.".to_string(),
            ]));
        }
        Ok(NewRecord {
            place: Place::End,
            body: Body::Correct(Correction::TakeBack {
                target: latest.clone(),
                reason: Some(reason),
            }),
        })
    })
}
