//! Reading a campaign's log back: rows of `entry`, `seat` and `change` turned into the
//! domain's records. A row that cannot be read means a damaged database.

use rusqlite::{Connection, params};

use super::StoreError;
use super::decode_game::{StoredRow, add_change, need_name, need_territory, packet};
use super::stored::{CorrectionKind, entry_kind};
use crate::domain::vocabulary::pool::PoolKind;
use crate::domain::{
    AliasOf, Body, Correction, Entry, EntryId, EntryKind, Game, LogRecord, Origin, Place, Power,
    RuleSet, Seat,
};

/// What the store keeps beside each record, worked out from the log (for people who read
/// the file with sqlite3), to be rebuilt when the log changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Derived {
    /// The row's id.
    pub row: i64,
    pub game: Option<u32>,
    pub undone_at: Option<String>,
    pub undo_reason: Option<String>,
}

/// A campaign's records, in the order written, with what is kept beside each.
pub(super) struct Stored {
    pub records: Vec<LogRecord>,
    pub derived: Vec<Derived>,
}

/// The head of a record as stored in `entry`.
struct Head {
    row: i64,
    seq: u32,
    uid: String,
    kind: String,
    correction: Option<CorrectionKind>,
    target: Option<String>,
    before: Option<String>,
    parent: Option<String>,
    device: Option<String>,
    device_seq: Option<i64>,
    reason: Option<String>,
    date: Option<String>,
    note: Option<String>,
    recorded_at: String,
    rules: u8,
    logged_by: Option<String>,
    derived: Derived,
}

fn head(row: &rusqlite::Row<'_>) -> rusqlite::Result<Head> {
    let id: i64 = row.get(0)?;
    Ok(Head {
        row: id,
        seq: row.get(1)?,
        uid: row.get(2)?,
        kind: row.get(3)?,
        correction: row.get(4)?,
        target: row.get(5)?,
        before: row.get(6)?,
        parent: row.get(7)?,
        device: row.get(8)?,
        device_seq: row.get(9)?,
        reason: row.get(10)?,
        date: row.get(12)?,
        note: row.get(13)?,
        recorded_at: row.get(14)?,
        rules: row.get(17)?,
        logged_by: row.get(18)?,
        derived: Derived {
            row: id,
            game: row.get(11)?,
            undone_at: row.get(15)?,
            undo_reason: row.get(16)?,
        },
    })
}

/// A campaign's records in the order of its log on this device, and those waiting on
/// another branch (`Store::ordered`, for a transaction too).
pub(super) fn ordered(
    conn: &Connection,
    campaign_id: i64,
) -> Result<crate::domain::log::Ordered, StoreError> {
    let stored = read_records(conn, campaign_id)?;
    let head = super::device::head(conn, campaign_id)?;
    crate::domain::log::Ordered::new(stored.records, head.as_ref()).map_err(StoreError::BrokenLog)
}

/// Reads a campaign's records back, in the order they were written, with what is kept
/// beside each: the entries, their seats and their changes are read side by side, in three
/// statements for the whole log.
pub(super) fn read_records(conn: &Connection, campaign_id: i64) -> Result<Stored, StoreError> {
    let mut stored = Stored {
        records: Vec::new(),
        derived: Vec::new(),
    };
    let mut seat_rows = conn.prepare_cached(
        "SELECT s.entry_id, s.person, s.faction, s.result, s.hq FROM seat s JOIN entry e ON e.id = s.entry_id
         WHERE e.campaign_id = ?1 ORDER BY e.seq, s.position",
    )?;
    let mut seats = seat_rows.query_map(params![campaign_id], seat)?.peekable();
    let mut change_rows = conn.prepare_cached(
        "SELECT c.entry_id, c.kind, c.person, c.faction, c.territory, c.continent, c.name, c.amount, c.text
         FROM change c JOIN entry e ON e.id = c.entry_id WHERE e.campaign_id = ?1
         ORDER BY e.seq, c.position",
    )?;
    let mut changes = change_rows
        .query_map(params![campaign_id], change)?
        .peekable();
    let mut entries = conn.prepare_cached(
        "SELECT id, seq, uid, kind, correction, target, before, parent, device, device_seq, reason,
                game, date, note, recorded_at, undone_at, undo_reason, rules, logged_by
         FROM entry e WHERE campaign_id = ?1 ORDER BY seq",
    )?;
    let heads = entries.query_map(params![campaign_id], head)?;
    for head in heads {
        let head = head?;
        let seated = rows_of(&mut seats, head.row, |(e, _)| *e)?
            .into_iter()
            .map(|(_, seat)| seat)
            .collect();
        let changed = rows_of(&mut changes, head.row, |c| c.entry_id)?;
        let seq = head.seq;
        let (mut record, derived) =
            record(head, seated, &changed).map_err(|e| damaged(format!("entry {seq}: {e}")))?;
        record.share_parent(stored.records.last());
        stored.derived.push(derived);
        stored.records.push(record);
    }
    Ok(stored)
}

