//! The log: what a group records, entry by entry. The campaign state is the fold of these
//! entries through [`Campaign::apply`](crate::domain::state::Campaign::apply).
//!
//! Beside the entries: what may enter the log whatever the way in (`validate`), and the
//! clock a game was dated by (`dated`).

pub mod dated;
pub mod photo;
pub mod validate;

use chrono::NaiveDate;

use crate::domain::board::faction::{Faction, Power};
use crate::domain::board::{Continent, Territory};
pub use crate::domain::vocabulary::kinds::{HeldOnKind, RewardKind};
use crate::domain::vocabulary::packet::Packet;
use crate::domain::vocabulary::pool::{PoolKind, ScarType};

/// One entry of a campaign's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A faction keeps one of its two starting powers (before game 1).
    Power { faction: Faction, power: Power },
    /// Some of the twelve first coin stickers go on territory cards (before game 1); a
    /// territory named twice gets two.
    Coins { territories: Vec<Territory> },
    /// The group corrects a pool's capacity to match its box.
    PoolCapacity {
        pool: PoolKind,
        capacity: u32,
        reason: String,
    },
    /// A finished game (boxed: most entries are far smaller, and a long log holds many).
    Game(Box<Game>),
    /// A scar type the group found in a sealed packet, with its stickers.
    AddScarType {
        name: String,
        count: u32,
        effect: Option<String>,
    },
    /// A faction the group found in a sealed packet, playable from now on.
    AddFaction { faction: Faction },
    /// A packet opened between games, after game `game` (0: before game 1).
    OpenPacket { packet: Packet, game: u32 },
    /// A mark on a faction card, in the slot of one colour.
    MarkFactionCard {
        faction: Faction,
        slot: String,
        text: String,
    },
    /// A scar on a faction card.
    ScarFactionCard { faction: Faction, text: String },
    /// After game 15: the world's name, given by the person with the most signatures (or
    /// the winner of the roll-off among the tied).
    NameWorld { name: String, by: String },
    /// A house rule switched on or off, with the group's reason.
    Rule {
        rule: crate::domain::vocabulary::house::HouseRule,
        on: bool,
        reason: String,
    },
    /// A group's own word for a territory, a continent, a person or a faction.
    Alias { alias: String, of: AliasOf },
    /// A person left out of the lists of who plays next (`retired`), or back in them; a
    /// retired person who plays again is back.
    Retire { person: String, retired: bool },
    /// A territory sealed content adds to the map, with the territories its new sea lines
    /// reach and the continent it belongs to, if any (`territory add`).
    AddTerritory {
        territory: Territory,
        neighbours: Vec<Territory>,
        continent: Option<Continent>,
    },
    /// A photo of a game, its bytes kept apart by their hash (boxed, as a game is).
    Photo(Box<photo::Photo>),
    /// A photo of game `game` removed (the image by its copy's hash), with the group's
    /// reason.
    RemovePhoto {
        game: u32,
        sha256: String,
        reason: Option<String>,
    },
}

/// What an alias stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AliasOf {
    Territory(Territory),
    Continent(Continent),
    Person(String),
    Faction(Faction),
}

impl AliasOf {
    /// The kind, as typed after `--for` and stored: `territory`, `continent`, `person`,
    /// `faction`.
    pub const fn kind(&self) -> &'static str {
        match self {
            AliasOf::Territory(_) => "territory",
            AliasOf::Continent(_) => "continent",
            AliasOf::Person(_) => "person",
            AliasOf::Faction(_) => "faction",
        }
    }

    /// The name it stands for, as printed or as the campaign spells it.
    pub fn name(&self) -> String {
        match self {
            AliasOf::Territory(t) => t.name().to_string(),
            AliasOf::Continent(c) => c.name().to_string(),
            AliasOf::Person(p) => p.clone(),
            AliasOf::Faction(f) => f.to_string(),
        }
    }
}

/// The kinds of entry, for naming and storing them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EntryKind {
    Power,
    Coins,
    PoolCapacity,
    Game,
    AddScarType,
    AddFaction,
    OpenPacket,
    MarkFactionCard,
    ScarFactionCard,
    NameWorld,
    Rule,
    Alias,
    Retire,
    AddTerritory,
    Photo,
    RemovePhoto,
}

