//! Writing an entry of the log: its row in `entry`, its players in `seat`, and what it
//! changed in `change` (the columns each kind uses are listed in migrations/V1__ledger.sql
//! and V3__sealed_content.sql).

use std::borrow::Cow;

use rusqlite::{Transaction, params};

use super::StoreError;
use super::decode::Derived;
use super::stored::{CorrectionKind, entry_key};
use crate::domain::{
    AliasOf, Body, ChangeKind, CheckedLog, Continent, Correction, Entry, EntryId, Faction, Game,
    HeldOnChoice, LogRecord, Place, PlayEvent, Resolved, Reward, TakenBack, Territory,
};

/// A change row: the columns a change uses (see migrations/V1__ledger.sql), its text lent
/// by the entry where the entry holds it.
struct Row<'a> {
    kind: ChangeKind,
    person: Option<Cow<'a, str>>,
    faction: Option<Faction>,
    territory: Option<Territory>,
    continent: Option<Continent>,
    name: Option<Cow<'a, str>>,
    amount: Option<i64>,
    text: Option<Cow<'a, str>>,
}

impl<'a> Row<'a> {
    fn new(kind: ChangeKind) -> Row<'a> {
        Row {
            kind,
            person: None,
            faction: None,
            territory: None,
            continent: None,
            name: None,
            amount: None,
            text: None,
        }
    }
    fn person(mut self, person: impl Into<Cow<'a, str>>) -> Row<'a> {
        self.person = Some(person.into());
        self
    }
    fn territory(mut self, territory: Territory) -> Row<'a> {
        self.territory = Some(territory);
        self
    }
    fn continent(mut self, continent: Continent) -> Row<'a> {
        self.continent = Some(continent);
        self
    }
    fn name(mut self, name: impl Into<Cow<'a, str>>) -> Row<'a> {
        self.name = Some(name.into());
        self
    }
    fn amount(mut self, amount: i64) -> Row<'a> {
        self.amount = Some(amount);
        self
    }
    fn faction(mut self, faction: &Faction) -> Row<'a> {
        self.faction = Some(faction.clone());
        self
    }
    fn text(mut self, text: impl Into<Cow<'a, str>>) -> Row<'a> {
        self.text = Some(text.into());
        self
    }
}

/// Writes a checked log, record by record, for a new campaign, with what is kept beside
/// each record.
pub(super) fn write_log(
    tx: &Transaction<'_>,
    campaign_id: i64,
    log: &CheckedLog,
) -> Result<(), StoreError> {
    let ordered = log.ordered();
    // The whole log is known: each record is written with what is kept beside it, rather
    // than written bare and then updated (a second write of every game's row).
    log.each_kept(|record, game, back| {
        append_as(tx, campaign_id, record, kept(game, back)).map(|_| ())
    })?;
    for record in &ordered.pending {
        append(tx, campaign_id, record)?;
    }
    super::device::set_head(tx, campaign_id, ordered.head())
}

/// What is kept beside a record (its row not yet known: 0): its game's number, for a game
/// that stands, and when and why it was taken back.
fn kept(game: Option<u32>, back: Option<&TakenBack>) -> Derived {
    Derived {
        row: 0,
        game,
        undone_at: back.map(|b| b.at.clone()),
        undo_reason: back.and_then(|b| b.reason.clone()),
    }
}

/// Rebuilds what is kept beside each record (the game's number in the log as corrected,
/// when and why a record was taken back) where it differs from what the log now says.
pub(super) fn update_derived<'a>(
    tx: &Transaction<'_>,
    derived: &[Derived],
    ids: impl IntoIterator<Item = &'a EntryId>,
    resolved: &Resolved,
) -> Result<(), StoreError> {
    let said = resolved.said();
    for (stored, id) in derived.iter().zip(ids) {
        let (game, back) = said.of(id);
        let now = Derived {
            row: stored.row,
            ..kept(game, back)
        };
        if now != *stored {
            tx.prepare_cached(
                "UPDATE entry SET game = ?1, undone_at = ?2, undo_reason = ?3 WHERE id = ?4",
            )?
            .execute(params![now.game, now.undone_at, now.undo_reason, now.row])?;
        }
    }
    Ok(())
}

