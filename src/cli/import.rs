//! `chronicle import FILE [--as NAME] [--photos DIR]`: a campaign exported as JSON, replayed
//! through the rules into this database: all of it, or nothing; then the images of its
//! photos from the folder `export --photos` wrote, each checked against its name.

use std::path::PathBuf;

use super::context::{Context, writing};
use super::error::CliError;
use super::output::say;
use super::photo_folder;
use crate::domain::vocabulary::names::CampaignName;
use crate::exchange::{BoardSection, DEFAULT_LIMIT_MB, read_path};
use crate::ledger::named_images;
use crate::store::{Access, StoreError};

/// Import a campaign written by `chronicle export --format json`: its log is replayed
/// through the rules; a file that breaks one is refused whole
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The campaign file
    pub file: PathBuf,
    /// The name to give the campaign here [default: its name in the file]
    #[arg(long = "as", value_name = "NAME")]
    pub name: Option<String>,
    /// Make it the current campaign (the one used without --campaign)
    #[arg(long = "use")]
    pub make_current: bool,
    /// Take the log as it is, without comparing the file's board section with the board
    /// the log gives (an edit to the board section alone is then dropped)
    #[arg(long)]
    pub ignore_board: bool,
    /// The largest file read, in MiB
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_LIMIT_MB, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub max_mb: u64,
    /// Read the images of the file's photos from this folder (`export --format json --photos
    /// DIR` wrote them as <sha256>.<ext>); a file that is not the image its name says refuses
    /// the import, one missing is a photo not here yet
    #[arg(long, value_name = "DIR")]
    pub photos: Option<PathBuf>,
}

use super::progress::while_working;

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    writing(|| {
        let board = if args.ignore_board {
            BoardSection::Ignored
        } else {
            BoardSection::Compared
        };
        let (campaign, log, ignored) = read_path(&args.file, args.max_mb, board)
            .map_err(|e| CliError::input(e.to_string()))?;
        let name = CampaignName::new(args.name.as_deref().unwrap_or(&campaign.name))?;
        let named = named_images(log.records());
        let found = args
            .photos
            .as_deref()
            .map(|folder| photo_folder::check(folder, &named))
            .transpose()?;
        let count = log.records().len();
        let mut store = context.open(Access::Create)?;
        // The current campaign changes only when asked (or when there was none).
        let was = store.choose_campaign(None).ok();
        let current = args.make_current || was.is_none();
        let what = format!(
            "Importing {} entries of {}",
            super::progress::count(count),
            args.file.display()
        );
        let terminal = context.terminal.stderr_terminal;
        let imported = while_working(terminal, &what, || {
            let uid = campaign.id.as_deref();
            store.import_campaign(&name, &campaign.created_at, uid, &log, current)
        })
        .map_err(|error| match &error {
            StoreError::CampaignExists { name } => {
                CliError::input(error.to_string()).hinted(format!(
                    "Import it under another name: `chronicle import FILE --as \"{name} (2)\"`."
                ))
            }
            _ => CliError::from(error),
        })?;
        let games = store.games_played(imported.id)?;
        say(&format!(
            "Imported campaign \"{}\" ({} game{}, {} entries) into {}.",
            imported.name,
            games,
            if games == 1 { "" } else { "s" },
            super::progress::count(count),
            store.path().display()
        ));
        if let Some(id) = campaign.id.as_deref().filter(|id| *id != imported.uid) {
            say(&format!(
                "A campaign of this database already has the file's identity ({id}), so \"{}\" has a new one; it syncs and exports to BG Stats as a campaign of its own.",
                imported.name
            ));
        }
        if let Some(first) = ignored.first() {
            let more = crate::exchange::more_differences(1, ignored.len());
            say(&format!(
                "The file's board section did not match its log ({first}{more}); as --ignore-board asks, the board is the one the log gives."
            ));
        }
        match was.filter(|_| !current) {
            Some(was) => say(&format!(
                "The current campaign is still \"{}\"; `chronicle campaign use \"{}\"` (or import --use) switches to it.",
                was.name, imported.name
            )),
            None => say(&format!(
                "\"{}\" is the current campaign now.",
                imported.name
            )),
        }
        if let Some(found) = &found {
            return photo_folder::keep(&mut store, found);
        }
        photo_folder::left_behind(&named);
        Ok(())
    })
}
