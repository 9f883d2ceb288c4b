//! The board: continents, territories with their marks and cards, signatures and pools, as
//! `board --format json` prints it (fields documented in schema/json/board.schema.json).

use schemars::JsonSchema;
use serde::Serialize;

use super::pools::{PoolRow, pool_rows};
use crate::domain::{Campaign, Continent, Territory};

/// The board as `board --format json` prints it (fields documented in schema/).
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardView {
    pub campaign: String,
    pub games_played: u32,
    pub world_name: Option<String>,
    pub continents: Vec<ContinentView>,
    pub territories: Vec<TerritoryView>,
    pub pools: Vec<PoolRow>,
    pub signatures: Vec<SignatureView>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ContinentView {
    pub name: &'static str,
    pub given_name: Option<String>,
    pub named_by: Option<String>,
    pub named_in: Option<u32>,
    pub printed_bonus: u8,
    pub bonus_change: Option<i8>,
    pub bonus_changed_in: Option<u32>,
    pub bonus: i32,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerritoryView {
    pub name: String,
    /// Null for a territory sealed content added to no continent.
    pub continent: Option<&'static str>,
    /// For a territory sealed content added: when, and what its sea lines reach (null for
    /// a printed territory).
    pub added: Option<AddedView>,
    pub city: Option<CityView>,
    pub scar: Option<ScarView>,
    pub fortification: Option<FortificationView>,
    pub card: CardView,
    /// A mark the group defined for sealed content, with the game it was made in.
    pub mark: Option<MarkView>,
    /// The game in which fallout hit it: a fallout mark.
    pub fallout_in: Option<u32>,
    /// Any sticker on it marks it (a city, a standing scar, a group mark, a fallout mark):
    /// not a legal start, except a major city for its founder.
    pub marked: bool,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddedView {
    /// The games played before it was added.
    pub after_game: u32,
    pub neighbours: Vec<String>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkView {
    pub text: String,
    pub game: u32,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CityView {
    pub kind: &'static str,
    pub name: String,
    /// Who founded it; null for the world capital, which sealed content places.
    pub founder: Option<String>,
    pub game: u32,
    pub population: u8,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScarView {
    pub kind: String,
    pub game: u32,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FortificationView {
    pub boxes_left: u8,
    pub game: u32,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardView {
    pub resources: u8,
    pub destroyed: bool,
    pub destroyed_in: Option<u32>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SignatureView {
    pub game: u32,
    pub player: String,
    pub faction: String,
    pub date: String,
}

impl BoardView {
    /// The board of a campaign, for every continent or only one.
    pub fn new(name: &str, campaign: &Campaign, only: Option<Continent>) -> BoardView {
        let shown = |c: Continent| only.is_none_or(|o| o == c);
        let continents = Continent::all()
            .filter(|&c| shown(c))
            .map(|c| {
                let state = campaign.continent(c);
                ContinentView {
                    name: c.name(),
                    given_name: state.given_name.as_ref().map(|g| g.name.to_string()),
                    named_by: state.given_name.as_ref().map(|g| g.by.to_string()),
                    named_in: state.given_name.as_ref().map(|g| g.game),
                    printed_bonus: c.printed_bonus(),
                    bonus_change: state.bonus_change.as_ref().map(|b| b.mark.delta()),
                    bonus_changed_in: state.bonus_change.as_ref().map(|b| b.game),
                    bonus: campaign.bonus(c),
                }
            })
            .collect();
        let territories = campaign
            .territories()
            .filter(|t| only.is_none() || campaign.continent_of(t).is_some_and(shown))
            .map(|t| territory_view(campaign, t))
            .collect();
        let signatures = campaign
            .signatures()
            .iter()
            .map(|s| SignatureView {
                game: s.game,
                player: s.person.to_string(),
                faction: s.faction.to_string(),
                date: s.date.to_string(),
            })
            .collect();
        BoardView {
            campaign: name.to_string(),
            games_played: campaign.games_played(),
            world_name: campaign.world().map(|w| w.name.clone()),
            continents,
            territories,
            pools: pool_rows(campaign),
            signatures,
        }
    }
}

fn territory_view(campaign: &Campaign, territory: Territory) -> TerritoryView {
    let state = campaign.territory(&territory);
    TerritoryView {
        name: territory.name().to_string(),
        continent: campaign.continent_of(&territory).map(Continent::name),
        added: campaign.added(&territory).map(|a| AddedView {
            after_game: a.after_game,
            neighbours: a.neighbours.iter().map(|t| t.name().to_string()).collect(),
        }),
        city: state.city.as_ref().map(|c| CityView {
            kind: c.kind.key(),
            name: c.name.to_string(),
            founder: c.founder.as_deref().map(str::to_string),
            game: c.game,
            population: c.kind.population(),
        }),
        scar: state.scar.as_ref().map(|s| ScarView {
            kind: s.kind.to_string(),
            game: s.game,
        }),
        fortification: state.fortification.as_ref().map(|f| FortificationView {
            boxes_left: f.boxes_left,
            game: f.game,
        }),
        card: CardView {
            resources: state.card.resources(),
            destroyed: state.card.destroyed.is_some(),
            destroyed_in: state.card.destroyed,
        },
        mark: state.mark.as_ref().map(|(text, game)| MarkView {
            text: text.to_string(),
            game: *game,
        }),
        fallout_in: state.fallout,
        marked: state.is_marked(),
    }
}
