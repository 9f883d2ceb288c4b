//! `check`: what the checks of the database found.

use schemars::JsonSchema;
use serde::Serialize;

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CheckView {
    pub database: String,
    pub ok: bool,
    pub problems: Vec<String>,
    /// What an earlier chronicle stored that this one would refuse and that does not keep a
    /// campaign from being read (it is printed escaped).
    pub warnings: Vec<String>,
    pub campaigns: Vec<CheckedCampaign>,
    /// Entries of every log read back.
    pub entries: usize,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CheckedCampaign {
    pub name: String,
    pub games: u32,
}
