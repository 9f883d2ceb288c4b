//! `chronicle story [--format html|md] [-o PATH] [--spoilers opened|none]`: the whole
//! campaign told as a chronicle, a chapter per game with the map and the photos after it.

use std::path::{Path, PathBuf};

use super::context::Context;
use super::error::CliError;
use super::export::SpoilersArg;
use super::format::Format;
use super::output::{out, say};
use crate::files::{self, Symlinks};
use crate::ledger;
use crate::render::story_html::page;
use crate::render::story_md::{Book, book};
use crate::report::spoilers::Spoilers;
use crate::store::Access;

/// The page written when no -o is given.
const DEFAULT_PAGE: &str = "story.html";

/// The whole campaign told as a chronicle: a title page, a chapter per game with the map
/// after it, and the standing at the end
///
/// Each chapter: the seating, the winner and the reward, what changed, packets opened, event
/// cards and missions, the note, the map of the board after the game, the game's photos,
/// and what was recorded before the next game. --format html (the default) writes one
/// self-contained page (the photos inside it) that reads on a phone and prints on A4, a
/// chapter a page; --format md writes a folder (story.md, game-N.svg and photo-ID.jpg) for
/// pandoc. With --spoilers none the photos are left out: a photo of the board may show what
/// came from packets.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// html: the page's file, - for stdout [default: story.html in the current folder];
    /// md: the folder to write story.md, a map per game (game-1.svg, …) and the photos in
    /// (required)
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// `opened` names the packets opened; `none` leaves out everything that came from
    /// packets, for people who have not opened them [default: opened]
    #[arg(long, value_enum, value_name = "WHICH")]
    pub spoilers: Option<SpoilersArg>,
    /// With --spoilers none: keep the games' notes and the reasons of corrections (free
    /// text is left out otherwise)
    #[arg(long)]
    pub notes: bool,
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let md = match context.format {
        Format::Table | Format::Html => false,
        Format::Md => true,
        other => {
            return Err(CliError::usage(format!(
                "The story is a book to read, not data: --format html (one page, the default) or md (a folder for pandoc), not {}.",
                other.key()
            ))
            .nothing_written());
        }
    };
    let output = args.output.as_deref();
    if md && output.is_none_or(|o| o.as_os_str() == "-") {
        return Err(CliError::usage(
            "A Markdown story is a folder (story.md and a map per game): give -o DIR.",
        )
        .nothing_written());
    }
    let store = context.open(Access::Read)?;
    let ledger::Told { story, images } = ledger::story(
        &store,
        context.campaign.as_deref(),
        args.spoilers
            .map_or(Spoilers::Opened, SpoilersArg::spoilers),
        args.notes,
    )?;
    match output {
        Some(folder) if md => {
            let book = book(&story, &images);
            write_book(folder, &book)
        }
        Some(path) if path.as_os_str() == "-" => out(&page(&story, &images)),
        _ => {
            let path = output.unwrap_or(Path::new(DEFAULT_PAGE));
            files::write(path, Symlinks::Refuse, page(&story, &images).as_bytes())?;
            say(&format!(
                "Wrote {} ({}).",
                path.display(),
                chapters(story.chapters.len())
            ));
            Ok(())
        }
    }
}

/// "1 chapter", "16 chapters".
fn chapters(count: usize) -> String {
    match count {
        1 => "1 chapter".to_string(),
        n => format!("{n} chapters"),
    }
}

/// The Markdown story, its maps and its photos, into a folder.
fn write_book(folder: &Path, book: &Book<'_>) -> Result<(), CliError> {
    files::folder(folder, Symlinks::Refuse)?;
    for (name, svg) in &book.maps {
        files::write(&folder.join(name), Symlinks::Refuse, svg.as_bytes())?;
    }
    for (name, bytes) in &book.photos {
        files::write(&folder.join(name), Symlinks::Refuse, bytes)?;
    }
    files::write(
        &folder.join("story.md"),
        Symlinks::Refuse,
        book.text.as_bytes(),
    )?;
    let count = |n: usize, what: &str| match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    };
    let maps = count(book.maps.len(), "map");
    let written = match book.photos.len() {
        0 => format!("story.md and {maps}"),
        n => format!("story.md, {maps} and {}", count(n, "photo")),
    };
    say(&format!("Wrote {written} in {}.", folder.display()));
    Ok(())
}
