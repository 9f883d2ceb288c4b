//! The JSON Schema of every `--format json` output, generated from the types that print
//! it; `schema/json/` holds them, kept in step by a test.

use schemars::generate::SchemaSettings;
use schemars::transform::RecursiveTransform;
use schemars::{JsonSchema, Schema};

use super::board::BoardView;
use super::campaign::CampaignList;
use super::coins::Coins;
use super::game::list::GameList;
use super::game::log::GameLogged;
use super::game::view::GameView;
use super::history::History;
use super::packets::Packets;
use super::pool::Pools;
use super::power::Powers;
use super::setup::SetupReport;
use super::stats::StatsReport;

/// Every field chronicle prints is always there (null when empty): each object schema
/// requires all its properties.
fn require_every_property(schema: &mut Schema) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    let names: Vec<serde_json::Value> = match object.get("properties").and_then(|p| p.as_object()) {
        Some(properties) => properties
            .keys()
            .map(|k| serde_json::Value::String(k.clone()))
            .collect(),
        None => return,
    };
    object.insert("required".to_string(), serde_json::Value::Array(names));
}

fn schema<T: JsonSchema>() -> Schema {
    SchemaSettings::draft2020_12()
        .with_transform(RecursiveTransform(require_every_property))
        .into_generator()
        .into_root_schema_for::<T>()
}

/// The JSON Schema of the campaign file (`export --format json`, read by `import`), kept
/// in `schema/campaign.schema.json`.
pub fn campaign_schema() -> Schema {
    schema::<super::export::CampaignFile<'static>>()
}

/// Each command's JSON output: the file name under `schema/json/` (without
/// `.schema.json`), the command that prints it, and its schema.
pub fn json_schemas() -> Vec<(&'static str, &'static str, Schema)> {
    vec![
        ("board", "board", schema::<BoardView>()),
        ("pool", "pool", schema::<Pools>()),
        ("game-list", "game list", schema::<GameList>()),
        ("game-show", "game show N", schema::<GameView>()),
        ("game-log", "game log", schema::<GameLogged>()),
        ("campaign-list", "campaign list", schema::<CampaignList>()),
        ("power", "power", schema::<Powers>()),
        ("coins", "coins", schema::<Coins>()),
        ("history", "history", schema::<History>()),
        ("stats", "stats", schema::<StatsReport>()),
        ("setup", "setup", schema::<SetupReport>()),
        ("packets", "packets", schema::<Packets>()),
        (
            "scar-types",
            "scar-type list",
            schema::<super::scar_type::ScarTypes>(),
        ),
        (
            "factions",
            "faction list",
            schema::<super::faction::Factions>(),
        ),
        ("world", "world", schema::<super::world::World>()),
        ("check", "check", schema::<super::check::CheckView>()),
    ]
}
