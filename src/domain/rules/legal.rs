//! What the rules allow now: the rewards a winner can still choose and their legal targets.
//! Refusals use these for their hints; a guided prompt offers exactly these.

use crate::domain::board::{Continent, Territory};
use crate::domain::entry::{BonusMark, Draft, Game, HeldOnKind, RewardKind, Seat};
use crate::domain::state::lookup::person_key;
use crate::domain::state::{Campaign, MAX_CARD_RESOURCES};
use crate::domain::vocabulary::names::valid_person;
use crate::domain::vocabulary::pool::PoolKind;
use crate::domain::vocabulary::refusal::Refusal;

impl Campaign {
    /// Continents nobody has named yet.
    pub fn unnamed_continents(&self) -> Vec<Continent> {
        Continent::all()
            .filter(|&c| self.continent(c).given_name.is_none())
            .collect()
    }

    /// Continents whose bonus has not been changed.
    pub fn unchanged_continents(&self) -> Vec<Continent> {
        Continent::all()
            .filter(|&c| self.continent(c).bonus_change.is_none())
            .collect()
    }

    /// The bonus marks still in their pools.
    pub fn bonus_marks_left(&self) -> Vec<BonusMark> {
        [BonusMark::Plus, BonusMark::Minus]
            .into_iter()
            .filter(|m| self.left(&m.pool()) > 0)
            .collect()
    }

    /// Territories with no city.
    pub fn without_city(&self) -> Vec<Territory> {
        self.territories()
            .filter(|t| self.territory(t).city.is_none())
            .collect()
    }

    /// Territories with a standing scar.
    pub fn scarred(&self) -> Vec<Territory> {
        self.territories()
            .filter(|t| self.territory(t).scar.is_some())
            .collect()
    }

    /// Territories with a city.
    pub fn with_city(&self) -> Vec<Territory> {
        self.territories()
            .filter(|t| self.territory(t).city.is_some())
            .collect()
    }

    /// Territories with a fortification that has boxes left.
    pub fn fortified(&self) -> Vec<Territory> {
        self.territories()
            .filter(|t| self.territory(t).fortified().is_some())
            .collect()
    }

    /// Territories whose card is still in the game.
    pub fn standing_cards(&self) -> Vec<Territory> {
        self.territories()
            .filter(|t| self.territory(t).card.destroyed.is_none())
            .collect()
    }

    /// Territories whose card can take one more resource.
    pub fn cards_with_room(&self) -> Vec<Territory> {
        self.territories()
            .filter(|t| {
                let card = &self.territory(t).card;
                card.destroyed.is_none() && card.resources() < MAX_CARD_RESOURCES
            })
            .collect()
    }

    /// Where a winner's reward of this kind may go now; empty when its pool is empty.
    pub fn reward_targets(&self, kind: RewardKind) -> Targets {
        let stocked = |pool: PoolKind| self.left(&pool) > 0;
        match kind {
            RewardKind::NameContinent if stocked(PoolKind::ContinentName) => {
                Targets::Continents(self.unnamed_continents())
            }
            RewardKind::MajorCity if stocked(PoolKind::MajorCity) => {
                Targets::Territories(self.without_city())
            }
            RewardKind::HealScar if stocked(PoolKind::ScarCover) => {
                Targets::Territories(self.scarred())
            }
            RewardKind::ContinentBonus if !self.bonus_marks_left().is_empty() => {
                Targets::Continents(self.unchanged_continents())
            }
            RewardKind::Fortify if stocked(PoolKind::Fortification) => {
                Targets::Territories(self.with_city())
            }
            RewardKind::DestroyCard => Targets::Territories(self.standing_cards()),
            RewardKind::NameContinent | RewardKind::ContinentBonus => {
                Targets::Continents(Vec::new())
            }
            _ => Targets::Territories(Vec::new()),
        }
    }

    /// The rewards a winner could choose now: a pool with marks left and a legal target.
    pub fn possible_rewards(&self) -> Vec<RewardKind> {
        RewardKind::ALL
            .into_iter()
            .filter(|&kind| !self.reward_targets(kind).is_empty())
            .collect()
    }

