//! A group's own words for names (`alias add ALIAS NAME`): an entry of the log, and after
//! it the alias finds its territory, continent, person or faction wherever one is asked.
//! And people retired from the lists of who plays next (`person retire NAME`).

use super::apply::Applied;
use crate::domain::entry::{AliasOf, Entry};
use crate::domain::state::Campaign;
use crate::domain::state::Name;
use crate::domain::vocabulary::names::{fold, valid_name};
use crate::domain::vocabulary::refusal::Refusal;

impl Campaign {
    /// What the alias stands for, if the group made it one.
    pub(crate) fn alias_of(&self, given: &str) -> Option<&AliasOf> {
        if self.aliases.is_empty() {
            return None;
        }
        self.aliases.find(&fold(given))
    }

    /// The aliases, as the group wrote them, in the order they were made.
    pub fn aliases(&self) -> impl Iterator<Item = (&str, &AliasOf)> {
        self.aliases
            .iter()
            .map(|(_, alias, of)| (alias.as_str(), of))
    }

    /// What a name already stands for without aliases, if anything.
    /// (As `find_territory`, `find_continent`, `known_person` and `find_faction` would
    /// find it, without working out the hints of a name none of them knows: the hints cost
    /// more than all the lookups, and an alias is a name nothing else has.)
    fn standing_for(&self, name: &str) -> Option<AliasOf> {
        if let Ok(t) = crate::domain::board::Territory::lookup(name) {
            return Some(AliasOf::Territory(t));
        }
        // A territory sealed content added, or a city's name: `find_territory` asks the
        // aliases first, so an alias of the same name would hide them.
        if let Some(t) = self.named_here(&fold(name)) {
            return Some(AliasOf::Territory(t));
        }
        let alias = self.alias_of(name);
        if let Some(AliasOf::Continent(c)) = alias {
            return Some(AliasOf::Continent(*c));
        }
        if let Some(c) = self.continent_named(name) {
            return Some(AliasOf::Continent(c));
        }
        if let Some(p) = self.known_person(name) {
            return Some(AliasOf::Person(p.to_string()));
        }
        if let Some(AliasOf::Faction(f)) = alias {
            return Some(AliasOf::Faction(f.clone()));
        }
        crate::domain::board::faction::lookup(name, &self.factions)
            .ok()
            .map(AliasOf::Faction)
    }

    pub(in crate::domain) fn add_alias(
        &mut self,
        alias: &str,
        of: &AliasOf,
    ) -> Result<Applied, Refusal> {
        let alias = valid_name("alias", alias)?;
        let of = match of {
            AliasOf::Person(p) => AliasOf::Person(self.find_person(p)?.to_string()),
            AliasOf::Faction(f) => AliasOf::Faction(self.known_faction(f)?),
            other => other.clone(),
        };
        let taken = self
            .alias_of(&alias)
            .cloned()
            .or_else(|| self.standing_for(&alias));
        if let Some(taken) = taken
            && taken != of
        {
            return Err(Refusal::AliasTaken {
                alias,
                what: taken.kind(),
                name: taken.name(),
            });
        }
        self.aliases
            .push(Name::from(fold(&alias).as_str()), alias.clone(), of.clone());
        Ok(Applied::of(Entry::Alias { alias, of }))
    }

    /// Whether the person is retired from the lists of who plays next.
    pub(crate) fn is_retired(&self, person: &str) -> bool {
        self.known_person(person)
            .is_some_and(|p| self.retired.iter().any(|r| **r == *p))
    }

    pub(in crate::domain) fn retire(
        &mut self,
        person: &str,
        retired: bool,
    ) -> Result<Applied, Refusal> {
        let person = self.find_person(person)?.to_string();
        if self.is_retired(&person) == retired {
            return Err(Refusal::RetiredAlready { person, retired });
        }
        if retired {
            self.retired.push(Name::from(person.as_str()));
        } else {
            self.retired.retain(|r| **r != *person);
        }
        Ok(Applied::of(Entry::Retire { person, retired }))
    }
}
