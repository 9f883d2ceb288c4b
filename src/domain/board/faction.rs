//! The factions: the five in the box, each with two starting powers, and the way people
//! name them ("bear", "khan", "saharan").

use std::sync::Arc;

use crate::domain::vocabulary::names::{closest, fold, folds_to};
use crate::domain::vocabulary::refusal::Refusal;

/// A faction, by its full name ("Enclave of the Bear"). Shared, not copied: a campaign's
/// state holds the same name many times.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Faction(Arc<str>);

impl Faction {
    /// A faction by its name; the five in the box share one name each, however many
    /// seats and records hold them.
    pub fn new(name: impl AsRef<str>) -> Faction {
        static IN_THE_BOX: std::sync::LazyLock<Vec<Faction>> = std::sync::LazyLock::new(|| {
            STANDARD_FACTIONS
                .iter()
                .map(|f| Faction(Arc::from(f.name)))
                .collect()
        });
        let name = name.as_ref();
        IN_THE_BOX
            .iter()
            .find(|f| &*f.0 == name)
            .cloned()
            .unwrap_or_else(|| Faction(Arc::from(name)))
    }

    pub fn name(&self) -> &str {
        &self.0
    }

    /// The short name for narrow tables: "Bear" for Enclave of the Bear; a faction added by
    /// the group keeps its full name.
    pub(crate) fn short_name(&self) -> &str {
        short_name_of(self.name())
    }
}

impl std::fmt::Display for Faction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Which of its two starting powers a faction keeps; the other is destroyed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Power {
    A,
    B,
}

impl Power {
    pub fn letter(self) -> &'static str {
        match self {
            Power::A => "a",
            Power::B => "b",
        }
    }

    pub(crate) fn from_letter(letter: &str) -> Option<Power> {
        match letter.trim().to_lowercase().as_str() {
            "a" => Some(Power::A),
            "b" => Some(Power::B),
            _ => None,
        }
    }
}

/// A faction printed in the box, with its two starting powers (short).
pub struct StandardFaction {
    pub name: &'static str,
    /// The word people use for it ("Bear").
    pub short: &'static str,
    pub power_a: &'static str,
    pub power_b: &'static str,
}

impl StandardFaction {
    pub fn power(&self, power: Power) -> &'static str {
        match power {
            Power::A => self.power_a,
            Power::B => self.power_b,
        }
    }
}

pub const STANDARD_FACTIONS: &[StandardFaction] = &[
    StandardFaction {
        name: "Die Mechaniker",
        short: "Mechaniker",
        power_a: "its starting HQ always defends as fortified",
        power_b: "a natural double 6 on defence makes that territory safe for the rest of the turn",
    },
    StandardFaction {
        name: "Enclave of the Bear",
        short: "Bear",
        power_a: "the first territory it attacks each turn defends with its lower die -1",
        power_b: "a natural three-of-a-kind attack that kills wipes out the territory",
    },
    StandardFaction {
        name: "Imperial Balkania",
        short: "Balkania",
        power_a: "rounds recruits up",
        power_b: "draws a card after expanding into 4+ empty territories even without a conquest",
    },
    StandardFaction {
        name: "Khan Industries",
        short: "Khan",
        power_a: "+1 troop on each HQ it controls at the start of its turn",
        power_b: "may add a troop where a drawn territory card matches a territory it controls",
    },
    StandardFaction {
        name: "Saharan Republic",
        short: "Saharan",
        power_a: "may manoeuvre at any time of its turn",
        power_b: "may manoeuvre between any two territories it controls",
    },
];

/// The standard faction of that name, if it is one.
pub fn standard(faction: &Faction) -> Option<&'static StandardFaction> {
    standard_named(faction.name())
}

fn standard_named(name: &str) -> Option<&'static StandardFaction> {
    STANDARD_FACTIONS.iter().find(|f| f.name == name)
}

/// The short name of the faction with this full name ("Bear" for "Enclave of the Bear"); a
/// faction not in the box is its own short name.
pub(crate) fn short_name_of(name: &str) -> &str {
    standard_named(name).map_or(name, |f| f.short)
}

