//! The history as a timeline: each game where its first change stands (its players, its
//! winner, its changes), the changes made between games, the games taken back.

use std::collections::BTreeSet;

use maud::{Markup, html};

use super::Text;
use crate::domain::Faction;
use crate::domain::log::describe::capitalise;
use crate::report::game::GameView;
use crate::report::history::{History, HistoryEntry};

/// One stop of the timeline.
enum Stop<'a> {
    Game(&'a GameView),
    /// Changes made between games (powers, coins, ...), after the game given if any.
    Between(Option<u32>, Vec<&'a HistoryEntry>),
    Undo(&'a HistoryEntry),
}

/// The timeline in the order things were recorded: each game where its first change stands,
/// the changes between games, the games taken back.
fn stops<'a>(games: &'a [GameView], history: &'a History) -> Vec<Stop<'a>> {
    let mut stops: Vec<Stop> = Vec::new();
    let mut shown: BTreeSet<u32> = BTreeSet::new();
    let mut last_game: Option<u32> = None;
    for entry in &history.0 {
        match (entry.kind.as_str(), entry.game) {
            ("undo", _) => stops.push(Stop::Undo(entry)),
            (_, Some(number)) => {
                if shown.insert(number)
                    && let Some(game) = games.iter().find(|g| g.game == number)
                {
                    stops.push(Stop::Game(game));
                    last_game = Some(number);
                }
            }
            (_, None) => match stops.last_mut() {
                Some(Stop::Between(_, entries)) => entries.push(entry),
                _ => stops.push(Stop::Between(last_game, vec![entry])),
            },
        }
    }
    let left = games.iter().filter(|g| !shown.contains(&g.game));
    stops.extend(left.map(Stop::Game));
    stops
}

/// The games and the history as one timeline, in the order things were recorded.
pub fn timeline(games: &[GameView], history: &History) -> Markup {
    drawn(stops(games, history))
}

/// The timeline newest first: the last game at the top, as a group at the table looks
/// back (each game's changes still in the order they were made).
pub fn timeline_newest_first(games: &[GameView], history: &History) -> Markup {
    let mut stops = stops(games, history);
    stops.reverse();
    drawn(stops)
}

fn drawn(stops: Vec<Stop<'_>>) -> Markup {
    html! {
        @if stops.is_empty() {
            p { "Nothing has happened yet." }
        } @else {
            ol.timeline {
                @for stop in &stops {
                    @match stop {
                        Stop::Game(game) => (game_stop(game)),
                        Stop::Between(after, entries) => (between_stop(*after, entries)),
                        Stop::Undo(entry) => (undo_stop(entry)),
                    }
                }
            }
        }
    }
}

fn undo_stop(entry: &HistoryEntry) -> Markup {
    let title = entry.game.map_or("An entry taken back".to_string(), |g| {
        format!("Game {g} taken back")
    });
    html! {
        li.undo {
            h3 { (Text(&title)) span.meta { (Text(&entry.date)) } }
            p { (Text(&capitalise(entry.text.clone()))) }
        }
    }
}

/// A player's faction by its short name, the full name on hover where it differs.
fn faction(name: &str) -> Markup {
    let named = Faction::new(name);
    let short = named.short_name();
    html! {
        @if short == name {
            (Text(short))
        } @else {
            abbr title=(Text(name)) { (Text(short)) }
        }
    }
}

fn game_stop(game: &GameView) -> Markup {
    let winner = game.players.iter().find(|p| p.result == "won");
    html! {
        li.game id=(format!("game-{}", game.game)) {
            h3 { "Game " (game.game) span.meta { (Text(&game.date)) } }
            @if let Some(winner) = winner {
                p.winner {
                    "Won by " strong { (Text(&winner.person)) } " (" (Text(&winner.faction)) ")"
                    @if let Some(reward) = &game.reward { " — " (Text(reward)) }
                }
            }
            ul.players {
                @for p in &game.players {
                    li class=(Text(p.result)) {
                        (Text(&p.person)) " · " (faction(&p.faction)) " · " (Text(&p.result.replace('-', " ")))
                        @if let Some(hq) = &p.hq { " · HQ " (Text(hq)) }
                    }
                }
            }
            ul.changes {
                @for change in &game.changes {
                    li class=(format!("k-{}", change.kind)) { (Text(&change.text)) }
                }
            }
            @if let Some(note) = &game.note {
                p.game-note { (Text(note)) }
            }
        }
    }
}

fn between_stop(after: Option<u32>, entries: &[&HistoryEntry]) -> Markup {
    let title = after.map_or("Before the first game".to_string(), |g| {
        format!("After game {g}")
    });
    html! {
        li.between {
            h3 { (title) }
            ul.changes {
                @for entry in entries {
                    @let text = match &entry.person {
                        Some(person) => format!("{person} {}", entry.text),
                        None => capitalise(entry.text.clone()),
                    };
                    li class=(format!("k-{}", entry.kind)) { (Text(&text)) }
                }
            }
        }
    }
}
