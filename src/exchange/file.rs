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

/// The JSON Schema of the campaign file, kept in `schema/campaign.schema.json`: what
/// `import` reads, the parts it works out again and those of an earlier version left out
/// as it leaves them (see [`as_import_reads`]).
pub fn campaign_schema() -> Schema {
    let mut schema = crate::report::schema::schema::<CampaignFile<'static>>();
    as_import_reads(&mut schema);
    crate::report::schema::with_id(schema, "campaign.schema.json")
}

/// The parts a file may leave out, as `import` reads it: the sections for readers (the
/// board, statistics and history, worked out again from the log), who wrote it and when,
/// the campaign's identity and head, a record's rule set and who logged it (absent from an
/// earlier chronicle's file); and the versions read in this layout (2 and 3; version 1 is
/// of another). A file the rules refuse (a game they do not allow, a game numbered other
/// than its place, a board section the log does not give) is refused by `import` alone.
fn as_import_reads(schema: &mut Schema) {
    let optional = |schema: &mut serde_json::Value, names: &[&str]| {
        if let Some(required) = schema
            .get_mut("required")
            .and_then(serde_json::Value::as_array_mut)
        {
            required.retain(|name| !names.iter().any(|n| name == n));
        }
    };
    let Some(root) = schema.as_object_mut() else {
        return;
    };
    let mut value = serde_json::Value::Object(std::mem::take(root));
    optional(
        &mut value,
        &["board", "stats", "history", "chronicle", "exported_at"],
    );
    value["properties"]["version"] = serde_json::json!({
        "description": "The version of this layout: 3, or 2 (records without their rule set).",
        "type": "integer",
        "minimum": 2,
        "maximum": VERSION,
    });
    value["description"] = serde_json::Value::String(
        "A chronicle campaign file (`export --format json`). Its form is stated here; whether \
         its log keeps to the rules (a game they allow, each game numbered by its place, a \
         board section the log gives) is for `import`, which replays it."
            .to_string(),
    );
    optional(&mut value["$defs"]["CampaignDoc"], &["id", "head"]);
    optional(&mut value["$defs"]["LogEntryDoc"], &["rules", "logged_by"]);
    // A record adds an entry or corrects one: one of the two is null, not both.
    let null = |field: &str| serde_json::json!({"type": "object", "properties": {field: {"type": "null"}}});
    value["$defs"]["LogEntryDoc"]["oneOf"] =
        serde_json::Value::Array(vec![null("entry"), null("correction")]);
    if let serde_json::Value::Object(fields) = value {
        *root = fields;
    }
}
