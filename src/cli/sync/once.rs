//! One pass of sync over the campaigns it concerns: the others' files read, the database
//! merged in one transaction, this device's file written; and `sync status`, the same
//! without writing.

use std::path::{Path, PathBuf};

use super::device::device_name;
use super::folder::{campaigns_in, check_own, own_file, owner, read_shared, write_own};
use super::seen::{Read, agreeing, unchanged};
use crate::cli::context::{Context, open_store, open_written};
use crate::cli::error::CliError;
use crate::cli::output::print;
use crate::domain::vocabulary::names::CampaignName;
use crate::domain::{Body, Correction, LogRecord};
use crate::exchange::{
    DEVICE_LOG_FORMAT, DEVICE_LOG_VERSION, DeviceLogHead, SharedCampaign, device_log_text,
};
use crate::report::history::walk;
use crate::report::sync::{ForkView, SetAsideView, SyncReport, SyncReports, record_words};
use crate::store::{Access, CampaignInfo, Store, StoreError, Synced};

/// What a pass did: a report for each campaign, and the files it wrote (with a commit
/// message each, for git).
pub(in crate::cli) struct Done {
    pub(in crate::cli) reports: Vec<SyncReport>,
    pub files: Vec<(PathBuf, String)>,
    /// The images written to the folder's `photos/`, for git.
    pub photos: Vec<PathBuf>,
    /// This device's files to write, once the database holds what they say.
    pending: Vec<Pending>,
    /// The campaigns read whole, to remember as this sync leaves them (`seen::remember`).
    read: Vec<Read>,
    /// The device this database synced as.
    device: String,
}

/// This device's file of a campaign, to be written.
struct Pending {
    path: PathBuf,
    text: String,
    /// The commit message, for git.
    message: String,
    /// Whether it holds none of this device's records (only claims its name).
    empty: bool,
}

impl Done {
    /// The device this database synced as.
    pub(super) fn device(&self) -> &str {
        &self.device
    }

    /// Writes this device's files, no more open than the database at `database`. A file
    /// that only claims the device's name is passed over where the folder cannot be
    /// written (a join from a folder it may only read).
    fn write(&mut self, database: &Path) -> Result<(), CliError> {
        for pending in std::mem::take(&mut self.pending) {
            match write_own(&pending.path, &pending.text, database) {
                Ok(true) => self.files.push((pending.path, pending.message)),
                Ok(false) => {}
                Err(_) if pending.empty => {}
                Err(error) => return Err(error),
            }
        }
        Ok(())
    }

    /// Prints the reports; a fork, a merged log that breaks a rule, a file of the folder
    /// not taken whole, or an entry not taken (another device's copy of a record says
    /// something else) is exit 1.
    pub(super) fn finish(self, context: &Context) -> Result<(), CliError> {
        let forked = self
            .reports
            .iter()
            .any(|r| r.fork.is_some() || r.broken.is_some());
        let skipped: Vec<String> = self
            .reports
            .iter()
            .flat_map(|r| r.skipped.iter().map(|s| s.file.clone()))
            .collect();
        let refused: Vec<String> = self
            .reports
            .iter()
            .flat_map(|r| r.photos.refused.iter().map(|s| s.file.clone()))
            .collect();
        let conflicts: usize = self.reports.iter().map(|r| r.conflicts.len()).sum();
        let aside: Vec<&str> = self
            .reports
            .iter()
            .flat_map(|r| &r.set_aside)
            .map(|a| a.device.as_str())
            .collect();
        let aside = set_aside_error(&aside);
        print(&SyncReports(self.reports), context)?;
        if forked {
            return Err(CliError::input(
                "The log forks: the board stayed as it was and every entry is kept. Resolve it with `chronicle sync resolve DIR --keep DEVICE` (or --keep-both).",
            ));
        }
        if !skipped.is_empty() {
            return Err(skipped_files(&skipped));
        }
        if !refused.is_empty() {
            return Err(refused_photos(&refused));
        }
        if let Some(error) = aside {
            return Err(error);
        }
        if conflicts > 0 {
            return Err(CliError::input(format!(
                "{conflicts} {} of the shared folder not taken: another device's copy says something else than the one here (listed above). Nothing of them was written; `chronicle sync status DIR` shows them, and `chronicle check` this database.",
                if conflicts == 1 { "entry" } else { "entries" }
            )));
        }
        Ok(())
    }
}

