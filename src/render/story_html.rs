//! `story --format html`: the story as one self-contained page (the export's stylesheet and
//! page, each chapter's map inline, its photos inside the page as `data:` addresses; nothing
//! loaded from anywhere). It reads on a phone and prints on A4: the title page alone, each
//! chapter from the top of a page, its map and photos fitted to the page.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use maud::{Markup, html};

use super::html::{Link, Shell, Text, document, header, map_figure, map_svg};
use super::story::{
    Part, after_parts, before, chapter_heading, game_parts, map_caption, people_lines,
    photo_caption, photo_not_here, standing, title_lines, winner_line,
};
use crate::report::photos::PhotoView;
use crate::report::story::{Chapter, Images, Story};

/// What the story adds to the export's stylesheet: the chapters' look and the print
/// layout.
const STORY_STYLE: &str = "
section.title p.subtitle{font-size:1.05em}
section.chapter>h2{letter-spacing:normal;text-transform:none;font-family:serif;font-size:1.5em}
section.chapter h3{font-size:.95em;text-transform:uppercase;letter-spacing:.06em;color:var(--muted)}
section.chapter ul{margin:4px 0 10px;padding-left:20px}
section.chapter figure.map{margin:12px 0}
p.won{font-family:sans-serif}
section.chapter figure.photo{margin:12px 0}
section.chapter figure.photo img{display:block;max-width:100%;height:auto;margin:0 auto}
section.chapter p.photo-not-here{font-style:italic;color:var(--muted)}
@media print{@page{size:A4;margin:12mm}
section.title{break-after:page}
section.chapter{break-before:page}
section.chapter figure.map,section.chapter figure.photo{break-inside:avoid}
section.chapter figure.map>svg{max-height:200mm;margin:0 auto}
section.chapter figure.photo img{max-height:180mm;width:auto}}
";

/// The story as one HTML document, with the photos whose bytes `images` holds.
pub fn page(story: &Story, images: &Images) -> String {
    let names: Vec<String> = story
        .chapters
        .iter()
        .map(|c| format!("Game {}", c.game.game))
        .collect();
    let links: Vec<Link<'_>> = story
        .chapters
        .iter()
        .zip(&names)
        .map(|(c, name)| Link {
            to: format!("#game-{}", c.game.game),
            name,
            current: false,
        })
        .collect();
    let lines = title_lines(story);
    let content = html! {
        section.title {
            @for line in &lines { p.subtitle { (Text(line)) } }
            @let people = people_lines(story);
            @if !people.is_empty() {
                (part("h2", &Part { heading: "The people".to_string(), lines: people }))
            }
            @if let Some(before) = before(story) {
                (part("h2", &before))
            }
        }
        @for chapter in &story.chapters {
            (chapter_section(chapter, images))
        }
        section.standing {
            (part("h2", &standing(story)))
        }
    };
    let shell = Shell {
        title: &story.campaign,
        class: Some("story"),
        head: None,
        style: STORY_STYLE,
    };
    let footer = html! {
        footer {
            "Told by chronicle " (env!("CARGO_PKG_VERSION")) ", a ledger for a Risk Legacy campaign played on the physical board."
        }
    };
    let document = document(
        &shell,
        header(&story.campaign, None, &links),
        content,
        footer,
    );
    let mut text = document.into_string();
    text.push('\n');
    text
}

/// One game's chapter: the game, then its map and its photos, then what was recorded after
/// it.
fn chapter_section(chapter: &Chapter, images: &Images) -> Markup {
    html! {
        section.chapter id=(format!("game-{}", chapter.game.game)) {
            h2 { (Text(&chapter_heading(chapter))) }
            p.won { (Text(&winner_line(chapter))) }
            @for game_part in game_parts(chapter) { (part("h3", &game_part)) }
            (map_figure(&map_svg(&chapter.board), Some(&map_caption(chapter))))
            @for photo in &chapter.game.photos { (photo_figure(photo, images)) }
            @for after in after_parts(chapter) { (part("h3", &after)) }
        }
    }
}

/// A photo inside the page (its copy as a `data:` address, fetched as it scrolls into
/// view), its caption under it; where its bytes are not here, a line naming it.
fn photo_figure(photo: &PhotoView, images: &Images) -> Markup {
    let caption = photo_caption(photo);
    let Some(image) = images.get(&photo.copy.sha256) else {
        return html! { p.photo-not-here { (Text(&photo_not_here(photo))) } };
    };
    let source = format!(
        "data:{};base64,{}",
        photo.copy.media_type,
        STANDARD.encode(&image.bytes)
    );
    html! {
        figure.photo {
            @if image.width > 0 {
                img src=(source) alt=(caption) width=(image.width) height=(image.height) loading="lazy";
            } @else {
                img src=(source) alt=(caption) loading="lazy";
            }
            figcaption { (Text(&caption)) }
        }
    }
}

/// A heading and its sentences as a list.
fn part(level: &str, part: &Part) -> Markup {
    html! {
        @if level == "h2" { h2 { (Text(&part.heading)) } } @else { h3 { (Text(&part.heading)) } }
        ul { @for line in &part.lines { li { (Text(line)) } } }
    }
}
