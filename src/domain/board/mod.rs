//! The standard board: six continents with their printed bonuses and 42 territories with the
//! names players also use. The data comes from `data/board.json`, turned into Rust by build.rs.
//!
//! Sealed content can add territories (`territory add`). Such a territory is known by the
//! name the group gave it; what it borders and where it belongs is the state of the
//! campaign that added it.
//!
//! Beside the board: the other ways groups write a territory's name (`spelling`) and the
//! factions in the box (`faction`).

pub mod faction;
pub(super) mod spelling;

use std::sync::Arc;

use crate::domain::vocabulary::names::{closest, fold, folds_to};
use crate::domain::vocabulary::refusal::Refusal;

/// A territory: one of the 42 printed ones by its place on the board, or one sealed content
/// added, by its name.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Territory(Place);

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Place {
    Printed(u8),
    Added(Arc<str>),
}

/// One of the six continents, by its place on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Continent(u8);

pub(crate) struct ContinentData {
    name: &'static str,
    printed_bonus: u8,
    territories: &'static [u8],
}

pub(crate) struct TerritoryData {
    name: &'static str,
    continent: u8,
    aliases: &'static [&'static str],
    x: u16,
    y: u16,
    neighbours: &'static [u8],
}

include!(concat!(env!("OUT_DIR"), "/board_data.rs"));

/// Names players type that are not territories, with the territories they may mean.
const NOT_TERRITORIES: &[(&str, &[&str])] = &[("East Asia", &["China", "Mongolia"])];

impl Territory {
    /// Every printed territory, in board order (North America first). A campaign's own
    /// territories, added ones included, are `Campaign::territories`.
    pub fn all() -> impl ExactSizeIterator<Item = Territory> + Clone {
        (0..=u8::MAX)
            .take(TERRITORIES.len())
            .map(|at| Territory(Place::Printed(at)))
    }

    /// The number of printed territories.
    pub const fn count() -> usize {
        TERRITORIES.len()
    }

    /// The territory of that exact name: a printed one, or one sealed content adds. Whether
    /// a campaign has it is the campaign's to say.
    pub fn named(name: &str) -> Territory {
        match TERRITORIES_BY_NAME.binary_search_by(|(printed, _)| (*printed).cmp(name)) {
            Ok(at) => Territory(Place::Printed(TERRITORIES_BY_NAME[at].1)),
            Err(_) => Territory(Place::Added(name.into())),
        }
    }

    /// Whether it is one of the 42 printed on the board.
    pub(crate) fn is_printed(&self) -> bool {
        matches!(self.0, Place::Printed(_))
    }

    /// A printed territory's place on the board, from 0; none for an added one.
    pub(crate) fn printed_index(&self) -> Option<usize> {
        match self.0 {
            Place::Printed(at) => Some(usize::from(at)),
            Place::Added(_) => None,
        }
    }

    fn data(&self) -> Option<&'static TerritoryData> {
        self.printed_index().map(|at| &TERRITORIES[at])
    }

    /// The printed name, or the name the group gave an added territory.
    pub fn name(&self) -> &str {
        match &self.0 {
            Place::Printed(at) => TERRITORIES[usize::from(*at)].name,
            Place::Added(name) => name,
        }
    }

    /// Other names players use for it.
    pub fn aliases(&self) -> &'static [&'static str] {
        self.data().map_or(&[], |d| d.aliases)
    }

    /// The continent it is printed in; an added territory's is `Campaign::continent_of`.
    pub fn printed_continent(&self) -> Option<Continent> {
        self.data().map(|d| Continent(d.continent))
    }

    /// Where a printed territory sits on a schematic 1200 × 700 map of the board.
    pub fn position(&self) -> Option<(u16, u16)> {
        self.data().map(|d| (d.x, d.y))
    }

    /// The neighbours printed on the board; with the sea lines of added territories, they
    /// are `Campaign::neighbours`.
    pub fn printed_neighbours(&self) -> impl Iterator<Item = Territory> + use<> {
        self.data()
            .map_or(&[][..], |d| d.neighbours)
            .iter()
            .map(|&i| Territory(Place::Printed(i)))
    }

    /// Finds a territory by its name or a name players use for it, ignoring case, accents
    /// and punctuation. An unknown name is refused with the closest territories as hints.
    pub fn find(given: &str) -> Result<Territory, Refusal> {
        Territory::lookup(given).map_err(|refusal| {
            refusal.unwrap_or_else(|| Refusal::UnknownName {
                what: "territory",
                given: given.to_string(),
                closest: territory_hints(given),
            })
        })
    }

    /// As `find`, for asking whether a name is a territory's: an unknown name is refused
    /// with `None`, the hints not worked out (they cost more than the lookup).
    pub(super) fn lookup(given: &str) -> Result<Territory, Option<Refusal>> {
        // The printed name as it is stored: found without folding anything.
        if let Some(exact) = Territory::all().find(|t| t.name() == given) {
            return Ok(exact);
        }
        let wanted = fold(given);
        let found = folded_names()
            .iter()
            .find(|(name, _)| *name == wanted)
            .map(|(_, t)| t.clone());
        if let Some(found) = found {
            return Ok(found);
        }
        if let Some(means) = self::spelling::ambiguous(given) {
            return Err(Some(Refusal::AmbiguousName {
                what: "territory",
                given: given.to_string(),
                candidates: means.iter().map(ToString::to_string).collect(),
            }));
        }
        let names = TERRITORIES.iter().map(|t| (t.name, t.aliases));
        let written: Vec<Territory> = self::spelling::written(given, names)
            .into_iter()
            .filter_map(|name| Territory::all().find(|t| t.name() == name))
            .collect();
        match written.as_slice() {
            [one] => Ok(one.clone()),
            [] => Err(None),
            several => Err(Some(Refusal::AmbiguousName {
                what: "territory",
                given: given.to_string(),
                candidates: several.iter().map(|t| t.name().to_string()).collect(),
            })),
        }
    }
}

