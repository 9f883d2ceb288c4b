//! The documents of a campaign file: the campaign, and each entry as written (names as
//! printed: territories, continents, factions, packets; or as the group typed them), with
//! their conversions from and to the domain's entries.

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::docs_cards::DraftDoc;
use super::{DATE_PATTERN, TIMESTAMP_PATTERN, UUID_PATTERN};
use crate::domain::vocabulary::pool::PoolKind;
use crate::domain::vocabulary::words::day_text;
use crate::domain::{
    AliasOf, Continent, Entry, Faction, Game, HeldOnChoice, Outcome, Packet, Power, ScarPlacement,
    Seat, Territory, Wear,
};

/// The campaign a file holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CampaignDoc {
    /// The campaign's identity (a UUID), the one sync shares: `import` keeps it when no
    /// campaign of the database has it, so an exported campaign comes back as itself
    /// (absent from a file an earlier chronicle wrote).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(pattern(UUID_PATTERN), extend("format" = "uuid"))]
    pub id: Option<String>,
    /// One line of 1 to 60 characters.
    #[schemars(length(min = 1, max = 60))]
    pub name: String,
    /// RFC 3339, UTC.
    #[schemars(pattern(TIMESTAMP_PATTERN), extend("format" = "date-time"))]
    pub created_at: String,
    /// The identity of the record the log ends at, when it is not the last written (a
    /// device with a fork not yet resolved: the records of the other branch wait).
    #[serde(default)]
    #[schemars(pattern(UUID_PATTERN), extend("format" = "uuid"))]
    pub head: Option<String>,
}

