//! `check` and `backup`: SQLite's own checks, a replay of every stored log through the
//! rules, and an online copy of the file.

use std::path::Path;

use rusqlite::backup::StepResult;
use rusqlite::{Connection, OpenFlags};

use chrono::NaiveDate;

use std::collections::HashMap;

use super::decode::{Derived, Stored, read_records};
use super::{Store, StoreError};
use crate::domain::log::{Ordered, check_record};
use crate::domain::record::resolve::resolve;
use crate::domain::{Campaign, LogRecord, LoggedEntry, Refusal, Resolved};

/// Replays the log as corrected through the rules one entry at a time, comparing what is
/// kept beside each record (its game number, whether it was taken back) and how each entry
/// is stored with the replay; the problems found go to `report`.
struct Replaying<'a> {
    name: &'a str,
    campaign: Campaign,
    /// Whether every entry so far replayed (the replay stops at the first that does not).
    whole: bool,
    report: CheckReport,
}

impl<'a> Replaying<'a> {
    fn new(name: &'a str) -> Self {
        Replaying {
            name,
            campaign: Campaign::new(),
            whole: true,
            report: CheckReport::default(),
        }
    }

    /// Replays the whole log as corrected, with what is kept beside each record by place.
    fn all(mut self, resolved: &Resolved, kept: &HashMap<u32, &Derived>) -> Self {
        for entry in &resolved.entries {
            if !self.whole {
                break;
            }
            self.step(entry, kept.get(&entry.seq).copied());
        }
        self
    }

    fn step(&mut self, entry: &LoggedEntry, stored: Option<&Derived>) {
        let (name, report) = (self.name, &mut self.report);
        if !self.whole {
            return;
        }
        let undone_at = stored.and_then(|d| d.undone_at.as_deref());
        if undone_at != entry.taken_back.as_ref().map(|b| b.at.as_str()) {
            let said = |taken_back: bool| if taken_back { "taken back" } else { "standing" };
            report.problems.push(format!(
                "{name}: entry {} is stored as {} but the log has it {}",
                entry.seq,
                said(undone_at.is_some()),
                said(entry.taken_back.is_some())
            ));
        }
        if entry.taken_back.is_some() {
            return;
        }
        // Every entry is held to every rule. One an earlier chronicle logged before a rule
        // held (exempt) is a warning: the campaign still reads. Any other that breaks a rule
        // is a problem; where the rules that shape the board still take it, the replay goes
        // on, so that every such entry is named.
        // Applied as a new entry in place (left as it was on a refusal, without a copy of
        // the whole campaign per entry), then with the rules that shape the board only.
        let campaign = &mut self.campaign;
        let replayed = campaign.apply_logged(entry).or_else(|refusal| {
            let lenient = campaign.replay_exempt(&entry.entry);
            if lenient.is_ok() {
                let (list, said) = if entry.exempt {
                    (
                        &mut report.warnings,
                        "was logged before this rule held, and would be refused now",
                    )
                } else {
                    (&mut report.problems, "breaks a rule")
                };
                list.push(format!(
                    "{name}: entry {}{} {said}: {refusal}",
                    entry.seq,
                    entry
                        .game
                        .map(|g| format!(" (game {g})"))
                        .unwrap_or_default()
                ));
            }
            lenient
        });
        match replayed {
            Ok(applied) if stored.and_then(|d| d.game) != applied.game => {
                report.problems.push(format!(
                    "{name}: entry {} is stored as game {:?} but replays as game {:?}",
                    entry.seq,
                    stored.and_then(|d| d.game),
                    applied.game
                ));
            }
            Ok(applied) if applied.entry != *entry.entry => report.problems.push(format!(
                "{name}: entry {} is not stored as the rules record it",
                entry.seq
            )),
            Ok(_) => {}
            Err(refusal) => {
                report.problems.push(format!(
                    "{name}: entry {} breaks a rule: {refusal}",
                    entry.seq
                ));
                self.whole = false;
            }
        }
    }
}

/// A record checked as a new one would be, and that it stands at its place.
fn check_one(
    name: &str,
    place: u32,
    record: &LogRecord,
    latest: NaiveDate,
    report: &mut CheckReport,
) {
    if record.seq != place {
        report.problems.push(format!(
            "{name}: entry {} stands where entry {place} should",
            record.seq
        ));
    }
    // A game another device logged is judged by its writer's clock, as sync took it.
    let latest = latest.max(crate::domain::log::writers_latest(record));
    match check_record(record, latest) {
        Ok(()) => {}
        // Text, times and names an earlier chronicle took: the campaign still reads.
        Err(
            refusal @ (Refusal::BadText { .. }
            | Refusal::BadTimestamp { .. }
            | Refusal::BadName { .. }),
        ) => {
            report
                .warnings
                .push(format!("{name}: entry {}: {refusal}", record.seq));
        }
        Err(refusal) => report
            .problems
            .push(format!("{name}: entry {}: {refusal}", record.seq)),
    }
}

