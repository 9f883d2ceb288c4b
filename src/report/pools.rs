//! The reward pools, as `pool` prints them and other reports carry them.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::Campaign;

/// One pool: what it holds, its capacity, how many are used and left.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PoolRow {
    pub kind: String,
    pub capacity: u32,
    pub used: u32,
    pub left: u32,
}

/// Every pool of a campaign, in the order they are listed.
pub(crate) fn pool_rows(campaign: &Campaign) -> Vec<PoolRow> {
    campaign
        .pools()
        .iter()
        .map(|p| PoolRow {
            kind: p.kind.key(),
            capacity: p.capacity,
            used: p.used,
            left: p.left(),
        })
        .collect()
}

/// `pool --format json`.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Pools {
    pub campaign: String,
    pub pools: Vec<PoolRow>,
}

impl Pools {
    pub fn new(name: &str, campaign: &Campaign) -> Pools {
        Pools {
            campaign: name.to_string(),
            pools: pool_rows(campaign),
        }
    }
}
