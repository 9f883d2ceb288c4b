//! `world`: the world's name after game 15, and who may give it.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::Campaign;

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct World {
    pub campaign: String,
    pub games_played: u32,
    /// The world's name, once given.
    pub world_name: Option<String>,
    pub named_by: Option<String>,
    /// The people with the most signatures: one names the world; several roll off.
    pub candidates: Vec<Candidate>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Candidate {
    pub person: String,
    pub signatures: usize,
    /// On a tie: +1 to the roll-off die per continent the person named.
    pub roll_off_bonus: usize,
}

impl World {
    pub fn new(name: &str, campaign: &Campaign) -> World {
        let (leaders, most) = campaign.most_signed();
        World {
            campaign: name.to_string(),
            games_played: campaign.games_played(),
            world_name: campaign.world().map(|w| w.name.clone()),
            named_by: campaign.world().map(|w| w.by.clone()),
            candidates: leaders
                .into_iter()
                .filter(|_| most > 0)
                .map(|person| Candidate {
                    roll_off_bonus: campaign.named_by(&person).len(),
                    signatures: most,
                    person,
                })
                .collect(),
        }
    }
}
