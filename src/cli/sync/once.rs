//! One pass of sync over the campaigns it concerns: the others' files read, the database
//! merged in one transaction, this device's file written; and `sync status`, the same
//! without writing.

use std::path::{Path, PathBuf};

use super::device::device_name;
use super::folder::{campaigns_in, check_own, own_file, read_shared, write_own};
use crate::cli::context::{Context, open_store, open_written};
use crate::cli::error::CliError;
use crate::cli::output::print;
use crate::domain::names::CampaignName;
use crate::domain::{Body, Correction, LogRecord};
use crate::exchange::{
    DEVICE_LOG_FORMAT, DEVICE_LOG_VERSION, DeviceLogHead, SharedCampaign, device_log_text,
};
use crate::report::history::walk;
use crate::report::sync::{ForkView, SyncReport, SyncReports, record_words};
use crate::store::{Access, CampaignInfo, Store, StoreError, Synced};

/// What a pass did: a report for each campaign, and the files it wrote (with a commit
/// message each, for git).
pub(in crate::cli) struct Done {
    pub(in crate::cli) reports: Vec<SyncReport>,
    pub files: Vec<(PathBuf, String)>,
}

impl Done {
    /// Prints the reports; a fork or a merged log that breaks a rule is exit 1.
    pub(super) fn finish(self, context: &Context) -> Result<(), CliError> {
        let forked = self
            .reports
            .iter()
            .any(|r| r.fork.is_some() || r.broken.is_some());
        print(&SyncReports(self.reports), context)?;
        if forked {
            return Err(CliError::input(
                "The log forks: the board stayed as it was and every entry is kept. Resolve it with `chronicle sync resolve DIR --keep DEVICE` (or --keep-both).",
            ));
        }
        Ok(())
    }
}

/// Syncs the campaigns concerned: the one chosen, or, in a database with none, every
/// campaign the folder holds (joined).
pub(in crate::cli) fn sync(
    context: &Context,
    dir: &Path,
    device: Option<&str>,
) -> Result<Done, CliError> {
    if let Some(given) = device {
        super::device::valid(given)?;
    }
    let latest = context.clock.latest_elsewhere();
    // A machine with no database yet makes one only to join what the folder holds.
    let exists = context.db_path(Access::Create)?.exists();
    if !exists && campaigns_in(dir, latest).is_empty() {
        return Err(nothing_to_sync(dir));
    }
    let path = context.db_path(Access::Create)?;
    if exists && let Some(mut store) = open_written(&path)? {
        return sync_store(context, &mut store, dir, device, latest);
    }
    // A join builds the database beside its place and moves it there whole once it is
    // done (over an empty file, which holds nothing): a join killed midway leaves no
    // half-made file for the next sync to trip on.
    let joining = beside(&path, "joining");
    remove_with_journals(&joining);
    let mut store = open_store(&joining, Access::Create)?;
    let done = sync_store(context, &mut store, dir, device, latest)
        .and_then(|done| store.settle().map(|()| done).map_err(CliError::from));
    drop(store);
    match done {
        Ok(done) => {
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

/// One sync of the campaigns concerned, on a store already open.
fn sync_store(
    context: &Context,
    store: &mut Store,
    dir: &Path,
    device: Option<&str>,
    latest: chrono::NaiveDate,
) -> Result<Done, CliError> {
    device_name(store, device, false)?;
    let campaigns = concerned(context, store, dir, latest)?;
    let me = device_name(store, device, true)?;
    let mut done = Done {
        reports: Vec::new(),
        files: Vec::new(),
    };
    for campaign in campaigns {
        let (report, file) = pass(store, &campaign, dir, &me, latest, false)?;
        done.reports.push(report);
        done.files.extend(file);
    }
    Ok(done)
}

/// `sync status DIR`: what a sync would do, on the database as it is.
pub(super) fn status(
    context: &Context,
    dir: &Path,
    device: Option<String>,
) -> Result<(), CliError> {
    super::folder::check_dir(dir)?;
    let mut store = context.open(Access::Read)?;
    let me = device_name(&mut store, device.as_deref(), false)?;
    let latest = context.clock.latest_elsewhere();
    let campaign = store.choose_campaign(context.campaign.as_deref())?;
    let (report, _) = pass(&mut store, &campaign, dir, &me, latest, true)?;
    let forked = report.fork.is_some();
    print(&SyncReports(vec![report]), context)?;
    if forked {
        return Err(CliError::input(
            "The log forks; `chronicle sync resolve DIR --keep DEVICE` (or --keep-both) records what the group decides.",
        ));
    }
    Ok(())
}

/// The campaigns a sync concerns, joining those the folder holds that this database lacks
/// when it has none (or when --campaign names one only the folder has).
fn concerned(
    context: &Context,
    store: &mut Store,
    dir: &Path,
    latest: chrono::NaiveDate,
) -> Result<Vec<CampaignInfo>, CliError> {
    if store.campaigns()?.is_empty() {
        let shared = campaigns_in(dir, latest);
        if shared.is_empty() {
            return Err(nothing_to_sync(dir));
        }
        return shared.iter().map(|c| join(store, c)).collect();
    }
    match store.choose_campaign(context.campaign.as_deref()) {
        Ok(campaign) => Ok(vec![campaign]),
        Err(StoreError::UnknownCampaign { given, known }) => {
            let found = campaigns_in(dir, latest)
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

/// Syncs one campaign: reads the others' files, merges, writes this device's file (not for
/// a dry run). Returns the report and the file written, with its commit message.
fn pass(
    store: &mut Store,
    campaign: &CampaignInfo,
    dir: &Path,
    me: &str,
    latest: chrono::NaiveDate,
    dry_run: bool,
) -> Result<(SyncReport, Option<(PathBuf, String)>), CliError> {
    check_own(dir, &campaign.uid, me)?;
    let shared = read_shared(dir, &campaign.uid, me, latest);
    let synced = store.sync(campaign.id, me, shared.records, dry_run)?;
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
    };
    let games: std::collections::HashMap<&crate::domain::EntryId, Option<u32>> = synced
        .resolved
        .entries
        .iter()
        .map(|e| (&e.id, e.game))
        .collect();
    let text = device_log_text(&head, &synced.own, |r| game_of(&games, r)).map_err(|e| {
        CliError::bug(format!(
            "The device's file could not be written as JSON: {e}."
        ))
    })?;
    let path = own_file(dir, &campaign.uid, me);
    let written = !dry_run && write_own(&path, &text, store.path())?;
    let report = report(&synced, &name, me, dir, shared.own, shared.skipped);
    let file = written.then(|| {
        (
            path,
            format!(
                "chronicle: {me} syncs {name} ({} games)",
                report.games_played
            ),
        )
    });
    Ok((report, file))
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
        games_played: synced.after.games_played(),
        fork: synced
            .merge
            .fork
            .as_ref()
            .map(|f| ForkView::new(f, &synced.records)),
        broken: synced.broken.as_ref().map(|b| b.refusal.to_string()),
        skipped,
        conflicts: synced
            .merge
            .conflicts
            .iter()
            .map(|(id, why)| format!("{id}: {why}"))
            .collect(),
        waiting: synced.merge.waiting.len(),
    }
}
