//! Finding what a person typed among what the campaign knows: people, factions,
//! continents (by printed or given name), scar types.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

use super::Campaign;
use crate::domain::board::faction::{self, Faction};
use crate::domain::board::{Continent, Territory};
use crate::domain::entry::AliasOf;
use crate::domain::vocabulary::names::{closest, fold, folds_to, tidy};
use crate::domain::vocabulary::packet::Packet;
use crate::domain::vocabulary::pool::ScarType;
use crate::domain::vocabulary::pool::{Pool, PoolKind};
use crate::domain::vocabulary::refusal::Refusal;

/// The key two spellings of one person share: trimmed, case folded, accents left out
/// ("Tomás" and "tomas" are one person).
pub fn person_key(name: &str) -> String {
    let name = name.trim();
    if name.is_ascii() {
        // ASCII has no accents to leave out.
        return name.to_ascii_lowercase();
    }
    tidy(name)
        .nfd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .collect()
}

impl Campaign {
    /// The person as the campaign first recorded them ("ann" finds "Ann"), if known.
    pub fn known_person(&self, name: &str) -> Option<&str> {
        if let Some(index) = self.person_index(name) {
            return self.people.get(index).map(|p| &**p);
        }
        match self.alias_of(name) {
            Some(AliasOf::Person(person)) => Some(person.as_str()),
            _ => None,
        }
    }

    /// Where the person is in `people` (and `people_keys`). The campaign's own spelling,
    /// as every stored game has it, is found without computing a key.
    pub(in crate::domain) fn person_index(&self, name: &str) -> Option<usize> {
        if let Some(index) = self.people.iter().position(|p| **p == *name) {
            return Some(index);
        }
        let key = person_key(name);
        self.people_keys.iter().position(|k| **k == *key)
    }

    /// The person's key: the one kept for a known person, else computed.
    pub(in crate::domain) fn key_of(&self, name: &str) -> String {
        match self.person_index(name) {
            Some(index) => self.people_keys[index].to_string(),
            None => person_key(name),
        }
    }

    /// A territory by its name, a name players use, a way groups write it, or the name of
    /// the city on it ("Kyro" finds Egypt).
    pub fn find_territory(&self, given: &str) -> Result<Territory, Refusal> {
        if let Some(AliasOf::Territory(t)) = self.alias_of(given) {
            return Ok(t.clone());
        }
        Territory::find(given).or_else(|refusal| {
            let wanted = fold(given);
            if !matches!(refusal, Refusal::UnknownName { .. }) || wanted.is_empty() {
                return Err(refusal);
            }
            let added = self.added.iter().map(|a| a.territory.clone());
            self.named_here(&wanted).ok_or_else(|| match refusal {
                Refusal::UnknownName { closest: hints, .. } if !self.added.is_empty() => {
                    // The added territories' names are hints too, the closest first.
                    let added: Vec<Territory> = added.collect();
                    let mut near = closest(given, added.iter().map(Territory::name));
                    for hint in hints {
                        if !near.contains(&hint) {
                            near.push(hint);
                        }
                    }
                    Refusal::UnknownName {
                        what: "territory",
                        given: given.to_string(),
                        closest: near,
                    }
                }
                refusal => refusal,
            })
        })
    }

    /// The territory a name of this campaign's own finds (`wanted`, folded): one sealed
    /// content added, or the one a city of that name stands on.
    pub(in crate::domain) fn named_here(&self, wanted: &str) -> Option<Territory> {
        self.added
            .iter()
            .map(|a| a.territory.clone())
            .find(|t| folds_to(t.name(), wanted))
            .or_else(|| {
                self.cities()
                    .find(|(_, city)| folds_to(&city.name, wanted))
                    .map(|(t, _)| t)
            })
    }

    /// Known people a new name is within two edits of ("Jermey" of Jeremy), closest first:
    /// most likely the same person mistyped. Short names count fewer edits ("Bo" is not
    /// "Cy").
    pub(crate) fn people_resembling(&self, name: &str) -> Vec<String> {
        if self.known_person(name).is_some() {
            return Vec::new();
        }
        let key = person_key(name);
        let mut near: Vec<(usize, String)> = self
            .people
            .iter()
            .zip(&self.people_keys)
            .filter_map(|(person, known)| {
                let edits = strsim::damerau_levenshtein(&key, known);
                let shorter = key.chars().count().min(known.chars().count());
                (edits <= 2 && 2 * edits < shorter).then(|| (edits, person.to_string()))
            })
            .collect();
        near.sort();
        near.into_iter().map(|(_, person)| person).collect()
    }

    /// People already in the campaign whose names are close to `name`.
    pub(crate) fn people_like(&self, name: &str) -> Vec<String> {
        closest(name, self.people.iter().map(|p| &**p))
    }

    /// A person who has played in the campaign, in the campaign's spelling; refused with
    /// the closest names when nobody by that name has played.
    pub(crate) fn find_person(&self, given: &str) -> Result<&str, Refusal> {
        self.known_person(given)
            .ok_or_else(|| Refusal::UnknownName {
                what: "player",
                given: given.to_string(),
                closest: self.people_like(given),
            })
    }

