//! The history: every change of the log in order, with its game, date, person and faction,
//! worked out by one walk of the stored log, which also gives the games as they are
//! described and the campaign the log folds to.

use schemars::JsonSchema;
use serde::Serialize;

use super::game::GameView;
use crate::domain::log::describe::Happening;
use crate::domain::log::history::{Filter, HistoryItem, Standing, events};
use crate::domain::vocabulary::words::day_text;
use crate::domain::{BrokenLog, Campaign, Entry, LoggedEntry};

/// `history --format json`: a list of changes, oldest first.
#[derive(Serialize, JsonSchema)]
#[serde(transparent)]
pub struct History(pub Vec<HistoryEntry>);

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HistoryEntry {
    /// The game, or null for a change made between games (powers, coins, pool capacities).
    pub game: Option<u32>,
    /// The game's date, or the day a change between games was recorded.
    pub date: String,
    /// For a change between games, the games played before it (0: before game 1); null for
    /// a change made in a game.
    pub after_game: Option<u32>,
    pub person: Option<String>,
    pub faction: Option<String>,
    /// What kind of change: major_city, minor_city, scar, heal, wear, fortify, …
    pub kind: String,
    pub territory: Option<String>,
    /// The continent's printed name.
    pub continent: Option<String>,
    /// The change in words, without the person.
    pub text: String,
    /// Who logged the entry, when it says (the device a page of `chronicle serve` named);
    /// null for an entry logged at the command line.
    pub logged_by: Option<String>,
    /// The text without the free text it holds (the reason a change was made or taken
    /// back), where it holds some: what a spoiler-free report shows.
    #[serde(skip)]
    pub without_reason: Option<String>,
}

/// A stored log walked once through the rules: every change in the order of the log, and
/// the campaign its standing entries fold to.
pub struct Walked<'a> {
    /// Every entry, standing or taken back, in the order of the log.
    all: Vec<&'a LoggedEntry>,
    events: Vec<HistoryItem>,
    campaign: Campaign,
}

/// Walks a log (every entry, those taken back too, in the order of the log) once.
pub fn walk(entries: &[LoggedEntry]) -> Result<Walked<'_>, BrokenLog> {
    let all: Vec<&LoggedEntry> = entries.iter().collect();
    let (events, campaign) =
        events(all.iter().map(|e| (&*e.entry, standing(e)))).map_err(|(index, refusal)| {
            BrokenLog {
                seq: all.get(index).map_or(0, |e| e.seq),
                refusal,
            }
        })?;
    Ok(Walked {
        all,
        events,
        campaign,
    })
}

impl<'a> Walked<'a> {
    /// The campaign the standing entries fold to.
    pub fn campaign(&self) -> &Campaign {
        &self.campaign
    }

    /// Every game that stands, described with the changes the walk found.
    pub fn game_views(&self) -> Vec<GameView> {
        let mut views = Vec::new();
        let mut events = self.events.iter().peekable();
        for (index, logged) in self.all.iter().enumerate() {
            let mine = std::iter::from_fn(|| events.next_if(|e| e.entry == index));
            let changes: Vec<&Happening> = mine.map(|e| &e.happening).collect();
            if let (Entry::Game(game), Some(number), None) =
                (&*logged.entry, logged.game, &logged.taken_back)
            {
                let mut view =
                    GameView::described(number, &logged.recorded_at, game, changes.into_iter());
                view.logged_by.clone_from(&logged.logged_by);
                views.push(view);
            }
        }
        views
    }

    /// Each entry in a line of words, by its identity: a game by its number and date, any
    /// other entry by what it did and where it sits (one walk, for many entries at once).
    pub(crate) fn headlines(
        &self,
    ) -> std::collections::HashMap<&'a crate::domain::EntryId, String> {
        let mut said: Vec<Vec<String>> = vec![Vec::new(); self.all.len()];
        let mut after: Vec<u32> = vec![0; self.all.len()];
        for event in &self.events {
            if let Some(lines) = said.get_mut(event.entry) {
                lines.push(event.happening.clause());
                after[event.entry] = event.after_game;
            }
        }
        self.all
            .iter()
            .enumerate()
            .map(|(i, logged)| {
                let words = match (&*logged.entry, logged.game) {
                    (Entry::Game(game), Some(n)) => format!("game {n}, played {}", game.date),
                    _ if said[i].is_empty() => "an entry".to_string(),
                    _ => {
                        let did = said[i].join("; ");
                        match after[i] {
                            _ if did.contains("after game") || did.contains("before game") => {
                                format!("the entry that {did}")
                            }
                            0 => format!("the entry that {did} (before game 1)"),
                            n => format!("the entry that {did} (after game {n})"),
                        }
                    }
                };
                (&logged.id, words)
            })
            .collect()
    }

    /// The changes the filter keeps, and the campaign.
    pub(crate) fn into_history(self, filter: &Filter) -> (History, Campaign) {
        let all = self.all;
        let entries = self
            .events
            .into_iter()
            .filter(|e| filter.matches(e))
            .map(|e| {
                let logged = all[e.entry];
                history_entry(e, logged)
            })
            .collect();
        (History(entries), self.campaign)
    }
}