/// Entries of other devices set aside (`devices`: whose, one a record), while any is.
fn set_aside_error(devices: &[&str]) -> Option<CliError> {
    let mut named: Vec<&str> = devices.to_vec();
    named.sort_unstable();
    named.dedup();
    (!devices.is_empty()).then(|| {
        CliError::input(format!(
            "{} {} of {} set aside: the rules refuse them (listed above). The other entries go on without them; drop them for good with `chronicle sync resolve DIR --drop DEVICE`, or leave them to be tried again at the next sync once the group has logged what they need.",
            devices.len(),
            if devices.len() == 1 { "entry" } else { "entries" },
            named.join(", ")
        ))
    })
}

/// Files of the folder not taken whole: what was taken is in, the rest waits for the
/// file's device to write it again.
fn skipped_files(files: &[String]) -> CliError {
    CliError::input(format!(
        "Not every file of the shared folder could be taken whole: {}. What came before the bad line of each is in; the rest is not. The device that writes each file writes it whole again at its next sync; a file no device writes can be removed.",
        files.join(", ")
    ))
}

/// Image files of the folder's `photos/` not taken: what they are, a person decides.
fn refused_photos(files: &[String]) -> CliError {
    CliError::input(format!(
        "Not every photo's file of the shared folder could be taken: {}. Their photos stay not here yet on this device; the files are left in the folder, untouched: look at them, and remove a file that is not the photo its name says (the device that added the photo writes it again at its next sync).",
        files.join(", ")
    ))
}

/// Syncs the campaigns concerned: the one chosen, or, in a database with none, every
/// campaign the folder holds (joined).
pub(in crate::cli) fn sync(
    context: &Context,
    dir: &Path,
    device: Option<&str>,
    yes: bool,
) -> Result<Done, CliError> {
    if let Some(given) = device {
        super::device::valid(given)?;
    }
    // A machine with no database yet makes one only to join what the folder holds.
    let exists = context.db_path(Access::Create)?.exists();
    if !exists && campaigns_in(dir).is_empty() {
        return Err(nothing_to_sync(dir));
    }
    let path = context.db_path(Access::Create)?;
    let here = super::place::here(&path);
    if exists && let Some(mut store) = open_written(&path)? {
        let mut done = sync_store(context, &mut store, dir, (device, &here, &path), yes)?;
        done.write(&path)?;
        super::seen::remember(&done.read, &done.device, &mut store, dir)?;
        return Ok(done);
    }
    // A join builds the database beside its place and moves it there whole once it is
    // done (over an empty file, which holds nothing): a join killed midway leaves no
    // half-made file for the next sync to trip on.
    let joining = beside(&path, "joining");
    remove_with_journals(&joining);
    let mut store = open_store(&joining, Access::Create)?;
    let done = sync_store(context, &mut store, dir, (device, &here, &joining), yes)
        .and_then(|done| store.settle().map(|()| done).map_err(CliError::from));
    drop(store);
    match done {
        Ok(mut done) => {
            // The journals of an empty file there belong to nothing: gone before the move,
            // so SQLite never reads them against the joined database.
            remove_journals(&path);
            std::fs::rename(&joining, &path).map_err(|e| {
                CliError::file(format!(
                    "The joined database could not be moved to {}: {e}.",
                    path.display()
                ))
            })?;
            remove_with_journals(&joining);
            // Only now: a join killed before this leaves no file claiming the name for a
            // database that never came to be.
            done.write(&path)?;
            Ok(done)
        }
        Err(error) => {
            remove_with_journals(&joining);
            Err(error)
        }
    }
}

/// The same folder and name with a suffix: `.chronicle.db.joining`.
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{suffix}"))
}

/// Removes a database file and its journals, if there.
fn remove_with_journals(path: &Path) {
    let _ = std::fs::remove_file(path);
    remove_journals(path);
}

/// Removes the files SQLite keeps beside a database file, if there.
fn remove_journals(path: &Path) {
    for suffix in ["-wal", "-shm", "-journal"] {
        let mut file = path.as_os_str().to_owned();
        file.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(file));
    }
}

