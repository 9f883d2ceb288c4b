//! The shorter reports as data sheets (see `sheets.rs`): the lists of the campaign's
//! pieces, the campaigns, `check`, `sync` and what a correction changed.

use super::sheets::{list, opt};
use super::tabular::{Sheet, Tabular};
use crate::report::aliases::Aliases;
use crate::report::campaigns::CampaignList;
use crate::report::check::CheckView;
use crate::report::coins::Coins;
use crate::report::correcting::Correcting;
use crate::report::corrections::Corrections;
use crate::report::factions::Factions;
use crate::report::powers::Powers;
use crate::report::rules::HouseRules;
use crate::report::scar_types::ScarTypes;
use crate::report::sync::SyncReport;
use crate::report::world::World;

pub(crate) fn corrections(corrections: &Corrections) -> Vec<Sheet> {
    let mut sheet = Sheet::new(
        "corrections",
        &["at", "kind", "game", "what", "reason", "taken_back"],
    );
    for c in &corrections.0 {
        sheet.row(vec![
            c.at.clone(),
            c.kind.clone(),
            opt(c.game),
            c.text.clone(),
            opt(c.reason.clone()),
            c.taken_back.to_string(),
        ]);
    }
    vec![sheet]
}

pub(crate) fn world(world: &World) -> Vec<Sheet> {
    let mut sheet = Sheet::new(
        "most-signatures",
        &["person", "signatures", "roll_off_bonus"],
    );
    for c in &world.candidates {
        sheet.row(vec![
            c.person.clone(),
            c.signatures.to_string(),
            c.roll_off_bonus.to_string(),
        ]);
    }
    vec![sheet]
}

pub(crate) fn campaigns(campaigns: &CampaignList) -> Vec<Sheet> {
    let mut sheet = Sheet::new(
        "campaigns",
        &["campaign", "current", "demo", "games_played", "created_at"],
    );
    for c in &campaigns.campaigns {
        sheet.row(vec![
            c.name.clone(),
            c.current.to_string(),
            c.demo.to_string(),
            c.games_played.to_string(),
            c.created_at.clone(),
        ]);
    }
    vec![sheet]
}

/// `check`: the problems and warnings found (the main sheet), then the campaigns checked.
pub(crate) fn check(check: &CheckView) -> Vec<Sheet> {
    let mut found = Sheet::new("problems", &["severity", "message"]);
    for p in &check.problems {
        found.row(vec!["problem".to_string(), p.clone()]);
    }
    for w in &check.warnings {
        found.row(vec!["warning".to_string(), w.clone()]);
    }
    let mut campaigns = Sheet::new("campaigns", &["campaign", "games"]);
    for c in &check.campaigns {
        campaigns.row(vec![c.name.clone(), c.games.to_string()]);
    }
    vec![found, campaigns]
}

/// `sync`: one row per campaign synced (the main sheet), then the entries that came in,
/// the files skipped and the entries not taken.
pub(crate) fn sync(reports: &[SyncReport]) -> Vec<Sheet> {
    let mut synced = Sheet::new(
        "sync",
        &[
            "campaign",
            "device",
            "folder",
            "written",
            "received",
            "shared",
            "games_played",
            "waiting",
            "fork",
            "broken",
        ],
    );
    let mut received = Sheet::new("received", &["campaign", "entry"]);
    let mut skipped = Sheet::new("skipped", &["campaign", "file", "taken", "why"]);
    let mut conflicts = Sheet::new("conflicts", &["campaign", "entry"]);
    for r in reports {
        synced.row(vec![
            r.campaign.clone(),
            r.device.clone(),
            r.folder.clone(),
            r.written.to_string(),
            r.received.len().to_string(),
            r.shared.to_string(),
            r.games_played.to_string(),
            r.waiting.to_string(),
            r.fork.is_some().to_string(),
            opt(r.broken.clone()),
        ]);
        for entry in &r.received {
            received.row(vec![r.campaign.clone(), entry.clone()]);
        }
        for file in &r.skipped {
            skipped.row(vec![
                r.campaign.clone(),
                file.file.clone(),
                file.taken.to_string(),
                file.why.clone(),
            ]);
        }
        for entry in &r.conflicts {
            conflicts.row(vec![r.campaign.clone(), entry.clone()]);
        }
    }
    vec![synced, received, skipped, conflicts]
}

