//! The shared folder of `sync`: each campaign a folder named by its identity, each device's
//! records in its own file there (`<device>.jsonl`), read up to its first bad line (the
//! rest named, never passed over unseen), and this device's file written whole and
//! atomically, no more open than the database. Anyone who
//! can write to the folder (or push to its git remote) can put anything there: a file is
//! read only when it is a regular file of a fair size, never through a symbolic link, and
//! a campaign's folder that is a link is refused, so nothing is read or written elsewhere.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use std::collections::HashMap;

use crate::cli::error::CliError;
use crate::domain::vocabulary::names::CampaignName;
use crate::domain::{EntryId, LogRecord};
use crate::exchange::{DeviceLog, SharedCampaign, read_device_log, read_device_log_head};
use crate::files::{self, Limit, Symlinks};
use crate::report::sync::SkippedFile;

/// The largest device file read (a campaign of a thousand games is a few MiB).
const LIMIT: Limit = Limit::mib(64);

/// The longest head of a device's file read alone (a head is a few hundred bytes).
const HEAD_LIMIT: u64 = 64 * 1024;

/// What a device's file is, for a refusal.
const WHAT: &str = "a device's log";

/// What the other devices' files of one campaign hold.
pub(super) struct Shared {
    pub records: Vec<LogRecord>,
    pub skipped: Vec<SkippedFile>,
    /// The records this device's own file holds: each one's number there.
    pub own: HashMap<EntryId, u64>,
    /// How many lines of records this device's own file has (read or not).
    pub own_lines: usize,
    /// The records another file than this device's own carries.
    pub carried: std::collections::HashSet<EntryId>,
    /// Where each record taken was read: its file (as shown) and line.
    pub sources: HashMap<EntryId, (String, usize)>,
    /// The campaign as each device's own file names it (not a copy's), by device.
    pub heads: HashMap<String, SharedCampaign>,
}