    /// A faction the campaign can play, by name or an unambiguous word ("bear").
    pub fn find_faction(&self, given: &str) -> Result<Faction, Refusal> {
        if let Some(AliasOf::Faction(f)) = self.alias_of(given) {
            return Ok(f.clone());
        }
        faction::find(given, &self.factions)
    }

    /// A continent by its printed name or the name a winner gave it.
    pub fn find_continent(&self, given: &str) -> Result<Continent, Refusal> {
        if let Some(AliasOf::Continent(c)) = self.alias_of(given) {
            return Ok(*c);
        }
        self.continent_named(given).ok_or_else(|| {
            let names = Continent::all().flat_map(|c| {
                std::iter::once(c.name())
                    .chain(self.continent(c).given_name.as_ref().map(|g| &*g.name))
            });
            let hints = closest(given, names);
            Refusal::UnknownName {
                what: "continent",
                given: given.to_string(),
                closest: if hints.is_empty() {
                    Continent::all()
                        .map(|c| self.continent_name(c).to_string())
                        .collect()
                } else {
                    hints
                },
            }
        })
    }

    /// A scar type the campaign knows, by name ("bunker", "ammo shortage").
    /// The continent of that printed or given name (no aliases, no hints).
    pub(in crate::domain) fn continent_named(&self, given: &str) -> Option<Continent> {
        let wanted = fold(given);
        Continent::all().find(|&c| {
            folds_to(c.name(), &wanted)
                || self
                    .continent(c)
                    .given_name
                    .as_ref()
                    .is_some_and(|g| folds_to(&g.name, &wanted))
        })
    }

    pub fn find_scar_type(&self, given: &str) -> Result<ScarType, Refusal> {
        let wanted = fold(given);
        let known: Vec<&ScarType> = self.scar_types().collect();
        if let Some(found) = known.iter().find(|s| folds_to(s, &wanted)) {
            return Ok((*found).clone());
        }
        let by_word: Vec<&&ScarType> = known
            .iter()
            .filter(|s| s.split_whitespace().any(|w| folds_to(w, &wanted)))
            .collect();
        match by_word.as_slice() {
            [only] if !wanted.is_empty() => Ok((**only).clone()),
            _ => Err(Refusal::UnknownName {
                what: "scar type",
                given: given.to_string(),
                closest: {
                    let hints = closest(given, known.iter().map(|s| s.as_str()));
                    if hints.is_empty() {
                        known.iter().map(|s| (*s).clone()).collect()
                    } else {
                        hints
                    }
                },
            }),
        }
    }
}

/// Finds a pool by its key (`minor_city`, `scar:Bunker`), ignoring case and punctuation,
/// with the closest keys as hints.
pub fn find_kind(given: &str, pools: &[Pool]) -> Result<PoolKind, Refusal> {
    let wanted = fold(given);
    let found = pools.iter().find(|p| {
        let key = p.kind.key();
        folds_to(&key, &wanted)
            || matches!(&p.kind, PoolKind::Scar(name) if folds_to(name, &wanted))
    });
    if let Some(pool) = found {
        Ok(pool.kind.clone())
    } else {
        let keys: Vec<String> = pools.iter().map(|p| p.kind.key()).collect();
        let hints = closest(given, keys.iter().map(String::as_str));
        Err(Refusal::UnknownName {
            what: "pool",
            given: given.to_string(),
            closest: if hints.is_empty() { keys } else { hints },
        })
    }
}

impl Packet {
    /// Finds a packet by its name or an unambiguous word of it ("elimination", "missiles").
    pub fn find(given: &str) -> Result<Packet, Refusal> {
        // The printed name itself (as stored), without folding anything.
        if let Some(packet) = Packet::ALL.into_iter().find(|p| p.name() == given) {
            return Ok(packet);
        }
        let wanted = fold(given);
        let exact = Packet::ALL
            .into_iter()
            .find(|p| folds_to(p.name(), &wanted));
        // Any run of its words ("do not", "missiles"), or the start of its name ("thirty").
        let by_word: Vec<Packet> = Packet::ALL
            .into_iter()
            .filter(|p| {
                let words: Vec<String> = p.name().split_whitespace().map(fold).collect();
                let runs = (0..words.len())
                    .flat_map(|i| (i + 1..=words.len()).map(move |j| (i, j)))
                    .any(|(i, j)| words[i..j].concat() == wanted);
                runs || (wanted.len() >= 3 && fold(p.name()).starts_with(&wanted))
            })
            .collect();
        match (exact, by_word.as_slice()) {
            (Some(packet), _) => Ok(packet),
            (None, [only]) if !wanted.is_empty() => Ok(*only),
            _ => Err(Refusal::UnknownName {
                what: "packet",
                given: given.to_string(),
                closest: {
                    let hints = closest(given, Packet::ALL.iter().map(|p| p.name()));
                    if hints.is_empty() {
                        Packet::ALL.iter().map(|p| p.name().to_string()).collect()
                    } else {
                        hints
                    }
                },
            }),
        }
    }
}
