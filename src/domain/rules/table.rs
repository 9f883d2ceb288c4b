//! Facts about the players at one game beyond their results: what the draft gave each seat,
//! and who placed a scar. Each names a person who sat at the table.

use crate::domain::entry::{Draft, ScarPlacement, Seat};
use crate::domain::state::lookup::person_key;
use crate::domain::vocabulary::refusal::Refusal;
use crate::domain::vocabulary::refusal_parts::Part;

/// The seat of the person, by their spelling or their key (case and accents ignored).
pub(in crate::domain) fn seated<'a>(seats: &'a [Seat], person: &str) -> Option<&'a Seat> {
    let key = person_key(person);
    seats
        .iter()
        .find(|s| s.person == person || person_key(&s.person) == key)
}

/// The person a card names, as seated at the table (none when it names nobody); `what`
/// says what they could not have done, for the refusal when they did not sit there.
pub(in crate::domain) fn named_at_table(
    seats: &[Seat],
    person: Option<&str>,
    game: u32,
    what: impl FnOnce() -> (Part, String),
) -> Result<Option<String>, Refusal> {
    person
        .map(|person| {
            seated(seats, person)
                .map(|s| s.person.clone())
                .ok_or_else(|| not_at_table(seats, person, game, what()))
        })
        .transpose()
}

pub(in crate::domain) fn not_at_table(
    seats: &[Seat],
    person: &str,
    game: u32,
    (about, what): (Part, String),
) -> Refusal {
    Refusal::NotAtTheTable {
        person: person.trim().to_string(),
        game,
        what,
        about,
        players: seats.iter().map(|s| s.person.clone()).collect(),
    }
}

/// The scars with who placed them spelt as at the table.
pub(in crate::domain) fn scars_placed_by(
    scars: Vec<ScarPlacement>,
    given: &[ScarPlacement],
    seats: &[Seat],
    game: u32,
) -> Result<Vec<ScarPlacement>, Refusal> {
    scars
        .into_iter()
        .zip(given)
        .map(|(mut scar, given)| {
            if let Some(by) = &given.by {
                let seat = seated(seats, by).ok_or_else(|| {
                    not_at_table(
                        seats,
                        by,
                        game,
                        (
                            Part::Scar,
                            format!("cannot have placed the scar on {}", scar.territory.name()),
                        ),
                    )
                })?;
                scar.by = Some(seat.person.clone());
            }
            Ok(scar)
        })
        .collect()
}

/// The draft results, checked against the table: each for a seated person, once; turn and
/// placement order from 1 to the number of players, each number once.
pub(in crate::domain) fn draft(
    given: &[Draft],
    seats: &[Seat],
    game: u32,
) -> Result<Vec<Draft>, Refusal> {
    let mut recorded: Vec<Draft> = Vec::with_capacity(given.len());
    for draft in given {
        let seat = seated(seats, &draft.person).ok_or_else(|| {
            not_at_table(
                seats,
                &draft.person,
                game,
                (Part::Draft, "has no draft result".to_string()),
            )
        })?;
        if recorded.iter().any(|d| d.person == seat.person) {
            return Err(Refusal::SamePersonTwice {
                person: format!("{} (in the draft)", seat.person),
            });
        }
        for (what, value, earlier) in [
            (
                "turn",
                draft.turn,
                recorded
                    .iter()
                    .map(|d| (d.turn, &d.person))
                    .collect::<Vec<_>>(),
            ),
            (
                "placement",
                draft.placement,
                recorded.iter().map(|d| (d.placement, &d.person)).collect(),
            ),
        ] {
            let Some(value) = value else { continue };
            if value == 0 || usize::from(value) > seats.len() {
                return Err(Refusal::DraftOutOfRange {
                    person: seat.person.clone(),
                    what,
                    given: value,
                    players: seats.len(),
                });
            }
            if let Some((_, first)) = earlier.iter().find(|(v, _)| *v == Some(value)) {
                return Err(Refusal::DraftTwice {
                    what,
                    given: value,
                    first: (*first).clone(),
                    second: seat.person.clone(),
                });
            }
        }
        recorded.push(Draft {
            person: seat.person.clone(),
            ..draft.clone()
        });
    }
    Ok(recorded)
}
