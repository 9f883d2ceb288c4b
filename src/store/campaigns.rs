//! The campaigns kept in one database file, and which one is in use.

use rusqlite::{OptionalExtension, params};

use super::encode::write_log;
use super::{Store, StoreError};
use crate::domain::vocabulary::names::{CampaignName, closest, tidy};
use crate::domain::{CheckedLog, EntryId, Head};

/// A campaign as listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignInfo {
    pub id: i64,
    pub name: String,
    pub demo: bool,
    pub created_at: String,
    pub current: bool,
    /// Its identity, shared by every device that syncs it.
    pub uid: String,
}

pub(super) fn name_key(name: &str) -> String {
    tidy(name).to_lowercase()
}

impl Store {
    /// Every campaign in the file, oldest first.
    pub fn campaigns(&self) -> Result<Vec<CampaignInfo>, StoreError> {
        self.campaigns_where("1", params![])
    }

    /// The head of a campaign's log: its latest record (`seq:uid`), or `0` for an empty log.
    /// Any write to the campaign's log moves it, so a page shown at one head is current for
    /// as long as the head has not moved.
    pub fn log_head(&self, campaign_id: i64) -> Result<Head, StoreError> {
        let latest: Option<(u32, String)> = self
            .conn
            .prepare_cached(
                "SELECT seq, uid FROM entry WHERE campaign_id = ?1 ORDER BY seq DESC LIMIT 1",
            )?
            .query_row(params![campaign_id], |row| Ok((row.get(0)?, row.get(1)?)))
            .optional()?;
        Ok(latest.map_or_else(Head::default, |(seq, uid)| {
            Head::at(seq, EntryId::from(uid))
        }))
    }

    /// SQLite's `data_version` of this connection: it changes when another connection
    /// commits a change to the file (never for this one's own writes), so a connection
    /// that only reads it sees every write of every other process.
    pub fn data_version(&self) -> Result<i64, StoreError> {
        Ok(self
            .conn
            .query_row("PRAGMA data_version", [], |row| row.get(0))?)
    }

