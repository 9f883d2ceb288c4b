//! What `sync resolve` shows before it writes: for each choice the group has (keep one
//! device's branch, or every branch), the entries it would set aside and who logged them.

use std::collections::HashSet;

use schemars::JsonSchema;
use serde::Serialize;

use super::sync::ForkView;
use crate::domain::record::sync::{Fork, Keep, resolution};
use crate::domain::{Correction, EntryId, LogRecord};

/// `sync resolve DIR --format json` (no choice given): the fork and each choice.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Resolving {
    pub campaign: String,
    /// The branches of the fork, side by side.
    pub fork: ForkView,
    pub choices: Vec<Choice>,
}

/// One way to resolve the fork.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Choice {
    /// The flags that make it: `--keep DEVICE` or `--keep-both`.
    #[serde(rename = "choice")]
    pub flags: String,
    /// What it sets aside (it stays in the history, and `undo` brings it back).
    pub sets_aside: Vec<SetAside>,
    /// Why it cannot be made, if it cannot (null: it can).
    pub refused: Option<String>,
}

/// An entry a choice sets aside.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SetAside {
    /// The device that logged it.
    pub device: String,
    /// The entry, in words.
    pub entry: String,
}

impl Resolving {
    /// The choices of `fork` (`records`: every record of the campaign).
    pub(crate) fn new(campaign: &str, fork: &Fork, records: &[LogRecord]) -> Resolving {
        let view = ForkView::new(fork, records);
        let mut choices: Vec<Choice> = devices(fork)
            .into_iter()
            .map(|device| {
                let keep = Keep::One(device.clone());
                choice(format!("--keep {device}"), fork, &view, &keep, records)
            })
            .collect();
        // A device on more than one branch (a database restored from a backup, then used
        // before it synced) does not say which: the branches are chosen by number.
        if devices(fork).iter().any(|d| {
            fork.branches
                .iter()
                .filter(|b| b.devices.contains(d))
                .count()
                > 1
        }) {
            for number in 1..=fork.branches.len() {
                let keep = Keep::Branch(number);
                choices.push(choice(
                    format!("--keep-branch {number}"),
                    fork,
                    &view,
                    &keep,
                    records,
                ));
            }
        }
        choices.push(choice(
            "--keep-both".to_string(),
            fork,
            &view,
            &Keep::All(Vec::new()),
            records,
        ));
        Resolving {
            campaign: campaign.to_string(),
            fork: view,
            choices,
        }
    }

    /// The choice made by `keep`, as listed.
    pub(crate) fn chosen(&self, keep: &Keep) -> Option<&Choice> {
        let flags = match keep {
            Keep::One(device) => format!("--keep {device}"),
            Keep::Branch(number) => format!("--keep-branch {number}"),
            Keep::All(_) => "--keep-both".to_string(),
        };
        self.choices.iter().find(|c| c.flags == flags)
    }
}

/// The devices that logged on the fork's branches, in the order they first appear.
fn devices(fork: &Fork) -> Vec<String> {
    let mut all: Vec<String> = Vec::new();
    for device in fork.branches.iter().flat_map(|b| &b.devices) {
        if !all.contains(device) {
            all.push(device.clone());
        }
    }
    all
}

/// What one choice sets aside: the entries of the branches it does not keep that no branch
/// it keeps holds.
pub(crate) fn choice(
    flags: String,
    fork: &Fork,
    view: &ForkView,
    keep: &Keep,
    records: &[LogRecord],
) -> Choice {
    let join = match resolution(fork, keep, records) {
        Ok(join) => join,
        Err(refusal) => {
            return Choice {
                flags,
                sets_aside: Vec::new(),
                refused: Some(refusal.to_string()),
            };
        }
    };
    let Correction::Join { kept, set_aside } = join else {
        return Choice {
            flags,
            sets_aside: Vec::new(),
            refused: None,
        };
    };
    let on = |tips: &[EntryId]| -> HashSet<EntryId> {
        fork.branches
            .iter()
            .filter(|b| tips.contains(&b.tip))
            .flat_map(|b| b.records.iter().cloned())
            .collect()
    };
    let kept = on(&kept);
    let mut sets_aside = Vec::new();
    let mut seen: HashSet<&EntryId> = HashSet::new();
    for (branch, words) in fork.branches.iter().zip(&view.branches) {
        if !set_aside.contains(&branch.tip) {
            continue;
        }
        for (id, entry) in branch.records.iter().zip(&words.entries) {
            if kept.contains(id) || !seen.insert(id) {
                continue;
            }
            let device = records
                .iter()
                .find(|r| &r.id == id)
                .and_then(|r| r.origin.as_ref())
                .map_or_else(String::new, |o| o.device.clone());
            sets_aside.push(SetAside {
                device,
                entry: entry.clone(),
            });
        }
    }
    Choice {
        flags,
        sets_aside,
        refused: None,
    }
}