/// Every territory's name and aliases, folded once.
fn folded_names() -> &'static [(String, Territory)] {
    static FOLDED: std::sync::OnceLock<Vec<(String, Territory)>> = std::sync::OnceLock::new();
    FOLDED.get_or_init(|| {
        Territory::all()
            .zip(TERRITORIES)
            .flat_map(|(t, data)| {
                std::iter::once(data.name)
                    .chain(data.aliases.iter().copied())
                    .map(move |n| (fold(n), t.clone()))
            })
            .collect()
    })
}

fn territory_hints(given: &str) -> Vec<String> {
    let wanted = fold(given);
    if let Some((_, means)) = NOT_TERRITORIES
        .iter()
        .find(|(name, _)| folds_to(name, &wanted))
    {
        return means.iter().map(std::string::ToString::to_string).collect();
    }
    let names = TERRITORIES
        .iter()
        .flat_map(|t| std::iter::once(t.name).chain(t.aliases.iter().copied()));
    let mut hints: Vec<String> = Vec::new();
    for hint in closest(given, names) {
        // An alias is answered with the territory it stands for.
        let name = Territory::find(&hint)
            .map(|t| t.name().to_string())
            .unwrap_or(hint);
        if !hints.contains(&name) {
            hints.push(name);
        }
    }
    hints
}

impl Continent {
    /// Every continent, in board order.
    pub fn all() -> impl ExactSizeIterator<Item = Continent> + Clone {
        (0..=u8::MAX).take(CONTINENTS.len()).map(Continent)
    }

    /// The number of continents on the board.
    pub const fn count() -> usize {
        CONTINENTS.len()
    }

    fn data(self) -> &'static ContinentData {
        &CONTINENTS[self.index()]
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The printed name ("North America"); a name given by a winner is campaign state.
    pub fn name(self) -> &'static str {
        self.data().name
    }

    pub fn printed_bonus(self) -> u8 {
        self.data().printed_bonus
    }

    pub fn territories(self) -> impl ExactSizeIterator<Item = Territory> {
        self.data()
            .territories
            .iter()
            .map(|&i| Territory(Place::Printed(i)))
    }

    /// Finds a continent by its printed name (ignoring case, accents and punctuation).
    /// Names given during a campaign are looked up by the campaign state.
    pub fn find_printed(given: &str) -> Option<Continent> {
        if let Some(exact) = Continent::all().find(|c| c.name() == given) {
            return Some(exact);
        }
        let wanted = fold(given);
        Continent::all().find(|c| folds_to(c.name(), &wanted))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_42_territories_in_6_continents() {
        assert_eq!(Territory::count(), 42);
        assert_eq!(Continent::count(), 6);
        let sizes: Vec<usize> = Continent::all().map(|c| c.territories().len()).collect();
        assert_eq!(sizes, vec![9, 4, 7, 6, 12, 4]);
        let bonuses: Vec<u8> = Continent::all().map(Continent::printed_bonus).collect();
        assert_eq!(bonuses, vec![5, 2, 5, 3, 7, 2]);
        for c in Continent::all() {
            assert!(c.territories().all(|t| t.printed_continent() == Some(c)));
        }
    }

    #[test]
    fn every_printed_territory_is_found_by_its_exact_name_and_another_name_is_added() {
        for t in Territory::all() {
            assert_eq!(Territory::named(t.name()), t);
        }
        // A name no printed territory has is one sealed content added, known by it.
        let added = Territory::named("Atlantis");
        assert!(!added.is_printed());
        assert_eq!(added.printed_index(), None);
        assert_eq!(added.name(), "Atlantis");
        assert_eq!(added, Territory::named("Atlantis"));
    }

    #[test]
    fn neighbours_are_mutual() {
        for t in Territory::all() {
            for n in t.printed_neighbours() {
                assert!(
                    n.printed_neighbours().any(|back| back == t),
                    "{} / {}",
                    t.name(),
                    n.name()
                );
            }
        }
    }

    #[test]
    fn aliases_and_spellings_find_territories() {
        let name = |s: &str| Territory::find(s).map(|t| t.name().to_string());
        assert_eq!(name("Quebec").as_deref(), Ok("Eastern Canada"));
        assert_eq!(name("québec").as_deref(), Ok("Eastern Canada"));
        assert_eq!(name("Ukraine").as_deref(), Ok("Russia"));
        assert_eq!(name("Congo").as_deref(), Ok("Central Africa"));
        assert_eq!(name("Siam").as_deref(), Ok("Southeast Asia"));
        assert_eq!(name("western us").as_deref(), Ok("Western United States"));
        assert_eq!(name("Eastern U.S.").as_deref(), Ok("Eastern United States"));
        assert_eq!(name("NEW GUINEA").as_deref(), Ok("New Guinea"));
    }

    #[test]
    fn unknown_territories_get_the_closest_names() {
        let hints = |s: &str| match Territory::find(s) {
            Err(Refusal::UnknownName { closest, .. }) => closest,
            other => panic!("expected an unknown name, got {other:?}"),
        };
        assert_eq!(hints("Brasil"), vec!["Brazil"]);
        assert_eq!(hints("East Asia"), vec!["China", "Mongolia"]);
        assert!(hints("Quebek").contains(&"Eastern Canada".to_string()));
    }
}