/// What the entry records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum EntryDoc {
    /// A faction keeps one of its two starting powers (`a` or `b`).
    Power {
        faction: String,
        #[schemars(extend("enum" = ["a", "b"]))]
        power: String,
    },
    /// First coin stickers, one per territory named (twice for two).
    Coins { territories: Vec<String> },
    /// A pool's capacity corrected (`pool set`).
    PoolCapacity {
        pool: String,
        capacity: u32,
        reason: String,
    },
    /// A game.
    Game(Box<GameDoc>),
    /// A scar type found in a sealed packet.
    AddScarType {
        name: String,
        count: u32,
        effect: Option<String>,
    },
    /// A faction found in a sealed packet.
    AddFaction { faction: String },
    /// A packet opened between games, after game `game`.
    OpenPacket { packet: String, game: u32 },
    /// A mark in one colour of slot of a faction card.
    MarkFactionCard {
        faction: String,
        slot: String,
        text: String,
    },
    /// A scar on a faction card.
    ScarFactionCard { faction: String, text: String },
    /// The world's name, after game 15.
    NameWorld { name: String, by: String },
    /// A house rule switched on or off (`rule set`).
    Rule {
        rule: String,
        on: bool,
        reason: String,
    },
    /// A person retired from the lists of who plays next, or back (`person retire`).
    Retire { person: String, retired: bool },
    /// A territory sealed content added to the map (`territory add`), with the territories
    /// its sea lines reach and its continent, if any.
    AddTerritory {
        territory: String,
        neighbours: Vec<String>,
        continent: Option<String>,
    },
    /// A group's own word for a name (`alias add`): `of` is territory, continent, person or
    /// faction, `name` as printed or as the campaign spells it.
    Alias {
        alias: String,
        of: String,
        name: String,
    },
    /// A photo of a game (`game photo add`).
    Photo(Box<super::docs_photo::PhotoDoc>),
    /// A photo of game `game` removed (`game photo remove`), by its copy's hash.
    RemovePhoto {
        game: u32,
        sha256: String,
        reason: Option<String>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameDoc {
    /// The game's number, from 1.
    #[schemars(range(min = 1))]
    pub game: u32,
    /// YYYY-MM-DD.
    #[schemars(pattern(DATE_PATTERN), extend("format" = "date"))]
    pub date: String,
    /// In seating order, clockwise: 3 to 5 players.
    #[schemars(length(min = 3, max = 5))]
    pub players: Vec<PlayerDoc>,
    pub scars: Vec<ScarDoc>,
    pub wear: Vec<WearDoc>,
    pub reward: Option<RewardDoc>,
    /// Clockwise from the winner.
    pub held_on: Vec<HeldOnDoc>,
    pub opened: Vec<String>,
    /// Changes sealed content made during play (not rewards).
    #[serde(default)]
    pub events: Vec<EventDoc>,
    /// The winner declined the reward (`--no-reward`).
    #[serde(default)]
    pub no_reward: bool,
    /// What the draft gave the seats a group wrote down.
    #[serde(default)]
    pub draft: Vec<DraftDoc>,
    /// Event cards drawn in the game (sealed content).
    #[serde(default)]
    pub event_cards: Vec<super::docs_cards::EventCardDoc>,
    /// The game's missions (sealed content).
    #[serde(default)]
    pub missions: Vec<super::docs_cards::MissionDoc>,
    /// At most 2,000 characters.
    #[schemars(length(max = 2000))]
    pub note: Option<String>,
}

/// A change sealed content made during play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum EventDoc {
    WorldCapital { territory: String, name: String },
    Fortify { territory: String },
    DestroyCard { territory: String },
    Mark { territory: String, text: String },
    Fallout { territory: String },
    DestroyCity { territory: String },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerDoc {
    /// One line of 1 to 60 characters.
    #[schemars(length(min = 1, max = 60))]
    pub person: String,
    pub faction: String,
    /// `won`, `held-on`, `eliminated` or `knocked-out` (knocked out at the end, counted as
    /// eliminated).
    #[schemars(extend("enum" = ["won", "held-on", "eliminated", "knocked-out"]))]
    pub result: String,
    pub hq: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScarDoc {
    pub territory: String,
    pub scar: String,
    /// Who placed it, when the group wrote it down.
    #[serde(default)]
    pub by: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WearDoc {
    pub territory: String,
    pub boxes: u8,
}

/// The winner's reward.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum RewardDoc {
    NameContinent {
        continent: String,
        name: String,
    },
    MajorCity {
        territory: String,
        name: String,
    },
    HealScar {
        territory: String,
    },
    /// `change` is +1 or -1.
    ContinentBonus {
        continent: String,
        change: i8,
    },
    Fortify {
        territory: String,
    },
    DestroyCard {
        territory: String,
    },
}

/// A held-on reward: a minor city (with its name) or a resource on a card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum HeldOnDoc {
    MinorCity {
        person: String,
        territory: String,
        name: String,
    },
    AddResource {
        person: String,
        territory: String,
    },
}

impl EntryDoc {
    /// The document of an entry (`game` is its number, for a game).
    // One arm a kind of entry, with no catch-all: a new entry must say it.
    #[allow(clippy::too_many_lines)]
    pub fn new(entry: &Entry, game: Option<u32>) -> EntryDoc {
        match entry {
            Entry::Power { faction, power } => EntryDoc::Power {
                faction: faction.to_string(),
                power: power.letter().to_string(),
            },
            Entry::Coins { territories } => EntryDoc::Coins {
                territories: territories.iter().map(|t| t.name().to_string()).collect(),
            },
            Entry::PoolCapacity {
                pool,
                capacity,
                reason,
            } => EntryDoc::PoolCapacity {
                pool: pool.key(),
                capacity: *capacity,
                reason: reason.clone(),
            },
            Entry::Game(g) => EntryDoc::Game(Box::new(GameDoc::new(g, game.unwrap_or(0)))),
            Entry::AddScarType {
                name,
                count,
                effect,
            } => EntryDoc::AddScarType {
                name: name.clone(),
                count: *count,
                effect: effect.clone(),
            },
            Entry::AddFaction { faction } => EntryDoc::AddFaction {
                faction: faction.to_string(),
            },
            Entry::OpenPacket { packet, game } => EntryDoc::OpenPacket {
                packet: packet.name().to_string(),
                game: *game,
            },
            Entry::MarkFactionCard {
                faction,
                slot,
                text,
            } => EntryDoc::MarkFactionCard {
                faction: faction.to_string(),
                slot: slot.clone(),
                text: text.clone(),
            },
            Entry::ScarFactionCard { faction, text } => EntryDoc::ScarFactionCard {
                faction: faction.to_string(),
                text: text.clone(),
            },
            Entry::NameWorld { name, by } => EntryDoc::NameWorld {
                name: name.clone(),
                by: by.clone(),
            },
            Entry::Rule { rule, on, reason } => EntryDoc::Rule {
                rule: rule.key().to_string(),
                on: *on,
                reason: reason.clone(),
            },
            Entry::Retire { person, retired } => EntryDoc::Retire {
                person: person.clone(),
                retired: *retired,
            },
            Entry::AddTerritory {
                territory,
                neighbours,
                continent,
            } => EntryDoc::AddTerritory {
                territory: territory.name().to_string(),
                neighbours: neighbours.iter().map(|t| t.name().to_string()).collect(),
                continent: continent.map(|c| c.name().to_string()),
            },
            Entry::Alias { alias, of } => EntryDoc::Alias {
                alias: alias.clone(),
                of: of.kind().to_string(),
                name: of.name(),
            },
            Entry::Photo(p) => EntryDoc::Photo(Box::new(super::docs_photo::PhotoDoc::new(p))),
            Entry::RemovePhoto {
                game,
                sha256,
                reason,
            } => EntryDoc::RemovePhoto {
                game: *game,
                sha256: sha256.clone(),
                reason: reason.clone(),
            },
        }
    }

    /// The entry it records; an error names what cannot be read.
    // One arm a kind of entry, with no catch-all: a new entry must say it.
    #[allow(clippy::too_many_lines)]
    pub fn entry(&self) -> Result<Entry, String> {
        Ok(match self {
            EntryDoc::Power { faction, power } => Entry::Power {
                faction: Faction::new(faction.as_str()),
                power: Power::from_letter(power)
                    .ok_or_else(|| format!("the power is a or b, not {power:?}"))?,
            },
            EntryDoc::Coins { territories } => Entry::Coins {
                territories: territories
                    .iter()
                    .map(|t| territory(t))
                    .collect::<Result<_, _>>()?,
            },
            EntryDoc::PoolCapacity {
                pool,
                capacity,
                reason,
            } => Entry::PoolCapacity {
                pool: PoolKind::from_key(pool)
                    .ok_or_else(|| format!("no pool is called {pool:?}"))?,
                capacity: *capacity,
                reason: reason.clone(),
            },
            EntryDoc::Game(game) => Entry::Game(Box::new(game.game()?)),
            EntryDoc::AddScarType {
                name,
                count,
                effect,
            } => Entry::AddScarType {
                name: name.clone(),
                count: *count,
                effect: effect.clone(),
            },
            EntryDoc::AddFaction { faction } => Entry::AddFaction {
                faction: Faction::new(faction.as_str()),
            },
            EntryDoc::OpenPacket { packet, game } => Entry::OpenPacket {
                packet: Packet::find(packet).map_err(|refusal| refusal.to_string())?,
                game: *game,
            },
            EntryDoc::MarkFactionCard {
                faction,
                slot,
                text,
            } => Entry::MarkFactionCard {
                faction: Faction::new(faction.as_str()),
                slot: slot.clone(),
                text: text.clone(),
            },
            EntryDoc::ScarFactionCard { faction, text } => Entry::ScarFactionCard {
                faction: Faction::new(faction.as_str()),
                text: text.clone(),
            },
            EntryDoc::NameWorld { name, by } => Entry::NameWorld {
                name: name.clone(),
                by: by.clone(),
            },
            EntryDoc::Rule { rule, on, reason } => Entry::Rule {
                rule: crate::domain::vocabulary::house::HouseRule::find(rule)
                    .map_err(|refusal| refusal.to_string())?,
                on: *on,
                reason: reason.clone(),
            },
            EntryDoc::Retire { person, retired } => Entry::Retire {
                person: person.clone(),
                retired: *retired,
            },
            EntryDoc::AddTerritory {
                territory: name,
                neighbours,
                continent: of,
            } => added_territory(name, neighbours, of.as_deref())?,
            EntryDoc::Alias { alias, of, name } => Entry::Alias {
                alias: alias.clone(),
                of: alias_of(of, name)?,
            },
            EntryDoc::Photo(photo) => Entry::Photo(Box::new(photo.photo()?)),
            EntryDoc::RemovePhoto {
                game,
                sha256,
                reason,
            } => Entry::RemovePhoto {
                game: *game,
                sha256: sha256.clone(),
                reason: reason.clone(),
            },
        })
    }
}

fn added_territory(name: &str, neighbours: &[String], of: Option<&str>) -> Result<Entry, String> {
    Ok(Entry::AddTerritory {
        territory: Territory::named(name.trim()),
        neighbours: neighbours
            .iter()
            .map(|n| territory(n))
            .collect::<Result<_, _>>()?,
        continent: of.map(continent).transpose()?,
    })
}

/// A territory by its name in a file: a printed one (as players write it too), or one
/// sealed content added, which the campaign's map must then have.
pub(super) fn territory(name: &str) -> Result<Territory, String> {
    match Territory::find(name) {
        Ok(printed) => Ok(printed),
        Err(_) if !name.trim().is_empty() => Ok(Territory::named(name.trim())),
        Err(refusal) => Err(refusal.to_string()),
    }
}

pub(super) fn continent(name: &str) -> Result<Continent, String> {
    Continent::find_printed(name).ok_or_else(|| format!("no continent is printed as {name:?}"))
}

impl GameDoc {
    fn new(game: &Game, number: u32) -> GameDoc {
        let name = |t: &Territory| t.name().to_string();
        GameDoc {
            game: number,
            date: day_text(game.date),
            players: game
                .seats
                .iter()
                .map(|s| PlayerDoc {
                    person: s.person.clone(),
                    faction: s.faction.to_string(),
                    result: s.result.key().to_string(),
                    hq: s.hq.as_ref().map(name),
                })
                .collect(),
            scars: game
                .scars
                .iter()
                .map(|s| ScarDoc {
                    territory: name(&s.territory),
                    scar: s.scar.clone(),
                    by: s.by.clone(),
                })
                .collect(),
            wear: game
                .wear
                .iter()
                .map(|w| WearDoc {
                    territory: name(&w.territory),
                    boxes: w.boxes,
                })
                .collect(),
            reward: game.reward.as_ref().map(RewardDoc::new),
            held_on: game
                .held_on
                .iter()
                .map(|r| match &r.choice {
                    HeldOnChoice::MinorCity {
                        territory,
                        name: city,
                    } => HeldOnDoc::MinorCity {
                        person: r.person.clone(),
                        territory: name(territory),
                        name: city.clone(),
                    },
                    HeldOnChoice::AddResource { territory } => HeldOnDoc::AddResource {
                        person: r.person.clone(),
                        territory: name(territory),
                    },
                })
                .collect(),
            opened: game.opened.iter().map(|p| p.name().to_string()).collect(),
            events: game.events.iter().map(EventDoc::new).collect(),
            no_reward: game.declined,
            draft: game.draft.iter().map(DraftDoc::new).collect(),
            event_cards: game
                .event_cards
                .iter()
                .map(super::docs_cards::EventCardDoc::new)
                .collect(),
            missions: game
                .missions
                .iter()
                .map(super::docs_cards::MissionDoc::new)
                .collect(),
            note: game.note.clone(),
        }
    }

    fn game(&self) -> Result<Game, String> {
        let date = NaiveDate::parse_from_str(&self.date, "%Y-%m-%d")
            .map_err(|_| format!("the date {:?} is not YYYY-MM-DD", self.date))?;
        let seats = self
            .players
            .iter()
            .map(|p| {
                Ok(Seat {
                    person: p.person.clone(),
                    faction: Faction::new(p.faction.as_str()),
                    // The words `export` writes, as the schema lists them.
                    result: Outcome::from_key(&p.result)
                        .filter(|o| o.key() == p.result)
                        .ok_or_else(|| {
                            format!(
                                "the result {:?} is not won, held-on, eliminated or knocked-out",
                                p.result
                            )
                        })?,
                    hq: p.hq.as_deref().map(territory).transpose()?,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let mut game = Game::new(date, seats);
        game.scars = self
            .scars
            .iter()
            .map(|s| {
                Ok(ScarPlacement {
                    territory: territory(&s.territory)?,
                    scar: s.scar.clone(),
                    by: s.by.clone(),
                })
            })
            .collect::<Result<_, String>>()?;
        game.wear = self
            .wear
            .iter()
            .map(|w| {
                Ok(Wear {
                    territory: territory(&w.territory)?,
                    boxes: w.boxes,
                })
            })
            .collect::<Result<_, String>>()?;
        game.reward = self.reward.as_ref().map(RewardDoc::reward).transpose()?;
        game.declined = self.no_reward;
        game.draft = self.draft.iter().map(DraftDoc::draft).collect();
        game.held_on = self
            .held_on
            .iter()
            .map(HeldOnDoc::reward)
            .collect::<Result<_, _>>()?;
        game.opened = self
            .opened
            .iter()
            .map(|p| Packet::find(p).map_err(|refusal| refusal.to_string()))
            .collect::<Result<_, _>>()?;
        game.events = self
            .events
            .iter()
            .map(EventDoc::event)
            .collect::<Result<_, _>>()?;
        (game.event_cards, game.missions) =
            super::docs_cards::cards(&self.event_cards, &self.missions);
        game.note.clone_from(&self.note);
        Ok(game)
    }
}

/// What an alias stands for, from its kind and name as a file writes them.
fn alias_of(kind: &str, name: &str) -> Result<AliasOf, String> {
    Ok(match kind {
        "territory" => AliasOf::Territory(territory(name)?),
        "continent" => AliasOf::Continent(continent(name)?),
        "person" => AliasOf::Person(name.to_string()),
        "faction" => AliasOf::Faction(Faction::new(name)),
        other => {
            return Err(format!(
                "an alias is of a territory, continent, person or faction, not {other:?}"
            ));
        }
    })
}
