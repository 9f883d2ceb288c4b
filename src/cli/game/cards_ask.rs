//! The guided prompt's questions about the event cards drawn and the game's missions,
//! asked once a packet that holds them is open.

use super::ask::Ask;
use crate::cli::error::CliError;
use crate::domain::cards::{EVENT_PACKETS, MISSION_PACKETS};
use crate::domain::{Campaign, EventCard, Game, Mission, Packet};

/// Asks for the event cards and the missions of the game (nothing while their packets are
/// sealed).
pub(super) fn ask_cards(ask: &Ask, campaign: &Campaign, game: &mut Game) -> Result<(), CliError> {
    let opened = |p: Packet| campaign.opened(p).is_some() || game.opened.contains(&p);
    let people: Vec<String> = game.seats.iter().map(|s| s.person.clone()).collect();
    if EVENT_PACKETS.into_iter().any(opened) {
        let mut question = "Were event cards drawn?";
        while ask.confirm(question, false)? {
            game.event_cards.push(event_card(ask, campaign, &people)?);
            question = "Another event card?";
        }
    }
    if MISSION_PACKETS.into_iter().any(opened) {
        let text = ask.text("The game's mission (Enter for none)", "")?;
        if !text.trim().is_empty() {
            let mut who = vec!["(nobody)".to_string()];
            who.extend(people.iter().cloned());
            let done_by = ask.choose("Who completed it?", &who, 0)?;
            game.missions.push(Mission {
                text: text.trim().to_string(),
                done_by: done_by.checked_sub(1).map(|i| people[i].clone()),
            });
        }
    }
    Ok(())
}

/// One event card: its name (one seen before, or a new one), the person it named, what it
/// did.
fn event_card(ask: &Ask, campaign: &Campaign, people: &[String]) -> Result<EventCard, CliError> {
    let mut names: Vec<String> = campaign.event_cards().map(str::to_string).collect();
    names.push("(another card)".to_string());
    let pick = ask.search("Which event card (type to search)", &names)?;
    let name = match names.get(pick) {
        Some(name) if pick + 1 < names.len() => name.clone(),
        _ => ask.validated_text("The event card's name", "", |t| {
            (!t.trim().is_empty())
                .then_some(())
                .ok_or_else(|| "a name".to_string())
        })?,
    };
    let mut who = vec!["(nobody in particular)".to_string()];
    who.extend(people.iter().cloned());
    let person = ask.choose("Whom did it favour or hit?", &who, 0)?;
    let text = ask.text("What it did, in a few words (Enter to skip)", "")?;
    Ok(EventCard {
        name: name.trim().to_string(),
        person: person.checked_sub(1).map(|i| people[i].clone()),
        text: Some(text.trim().to_string()).filter(|t| !t.is_empty()),
    })
}
