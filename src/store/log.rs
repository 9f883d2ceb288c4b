//! A campaign's log in the database: entries with their seats and changes, written one
//! entry per transaction and read back in order.

use rusqlite::{Connection, Transaction, params};

use super::{Store, StoreError};
use crate::domain::pool::PoolKind;
use crate::domain::{
    Applied, BonusMark, Campaign, Continent, Entry, Faction, Game, HeldOnChoice, HeldOnReward,
    Outcome, Packet, Power, Refusal, Reward, ScarPlacement, Seat, Territory, Wear,
};

/// One entry of the log, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedEntry {
    pub seq: u32,
    /// The game's number, for a game.
    pub game: Option<u32>,
    /// When it was recorded (RFC 3339, UTC).
    pub recorded_at: String,
    pub entry: Entry,
}

/// A campaign's log and the state it folds to.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub log: Vec<LoggedEntry>,
    pub campaign: Campaign,
}

/// What recording an entry did.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The campaign before the entry.
    pub before: Campaign,
    /// The campaign after it.
    pub after: Campaign,
    pub applied: Applied,
    /// Whether it was written (false for a dry run).
    pub written: bool,
}

impl Store {
    /// Reads a campaign's log and folds it through the rules.
    pub fn load(&self, campaign_id: i64) -> Result<Loaded, StoreError> {
        let log = read_log(&self.conn, campaign_id)?;
        let campaign = fold(&log)?;
        Ok(Loaded { log, campaign })
    }

    /// Records one entry in one `BEGIN IMMEDIATE` transaction: reads the log, folds it,
    /// lets `build` make the entry from the campaign as it stands, applies it (the rules
    /// may refuse it) and writes it. A refusal or an error writes nothing; so does a dry run.
    pub fn record<E>(
        &mut self,
        campaign_id: i64,
        recorded_at: &str,
        dry_run: bool,
        build: impl FnOnce(&Campaign) -> Result<Entry, E>,
    ) -> Result<Recorded, E>
    where
        E: From<StoreError> + From<Refusal>,
    {
        self.write(!dry_run, |tx| {
            let log = read_log(tx, campaign_id)?;
            let before = fold(&log)?;
            let entry = build(&before)?;
            let mut after = before.clone();
            let applied = after.apply(&entry)?;
            if !dry_run {
                let seq = log.last().map_or(1, |e| e.seq + 1);
                append(
                    tx,
                    campaign_id,
                    seq,
                    applied.game,
                    recorded_at,
                    &applied.entry,
                )?;
            }
            Ok(Recorded {
                before,
                after,
                applied,
                written: !dry_run,
            })
        })
    }

    /// Writes a whole log for a new campaign in the given transaction, through the rules.
    pub(crate) fn append_all(
        tx: &Transaction<'_>,
        campaign_id: i64,
        recorded_at: &str,
        entries: &[Entry],
    ) -> Result<Campaign, StoreError> {
        let mut campaign = Campaign::new();
        for (index, entry) in entries.iter().enumerate() {
            let applied = campaign.apply(entry)?;
            append(
                tx,
                campaign_id,
                index as u32 + 1,
                applied.game,
                recorded_at,
                &applied.entry,
            )?;
        }
        Ok(campaign)
    }
}

fn fold(log: &[LoggedEntry]) -> Result<Campaign, StoreError> {
    Campaign::replay(log.iter().map(|e| &e.entry)).map_err(|(index, refusal)| StoreError::Damaged {
        detail: format!(
            "entry {} of the stored log breaks a rule ({refusal})",
            log[index].seq
        ),
    })
}

/// A change row: the columns a change uses (see migrations/V1__ledger.sql).
#[derive(Default)]
struct Row {
    kind: &'static str,
    person: Option<String>,
    faction: Option<String>,
    territory: Option<Territory>,
    continent: Option<Continent>,
    name: Option<String>,
    amount: Option<i64>,
}