    /// The games a campaign has played, counted only where they are shown (`campaign
    /// list`, `campaign use`, `import`): choosing the campaign, which every command does,
    /// does not need them.
    pub fn games_played(&self, campaign_id: i64) -> Result<u32, StoreError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT COUNT(*) FROM entry WHERE campaign_id = ?1 AND game IS NOT NULL",
        )?;
        Ok(statement.query_row(params![campaign_id], |row| row.get(0))?)
    }

    /// The campaigns a condition on `c` (the campaign table) selects.
    fn campaigns_where(
        &self,
        condition: &str,
        values: &[&dyn rusqlite::ToSql],
    ) -> Result<Vec<CampaignInfo>, StoreError> {
        let mut statement = self.conn.prepare_cached(&format!(
            "SELECT c.id, c.name, c.demo, c.created_at,
                    (SELECT value FROM setting WHERE key = 'current_campaign'),
                    COALESCE(c.uid, '')
             FROM campaign c WHERE {condition} ORDER BY c.id"
        ))?;
        let rows = statement.query_map(values, |row| {
            let id: i64 = row.get(0)?;
            let current: Option<String> = row.get(4)?;
            Ok(CampaignInfo {
                id,
                name: row.get(1)?,
                demo: row.get(2)?,
                created_at: row.get(3)?,
                current: current.and_then(|v| v.parse().ok()) == Some(id),
                uid: row.get(5)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn current_campaign_id(&self) -> Result<Option<i64>, StoreError> {
        let value: Option<String> = self
            .conn
            .query_row(
                "SELECT value FROM setting WHERE key = 'current_campaign'",
                [],
                |row| row.get(0),
            )
            .optional()?;
        Ok(value.and_then(|v| v.parse().ok()))
    }

    /// The campaign to work on: the one named (by name, case-insensitively), else the only
    /// one, else the one last used. Only the campaign chosen is read, however many the file
    /// holds; all of them are listed only to say which exist when none fits.
    pub(crate) fn choose_campaign(&self, named: Option<&str>) -> Result<CampaignInfo, StoreError> {
        let found = match named {
            Some(given) => self.campaigns_where("c.name_key = ?1", params![name_key(given)])?,
            None => match self.current_campaign_id()? {
                Some(id) => self.campaigns_where("c.id = ?1", params![id])?,
                None => self.campaigns_where(
                    "c.id IN (SELECT id FROM campaign ORDER BY id LIMIT 2)",
                    params![],
                )?,
            },
        };
        if let [one] = found.as_slice() {
            return Ok(one.clone());
        }
        let all = self.campaigns()?;
        let names = || all.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
        if let Some(given) = named {
            // A unique prefix or word of a name finds it: "scotland" finds "Scotland 2024".
            let matching = by_prefix_or_word(given, &all);
            match matching.as_slice() {
                [one] => return Ok((*one).clone()),
                [] => {}
                several => {
                    return Err(StoreError::AmbiguousCampaign {
                        given: given.to_string(),
                        known: several.iter().map(|c| c.name.clone()).collect(),
                    });
                }
            }
        }
        match (named, all.as_slice()) {
            (Some(given), _) => {
                let hints = closest(given, all.iter().map(|c| c.name.as_str()));
                Err(StoreError::UnknownCampaign {
                    given: given.to_string(),
                    known: if hints.is_empty() { names() } else { hints },
                })
            }
            (None, []) => Err(StoreError::NoCampaign),
            (None, [only]) => Ok(only.clone()),
            (None, _) => Err(StoreError::WhichCampaign { known: names() }),
        }
    }

    /// Makes the campaign the one used when none is named.
    pub(crate) fn use_campaign(&mut self, id: i64) -> Result<(), StoreError> {
        set_current(&self.conn, id)
    }

    /// Starts a new campaign on the standard board and makes it the current one.
    pub(crate) fn create_campaign(
        &mut self,
        name: &CampaignName,
        created_at: &str,
    ) -> Result<CampaignInfo, StoreError> {
        self.write(true, |tx| {
            if campaign_exists(tx, name)? {
                return Err(StoreError::CampaignExists {
                    name: name.to_string(),
                });
            }
            insert_campaign(tx, name, false, created_at)?;
            Ok(())
        })?;
        let created = self.choose_campaign(Some(name.as_str()))?;
        self.use_campaign(created.id)?;
        Ok(CampaignInfo {
            current: true,
            ..created
        })
    }

    /// Replaces the demo campaign called `name` with the log given, all in one transaction;
    /// a real campaign of that name is never touched, and neither is the choice of current
    /// campaign (unless it was the demo being replaced).
    pub(crate) fn replace_demo(
        &mut self,
        name: &CampaignName,
        created_at: &str,
        log: &CheckedLog,
    ) -> Result<(), StoreError> {
        self.write(true, |tx| {
            let existing: Option<(i64, bool)> = tx
                .query_row(
                    "SELECT id, demo FROM campaign WHERE name_key = ?1",
                    params![name_key(name.as_str())],
                    |row| Ok((row.get(0)?, row.get(1)?)),
                )
                .optional()?;
            match existing {
                Some((_, false)) => {
                    return Err(StoreError::NotADemo {
                        name: name.to_string(),
                    });
                }
                Some((id, true)) => {
                    tx.execute("DELETE FROM campaign WHERE id = ?1", params![id])?;
                }
                None => {}
            }
            let id = insert_campaign(tx, name, true, created_at)?;
            write_log(tx, id, log)?;
            if let Some((old, true)) = existing {
                tx.execute(
                    "UPDATE setting SET value = ?1 WHERE key = 'current_campaign' AND value = ?2",
                    params![id.to_string(), old.to_string()],
                )?;
            }
            Ok(())
        })
    }
}

/// Records `id` as the campaign used when none is named.
pub(super) fn set_current(conn: &rusqlite::Connection, id: i64) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO setting (key, value) VALUES ('current_campaign', ?1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        params![id.to_string()],
    )?;
    Ok(())
}

pub(super) fn insert_campaign(
    tx: &rusqlite::Transaction<'_>,
    name: &CampaignName,
    demo: bool,
    created_at: &str,
) -> Result<i64, StoreError> {
    let uid = super::ids::mint(created_at, None);
    insert_campaign_as(tx, name, demo, created_at, uid.as_str())
}

/// Inserts a campaign with a given identity (one another device shared).
pub(super) fn insert_campaign_as(
    tx: &rusqlite::Transaction<'_>,
    name: &CampaignName,
    demo: bool,
    created_at: &str,
    uid: &str,
) -> Result<i64, StoreError> {
    tx.execute(
        "INSERT INTO campaign (name, name_key, demo, created_at, uid) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            name.as_str(),
            name_key(name.as_str()),
            demo,
            created_at,
            uid
        ],
    )?;
    Ok(tx.last_insert_rowid())
}

/// Whether a campaign of that name (ignoring case) is in the file.
pub(super) fn campaign_exists(
    tx: &rusqlite::Transaction<'_>,
    name: &CampaignName,
) -> Result<bool, StoreError> {
    Ok(tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM campaign WHERE name_key = ?1)",
        params![name_key(name.as_str())],
        |row| row.get(0),
    )?)
}