/// One sync of the campaigns concerned, on a store already open (the file `database`), as
/// the device given (if one was) of the database at `here`, its place once the sync is done.
fn sync_store(
    context: &Context,
    store: &mut Store,
    dir: &Path,
    (device, here, database): (Option<&str>, &str, &Path),
    yes: bool,
) -> Result<Done, CliError> {
    let joining = store.campaigns()?.is_empty();
    // A copy is refused before anything is written, or takes the name it was given.
    let copy = super::place::copied(store, device, here)?;
    let me = match &copy {
        Some(name) => name.clone(),
        None => device_name(store, device, false)?,
    };
    let campaigns = concerned(context, store, dir)?
        .into_iter()
        .map(|c| super::copy::as_shared(store, c, dir, &me, yes))
        .collect::<Result<Vec<_>, _>>()?;
    for campaign in &campaigns {
        same_database(store, dir, &campaign.uid, &me)?;
    }
    if let Some(name) = &copy {
        store.become_own_database(name, here)?;
    } else {
        device_name(store, device, true)?;
        if store.database()?.is_none() {
            store.set_device(&me)?;
        }
        store.keep_place(here)?;
    }
    let mut done = Done {
        reports: Vec::new(),
        files: Vec::new(),
        photos: Vec::new(),
        pending: Vec::new(),
        read: Vec::new(),
        device: me.clone(),
    };
    for campaign in campaigns {
        if !joining && let Some(report) = unchanged(store, &campaign, dir, &me)? {
            done.reports.push(report);
            continue;
        }
        let how = Pass::Write { joining, database };
        let (report, file, photos) = pass(store, &campaign, dir, &me, how)?;
        if joining
            && report.games_played == 0
            && report.received.is_empty()
            && !report.skipped.is_empty()
        {
            let files: Vec<String> = report.skipped.iter().map(|s| s.file.clone()).collect();
            return Err(skipped_files(&files).hinted(
                "Nothing could be taken from the folder, so this database was not made. Sync the device that writes each file named, then join again.",
            ));
        }
        done.read.push(Read {
            campaign_id: campaign.id,
            uid: campaign.uid.clone(),
            agreeing: agreeing(&report),
            games: report.games_played,
            relayed: report.relayed,
        });
        done.reports.push(report);
        done.pending.extend(file);
        done.photos.extend(photos);
    }
    Ok(done)
}

/// Device `me`'s file of campaign `uid`, if there, is written by this database (or a
/// restored or copied one): a second database under the name is told to pick its own
/// before anything is written.
fn same_database(store: &Store, dir: &Path, uid: &str, me: &str) -> Result<(), CliError> {
    let Some(theirs) = owner(dir, uid, me) else {
        return Ok(());
    };
    if store.database()?.as_deref() == Some(theirs.as_str()) {
        return Ok(());
    }
    Err(CliError::input(format!(
        "The name is taken: another database already syncs as device \"{me}\" in {}: two databases under one name would write over each other's file. Give this one a name of its own with --device NAME (e.g. --device {me}-2); a device whose database was lost joins again so too, and the entries of its file stay shared.",
        dir.display()
    ))
    .nothing_written())
}

/// `sync status DIR`: what a sync would do, on the database as it is.
pub(super) fn status(
    context: &Context,
    dir: &Path,
    device: Option<String>,
) -> Result<(), CliError> {
    super::folder::check_dir(dir)?;
    let mut store = context.open(Access::Read)?;
    // A copy is told so, as a sync would tell it, before anything else.
    let here = super::place::here(&context.db_path(Access::Read)?);
    super::place::copied(&store, device.as_deref(), &here)?;
    let me = device_name(&mut store, device.as_deref(), false)?;
    let campaign = store.choose_campaign(context.campaign.as_deref())?;
    let (report, _, _) = pass(&mut store, &campaign, dir, &me, Pass::DryRun)?;
    let forked = report.fork.is_some();
    let aside: Vec<&str> = report.set_aside.iter().map(|a| a.device.as_str()).collect();
    let aside = set_aside_error(&aside);
    print(&SyncReports(vec![report]), context)?;
    if forked {
        return Err(CliError::input(
            "The log forks; `chronicle sync resolve DIR --keep DEVICE` (or --keep-both) records what the group decides.",
        ));
    }
    aside.map_or(Ok(()), Err)
}