/// Writes a record as the `seq`th of the campaign's log; returns what is kept beside it (not
/// yet worked out: see `update_derived`).
pub(super) fn append(
    tx: &Transaction<'_>,
    campaign_id: i64,
    record: &LogRecord,
) -> Result<Derived, StoreError> {
    let bare = Derived {
        row: 0,
        game: None,
        undone_at: None,
        undo_reason: None,
    };
    append_as(tx, campaign_id, record, bare)
}

/// As `append`, with what the log as corrected with the record (`resolved`) says of it
/// kept beside it at once, rather than written bare and then updated.
pub(super) fn append_resolved(
    tx: &Transaction<'_>,
    campaign_id: i64,
    record: &LogRecord,
    resolved: &Resolved,
) -> Result<Derived, StoreError> {
    // The record is most often the last of the log.
    let (game, back) =
        if let Some(entry) = resolved.entries.iter().rev().find(|e| e.id == record.id) {
            (entry.standing_game(), entry.taken_back.as_ref())
        } else {
            let correction = resolved
                .corrections
                .iter()
                .rev()
                .find(|c| c.id == record.id);
            (None, correction.and_then(|c| c.taken_back.as_ref()))
        };
    append_as(tx, campaign_id, record, kept(game, back))
}

/// As `append`, with what is kept beside the record already known (`kept`, its row aside).
fn append_as(
    tx: &Transaction<'_>,
    campaign_id: i64,
    record: &LogRecord,
    kept: Derived,
) -> Result<Derived, StoreError> {
    let (entry, correction, target, reason) = match &record.body {
        Body::Add(entry) => (Some(&**entry), None, None, None),
        Body::Correct(correction) => {
            let entry = match correction {
                Correction::Replace { entry, .. } => Some(&**entry),
                _ => None,
            };
            (
                entry,
                Some(CorrectionKind::of(correction)),
                correction.target(),
                correction.reason(),
            )
        }
    };
    let (date, note) = match entry {
        Some(Entry::PoolCapacity { reason, .. } | Entry::Rule { reason, .. }) => {
            (None, Some(reason.as_str()))
        }
        Some(Entry::Game(g)) => (Some(g.date.to_string()), g.note.as_deref()),
        Some(Entry::Photo(photo)) => (None, photo.caption.as_deref()),
        Some(Entry::RemovePhoto { reason, .. }) => (None, reason.as_deref()),
        _ => (None, None),
    };
    let kind = match (entry, correction) {
        (Some(entry), _) => entry_key(entry.kind()),
        (None, Some(correction)) => correction.key(),
        (None, None) => "",
    };
    let before = match &record.place {
        Place::Before(id) => Some(id.as_str()),
        Place::End => None,
    };
    let origin = record.origin.as_ref();
    tx.prepare_cached(
        "INSERT INTO entry (campaign_id, seq, uid, kind, correction, target, before, parent,
                            device, device_seq, reason, date, note, recorded_at,
                            game, undone_at, undo_reason, rules, logged_by)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,
                 ?19)",
    )?
    .execute(params![
        campaign_id,
        record.seq,
        record.id.as_str(),
        kind,
        correction,
        target.map(EntryId::as_str),
        before,
        record.parent.as_ref().map(EntryId::as_str),
        origin.map(|o| o.device.as_str()),
        origin.map(|o| i64::try_from(o.seq).unwrap_or(i64::MAX)),
        reason,
        date,
        note,
        record.recorded_at,
        kept.game,
        kept.undone_at,
        kept.undo_reason,
        record.rules.0,
        record.logged_by
    ])?;
    let derived = Derived {
        row: tx.last_insert_rowid(),
        ..kept
    };
    let entry_id = derived.row;
    let Some(entry) = entry else {
        names_row(tx, entry_id, &record.body)?;
        return Ok(derived);
    };
    write_content(tx, entry_id, entry)?;
    Ok(derived)
}

