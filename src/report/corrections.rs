//! `history --corrections`: every correction of the log, in the order made, with what it
//! changed, when and why.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::log::describe::{Happening, happenings};
use crate::domain::{
    Campaign, Correction, CorrectionEntry, Entry, EntryId, Game, LoggedEntry, Territory,
};

/// `history --corrections --format json`: the corrections, oldest first.
#[derive(Serialize, JsonSchema)]
#[serde(transparent)]
pub struct Corrections(pub Vec<CorrectionView>);

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CorrectionView {
    /// When it was made, RFC 3339 UTC.
    pub at: String,
    /// edit, insert, undo, rename, merge, campaign_rename or join.
    pub kind: String,
    /// The game it corrected, if it corrected one (its number in the log as it is now).
    pub game: Option<u32>,
    /// What it did, in words.
    pub text: String,
    pub reason: Option<String>,
    /// Whether the correction itself was taken back since.
    pub taken_back: bool,
}

impl Corrections {
    /// The corrections of a log (every entry, in the order of the log, and the corrections
    /// in the order written), with the games inserted (`inserted`: each with the entry it
    /// went before) as corrections too.
    pub fn new(
        entries: &[LoggedEntry],
        corrections: &[CorrectionEntry],
        inserted: &[(EntryId, EntryId)],
    ) -> Corrections {
        let by_seq = |seq: Option<u32>| entries.iter().find(|e| Some(e.seq) == seq);
        let mut views: Vec<(u32, CorrectionView)> = corrections
            .iter()
            .map(|c| (c.seq, view(c, by_seq(c.target_seq), corrections)))
            .collect();
        views.extend(games_inserted(entries, inserted));
        views.sort_by_key(|(seq, _)| *seq);
        Corrections(views.into_iter().map(|(_, v)| v).collect())
    }
}

/// The games entered before a game that was already there (`game insert`): a record that
/// adds a game in a place before another entry.
fn games_inserted(
    entries: &[LoggedEntry],
    inserted: &[(EntryId, EntryId)],
) -> Vec<(u32, CorrectionView)> {
    entries
        .iter()
        .filter(|e| e.taken_back.is_none() && inserted.iter().any(|(id, _)| *id == e.id))
        .filter_map(|game| match &*game.entry {
            Entry::Game(g) => Some((
                game.seq,
                CorrectionView {
                    at: game.recorded_at.clone(),
                    kind: "insert".to_string(),
                    game: game.game,
                    text: format!(
                        "inserted a forgotten game, played {}, as game {}",
                        g.date,
                        game.game.unwrap_or(0)
                    ),
                    reason: None,
                    taken_back: false,
                },
            )),
            _ => None,
        })
        .collect()
}

/// A correction in words: "renamed Jermey to Jeremy", "edited game 3: …".
pub fn said(
    correction: &CorrectionEntry,
    entries: &[LoggedEntry],
    all: &[CorrectionEntry],
) -> String {
    let target = entries
        .iter()
        .find(|e| Some(e.seq) == correction.target_seq);
    view(correction, target, all).text
}

fn view(
    correction: &CorrectionEntry,
    target: Option<&LoggedEntry>,
    all: &[CorrectionEntry],
) -> CorrectionView {
    let game = target.and_then(|t| t.game);
    let (kind, text) = match &correction.correction {
        Correction::TakeBack { .. } => ("undo", taken_back(correction, target, all)),
        Correction::Replace { entry, .. } => {
            ("edit", edited(game, correction.replaced.as_deref(), entry))
        }
        Correction::RenamePerson { from, to } => ("rename", format!("renamed {from} to {to}")),
        Correction::MergePerson { from, into } => (
            "merge",
            format!("merged {from} into {into}: one person typed two ways"),
        ),
        Correction::RenameCampaign { from, to } => (
            "campaign_rename",
            format!("renamed the campaign \"{from}\" to \"{to}\""),
        ),
        Correction::Join { kept, set_aside } => ("join", joined(kept.len(), set_aside.len())),
    };
    CorrectionView {
        at: correction.recorded_at.clone(),
        kind: kind.to_string(),
        game,
        text,
        reason: correction.correction.reason().map(str::to_string),
        taken_back: correction.taken_back.is_some(),
    }
}

/// What a take-back took back: a game, another entry, or a correction.
fn taken_back(
    correction: &CorrectionEntry,
    target: Option<&LoggedEntry>,
    all: &[CorrectionEntry],
) -> String {
    if let Some(target) = target {
        return match (&*target.entry, target.game) {
            (Entry::Game(_), Some(game)) => format!("took back game {game}"),
            (entry, _) => format!("took back the entry that {}", summary(entry)),
        };
    }
    let undone = all.iter().find(|c| Some(c.seq) == correction.target_seq);
    match undone.map(|c| &c.correction) {
        Some(Correction::Replace { .. }) => "took back an edit of a game".to_string(),
        Some(Correction::RenamePerson { from, to }) => {
            format!("took back the renaming of {from} to {to}")
        }
        Some(Correction::MergePerson { from, into }) => {
            format!("took back the merging of {from} into {into}")
        }
        Some(Correction::RenameCampaign { from, to }) => {
            format!("took back the renaming of the campaign \"{from}\" to \"{to}\"")
        }
        Some(Correction::Join { .. }) => "took back the resolution of a fork".to_string(),
        Some(Correction::TakeBack { .. }) | None => "took back a correction".to_string(),
    }
}

