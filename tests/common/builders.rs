//! Building blocks of the domain-level tests of the rules: territories by name, dates a week
//! apart, seats at the table, and entries applied expecting the rules to allow or refuse.

use chronicle::domain::{
    Applied, Campaign, Entry, Faction, Game, Outcome, Refusal, Seat, Territory,
};
use chrono::{Days, NaiveDate};

pub(crate) fn t(name: &str) -> Territory {
    Territory::find(name).unwrap_or_else(|r| panic!("{name}: {r}"))
}

pub(crate) fn date(day: u64) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 1, 1).unwrap() + Days::new(day)
}

/// A week after the campaign's last game (or the first date).
pub(crate) fn next_date(c: &Campaign) -> NaiveDate {
    c.last_date().map_or(date(0), |d| d + Days::new(7))
}

/// A player: the faction is given as a player types it ("bear", "khan").
pub(crate) fn seat(person: &str, faction_word: &str, result: Outcome) -> Seat {
    Seat {
        person: person.to_string(),
        faction: Faction::new(faction_word),
        result,
        hq: None,
    }
}

pub(crate) fn seat_at(person: &str, faction_word: &str, result: Outcome, hq: &str) -> Seat {
    Seat {
        hq: Some(t(hq)),
        ..seat(person, faction_word, result)
    }
}

/// An entry, or a game to be one.
pub(crate) trait IntoEntry {
    fn into_entry(self) -> Entry;
}
impl IntoEntry for Entry {
    fn into_entry(self) -> Entry {
        self
    }
}
impl IntoEntry for Game {
    fn into_entry(self) -> Entry {
        Entry::Game(Box::new(self))
    }
}

/// Applying an entry: `allow` expects the rules to accept it, `refuse` expects a refusal
/// that leaves the campaign exactly as it was.
pub(crate) trait Log {
    fn allow(&mut self, entry: impl IntoEntry) -> Applied;
    fn refuse(&mut self, entry: impl IntoEntry) -> Refusal;
}

impl Log for Campaign {
    fn allow(&mut self, entry: impl IntoEntry) -> Applied {
        let entry = entry.into_entry();
        self.apply(&entry)
            .unwrap_or_else(|r| panic!("refused: {r}\n{entry:#?}"))
    }

    fn refuse(&mut self, entry: impl IntoEntry) -> Refusal {
        let before = self.clone();
        let entry = entry.into_entry();
        let refusal = match self.apply(&entry) {
            Ok(applied) => panic!("allowed, expected a refusal: {applied:#?}"),
            Err(refusal) => refusal,
        };
        assert!(
            *self == before,
            "the refusal changed the campaign: {refusal}"
        );
        refusal
    }
}
