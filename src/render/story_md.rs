//! `story --format md -o DIR`: the story as a Markdown book (`story.md`) beside the map of
//! the board after each game (`game-N.svg`), which the book shows as images; pandoc turns
//! the folder into a page, a PDF or an e-book.

use std::fmt::Write as _;

use super::md;
use super::story::{
    Part, before, chapter_heading, game_parts, map_caption, people_lines, standing, title_lines,
    winner_line,
};
use super::svg;
use crate::report::story::{Chapter, Story};

/// The book's files: its text, and each map's file name and SVG.
pub struct Book {
    pub text: String,
    pub maps: Vec<(String, String)>,
}

/// The file name of the map after a game.
fn map_file(chapter: &Chapter) -> String {
    format!("game-{}.svg", chapter.game.game)
}

/// The story as a Markdown book and its maps.
pub fn book(story: &Story) -> Book {
    let mut text = String::new();
    let _ = writeln!(text, "# {}\n", md::text(&story.campaign));
    for line in title_lines(story) {
        let _ = writeln!(text, "{}\n", md::text(&line));
    }
    let people = people_lines(story);
    if !people.is_empty() {
        part(
            &mut text,
            "##",
            &Part {
                heading: "The people".to_string(),
                lines: people,
            },
        );
    }
    if let Some(before) = before(story) {
        part(&mut text, "##", &before);
    }
    for chapter in &story.chapters {
        let _ = writeln!(text, "## {}\n", md::text(&chapter_heading(chapter)));
        let _ = writeln!(text, "{}\n", md::text(&winner_line(chapter)));
        for game_part in game_parts(chapter) {
            part(&mut text, "###", &game_part);
        }
        // The photos of the game will go here, before the map.
        let _ = writeln!(
            text,
            "![{}]({})\n",
            md::text(&map_caption(chapter)),
            map_file(chapter)
        );
        for after in super::story::after_parts(chapter) {
            part(&mut text, "###", &after);
        }
    }
    part(&mut text, "##", &standing(story));
    let maps = story
        .chapters
        .iter()
        .map(|c| (map_file(c), svg::map(&c.board)))
        .collect();
    let text = format!("{}\n", text.trim_end());
    Book { text, maps }
}

/// A heading and its sentences as a bullet list.
fn part(text: &mut String, level: &str, part: &Part) {
    let _ = writeln!(text, "{level} {}\n", md::text(&part.heading));
    for line in &part.lines {
        let _ = writeln!(text, "- {}", md::text(line));
    }
    text.push('\n');
}
