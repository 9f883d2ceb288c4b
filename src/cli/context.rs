//! What every command works with, decided once from the flags and the environment: the
//! database, the campaign chosen, the output format, the clock, and the terminal (colour on
//! each stream, whether questions may be asked, the width tables fit).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use super::colour::Colour;
use super::env::{self, Clock, Columns};
use super::error::CliError;
use super::explain::Asked;
use super::format::Format;
use crate::domain::log::fold;
use chrono::NaiveDate;

use crate::domain::{Campaign, Entry, Game};
use crate::ledger::{self, Answer, Guard, Latest, LedgerError, Query};
use crate::render::TableStyle;
use crate::report::history::cut;
use crate::store::{
    Access, Appended, CampaignInfo, Current, Loaded, NewRecord, Recorded, Store, StoreError,
    StoredLog,
};

/// The terminal chronicle runs in.
#[derive(Clone, Copy, Debug)]
pub struct Terminal {
    /// Colour on stdout and on stderr, decided once (`colour::on`).
    pub colour: Colour,
    /// stderr is a terminal.
    pub stderr_terminal: bool,
    /// Questions may be asked: stdin and stderr are terminals and `--no-input` is not given.
    pub may_prompt: bool,
    /// The width tables fit: `COLUMNS`, else the terminal's, else 80; 40 at the narrowest.
    pub width: usize,
    /// Long error messages are printed whole (`--verbose`).
    pub verbose: bool,
}

/// The narrowest width tables are fitted to: narrower, they are drawn 40 wide.
pub(crate) const NARROWEST: usize = 40;

impl Terminal {
    /// The terminal, and a warning when `COLUMNS` holds no width (it is then set aside).
    pub fn new(colour: Colour, no_input: bool, verbose: bool) -> (Terminal, Option<String>) {
        let stdout = std::io::stdout().is_terminal();
        let stderr = std::io::stderr().is_terminal();
        let from_terminal = stdout
            .then(|| terminal_size::terminal_size().map(|(w, _)| usize::from(w.0)))
            .flatten();
        let fallback = from_terminal.unwrap_or(80);
        let (width, warning) = match env::columns() {
            Columns::Unset => (fallback, None),
            Columns::Width(width) => (width, None),
            Columns::Unusable(text) => {
                let whose = if from_terminal.is_some() {
                    "the terminal's width"
                } else {
                    "the default"
                };
                let warning = format!(
                    "COLUMNS is \"{}\", not a number of columns from 1 to 10000; tables fit {fallback} columns ({whose}).",
                    crate::render::terminal::printable(&text)
                );
                (fallback, Some(warning))
            }
        };
        let terminal = Terminal {
            colour,
            stderr_terminal: stderr,
            may_prompt: !no_input && std::io::stdin().is_terminal() && stderr,
            width: width.max(NARROWEST),
            verbose,
        };
        (terminal, warning)
    }

    /// A terminal of plain text, for what is printed before the real one is known.
    pub fn plain() -> Terminal {
        Terminal {
            colour: Colour::NONE,
            stderr_terminal: false,
            may_prompt: false,
            width: 80,
            verbose: false,
        }
    }

    /// How tables are drawn on stdout.
    pub(crate) fn table_style(&self) -> TableStyle {
        TableStyle {
            width: self.width,
            bold_titles: self.colour.stdout,
        }
    }
}

pub struct Context {
    /// The database given with --db.
    db_flag: Option<PathBuf>,
    /// The database given with --db, else with CHRONICLE_DB.
    db: Option<PathBuf>,
    pub campaign: Option<String>,
    pub format: Format,
    pub clock: Clock,
    pub terminal: Terminal,
}

impl Context {
    /// The context of a command: the --db, --campaign and --format given (the environment
    /// fills in what is not), and the terminal.
    pub fn new(
        db: Option<PathBuf>,
        campaign: Option<String>,
        format: Format,
        terminal: Terminal,
    ) -> Result<Context, CliError> {
        Ok(Context {
            db: db.clone().or_else(env::db),
            db_flag: db,
            campaign: match campaign {
                Some(named) => Some(named),
                None => env::campaign()?,
            },
            format,
            clock: env::clock()?,
            terminal,
        })
    }

    /// The database given with the --db flag itself (not CHRONICLE_DB), if any: the demo
    /// goes there or into its own file, never into the database a shell points at.
    pub(crate) fn db_flag(&self) -> Option<&PathBuf> {
        self.db_flag.as_ref()
    }

