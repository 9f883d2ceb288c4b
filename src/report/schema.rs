//! The JSON Schema of every `--format json` output, generated from the types that print
//! it; `schema/json/` holds them, kept in step by a test.

use schemars::generate::SchemaSettings;
use schemars::transform::RecursiveTransform;
use schemars::{JsonSchema, Schema};

use super::aliases::Aliases;
use super::board::BoardView;
use super::campaigns::CampaignList;
use super::check::CheckView;
use super::coins::Coins;
use super::correcting::Correcting;
use super::corrections::Corrections;
use super::factions::Factions;
use super::game::{GameList, GameLogged, GameView};
use super::history::History;
use super::packets::Packets;
use super::pools::Pools;
use super::powers::Powers;
use super::resolving::Resolving;
use super::rules::HouseRules;
use super::scar_types::ScarTypes;
use super::setup::SetupReport;
use super::stats::StatsReport;
use super::sync::SyncReports;
use super::world::World;

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

/// The formats JSON Schema 2020-12 defines (section 7.3 of its validation vocabulary);
/// a strict validator (ajv) refuses any other.
pub const STANDARD_FORMATS: &[&str] = &[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

/// The bounds of the integer formats schemars names after Rust's types.
fn integer_bounds(format: &str) -> Option<(serde_json::Number, Option<serde_json::Number>)> {
    let bounds = |low: i64, high: u64| Some((low.into(), Some(high.into())));
    match format {
        "int8" => bounds(i8::MIN.into(), i8::MAX.unsigned_abs().into()),
        "uint8" => bounds(0, u8::MAX.into()),
        "int16" => bounds(i16::MIN.into(), i16::MAX.unsigned_abs().into()),
        "uint16" => bounds(0, u16::MAX.into()),
        "int32" => bounds(i32::MIN.into(), i32::MAX.unsigned_abs().into()),
        "uint32" => bounds(0, u32::MAX.into()),
        "int64" => bounds(i64::MIN, i64::MAX.unsigned_abs()),
        "uint64" => bounds(0, u64::MAX),
        // usize: its maximum depends on the machine that prints it.
        "uint" => Some((0.into(), None)),
        _ => None,
    }
}

/// Only standard formats: schemars's `uint32`, `int8`, `double`... are not JSON Schema
/// (ajv's strict mode refuses them), so each integer one becomes `minimum` and `maximum`
/// bounds and the rest are dropped.
fn standard_formats_only(schema: &mut Schema) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    let format = match object.get("format") {
        Some(serde_json::Value::String(format)) if !STANDARD_FORMATS.contains(&format.as_str()) => {
            format.clone()
        }
        _ => return,
    };
    object.remove("format");
    if let Some((low, high)) = integer_bounds(&format) {
        object
            .entry("minimum")
            .or_insert(serde_json::Value::Number(low));
        if let Some(high) = high {
            object
                .entry("maximum")
                .or_insert(serde_json::Value::Number(high));
        }
    }
}

/// The schema of a type, every property required, only standard formats.
pub fn schema<T: JsonSchema>() -> Schema {
    SchemaSettings::draft2020_12()
        .with_transform(RecursiveTransform(require_every_property))
        .with_transform(RecursiveTransform(standard_formats_only))
        .into_generator()
        .into_root_schema_for::<T>()
}

/// Where the schemas' `$id`s point: chronicle publishes no schema on a server, so each
/// `$id` is a name, not an address, ending in the schema's file under `schema/` (a URN
/// never resolves to anything a validator would fetch).
pub const ID_BASE: &str = "urn:chronicle:schema/";

/// The schema with its `$id` (`ID_BASE` and `file`, the schema's path under `schema/`),
/// right after its `$schema`.
pub fn with_id(schema: Schema, file: &str) -> Schema {
    let fields = match schema.to_value() {
        serde_json::Value::Object(fields) => fields,
        // A schema of `true` or `false` has no room for an `$id`.
        other => return Schema::try_from(other).unwrap_or_default(),
    };
    let mut with = serde_json::Map::with_capacity(fields.len() + 1);
    let id = serde_json::Value::String(format!("{ID_BASE}{file}"));
    for (key, value) in fields {
        let schema_keyword = key == "$schema";
        if key != "$id" {
            with.insert(key, value);
        }
        if schema_keyword {
            with.insert("$id".to_string(), id.clone());
        }
    }
    with.entry("$id").or_insert(id);
    Schema::from(with)
}

/// Each command's JSON output: the file name under `schema/json/` (without
/// `.schema.json`), the command that prints it, and its schema (with its `$id`).
pub fn json_schemas() -> Vec<(&'static str, &'static str, Schema)> {
    outputs()
        .into_iter()
        .map(|(name, command, schema)| {
            let schema = with_id(schema, &format!("json/{name}.schema.json"));
            (name, command, schema)
        })
        .collect()
}

fn outputs() -> Vec<(&'static str, &'static str, Schema)> {
    vec![
        ("board", "board", schema::<BoardView>()),
        ("recap", "recap", schema::<super::recap::Recap>()),
        (
            "board-with",
            "board --with KIND",
            schema::<super::marked::MarkedTerritories>(),
        ),
        ("pool", "pool", schema::<Pools>()),
        ("rule-list", "rule list", schema::<HouseRules>()),
        ("alias-list", "alias list", schema::<Aliases>()),
        ("game-list", "game list", schema::<GameList>()),
        ("game-show", "game show N", schema::<GameView>()),
        (
            "photo-list",
            "game photo list",
            schema::<super::photos::PhotoList>(),
        ),
        ("game-log", "game log", schema::<GameLogged>()),
        ("campaign-list", "campaign list", schema::<CampaignList>()),
        ("power", "power", schema::<Powers>()),
        ("coins", "coins", schema::<Coins>()),
        ("history", "history", schema::<History>()),
        (
            "corrections",
            "history --corrections",
            schema::<Corrections>(),
        ),
        (
            "game-edit",
            "game edit N, game insert --before N",
            schema::<Correcting>(),
        ),
        ("stats", "stats", schema::<StatsReport>()),
        (
            "sync",
            "sync, sync status, sync resolve",
            schema::<SyncReports>(),
        ),
        (
            "sync-resolve",
            "sync resolve DIR (no choice: what each sets aside)",
            schema::<Resolving>(),
        ),
        ("setup", "setup", schema::<SetupReport>()),
        ("packets", "packets", schema::<Packets>()),
        ("scar-types", "scar-type list", schema::<ScarTypes>()),
        ("factions", "faction list", schema::<Factions>()),
        ("world", "world", schema::<World>()),
        ("check", "check", schema::<CheckView>()),
    ]
}