/// Gives a campaign the name its log says, after a record that renames it (or takes a
/// renaming back) was written: the latest renaming that stands, else the name before the
/// first. Refused when another campaign of the file has that name.
pub(super) fn name_from_log(
    tx: &rusqlite::Transaction<'_>,
    campaign_id: i64,
    corrections: &[crate::domain::CorrectionEntry],
) -> Result<(), StoreError> {
    use crate::domain::Correction;
    let renamings: Vec<(&str, &str, bool)> = corrections
        .iter()
        .filter_map(|c| match &c.correction {
            Correction::RenameCampaign { from, to } => {
                Some((from.as_str(), to.as_str(), c.taken_back.is_none()))
            }
            _ => None,
        })
        .collect();
    let name = renamings
        .iter()
        .rev()
        .find(|(_, _, stands)| *stands)
        .map(|(_, to, _)| *to)
        .or_else(|| renamings.first().map(|(from, _, _)| *from));
    let Some(name) = name else {
        return Ok(());
    };
    let taken: bool = tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM campaign WHERE name_key = ?1 AND id != ?2)",
        params![name_key(name), campaign_id],
        |row| row.get(0),
    )?;
    if taken {
        return Err(StoreError::CampaignExists {
            name: name.to_string(),
        });
    }
    tx.execute(
        "UPDATE campaign SET name = ?1, name_key = ?2 WHERE id = ?3",
        params![name, name_key(name), campaign_id],
    )?;
    Ok(())
}

/// A campaign's name, by its row.
pub(super) fn campaign_name(
    tx: &rusqlite::Transaction<'_>,
    campaign_id: i64,
) -> Result<String, StoreError> {
    Ok(tx.query_row(
        "SELECT name FROM campaign WHERE id = ?1",
        params![campaign_id],
        |row| row.get(0),
    )?)
}

/// The campaigns whose name starts with what was given, or has a word that does (case and
/// accents ignored).
fn by_prefix_or_word<'a>(given: &str, all: &'a [CampaignInfo]) -> Vec<&'a CampaignInfo> {
    let wanted = crate::domain::vocabulary::names::fold(given);
    if wanted.is_empty() {
        return Vec::new();
    }
    all.iter()
        .filter(|c| {
            crate::domain::vocabulary::names::fold(&c.name).starts_with(&wanted)
                || c.name
                    .split_whitespace()
                    .any(|word| crate::domain::vocabulary::names::fold(word).starts_with(&wanted))
        })
        .collect()
}
