//! `sync`, `sync status` and `sync resolve` as a person reads them: a summary, the fork's
//! branches side by side, the files skipped.

use crate::render::sheets_lists;
use crate::render::tabular::{Sheet, Table, Tabular};
use crate::report::resolving::Resolving;
use crate::report::sync::{ForkView, SyncReport, SyncReports};

/// How many entries that came in are named one by one.
const SHOWN: usize = 12;

impl Tabular for SyncReport {
    fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let plural = |n: usize| if n == 1 { "entry" } else { "entries" };
        let got = self.received.len();
        if self.written {
            lines.push(format!(
                "Synced {} as {} with {}: {got} {} from other devices came in, {} of this device's went out; {} games stand.",
                self.campaign,
                self.device,
                self.folder,
                plural(got),
                self.shared,
                self.games_played
            ));
        } else {
            lines.push(format!(
                "{} as {} with {}: {got} {} from other devices to take in, {} of this device's to share.",
                self.campaign,
                self.device,
                self.folder,
                plural(got),
                self.shared,
            ));
        }
        for entry in self.received.iter().take(SHOWN) {
            let what = entry
                .split_once(": ")
                .map_or(entry.as_str(), |(what, _)| what);
            lines.push(format!("  + {what}"));
        }
        if got > SHOWN {
            lines.push(format!(
                "  … and {} more (`chronicle history` has them all)",
                got - SHOWN
            ));
        }
        if let Some(fork) = &self.fork {
            let after = fork
                .after
                .as_deref()
                .map_or_else(String::new, |a| format!(" after {a}"));
            lines.push(format!(
                "The log forks{after}: {} devices logged different entries after the same one. The board stays as it was here; every entry is kept.",
                fork.branches.len()
            ));
            lines.push(
                "Decide which stands: `chronicle sync resolve DIR --keep DEVICE`, or `--keep-both` (one branch after the other, `--order DEVICE,DEVICE`).".to_string(),
            );
        }
        if let Some(broken) = &self.broken {
            lines.push(format!(
                "The entries that came in were not taken into the log: with them it breaks a rule ({broken}). They are kept; resolve them as a fork."
            ));
        }
        if !self.set_aside.is_empty() {
            let mut devices: Vec<&str> = self.set_aside.iter().map(|a| a.device.as_str()).collect();
            devices.dedup();
            lines.push(format!(
                "{} {} of {} set aside: the rules refuse them (listed below). They are neither in this device's log nor in its file, and every sync tries them again.",
                self.set_aside.len(),
                plural(self.set_aside.len()),
                devices.join(", ")
            ));
        }
        if self.waiting > 0 {
            lines.push(format!(
                "{} {} wait for an entry not shared yet (they come in with it).",
                self.waiting,
                plural(self.waiting)
            ));
        }
        lines.extend(photos_line(self));
        lines
    }

    fn sheets(&self) -> Vec<Sheet> {
        let mut sheets = sheets_lists::sync(std::slice::from_ref(self));
        sheets.push(set_aside(std::slice::from_ref(self)));
        sheets.extend(photo_sheets(std::slice::from_ref(self)));
        sheets
    }

    fn tables(&self) -> Vec<Table> {
        let mut tables = Vec::new();
        if let Some(fork) = &self.fork {
            tables.push(branches(fork));
        }
        if !self.set_aside.is_empty() {
            let mut table = Table::new(&["Device", "Entry", "Set aside because"]);
            for aside in &self.set_aside {
                table.row(vec![
                    aside.device.clone(),
                    aside.entry.clone(),
                    aside.rule.clone(),
                ]);
            }
            tables.push(table.titled("Entries of other devices set aside"));
        }
        if !self.skipped.is_empty() {
            let mut table = Table::new(&["File", "Entries taken", "The rest skipped because"]);
            for skipped in &self.skipped {
                table.row(vec![
                    skipped.file.clone(),
                    skipped.taken.to_string(),
                    skipped.why.clone(),
                ]);
            }
            tables.push(table.titled("Files not taken whole"));
        }
        if !self.photos.refused.is_empty() {
            let mut table = Table::new(&["File", "Not taken because"]);
            for refused in &self.photos.refused {
                table.row(vec![refused.file.clone(), refused.why.clone()]);
            }
            tables.push(table.titled("Photo files refused"));
        }
        if !self.conflicts.is_empty() {
            let mut table = Table::new(&["Entries not taken"]);
            for conflict in &self.conflicts {
                table.row(vec![conflict.clone()]);
            }
            tables.push(table);
        }
        tables
    }
}

impl Tabular for SyncReports {
    fn lines(&self) -> Vec<String> {
        self.0.iter().flat_map(Tabular::lines).collect()
    }

    fn sheets(&self) -> Vec<Sheet> {
        let mut sheets = sheets_lists::sync(&self.0);
        sheets.push(set_aside(&self.0));
        sheets.extend(photo_sheets(&self.0));
        sheets
    }

