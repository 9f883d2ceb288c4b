//! `recap` as a person reads it: a few short sections of sentences, drawn as one-column
//! tables for a terminal (wrapped to any width down to 40 columns), and as headings with
//! bullet lists in Markdown, which reads well pasted into a group chat.

use std::fmt::Write as _;

use super::md;
use super::tabular::{Table, Tabular};
use crate::domain::board::faction::short_name_of;
use crate::report::history::HistoryEntry;
use crate::report::recap::{Recap, RecapStanding};

/// A section of the recap: its heading and its sentences.
pub struct Section {
    pub heading: String,
    pub lines: Vec<String>,
}

/// The recap's sections, in the order it is read out.
pub fn sections(recap: &Recap) -> Vec<Section> {
    vec![
        last_game(recap),
        Section {
            heading: "What changed".to_string(),
            lines: or_nothing(changes(recap), "Nothing changed in the world."),
        },
        Section {
            heading: "What the next game can bring".to_string(),
            lines: or_nothing(
                recap.coming.iter().map(|c| capital(&c.text)).collect(),
                "Nothing in sight.",
            ),
        },
        Section {
            heading: "Standing".to_string(),
            lines: or_nothing(standing(recap), "Nobody has signed the board yet."),
        },
        Section {
            heading: format!("Setup for game {}", recap.games_played + 1),
            lines: or_nothing(setup(recap), "Nobody to set up yet."),
        },
    ]
}

fn or_nothing(lines: Vec<String>, nothing: &str) -> Vec<String> {
    if lines.is_empty() {
        vec![nothing.to_string()]
    } else {
        lines
    }
}

/// A sentence's first letter as a capital.
fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

fn last_game(recap: &Recap) -> Section {
    let Some(game) = &recap.last_game else {
        let mut lines = recap.setup_to_do.clone();
        if lines.is_empty() {
            lines.push("The setup is done: game 1 can be logged.".to_string());
        }
        return Section {
            heading: format!("{}: before game 1", recap.campaign),
            lines: lines.iter().map(|l| capital(l)).collect(),
        };
    };
    let mut lines: Vec<String> = game
        .players
        .iter()
        .map(|p| {
            let hq =
                p.hq.as_deref()
                    .map(|h| format!(", HQ {h}"))
                    .unwrap_or_default();
            format!("{}. {} ({}): {}{hq}", p.seat, p.person, p.faction, p.result)
        })
        .collect();
    if let Some(reward) = &game.reward {
        lines.push(format!("{}'s reward: {reward}", game.winner));
    }
    if !game.opened.is_empty() {
        lines.push(format!("Opened: {}", game.opened.join(", ")));
    }
    for card in &game.event_cards {
        lines.push(format!("Event: {}", card.words()));
    }
    for mission in &game.missions {
        lines.push(format!("Mission: {}", mission.words()));
    }
    if let Some(note) = &game.note {
        lines.push(format!("Note: {note}"));
    }
    Section {
        heading: format!(
            "{}: game {}, played {}",
            recap.campaign, game.game, game.date
        ),
        lines,
    }
}

/// A change as a sentence: its person first, when it has one.
fn change(entry: &HistoryEntry) -> String {
    let person = match (&entry.person, &entry.faction) {
        (Some(person), Some(faction)) => format!("{person} ({}) ", short_name_of(faction)),
        (Some(person), None) => format!("{person} "),
        _ => String::new(),
    };
    let when = match (entry.game, entry.after_game) {
        (None, Some(after)) if after > 0 => " (after the game)",
        _ => "",
    };
    capital(&format!("{person}{}{when}", entry.text))
}

fn changes(recap: &Recap) -> Vec<String> {
    let mut lines: Vec<String> = recap.changes.iter().map(change).collect();
    lines.extend(recap.corrections.iter().map(|c| {
        let why = c
            .reason
            .as_deref()
            .map(|r| format!(" (reason: {r})"))
            .unwrap_or_default();
        format!("Correction: {}{why}", c.text)
    }));
    lines
}

fn standing(recap: &Recap) -> Vec<String> {
    standing_lines(&recap.standing)
}

/// The standing in sentences: signatures, the lead faction, homelands, runs.
pub(crate) fn standing_lines(standing: &RecapStanding) -> Vec<String> {
    let mut lines = Vec::new();
    if !standing.signatures.is_empty() {
        let counts: Vec<String> = standing
            .signatures
            .iter()
            .map(|s| format!("{} {}", s.person, s.count))
            .collect();
        lines.push(format!("Signatures: {}", counts.join(", ")));
    }
    if let Some(lead) = &standing.factions.lead_faction {
        let wins = if lead.wins == 1 { "win" } else { "wins" };
        lines.push(format!(
            "Lead faction: {} ({} {wins})",
            lead.faction, lead.wins
        ));
    }
    let homelands: Vec<String> = standing
        .factions
        .homelands
        .iter()
        .filter_map(|h| {
            h.continent
                .as_ref()
                .map(|c| format!("{} in {c}", h.faction))
        })
        .collect();
    if !homelands.is_empty() {
        lines.push(format!("Homelands: {}", homelands.join(", ")));
    }
    for streak in &standing.streaks {
        lines.push(match streak.kind {
            "won" => format!("{}: {} wins in a row", streak.person, streak.games),
            _ => format!("{}: held on {} games in a row", streak.person, streak.games),
        });
    }
    lines
}

fn setup(recap: &Recap) -> Vec<String> {
    recap
        .setup
        .iter()
        .map(|s| {
            let tokens = match (s.red_star_tokens, s.missiles) {
                (0, 1) => "1 missile".to_string(),
                (0, n) => format!("{n} missiles"),
                (_, 0) => "the red star".to_string(),
                (_, n) => format!("the red star and {n} missiles"),
            };
            match &s.few_legal_starts {
                Some(starts) if starts.is_empty() => {
                    format!("{}: {tokens}; no legal start left", s.person)
                }
                Some(starts) => format!(
                    "{}: {tokens}; only {} legal start{}: {}",
                    s.person,
                    starts.len(),
                    if starts.len() == 1 { "" } else { "s" },
                    starts.join(", ")
                ),
                None => format!("{}: {tokens}", s.person),
            }
        })
        .collect()
}

impl Tabular for Recap {
    fn tables(&self) -> Vec<Table> {
        sections(self)
            .into_iter()
            .map(|section| {
                let mut table = Table::new(&[section.heading.as_str()]);
                for line in section.lines {
                    table.row(vec![line]);
                }
                table
            })
            .collect()
    }
}

/// The recap as Markdown: a heading and a bullet list per section, no tables.
pub fn markdown(recap: &Recap) -> String {
    let mut out = String::new();
    for (i, section) in sections(recap).into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let level = if i == 0 { "##" } else { "###" };
        let _ = writeln!(out, "{level} {}\n", md::text(&section.heading));
        for line in section.lines {
            let _ = writeln!(out, "- {}", md::text(&line));
        }
    }
    out
}