/// Finds a faction among `known` by its full name, by a word of its name that no other
/// faction shares ("bear", "khan"), or by the start of such a word ("mech").
pub fn find<'a>(
    given: &str,
    known: impl IntoIterator<Item = &'a Faction> + Clone,
) -> Result<Faction, Refusal> {
    lookup(given, known.clone()).map_err(|refusal| {
        refusal.unwrap_or_else(|| Refusal::UnknownName {
            what: "faction",
            given: given.to_string(),
            closest: hints(given, known),
        })
    })
}

/// As `find`, for asking whether a name is a faction's: an unknown name is refused with
/// `None`, the hints not worked out (they cost more than the lookup).
pub(in crate::domain) fn lookup<'a>(
    given: &str,
    known: impl IntoIterator<Item = &'a Faction> + Clone,
) -> Result<Faction, Option<Refusal>> {
    let wanted = fold(given);
    let unknown = || None;
    if wanted.is_empty() {
        return Err(unknown());
    }
    if let Some(f) = known
        .clone()
        .into_iter()
        .find(|f| folds_to(f.name(), &wanted))
    {
        return Ok(f.clone());
    }
    let words = |f: &Faction| f.name().split_whitespace().map(fold).collect::<Vec<_>>();
    let by_word: Vec<&Faction> = known
        .clone()
        .into_iter()
        .filter(|f| words(f).contains(&wanted))
        .collect();
    if let [only] = by_word.as_slice() {
        return Ok((*only).clone());
    }
    let by_prefix: Vec<&Faction> = known
        .clone()
        .into_iter()
        .filter(|f| {
            fold(f.name()).starts_with(&wanted) || words(f).iter().any(|w| w.starts_with(&wanted))
        })
        .collect();
    match by_prefix.as_slice() {
        [only] if wanted.chars().count() >= 2 => Ok((*only).clone()),
        [] | [_] => Err(unknown()),
        several => Err(Some(Refusal::AmbiguousName {
            what: "faction",
            given: given.to_string(),
            candidates: several.iter().map(|f| f.name().to_string()).collect(),
        })),
    }
}

fn hints<'a>(given: &str, known: impl IntoIterator<Item = &'a Faction>) -> Vec<String> {
    let factions: Vec<&Faction> = known.into_iter().collect();
    let mut names: Vec<String> = Vec::new();
    let candidates = factions
        .iter()
        .flat_map(|f| std::iter::once(f.name()).chain(f.name().split_whitespace()));
    for hint in closest(given, candidates) {
        let wanted = fold(&hint);
        let owner = factions.iter().find(|f| {
            folds_to(f.name(), &wanted) || f.name().split_whitespace().any(|w| folds_to(w, &wanted))
        });
        if let Some(owner) = owner
            && !names.iter().any(|n| n == owner.name())
        {
            names.push(owner.name().to_string());
        }
    }
    if names.is_empty() {
        // Nothing close: the factions there are.
        return factions.iter().map(|f| f.name().to_string()).collect();
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn box_factions() -> Vec<Faction> {
        STANDARD_FACTIONS
            .iter()
            .map(|f| Faction::new(f.name))
            .collect()
    }

    #[test]
    fn factions_are_found_by_a_word() {
        let known = box_factions();
        let name = |s: &str| find(s, &known).map(|f| f.name().to_string());
        assert_eq!(name("bear").unwrap(), "Enclave of the Bear");
        assert_eq!(name("khan").unwrap(), "Khan Industries");
        assert_eq!(name("Saharan").unwrap(), "Saharan Republic");
        assert_eq!(name("balkania").unwrap(), "Imperial Balkania");
        assert_eq!(name("mechaniker").unwrap(), "Die Mechaniker");
        assert_eq!(name("mech").unwrap(), "Die Mechaniker");
        assert_eq!(name("khan industries").unwrap(), "Khan Industries");
    }

    #[test]
    fn unknown_factions_get_hints() {
        let known = box_factions();
        match find("beer", &known) {
            Err(Refusal::UnknownName { closest, .. }) => {
                assert_eq!(closest[0], "Enclave of the Bear");
            }
            other => panic!("{other:?}"),
        }
        assert!(find("", &known).is_err());
    }
}
