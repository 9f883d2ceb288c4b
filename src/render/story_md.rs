//! `story --format md -o DIR`: the story as a Markdown book (`story.md`) beside the map of
//! the board after each game (`game-N.svg`) and the copies of the games' photos
//! (`photo-<id>.jpg`), which the book shows as images; pandoc turns the folder into a page,
//! a PDF or an e-book.

use std::fmt::Write as _;

use super::md;
use super::story::{
    Part, before, chapter_heading, game_parts, map_caption, people_lines, photo_caption,
    photo_file, photo_not_here, standing, title_lines, winner_line,
};
use super::svg;
use crate::report::story::{Chapter, Images, Story};

/// The book's files: its text, each map's file name and SVG, and each photo's file name and
/// bytes.
pub struct Book<'a> {
    pub text: String,
    pub maps: Vec<(String, String)>,
    pub photos: Vec<(String, &'a [u8])>,
}

/// The file name of the map after a game.
fn map_file(chapter: &Chapter) -> String {
    format!("game-{}.svg", chapter.game.game)
}

/// The story as a Markdown book, its maps and the photos whose bytes `images` holds.
pub fn book<'a>(story: &Story, images: &'a Images) -> Book<'a> {
    let mut text = String::new();
    let mut photos: Vec<(String, &'a [u8])> = Vec::new();
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
        let _ = writeln!(
            text,
            "![{}]({})\n",
            md::text(&map_caption(chapter)),
            map_file(chapter)
        );
        for photo in &chapter.game.photos {
            let Some(image) = images.get(&photo.copy.sha256) else {
                let _ = writeln!(text, "*{}*\n", md::text(&photo_not_here(photo)));
                continue;
            };
            let file = photo_file(photo);
            let _ = writeln!(text, "![{}]({file})\n", md::text(&photo_caption(photo)));
            if !photos.iter().any(|(name, _)| *name == file) {
                photos.push((file, image.bytes.as_slice()));
            }
        }
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
    Book { text, maps, photos }
}

/// A heading and its sentences as a bullet list.
fn part(text: &mut String, level: &str, part: &Part) {
    let _ = writeln!(text, "{level} {}\n", md::text(&part.heading));
    for line in &part.lines {
        let _ = writeln!(text, "- {}", md::text(line));
    }
    text.push('\n');
}