    fn tables(&self) -> Vec<Table> {
        self.0.iter().flat_map(Tabular::tables).collect()
    }
}

/// What came of the images of the log's photos, in one line, when anything did: those
/// taken in, those written out, those not here yet, those refused (listed below).
fn photos_line(report: &SyncReport) -> Option<String> {
    let photos = &report.photos;
    let images = |n: usize| format!("{n} {}", if n == 1 { "image" } else { "images" });
    let mut said = Vec::new();
    let (came, went) = if report.written {
        ("came in", "went out")
    } else {
        ("to take in", "to share")
    };
    if photos.received > 0 {
        said.push(format!("{} {came}", images(photos.received)));
    }
    if photos.sent > 0 {
        said.push(format!("{} {went}", images(photos.sent)));
    }
    if photos.not_here > 0 {
        said.push(format!(
            "{} not here yet (the device that added the photo has not synced it yet)",
            images(photos.not_here)
        ));
    }
    if !photos.refused.is_empty() {
        said.push(format!(
            "{} refused (listed below)",
            if photos.refused.len() == 1 {
                "1 file".to_string()
            } else {
                format!("{} files", photos.refused.len())
            }
        ));
    }
    (!said.is_empty()).then(|| format!("Photos: {}.", said.join(", ")))
}

/// The images of each campaign's photos (a row each), and the files of `photos/` refused.
fn photo_sheets(reports: &[SyncReport]) -> [Sheet; 2] {
    let mut counts = Sheet::new(
        "photos",
        &["campaign", "received", "sent", "not_here", "refused"],
    );
    let mut refused = Sheet::new("photos_refused", &["campaign", "file", "why"]);
    for report in reports {
        let photos = &report.photos;
        counts.row(vec![
            report.campaign.clone(),
            photos.received.to_string(),
            photos.sent.to_string(),
            photos.not_here.to_string(),
            photos.refused.len().to_string(),
        ]);
        for file in &photos.refused {
            refused.row(vec![
                report.campaign.clone(),
                file.file.clone(),
                file.why.clone(),
            ]);
        }
    }
    [counts, refused]
}

/// The entries of other devices set aside, a row each.
fn set_aside(reports: &[SyncReport]) -> Sheet {
    let mut sheet = Sheet::new("set_aside", &["campaign", "device", "entry", "rule"]);
    for report in reports {
        for aside in &report.set_aside {
            sheet.row(vec![
                report.campaign.clone(),
                aside.device.clone(),
                aside.entry.clone(),
                aside.rule.clone(),
            ]);
        }
    }
    sheet
}

/// The branches of a fork side by side, a column each.
fn branches(fork: &ForkView) -> Table {
    let headers: Vec<String> = fork
        .branches
        .iter()
        .zip(1..)
        .map(|(b, number)| {
            let here = if b.here { " (this device)" } else { "" };
            format!("{number}. {}{here}", b.devices.join(", "))
        })
        .collect();
    let mut table = Table {
        title: Some("The branches of the fork, side by side".to_string()),
        headers,
        rows: Vec::new(),
    };
    let longest = fork
        .branches
        .iter()
        .map(|b| b.entries.len())
        .max()
        .unwrap_or(0);
    for i in 0..longest {
        table.row(
            fork.branches
                .iter()
                .map(|b| b.entries.get(i).cloned().unwrap_or_default())
                .collect(),
        );
    }
    table
}

impl Tabular for Resolving {
    fn lines(&self) -> Vec<String> {
        vec![format!(
            "The log of {} forks. Each choice, and what it sets aside (kept in the history; `chronicle undo` brings it back):",
            self.campaign
        )]
    }

    fn sheets(&self) -> Vec<Sheet> {
        let mut sheet = Sheet::new("choices", &["choice", "device", "sets_aside", "refused"]);
        for choice in &self.choices {
            let refused = choice.refused.clone().unwrap_or_default();
            if choice.sets_aside.is_empty() {
                sheet.row(vec![
                    choice.flags.clone(),
                    String::new(),
                    String::new(),
                    refused.clone(),
                ]);
            }
            for aside in &choice.sets_aside {
                sheet.row(vec![
                    choice.flags.clone(),
                    aside.device.clone(),
                    aside.entry.clone(),
                    refused.clone(),
                ]);
            }
        }
        vec![sheet]
    }

    fn tables(&self) -> Vec<Table> {
        let mut table = Table::new(&["Choice", "Sets aside"]);
        for choice in &self.choices {
            let said = match &choice.refused {
                Some(why) => format!("cannot be made: {why}"),
                None if choice.sets_aside.is_empty() => "nothing".to_string(),
                None => choice
                    .sets_aside
                    .iter()
                    .map(|a| format!("{} (logged on {})", a.entry, a.device))
                    .collect::<Vec<_>>()
                    .join("; "),
            };
            table.row(vec![choice.flags.clone(), said]);
        }
        vec![
            branches(&self.fork),
            table.titled("What each choice sets aside"),
        ]
    }
}
