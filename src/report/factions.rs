//! `faction list`: the factions with their starting power, card marks and scar.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::board::faction::standard;
use crate::domain::{Campaign, Power};

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Factions {
    pub factions: Vec<FactionView>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FactionView {
    pub name: String,
    /// Whether the group added it from a sealed packet.
    pub added: bool,
    /// The starting power it keeps: "a", "b", or null.
    pub power: Option<&'static str>,
    pub marks: Vec<CardMarkView>,
    pub scar: Option<String>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardMarkView {
    pub slot: String,
    pub text: String,
}

impl Factions {
    pub fn new(campaign: &Campaign) -> Factions {
        let factions = campaign
            .factions()
            .iter()
            .map(|f| {
                let card = campaign.faction_card(f);
                FactionView {
                    name: f.to_string(),
                    added: standard(f).is_none(),
                    power: campaign.power(f).map(Power::letter),
                    marks: card
                        .map(|c| {
                            c.marks
                                .iter()
                                .map(|(slot, text, _)| CardMarkView {
                                    slot: slot.clone(),
                                    text: text.clone(),
                                })
                                .collect()
                        })
                        .unwrap_or_default(),
                    scar: card.and_then(|c| c.scar.as_ref().map(|(text, _)| text.clone())),
                }
            })
            .collect();
        Factions { factions }
    }
}
