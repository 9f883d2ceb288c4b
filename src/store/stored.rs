//! The one stored form of each of the domain's types: how it is written to a column and
//! read back. Territories, continents, factions and packets are stored by their printed
//! names; results, entry kinds and change kinds by their keys. A value that does not read
//! back means a damaged database.

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use crate::domain::vocabulary::pool::PoolKind;
use crate::domain::{ChangeKind, Continent, EntryKind, Faction, Outcome, Packet, Territory};

fn text<'a>(value: &ValueRef<'a>) -> FromSqlResult<&'a str> {
    value.as_str()
}

fn unknown(what: &str, stored: &str) -> FromSqlError {
    FromSqlError::Other(format!("unknown {what} {stored:?}").into())
}

impl ToSql for Territory {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.name()))
    }
}

impl FromSql for Territory {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        // A printed name, or one sealed content added (the replay checks the campaign has it).
        let name = text(&value)?;
        if name.trim().is_empty() {
            return Err(unknown("territory", name));
        }
        Ok(Territory::named(name))
    }
}

impl ToSql for Continent {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.name()))
    }
}

impl FromSql for Continent {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let name = text(&value)?;
        Continent::all()
            .find(|c| c.name() == name)
            .ok_or_else(|| unknown("continent", name))
    }
}

impl ToSql for Faction {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.name()))
    }
}

impl FromSql for Faction {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        text(&value).map(Faction::new)
    }
}

impl ToSql for Outcome {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.key()))
    }
}

impl FromSql for Outcome {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let key = text(&value)?;
        Outcome::ALL
            .into_iter()
            .find(|o| o.key() == key)
            .ok_or_else(|| unknown("result", key))
    }
}

impl ToSql for Packet {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.name()))
    }
}

impl FromSql for Packet {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let name = text(&value)?;
        Packet::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| unknown("packet", name))
    }
}

impl ToSql for PoolKind {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.key()))
    }
}

impl FromSql for PoolKind {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let key = text(&value)?;
        PoolKind::from_key(key).ok_or_else(|| unknown("pool", key))
    }
}

/// The stored spelling of an entry's kind (`entry.kind`).
pub(super) const fn entry_key(kind: EntryKind) -> &'static str {
    match kind {
        EntryKind::Power => "power",
        EntryKind::Coins => "coins",
        EntryKind::PoolCapacity => "pool",
        EntryKind::Game => "game",
        EntryKind::AddScarType => "scar_type",
        EntryKind::AddFaction => "faction",
        EntryKind::OpenPacket => "packet",
        EntryKind::MarkFactionCard => "faction_mark",
        EntryKind::ScarFactionCard => "faction_scar",
        EntryKind::NameWorld => "world_name",
        EntryKind::Rule => "rule",
        EntryKind::Alias => "alias",
        EntryKind::Retire => "retire",
        EntryKind::AddTerritory => "territory",
        EntryKind::Photo => "photo",
        EntryKind::RemovePhoto => "photo_removed",
    }
}

/// The entry kind stored as `key`.
pub(super) fn entry_kind(key: &str) -> Option<EntryKind> {
    EntryKind::ALL.into_iter().find(|k| entry_key(*k) == key)
}

/// What a correction record does, as `entry.correction` stores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CorrectionKind {
    Replace,
    TakeBack,
    RenamePerson,
    MergePerson,
    RenameCampaign,
    Join,
}

impl CorrectionKind {
    pub(super) const ALL: [CorrectionKind; 6] = [
        CorrectionKind::Replace,
        CorrectionKind::TakeBack,
        CorrectionKind::RenamePerson,
        CorrectionKind::MergePerson,
        CorrectionKind::RenameCampaign,
        CorrectionKind::Join,
    ];

    pub(super) const fn key(self) -> &'static str {
        match self {
            CorrectionKind::Replace => "replace",
            CorrectionKind::TakeBack => "take_back",
            CorrectionKind::RenamePerson => "rename_person",
            CorrectionKind::MergePerson => "merge_person",
            CorrectionKind::RenameCampaign => "rename_campaign",
            CorrectionKind::Join => "join",
        }
    }

    pub(super) fn of(correction: &crate::domain::Correction) -> CorrectionKind {
        use crate::domain::Correction;
        match correction {
            Correction::Replace { .. } => CorrectionKind::Replace,
            Correction::TakeBack { .. } => CorrectionKind::TakeBack,
            Correction::RenamePerson { .. } => CorrectionKind::RenamePerson,
            Correction::MergePerson { .. } => CorrectionKind::MergePerson,
            Correction::RenameCampaign { .. } => CorrectionKind::RenameCampaign,
            Correction::Join { .. } => CorrectionKind::Join,
        }
    }
}

impl ToSql for CorrectionKind {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.key()))
    }
}

impl FromSql for CorrectionKind {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let key = text(&value)?;
        CorrectionKind::ALL
            .into_iter()
            .find(|k| k.key() == key)
            .ok_or_else(|| unknown("kind of correction", key))
    }
}

impl ToSql for EntryKind {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(entry_key(*self)))
    }
}

impl FromSql for EntryKind {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let key = text(&value)?;
        EntryKind::ALL
            .into_iter()
            .find(|k| entry_key(*k) == key)
            .ok_or_else(|| unknown("kind of entry", key))
    }
}

/// The stored spelling of a change's kind (`change.kind`): the printed key, but for four
/// kinds the first release stored under the names of their flags.
const fn change_key(kind: ChangeKind) -> &'static str {
    match kind {
        ChangeKind::Pool => "pool_capacity",
        ChangeKind::ContinentName => "name_continent",
        ChangeKind::Heal => "heal_scar",
        ChangeKind::Resource => "add_resource",
        other => other.key(),
    }
}

impl ToSql for ChangeKind {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(change_key(*self)))
    }
}

impl FromSql for ChangeKind {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let key = text(&value)?;
        ChangeKind::ALL
            .into_iter()
            .find(|k| change_key(*k) == key)
            .ok_or_else(|| unknown("kind of change", key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_own_stored_spelling() {
        for (i, a) in ChangeKind::ALL.iter().enumerate() {
            for b in &ChangeKind::ALL[i + 1..] {
                assert_ne!(change_key(*a), change_key(*b));
            }
        }
        for (i, a) in EntryKind::ALL.iter().enumerate() {
            for b in &EntryKind::ALL[i + 1..] {
                assert_ne!(entry_key(*a), entry_key(*b));
            }
        }
    }
}
