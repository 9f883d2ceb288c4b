//! `check`: what the checks of the database found.

use schemars::JsonSchema;
use serde::Serialize;

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckView {
    pub database: String,
    pub ok: bool,
    pub problems: Vec<String>,
    pub campaigns: Vec<CheckedCampaign>,
    /// Entries of every log read back.
    pub entries: usize,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckedCampaign {
    pub name: String,
    pub games: u32,
}