impl EntryKind {
    pub const ALL: [EntryKind; 16] = [
        EntryKind::Power,
        EntryKind::Coins,
        EntryKind::PoolCapacity,
        EntryKind::Game,
        EntryKind::AddScarType,
        EntryKind::AddFaction,
        EntryKind::OpenPacket,
        EntryKind::MarkFactionCard,
        EntryKind::ScarFactionCard,
        EntryKind::NameWorld,
        EntryKind::Rule,
        EntryKind::Alias,
        EntryKind::Retire,
        EntryKind::AddTerritory,
        EntryKind::Photo,
        EntryKind::RemovePhoto,
    ];
}

impl Entry {
    pub fn kind(&self) -> EntryKind {
        match self {
            Entry::Power { .. } => EntryKind::Power,
            Entry::Coins { .. } => EntryKind::Coins,
            Entry::PoolCapacity { .. } => EntryKind::PoolCapacity,
            Entry::Game(_) => EntryKind::Game,
            Entry::AddScarType { .. } => EntryKind::AddScarType,
            Entry::AddFaction { .. } => EntryKind::AddFaction,
            Entry::OpenPacket { .. } => EntryKind::OpenPacket,
            Entry::MarkFactionCard { .. } => EntryKind::MarkFactionCard,
            Entry::ScarFactionCard { .. } => EntryKind::ScarFactionCard,
            Entry::NameWorld { .. } => EntryKind::NameWorld,
            Entry::Rule { .. } => EntryKind::Rule,
            Entry::Alias { .. } => EntryKind::Alias,
            Entry::Retire { .. } => EntryKind::Retire,
            Entry::AddTerritory { .. } => EntryKind::AddTerritory,
            Entry::Photo(_) => EntryKind::Photo,
            Entry::RemovePhoto { .. } => EntryKind::RemovePhoto,
        }
    }
}

/// A finished game, as the group records it after the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub date: NaiveDate,
    /// The players in seating order, clockwise.
    pub seats: Vec<Seat>,
    /// Scars placed during play.
    pub scars: Vec<ScarPlacement>,
    /// Boxes ticked on fortifications during play.
    pub wear: Vec<Wear>,
    /// The winner's reward (none after game 15).
    pub reward: Option<Reward>,
    /// The winner declined the reward they were entitled to (`--no-reward`).
    pub declined: bool,
    /// The rewards of players who held on, at most one each.
    pub held_on: Vec<HeldOnReward>,
    /// Sealed packets opened during or right after the game.
    pub opened: Vec<Packet>,
    /// Changes sealed content made during play: not rewards.
    pub events: Vec<PlayEvent>,
    /// What the draft gave each seat, for the seats a group wrote down (optional).
    pub draft: Vec<Draft>,
    /// Event cards drawn in the game (sealed content), in the order given.
    pub event_cards: Vec<EventCard>,
    /// The game's missions (sealed content) and who completed each.
    pub missions: Vec<Mission>,
    pub note: Option<String>,
}

/// An event card drawn in a game: its name, the person it favoured or hit, and what it did
/// in a few words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventCard {
    pub name: String,
    pub person: Option<String>,
    pub text: Option<String>,
}

/// A mission card of a game, and who completed it (if anyone did).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mission {
    pub text: String,
    pub done_by: Option<String>,
}

/// What the draft gave one seat once a group drafts (rules §4.1): any of turn order,
/// placement order, starting troops and starting coins.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Draft {
    pub person: String,
    pub turn: Option<u8>,
    pub placement: Option<u8>,
    pub troops: Option<u8>,
    pub coins: Option<u8>,
}

impl Draft {
    /// The draft's parts that were written down, as `turn:2,placement:1,troops:8,coins:1`.
    pub fn parts(&self) -> String {
        [
            ("turn", self.turn),
            ("placement", self.placement),
            ("troops", self.troops),
            ("coins", self.coins),
        ]
        .into_iter()
        .filter_map(|(key, value)| value.map(|v| format!("{key}:{v}")))
        .collect::<Vec<_>>()
        .join(",")
    }