/// The rows at the front of `rows` that belong to the entry with row id `entry`.
fn rows_of<T>(
    rows: &mut std::iter::Peekable<impl Iterator<Item = rusqlite::Result<T>>>,
    entry: i64,
    entry_of: impl Fn(&T) -> i64,
) -> Result<Vec<T>, StoreError> {
    let mut of = Vec::new();
    while let Some(row) = rows.next_if(|r| r.as_ref().map_or(true, |t| entry_of(t) == entry)) {
        of.push(row?);
    }
    Ok(of)
}

/// A record from its head (its text moved into the record), its seats and its change
/// rows, with what is kept beside it.
fn record(
    head: Head,
    seats: Vec<Seat>,
    changes: &[StoredRow],
) -> Result<(LogRecord, Derived), String> {
    let Head {
        row: _,
        seq,
        uid,
        kind,
        correction,
        target,
        before,
        parent,
        device,
        device_seq,
        reason,
        date,
        note,
        recorded_at,
        rules,
        logged_by,
        derived,
    } = head;
    let content = || -> Result<Entry, String> {
        let kind = entry_kind(&kind).ok_or_else(|| format!("an unknown kind {kind:?}"))?;
        entry(kind, date.as_deref(), note, seats, changes)
    };
    let target = || {
        target
            .map(EntryId::from)
            .ok_or_else(|| "a correction without the entry it acts on".to_string())
    };
    let names = || -> Result<(String, String), String> {
        let row = changes.first().ok_or("a renaming without its names")?;
        let from = row
            .person
            .clone()
            .or_else(|| row.text.clone())
            .ok_or("a renaming without the name it changes")?;
        Ok((from, need_name(row)?))
    };
    let body = match correction {
        None => Body::Add(content()?.into()),
        Some(CorrectionKind::Replace) => Body::Correct(Correction::Replace {
            target: target()?,
            entry: content()?.into(),
            reason,
        }),
        Some(CorrectionKind::TakeBack) => Body::Correct(Correction::TakeBack {
            target: target()?,
            reason,
        }),
        Some(CorrectionKind::RenamePerson) => {
            let (from, to) = names()?;
            Body::Correct(Correction::RenamePerson { from, to })
        }
        Some(CorrectionKind::MergePerson) => {
            let (from, into) = names()?;
            Body::Correct(Correction::MergePerson { from, into })
        }
        Some(CorrectionKind::RenameCampaign) => {
            let (from, to) = names()?;
            Body::Correct(Correction::RenameCampaign { from, to })
        }
        Some(CorrectionKind::Join) => Body::Correct(join(changes)?),
    };
    let record = LogRecord {
        id: EntryId(uid.into()),
        seq,
        recorded_at,
        rules: RuleSet(rules),
        origin: origin(device, device_seq),
        logged_by,
        parent: parent.map(EntryId::from),
        place: before.map_or(Place::End, |b| Place::Before(EntryId(b.into()))),
        body,
    };
    Ok((record, derived))
}