/// A fork resolved, in words.
fn joined(kept: usize, set_aside: usize) -> String {
    match (kept, set_aside) {
        (1, n) => format!(
            "resolved a fork: kept one branch, set {n} aside (its entries stay in the history)"
        ),
        (k, 0) => format!("resolved a fork: kept all {k} branches, one after the other"),
        (k, n) => format!("resolved a fork: kept {k} branches in order, set {n} aside"),
    }
}

/// An edit: what it changed, as the edit itself says it: the game's changes that are new
/// and those gone, and the game's own facts that differ (the date, the table, the HQs, the
/// note, the draft); the game's changes whole when nothing else tells the two apart.
fn edited(game: Option<u32>, old: Option<&Entry>, new: &Entry) -> String {
    let number = game.map_or("a game".to_string(), |g| format!("game {g}"));
    let Some(old) = old else {
        return format!("edited {number}: {}", summary(new));
    };
    let (was, now) = (clauses(old), clauses(new));
    let added: Vec<String> = now.iter().filter(|c| !was.contains(c)).cloned().collect();
    let gone: Vec<String> = was.iter().filter(|c| !now.contains(c)).cloned().collect();
    let mut said = match (added.is_empty(), gone.is_empty()) {
        (false, false) => vec![format!(
            "now {}; before, {}",
            added.join(" and "),
            gone.join(" and ")
        )],
        (false, true) => vec![format!("now also {}", added.join(" and "))],
        (true, false) => vec![format!("no longer {}", gone.join(" and "))],
        (true, true) => Vec::new(),
    };
    if let (Entry::Game(old), Entry::Game(new)) = (old, new) {
        said.extend(game_facts(old, new));
    }
    if said.is_empty() {
        return format!("edited {number}: {}", summary(new));
    }
    format!("edited {number}: {}", said.join("; "))
}

/// The facts of a game its changes do not say, where the edit changed them.
fn game_facts(old: &Game, new: &Game) -> Vec<String> {
    let mut said = Vec::new();
    if old.date != new.date {
        said.push(format!("played {}, not {}", new.date, old.date));
    }
    said.extend(table_facts(old, new));
    match (&old.note, &new.note) {
        (None, Some(_)) => said.push("a note added".to_string()),
        (Some(_), None) => said.push("the note taken out".to_string()),
        (Some(was), Some(now)) if was != now => said.push("the note changed".to_string()),
        _ => {}
    }
    if old.draft != new.draft {
        said.push("the draft changed".to_string());
    }
    said
}

/// Who sat at the table with which faction, where the edit changed it; else the HQs it
/// changed.
fn table_facts(old: &Game, new: &Game) -> Vec<String> {
    let table = |game: &Game| -> Vec<String> {
        game.seats
            .iter()
            .map(|s| format!("{} ({})", s.person, s.faction))
            .collect()
    };
    let (was, now) = (table(old), table(new));
    if was == now {
        let hq = |hq: Option<&Territory>| hq.map_or("not recorded", Territory::name).to_string();
        return old
            .seats
            .iter()
            .zip(&new.seats)
            .filter(|(was, now)| was.hq != now.hq)
            .map(|(was, now)| {
                format!(
                    "{}'s HQ {}, not {}",
                    now.person,
                    hq(now.hq.as_ref()),
                    hq(was.hq.as_ref())
                )
            })
            .collect();
    }
    let joined: Vec<&String> = now.iter().filter(|s| !was.contains(s)).collect();
    let left: Vec<&String> = was.iter().filter(|s| !now.contains(s)).collect();
    if joined.is_empty() && left.is_empty() {
        return vec![format!("seated {}, not {}", now.join(", "), was.join(", "))];
    }
    let added = joined
        .iter()
        .map(|seat| format!("{seat} added to the table"));
    let gone = left
        .iter()
        .map(|seat| format!("{seat} taken off the table"));
    added.chain(gone).collect()
}

/// An entry's changes, each in a few words.
fn clauses(entry: &Entry) -> Vec<String> {
    happenings(&Campaign::new(), entry)
        .iter()
        .map(Happening::clause)
        .collect()
}

/// An entry in a few words: its changes, or who played and won for a game.
fn summary(entry: &Entry) -> String {
    let changes = clauses(entry);
    if changes.is_empty() {
        return "changed nothing".to_string();
    }
    changes.join("; ")
}