    /// The draft of a person from its parts as `parts` writes them (keys in any order, any
    /// of them; `turn`, `placement`, `troops`, `coins`). `None` when a part is not of that
    /// form or none is given.
    pub fn from_parts(person: &str, parts: &str) -> Option<Draft> {
        let mut draft = Draft {
            person: person.to_string(),
            ..Draft::default()
        };
        for part in parts.split(',') {
            let (key, value) = part.split_once(':')?;
            let value: u8 = value.trim().parse().ok()?;
            let slot = match key.trim().to_lowercase().as_str() {
                "turn" => &mut draft.turn,
                "placement" | "place" => &mut draft.placement,
                "troops" => &mut draft.troops,
                "coins" => &mut draft.coins,
                _ => return None,
            };
            if slot.replace(value).is_some() {
                return None;
            }
        }
        Some(draft)
    }
}

/// A change made during play by sealed content, apart from the rewards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayEvent {
    /// The world capital (population 5), on a territory with no city.
    WorldCapital { territory: Territory, name: String },
    /// An event fortifies a city, with a mark from the fortification pool.
    Fortify { territory: Territory },
    /// An event destroys a territory card.
    DestroyCard { territory: Territory },
    /// A mark the group defines (one per territory).
    Mark { territory: Territory, text: String },
    /// Fallout hits a territory: its card destroyed, any city there gone, a fallout mark
    /// left (the territory is marked for good).
    Fallout { territory: Territory },
    /// An event destroys the city on a territory (its fortification goes with it).
    DestroyCity { territory: Territory },
}

/// A player at the table: a person playing a faction, with the result and where they
/// started (their HQ).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub person: String,
    pub faction: Faction,
    pub result: Outcome,
    pub hq: Option<Territory>,
}

/// How a faction ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Won,
    HeldOn,
    Eliminated,
    /// Knocked out at the end of the game, without a turn to come back: counted as
    /// eliminated (rules §4.2), recorded as such.
    KnockedOut,
}

impl Outcome {
    pub const ALL: [Outcome; 4] = [
        Outcome::Won,
        Outcome::HeldOn,
        Outcome::Eliminated,
        Outcome::KnockedOut,
    ];

    /// The stored and typed form: `won`, `held-on`, `eliminated`, `knocked-out`.
    pub fn key(self) -> &'static str {
        match self {
            Outcome::Won => "won",
            Outcome::HeldOn => "held-on",
            Outcome::Eliminated => "eliminated",
            Outcome::KnockedOut => "knocked-out",
        }
    }

    /// Whether it counts as eliminated: eliminated, or knocked out at the end (rules §4.2).
    pub fn is_eliminated(self) -> bool {
        matches!(self, Outcome::Eliminated | Outcome::KnockedOut)
    }

    pub fn from_key(key: &str) -> Option<Outcome> {
        // The stored keys themselves, without making a lowered copy.
        match key {
            "won" => return Some(Outcome::Won),
            "held-on" => return Some(Outcome::HeldOn),
            "eliminated" => return Some(Outcome::Eliminated),
            "knocked-out" => return Some(Outcome::KnockedOut),
            _ => {}
        }
        match key.trim().to_lowercase().replace(['_', ' '], "-").as_str() {
            "won" | "win" | "winner" => Some(Outcome::Won),
            "held-on" | "heldon" | "held" => Some(Outcome::HeldOn),
            "eliminated" | "out" => Some(Outcome::Eliminated),
            "knocked-out" | "knockedout" | "knocked" => Some(Outcome::KnockedOut),
            _ => None,
        }
    }

    /// In words: "won", "held on", "was eliminated", "was knocked out at the end".
    pub fn words(self) -> &'static str {
        match self {
            Outcome::Won => "won",
            Outcome::HeldOn => "held on",
            Outcome::Eliminated => "was eliminated",
            Outcome::KnockedOut => "was knocked out at the end",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScarPlacement {
    pub territory: Territory,
    pub scar: ScarType,
    /// The player who placed it, when the group wrote it down.
    pub by: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wear {
    pub territory: Territory,
    pub boxes: u8,
}

/// A change to a continent's bonus: the "+1" or the "−1" mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BonusMark {
    Plus,
    Minus,
}

impl BonusMark {
    pub fn delta(self) -> i8 {
        match self {
            BonusMark::Plus => 1,
            BonusMark::Minus => -1,
        }
    }

    pub(crate) fn from_delta(delta: i64) -> Option<BonusMark> {
        match delta {
            1 => Some(BonusMark::Plus),
            -1 => Some(BonusMark::Minus),
            _ => None,
        }
    }

    pub fn pool(self) -> PoolKind {
        match self {
            BonusMark::Plus => PoolKind::BonusPlus,
            BonusMark::Minus => PoolKind::BonusMinus,
        }
    }

    /// "+1" or "-1".
    pub fn sign(self) -> &'static str {
        match self {
            BonusMark::Plus => "+1",
            BonusMark::Minus => "-1",
        }
    }
}

