//! A game's event cards and missions as a sheet gives them: `event = "NAME[@PERSON][: WHAT]"`,
//! `mission = "TEXT[@PERSON]"` and `mission-done = PERSON`.

use super::{Field, SheetError};
use crate::domain::{EventCard, Mission};

const EVENT_FORM: &str =
    "NAME[@PERSON][: WHAT], e.g. \"Agent of Chaos@Louis: a star\" or \"Resistance\"";

/// `event`, `NAME[@PERSON][: WHAT]`: the card, the person it favoured or hit, what it did.
pub(super) fn event_cards(given: &[String]) -> Result<Vec<EventCard>, SheetError> {
    given.iter().map(|value| event_card(value)).collect()
}

fn event_card(value: &str) -> Result<EventCard, SheetError> {
    let (head, text) = match value.split_once(':') {
        Some((head, what)) => (head, Some(what.trim().to_string())),
        None => (value, None),
    };
    let (name, person) = match head.rsplit_once('@') {
        Some((name, person)) => (name.trim(), Some(person.trim())),
        None => (head.trim(), None),
    };
    if name.is_empty() || person.is_some_and(str::is_empty) || text.as_deref() == Some("") {
        return Err(SheetError::Form {
            field: Field::Event,
            given: value.to_string(),
            form: EVENT_FORM,
        });
    }
    Ok(EventCard {
        name: name.to_string(),
        person: person.map(str::to_string),
        text,
    })
}

/// `mission`, `TEXT[@PERSON]` (who completed it after `@`), and `mission-done`, `PERSON`, for
/// the one mission of a game.
pub(super) fn missions(given: &[String], done: &[String]) -> Result<Vec<Mission>, SheetError> {
    let mut missions: Vec<Mission> = given
        .iter()
        .map(|value| {
            let (text, by) = match value.rsplit_once('@') {
                Some((text, by)) => (text.trim(), Some(by.trim())),
                None => (value.trim(), None),
            };
            if text.is_empty() || by.is_some_and(str::is_empty) {
                return Err(SheetError::Form {
                    field: Field::Mission,
                    given: value.clone(),
                    form: "TEXT[@PERSON], e.g. \"conquer 4+ cities in one turn@Louis\"",
                });
            }
            Ok(Mission {
                text: text.to_string(),
                done_by: by.map(str::to_string),
            })
        })
        .collect::<Result<_, _>>()?;
    match (done, missions.as_mut_slice()) {
        ([], _) => {}
        ([person], [mission]) if mission.done_by.is_none() => {
            mission.done_by = Some(person.trim().to_string());
        }
        (_, []) => {
            return Err(SheetError::MissionDoneAlone);
        }
        _ => {
            return Err(SheetError::MissionDoneOfSeveral);
        }
    }
    Ok(missions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_takes_a_person_and_what_it_did() {
        let card = event_card("Agent of Chaos@Louis: a star after Andy broke Ryan's hold")
            .expect("an event");
        assert_eq!(card.name, "Agent of Chaos");
        assert_eq!(card.person.as_deref(), Some("Louis"));
        assert_eq!(
            card.text.as_deref(),
            Some("a star after Andy broke Ryan's hold")
        );
        let bare = event_card("Resistance").expect("an event");
        assert_eq!((bare.person, bare.text), (None, None));
        assert!(event_card("@Louis").is_err());
        assert!(event_card("Agent of Chaos@").is_err());
        assert!(event_card("Agent of Chaos:").is_err());
    }

    #[test]
    fn a_mission_done_goes_with_the_one_mission() {
        let one = missions(&["conquer 4+ cities".into()], &["Louis".into()]).expect("one");
        assert_eq!(one[0].done_by.as_deref(), Some("Louis"));
        let named = missions(&["a@Ann".into(), "b".into()], &[]).expect("two");
        assert_eq!(named[0].done_by.as_deref(), Some("Ann"));
        assert_eq!(named[1].done_by, None);
        assert!(missions(&["a".into(), "b".into()], &["Ann".into()]).is_err());
        assert!(missions(&[], &["Ann".into()]).is_err());
    }
}
