//! The campaign as it stands: the fold of its log. Read-only from outside the domain; the
//! only way to change it is [`Campaign::apply`].
//!
//! Beside the campaign: what is worked out from it and never stored (`standing`: the
//! homelands, the lead faction, where each packet stands) and finding what a person
//! typed among what it knows (`lookup`).

pub mod listed;
pub(super) mod lookup;
pub mod standing;

use std::sync::Arc;

use chrono::NaiveDate;

use crate::domain::board::faction::{Faction, Power, STANDARD_FACTIONS};
use crate::domain::board::{Continent, Territory};
use crate::domain::entry::BonusMark;
use crate::domain::vocabulary::packet::Packet;
use crate::domain::vocabulary::pool::{Pool, PoolKind, ScarType, standard_pools};

/// Boxes on a fortification mark (rules §3, likely).
pub const FORTIFICATION_BOXES: u8 = 10;
/// The most resources a territory card holds, its printed coin included (rules §4.5).
pub const MAX_CARD_RESOURCES: u8 = 6;
/// The first coin stickers placed before game 1 (rules §2).
pub const FIRST_COINS: u32 = 12;
/// The most first coins on one card (rules §2, likely).
pub(crate) const MAX_FIRST_COINS_ON_A_CARD: u8 = 2;
/// The minor city whose founding opens the Minor cities packet (rules §6), whatever the
/// pool's capacity.
pub(crate) const MINOR_CITIES_PACKET_AT: u32 = 9;
/// Winner and held-on rewards stop after this game (rules §5).
pub const LAST_REWARDED_GAME: u32 = 15;

/// A name held in a campaign's state: shared, so that copying the state (as `apply` does
/// to stay atomic) copies no text.
pub type Name = Arc<str>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CityKind {
    Minor,
    Major,
    WorldCapital,
}

