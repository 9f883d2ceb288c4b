//! `story` in words: the title page, each chapter's parts and the standing at the end, as
//! sentences both the Markdown book and the page lay out (`story_md`, `story_html`). Every
//! fact comes from the `Story` the ledger gathered; this only words it.

use super::recap::standing_lines;
use crate::domain::entry::photo::ImageKind;
use crate::domain::log::describe::capitalise;
use crate::report::game::{EventCardView, MissionView};
use crate::report::history::HistoryEntry;
use crate::report::photos::PhotoView;
use crate::report::story::{Chapter, Story};

/// A part of a page of the story: its heading and its sentences.
pub struct Part {
    pub heading: String,
    pub lines: Vec<String>,
}

/// What the title page says under the campaign's name: its world, its dates, the packets.
pub fn title_lines(story: &Story) -> Vec<String> {
    let mut lines = vec![match &story.world_name {
        Some(world) => format!("A Risk Legacy campaign in the World of {world}"),
        None => "A Risk Legacy campaign".to_string(),
    }];
    let games = story.chapters.len();
    lines.push(match (&story.first_game, &story.last_game) {
        (Some(first), Some(last)) if games == 1 => format!("1 game, played {first}"),
        (Some(first), Some(last)) => format!("{games} games, played from {first} to {last}"),
        _ => "No game played yet".to_string(),
    });
    lines.push(packets(story));
    match story.photos_left_out {
        0 => {}
        n => lines.push(format!(
            "{n} photo{} of games left out: a photo of the board may show what came from packets.",
            if n == 1 { "" } else { "s" }
        )),
    }
    lines
}

/// The packets opened, by envelope; only how many when their contents are left out.
fn packets(story: &Story) -> String {
    let count = story.packets_opened.len();
    match (count, story.sealed) {
        (0, _) => "No packet opened so far.".to_string(),
        (n, true) => format!(
            "{n} packet{} opened; this story leaves out what came from {}.",
            if n == 1 { "" } else { "s" },
            if n == 1 { "it" } else { "them" }
        ),
        (_, false) => {
            let named: Vec<String> = story
                .packets_opened
                .iter()
                .map(|(name, game)| match game {
                    0 => format!("{name} (before game 1)"),
                    g => format!("{name} (game {g})"),
                })
                .collect();
            format!("Packets opened: {}.", named.join(", "))
        }
    }
}

/// The people and the factions they played, one line each.
pub fn people_lines(story: &Story) -> Vec<String> {
    story
        .people
        .iter()
        .map(|c| format!("{}: {}", c.person, c.factions.join(", ")))
        .collect()
}

/// What was recorded before game 1, and the corrections made then; none when nothing was.
pub fn before(story: &Story) -> Option<Part> {
    let mut lines: Vec<String> = story.before.iter().map(between).collect();
    lines.extend(story.before_corrections.iter().map(correction));
    (!lines.is_empty()).then(|| Part {
        heading: "Before the first game".to_string(),
        lines,
    })
}

/// A chapter's heading: "Game 3, played 2026-01-24".
pub fn chapter_heading(chapter: &Chapter) -> String {
    format!("Game {}, played {}", chapter.game.game, chapter.game.date)
}

/// The winner and the reward, in a sentence.
pub fn winner_line(chapter: &Chapter) -> String {
    let game = &chapter.game;
    let faction = game
        .players
        .iter()
        .find(|p| p.result == "won")
        .map(|p| format!(" ({})", p.faction))
        .unwrap_or_default();
    match &game.reward {
        Some(reward) => format!("Won by {}{faction}, who {reward}.", game.winner),
        None => format!("Won by {}{faction}.", game.winner),
    }
}

