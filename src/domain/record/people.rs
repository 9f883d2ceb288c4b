//! The people an entry names, in every part that names one: a game's seats, the held-on
//! rewards, the scars placed, the draft, the event cards and the missions; the world's
//! namer, a person retired or back, a person's alias. A renaming or a merging reaches each
//! of them, so that the replay finds the person at the table under the name they have now.

use crate::domain::entry::{AliasOf, Entry, Game};

/// Every person an entry names, as written (a name once for each part that names it).
pub(super) fn people_of(entry: &Entry) -> Vec<&str> {
    match entry {
        Entry::Game(game) => people_of_game(game),
        Entry::NameWorld { by, .. }
        | Entry::Retire { person: by, .. }
        | Entry::Alias {
            of: AliasOf::Person(by),
            ..
        } => vec![by.as_str()],
        Entry::Photo(photo) => photo.by.iter().map(String::as_str).collect(),
        _ => Vec::new(),
    }
}

fn people_of_game(game: &Game) -> Vec<&str> {
    let seats = game.seats.iter().map(|s| s.person.as_str());
    let held_on = game.held_on.iter().map(|h| h.person.as_str());
    let draft = game.draft.iter().map(|d| d.person.as_str());
    let scars = game.scars.iter().filter_map(|s| s.by.as_deref());
    let events = game.event_cards.iter().filter_map(|e| e.person.as_deref());
    let missions = game.missions.iter().filter_map(|m| m.done_by.as_deref());
    seats
        .chain(held_on)
        .chain(draft)
        .chain(scars)
        .chain(events)
        .chain(missions)
        .collect()
}

/// Every person an entry names, to be renamed in place: the same parts as `people_of`.
pub(super) fn people_of_mut(entry: &mut Entry) -> Vec<&mut String> {
    match entry {
        Entry::Game(game) => {
            let Game {
                seats,
                held_on,
                draft,
                scars,
                event_cards,
                missions,
                ..
            } = &mut **game;
            let seats = seats.iter_mut().map(|s| &mut s.person);
            let held_on = held_on.iter_mut().map(|h| &mut h.person);
            let draft = draft.iter_mut().map(|d| &mut d.person);
            let scars = scars.iter_mut().filter_map(|s| s.by.as_mut());
            let events = event_cards.iter_mut().filter_map(|e| e.person.as_mut());
            let missions = missions.iter_mut().filter_map(|m| m.done_by.as_mut());
            seats
                .chain(held_on)
                .chain(draft)
                .chain(scars)
                .chain(events)
                .chain(missions)
                .collect()
        }
        Entry::NameWorld { by, .. }
        | Entry::Retire { person: by, .. }
        | Entry::Alias {
            of: AliasOf::Person(by),
            ..
        } => vec![by],
        Entry::Photo(photo) => photo.by.iter_mut().collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::entry::{Draft, EventCard, HeldOnChoice, HeldOnReward, Mission};
    use crate::domain::entry::{Outcome, ScarPlacement, Seat};
    use crate::domain::{Faction, Territory};
    use chrono::NaiveDate;

    /// A game in which every part that can name a person names Bo.
    fn game_naming_bo_everywhere() -> Entry {
        let peru = Territory::find("Peru").expect("Peru");
        let seat = |person: &str, result| Seat {
            person: person.to_string(),
            faction: Faction::new("bear"),
            result,
            hq: None,
        };
        let mut game = Game::new(
            NaiveDate::from_ymd_opt(2026, 1, 2).expect("a date"),
            vec![seat("Ann", Outcome::Won), seat("Bo", Outcome::HeldOn)],
        );
        game.held_on = vec![HeldOnReward {
            person: "Bo".into(),
            choice: HeldOnChoice::AddResource {
                territory: peru.clone(),
            },
        }];
        game.draft = vec![Draft {
            person: "Bo".into(),
            turn: Some(1),
            ..Draft::default()
        }];
        game.scars = vec![ScarPlacement {
            territory: peru,
            scar: "Bunker".into(),
            by: Some("Bo".into()),
        }];
        game.event_cards = vec![EventCard {
            name: "Storm".into(),
            person: Some("Bo".into()),
            text: None,
        }];
        game.missions = vec![Mission {
            text: "Hold Asia".into(),
            done_by: Some("Bo".into()),
        }];
        Entry::Game(Box::new(game))
    }

    #[test]
    fn every_part_of_a_game_that_names_a_person_is_found_and_renamed() {
        let mut entry = game_naming_bo_everywhere();
        let named = people_of(&entry);
        assert_eq!(named.iter().filter(|p| **p == "Bo").count(), 6, "{named:?}");
        for person in people_of_mut(&mut entry) {
            if person == "Bo" {
                *person = "Boris".into();
            }
        }
        let written = format!("{entry:?}");
        assert!(!written.contains("\"Bo\""), "{written}");
        assert_eq!(written.matches("\"Boris\"").count(), 6, "{written}");
    }
}
