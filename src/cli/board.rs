//! `chronicle board [--continent C]`: the world now.

use schemars::JsonSchema;
use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::output::{Report, Table, print};
use super::pool::{PoolRow, pool_rows, pool_table};
use crate::domain::state::FORTIFICATION_BOXES;
use crate::domain::{Campaign, Continent, Territory};

/// The world now: continents, territories with their marks and cards, signatures, pools
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only this continent (printed or given name)
    #[arg(long)]
    pub continent: Option<String>,
}

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
    pub name: &'static str,
    pub continent: &'static str,
    pub city: Option<CityView>,
    pub scar: Option<ScarView>,
    pub fortification: Option<FortificationView>,
    pub card: CardView,
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
        let territories = Territory::all()
            .filter(|t| shown(t.continent()))
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
    let state = campaign.territory(territory);
    TerritoryView {
        name: territory.name(),
        continent: territory.continent().name(),
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
    }
}

impl Report for BoardView {
    fn lines(&self) -> Vec<String> {
        let games = match self.games_played {
            0 => "no game played yet".to_string(),
            1 => "after 1 game".to_string(),
            n => format!("after {n} games"),
        };
        vec![format!("{}, {games}.", self.campaign)]
    }

    fn tables(&self) -> Vec<Table> {
        let mut tables = vec![self.continent_table()];
        for continent in &self.continents {
            let mut table = Table::new(&["Territory", "City", "Scar", "Fort.", "Card"]);
            for t in self
                .territories
                .iter()
                .filter(|t| t.continent == continent.name)
            {
                table.row(territory_row(t));
            }
            let title = match &continent.given_name {
                Some(given) => format!("{} ({})", given, continent.name),
                None => continent.name.to_string(),
            };
            tables.push(table.titled(title));
        }
        if !self.signatures.is_empty() {
            let mut table = Table::new(&["Game", "Date", "Signed by", "Faction"]);
            for s in &self.signatures {
                table.row(vec![
                    s.game.to_string(),
                    s.date.clone(),
                    s.player.clone(),
                    s.faction.clone(),
                ]);
            }
            tables.push(table.titled("Signatures"));
        }
        if self.continents.len() > 1 {
            tables.push(pool_table(&self.pools).titled("Pools"));
        }
        tables
    }
}

impl BoardView {
    fn continent_table(&self) -> Table {
        let mut table = Table::new(&["Continent", "Name", "Named by", "Bonus"]);
        for c in &self.continents {
            let named_by = match (&c.named_by, c.named_in) {
                (Some(by), Some(game)) => format!("{by} (game {game})"),
                _ => String::new(),
            };
            let bonus = match (c.bonus_change, c.bonus_changed_in) {
                (Some(change), Some(game)) => format!("{} ({:+} in game {game})", c.bonus, change),
                _ => c.bonus.to_string(),
            };
            table.row(vec![
                c.name.to_string(),
                c.given_name.clone().unwrap_or_default(),
                named_by,
                bonus,
            ]);
        }
        table
    }
}

fn territory_row(t: &TerritoryView) -> Vec<String> {
    let city = t
        .city
        .as_ref()
        .map(|c| {
            let founder = c
                .founder
                .as_ref()
                .map(|f| format!(", {f}"))
                .unwrap_or_default();
            format!(
                "{} ({}{founder}, game {})",
                c.name,
                c.kind.replace('_', " "),
                c.game
            )
        })
        .unwrap_or_default();
    let scar = t
        .scar
        .as_ref()
        .map(|s| format!("{} (game {})", s.kind, s.game))
        .unwrap_or_default();
    let fortification = t
        .fortification
        .as_ref()
        .map(|f| {
            if f.boxes_left == 0 {
                "worn".to_string()
            } else {
                format!("{}/{FORTIFICATION_BOXES}", f.boxes_left)
            }
        })
        .unwrap_or_default();
    let card = match t.card.destroyed_in {
        Some(game) => format!("X (game {game})"),
        None => t.card.resources.to_string(),
    };
    vec![t.name.to_string(), city, scar, fortification, card]
}

pub fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let (info, loaded) = context.load()?;
    let only = args
        .continent
        .as_deref()
        .map(|c| loaded.campaign.find_continent(c))
        .transpose()?;
    print(
        &BoardView::new(&info.name, &loaded.campaign, only),
        context.output(),
    )
}