    /// The database to use: the one given, else the default in the data folder (whose
    /// folder is created when a database is to be created there).
    pub fn db_path(&self, access: Access) -> Result<PathBuf, CliError> {
        if let Some(path) = &self.db {
            Ok(path.clone())
        } else {
            let path = env::default_db()?;
            if access == Access::Create {
                create_folder(&path)?;
            }
            Ok(path)
        }
    }

    /// Opens the database for `access`; a write says when it upgraded the file.
    pub fn open(&self, access: Access) -> Result<Store, CliError> {
        let path = self.db_path(access)?;
        open_store(&path, access)
    }

    /// Records one entry in the chosen campaign, at the end or right after game N
    /// (`--after-game`): `build` makes it from the campaign as it stood there, inside the
    /// write transaction; a refusal is put in the words of `asked`. A refusal writes
    /// nothing; so does a dry run.
    pub fn record(
        &self,
        asked: Asked,
        dry_run: bool,
        after_game: Option<u32>,
        build: impl FnOnce(&Campaign) -> Result<Entry, CliError>,
    ) -> Result<(CampaignInfo, Recorded), CliError> {
        let written = || {
            let access = if dry_run { Access::Read } else { Access::Write };
            let mut store = self.open(access)?;
            ledger::record(
                &mut store,
                self.campaign.as_deref(),
                &self.clock.write_stamp(),
                dry_run,
                after_game,
                build,
            )
        };
        written().map_err(|e: CliError| {
            let e = e.asked(asked);
            if dry_run { e } else { e.nothing_written() }
        })
    }

    /// Logs a game at the end of the chosen campaign's log, through the ledger's one write of
    /// a game (`ledger::log_game`): `game` makes it from the campaign as it stands inside
    /// the write transaction, and today. A refusal (put in the words of `asked`) writes
    /// nothing; so does a dry run.
    pub(crate) fn log_game(
        &self,
        asked: Asked,
        dry_run: bool,
        game: impl FnOnce(&Campaign, NaiveDate) -> Result<Game, LedgerError>,
    ) -> Result<Recorded, CliError> {
        let written = || {
            let access = if dry_run { Access::Read } else { Access::Write };
            let mut store = self.open(access)?;
            let stamp = self.clock.write_stamp();
            let guard = Guard::default();
            let logged = ledger::log_game(
                &mut store,
                self.campaign.as_deref(),
                &stamp,
                &guard,
                dry_run,
                game,
            )?;
            let appended = logged.appended;
            let applied = appended
                .applied
                .ok_or_else(|| CliError::bug("The game logged was not applied."))?;
            Ok(Recorded {
                before: appended.before,
                after: appended.after,
                applied,
                written: appended.written,
                placed: None,
            })
        };
        written().map_err(|e: CliError| {
            let e = e.asked(asked);
            if dry_run { e } else { e.nothing_written() }
        })
    }

    /// Takes back `latest` (the latest entry, or the latest game, as the command showed it)
    /// through the ledger's one take-back; `moved` says what to do when another chronicle
    /// wrote to the log meanwhile. Nothing is written when it is refused.
    pub(crate) fn take_back(
        &self,
        latest: &Latest,
        reason: Option<String>,
        moved: &str,
    ) -> Result<(), CliError> {
        let written = || {
            let mut store = self.open(Access::Write)?;
            let stamp = self.clock.write_stamp();
            ledger::take_back(
                &mut store,
                self.campaign.as_deref(),
                &stamp,
                &Guard::default(),
                latest,
                reason,
            )
            .map_err(|error| match error {
                LedgerError::Stale { .. } => CliError::input(moved),
                other => other.into(),
            })
        };
        written().map(|_| ()).map_err(CliError::nothing_written)
    }

