//! Building blocks of the domain-level tests of the rules: territories by name, dates a week
//! apart, seats at the table.

use chronicle::domain::{Campaign, Faction, Outcome, Seat, Territory};
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
