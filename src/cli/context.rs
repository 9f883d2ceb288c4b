//! What every command works with: the database path, the campaign chosen, the output
//! format, the clock.

use std::path::PathBuf;

use super::env::{self, Clock};
use super::error::CliError;
use super::output::{Format, Output};
use super::{Cli, ColorChoice};
use crate::store::{CampaignInfo, Create, Store};

pub struct Context {
    /// The database given with --db.
    db_flag: Option<PathBuf>,
    /// The database given with --db, else with CHRONICLE_DB.
    db: Option<PathBuf>,
    pub campaign: Option<String>,
    pub format: Format,
    pub color: ColorChoice,
    pub no_input: bool,
    pub clock: Clock,
}

impl Context {
    pub fn new(cli: &Cli) -> Result<Context, CliError> {
        Ok(Context {
            db_flag: cli.db.clone(),
            db: cli.db.clone().or_else(env::db),
            campaign: cli.campaign.clone().or_else(env::campaign),
            format: cli.format,
            color: cli.color,
            no_input: cli.no_input,
            clock: Clock::from_env()?,
        })
    }

    /// How to print data on stdout.
    pub fn output(&self) -> Output {
        let color = match self.color {
            ColorChoice::Never => false,
            _ if env::no_color() => false,
            ColorChoice::Always | ColorChoice::Auto => true,
        };
        Output::stdout(self.format, color)
    }

    /// The database given with the --db flag itself (not CHRONICLE_DB), if any: the demo
    /// goes there or into its own file, never into the database a shell points at.
    pub fn db_flag(&self) -> Option<&PathBuf> {
        self.db_flag.as_ref()
    }

    /// The database to use: the one given, else the default in the data folder (whose
    /// folder is created when a database is to be created there).
    pub fn db_path(&self, create: Create) -> Result<PathBuf, CliError> {
        match &self.db {
            Some(path) => Ok(path.clone()),
            None => {
                let path = env::default_db()?;
                if create == Create::IfMissing {
                    create_folder(&path)?;
                }
                Ok(path)
            }
        }
    }

    pub fn open(&self, create: Create) -> Result<Store, CliError> {
        let path = self.db_path(create)?;
        Ok(Store::open(&path, create, env::busy_timeout())?)
    }

    /// Opens the database and picks the campaign to work on.
    pub fn open_campaign(&self) -> Result<(Store, CampaignInfo), CliError> {
        let store = self.open(Create::Never)?;
        let campaign = store.choose_campaign(self.campaign.as_deref())?;
        Ok((store, campaign))
    }
}

/// Creates the folder a database file goes in.
pub fn create_folder(path: &std::path::Path) -> Result<(), CliError> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).map_err(|e| {
            CliError::File(format!(
                "The folder {} cannot be created ({e}). Give another --db path.",
                folder.display()
            ))
        })?;
    }
    Ok(())
}

impl Context {
    /// Records one entry in the chosen campaign: `build` makes it from the campaign as it
    /// stands, inside the write transaction. A refusal writes nothing; so does a dry run.
    pub fn record(
        &self,
        dry_run: bool,
        build: impl FnOnce(&crate::domain::Campaign) -> Result<crate::domain::Entry, CliError>,
    ) -> Result<(CampaignInfo, crate::store::Recorded), CliError> {
        let (mut store, campaign) = self.open_campaign()?;
        let recorded = store.record(campaign.id, &self.clock.stamp(), dry_run, build)?;
        Ok((campaign, recorded))
    }

    /// Reads the chosen campaign's log and state.
    pub fn load(&self) -> Result<(CampaignInfo, crate::store::Loaded), CliError> {
        let (store, campaign) = self.open_campaign()?;
        let loaded = store.load(campaign.id)?;
        Ok((campaign, loaded))
    }

    /// Reads the chosen campaign's log, not folded (for the commands that walk it).
    pub fn read(&self) -> Result<(CampaignInfo, crate::store::StoredLog), CliError> {
        let (store, campaign) = self.open_campaign()?;
        let stored = store.read(campaign.id)?;
        Ok((campaign, stored))
    }
}