/// The winner's reward: exactly one a game, up to game 15.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reward {
    NameContinent {
        continent: Continent,
        name: String,
    },
    MajorCity {
        territory: Territory,
        name: String,
    },
    HealScar {
        territory: Territory,
    },
    ContinentBonus {
        continent: Continent,
        mark: BonusMark,
    },
    Fortify {
        territory: Territory,
    },
    DestroyCard {
        territory: Territory,
    },
}

impl Reward {
    pub fn kind(&self) -> RewardKind {
        match self {
            Reward::NameContinent { .. } => RewardKind::NameContinent,
            Reward::MajorCity { .. } => RewardKind::MajorCity,
            Reward::HealScar { .. } => RewardKind::HealScar,
            Reward::ContinentBonus { .. } => RewardKind::ContinentBonus,
            Reward::Fortify { .. } => RewardKind::Fortify,
            Reward::DestroyCard { .. } => RewardKind::DestroyCard,
        }
    }
}

/// The reward of a player who held on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldOnReward {
    pub person: String,
    pub choice: HeldOnChoice,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeldOnChoice {
    MinorCity {
        territory: Territory,
        name: String,
    },
    /// A coin sticker on the card of a territory the player controlled.
    AddResource {
        territory: Territory,
    },
}

impl HeldOnChoice {
    pub fn kind(&self) -> HeldOnKind {
        match self {
            HeldOnChoice::MinorCity { .. } => HeldOnKind::MinorCity,
            HeldOnChoice::AddResource { .. } => HeldOnKind::AddResource,
        }
    }

    pub fn pool(&self) -> PoolKind {
        self.kind().pool()
    }
}

impl Game {
    /// The seat of the winner, if exactly one seat won.
    pub fn winner(&self) -> Option<&Seat> {
        let mut winners = self.seats.iter().filter(|s| s.result == Outcome::Won);
        match (winners.next(), winners.next()) {
            (Some(winner), None) => Some(winner),
            _ => None,
        }
    }

    /// The seats of the players after the winner, clockwise: the order in which held-on
    /// rewards are given (rules §4.5). Empty when the game has no single winner.
    pub(crate) fn clockwise_from_winner(&self) -> impl Iterator<Item = &Seat> {
        let n = self.seats.len();
        let winner = self.seats.iter().position(|s| s.result == Outcome::Won);
        (1..n)
            .filter(move |_| winner.is_some())
            .map(move |offset| &self.seats[(winner.unwrap_or(0) + offset) % n])
    }

    /// A game with the given players and nothing else, for building one step by step.
    pub fn new(date: NaiveDate, seats: Vec<Seat>) -> Game {
        Game {
            date,
            seats,
            scars: Vec::new(),
            wear: Vec::new(),
            reward: None,
            declined: false,
            held_on: Vec::new(),
            opened: Vec::new(),
            events: Vec::new(),
            draft: Vec::new(),
            event_cards: Vec::new(),
            missions: Vec::new(),
            note: None,
        }
    }
}
