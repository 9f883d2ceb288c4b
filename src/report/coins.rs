//! `coins`: the first coin stickers placed before game 1.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::Campaign;
use crate::domain::state::FIRST_COINS;

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Coins {
    pub placed: u32,
    pub of: u32,
    pub cards: Vec<CoinCard>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CoinCard {
    pub territory: String,
    pub coins: u8,
    pub resources: u8,
}

impl Coins {
    pub fn new(campaign: &Campaign) -> Coins {
        let cards = campaign
            .territories()
            .filter_map(|t| {
                let card = &campaign.territory(&t).card;
                (card.stickers > 0).then_some(CoinCard {
                    territory: t.name().to_string(),
                    coins: card.stickers,
                    resources: card.resources(),
                })
            })
            .collect();
        Coins {
            placed: campaign.first_coins(),
            of: FIRST_COINS,
            cards,
        }
    }
}
