//! `chronicle setup [--players A,B,C]`: what the next game starts with.

use schemars::JsonSchema;
use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::output::{Report, Table, print};
use super::packets::{PacketView, packet_views};
use super::pool::{PoolRow, pool_rows, pool_table};
use crate::domain::names::valid_person;
use crate::domain::state::CityKind;
use crate::domain::{Campaign, Continent, Refusal, person_key};

/// Before the next game: each person's red star token or missiles, legal starting
/// territories, continent bonuses with namers' +1, stock left, packets close to opening
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The people playing next (comma-separated) [default: everyone who has played]
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
}

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

impl Report for SetupReport {
    fn lines(&self) -> Vec<String> {
        let rewards = if self.rewards {
            ""
        } else {
            " (no rewards after game 15)"
        };
        vec![format!(
            "{}: setup for game {}{rewards}.",
            self.campaign, self.next_game
        )]
    }

    fn tables(&self) -> Vec<Table> {
        let mut people = Table::new(&["Person", "Red star", "Missiles", "Named", "Legal starts"]);
        for p in &self.people {
            let mut starts = format!("{} territories", p.legal_starts.len());
            if !p.own_major_cities.is_empty() {
                starts.push_str(&format!(", incl. {}", p.own_major_cities.join(", ")));
            }
            people.row(vec![
                p.name.clone(),
                p.red_star_tokens.to_string(),
                p.missiles.to_string(),
                p.named_continents.join(", "),
                starts,
            ]);
        }
        let mut continents = Table::new(&["Continent", "Bonus", "Namer +1"]);
        for c in &self.continents {
            let name = match &c.given_name {
                Some(given) => format!("{given} ({})", c.name),
                None => c.name.clone(),
            };
            let bonus = match c.bonus_change {
                Some(change) => format!("{} ({} {change:+})", c.bonus, c.printed_bonus),
                None => c.bonus.to_string(),
            };
            let namer = c
                .named_by
                .as_ref()
                .map(|n| format!("{n} +{}", c.namer_bonus))
                .unwrap_or_default();
            continents.row(vec![name, bonus, namer]);
        }
        let mut packets = Table::new(&["Packet", "Opens when", "Progress"]);
        for p in &self.packets {
            let progress = match (p.status.as_str(), p.game) {
                ("met", Some(game)) => format!("due since game {game}"),
                _ => p
                    .progress
                    .clone()
                    .unwrap_or_else(|| "reported by the group".to_string()),
            };
            packets.row(vec![p.packet.clone(), p.condition.clone(), progress]);
        }
        vec![
            people.titled("People"),
            continents.titled("Continent bonuses"),
            pool_table(&self.stock).titled("Stock left"),
            packets.titled("Packets still sealed"),
        ]
    }
}

fn person(campaign: &Campaign, name: &str) -> PersonSetup {
    let name = campaign.known_person(name).unwrap_or(name).to_string();
    let tokens = campaign.tokens(&name);
    let starts = campaign.legal_starts(&name);
    let own_major_cities = starts
        .iter()
        .filter_map(|&t| {
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

/// The people named with --players: 3 to 5 different people, as at a table.
fn table(players: &[String]) -> Result<Vec<String>, CliError> {
    let names: Vec<String> = players
        .iter()
        .map(|p| valid_person(p))
        .collect::<Result<_, _>>()?;
    if !(3..=5).contains(&names.len()) {
        return Err(CliError::Input(format!(
            "A game has 3 to 5 players (rules §4); --players names {}. Name the people who will play, separated by commas.",
            names.len()
        )));
    }
    for (i, name) in names.iter().enumerate() {
        if names[..i].iter().any(|m| person_key(m) == person_key(name)) {
            return Err(Refusal::SamePersonTwice {
                person: name.clone(),
            }
            .into());
        }
    }
    Ok(names)
}

pub fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let (info, loaded) = context.load()?;
    let campaign = &loaded.campaign;
    let names: Vec<String> = if args.players.is_empty() {
        campaign.people().iter().map(|p| p.to_string()).collect()
    } else {
        table(&args.players)?
    };
    let packets = packet_views(&loaded)?
        .into_iter()
        .filter(|p| p.status != "opened")
        .collect();
    let report = SetupReport {
        campaign: info.name,
        world_name: campaign.world().map(|w| w.name.clone()),
        next_game: campaign.games_played() + 1,
        rewards: campaign.games_played() < crate::domain::state::LAST_REWARDED_GAME,
        people: names.iter().map(|n| person(campaign, n)).collect(),
        continents: Continent::all().map(|c| continent(campaign, c)).collect(),
        stock: pool_rows(campaign),
        packets,
    };
    print(&report, context.output())
}
