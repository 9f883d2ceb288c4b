//! `chronicle game photo add|list|show|remove`: photos of a game (the board after it, the
//! table), kept in the database by their hash and named in the log.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::cli::context::{Context, writing};
use crate::cli::error::CliError;
use crate::cli::output::{SheetArgs, print_report, say};
use crate::cli::undo::reason;
use crate::files::{self, Limit, Symlinks};
use crate::ledger::photo::{Prepared, check_size, prepare};
use crate::ledger::{self, Guard, PhotoOf, Query, View};
use crate::render::size_words;
use crate::store::Access;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Add photos of game N (JPEG, PNG or WebP): each turned the right way up, its
    /// location and camera data removed, and kept as a copy of at most 1,600 pixels
    Add(AddArgs),
    /// The photos of game N, or of every game
    List {
        /// The game's number (every game when left out)
        game: Option<u32>,
        #[command(flatten)]
        sheet: SheetArgs,
    },
    /// Write a photo's bytes to a file, as they are kept
    Show(ShowArgs),
    /// Remove a photo (the history keeps it, with why; `chronicle undo` brings it back)
    Remove(RemoveArgs),
}

#[derive(Debug, clap::Args)]
pub struct AddArgs {
    /// The game's number
    pub game: u32,
    /// The photos' files (JPEG, PNG or WebP, at most 20 MB each)
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// A caption, for every photo added
    #[arg(long, value_name = "TEXT")]
    pub caption: Option<String>,
    /// Who took it (a person of the campaign)
    #[arg(long, value_name = "NAME")]
    pub by: Option<String>,
    /// Keep the full-size image too (the right way up, without its location), not only the
    /// copy pages show
    #[arg(long)]
    pub keep_original: bool,
    /// Check and show what would be added, writing nothing
    #[arg(long)]
    pub dry_run: bool,
}

#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    /// The photo: its id (`game photo list` shows it), or GAME.N for game GAME's Nth photo
    pub id: String,
    /// The file to write (- for stdout)
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: PathBuf,
    /// The full-size image, where it was kept (--keep-original)
    #[arg(long)]
    pub original: bool,
    /// The game, where the same image is a photo of two games
    #[arg(long, value_name = "N")]
    pub game: Option<u32>,
}

#[derive(Debug, clap::Args)]
pub struct RemoveArgs {
    /// The photo: its id (`game photo list` shows it), or GAME.N for game GAME's Nth photo
    pub id: String,
    /// Why (kept in the history)
    #[arg(long)]
    pub reason: Option<String>,
    /// The game, where the same image is a photo of two games
    #[arg(long, value_name = "N")]
    pub game: Option<u32>,
}

pub(super) fn run(context: &Context, command: Command) -> Result<(), CliError> {
    match command {
        Command::Add(args) => writing(|| add(context, &args)),
        Command::List { game, sheet } => {
            let answer = context.ask(&Query::now(View::Photos(game)))?;
            print_report(&answer.report, context, &sheet)
        }
        Command::Show(args) => show(context, &args),
        Command::Remove(args) => writing(|| remove(context, args)),
    }
}

/// Reads and makes ready every file before writing any: one file that is not a photo
/// leaves the database as it was.
fn add(context: &Context, args: &AddArgs) -> Result<(), CliError> {
    let mut ready: Vec<(String, Prepared)> = Vec::new();
    for path in &args.files {
        let name = path.display().to_string();
        let prepared = prepare(&name, read_photo(path)?, args.keep_original)
            .map_err(ledger::LedgerError::Photo)?;
        if let Some((first, _)) = ready
            .iter()
            .find(|(_, p)| p.copy.file == prepared.copy.file)
        {
            return Err(CliError::input(format!(
                "{name} is the same photo as {first}: give it once."
            )));
        }
        ready.push((name, prepared));
    }
    let access = if args.dry_run {
        Access::Read
    } else {
        Access::Write
    };
    let mut store = context.open(access)?;
    let stamp = context.clock.write_stamp();
    // Each photo checked against the log first: a photo the rules refuse leaves the others
    // unwritten too.
    for (_, prepared) in ready.iter().filter(|_| !args.dry_run && ready.len() > 1) {
        ledger::add_photo(
            &mut store,
            context.campaign.as_deref(),
            &stamp,
            &Guard::default(),
            true,
            photo_of(args),
            prepared,
        )?;
    }
    for (name, prepared) in &ready {
        let (info, appended) = ledger::add_photo(
            &mut store,
            context.campaign.as_deref(),
            &stamp,
            &Guard::default(),
            args.dry_run,
            photo_of(args),
            prepared,
        )?;
        let id = &prepared.copy.file.sha256[..8];
        let kept = match &prepared.original {
            Some(original) => format!(
                ", and the full-size image ({})",
                size_words(original.file.bytes)
            ),
            None => String::new(),
        };
        let verb = if appended.written {
            "Added"
        } else {
            "Would add"
        };
        say(&format!(
            "{verb} {name} to game {} of {} as photo {id}: {}×{} pixels, {}{kept}.",
            args.game,
            info.name,
            prepared.width,
            prepared.height,
            size_words(prepared.copy.file.bytes),
        ));
    }
    Ok(())
}

fn photo_of(args: &AddArgs) -> PhotoOf {
    PhotoOf {
        game: args.game,
        caption: args.caption.clone(),
        by: args.by.clone(),
    }
}

/// A photo's bytes, its size checked before it is read.
fn read_photo(path: &Path) -> Result<Vec<u8>, CliError> {
    let (reader, size) = files::open(path, Symlinks::Follow, Limit::mib(1024), "a photo")?;
    check_size(&path.display().to_string(), size).map_err(ledger::LedgerError::Photo)?;
    let mut bytes = Vec::with_capacity(usize::try_from(size + 1).unwrap_or(0));
    reader
        .take(size + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| files::FileError::Io {
            path: path.to_path_buf(),
            action: "read",
            source,
        })?;
    check_size(&path.display().to_string(), bytes.len() as u64)
        .map_err(ledger::LedgerError::Photo)?;
    Ok(bytes)
}

fn show(context: &Context, args: &ShowArgs) -> Result<(), CliError> {
    let store = context.open(Access::Read)?;
    let (photo, image) = ledger::photo_bytes(
        &store,
        context.campaign.as_deref(),
        (&args.id, args.game),
        args.original,
    )?;
    let Some(image) = image else {
        return Err(CliError::input(format!(
            "The photo {} of game {} is not here yet: its entry came by sync and its bytes have not. Sync again once the device that added it has synced.",
            photo.id, photo.game
        )));
    };
    if args.output.as_os_str() == "-" {
        use std::io::Write;
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(&image.bytes)?;
        return Ok(stdout.flush()?);
    }
    files::write(&args.output, Symlinks::Refuse, &image.bytes)?;
    say(&format!(
        "Wrote {} ({}, {}).",
        args.output.display(),
        image.file.kind.media_type(),
        size_words(image.file.bytes)
    ));
    Ok(())
}

fn remove(context: &Context, args: RemoveArgs) -> Result<(), CliError> {
    let reason = reason(args.reason.as_deref())?;
    let mut store = context.open(Access::Write)?;
    let (info, _, photo) = ledger::remove_photo(
        &mut store,
        context.campaign.as_deref(),
        &context.clock.write_stamp(),
        &Guard::default(),
        (&args.id, args.game),
        reason,
    )?;
    say(&format!(
        "Removed photo {} of game {} of {}. The history keeps it; `chronicle undo` brings it back.",
        photo.id, photo.game, info.name
    ));
    Ok(())
}