impl Shared {
    /// The records taken from a file up to the one at `line`, which breaks a rule only the
    /// whole log shows (`why`): that record and those after it in the file are left out,
    /// and the file named.
    pub(super) fn refuse(&mut self, id: &EntryId, why: &str) {
        let Some((file, line)) = self.sources.get(id).cloned() else {
            return;
        };
        let dropped: std::collections::HashSet<EntryId> = self
            .sources
            .iter()
            .filter(|(_, (f, l))| *f == file && *l >= line)
            .map(|(id, _)| id.clone())
            .collect();
        self.records.retain(|r| !dropped.contains(&r.id));
        self.sources.retain(|id, _| !dropped.contains(id));
        let why = format!("line {line} breaks a rule: {why}");
        let taken = line.saturating_sub(2);
        match self.skipped.iter_mut().find(|s| s.file == file) {
            Some(skip) if skip.taken >= taken => {
                skip.taken = taken;
                skip.why = why;
            }
            Some(_) => {}
            None => self.skipped.push(SkippedFile { file, why, taken }),
        }
    }
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
/// lost): each up to its first bad line; a file that is not a device log of this campaign
/// is skipped whole. Every file not taken whole is named. A copy of a device's file (a sync
/// tool's conflict copy) is read as that device's: its records are taken, once.
pub(super) fn read_shared(dir: &Path, uid: &str, me: &str) -> Shared {
    let folder = campaign_folder(dir, uid);
    let mut shared = Shared {
        records: Vec::new(),
        skipped: Vec::new(),
        own: HashMap::new(),
        own_lines: 0,
        carried: std::collections::HashSet::new(),
        sources: HashMap::new(),
        heads: HashMap::new(),
    };
    for path in listed(&folder) {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let shown = format!("{uid}/{name}");
        match read_one(&path, &name, uid) {
            Ok((log, own)) => {
                if own && log.head.device == me {
                    shared.own_lines = lines_of(&path);
                }
                if let Some(bad) = &log.bad {
                    shared.skipped.push(SkippedFile {
                        file: shown.clone(),
                        why: bad.to_string(),
                        taken: log.records.len(),
                    });
                }
                if own {
                    shared
                        .heads
                        .insert(log.head.device.clone(), log.head.campaign.clone());
                }
                let mine = own && log.head.device == me;
                for (line, record) in (2..).zip(log.records) {
                    match &record.origin {
                        Some(origin) if mine && origin.device == me => {
                            shared.own.insert(record.id.clone(), origin.seq);
                        }
                        _ if !mine => {
                            shared.carried.insert(record.id.clone());
                        }
                        _ => {}
                    }
                    shared
                        .sources
                        .entry(record.id.clone())
                        .or_insert_with(|| (shown.clone(), line));
                    shared.records.push(record);
                }
            }
            Err(why) => shared.skipped.push(SkippedFile {
                file: shown,
                why,
                taken: 0,
            }),
        }
    }
    shared
}

/// The files of campaign `uid`'s folder as they are, one line a file: its name, what the
/// file system says of it (length, times, inode) and its SHA-256 (a file that cannot be
/// read: why); then the names in the folder's `photos/`. Two alike mean no file changed, so a sync that saw them so need not read
/// their records again. A file the file system describes as `before` did (the fingerprint
/// of the last sync) is not read again: its hash is the one remembered, as git's index
/// does; any write here or by a sync tool changes its inode or change time.
pub(super) fn fingerprint(dir: &Path, uid: &str, before: &str) -> String {
    let remembered: HashMap<(&str, &str), &str> = files_of(before)
        .map(|(name, stat, hash)| ((name, stat), hash))
        .collect();
    let mut lines = String::new();
    for path in listed(&campaign_folder(dir, uid)) {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let stat = stat(&path);
        let hash = match remembered.get(&(name.as_str(), stat.as_str())) {
            Some(hash) => (*hash).to_string(),
            None => hash(&path),
        };
        let _ = writeln!(lines, "{name} {stat} {hash}");
    }
    // The images of `photos/` by name alone (a name is its bytes' hash): one that arrives
    // or goes changes the fingerprint, and none is read for it.
    for name in super::photos::listed_names(dir) {
        let _ = writeln!(lines, "{}/{name} listed -", super::photos::FOLDER);
    }
    lines
}

/// Whether two fingerprints name the same files with the same bytes (whatever the file
/// system says of them).
pub(super) fn same_files(a: &str, b: &str) -> bool {
    let named = |text| files_of(text).map(|(name, _, hash)| (name, hash));
    named(a).eq(named(b))
}

/// The files a fingerprint names: each one's name (which may hold spaces), what the file
/// system said of it, and its hash.
fn files_of(fingerprint: &str) -> impl Iterator<Item = (&str, &str, &str)> {
    fingerprint.lines().filter_map(|line| {
        let mut parts = line.rsplitn(3, ' ');
        let hash = parts.next()?;
        let stat = parts.next()?;
        Some((parts.next()?, stat, hash))
    })
}

/// What the file system says of a file, in one word: its length, modification and change
/// times and inode (the length and modification time where there are no inodes).
fn stat(path: &Path) -> String {
    let Ok(metadata) = std::fs::symlink_metadata(path) else {
        return "gone".to_string();
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        format!(
            "{}:{}.{}:{}.{}:{}",
            metadata.len(),
            metadata.mtime(),
            metadata.mtime_nsec(),
            metadata.ctime(),
            metadata.ctime_nsec(),
            metadata.ino()
        )
    }
    #[cfg(not(unix))]
    {
        let modified = metadata
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        format!("{}:{modified}", metadata.len())
    }
}

/// A file's SHA-256 in hex, or why it cannot be read (as one word).
fn hash(path: &Path) -> String {
    match files::read(path, Symlinks::Never, LIMIT, WHAT) {
        Ok(bytes) => crate::store::sha256(&bytes),
        Err(_) => "unread".to_string(),
    }
}

/// The lines after the first of a file (read again: only for this device's own file).
fn lines_of(path: &Path) -> usize {
    files::read(path, Symlinks::Never, LIMIT, WHAT)
        .map_or(0, |bytes| {
            bytes
                .split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .count()
        })
        .saturating_sub(1)
}

/// One device's file, read up to its first bad line, and whether it is the file of the
/// device its head names (not a copy); or why it is skipped whole.
fn read_one(path: &Path, name: &str, uid: &str) -> Result<(DeviceLog, bool), String> {
    let Some(stem) = name.strip_suffix(".jsonl") else {
        return Err("it is not a device's log (a .jsonl file)".to_string());
    };
    let text = files::read_text(path, Symlinks::Never, LIMIT, WHAT).map_err(|e| e.reason())?;
    let log = read_device_log(&text).map_err(|e| e.to_string())?;
    if log.head.campaign.id != uid {
        return Err(format!(
            "it is of another campaign ({}, \"{}\")",
            log.head.campaign.id, log.head.campaign.name
        ));
    }
    let own = log.head.device == stem;
    Ok((log, own))
}

/// The database that writes device `me`'s file of campaign `uid`, as its head says (none:
/// no file, one no database claims, or one that cannot be read).
pub(super) fn owner(dir: &Path, uid: &str, me: &str) -> Option<String> {
    // Its first line only: the head (a file of a long campaign is megabytes).
    let (file, _) = files::open(&own_file(dir, uid, me), Symlinks::Never, LIMIT, WHAT).ok()?;
    let mut first = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(std::io::Read::take(file, HEAD_LIMIT)),
        &mut first,
    )
    .ok()?;
    let head = read_device_log_head(&first).ok()?;
    (head.campaign.id == uid && head.device == me)
        .then_some(head.database)
        .flatten()
}

