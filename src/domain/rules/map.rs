//! The campaign's map: the 42 printed territories and those sealed content adds
//! (`territory add NAME --neighbours A,B --continent C`). An added territory's card joins the
//! deck with its printed coin; it borders its neighbours by new sea lines, and it is a
//! territory like the others for everything a territory takes (rules §6e).

use super::apply::Applied;
use crate::domain::board::{Continent, Territory};
use crate::domain::entry::{Entry, Game, PlayEvent};
use crate::domain::state::{AddedTerritory, Campaign, TerritoryState};
use crate::domain::vocabulary::names::{closest, valid_name};
use crate::domain::vocabulary::refusal::Refusal;

impl Campaign {
    /// Every territory of the campaign's map: the printed ones in board order, then the
    /// added ones in the order they came.
    pub fn territories(&self) -> impl Iterator<Item = Territory> + Clone + '_ {
        Territory::all().chain(self.added.iter().map(|a| a.territory.clone()))
    }

    /// The territories sealed content added.
    pub(crate) fn added_territories(&self) -> &[AddedTerritory] {
        &self.added
    }

    /// The added territory's record, if it is one of this campaign's.
    pub fn added(&self, territory: &Territory) -> Option<&AddedTerritory> {
        self.added.iter().find(|a| a.territory == *territory)
    }

    /// Whether the territory is on this campaign's map.
    pub fn has_territory(&self, territory: &Territory) -> bool {
        territory.is_printed() || self.added(territory).is_some()
    }

    /// What the territory borders: printed lines, and the sea lines of added territories.
    pub fn neighbours(&self, territory: &Territory) -> Vec<Territory> {
        let mut all: Vec<Territory> = match self.added(territory) {
            Some(added) => added.neighbours.clone(),
            None => territory.printed_neighbours().collect(),
        };
        for added in &self.added {
            if added.neighbours.contains(territory) && !all.contains(&added.territory) {
                all.push(added.territory.clone());
            }
        }
        all
    }

    /// Whether two territories border each other.
    pub fn borders(&self, a: &Territory, b: &Territory) -> bool {
        self.neighbours(a).contains(b)
    }

    /// The continent the territory belongs to: printed, or given when it was added.
    pub fn continent_of(&self, territory: &Territory) -> Option<Continent> {
        territory
            .printed_continent()
            .or_else(|| self.added(territory).and_then(|a| a.continent))
    }

    /// The continent's territories, added ones included.
    pub fn continent_territories(&self, continent: Continent) -> Vec<Territory> {
        self.territories()
            .filter(|t| self.continent_of(t) == Some(continent))
            .collect()
    }

    /// Where a territory's state is kept among the campaign's: a printed one at its place
    /// on the board, an added one after them, in the order the campaign added them; none
    /// for a territory not on its map.
    pub(in crate::domain) fn slot(&self, territory: &Territory) -> Option<usize> {
        territory.printed_index().or_else(|| {
            self.added
                .iter()
                .position(|a| a.territory == *territory)
                .map(|at| Territory::count() + at)
        })
    }

    /// The state of a territory on the campaign's map, for a write (an added territory has
    /// its place from the moment it is added).
    pub(in crate::domain) fn territory_mut(
        &mut self,
        territory: &Territory,
    ) -> &mut TerritoryState {
        let index = self
            .slot(territory)
            .expect("a territory is on the map before anything is placed on it");
        if self.territories.len() <= index {
            self.territories
                .resize(index + 1, TerritoryState::default());
        }
        &mut self.territories[index]
    }

    pub(in crate::domain) fn add_territory(
        &mut self,
        territory: Territory,
        neighbours: &[Territory],
        continent: Option<Continent>,
    ) -> Result<Applied, Refusal> {
        let name = valid_name("territory", territory.name())?;
        if self.has_territory(&territory) {
            return Err(Refusal::TerritoryOnMap { name });
        }
        if let Ok(existing) = self.find_territory(&name) {
            return Err(Refusal::TerritoryNameTaken {
                name,
                territory: existing.name().to_string(),
            });
        }
        if neighbours.is_empty() {
            return Err(Refusal::TerritoryWithoutNeighbours { name });
        }
        let mut lines: Vec<Territory> = Vec::new();
        for neighbour in neighbours {
            self.require_on_map(neighbour)?;
            if !lines.contains(neighbour) {
                lines.push(neighbour.clone());
            }
        }
        self.added.push(AddedTerritory {
            territory: territory.clone(),
            neighbours: lines.clone(),
            continent,
            after_game: self.games,
        });
        self.territory_mut(&territory);
        Ok(Applied::of(Entry::AddTerritory {
            territory,
            neighbours: lines,
            continent,
        }))
    }

    /// Refuses a territory that is not on this campaign's map, with the closest names.
    pub(in crate::domain) fn require_on_map(&self, territory: &Territory) -> Result<(), Refusal> {
        if self.has_territory(territory) {
            return Ok(());
        }
        let names: Vec<Territory> = self.territories().collect();
        Err(Refusal::UnknownName {
            what: "territory",
            given: territory.name().to_string(),
            closest: closest(territory.name(), names.iter().map(Territory::name)),
        })
    }

    /// Refuses an entry that names a territory this campaign's map does not have (one
    /// added to another campaign, or read from a file).
    pub(in crate::domain) fn require_entry_on_map(&self, entry: &Entry) -> Result<(), Refusal> {
        if self.added.is_empty()
            && mentions(entry)
                .iter()
                .all(crate::domain::board::Territory::is_printed)
        {
            return Ok(());
        }
        mentions(entry)
            .into_iter()
            .try_for_each(|t| self.require_on_map(&t))
    }
}

/// Every territory an entry names (an added territory itself not counted).
fn mentions(entry: &Entry) -> Vec<Territory> {
    match entry {
        Entry::Coins { territories } => territories.clone(),
        Entry::Game(game) => game_mentions(game),
        Entry::Alias {
            of: crate::domain::entry::AliasOf::Territory(t),
            ..
        } => vec![t.clone()],
        Entry::AddTerritory { neighbours, .. } => neighbours.clone(),
        _ => Vec::new(),
    }
}

fn game_mentions(game: &Game) -> Vec<Territory> {
    use crate::domain::entry::{HeldOnChoice, Reward};
    let mut all: Vec<Territory> = game.seats.iter().filter_map(|s| s.hq.clone()).collect();
    all.extend(game.scars.iter().map(|s| s.territory.clone()));
    all.extend(game.wear.iter().map(|w| w.territory.clone()));
    all.extend(game.reward.iter().filter_map(|r| match r {
        Reward::MajorCity { territory, .. }
        | Reward::HealScar { territory }
        | Reward::Fortify { territory }
        | Reward::DestroyCard { territory } => Some(territory.clone()),
        Reward::NameContinent { .. } | Reward::ContinentBonus { .. } => None,
    }));
    all.extend(game.held_on.iter().map(|h| match &h.choice {
        HeldOnChoice::MinorCity { territory, .. } | HeldOnChoice::AddResource { territory } => {
            territory.clone()
        }
    }));
    all.extend(game.events.iter().map(|e| match e {
        PlayEvent::WorldCapital { territory, .. }
        | PlayEvent::Fortify { territory }
        | PlayEvent::DestroyCard { territory }
        | PlayEvent::Mark { territory, .. }
        | PlayEvent::Fallout { territory }
        | PlayEvent::DestroyCity { territory } => territory.clone(),
    }));
    all
}
