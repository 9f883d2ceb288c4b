//! Writing an entry of the log: its row in `entry`, its players in `seat`, and what it
//! changed in `change` (the columns each kind uses are listed in migrations/V1__ledger.sql
//! and V3__sealed_content.sql).

use rusqlite::{ToSql, Transaction, params};

use super::StoreError;
use crate::domain::{
    ChangeKind, CheckedLog, Continent, Entry, Faction, Game, HeldOnChoice, LoggedEntry, PlayEvent,
    Reward, Territory,
};

/// A change row: the columns a change uses (see migrations/V1__ledger.sql).
struct Row {
    kind: ChangeKind,
    person: Option<String>,
    faction: Option<Faction>,
    territory: Option<Territory>,
    continent: Option<Continent>,
    name: Option<String>,
    amount: Option<i64>,
    text: Option<String>,
}

impl Row {
    fn new(kind: ChangeKind) -> Row {
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
    fn person(mut self, person: &str) -> Row {
        self.person = Some(person.to_string());
        self
    }
    fn territory(mut self, territory: Territory) -> Row {
        self.territory = Some(territory);
        self
    }
    fn continent(mut self, continent: Continent) -> Row {
        self.continent = Some(continent);
        self
    }
    fn name(mut self, name: &str) -> Row {
        self.name = Some(name.to_string());
        self
    }
    fn amount(mut self, amount: i64) -> Row {
        self.amount = Some(amount);
        self
    }
    fn faction(mut self, faction: &Faction) -> Row {
        self.faction = Some(faction.clone());
        self
    }
    fn text(mut self, text: &str) -> Row {
        self.text = Some(text.to_string());
        self
    }
}

/// Writes a checked log, entry by entry, for a new campaign.
pub(super) fn write_log(
    tx: &Transaction<'_>,
    campaign_id: i64,
    log: &CheckedLog,
) -> Result<(), StoreError> {
    for logged in log.entries() {
        append(tx, campaign_id, logged)?;
    }
    Ok(())
}

/// Writes an entry as the `seq`th of the campaign's log; one taken back (from a file) is
/// written taken back from the start, so it never stands beside the game that replaced it.
pub(super) fn append(
    tx: &Transaction<'_>,
    campaign_id: i64,
    logged: &LoggedEntry,
) -> Result<(), StoreError> {
    let LoggedEntry {
        seq,
        game,
        recorded_at,
        entry,
        taken_back,
    } = logged;
    let (date, note) = match entry {
        Entry::PoolCapacity { reason, .. } => (None, Some(reason.as_str())),
        Entry::Game(g) => (Some(g.date.to_string()), g.note.as_deref()),
        _ => (None, None),
    };
    let kind = entry.kind();
    let (undone_at, undo_reason) = match taken_back.as_ref() {
        Some(back) => (Some(back.at.as_str()), back.reason.as_deref()),
        None => (None, None),
    };
    tx.prepare_cached(
        "INSERT INTO entry (campaign_id, seq, kind, game, date, note, recorded_at, undone_at, undo_reason)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![campaign_id, seq, kind, game, date, note, recorded_at, undone_at, undo_reason])?;
    let entry_id = tx.last_insert_rowid();
    if let Entry::Game(g) = entry {
        let mut values: Vec<Box<dyn ToSql + '_>> = Vec::with_capacity(g.seats.len() * 6);
        for (position, seat) in (1i64..).zip(&g.seats) {
            values.push(Box::new(entry_id));
            values.push(Box::new(position));
            values.push(Box::new(seat.person.as_str()));
            values.push(Box::new(&seat.faction));
            values.push(Box::new(seat.result));
            values.push(Box::new(seat.hq));
        }
        insert_rows(
            tx,
            "seat (entry_id, position, person, faction, result, hq)",
            6,
            &values,
        )?;
    }
    let rows = rows(entry);
    let mut values: Vec<Box<dyn ToSql + '_>> = Vec::with_capacity(rows.len() * 10);
    for (position, row) in (1i64..).zip(&rows) {
        values.push(Box::new(entry_id));
        values.push(Box::new(position));
        values.push(Box::new(row.kind));
        values.push(Box::new(row.person.as_deref()));
        values.push(Box::new(row.faction.as_ref()));
        values.push(Box::new(row.territory));
        values.push(Box::new(row.continent));
        values.push(Box::new(row.name.as_deref()));
        values.push(Box::new(row.amount));
        values.push(Box::new(row.text.as_deref()));
    }
    insert_rows(
        tx,
        "change (entry_id, position, kind, person, faction, territory, continent, name, amount, text)",
        10,
        &values,
    )
}

/// Inserts rows of `width` values each with one statement (one per number of rows, kept
/// prepared): an entry's players, or its changes.
fn insert_rows(
    tx: &Transaction<'_>,
    into: &str,
    width: usize,
    values: &[Box<dyn ToSql + '_>],
) -> Result<(), StoreError> {
    if values.is_empty() {
        return Ok(());
    }
    let row = format!("({})", vec!["?"; width].join(", "));
    let sql = format!(
        "INSERT INTO {into} VALUES {}",
        vec![row; values.len() / width].join(", ")
    );
    tx.prepare_cached(&sql)?
        .execute(rusqlite::params_from_iter(values.iter()))?;
    Ok(())
}

fn rows(entry: &Entry) -> Vec<Row> {
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
            .map(|&t| Row::new(ChangeKind::Coin).territory(t))
            .collect(),
        Entry::PoolCapacity { pool, capacity, .. } => {
            vec![
                Row::new(ChangeKind::Pool)
                    .name(&pool.key())
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
    }
}

fn game_rows(game: &Game) -> Vec<Row> {
    let mut rows = Vec::new();
    for scar in &game.scars {
        rows.push(
            Row::new(ChangeKind::Scar)
                .territory(scar.territory)
                .name(&scar.scar),
        );
    }
    for wear in &game.wear {
        rows.push(
            Row::new(ChangeKind::Wear)
                .territory(wear.territory)
                .amount(i64::from(wear.boxes)),
        );
    }
    if let (Some(reward), Some(winner)) = (&game.reward, game.winner()) {
        let row = match reward {
            Reward::NameContinent { continent, name } => Row::new(ChangeKind::ContinentName)
                .continent(*continent)
                .name(name),
            Reward::MajorCity { territory, name } => Row::new(ChangeKind::MajorCity)
                .territory(*territory)
                .name(name),
            Reward::HealScar { territory } => Row::new(ChangeKind::Heal).territory(*territory),
            Reward::ContinentBonus { continent, mark } => Row::new(ChangeKind::ContinentBonus)
                .continent(*continent)
                .amount(i64::from(mark.delta())),
            Reward::Fortify { territory } => Row::new(ChangeKind::Fortify).territory(*territory),
            Reward::DestroyCard { territory } => {
                Row::new(ChangeKind::DestroyCard).territory(*territory)
            }
        };
        rows.push(row.person(&winner.person));
    }
    for reward in &game.held_on {
        let row = match &reward.choice {
            HeldOnChoice::MinorCity { territory, name } => Row::new(ChangeKind::MinorCity)
                .territory(*territory)
                .name(name),
            HeldOnChoice::AddResource { territory } => {
                Row::new(ChangeKind::Resource).territory(*territory)
            }
        };
        rows.push(row.person(&reward.person));
    }
    for event in &game.events {
        rows.push(match event {
            PlayEvent::WorldCapital { territory, name } => Row::new(ChangeKind::WorldCapital)
                .territory(*territory)
                .name(name),
            PlayEvent::Fortify { territory } => {
                Row::new(ChangeKind::EventFortify).territory(*territory)
            }
            PlayEvent::DestroyCard { territory } => {
                Row::new(ChangeKind::EventDestroyCard).territory(*territory)
            }
            PlayEvent::Mark { territory, text } => {
                Row::new(ChangeKind::Mark).territory(*territory).text(text)
            }
        });
    }
    for packet in &game.opened {
        rows.push(Row::new(ChangeKind::Packet).name(packet.name()));
    }
    rows
}
