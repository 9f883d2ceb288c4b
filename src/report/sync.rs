//! What `sync`, `sync status` and `sync resolve` print: what came in, what went out, the
//! fork with each branch side by side, the files skipped.

use schemars::JsonSchema;
use serde::Serialize;

use super::taking_back::TakingBack;
use crate::domain::log::{Ordered, resolve_and_fold};
use crate::domain::record::sync::Fork;
use crate::domain::{EntryId, LogRecord, Resolved};

/// `sync --format json`: a report for each campaign synced (one, or every campaign a new
/// device joined).
#[derive(Serialize, JsonSchema)]
#[serde(transparent)]
pub(crate) struct SyncReports(pub Vec<SyncReport>);

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SyncReport {
    pub campaign: String,
    /// The device this database syncs as.
    pub device: String,
    /// The shared folder.
    pub folder: String,
    /// Whether anything was written (false for `sync status`).
    pub written: bool,
    /// The entries other devices wrote that came into the log, in words.
    pub received: Vec<String>,
    /// How many of this device's entries the folder did not have before (written now, or
    /// for `sync status`, to be written by the next sync).
    pub shared: usize,
    /// How many entries of other devices that no other file of the folder carries this
    /// device's file carries for them (a device gone with its file).
    pub relayed: usize,
    /// The games that stand after the sync.
    pub games_played: u32,
    /// The fork, when two devices wrote after the same entry; the board stays as it was
    /// until `sync resolve`.
    pub fork: Option<ForkView>,
    /// The merged log breaks a rule, so it was not taken: the rule, in words.
    pub broken: Option<String>,
    /// Entries other devices wrote that the rules refuse: set aside as their device's, out
    /// of this device's log and file, tried again at every sync until `sync resolve
    /// --drop DEVICE` drops them.
    pub set_aside: Vec<SetAsideView>,
    /// Files of the folder that were skipped, each with why.
    pub skipped: Vec<SkippedFile>,
    /// Entries another device has differently under an identity this one knows.
    pub conflicts: Vec<String>,
    /// Entries written after one nobody has shared yet: they come with it.
    pub waiting: usize,
    /// The images of the log's photos and the folder's `photos/`.
    pub photos: PhotosSynced,
}

/// The images of the photos standing in the log (copies and originals), exchanged through
/// the folder's `photos/`, one file each named by its SHA-256 (`<sha256>.jpg`). For `sync
/// status`, what a sync would do; no file is read for it.
#[derive(Default, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PhotosSynced {
    /// Images taken in from the folder (kept here now).
    pub received: usize,
    /// Images this database had that the folder did not: written there.
    pub sent: usize,
    /// Images of the log neither here nor in the folder: not here yet (the device that
    /// added the photo has not synced its bytes yet). Not an error.
    pub not_here: usize,
    /// Files of `photos/` whose bytes are not the image their name says (or that cannot be
    /// read): not taken, and left in the folder for a person to look at.
    pub refused: Vec<RefusedPhoto>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RefusedPhoto {
    /// The file, as `photos/<sha256>.<ext>`.
    pub file: String,
    /// Why it was not taken.
    pub why: String,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ForkView {
    /// The last entry every branch was written after, in words (null: none).
    pub after: Option<String>,
    pub branches: Vec<BranchView>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct BranchView {
    /// The devices that logged it.
    pub devices: Vec<String>,
    /// Whether this device's log is on it.
    pub here: bool,
    /// Its entries after the fork, in words.
    pub entries: Vec<String>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SetAsideView {
    /// The device that wrote it.
    pub device: String,
    /// The entry, in words ("game 17, played 2026-05-02").
    pub entry: String,
    /// The rule it breaks (or the entry set aside it was written after).
    pub rule: String,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SkippedFile {
    pub file: String,
    /// Why it was not taken whole: the first line that was not, and why.
    pub why: String,
    /// How many of its records were taken (those before that line).
    pub taken: usize,
}

/// A record in one line of words, in the log that `resolved` is.
pub(crate) fn record_words(record: &LogRecord, resolved: &Resolved) -> String {
    match TakingBack::new(record, resolved) {
        Ok(taking) if taking.lines.is_empty() => taking.what,
        Ok(taking) => format!("{}: {}", taking.what, taking.lines.join("; ")),
        Err(_) => "an entry".to_string(),
    }
}

impl ForkView {
    /// The fork with each branch's entries in words, each as its own branch's log has it
    /// (`records`: every record of the campaign).
    pub(crate) fn new(fork: &Fork, records: &[LogRecord]) -> ForkView {
        let by_id = |id: &EntryId| records.iter().find(|r| &r.id == id);
        let words_on = |tip: &EntryId, ids: &[EntryId]| -> Vec<String> {
            let Ok(ordered) = Ordered::new(records.to_vec(), Some(tip)) else {
                return Vec::new();
            };
            let resolved = match resolve_and_fold(&ordered.log) {
                Ok((resolved, _)) => resolved,
                Err(_) => match crate::domain::record::resolve::resolve(&ordered.log) {
                    Ok(resolved) => resolved,
                    Err(_) => return Vec::new(),
                },
            };
            ids.iter()
                .filter_map(&by_id)
                .map(|r| record_words(r, &resolved))
                .collect()
        };
        let after = fork.point.as_ref().and_then(|p| {
            let words = words_on(p, std::slice::from_ref(p)).into_iter().next()?;
            Some(
                words
                    .split_once(": ")
                    .map_or(words.clone(), |(what, _)| what.to_string()),
            )
        });
        ForkView {
            after,
            branches: fork
                .branches
                .iter()
                .map(|b| BranchView {
                    devices: b.devices.clone(),
                    here: b.here,
                    entries: words_on(&b.tip, &b.records),
                })
                .collect(),
        }
    }
}
