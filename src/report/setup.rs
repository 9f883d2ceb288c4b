//! `setup`: what the next game starts with.

use schemars::JsonSchema;
use serde::Serialize;

use super::packets::PacketView;
use super::pools::{PoolRow, pool_rows};
use super::standing::Standing;
use crate::domain::state::CityKind;
use crate::domain::{Campaign, Continent, Entry, LoggedEntry};

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupReport {
    pub campaign: String,
    /// The world's name, once given after game 15.
    pub world_name: Option<String>,
    pub next_game: u32,
    /// Whether the winner and held-on rewards still apply (up to game 15).
    pub rewards: bool,
    pub people: Vec<PersonSetup>,
    pub continents: Vec<ContinentSetup>,
    /// What is left to place.
    pub stock: Vec<PoolRow>,
    /// The packets not opened yet, with how close the ledger sees them.
    pub packets: Vec<PacketView>,
    /// Homelands and the lead faction.
    pub standing: Standing,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PersonSetup {
    pub name: String,
    /// 1 for a person who has never signed the board.
    pub red_star_tokens: u32,
    /// One per signature.
    pub missiles: u32,
    /// The continents they named (+1 troop when they hold one).
    pub named_continents: Vec<String>,
    /// Unmarked territories, plus the major cities they founded.
    pub legal_starts: Vec<String>,
    /// The territories of the map that are not legal starts for them.
    pub other_territories: Vec<String>,
    /// Their own major cities among the legal starts.
    pub own_major_cities: Vec<String>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ContinentSetup {
    pub name: String,
    pub given_name: Option<String>,
    pub printed_bonus: u8,
    pub bonus_change: Option<i8>,
    pub bonus: i32,
    /// Who named it: they get this +1 when holding it.
    pub named_by: Option<String>,
    pub namer_bonus: u8,
}

impl SetupReport {
    /// The setup of the next game of a campaign for the people named.
    pub fn new(
        name: &str,
        campaign: &Campaign,
        log: &[LoggedEntry],
        people: &[String],
    ) -> SetupReport {
        SetupReport {
            campaign: name.to_string(),
            world_name: campaign.world().map(|w| w.name.clone()),
            next_game: campaign.games_played() + 1,
            rewards: campaign.next_game_rewarded(),
            people: people.iter().map(|n| person(campaign, n)).collect(),
            continents: Continent::all().map(|c| continent(campaign, c)).collect(),
            stock: pool_rows(campaign),
            packets: PacketView::all(campaign)
                .into_iter()
                .filter(|p| p.status != "opened")
                .collect(),
            standing: Standing::new(log, campaign),
        }
    }
}

/// The people `setup` shows when none are named: the latest table (those who retired left
/// out), else everyone who plays.
pub fn next_table(campaign: &Campaign, log: &[LoggedEntry]) -> Vec<String> {
    let playing = |person: &String| !campaign.is_retired(person);
    let latest = log
        .iter()
        .rev()
        .filter(|e| e.taken_back.is_none())
        .find_map(|logged| match &*logged.entry {
            Entry::Game(game) => Some(
                game.seats
                    .iter()
                    .map(|s| s.person.clone())
                    .filter(playing)
                    .collect::<Vec<_>>(),
            ),
            _ => None,
        });
    latest.filter(|l| !l.is_empty()).unwrap_or_else(|| {
        campaign
            .people()
            .iter()
            .map(ToString::to_string)
            .filter(playing)
            .collect()
    })
}

fn person(campaign: &Campaign, name: &str) -> PersonSetup {
    let name = campaign.known_person(name).unwrap_or(name).to_string();
    let tokens = campaign.tokens(&name);
    let starts = campaign.legal_starts(&name);
    let own_major_cities = starts
        .iter()
        .filter_map(|t| {
            let city = campaign.territory(t).city.as_ref()?;
            (city.kind == CityKind::Major).then(|| format!("{} ({})", city.name, t.name()))
        })
        .collect();
    PersonSetup {
        red_star_tokens: tokens.red_star,
        missiles: tokens.missiles,
        named_continents: campaign
            .named_by(&name)
            .iter()
            .map(|c| campaign.continent_name(*c).to_string())
            .collect(),
        legal_starts: starts.iter().map(|t| t.name().to_string()).collect(),
        other_territories: campaign
            .territories()
            .filter(|t| !starts.contains(t))
            .map(|t| t.name().to_string())
            .collect(),
        own_major_cities,
        name,
    }
}

fn continent(campaign: &Campaign, continent: Continent) -> ContinentSetup {
    let state = campaign.continent(continent);
    ContinentSetup {
        name: continent.name().to_string(),
        given_name: state.given_name.as_ref().map(|g| g.name.to_string()),
        printed_bonus: continent.printed_bonus(),
        bonus_change: state.bonus_change.as_ref().map(|b| b.mark.delta()),
        bonus: campaign.bonus(continent),
        named_by: state.given_name.as_ref().map(|g| g.by.to_string()),
        namer_bonus: u8::from(state.given_name.is_some()),
    }
}
