//! What each read command does, without the process around it: for `cargo bench`, which
//! times the work itself (open, read the log, fold, render) apart from start-up.

use std::path::Path;

use super::board::BoardView;
use super::error::CliError;
use super::export::Campaign as Everything;
use super::history::history;
use super::output::{Format, Output, render};
use super::stats::report;
use crate::domain::history::Filter;
use crate::store::{Create, Loaded, Store};

/// Opens the database and loads one campaign's log and board, as every read command does.
pub fn load(db: &Path, campaign: &str) -> Result<(String, Loaded), CliError> {
    let store = Store::open(db, Create::Never, crate::store::DEFAULT_BUSY_TIMEOUT)?;
    let info = store.choose_campaign(Some(campaign))?;
    let loaded = store.load(info.id)?;
    Ok((info.name, loaded))
}

fn table() -> Output {
    Output {
        format: Format::Table,
        width: 80,
        color: false,
        wanted: false,
    }
}

/// `board` as a table.
pub fn board(name: &str, loaded: &Loaded) -> Result<String, CliError> {
    render(&BoardView::new(name, &loaded.campaign, None), table())
}

/// `history` as a table.
pub fn history_table(loaded: &Loaded) -> Result<String, CliError> {
    render(&history(loaded, &Filter::default())?, table())
}

/// `stats` as a table.
pub fn stats(name: &str, loaded: &Loaded) -> Result<String, CliError> {
    render(&report(name, loaded), table())
}

/// `export --format json`.
pub fn export_json(db: &Path, campaign: &str) -> Result<String, CliError> {
    let store = Store::open(db, Create::Never, crate::store::DEFAULT_BUSY_TIMEOUT)?;
    let info = store.choose_campaign(Some(campaign))?;
    let stored = store.read(info.id)?;
    super::export::json_file(
        &Everything::new(info, stored, false)?,
        "2026-01-01T00:00:00Z",
    )
}