/// The campaigns a sync concerns, joining those the folder holds that this database lacks
/// when it has none (or when --campaign names one only the folder has).
fn concerned(
    context: &Context,
    store: &mut Store,
    dir: &Path,
) -> Result<Vec<CampaignInfo>, CliError> {
    if store.campaigns()?.is_empty() {
        let shared = campaigns_in(dir);
        if shared.is_empty() {
            return Err(nothing_to_sync(dir));
        }
        return shared.iter().map(|c| join(store, c)).collect();
    }
    match store.choose_campaign(context.campaign.as_deref()) {
        Ok(campaign) => Ok(vec![campaign]),
        Err(StoreError::UnknownCampaign { given, known }) => {
            let found = campaigns_in(dir)
                .into_iter()
                .find(|c| c.name.to_lowercase() == given.to_lowercase());
            match found {
                Some(shared) => Ok(vec![join(store, &shared)?]),
                None => Err(StoreError::UnknownCampaign { given, known }.into()),
            }
        }
        Err(other) => Err(other.into()),
    }
}

fn nothing_to_sync(dir: &Path) -> CliError {
    CliError::input(format!(
        "Neither this database nor {} holds a campaign yet: start one with `chronicle init` (or `chronicle import`), then sync it.",
        dir.display()
    ))
    .nothing_written()
}

fn join(store: &mut Store, shared: &SharedCampaign) -> Result<CampaignInfo, CliError> {
    let name = CampaignName::new(&shared.name)?;
    Ok(store.join_campaign(&shared.id, &name, &shared.created_at)?)
}

/// How a pass goes: a sync that writes (of a campaign this database, the file `database`,
/// has just joined, or not), or `sync status`.
#[derive(Clone, Copy)]
enum Pass<'a> {
    Write { joining: bool, database: &'a Path },
    DryRun,
}

/// Syncs one campaign: reads the others' files, merges, exchanges the photos' images,
/// writes this device's file (not for a dry run). Returns the report, the file to write,
/// with its commit message, and the images written.
fn pass(
    store: &mut Store,
    campaign: &CampaignInfo,
    dir: &Path,
    me: &str,
    how: Pass<'_>,
) -> Result<(SyncReport, Option<Pending>, Vec<PathBuf>), CliError> {
    let dry_run = matches!(how, Pass::DryRun);
    check_own(dir, &campaign.uid, me)?;
    let mut shared = read_shared(dir, &campaign.uid, me);
    let records = std::mem::take(&mut shared.records);
    let synced = store.sync(campaign.id, me, records, &shared.own, dry_run)?;
    if matches!(how, Pass::Write { joining: true, .. }) {
        joined_as(store, campaign, &shared.heads, &synced)?;
    }
    for (id, refusal) in &synced.merge.refused {
        shared.refuse(id, &refusal.to_string());
    }
    // The campaign's name as the log now has it (another device may have renamed it).
    let name = store
        .campaigns()?
        .into_iter()
        .find(|c| c.id == campaign.id)
        .map_or_else(|| campaign.name.clone(), |c| c.name);
    let head = DeviceLogHead {
        format: DEVICE_LOG_FORMAT.to_string(),
        version: DEVICE_LOG_VERSION,
        campaign: SharedCampaign {
            id: campaign.uid.clone(),
            name: name.clone(),
            created_at: campaign.created_at.clone(),
        },
        device: me.to_string(),
        database: store.database()?,
    };
    let games: std::collections::HashMap<&crate::domain::EntryId, Option<u32>> = synced
        .resolved
        .entries
        .iter()
        .map(|e| (&e.id, e.game))
        .collect();
    // Every record this device holds that no other file of the folder carries goes out in
    // its own file too (relayed), so a lost device's entries still reach new devices.
    let mut relayed: Vec<LogRecord> = synced
        .records
        .iter()
        .filter(|r| r.origin.as_ref().is_some_and(|o| o.device != me))
        .filter(|r| !shared.carried.contains(&r.id))
        .cloned()
        .collect();
    relayed.sort_by(|a, b| {
        let key = |r: &LogRecord| r.origin.as_ref().map(|o| (o.device.clone(), o.seq));
        key(a).cmp(&key(b))
    });
    let mut lines = synced.own.clone();
    lines.extend(relayed.iter().cloned());
    let text = device_log_text(&head, &lines, |r| game_of(&games, r)).map_err(|e| {
        CliError::bug(format!(
            "The device's file could not be written as JSON: {e}."
        ))
    })?;
    let path = own_file(dir, &campaign.uid, me);
    let mut report = report(&synced, &name, me, dir, shared.own.len(), shared.skipped);
    report.relayed = relayed.len();
    // This device's own file, damaged, is written whole again: nothing of it is lost when
    // the database holds as many of this device's records as it had lines.
    let own_shown = format!("{}/{me}.jsonl", campaign.uid);
    if !dry_run && lines.len() >= shared.own_lines {
        report.skipped.retain(|s| s.file != own_shown);
    }
    let mut images = Vec::new();
    match how {
        Pass::Write { database, .. } => {
            let (photos, written) =
                super::photos::exchange(store, dir, &synced.resolved.entries, database)?;
            report.photos = photos;
            images = written;
        }
        Pass::DryRun => {
            report.photos = super::photos::plan(store, dir, &synced.resolved.entries)?;
        }
    }
    let file = (!dry_run).then(|| Pending {
        path,
        text,
        message: format!(
            "chronicle: {me} syncs {name} ({} games)",
            report.games_played
        ),
        empty: lines.is_empty(),
    });
    Ok((report, file, images))
}

