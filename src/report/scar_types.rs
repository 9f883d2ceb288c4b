//! `scar-type list`: the scar types of a campaign, printed and added, with their stickers.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::Campaign;
use crate::domain::vocabulary::pool::PoolKind;

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ScarTypes {
    pub scar_types: Vec<ScarTypeView>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ScarTypeView {
    pub name: String,
    /// Whether it came from a sealed packet (added by the group).
    pub added: bool,
    pub effect: Option<String>,
    pub stickers: u32,
    pub used: u32,
    pub left: u32,
}

impl ScarTypes {
    pub(crate) fn new(campaign: &Campaign) -> ScarTypes {
        let scar_types = campaign
            .scar_types()
            .filter_map(|name| {
                let pool = campaign.pool(&PoolKind::Scar(name.clone()))?;
                Some(ScarTypeView {
                    name: name.clone(),
                    added: crate::domain::vocabulary::pool::STANDARD_SCARS
                        .iter()
                        .all(|(s, _)| s != name),
                    effect: campaign.scar_effect(name).map(str::to_string),
                    stickers: pool.capacity,
                    used: pool.used,
                    left: pool.left(),
                })
            })
            .collect();
        ScarTypes { scar_types }
    }
}