impl CityKind {
    pub fn key(self) -> &'static str {
        match self {
            CityKind::Minor => "minor",
            CityKind::Major => "major",
            CityKind::WorldCapital => "world_capital",
        }
    }

    pub fn population(self) -> u8 {
        match self {
            CityKind::Minor => 1,
            CityKind::Major => 2,
            CityKind::WorldCapital => 5,
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            CityKind::Minor => "minor city",
            CityKind::Major => "major city",
            CityKind::WorldCapital => "world capital",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct City {
    pub kind: CityKind,
    pub name: Name,
    /// Who founded it; none for the world capital, which sealed content places.
    pub founder: Option<Name>,
    pub game: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scar {
    pub kind: Name,
    pub game: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fortification {
    pub boxes_left: u8,
    pub game: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Card {
    /// Coin stickers on the card (the printed coin not counted).
    pub stickers: u8,
    /// The game in which the card was destroyed.
    pub destroyed: Option<u32>,
}

impl Card {
    /// Resources on the card: the printed coin plus the stickers.
    pub fn resources(&self) -> u8 {
        1 + self.stickers
    }
}

/// What stands on a territory now.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TerritoryState {
    pub city: Option<City>,
    pub scar: Option<Scar>,
    pub fortification: Option<Fortification>,
    pub card: Card,
    /// A mark the group defined (sealed content), with the game it was made in.
    pub mark: Option<(Name, u32)>,
    /// The game in which fallout hit it (sealed content): a fallout mark.
    pub fallout: Option<u32>,
}

impl TerritoryState {
    /// A territory with any sticker on it is marked (rules §3, the rulebook's glossary): a
    /// city, a standing scar, a group mark, a fallout mark. A healed scar and a destroyed
    /// card's X are not marks.
    pub fn is_marked(&self) -> bool {
        self.was_marked() || self.mark.is_some() || self.fallout.is_some()
    }

    /// Marked as logs before group marks and fallout counted: a city or a standing scar.
    pub(super) fn was_marked(&self) -> bool {
        self.city.is_some() || self.scar.is_some()
    }

    /// The fortification, while it fortifies the city: with boxes left. With all 10 boxes
    /// ticked its mark stays on the board, worn, and the city is no longer fortified (rules
    /// §3): every rule and every report asks this.
    pub fn fortified(&self) -> Option<&Fortification> {
        self.fortification.as_ref().filter(|f| f.boxes_left > 0)
    }
}

/// A territory sealed content added, as the group recorded it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddedTerritory {
    pub territory: Territory,
    /// The territories it borders, by the new sea lines.
    pub neighbours: Vec<Territory>,
    /// The continent it belongs to, if the packet says one.
    pub continent: Option<Continent>,
    /// The games played before it was added.
    pub after_game: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GivenName {
    pub name: Name,
    pub by: Name,
    pub game: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BonusChange {
    pub mark: BonusMark,
    pub by: Name,
    pub game: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ContinentState {
    pub given_name: Option<GivenName>,
    pub bonus_change: Option<BonusChange>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    pub game: u32,
    pub person: Name,
    pub faction: Faction,
    pub date: NaiveDate,
}

/// A faction card's marks (one per colour of slot) and scar.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct FactionCard {
    /// (slot colour, text, after game).
    pub marks: Vec<(String, String, u32)>,
    /// (text, after game).
    pub scar: Option<(String, u32)>,
}

/// The world's name, given after game 15.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldName {
    pub name: String,
    pub by: String,
    /// The people tied for the most signatures, when there was a roll-off.
    pub roll_off: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PacketOpening {
    pub packet: Packet,
    /// The game in which (or right after which) it was opened.
    pub game: u32,
    /// Opened between games, after game `game` (`packets open`), not during it.
    pub between: bool,
}

/// The group's aliases in the order they were made (each folded, as written, what it stands
/// for), with the first of each folded alias found by a hash lookup: a log of many aliases
/// looks each name up in constant time, not by a walk over all of them.
#[derive(Clone, Debug, Default)]
pub(super) struct Aliases {
    list: Vec<(Name, String, crate::domain::entry::AliasOf)>,
    first: std::collections::HashMap<Name, usize>,
}

impl PartialEq for Aliases {
    fn eq(&self, other: &Self) -> bool {
        // The index is made from the list.
        self.list == other.list
    }
}

impl Eq for Aliases {}

impl From<Vec<(Name, String, crate::domain::entry::AliasOf)>> for Aliases {
    fn from(list: Vec<(Name, String, crate::domain::entry::AliasOf)>) -> Aliases {
        let mut aliases = Aliases::default();
        for (folded, alias, of) in list {
            aliases.push(folded, alias, of);
        }
        aliases
    }
}

impl From<Aliases> for Vec<(Name, String, crate::domain::entry::AliasOf)> {
    fn from(aliases: Aliases) -> Self {
        aliases.list
    }
}

impl Aliases {
    pub(super) fn find(&self, folded: &str) -> Option<&crate::domain::entry::AliasOf> {
        self.first.get(folded).map(|&i| &self.list[i].2)
    }

    pub(super) fn push(&mut self, folded: Name, alias: String, of: crate::domain::entry::AliasOf) {
        self.first.entry(folded.clone()).or_insert(self.list.len());
        self.list.push((folded, alias, of));
    }

    pub(super) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub(super) fn iter(
        &self,
    ) -> impl Iterator<Item = &(Name, String, crate::domain::entry::AliasOf)> {
        self.list.iter()
    }

    pub(super) fn len(&self) -> usize {
        self.list.len()
    }

    /// Back to the first `len` aliases (a refused entry's, undone).
    pub(super) fn truncate(&mut self, len: usize) {
        if len < self.list.len() {
            self.list.truncate(len);
            self.first.retain(|_, &mut i| i < len);
        }
    }
}

/// A campaign's state: the board with its marks, the pools, the people, the signatures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Campaign {
    pub(super) games: u32,
    pub(super) last_date: Option<NaiveDate>,
    /// The clock the latest game was dated by, when its record said.
    pub(super) last_dated_by: Option<crate::domain::entry::dated::DatedBy>,
    pub(super) people: Vec<Name>,
    /// Each person's key (`person_key`), in the same order: compared without normalising
    /// every name again.
    pub(super) people_keys: Vec<Name>,
    pub(super) factions: Vec<Faction>,
    pub(super) powers: Vec<(Faction, Power)>,
    pub(super) first_coins: u32,
    pub(super) territories: Vec<TerritoryState>,
    pub(super) continents: Vec<ContinentState>,
    pub(super) pools: Vec<Pool>,
    pub(super) signatures: Vec<Signature>,
    pub(super) packets: Vec<PacketOpening>,
    pub(super) eliminations: u32,
    /// When each packet the ledger sees coming had its condition met: (packet, game).
    pub(super) conditions_met: Vec<(Packet, u32)>,
    /// The effects of scar types the group added.
    pub(super) scar_effects: Vec<(ScarType, Option<String>)>,
    pub(super) faction_cards: Vec<(Faction, FactionCard)>,
    pub(super) world: Option<WorldName>,
    /// The house rules the group switched off (rules §6c).
    pub(super) rules_off: Vec<crate::domain::vocabulary::house::HouseRule>,
    /// The group's own words for names, each folded, with what it stands for.
    pub(super) aliases: Aliases,
    /// The people left out of the lists of who plays next, as the campaign spells them.
    pub(super) retired: Vec<Name>,
    /// The territories sealed content added, in the order they came.
    pub(super) added: Vec<AddedTerritory>,
    /// The event cards drawn so far, by name as first written.
    pub(super) event_cards: Vec<Name>,
    /// The photos of games: (game, the hash of the copy pages show).
    pub(super) photos: Vec<(u32, String)>,
}

impl Default for Campaign {
    fn default() -> Self {
        Campaign::new()
    }
}

impl Campaign {
    /// A new campaign on the standard board: nothing named, nothing placed.
    pub fn new() -> Campaign {
        Campaign {
            games: 0,
            last_date: None,
            last_dated_by: None,
            people: Vec::new(),
            people_keys: Vec::new(),
            factions: STANDARD_FACTIONS
                .iter()
                .map(|f| Faction::new(f.name))
                .collect(),
            powers: Vec::new(),
            first_coins: 0,
            territories: vec![TerritoryState::default(); Territory::count()],
            continents: vec![ContinentState::default(); Continent::count()],
            pools: standard_pools(),
            signatures: Vec::new(),
            packets: Vec::new(),
            eliminations: 0,
            conditions_met: Vec::new(),
            scar_effects: Vec::new(),
            faction_cards: Vec::new(),
            world: None,
            rules_off: Vec::new(),
            aliases: Aliases::default(),
            retired: Vec::new(),
            added: Vec::new(),
            event_cards: Vec::new(),
            photos: Vec::new(),
        }
    }

    /// Games played so far.
    pub fn games_played(&self) -> u32 {
        self.games
    }

    /// Whether the next game gives the winner's and held-on rewards (games 1 to 15).
    pub(crate) fn next_game_rewarded(&self) -> bool {
        self.games < LAST_REWARDED_GAME
    }

    /// The date of the latest game.
    pub fn last_date(&self) -> Option<NaiveDate> {
        self.last_date
    }

    /// The clock the latest game was dated by, when its record said.
    pub fn last_dated_by(&self) -> Option<&crate::domain::entry::dated::DatedBy> {
        self.last_dated_by.as_ref()
    }

    /// The date of the latest game and the device that dated it, when `game` is dated
    /// before it and another device's clock dated it (taken, with a warning: rules §6i).
    pub fn dated_before_last(
        &self,
        game: &crate::domain::entry::Game,
    ) -> Option<(NaiveDate, String)> {
        let previous = self.last_date?;
        let device = self.last_dated_by.as_ref()?.device.clone()?;
        (game.date < previous).then_some((previous, device))
    }

    /// Everyone who has played, in the order they first played.
    pub fn people(&self) -> &[Name] {
        &self.people
    }

    /// The factions that can be played.
    pub fn factions(&self) -> &[Faction] {
        &self.factions
    }

    /// The starting power a faction keeps, if chosen.
    pub fn power(&self, faction: &Faction) -> Option<Power> {
        self.powers
            .iter()
            .find(|(f, _)| f == faction)
            .map(|(_, p)| *p)
    }

    /// First coin stickers placed before game 1.
    pub fn first_coins(&self) -> u32 {
        self.first_coins
    }

    /// What stands on a territory now (nothing, for one not on this campaign's map).
    pub fn territory(&self, territory: &Territory) -> &TerritoryState {
        static NOTHING: TerritoryState = TerritoryState {
            city: None,
            scar: None,
            fortification: None,
            card: Card {
                stickers: 0,
                destroyed: None,
            },
            mark: None,
            fallout: None,
        };
        self.slot(territory)
            .and_then(|at| self.territories.get(at))
            .unwrap_or(&NOTHING)
    }

    pub fn continent(&self, continent: Continent) -> &ContinentState {
        &self.continents[continent.index()]
    }

    /// The continent's bonus now: printed, plus or minus its change.
    pub fn bonus(&self, continent: Continent) -> i32 {
        let change = self
            .continent(continent)
            .bonus_change
            .as_ref()
            .map_or(0, |c| c.mark.delta());
        i32::from(continent.printed_bonus()) + i32::from(change)
    }

    /// The continent's name as the group knows it: the given name, else the printed one.
    pub fn continent_name(&self, continent: Continent) -> &str {
        self.continent(continent)
            .given_name
            .as_ref()
            .map_or(continent.name(), |g| &*g.name)
    }

    pub fn pools(&self) -> &[Pool] {
        &self.pools
    }

    pub fn pool(&self, kind: &PoolKind) -> Option<&Pool> {
        self.pools.iter().find(|p| &p.kind == kind)
    }

    /// Marks left in a pool (0 for a pool the campaign does not have).
    pub fn left(&self, kind: &PoolKind) -> u32 {
        self.pool(kind).map_or(0, Pool::left)
    }

    /// The scar types the campaign knows.
    pub fn scar_types(&self) -> impl Iterator<Item = &ScarType> {
        self.pools.iter().filter_map(|p| match &p.kind {
            PoolKind::Scar(name) => Some(name),
            _ => None,
        })
    }

    pub fn signatures(&self) -> &[Signature] {
        &self.signatures
    }

    /// How many times a person has signed the board: the one count of signatures behind
    /// every rule and report (a win of games 1 to 15; games after 15 sign nothing while
    /// `signing-ends-at-15` holds, rules §5).
    pub fn signatures_of(&self, person: &str) -> usize {
        self.signatures
            .iter()
            .filter(|s| &*s.person == person)
            .count()
    }

    pub fn packets_opened(&self) -> &[PacketOpening] {
        &self.packets
    }

    pub fn opened(&self, packet: Packet) -> Option<&PacketOpening> {
        self.packets.iter().find(|p| p.packet == packet)
    }

    /// Players eliminated so far, over all games.
    pub fn eliminations(&self) -> u32 {
        self.eliminations
    }

    /// The game whose end met the packet's condition, for the packets the ledger sees.
    pub(crate) fn condition_met_in(&self, packet: Packet) -> Option<u32> {
        self.conditions_met
            .iter()
            .find(|(p, _)| *p == packet)
            .map(|(_, g)| *g)
    }

    /// The effect the group wrote for a scar type it added.
    pub(crate) fn scar_effect(&self, scar: &str) -> Option<&str> {
        self.scar_effects
            .iter()
            .find(|(s, _)| s == scar)
            .and_then(|(_, e)| e.as_deref())
    }

    /// A faction card's marks and scar.
    pub(crate) fn faction_card(&self, faction: &Faction) -> Option<&FactionCard> {
        self.faction_cards
            .iter()
            .find(|(f, _)| f == faction)
            .map(|(_, c)| c)
    }

    /// The world's name, once given.
    pub fn world(&self) -> Option<&WorldName> {
        self.world.as_ref()
    }

    /// Every city on the board, with its territory.
    pub fn cities(&self) -> impl Iterator<Item = (Territory, &City)> {
        self.territories()
            .filter_map(|t| self.territory(&t).city.as_ref().map(|c| (t, c)))
    }

    /// Whether the territory is a legal start for the person: unmarked, or a major city
    /// that person founded, scarred or not (rules §3, §7).
    pub fn is_legal_start(&self, territory: &Territory, person: &str) -> bool {
        let state = self.territory(territory);
        !state.is_marked()
            || self.founded_here(territory, person)
            || (self.capital_allows_hq(state) && state.mark.is_none() && state.fallout.is_none())
    }

    /// As `is_legal_start`, with marked as logs before group marks and fallout had it.
    pub(super) fn was_legal_start(&self, territory: &Territory, person: &str) -> bool {
        !self.territory(territory).was_marked()
            || self.founded_here(territory, person)
            || self.capital_allows_hq(self.territory(territory))
    }

    /// Whether the one mark a city leaves is the world capital's, and the group switched
    /// `world-capital-hq` off: its territory takes an HQ (a scar there still marks it).
    pub(super) fn capital_allows_hq(&self, state: &TerritoryState) -> bool {
        !self.rule_on(crate::domain::vocabulary::house::HouseRule::WorldCapitalHq)
            && matches!(&state.city, Some(c) if c.kind == CityKind::WorldCapital)
            && state.scar.is_none()
    }

    fn founded_here(&self, territory: &Territory, person: &str) -> bool {
        matches!(&self.territory(territory).city, Some(c) if c.kind == CityKind::Major && c.founder.as_deref() == Some(person))
    }
}
