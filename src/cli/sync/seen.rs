//! A sync that brings nothing: what the last sync left agreeing (the folder's files, each by
//! its name, what the file system says of it and its SHA-256, and the log's state) is
//! remembered, and a sync that finds both so answers from it without reading a record.

use std::path::Path;

use super::folder::{check_own, fingerprint, same_files};
use crate::cli::error::CliError;
use crate::report::sync::SyncReport;
use crate::store::{CampaignInfo, Store, SyncSeen};

/// A campaign a sync read whole: whether it left the folder and the log agreeing (nothing
/// set aside, waiting, forked or skipped), and what it said.
pub(super) struct Read {
    pub(super) campaign_id: i64,
    pub(super) uid: String,
    pub(super) agreeing: bool,
    pub(super) games: u32,
    pub(super) relayed: usize,
}

/// Remembers, for each campaign read whole that this sync left agreeing, the folder's
/// files and the log as they are now (once this device's files are written), so that
/// the next sync finding both so brings nothing without reading the records again. A
/// sync that left something to do changes nothing there: its folder is not the one
/// remembered, so the next sync reads every file.
pub(super) fn remember(
    read: &[Read],
    device: &str,
    store: &mut Store,
    dir: &Path,
) -> Result<(), CliError> {
    let folder = folder_key(dir);
    for read in read.iter().filter(|r| r.agreeing) {
        let before = store.sync_seen(read.campaign_id, &folder, device)?;
        let before = before.as_ref().map_or("", |seen| seen.files.as_str());
        let seen = SyncSeen {
            log: store.log_state(read.campaign_id)?,
            files: fingerprint(dir, &read.uid, before),
            games: read.games,
            relayed: u32::try_from(read.relayed).unwrap_or(u32::MAX),
        };
        store.remember_sync(read.campaign_id, &folder, device, &seen)?;
    }
    Ok(())
}

/// Whether a sync's report leaves the folder and the log agreeing: nothing forked, broken,
/// set aside, skipped, in conflict or waiting, and every image of the log's photos here
/// (none not here yet, no file of `photos/` refused). A sync that finds the log as one
/// left so therefore has every image here: the images are never taken out again.
pub(super) fn agreeing(report: &SyncReport) -> bool {
    report.fork.is_none()
        && report.broken.is_none()
        && report.set_aside.is_empty()
        && report.skipped.is_empty()
        && report.conflicts.is_empty()
        && report.waiting == 0
        && report.photos.not_here == 0
        && report.photos.refused.is_empty()
}

/// A sync of a campaign that brings nothing: the folder's files (each one's length and
/// hash) and this database's log are as the last sync left them agreeing, so every record
/// is already here and this device's file already says what it would write. Its report,
/// without reading a record.
pub(super) fn unchanged(
    store: &mut Store,
    campaign: &CampaignInfo,
    dir: &Path,
    me: &str,
) -> Result<Option<SyncReport>, CliError> {
    check_own(dir, &campaign.uid, me)?;
    let folder = folder_key(dir);
    let Some(mut seen) = store.sync_seen(campaign.id, &folder, me)? else {
        return Ok(None);
    };
    if seen.log != store.log_state(campaign.id)? {
        return Ok(None);
    }
    let files = fingerprint(dir, &campaign.uid, &seen.files);
    if !same_files(&seen.files, &files) {
        return Ok(None);
    }
    // A file written again with the same bytes: remembered as it is now, so that the
    // next sync need not hash it again.
    if files != seen.files {
        seen.files = files;
        store.remember_sync(campaign.id, &folder, me, &seen)?;
    }
    Ok(Some(SyncReport {
        campaign: campaign.name.clone(),
        device: me.to_string(),
        folder: dir.display().to_string(),
        written: true,
        received: Vec::new(),
        shared: 0,
        relayed: usize::try_from(seen.relayed).unwrap_or(usize::MAX),
        games_played: seen.games,
        fork: None,
        broken: None,
        set_aside: Vec::new(),
        skipped: Vec::new(),
        conflicts: Vec::new(),
        waiting: 0,
        photos: crate::report::sync::PhotosSynced::default(),
    }))
}

/// The shared folder as remembered: its path resolved, so that `shared` and `./shared`
/// are one folder.
fn folder_key(dir: &Path) -> String {
    std::fs::canonicalize(dir)
        .unwrap_or_else(|_| dir.to_path_buf())
        .display()
        .to_string()
}