/// The device a record was made on and its place in that device's log, when recorded.
fn origin(device: Option<String>, seq: Option<i64>) -> Option<Box<Origin>> {
    let seq = seq.and_then(|s| u64::try_from(s).ok()).unwrap_or(0);
    device.map(|device| Box::new(Origin { device, seq }))
}

/// A join from its rows: each tip, kept (`amount` 1) or set aside (0), in order.
fn join(changes: &[StoredRow]) -> Result<Correction, String> {
    let mut kept = Vec::new();
    let mut set_aside = Vec::new();
    for row in changes {
        let tip = EntryId(
            row.text
                .clone()
                .ok_or("a join's tip without its identity")?
                .into(),
        );
        match row.amount {
            Some(1) => kept.push(tip),
            Some(0) => set_aside.push(tip),
            _ => return Err("a join's tip neither kept nor set aside".to_string()),
        }
    }
    Ok(Correction::Join { kept, set_aside })
}

fn seat(row: &rusqlite::Row<'_>) -> rusqlite::Result<(i64, Seat)> {
    Ok((
        row.get::<_, i64>(0)?,
        Seat {
            person: row.get(1)?,
            faction: row.get(2)?,
            result: row.get(3)?,
            hq: row.get(4)?,
        },
    ))
}

fn change(row: &rusqlite::Row<'_>) -> rusqlite::Result<StoredRow> {
    Ok(StoredRow {
        entry_id: row.get(0)?,
        kind: row.get(1)?,
        person: row.get(2)?,
        faction: row.get(3)?,
        territory: row.get(4)?,
        continent: row.get(5)?,
        name: row.get(6)?,
        amount: row.get(7)?,
        text: row.get(8)?,
    })
}

/// A game's date in its one stored form, YYYY-MM-DD (read without chrono's general
/// format parser, which cost more than the rest of a game's row).
fn stored_day(text: &str) -> Option<chrono::NaiveDate> {
    let bytes = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| {
        bytes[range].iter().try_fold(0u32, |n, b| {
            b.is_ascii_digit().then(|| n * 10 + u32::from(b - b'0'))
        })
    };
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let year = i32::try_from(digits(0..4)?).ok()?;
    chrono::NaiveDate::from_ymd_opt(year, digits(5..7)?, digits(8..10)?)
}

fn damaged(detail: String) -> StoreError {
    StoreError::Damaged { detail }
}

fn entry(
    kind: EntryKind,
    date: Option<&str>,
    note: Option<String>,
    seats: Vec<Seat>,
    changes: &[StoredRow],
) -> Result<Entry, String> {
    match kind {
        EntryKind::Power => {
            let row = changes.first().ok_or("a power entry without its change")?;
            let faction = row.faction.clone().ok_or("a power without its faction")?;
            let power = row
                .name
                .as_deref()
                .and_then(Power::from_letter)
                .ok_or("a power without a or b")?;
            Ok(Entry::Power { faction, power })
        }
        EntryKind::Coins => Ok(Entry::Coins {
            territories: changes
                .iter()
                .map(need_territory)
                .collect::<Result<_, _>>()?,
        }),
        EntryKind::PoolCapacity => {
            let row = changes.first().ok_or("a pool entry without its change")?;
            let pool = row
                .name
                .as_deref()
                .and_then(PoolKind::from_key)
                .ok_or("an unknown pool")?;
            let capacity = row
                .amount
                .and_then(|a| u32::try_from(a).ok())
                .ok_or("a pool without a capacity")?;
            Ok(Entry::PoolCapacity {
                pool,
                capacity,
                reason: note.unwrap_or_default(),
            })
        }
        EntryKind::Rule => {
            let row = changes
                .first()
                .ok_or("a house rule entry without its change")?;
            let rule = row
                .name
                .as_deref()
                .and_then(|k| crate::domain::vocabulary::house::HouseRule::find(k).ok())
                .ok_or("an unknown house rule")?;
            Ok(Entry::Rule {
                rule,
                on: row.amount == Some(1),
                reason: note.unwrap_or_default(),
            })
        }
        EntryKind::Game => {
            let date = date
                .and_then(stored_day)
                .ok_or("a game without a valid date")?;
            let mut game = Game::new(date, seats);
            game.note = note;
            for change in changes {
                add_change(&mut game, change)?;
            }
            Ok(Entry::Game(Box::new(game)))
        }
        EntryKind::AddTerritory => {
            let (first, lines) = changes
                .split_first()
                .ok_or("an added territory without its change")?;
            Ok(Entry::AddTerritory {
                territory: need_territory(first)?,
                neighbours: lines.iter().map(need_territory).collect::<Result<_, _>>()?,
                continent: first.continent,
            })
        }
        EntryKind::Photo => super::decode_game::photo(note, changes),
        EntryKind::RemovePhoto => super::decode_game::photo_removed(note, changes),
        sealed => sealed_entry(sealed, changes.first()),
    }
}

