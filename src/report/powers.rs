//! `power`: each faction with its two starting powers and the one it keeps.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::board::faction::standard;
use crate::domain::{Campaign, Power};

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Powers {
    pub campaign: String,
    pub factions: Vec<FactionPowers>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct FactionPowers {
    pub faction: String,
    pub power_a: Option<&'static str>,
    pub power_b: Option<&'static str>,
    pub kept: Option<&'static str>,
}

impl Powers {
    pub(crate) fn new(name: &str, campaign: &Campaign) -> Powers {
        let factions = campaign
            .factions()
            .iter()
            .map(|f| {
                let printed = standard(f);
                FactionPowers {
                    faction: f.to_string(),
                    power_a: printed.map(|p| p.power_a),
                    power_b: printed.map(|p| p.power_b),
                    kept: campaign.power(f).map(Power::letter),
                }
            })
            .collect();
        Powers {
            campaign: name.to_string(),
            factions,
        }
    }
}
