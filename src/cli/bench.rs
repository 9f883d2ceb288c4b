//! What each read command does, without the process around it: for `cargo bench`, which
//! times the work itself (open, read the log, fold, render) apart from start-up.

use std::path::Path;

use super::error::CliError;
use crate::domain::history::Filter;
use crate::exchange::CampaignFile;
use crate::render::{TableStyle, table};
use crate::report::board::BoardView;
use crate::report::export::CampaignExport;
use crate::report::history::history;
use crate::report::stats::StatsReport;
use crate::store::{Access, Loaded, Store};

/// Opens the database and loads one campaign's log and board, as every read command does.
pub fn load(db: &Path, campaign: &str) -> Result<(String, Loaded), CliError> {
    let store = Store::open(db, Access::Read, crate::store::DEFAULT_BUSY_TIMEOUT)?;
    let (info, loaded) = store.load_campaign(Some(campaign))?;
    Ok((info.name, loaded))
}

const STYLE: TableStyle = TableStyle {
    width: 80,
    bold_titles: false,
};

/// `board` as a table.
pub fn board(name: &str, loaded: &Loaded) -> String {
    table::text(&BoardView::new(name, &loaded.campaign, None), STYLE)
}

/// `history` as a table.
pub fn history_table(loaded: &Loaded) -> Result<String, CliError> {
    let history = history(&loaded.entries, &Filter::default())?;
    Ok(table::text(&history, STYLE))
}

/// `stats` as a table.
pub fn stats(name: &str, loaded: &Loaded) -> String {
    table::text(
        &StatsReport::new(name, &loaded.entries, &loaded.campaign),
        STYLE,
    )
}

/// `export --format json`.
pub fn export_json(db: &Path, campaign: &str) -> Result<String, CliError> {
    let store = Store::open(db, Access::Read, crate::store::DEFAULT_BUSY_TIMEOUT)?;
    let (info, stored) = store.read_campaign(Some(campaign))?;
    let export = CampaignExport::new(
        &info.name,
        &info.created_at,
        super::export::exported_log(stored),
        false,
        None,
    )?;
    CampaignFile::new(&export, "2026-01-01T00:00:00Z")
        .to_json()
        .map_err(|e| CliError::bug(e.to_string()))
}

/// One `sync DIR --device DEVICE` of the database `db`, without printing (for `cargo
/// bench`): the shared folder read, the log merged, the device's file written.
pub fn sync(db: &Path, dir: &Path, device: &str) -> Result<usize, CliError> {
    let context = super::Context::new(
        Some(db.to_path_buf()),
        None,
        super::Format::Json,
        super::Terminal::plain(),
    )?;
    let done = super::sync::once::sync(&context, dir, Some(device))?;
    Ok(done.reports.iter().map(|r| r.received.len()).sum())
}
