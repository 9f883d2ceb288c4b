//! `board --with KIND…`: the territories carrying a kind of mark (a scar, a city, a
//! fortification, fallout, a destroyed card, a group mark), in one list across continents,
//! each with what stands there and since which game.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::{Campaign, Continent, Territory};

/// A kind of mark a territory can carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    Scar,
    City,
    Fortification,
    Fallout,
    Destroyed,
    Mark,
}

impl MarkKind {
    pub const ALL: [MarkKind; 6] = [
        MarkKind::Scar,
        MarkKind::City,
        MarkKind::Fortification,
        MarkKind::Fallout,
        MarkKind::Destroyed,
        MarkKind::Mark,
    ];

    /// The word `--with` takes and the JSON writes.
    pub const fn key(self) -> &'static str {
        match self {
            MarkKind::Scar => "scar",
            MarkKind::City => "city",
            MarkKind::Fortification => "fortification",
            MarkKind::Fallout => "fallout",
            MarkKind::Destroyed => "destroyed",
            MarkKind::Mark => "mark",
        }
    }

    /// The kind by its word (any case, a plural too).
    pub fn find(given: &str) -> Option<MarkKind> {
        let given = given.trim().to_lowercase();
        let given = given.strip_suffix('s').unwrap_or(&given);
        let given = if given == "citie" { "city" } else { given };
        MarkKind::ALL.into_iter().find(|k| k.key() == given)
    }
}

/// `board --with KIND --format json`.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkedTerritories {
    pub campaign: String,
    pub games_played: u32,
    /// The kinds asked for: scar, city, fortification, fallout, destroyed, mark.
    pub with: Vec<&'static str>,
    /// One row per territory and kind it carries, in board order (added territories last).
    pub territories: Vec<MarkedTerritory>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkedTerritory {
    pub territory: String,
    /// The continent's printed name; null for an added territory of no continent.
    pub continent: Option<&'static str>,
    pub kind: &'static str,
    /// What stands there, in words: "Bunker scar", "major city Kyro (Ann)", …
    pub what: String,
    /// The game it was made in.
    pub game: u32,
}

impl MarkedTerritories {
    /// The territories of `campaign` carrying any of `kinds`, in one continent or all.
    pub fn new(
        name: &str,
        campaign: &Campaign,
        kinds: &[MarkKind],
        only: Option<Continent>,
    ) -> MarkedTerritories {
        let territories = campaign
            .territories()
            .filter(|t| only.is_none() || campaign.continent_of(t) == only)
            .flat_map(|t| {
                kinds
                    .iter()
                    .filter_map(|&kind| carried(campaign, &t, kind))
                    .collect::<Vec<_>>()
            })
            .collect();
        MarkedTerritories {
            campaign: name.to_string(),
            games_played: campaign.games_played(),
            with: kinds.iter().map(|k| k.key()).collect(),
            territories,
        }
    }
}

/// A fortification mark with all its boxes ticked: it stays on the board, and the city is no
/// longer fortified (rules §3).
const WORN: &str = "fortification worn out, every box ticked";

/// The mark of `kind` a territory carries, if it does.
fn carried(campaign: &Campaign, territory: &Territory, kind: MarkKind) -> Option<MarkedTerritory> {
    let state = campaign.territory(territory);
    let (what, game) = match kind {
        MarkKind::Scar => state
            .scar
            .as_ref()
            .map(|s| (format!("{} scar", s.kind), s.game))?,
        MarkKind::City => state.city.as_ref().map(|c| {
            let founder = c
                .founder
                .as_deref()
                .map(|f| format!(" ({f})"))
                .unwrap_or_default();
            (format!("{} {}{founder}", c.kind.words(), c.name), c.game)
        })?,
        MarkKind::Fortification => match state.fortified() {
            Some(f) => {
                let boxes = if f.boxes_left == 1 { "box" } else { "boxes" };
                (format!("fortified, {} {boxes} left", f.boxes_left), f.game)
            }
            None => state
                .fortification
                .as_ref()
                .map(|f| (WORN.to_string(), f.game))?,
        },
        MarkKind::Fallout => state.fallout.map(|g| ("fallout".to_string(), g))?,
        MarkKind::Destroyed => state
            .card
            .destroyed
            .map(|g| ("card destroyed".to_string(), g))?,
        MarkKind::Mark => state
            .mark
            .as_ref()
            .map(|(text, g)| (format!("mark \"{text}\""), *g))?,
    };
    Some(MarkedTerritory {
        territory: territory.name().to_string(),
        continent: campaign.continent_of(territory).map(Continent::name),
        kind: kind.key(),
        what,
        game,
    })
}