/// The names of a renaming, in one change row (person or text: from; name: to).
fn names_row(tx: &Transaction<'_>, entry_id: i64, body: &Body) -> Result<(), StoreError> {
    let row = match body {
        Body::Correct(Correction::RenamePerson { from, to }) => {
            Row::new(ChangeKind::Rename).person(from).name(to)
        }
        Body::Correct(Correction::MergePerson { from, into }) => {
            Row::new(ChangeKind::Merge).person(from).name(into)
        }
        Body::Correct(Correction::RenameCampaign { from, to }) => {
            Row::new(ChangeKind::CampaignRename).text(from).name(to)
        }
        Body::Correct(Correction::Join { kept, set_aside }) => {
            return join_rows(tx, entry_id, kept, set_aside);
        }
        _ => return Ok(()),
    };
    change_rows(tx, entry_id, vec![row])
}

/// A join's tips: one change row each, in order, `amount` 1 for a branch kept and 0 for
/// one set aside, `text` the tip's identity.
fn join_rows(
    tx: &Transaction<'_>,
    entry_id: i64,
    kept: &[EntryId],
    set_aside: &[EntryId],
) -> Result<(), StoreError> {
    let rows = kept
        .iter()
        .map(|t| (t, 1))
        .chain(set_aside.iter().map(|t| (t, 0)))
        .map(|(tip, keep)| Row::new(ChangeKind::Join).text(tip.as_str()).amount(keep))
        .collect();
    change_rows(tx, entry_id, rows)
}

fn change_rows(tx: &Transaction<'_>, entry_id: i64, rows: Vec<Row>) -> Result<(), StoreError> {
    let mut insert = tx.prepare_cached(
        "INSERT INTO change (entry_id, position, kind, person, faction, territory, continent, name, amount, text)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?;
    for (position, row) in (1i64..).zip(rows) {
        insert.execute(params![
            entry_id,
            position,
            row.kind,
            row.person.as_deref(),
            row.faction.as_ref(),
            row.territory,
            row.continent,
            row.name.as_deref(),
            row.amount,
            row.text.as_deref(),
        ])?;
    }
    Ok(())
}

/// An entry's seats and change rows.
fn write_content(tx: &Transaction<'_>, entry_id: i64, entry: &Entry) -> Result<(), StoreError> {
    if let Entry::Game(g) = entry {
        let mut insert = tx.prepare_cached(
            "INSERT INTO seat (entry_id, position, person, faction, result, hq)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        for (position, seat) in (1i64..).zip(&g.seats) {
            insert.execute(params![
                entry_id,
                position,
                seat.person.as_str(),
                &seat.faction,
                seat.result,
                seat.hq,
            ])?;
        }
    }
    change_rows(tx, entry_id, rows(entry))
}

/// An alias: its word, the kind of name, and the name in the column of its kind.
fn alias_row<'a>(alias: &'a str, of: &'a AliasOf) -> Row<'a> {
    let row = Row::new(ChangeKind::Alias).name(alias).text(of.kind());
    match of {
        AliasOf::Territory(t) => row.territory(t.clone()),
        AliasOf::Continent(c) => row.continent(*c),
        AliasOf::Person(p) => row.person(p),
        AliasOf::Faction(f) => row.faction(f),
    }
}

/// An added territory: its own row (with its continent), then one row per sea line.
fn added_territory_rows(
    territory: Territory,
    neighbours: &[Territory],
    continent: Option<crate::domain::Continent>,
) -> Vec<Row<'_>> {
    let mut first = Row::new(ChangeKind::AddTerritory).territory(territory);
    if let Some(continent) = continent {
        first = first.continent(continent);
    }
    std::iter::once(first)
        .chain(
            neighbours
                .iter()
                .map(|t| Row::new(ChangeKind::SeaLine).territory(t.clone())),
        )
        .collect()
}