/// Whether an entry of the log stands, or was taken back.
fn standing(logged: &LoggedEntry) -> Standing {
    match logged.taken_back {
        Some(_) => Standing::TakenBack { game: logged.game },
        None => Standing::Stands,
    }
}

/// A change of the history as it is shown, dated by its game or by when its entry was
/// recorded or taken back.
fn history_entry(item: HistoryItem, logged: &LoggedEntry) -> HistoryEntry {
    let h = item.happening;
    let (date, text, without_reason) = match &logged.taken_back {
        Some(back) => {
            let why = back
                .reason
                .as_ref()
                .map(|r| format!(" (reason: {r})"))
                .unwrap_or_default();
            let without_reason = (back.reason.is_some() || h.without_reason.is_some())
                .then(|| h.without_reason.unwrap_or_else(|| h.text.clone()));
            (day(&back.at), format!("{}{why}", h.text), without_reason)
        }
        None => (
            item.date.map_or_else(|| day(&logged.recorded_at), day_text),
            h.text,
            h.without_reason,
        ),
    };
    HistoryEntry {
        game: item.game,
        after_game: item.game.is_none().then_some(item.after_game),
        date,
        person: h.person,
        faction: h.faction.map(|f| f.name().to_string()),
        kind: h.kind.key().to_string(),
        territory: h.territory.map(|t| t.name().to_string()),
        continent: h.continent.map(|c| c.name().to_string()),
        text,
        logged_by: logged.logged_by.clone(),
        without_reason,
    }
}

/// The day what was recorded before game 1 (the starting powers, the first coins, …) is
/// dated by in every output: the campaign's start, not the day it was typed. That is the
/// day the campaign was started (`created_at`), or game 1's date when that is earlier (a
/// campaign logged after it was played). `entries` is the whole log, so that a history cut
/// or filtered dates them as the whole does.
pub fn start_day(entries: &[LoggedEntry], created_at: &str) -> String {
    let created = day(created_at);
    let first_game = entries.iter().find_map(|e| match (&*e.entry, e.game) {
        (Entry::Game(game), Some(1)) if e.taken_back.is_none() => Some(day_text(game.date)),
        _ => None,
    });
    match first_game {
        Some(first) if first < created => first,
        _ => created,
    }
}

impl History {
    /// Dates what was recorded before game 1 by `start` (see `start_day`).
    #[must_use]
    pub fn dated_from(mut self, start: &str) -> History {
        date_from(&mut self.0, start);
        self
    }
}

/// Dates the changes recorded before game 1 by `start` (see `start_day`); what was taken
/// back keeps the day it was taken back.
pub fn date_from(changes: &mut [HistoryEntry], start: &str) {
    for change in changes {
        if change.game.is_none() && change.after_game == Some(0) && change.kind != "undo" {
            change.date = start.to_string();
        }
    }
}

/// The history of a log, filtered: every entry (those taken back too), in the order of
/// the log.
pub fn history(entries: &[LoggedEntry], filter: &Filter) -> Result<History, BrokenLog> {
    Ok(walk(entries)?.into_history(filter).0)
}

/// Every game of a log that stands, each described against the campaign as it was before
/// it (one walk of the log).
pub fn game_views(entries: &[LoggedEntry]) -> Result<Vec<GameView>, BrokenLog> {
    Ok(walk(entries)?.game_views())
}

/// The log cut right after game `after` and what the group recorded after it, before the
/// next game (0: before game 1); the whole log for none.
pub fn cut(entries: &[LoggedEntry], after: Option<u32>) -> &[LoggedEntry] {
    let next = entries.iter().position(|e| e.is_past(after));
    &entries[..next.unwrap_or(entries.len())]
}

/// The day of an RFC 3339 moment.
fn day(moment: &str) -> String {
    moment.get(..10).unwrap_or(moment).to_string()
}