/// The entries that record sealed content the group added.
fn sealed_entry(kind: EntryKind, row: Option<&StoredRow>) -> Result<Entry, String> {
    let row = row.ok_or_else(|| format!("a {kind:?} entry without its change"))?;
    let faction = || {
        row.faction
            .clone()
            .ok_or_else(|| format!("a {kind:?} without its faction"))
    };
    let text = || {
        row.text
            .clone()
            .ok_or_else(|| format!("a {kind:?} without its text"))
    };
    let amount = || {
        row.amount
            .and_then(|a| u32::try_from(a).ok())
            .ok_or_else(|| format!("a {kind:?} without its number"))
    };
    Ok(match kind {
        EntryKind::AddScarType => Entry::AddScarType {
            name: need_name(row)?,
            count: amount()?,
            effect: row.text.clone(),
        },
        EntryKind::AddFaction => Entry::AddFaction {
            faction: faction()?,
        },
        EntryKind::OpenPacket => {
            let packet = packet(row)?;
            Entry::OpenPacket {
                packet,
                game: amount()?,
            }
        }
        EntryKind::MarkFactionCard => Entry::MarkFactionCard {
            faction: faction()?,
            slot: need_name(row)?,
            text: text()?,
        },
        EntryKind::ScarFactionCard => Entry::ScarFactionCard {
            faction: faction()?,
            text: text()?,
        },
        EntryKind::Retire => Entry::Retire {
            person: row
                .person
                .clone()
                .ok_or("a retirement without its person")?,
            retired: row.amount.ok_or("a retirement without its state")? != 0,
        },
        EntryKind::Alias => Entry::Alias {
            alias: need_name(row)?,
            of: match text()?.as_str() {
                "territory" => AliasOf::Territory(need_territory(row)?),
                "continent" => {
                    AliasOf::Continent(row.continent.ok_or("an alias without its continent")?)
                }
                "person" => {
                    AliasOf::Person(row.person.clone().ok_or("an alias without its person")?)
                }
                "faction" => AliasOf::Faction(faction()?),
                other => return Err(format!("an alias of a {other}")),
            },
        },
        EntryKind::NameWorld => Entry::NameWorld {
            name: need_name(row)?,
            by: row
                .person
                .clone()
                .ok_or("a world name without its person")?,
        },
        EntryKind::Power
        | EntryKind::Coins
        | EntryKind::PoolCapacity
        | EntryKind::Game
        | EntryKind::AddTerritory
        | EntryKind::Photo
        | EntryKind::RemovePhoto
        | EntryKind::Rule => {
            return Err(format!("a {kind:?} entry read as sealed content"));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::stored_day;
    use chrono::NaiveDate;

    #[test]
    fn a_stored_day_reads_back_only_in_its_one_form() {
        assert_eq!(
            stored_day("2026-11-29"),
            NaiveDate::from_ymd_opt(2026, 11, 29)
        );
        assert_eq!(
            stored_day("2024-02-29"),
            NaiveDate::from_ymd_opt(2024, 2, 29)
        );
        for bad in [
            "2025-02-29",
            "2026-13-01",
            "2026-1-05",
            "2026/11/29",
            "2026-11-2x",
            "",
            "20261129xx",
        ] {
            assert_eq!(stored_day(bad), None, "{bad:?}");
        }
    }
}