// One arm a kind of entry, with no catch-all: a new entry must say it.
#[allow(clippy::too_many_lines)]
fn rows(entry: &Entry) -> Vec<Row<'_>> {
    match entry {
        Entry::Power { faction, power } => {
            vec![
                Row::new(ChangeKind::Power)
                    .faction(faction)
                    .name(power.letter()),
            ]
        }
        Entry::Coins { territories } => territories
            .iter()
            .map(|t| Row::new(ChangeKind::Coin).territory(t.clone()))
            .collect(),
        Entry::AddTerritory {
            territory,
            neighbours,
            continent,
        } => added_territory_rows(territory.clone(), neighbours, *continent),
        Entry::PoolCapacity { pool, capacity, .. } => {
            vec![
                Row::new(ChangeKind::Pool)
                    .name(pool.key())
                    .amount(i64::from(*capacity)),
            ]
        }
        Entry::Game(game) => game_rows(game),
        Entry::AddScarType {
            name,
            count,
            effect,
        } => {
            let row = Row::new(ChangeKind::ScarType)
                .name(name)
                .amount(i64::from(*count));
            vec![match effect {
                Some(effect) => row.text(effect),
                None => row,
            }]
        }
        Entry::AddFaction { faction } => vec![Row::new(ChangeKind::Faction).faction(faction)],
        Entry::OpenPacket { packet, game } => vec![
            Row::new(ChangeKind::Packet)
                .name(packet.name())
                .amount(i64::from(*game)),
        ],
        Entry::MarkFactionCard {
            faction,
            slot,
            text,
        } => {
            vec![
                Row::new(ChangeKind::FactionMark)
                    .faction(faction)
                    .name(slot)
                    .text(text),
            ]
        }
        Entry::ScarFactionCard { faction, text } => {
            vec![
                Row::new(ChangeKind::FactionScar)
                    .faction(faction)
                    .text(text),
            ]
        }
        Entry::NameWorld { name, by } => {
            vec![Row::new(ChangeKind::WorldName).person(by).name(name)]
        }
        Entry::Retire { person, retired } => vec![
            Row::new(ChangeKind::Retire)
                .person(person)
                .amount(i64::from(*retired)),
        ],
        Entry::Alias { alias, of } => vec![alias_row(alias, of)],
        Entry::Photo(photo) => photo_rows(photo),
        Entry::RemovePhoto { game, sha256, .. } => vec![
            Row::new(ChangeKind::PhotoRemoved)
                .amount(i64::from(*game))
                .name(sha256),
        ],
        Entry::Rule { rule, on, .. } => vec![
            Row::new(ChangeKind::Rule)
                .name(rule.key())
                .amount(i64::from(*on)),
        ],
    }
}

/// The draft's rows and the scars', in that order: what happened at the start and during
/// play.
fn draft_and_scar_rows(game: &Game) -> Vec<Row<'_>> {
    let mut rows = Vec::new();
    for draft in &game.draft {
        rows.push(
            Row::new(ChangeKind::Draft)
                .person(&draft.person)
                .text(draft.parts()),
        );
    }
    for scar in &game.scars {
        let row = Row::new(ChangeKind::Scar)
            .territory(scar.territory.clone())
            .name(&scar.scar);
        rows.push(match &scar.by {
            Some(by) => row.person(by),
            None => row,
        });
    }
    rows
}

