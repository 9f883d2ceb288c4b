//! The history page's filters to tap: the games, people, territories and kinds of change
//! the history shown holds, each a plain link to the same page with that filter (the
//! `history` command's `--game`, `--player`, `--territory`, `--kind`), the other filters
//! kept; the filters in force, each with a link that drops it. Links only: it works
//! without script.

use std::collections::BTreeSet;

use maud::{Markup, html};

use super::links::{person_path, query};
use super::read::Params;
use crate::render::html::Text;
use crate::report::history::History;

/// A filter of the history, as the command's flag.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Filter {
    Game,
    Person,
    Territory,
    Kind,
}

const FILTERS: [Filter; 4] = [
    Filter::Game,
    Filter::Person,
    Filter::Territory,
    Filter::Kind,
];

impl Filter {
    /// The query parameter, the command's flag.
    fn key(self) -> &'static str {
        match self {
            Filter::Game => "game",
            Filter::Person => "player",
            Filter::Territory => "territory",
            Filter::Kind => "kind",
        }
    }

    fn heading(self) -> &'static str {
        match self {
            Filter::Game => "By game",
            Filter::Person => "By person",
            Filter::Territory => "By territory",
            Filter::Kind => "By kind of change",
        }
    }

    /// The value the page was asked with.
    fn given(self, params: &Params) -> Option<String> {
        match self {
            Filter::Game => params.game.map(|g| g.to_string()),
            Filter::Person => params.player.clone(),
            Filter::Territory => params.territory.clone(),
            Filter::Kind => params.kind.clone(),
        }
    }

    /// The values the history holds, in order.
    fn values(self, history: &History) -> Vec<String> {
        match self {
            Filter::Game => {
                let games: BTreeSet<u32> = history.0.iter().filter_map(|e| e.game).collect();
                games.into_iter().map(|g| g.to_string()).collect()
            }
            Filter::Person => distinct(history.0.iter().filter_map(|e| e.person.clone())),
            Filter::Territory => distinct(history.0.iter().filter_map(|e| e.territory.clone())),
            Filter::Kind => distinct(history.0.iter().map(|e| e.kind.clone())),
        }
    }

    /// A value as a person reads it: "Game 3", "major city".
    fn label(self, value: &str) -> String {
        match self {
            Filter::Game => format!("Game {value}"),
            Filter::Kind => value.replace('_', " ").replace(',', ", "),
            Filter::Person | Filter::Territory => value.to_string(),
        }
    }
}

fn distinct(values: impl Iterator<Item = String>) -> Vec<String> {
    values.collect::<BTreeSet<_>>().into_iter().collect()
}

/// `/history` with the page's parameters, `filter` set to `value` (or dropped, for none).
fn address(params: &Params, filter: Filter, value: Option<&str>) -> String {
    let mut pairs: Vec<(&str, String)> = Vec::new();
    for f in FILTERS {
        let kept = if f == filter {
            value.map(str::to_string)
        } else {
            f.given(params)
        };
        pairs.extend(kept.map(|v| (f.key(), v)));
    }
    pairs.extend(params.faction.clone().map(|v| ("faction", v)));
    pairs.extend(params.continent.clone().map(|v| ("continent", v)));
    pairs.extend(params.after.map(|n| ("after", n.to_string())));
    query("/history", &pairs)
}

/// The filters in force (each with a link that drops it) and the filters to tap.
pub(super) fn filters(history: &History, params: &Params) -> Markup {
    let given: Vec<(Filter, String)> = FILTERS
        .into_iter()
        .filter_map(|f| f.given(params).map(|v| (f, v)))
        .collect();
    html! {
        div.filters {
            @if !given.is_empty() {
                p.aside { "Only these changes; tap a filter to drop it:" }
                p {
                    @for (filter, value) in &given {
                        a.tap.on href=(address(params, *filter, None)) {
                            "✕ " (Text(&filter.label(value)))
                        }
                    }
                    a.tap href=(address_of_all(params)) { "All the history" }
                }
                @if let Some(name) = &params.player {
                    p { a.tap href=(person_page(name, params)) { (Text(name)) "'s page" } }
                }
            }
            @for filter in FILTERS {
                @let values = filter.values(history);
                @if values.len() > 1 {
                    details {
                        summary { (filter.heading()) }
                        p {
                            @for value in &values {
                                a.tap href=(address(params, filter, Some(value))) {
                                    (Text(&filter.label(value)))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A person's page, keeping `?after=N`.
fn person_page(name: &str, params: &Params) -> String {
    let after: Vec<(&str, String)> = params
        .after
        .map(|n| ("after", n.to_string()))
        .into_iter()
        .collect();
    query(&person_path(name), &after)
}

/// The whole history, keeping `?after=N`.
fn address_of_all(params: &Params) -> String {
    let after: Vec<(&str, String)> = params
        .after
        .map(|n| ("after", n.to_string()))
        .into_iter()
        .collect();
    query("/history", &after)
}
