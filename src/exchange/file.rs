//! Writing the campaign file (`export --format json`): lossless, the log (with entries taken
//! back) that `import` replays, plus the board, statistics and history for readers.

use schemars::{JsonSchema, Schema};
use serde::Serialize;

use super::{CampaignDoc, FORMAT, LogEntryDoc, TIMESTAMP_PATTERN, VERSION, record_doc};
use crate::report::board::BoardView;
use crate::report::export::CampaignExport;
use crate::report::history::History;
use crate::report::stats::StatsReport;

/// A campaign file (`"format": "chronicle-campaign"`, `"version": 3`).
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CampaignFile<'a> {
    /// Always "chronicle-campaign".
    #[schemars(extend("const" = FORMAT))]
    pub format: String,
    /// The version of this layout (3; import reads 1 and 2 too).
    #[schemars(extend("const" = VERSION))]
    pub version: u32,
    /// The chronicle that wrote it.
    pub chronicle: String,
    /// When, RFC 3339 UTC.
    #[schemars(pattern(TIMESTAMP_PATTERN), extend("format" = "date-time"))]
    pub exported_at: String,
    pub campaign: CampaignDoc,
    /// Every record in the order written (entries added and corrections): what `import`
    /// replays.
    pub log: Vec<LogEntryDoc>,
    /// The board as the log folds it (for readers; `import` works it out again).
    pub board: &'a BoardView,
    pub stats: &'a StatsReport,
    pub history: &'a History,
}

impl CampaignFile<'_> {
    /// The file of a campaign worked out for export; `uid`: the campaign's identity.
    pub fn new<'a>(export: &'a CampaignExport, uid: &str, exported_at: &str) -> CampaignFile<'a> {
        let log = export
            .records
            .iter()
            .zip(export.games_of_records())
            .map(|(r, game)| record_doc(r, game))
            .collect();
        CampaignFile {
            format: FORMAT.to_string(),
            version: VERSION,
            chronicle: env!("CARGO_PKG_VERSION").to_string(),
            exported_at: exported_at.to_string(),
            campaign: CampaignDoc {
                id: Some(uid.to_string()).filter(|uid| !uid.is_empty()),
                name: export.name.clone(),
                created_at: export.created_at.clone(),
                head: export.head.as_ref().map(ToString::to_string),
            },
            log,
            board: &export.board,
            stats: &export.stats,
            history: &export.history,
        }
    }

    /// The file as JSON text.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        let mut text = serde_json::to_string_pretty(self)?;
        text.push('\n');
        Ok(text)
    }
}

/// The JSON Schema of the campaign file, kept in `schema/campaign.schema.json`.
pub fn campaign_schema() -> Schema {
    crate::report::schema::with_id(
        crate::report::schema::schema::<CampaignFile<'static>>(),
        "campaign.schema.json",
    )
}