impl Row {
    fn new(kind: &'static str) -> Row {
        Row {
            kind,
            ..Row::default()
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
}

fn append(
    tx: &Transaction<'_>,
    campaign_id: i64,
    seq: u32,
    game: Option<u32>,
    recorded_at: &str,
    entry: &Entry,
) -> Result<(), StoreError> {
    let (kind, date, note) = match entry {
        Entry::Power { .. } => ("power", None, None),
        Entry::Coins { .. } => ("coins", None, None),
        Entry::PoolCapacity { reason, .. } => ("pool", None, Some(reason.clone())),
        Entry::Game(g) => ("game", Some(g.date.to_string()), g.note.clone()),
    };
    tx.prepare_cached(
        "INSERT INTO entry (campaign_id, seq, kind, game, date, note, recorded_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![campaign_id, seq, kind, game, date, note, recorded_at])?;
    let entry_id = tx.last_insert_rowid();
    if let Entry::Game(g) = entry {
        let mut insert = tx.prepare_cached(
            "INSERT INTO seat (entry_id, position, person, faction, result, hq) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        for (position, seat) in g.seats.iter().enumerate() {
            insert.execute(params![
                entry_id,
                position as i64 + 1,
                seat.person,
                seat.faction.name(),
                seat.result.key(),
                seat.hq.map(Territory::name)
            ])?;
        }
    }
    let mut insert = tx.prepare_cached(
        "INSERT INTO change (entry_id, position, kind, person, faction, territory, continent, name, amount)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    for (position, row) in rows(entry).into_iter().enumerate() {
        insert.execute(params![
            entry_id,
            position as i64 + 1,
            row.kind,
            row.person,
            row.faction,
            row.territory.map(Territory::name),
            row.continent.map(Continent::name),
            row.name,
            row.amount
        ])?;
    }
    Ok(())
}

fn rows(entry: &Entry) -> Vec<Row> {
    match entry {
        Entry::Power { faction, power } => {
            let mut row = Row::new("power").name(power.letter());
            row.faction = Some(faction.name().to_string());
            vec![row]
        }
        Entry::Coins { territories } => territories
            .iter()
            .map(|&t| Row::new("coin").territory(t))
            .collect(),
        Entry::PoolCapacity { pool, capacity, .. } => {
            vec![
                Row::new("pool_capacity")
                    .name(&pool.key())
                    .amount(i64::from(*capacity)),
            ]
        }
        Entry::Game(game) => game_rows(game),
    }
}

fn game_rows(game: &Game) -> Vec<Row> {
    let mut rows = Vec::new();
    for scar in &game.scars {
        rows.push(Row::new("scar").territory(scar.territory).name(&scar.scar));
    }
    for wear in &game.wear {
        rows.push(
            Row::new("wear")
                .territory(wear.territory)
                .amount(i64::from(wear.boxes)),
        );
    }
    if let (Some(reward), Some(winner)) = (&game.reward, game.winner()) {
        let row = match reward {
            Reward::NameContinent { continent, name } => {
                Row::new("name_continent").continent(*continent).name(name)
            }
            Reward::MajorCity { territory, name } => {
                Row::new("major_city").territory(*territory).name(name)
            }
            Reward::HealScar { territory } => Row::new("heal_scar").territory(*territory),
            Reward::ContinentBonus { continent, mark } => Row::new("continent_bonus")
                .continent(*continent)
                .amount(i64::from(mark.delta())),
            Reward::Fortify { territory } => Row::new("fortify").territory(*territory),
            Reward::DestroyCard { territory } => Row::new("destroy_card").territory(*territory),
        };
        rows.push(row.person(&winner.person));
    }
    for reward in &game.held_on {
        let row = match &reward.choice {
            HeldOnChoice::MinorCity { territory, name } => {
                Row::new("minor_city").territory(*territory).name(name)
            }
            HeldOnChoice::AddResource { territory } => {
                Row::new("add_resource").territory(*territory)
            }
        };
        rows.push(row.person(&reward.person));
    }
    for packet in &game.opened {
        rows.push(Row::new("packet").name(packet.name()));
    }
    rows
}

/// A change row as read back.
struct StoredRow {
    entry_id: i64,
    kind: String,
    person: Option<String>,
    faction: Option<String>,
    territory: Option<String>,
    continent: Option<String>,
    name: Option<String>,
    amount: Option<i64>,
}

fn read_log(conn: &Connection, campaign_id: i64) -> Result<Vec<LoggedEntry>, StoreError> {
    let mut seats = conn.prepare_cached(
        "SELECT s.entry_id, s.person, s.faction, s.result, s.hq FROM seat s JOIN entry e ON e.id = s.entry_id
         WHERE e.campaign_id = ?1 ORDER BY e.seq, s.position",
    )?;
    let seats: Vec<(i64, Seat)> = seats
        .query_map(params![campaign_id], |row| {
            Ok((
                row.get::<_, i64>(0)?,
                (
                    row.get::<_, String>(1)?,
                    row.get::<_, String>(2)?,
                    row.get::<_, String>(3)?,
                    row.get::<_, Option<String>>(4)?,
                ),
            ))
        })?
        .map(|row| {
            let (entry_id, (person, faction, result, hq)) = row?;
            let result = Outcome::from_key(&result)
                .ok_or_else(|| damaged(format!("unknown result {result:?}")))?;
            let hq = hq.map(|t| territory(&t)).transpose()?;
            Ok((
                entry_id,
                Seat {
                    person,
                    faction: Faction::new(faction),
                    result,
                    hq,
                },
            ))
        })
        .collect::<Result<_, StoreError>>()?;

    let mut changes = conn.prepare_cached(
        "SELECT c.entry_id, c.kind, c.person, c.faction, c.territory, c.continent, c.name, c.amount
         FROM change c JOIN entry e ON e.id = c.entry_id WHERE e.campaign_id = ?1 ORDER BY e.seq, c.position",
    )?;
    let changes: Vec<StoredRow> = changes
        .query_map(params![campaign_id], |row| {
            Ok(StoredRow {
                entry_id: row.get(0)?,
                kind: row.get(1)?,
                person: row.get(2)?,
                faction: row.get(3)?,
                territory: row.get(4)?,
                continent: row.get(5)?,
                name: row.get(6)?,
                amount: row.get(7)?,
            })
        })?
        .collect::<Result<_, _>>()?;

    let mut entries = conn.prepare_cached(
        "SELECT id, seq, kind, game, date, note, recorded_at FROM entry WHERE campaign_id = ?1 ORDER BY seq",
    )?;
    let heads = entries.query_map(params![campaign_id], |row| {
        Ok((
            row.get::<_, i64>(0)?,
            row.get::<_, u32>(1)?,
            row.get::<_, String>(2)?,
            row.get::<_, Option<u32>>(3)?,
            row.get::<_, Option<String>>(4)?,
            row.get::<_, Option<String>>(5)?,
            row.get::<_, String>(6)?,
        ))
    })?;
    let mut log = Vec::new();
    let (mut seat_at, mut change_at) = (0, 0);
    for head in heads {
        let (id, seq, kind, game, date, note, recorded_at) = head?;
        let seat_end = seat_at
            + seats[seat_at..]
                .iter()
                .take_while(|(e, _)| *e == id)
                .count();
        let change_end = change_at
            + changes[change_at..]
                .iter()
                .take_while(|c| c.entry_id == id)
                .count();
        let entry = entry(
            &kind,
            date.as_deref(),
            note,
            seats[seat_at..seat_end]
                .iter()
                .map(|(_, s)| s.clone())
                .collect(),
            &changes[change_at..change_end],
        )
        .map_err(|e| damaged(format!("entry {seq}: {e}")))?;
        (seat_at, change_at) = (seat_end, change_end);
        log.push(LoggedEntry {
            seq,
            game,
            recorded_at,
            entry,
        });
    }
    Ok(log)
}

fn damaged(detail: String) -> StoreError {
    StoreError::Damaged { detail }
}

fn territory(name: &str) -> Result<Territory, StoreError> {
    Territory::find(name).map_err(|_| damaged(format!("unknown territory {name:?}")))
}

fn entry(
    kind: &str,
    date: Option<&str>,
    note: Option<String>,
    seats: Vec<Seat>,
    changes: &[StoredRow],
) -> Result<Entry, String> {
    match kind {
        "power" => {
            let row = changes.first().ok_or("a power entry without its change")?;
            let faction = row.faction.clone().ok_or("a power without its faction")?;
            let power = row
                .name
                .as_deref()
                .and_then(Power::from_letter)
                .ok_or("a power without a or b")?;
            Ok(Entry::Power {
                faction: Faction::new(faction),
                power,
            })
        }
        "coins" => Ok(Entry::Coins {
            territories: changes
                .iter()
                .map(need_territory)
                .collect::<Result<_, _>>()?,
        }),
        "pool" => {
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
        "game" => {
            let date = date
                .and_then(|d| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
                .ok_or("a game without a valid date")?;
            let mut game = Game::new(date, seats);
            game.note = note;
            for change in changes {
                add_change(&mut game, change)?;
            }
            Ok(Entry::Game(game))
        }
        other => Err(format!("an unknown kind of entry {other:?}")),
    }
}

fn need_territory(row: &StoredRow) -> Result<Territory, String> {
    let name = row
        .territory
        .as_deref()
        .ok_or_else(|| format!("a {} without its territory", row.kind))?;
    Territory::find(name).map_err(|_| format!("unknown territory {name:?}"))
}

fn need_continent(row: &StoredRow) -> Result<Continent, String> {
    let name = row
        .continent
        .as_deref()
        .ok_or_else(|| format!("a {} without its continent", row.kind))?;
    Continent::find_printed(name).ok_or_else(|| format!("unknown continent {name:?}"))
}

fn need_name(row: &StoredRow) -> Result<String, String> {
    row.name
        .clone()
        .ok_or_else(|| format!("a {} without its name", row.kind))
}

fn add_change(game: &mut Game, row: &StoredRow) -> Result<(), String> {
    let person = || {
        row.person
            .clone()
            .ok_or_else(|| format!("a {} without its person", row.kind))
    };
    let reward = match row.kind.as_str() {
        "scar" => {
            game.scars.push(ScarPlacement {
                territory: need_territory(row)?,
                scar: need_name(row)?,
            });
            None
        }
        "wear" => {
            let boxes = row
                .amount
                .and_then(|a| u8::try_from(a).ok())
                .ok_or("wear without its boxes")?;
            game.wear.push(Wear {
                territory: need_territory(row)?,
                boxes,
            });
            None
        }
        "name_continent" => Some(Reward::NameContinent {
            continent: need_continent(row)?,
            name: need_name(row)?,
        }),
        "major_city" => Some(Reward::MajorCity {
            territory: need_territory(row)?,
            name: need_name(row)?,
        }),
        "heal_scar" => Some(Reward::HealScar {
            territory: need_territory(row)?,
        }),
        "continent_bonus" => {
            let mark = row
                .amount
                .and_then(BonusMark::from_delta)
                .ok_or("a bonus change that is not +1 or -1")?;
            Some(Reward::ContinentBonus {
                continent: need_continent(row)?,
                mark,
            })
        }
        "fortify" => Some(Reward::Fortify {
            territory: need_territory(row)?,
        }),
        "destroy_card" => Some(Reward::DestroyCard {
            territory: need_territory(row)?,
        }),
        "minor_city" => {
            let choice = HeldOnChoice::MinorCity {
                territory: need_territory(row)?,
                name: need_name(row)?,
            };
            game.held_on.push(HeldOnReward {
                person: person()?,
                choice,
            });
            None
        }
        "add_resource" => {
            let choice = HeldOnChoice::AddResource {
                territory: need_territory(row)?,
            };
            game.held_on.push(HeldOnReward {
                person: person()?,
                choice,
            });
            None
        }
        "packet" => {
            let name = need_name(row)?;
            game.opened
                .push(Packet::find(&name).map_err(|_| format!("unknown packet {name:?}"))?);
            None
        }
        other => return Err(format!("an unknown kind of change {other:?}")),
    };
    if let Some(reward) = reward {
        if game.reward.is_some() {
            return Err("a game with two winner's rewards".to_string());
        }
        game.reward = Some(reward);
    }
    Ok(())
}
