//! The shared folder of `sync`: each campaign a folder named by its identity, each device's
//! records in its own file there (`<device>.jsonl`), read whole or skipped whole, and this
//! device's file written whole and atomically.

use std::path::{Path, PathBuf};

use chrono::NaiveDate;

use crate::cli::error::CliError;
use crate::domain::LogRecord;
use crate::exchange::{SharedCampaign, read_device_log};
use crate::files::{self, Symlinks};
use crate::report::sync::SkippedFile;

/// The largest device file read (a campaign of a thousand games is a few MiB).
const LIMIT: u64 = 64 * 1024 * 1024;

/// What the other devices' files of one campaign hold.
pub(super) struct Shared {
    pub records: Vec<LogRecord>,
    pub skipped: Vec<SkippedFile>,
    /// How many records this device's own file held.
    pub own: usize,
}

/// The folder of a campaign in the shared folder.
pub(super) fn campaign_folder(dir: &Path, uid: &str) -> PathBuf {
    dir.join(uid)
}

/// This device's file of a campaign.
pub(super) fn own_file(dir: &Path, uid: &str, device: &str) -> PathBuf {
    campaign_folder(dir, uid).join(format!("{device}.jsonl"))
}

/// The shared folder must be a folder.
pub(super) fn check_dir(dir: &Path) -> Result<(), CliError> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(CliError::file(format!(
            "{} is not a folder; sync needs the shared folder (a synced folder, a network drive, a git clone).",
            dir.display()
        ))),
        Err(e) => Err(CliError::file(format!(
            "The shared folder {} cannot be read ({e}). Create it first (`mkdir`), or give the right path.",
            dir.display()
        ))),
    }
}

/// Reads every device's file of campaign `uid` (this device's too, for records it may have
/// lost); a file that is not a device log of this campaign, or is damaged, is skipped whole.
pub(super) fn read_shared(dir: &Path, uid: &str, me: &str, latest: NaiveDate) -> Shared {
    let folder = campaign_folder(dir, uid);
    let mut shared = Shared {
        records: Vec::new(),
        skipped: Vec::new(),
        own: 0,
    };
    let Ok(listing) = std::fs::read_dir(&folder) else {
        return shared;
    };
    let mut paths: Vec<PathBuf> = listing.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        // Hidden files are the sync tool's own (temporaries, Syncthing's, git's).
        if name.starts_with('.') {
            continue;
        }
        let shown = format!("{uid}/{name}");
        match read_one(&path, &name, uid, latest) {
            Ok((device, records)) => {
                if device == me {
                    shared.own = records.len();
                }
                shared.records.extend(records);
            }
            Err(why) => shared.skipped.push(SkippedFile { file: shown, why }),
        }
    }
    shared
}

/// One device's file: its device and its records, or why it is skipped.
fn read_one(
    path: &Path,
    name: &str,
    uid: &str,
    latest: NaiveDate,
) -> Result<(String, Vec<LogRecord>), String> {
    let Some(stem) = name.strip_suffix(".jsonl") else {
        return Err("it is not a device's log (a .jsonl file)".to_string());
    };
    let metadata = std::fs::symlink_metadata(path).map_err(|e| e.to_string())?;
    if !metadata.is_file() {
        return Err(format!(
            "it is {}, not a regular file",
            files::kind(&metadata)
        ));
    }
    if metadata.len() > LIMIT {
        return Err(format!(
            "it is {} bytes, more than a device's log can be",
            metadata.len()
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let text = String::from_utf8(bytes).map_err(|_| "it is not UTF-8 text".to_string())?;
    let log = read_device_log(&text, latest).map_err(|e| e.to_string())?;
    if log.head.campaign.id != uid {
        return Err(format!(
            "it is of another campaign ({}, \"{}\")",
            log.head.campaign.id, log.head.campaign.name
        ));
    }
    if log.head.device != stem {
        return Err(format!(
            "it says it is device {}'s file: a copy (a sync tool's conflict copy?), not taken twice",
            log.head.device
        ));
    }
    Ok((log.head.device, log.records))
}

/// The campaigns the shared folder holds, as the first readable device file of each says.
pub(super) fn campaigns_in(dir: &Path, latest: NaiveDate) -> Vec<SharedCampaign> {
    let Ok(listing) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut folders: Vec<PathBuf> = listing
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| !n.to_string_lossy().starts_with('.'))
        })
        .collect();
    folders.sort();
    folders
        .iter()
        .filter_map(|folder| {
            let uid = folder.file_name()?.to_string_lossy().into_owned();
            let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
                .ok()?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            files.sort();
            files.iter().find_map(|path| {
                let name = path.file_name()?.to_string_lossy().into_owned();
                let text = std::fs::read_to_string(path).ok()?;
                let log = read_device_log(&text, latest).ok()?;
                (log.head.campaign.id == uid && name == format!("{}.jsonl", log.head.device))
                    .then_some(log.head.campaign)
            })
        })
        .collect()
}

/// Writes this device's file whole (creating the campaign's folder), unless it already
/// holds exactly `text`. True when it was written.
pub(super) fn write_own(path: &Path, text: &str) -> Result<bool, CliError> {
    if std::fs::read(path).is_ok_and(|old| old == text.as_bytes()) {
        return Ok(false);
    }
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).map_err(|e| {
            CliError::file(format!(
                "The folder {} cannot be made ({e}).",
                folder.display()
            ))
        })?;
    }
    files::write(path, Symlinks::Refuse, text.as_bytes())?;
    Ok(true)
}