/// A campaign just joined takes the name and start the file of the device with the most
/// entries in its log gives (the first file of the folder may be anyone's, and a file
/// whose entries the rules refuse names nothing).
fn joined_as(
    store: &mut Store,
    campaign: &CampaignInfo,
    heads: &std::collections::HashMap<String, SharedCampaign>,
    synced: &Synced,
) -> Result<(), CliError> {
    let mut count: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for record in &synced.records {
        if let Some(origin) = &record.origin {
            *count.entry(origin.device.as_str()).or_default() += 1;
        }
    }
    let best = heads
        .iter()
        .filter(|(device, _)| count.contains_key(device.as_str()))
        .max_by(|(a, _), (b, _)| count[a.as_str()].cmp(&count[b.as_str()]).then(b.cmp(a)));
    let Some((_, head)) = best else {
        return Ok(());
    };
    if head.name == campaign.name && head.created_at == campaign.created_at {
        return Ok(());
    }
    let Ok(name) = CampaignName::new(&head.name) else {
        return Ok(());
    };
    Ok(store.joined_as(campaign.id, &name, &head.created_at)?)
}

/// The number of the game a record adds or replaces, in the log after the sync (`games`:
/// each entry's game, by its identity: one lookup per record, not a walk of the log).
fn game_of(
    games: &std::collections::HashMap<&crate::domain::EntryId, Option<u32>>,
    record: &LogRecord,
) -> Option<u32> {
    let id = match &record.body {
        Body::Correct(Correction::Replace { target, .. }) => target,
        _ => &record.id,
    };
    games.get(id).copied().flatten()
}

/// The entries that came into the log, in words (one walk of the log for all of them).
fn received(synced: &Synced) -> Vec<String> {
    let headlines = walk(&synced.resolved.entries)
        .map(|walked| walked.headlines())
        .unwrap_or_default();
    let corrections: std::collections::HashSet<&crate::domain::EntryId> =
        synced.resolved.corrections.iter().map(|c| &c.id).collect();
    synced
        .merge
        .new
        .iter()
        .filter_map(|r| match headlines.get(&r.id) {
            Some(words) => Some(words.clone()),
            None => corrections
                .contains(&r.id)
                .then(|| record_words(r, &synced.resolved)),
        })
        .collect()
}

fn report(
    synced: &Synced,
    campaign: &str,
    me: &str,
    dir: &Path,
    had: usize,
    skipped: Vec<crate::report::sync::SkippedFile>,
) -> SyncReport {
    let received = received(synced);
    SyncReport {
        campaign: campaign.to_string(),
        device: me.to_string(),
        folder: dir.display().to_string(),
        written: synced.written,
        received,
        shared: synced.own.len().saturating_sub(had),
        relayed: 0,
        games_played: synced.after.games_played(),
        fork: synced
            .merge
            .fork
            .as_ref()
            .map(|f| ForkView::new(f, &synced.records)),
        broken: synced.broken.as_ref().map(|b| b.refusal.to_string()),
        set_aside: synced
            .set_aside
            .iter()
            .map(|a| SetAsideView {
                device: a.device.clone(),
                entry: a.entry.clone(),
                rule: a.rule.clone(),
            })
            .collect(),
        skipped,
        conflicts: synced
            .merge
            .conflicts
            .iter()
            .map(|(id, why)| format!("{id}: {why}"))
            .collect(),
        waiting: synced.merge.waiting.len(),
        photos: crate::report::sync::PhotosSynced::default(),
    }
}
