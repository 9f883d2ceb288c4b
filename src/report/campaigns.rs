//! `campaign list`: the campaigns kept in one database.

use schemars::JsonSchema;
use serde::Serialize;

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CampaignList {
    pub campaigns: Vec<CampaignRow>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CampaignRow {
    pub name: String,
    pub games_played: u32,
    pub created_at: String,
    pub current: bool,
    pub demo: bool,
}
