//! What a correction of the log changes (`game edit`, `game insert`, with or without
//! `--dry-run`): the game as it was and as it is, every later game whose changes read
//! differently, and the board at the end where it differs.

use schemars::JsonSchema;
use serde::Serialize;

use super::game::GameView;
use super::history::walk;
use crate::domain::{BrokenLog, Campaign, Continent, EntryId, LoggedEntry, Territory};

/// `game edit|insert --format json`.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Correcting {
    /// edit or insert.
    pub kind: &'static str,
    /// Whether it was written (false for a dry run).
    pub written: bool,
    /// The game as it stands after the correction.
    pub game: GameView,
    /// For an edit, the game as it was.
    pub was: Option<GameView>,
    /// The later games whose changes read differently after the correction.
    pub later: Vec<LaterGame>,
    /// For an insert, the games after it as they were numbered (from, to); each is now
    /// numbered one more.
    pub renumbered: Option<(u32, u32)>,
    /// Where the board after the latest game differs.
    pub board: Vec<BoardChange>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct LaterGame {
    /// Its number after the correction.
    pub game: u32,
    /// Its changes in words, before the correction and after.
    pub before: Vec<String>,
    pub after: Vec<String>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct BoardChange {
    /// A territory or a continent.
    pub place: String,
    pub before: String,
    pub after: String,
}

/// The log before a correction and after it, with the campaign each folds to.
pub(crate) struct BeforeAfter<'a> {
    pub before: &'a [LoggedEntry],
    pub after: &'a [LoggedEntry],
    pub campaign_before: &'a Campaign,
    pub campaign_after: &'a Campaign,
}

impl Correcting {
    /// What a correction of game `target` (the entry's identity) changes.
    pub(crate) fn new(
        kind: &'static str,
        written: bool,
        target: &EntryId,
        logs: &BeforeAfter<'_>,
    ) -> Result<Option<Correcting>, BrokenLog> {
        let before = games(logs.before)?;
        let after = games(logs.after)?;
        let Some(game) = after.iter().find(|(id, _)| id == target).map(|(_, v)| v) else {
            return Ok(None);
        };
        let was = before.iter().find(|(id, _)| id == target).map(|(_, v)| v);
        let later = after
            .iter()
            .filter(|(id, view)| id != target && view.game > game.game)
            .filter_map(|(id, view)| {
                let (_, old) = before.iter().find(|(b, _)| b == id)?;
                let (old, new) = (lines(old), lines(view));
                (old != new).then_some(LaterGame {
                    game: view.game,
                    before: old,
                    after: new,
                })
            })
            .collect();
        let last = after.last().map_or(0, |(_, v)| v.game);
        Ok(Some(Correcting {
            kind,
            written,
            game: game.clone(),
            was: was.cloned(),
            later,
            renumbered: (was.is_none() && last > game.game).then_some((game.game, last - 1)),
            board: board_changes(logs.campaign_before, logs.campaign_after),
        }))
    }
}

/// The games that stand, each with the identity of its entry.
fn games(entries: &[LoggedEntry]) -> Result<Vec<(EntryId, GameView)>, BrokenLog> {
    let ids = entries
        .iter()
        .filter(|e| e.taken_back.is_none() && e.game.is_some())
        .map(|e| e.id.clone());
    Ok(ids.zip(walk(entries)?.game_views()).collect())
}

/// A game in lines of words: who played, then what changed.
pub fn lines(game: &GameView) -> Vec<String> {
    let players: Vec<String> = game
        .players
        .iter()
        .map(|p| format!("{} ({}, {})", p.person, p.faction, p.result))
        .collect();
    let mut lines = vec![format!("Played {}: {}", game.date, players.join(", "))];
    lines.extend(game.changes.iter().map(|c| c.text.clone()));
    lines
}

/// The territories and continents whose marks differ between two boards.
fn board_changes(before: &Campaign, after: &Campaign) -> Vec<BoardChange> {
    let continents = Continent::all().map(|c| {
        (
            c.name().to_string(),
            continent(before, c),
            continent(after, c),
        )
    });
    let mut map: Vec<Territory> = after.territories().collect();
    map.extend(before.territories().filter(|t| !after.has_territory(t)));
    let territories = map.into_iter().map(|t| {
        let name = t.name().to_string();
        (name, territory(before, &t), territory(after, &t))
    });
    continents
        .chain(territories)
        .filter(|(_, b, a)| b != a)
        .map(|(place, before, after)| BoardChange {
            place,
            before,
            after,
        })
        .collect()
}

fn or_nothing(parts: Vec<String>) -> String {
    if parts.is_empty() {
        "nothing".to_string()
    } else {
        parts.join("; ")
    }
}

fn continent(campaign: &Campaign, continent: Continent) -> String {
    let state = campaign.continent(continent);
    let mut parts = Vec::new();
    if let Some(named) = &state.given_name {
        parts.push(format!(
            "named {} by {} in game {}",
            named.name, named.by, named.game
        ));
    }
    if let Some(change) = &state.bonus_change {
        parts.push(format!(
            "bonus {} ({:+} in game {})",
            campaign.bonus(continent),
            change.mark.delta(),
            change.game
        ));
    }
    or_nothing(parts)
}

fn territory(campaign: &Campaign, territory: &Territory) -> String {
    let state = campaign.territory(territory);
    let mut parts = Vec::new();
    if let Some(city) = &state.city {
        let by = city
            .founder
            .as_deref()
            .map(|f| format!(" by {f}"))
            .unwrap_or_default();
        parts.push(format!(
            "{} {}{by} in game {}",
            city.kind.words(),
            city.name,
            city.game
        ));
    }
    if let Some(scar) = &state.scar {
        parts.push(format!("scar {} (game {})", scar.kind, scar.game));
    }
    if let Some(fort) = state.fortified() {
        parts.push(format!(
            "fortified in game {} ({} boxes left)",
            fort.game, fort.boxes_left
        ));
    } else if let Some(fort) = &state.fortification {
        parts.push(format!("fortification of game {} worn out", fort.game));
    }
    match state.card.resources() {
        0 => {}
        n => parts.push(format!(
            "card with {n} coin{}",
            if n == 1 { "" } else { "s" }
        )),
    }
    if let Some(game) = state.card.destroyed {
        parts.push(format!("card destroyed in game {game}"));
    }
    or_nothing(parts)
}