    /// What a player who held on could choose now, each with its legal territories: a
    /// minor city on a territory with no city, a resource on a card with room. Empty when
    /// both pools are empty.
    pub fn held_on_choices(&self) -> Vec<(HeldOnKind, Vec<Territory>)> {
        let mut choices = Vec::new();
        if self.left(&PoolKind::MinorCity) > 0 && !self.without_city().is_empty() {
            choices.push((HeldOnKind::MinorCity, self.without_city()));
        }
        if self.left(&PoolKind::CoinSticker) > 0 && !self.cards_with_room().is_empty() {
            choices.push((HeldOnKind::AddResource, self.cards_with_room()));
        }
        choices
    }

    /// The campaign as it would stand after what happened during `game` (its scars and
    /// wear), before the rewards: what a guided prompt offers rewards against.
    pub(crate) fn after_play(&self, game: &Game) -> Result<Campaign, Refusal> {
        let mut next = self.clone();
        for scar in &game.scars {
            next.place_scar(scar, self.games + 1)?;
        }
        for wear in &game.wear {
            next.tick(wear)?;
        }
        Ok(next)
    }
}

/// Where a reward may go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Targets {
    Territories(Vec<Territory>),
    Continents(Vec<Continent>),
}

impl Targets {
    pub fn is_empty(&self) -> bool {
        match self {
            Targets::Territories(t) => t.is_empty(),
            Targets::Continents(c) => c.is_empty(),
        }
    }
}

/// What a person starts a game with (rules §7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tokens {
    /// 1 for a person who has never signed the board, else 0.
    pub red_star: u32,
    /// One per signature.
    pub missiles: u32,
}

impl Campaign {
    /// The red star token or missiles a person starts the next game with.
    pub fn tokens(&self, person: &str) -> Tokens {
        let person = self.known_person(person).unwrap_or(person);
        let signatures = u32::try_from(self.signatures_of(person)).unwrap_or(u32::MAX);
        Tokens {
            red_star: u32::from(signatures == 0),
            missiles: signatures,
        }
    }

    /// The territories a person may start in: unmarked ones, plus the major cities they
    /// founded (rules §3, §7).
    pub fn legal_starts(&self, person: &str) -> Vec<Territory> {
        let person = self.known_person(person).unwrap_or(person);
        self.territories()
            .filter(|t| self.is_legal_start(t, person))
            .collect()
    }

    /// The draft results of the next game, checked against its table (rules §4.1): each
    /// for a seated person, once; turn and placement orders from 1 to the number of
    /// players, each number once.
    pub fn draft_at_table(&self, drafts: &[Draft], seats: &[Seat]) -> Result<Vec<Draft>, Refusal> {
        super::table::draft(drafts, seats, self.games + 1)
    }

    /// The continents a person named (they get +1 troop when holding one).
    pub fn named_by(&self, person: &str) -> Vec<Continent> {
        let person = self.known_person(person).unwrap_or(person);
        Continent::all()
            .filter(|&c| {
                self.continent(c)
                    .given_name
                    .as_ref()
                    .is_some_and(|g| &*g.by == person)
            })
            .collect()
    }
}

/// The people at a table, as given for a game not played yet: 3 to 5 different people
/// (rules §4), in the form their names are kept.
pub fn players_at_table(names: &[String]) -> Result<Vec<String>, Refusal> {
    let names: Vec<String> = names
        .iter()
        .map(|p| valid_person(p))
        .collect::<Result<_, _>>()?;
    if !PLAYERS.contains(&names.len()) {
        return Err(Refusal::PlayerCount { count: names.len() });
    }
    for (i, name) in names.iter().enumerate() {
        if names[..i].iter().any(|m| person_key(m) == person_key(name)) {
            return Err(Refusal::SamePersonTwice {
                person: name.clone(),
            });
        }
    }
    Ok(names)
}

/// How many players a game has (rules §4).
pub const PLAYERS: std::ops::RangeInclusive<usize> = 3..=5;

/// Territory names, for hints.
pub(crate) fn names(territories: &[Territory]) -> Vec<String> {
    territories.iter().map(|t| t.name().to_string()).collect()
}
