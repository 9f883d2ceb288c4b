//! `export --format json`: the campaign file, lossless: the log (with entries taken back)
//! that `import` replays, plus the board, statistics and history for readers.

use schemars::JsonSchema;
use serde::Serialize;

use super::Campaign;
use crate::cli::board::BoardView;
use crate::cli::error::CliError;
use crate::cli::history::History;
use crate::cli::stats::StatsReport;
use crate::exchange::{CampaignDoc, FORMAT, LogEntryDoc, TakenBackDoc, VERSION, log_entry};

/// A campaign file (`"format": "chronicle-campaign"`, `"version": 1`).
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CampaignFile<'a> {
    /// Always "chronicle-campaign".
    pub format: String,
    /// The version of this layout (1).
    pub version: u32,
    /// The chronicle that wrote it.
    pub chronicle: String,
    /// When, RFC 3339 UTC.
    pub exported_at: String,
    pub campaign: CampaignDoc,
    /// Every entry in order, those taken back included: what `import` replays.
    pub log: Vec<LogEntryDoc>,
    /// The board as the log folds it (for readers; `import` works it out again).
    pub board: &'a BoardView,
    pub stats: &'a StatsReport,
    pub history: &'a History,
}

pub fn file(campaign: &Campaign, exported_at: &str) -> Result<String, CliError> {
    let loaded = &campaign.loaded;
    let mut entries: Vec<_> = loaded.log.iter().chain(&loaded.taken_back).collect();
    entries.sort_by_key(|e| e.seq);
    let log = entries
        .into_iter()
        .map(|e| {
            let back = e.taken_back.as_ref().map(|b| TakenBackDoc {
                at: b.at.clone(),
                reason: b.reason.clone(),
            });
            log_entry(e.seq, &e.recorded_at, back, e.game, &e.entry)
        })
        .collect();
    let file = CampaignFile {
        format: FORMAT.to_string(),
        version: VERSION,
        chronicle: env!("CARGO_PKG_VERSION").to_string(),
        exported_at: exported_at.to_string(),
        campaign: CampaignDoc {
            name: campaign.info.name.clone(),
            created_at: campaign.info.created_at.clone(),
        },
        log,
        board: &campaign.board,
        stats: &campaign.stats,
        history: &campaign.history,
    };
    let mut text =
        serde_json::to_string_pretty(&file).map_err(|e| CliError::File(e.to_string()))?;
    text.push('\n');
    Ok(text)
}