fn cannot_stand(name: &str, seq: u32, refusal: &Refusal, report: &mut CheckReport) {
    report.problems.push(format!(
        "{name}: entry {seq} cannot stand in the log: {refusal}"
    ));
}

/// What `check` found: each problem in plain words, and what was looked at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    pub problems: Vec<String>,
    /// What an earlier chronicle stored that this one would refuse, which does not keep the
    /// campaign from being read (text with control characters, which is printed escaped).
    pub warnings: Vec<String>,
    /// Each campaign with its games, as replayed.
    pub campaigns: Vec<(String, u32)>,
    pub entries: usize,
}

impl CheckReport {
    /// Adds what another look found after what this one has.
    fn absorb(&mut self, other: CheckReport) {
        self.problems.extend(other.problems);
        self.warnings.extend(other.warnings);
        self.campaigns.extend(other.campaigns);
        self.entries += other.entries;
    }
}

impl Store {
    /// SQLite's integrity and foreign-key checks, then every campaign's log read back and
    /// replayed through the rules, with what is stored beside it (game numbers, order,
    /// entries taken back) compared with the replay, and every entry checked as a new one
    /// would be (no game after `latest`). All on one snapshot of the database.
    pub fn check(&self, latest: NaiveDate) -> Result<CheckReport, StoreError> {
        self.snapshot(|store| store.check_now(latest))
    }

    fn check_now(&self, latest: NaiveDate) -> Result<CheckReport, StoreError> {
        let mut report = CheckReport::default();
        let mut integrity = self.conn.prepare("PRAGMA integrity_check")?;
        for line in integrity.query_map([], |row| row.get::<_, String>(0))? {
            let line = line?;
            if line != "ok" {
                report.problems.push(format!("SQLite integrity: {line}"));
            }
        }
        let mut keys = self.conn.prepare("PRAGMA foreign_key_check")?;
        for row in keys.query_map([], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, Option<i64>>(1)?))
        })? {
            let (table, rowid) = row?;
            report.problems.push(format!(
                "a row of {table} (rowid {}) points at a row that does not exist",
                rowid.map_or("?".to_string(), |r| r.to_string())
            ));
        }
        for campaign in self.campaigns()? {
            let games = self.check_campaign(campaign.id, &campaign.name, latest, &mut report)?;
            report.campaigns.push((campaign.name, games));
        }
        Ok(report)
    }

    fn check_campaign(
        &self,
        id: i64,
        name: &str,
        latest: NaiveDate,
        report: &mut CheckReport,
    ) -> Result<u32, StoreError> {
        match self.check_log(id, name, latest) {
            Ok((found, games)) => {
                report.absorb(found);
                Ok(games)
            }
            Err(StoreError::Damaged { detail }) => {
                report
                    .problems
                    .push(format!("{name}: the log cannot be read: {detail}"));
                Ok(0)
            }
            Err(other) => Err(other),
        }
    }

    /// `check_campaign`'s look at one log: what it finds, and the games replayed.
    fn check_log(
        &self,
        id: i64,
        name: &str,
        latest: NaiveDate,
    ) -> Result<(CheckReport, u32), StoreError> {
        let Stored { records, derived } = read_records(&self.conn, id)?;
        let mut found = CheckReport {
            entries: records.len(),
            ..CheckReport::default()
        };
        for (place, record) in (1u32..).zip(&records) {
            check_one(name, place, record, latest, &mut found);
        }
        let kept: HashMap<u32, &Derived> = records.iter().map(|r| r.seq).zip(&derived).collect();
        let head = super::device::head(&self.conn, id)?;
        let ordered = match Ordered::new(records, head.as_ref()) {
            Ok(ordered) => ordered,
            Err(broken) => {
                cannot_stand(name, broken.seq, &broken.refusal, &mut found);
                return Ok((found, 0));
            }
        };
        let resolved = match resolve(&ordered.log) {
            Ok(resolved) => resolved,
            Err(unresolved) => {
                cannot_stand(name, unresolved.seq, &unresolved.refusal, &mut found);
                return Ok((found, 0));
            }
        };
        let replayed = Replaying::new(name).all(&resolved, &kept);
        let games = replayed.campaign.games_played();
        found.absorb(replayed.report);
        Ok((found, games))
    }

    /// Copies the database into the file at `path` (empty, or new) with SQLite's online
    /// backup, consistent even while another process writes. Putting the copy in place is
    /// the caller's (`files::replace_as`).
    pub(crate) fn backup_into(&self, path: &Path) -> Result<(), StoreError> {
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE;
        let mut target = Connection::open_with_flags(path, flags)?;
        let backup = rusqlite::backup::Backup::new(&self.conn, &mut target)?;
        // One step copies every page under one read transaction: a consistent copy
        // (tried again for a while when another process holds a lock).
        let mut tries = 0;
        loop {
            match backup.step(-1)? {
                StepResult::Done => break,
                StepResult::More => {}
                _ if tries < 250 => {
                    tries += 1;
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                _ => return Err(StoreError::Busy),
            }
        }
        drop(backup);
        target.execute_batch("PRAGMA journal_mode = DELETE;")?;
        Ok(())
    }
}