/// The campaigns the shared folder holds, as the first readable device file of each says
/// (a folder that is a link, and a file that is not a device's log, are passed over).
pub(super) fn campaigns_in(dir: &Path) -> Vec<SharedCampaign> {
    let mut folders = listed(dir);
    folders.retain(|p| std::fs::symlink_metadata(p).is_ok_and(|m| m.is_dir()));
    folders
        .iter()
        .filter_map(|folder| {
            let uid = folder.file_name()?.to_string_lossy().into_owned();
            listed(folder).iter().find_map(|path| {
                let name = path.file_name()?.to_string_lossy().into_owned();
                if path.extension().is_none_or(|e| e != "jsonl") {
                    return None;
                }
                let text = files::read_text(path, Symlinks::Never, LIMIT, WHAT).ok()?;
                let log = read_device_log(&text).ok()?;
                // A name no campaign may have names nothing (the join takes another file's).
                let named = CampaignName::new(&log.head.campaign.name).is_ok();
                (named
                    && log.head.campaign.id == uid
                    && name == format!("{}.jsonl", log.head.device))
                .then_some(log.head.campaign)
            })
        })
        .collect()
}

/// The paths in `folder`, sorted, but the hidden ones: the sync tool's own (temporaries,
/// Syncthing's, git's).
fn listed(folder: &Path) -> Vec<PathBuf> {
    let Ok(listing) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = listing
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| !n.to_string_lossy().starts_with('.'))
        })
        .collect();
    paths.sort();
    paths
}

/// A campaign's folder and this device's file there may be written: the folder is a folder
/// (not a link to one elsewhere) or not there yet, and the file a regular file or not there
/// yet. Asked before anything is written, so that a refusal leaves the database as it was.
pub(super) fn check_own(dir: &Path, uid: &str, device: &str) -> Result<(), CliError> {
    let folder = campaign_folder(dir, uid);
    if std::fs::symlink_metadata(&folder).is_ok() {
        files::folder(&folder, Symlinks::Never)?;
    }
    let own = own_file(dir, uid, device);
    match std::fs::symlink_metadata(&own) {
        Ok(metadata) if metadata.file_type().is_symlink() => {
            Err(files::FileError::LinkRefused { path: own }.into())
        }
        Ok(metadata) if !metadata.is_file() => Err(files::FileError::NotRegular {
            path: own,
            what: files::kind(&metadata),
        }
        .into()),
        _ => Ok(()),
    }
}

/// Writes this device's file whole (creating the campaign's folder), no more open than the
/// database at `database`, unless it already holds exactly `text`. True when it was written.
pub(super) fn write_own(path: &Path, text: &str, database: &Path) -> Result<bool, CliError> {
    let old = files::read(path, Symlinks::Never, LIMIT, WHAT);
    if old.is_ok_and(|old| old == text.as_bytes()) {
        return Ok(false);
    }
    if let Some(folder) = path.parent() {
        files::folder(folder, Symlinks::Never)?;
    }
    files::write_as(path, Symlinks::Never, Some(database), text.as_bytes())?;
    Ok(true)
}