fn game_rows(game: &Game) -> Vec<Row<'_>> {
    let mut rows = draft_and_scar_rows(game);
    for wear in &game.wear {
        rows.push(
            Row::new(ChangeKind::Wear)
                .territory(wear.territory.clone())
                .amount(i64::from(wear.boxes)),
        );
    }
    if let (Some(reward), Some(winner)) = (&game.reward, game.winner()) {
        let row = match reward {
            Reward::NameContinent { continent, name } => Row::new(ChangeKind::ContinentName)
                .continent(*continent)
                .name(name),
            Reward::MajorCity { territory, name } => Row::new(ChangeKind::MajorCity)
                .territory(territory.clone())
                .name(name),
            Reward::HealScar { territory } => {
                Row::new(ChangeKind::Heal).territory(territory.clone())
            }
            Reward::ContinentBonus { continent, mark } => Row::new(ChangeKind::ContinentBonus)
                .continent(*continent)
                .amount(i64::from(mark.delta())),
            Reward::Fortify { territory } => {
                Row::new(ChangeKind::Fortify).territory(territory.clone())
            }
            Reward::DestroyCard { territory } => {
                Row::new(ChangeKind::DestroyCard).territory(territory.clone())
            }
        };
        rows.push(row.person(&winner.person));
    }
    if let (true, Some(winner)) = (game.declined, game.winner()) {
        rows.push(Row::new(ChangeKind::NoReward).person(&winner.person));
    }
    for reward in &game.held_on {
        let row = match &reward.choice {
            HeldOnChoice::MinorCity { territory, name } => Row::new(ChangeKind::MinorCity)
                .territory(territory.clone())
                .name(name),
            HeldOnChoice::AddResource { territory } => {
                Row::new(ChangeKind::Resource).territory(territory.clone())
            }
        };
        rows.push(row.person(&reward.person));
    }
    for event in &game.events {
        rows.push(match event {
            PlayEvent::WorldCapital { territory, name } => Row::new(ChangeKind::WorldCapital)
                .territory(territory.clone())
                .name(name),
            PlayEvent::Fortify { territory } => {
                Row::new(ChangeKind::EventFortify).territory(territory.clone())
            }
            PlayEvent::DestroyCard { territory } => {
                Row::new(ChangeKind::EventDestroyCard).territory(territory.clone())
            }
            PlayEvent::Mark { territory, text } => Row::new(ChangeKind::Mark)
                .territory(territory.clone())
                .text(text),
            PlayEvent::Fallout { territory } => {
                Row::new(ChangeKind::Fallout).territory(territory.clone())
            }
            PlayEvent::DestroyCity { territory } => {
                Row::new(ChangeKind::DestroyCity).territory(territory.clone())
            }
        });
    }
    for packet in &game.opened {
        rows.push(Row::new(ChangeKind::Packet).name(packet.name()));
    }
    rows.extend(card_rows(game));
    rows
}

/// The event cards' rows (`name`: the card, `person`, `text`: what it did) and the
/// missions' (`text`: the card, `person`: who completed it).
fn card_rows(game: &Game) -> Vec<Row<'_>> {
    let events = game.event_cards.iter().map(|card| {
        let mut row = Row::new(ChangeKind::Event).name(card.name.as_str());
        row.person = card.person.as_deref().map(Cow::Borrowed);
        row.text = card.text.as_deref().map(Cow::Borrowed);
        row
    });
    let missions = game.missions.iter().map(|mission| {
        let mut row = Row::new(ChangeKind::Mission).text(mission.text.as_str());
        row.person = mission.done_by.as_deref().map(Cow::Borrowed);
        row
    });
    events.chain(missions).collect()
}

/// A photo: its own row (the game; who took it), then one row per image it names, the copy
/// first (hash, media type, size).
fn photo_rows(photo: &crate::domain::entry::photo::Photo) -> Vec<Row<'_>> {
    let first = Row::new(ChangeKind::Photo).amount(i64::from(photo.game));
    let first = match &photo.by {
        Some(by) => first.person(by),
        None => first,
    };
    std::iter::once(first)
        .chain(photo.files().map(|file| {
            Row::new(ChangeKind::PhotoFile)
                .name(&file.sha256)
                .text(file.kind.media_type())
                .amount(i64::try_from(file.bytes).unwrap_or(i64::MAX))
        }))
        .collect()
}