pub(crate) fn powers(powers: &Powers) -> Vec<Sheet> {
    let mut sheet = Sheet::new("powers", &["faction", "power_a", "power_b", "kept"]);
    for f in &powers.factions {
        sheet.row(vec![
            f.faction.clone(),
            opt(f.power_a),
            opt(f.power_b),
            opt(f.kept),
        ]);
    }
    vec![sheet]
}

pub(crate) fn coins(coins: &Coins) -> Vec<Sheet> {
    let mut sheet = Sheet::new("coins", &["territory", "coins", "resources"]);
    for card in &coins.cards {
        sheet.row(vec![
            card.territory.clone(),
            card.coins.to_string(),
            card.resources.to_string(),
        ]);
    }
    vec![sheet]
}

pub(crate) fn scar_types(types: &ScarTypes) -> Vec<Sheet> {
    let mut sheet = Sheet::new(
        "scar-types",
        &["scar_type", "added", "stickers", "used", "left", "effect"],
    );
    for s in &types.scar_types {
        sheet.row(vec![
            s.name.clone(),
            s.added.to_string(),
            s.stickers.to_string(),
            s.used.to_string(),
            s.left.to_string(),
            opt(s.effect.clone()),
        ]);
    }
    vec![sheet]
}

pub(crate) fn factions(factions: &Factions) -> Vec<Sheet> {
    let mut sheet = Sheet::new(
        "factions",
        &["faction", "added", "power", "card_marks", "card_scar"],
    );
    for f in &factions.factions {
        let marks: Vec<String> = f
            .marks
            .iter()
            .map(|m| format!("{}: {}", m.slot, m.text))
            .collect();
        sheet.row(vec![
            f.name.clone(),
            f.added.to_string(),
            opt(f.power),
            list(&marks),
            opt(f.scar.clone()),
        ]);
    }
    vec![sheet]
}

pub(crate) fn rules(rules: &HouseRules) -> Vec<Sheet> {
    let mut sheet = Sheet::new("rules", &["rule", "on", "holds", "section"]);
    for r in &rules.rules {
        sheet.row(vec![
            r.rule.clone(),
            r.on.to_string(),
            r.holds.clone(),
            r.section.clone(),
        ]);
    }
    vec![sheet]
}

pub(crate) fn aliases(aliases: &Aliases) -> Vec<Sheet> {
    let mut sheet = Sheet::new("aliases", &["alias", "of", "name"]);
    for a in &aliases.aliases {
        sheet.row(vec![a.alias.clone(), a.of.clone(), a.name.clone()]);
    }
    vec![sheet]
}

/// `game edit`, `game insert`: the game's lines (each marked was or now where an edit
/// changed it), the later games that read differently, and the board's changes.
pub(crate) fn correcting(correcting: &Correcting) -> Vec<Sheet> {
    let mut sheets = Vec::new();
    for table in correcting.tables() {
        let title = table.title.as_deref().unwrap_or_default();
        let (name, headers): (&str, &[&str]) = match table.headers.len() {
            _ if title.starts_with("Later") => ("later", &["game", "state", "change"]),
            _ if title.starts_with("The board") => ("board", &["place", "was", "now"]),
            _ => ("game", &["state", "change"]),
        };
        let mut sheet = Sheet::new(name, headers);
        sheet.table.rows = if table.headers.len() == 1 {
            // What an insert adds has no state: the same two columns as an edit's.
            table
                .rows
                .into_iter()
                .map(|row| [vec![String::new()], row].concat())
                .collect()
        } else {
            table.rows
        };
        sheets.push(sheet);
    }
    sheets
}