/// A chapter's parts before its map: the seating, what changed (held-on rewards, scars,
/// cities, …), the packets opened, event cards and missions, the note.
pub fn game_parts(chapter: &Chapter) -> Vec<Part> {
    let game = &chapter.game;
    let mut parts = vec![Part {
        heading: "Seating".to_string(),
        lines: game
            .players
            .iter()
            .map(|p| {
                let hq =
                    p.hq.as_deref()
                        .map(|h| format!(", HQ {h}"))
                        .unwrap_or_default();
                format!(
                    "Seat {}: {} ({}), {}{hq}",
                    p.seat,
                    p.person,
                    p.faction,
                    p.result.replace('-', " ")
                )
            })
            .collect(),
    }];
    let changed = game
        .changes
        .iter()
        .map(|c| capitalise(c.text.clone()))
        .collect();
    parts.push(Part {
        heading: "What changed".to_string(),
        lines: changed,
    });
    parts.push(Part {
        heading: "Packets opened".to_string(),
        lines: game.opened.clone(),
    });
    parts.push(Part {
        heading: "Event cards".to_string(),
        lines: game.event_cards.iter().map(EventCardView::words).collect(),
    });
    parts.push(Part {
        heading: "Missions".to_string(),
        lines: game.missions.iter().map(MissionView::words).collect(),
    });
    parts.push(Part {
        heading: "Note".to_string(),
        lines: game.note.iter().cloned().collect(),
    });
    parts.retain(|p| !p.lines.is_empty());
    parts
}

/// What was recorded after the game before the next, and the corrections made then.
pub fn after_parts(chapter: &Chapter) -> Vec<Part> {
    let mut parts = vec![
        Part {
            heading: format!("After game {}", chapter.game.game),
            lines: chapter.between.iter().map(between).collect(),
        },
        Part {
            heading: "Corrections".to_string(),
            lines: chapter.corrections.iter().map(correction).collect(),
        },
    ];
    parts.retain(|p| !p.lines.is_empty());
    parts
}

/// A change recorded between games, under its heading: its person first, when it has one.
fn between(entry: &HistoryEntry) -> String {
    match &entry.person {
        Some(person) => format!("{person} {}", entry.text),
        None => capitalise(entry.text.clone()),
    }
}

/// A correction in a sentence, with its reason when it has one.
fn correction(c: &crate::report::corrections::CorrectionView) -> String {
    let why = c
        .reason
        .as_deref()
        .map(|r| format!(" (reason: {r})"))
        .unwrap_or_default();
    capitalise(format!("{}{why}", c.text))
}

/// The caption under a chapter's map.
pub fn map_caption(chapter: &Chapter) -> String {
    format!("The board after game {}", chapter.game.game)
}

/// What is said under a photo: its caption (or which game it is of) and who took it.
pub fn photo_caption(photo: &PhotoView) -> String {
    let caption = photo
        .caption
        .clone()
        .unwrap_or_else(|| format!("A photo of game {}", photo.game));
    match &photo.by {
        Some(by) => format!("{caption} (photo by {by})"),
        None => caption,
    }
}

/// What stands in a photo's place when its bytes are not here yet (it came by sync before
/// them): the photo named, so nobody thinks it lost.
pub fn photo_not_here(photo: &PhotoView) -> String {
    format!(
        "A photo not here yet ({}): {}",
        photo.id,
        photo_caption(photo)
    )
}

/// The file of a photo's copy beside the Markdown book: `photo-3fa9c2e1.jpg`.
pub fn photo_file(photo: &PhotoView) -> String {
    let extension =
        ImageKind::of_media_type(photo.copy.media_type).map_or("jpg", |k| k.extension());
    format!("photo-{}.{extension}", photo.id)
}

/// The standing at the end: signatures, the lead faction, homelands, runs.
pub fn standing(story: &Story) -> Part {
    let mut lines = standing_lines(&story.standing);
    if lines.is_empty() {
        lines.push("Nobody has signed the board yet.".to_string());
    }
    Part {
        heading: "The standing at the end".to_string(),
        lines,
    }
}