    /// Adds one record to the chosen campaign's log: `build` makes it from the log as it
    /// stands, inside the write transaction; every later entry goes through the rules again.
    /// A refusal (put in the words of `asked`) writes nothing; so does a dry run.
    pub fn append(
        &self,
        asked: Asked,
        dry_run: bool,
        build: impl FnOnce(&Current<'_>) -> Result<NewRecord, CliError>,
    ) -> Result<(CampaignInfo, Appended), CliError> {
        self.append_in(self.campaign.as_deref(), asked, dry_run, build)
    }

    /// As `append`, to the campaign named (else the one chosen as usual).
    pub(crate) fn append_in(
        &self,
        named: Option<&str>,
        asked: Asked,
        dry_run: bool,
        build: impl FnOnce(&Current<'_>) -> Result<NewRecord, CliError>,
    ) -> Result<(CampaignInfo, Appended), CliError> {
        let written = || {
            let access = if dry_run { Access::Read } else { Access::Write };
            let mut store = self.open(access)?;
            ledger::correct(
                &mut store,
                named,
                &self.clock.write_stamp(),
                &Guard::default(),
                dry_run,
                build,
            )
        };
        written().map_err(|e: CliError| {
            let e = e.asked(asked);
            if dry_run { e } else { e.nothing_written() }
        })
    }

    /// The ledger's answer to `query` about the chosen campaign, the file opened for
    /// reading only.
    pub(crate) fn ask(&self, query: &Query) -> Result<Answer, CliError> {
        let store = self.open(Access::Read)?;
        Ok(ledger::build(&store, self.campaign.as_deref(), query)?)
    }

    /// Reads the chosen campaign's log and state, on one snapshot, the file opened for
    /// reading only.
    pub fn load(&self) -> Result<(CampaignInfo, Loaded), CliError> {
        let store = self.open(Access::Read)?;
        Ok(store.load_campaign(self.campaign.as_deref())?)
    }

    /// Reads the chosen campaign's log and the state it folds to after game `after` (see
    /// `--after`), or now.
    pub(crate) fn load_after(
        &self,
        after: Option<u32>,
    ) -> Result<(CampaignInfo, Loaded), CliError> {
        let Some(n) = after else {
            return self.load();
        };
        let (info, stored) = self.read()?;
        super::after::check_after(Some(n), &stored.entries)?;
        let entries = cut(&stored.entries, Some(n)).to_vec();
        let campaign = fold(&entries)?;
        let loaded = Loaded {
            entries,
            corrections: stored.corrections,
            records: stored.records,
            pending: stored.pending,
            campaign,
        };
        Ok((info, loaded))
    }

    /// The chosen campaign's state now, or after game `after`: for the commands that show
    /// the state and not the log.
    pub(crate) fn campaign_after(
        &self,
        after: Option<u32>,
    ) -> Result<(CampaignInfo, Campaign), CliError> {
        let (info, loaded) = self.load_after(after)?;
        Ok((info, loaded.campaign))
    }

    /// Reads the chosen campaign's log, not folded (for the commands that walk it), on one
    /// snapshot, the file opened for reading only.
    pub fn read(&self) -> Result<(CampaignInfo, StoredLog), CliError> {
        let store = self.open(Access::Read)?;
        Ok(store.read_campaign(self.campaign.as_deref())?)
    }
}

/// Opens the database for writing, or `None` when the file holds no database yet (an empty
/// file, as a command killed before its first write leaves it).
pub(crate) fn open_written(path: &Path) -> Result<Option<Store>, CliError> {
    match Store::open(path, Access::Write, env::busy_timeout()?) {
        Err(StoreError::Empty { .. }) => Ok(None),
        opened => Ok(Some(announced(path, opened?))),
    }
}

/// Opens a database file for `access`; a write says when it upgraded the file.
pub(crate) fn open_store(path: &Path, access: Access) -> Result<Store, CliError> {
    let store = Store::open(path, access, env::busy_timeout()?)?;
    Ok(announced(path, store))
}

/// The store, once it has said that it upgraded the file (if it did).
fn announced(path: &Path, store: Store) -> Store {
    if let Some(from) = store.opening().upgraded_from {
        super::talk::say(&format!(
            "Upgraded {} from schema version {from} to {} (made by an earlier chronicle).",
            path.display(),
            Store::known_version()
        ));
    }
    store
}

/// Runs a write: any error it ends with says that nothing was written.
pub(super) fn writing<T>(write: impl FnOnce() -> Result<T, CliError>) -> Result<T, CliError> {
    write().map_err(CliError::nothing_written)
}

/// Creates the folder a database file goes in.
pub(super) fn create_folder(path: &Path) -> Result<(), CliError> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).map_err(|e| {
            CliError::file(format!(
                "The folder {} cannot be created ({e}). Give another --db path.",
                folder.display()
            ))
        })?;
    }
    Ok(())
}
