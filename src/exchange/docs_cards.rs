//! A game's event cards, missions and draft in the campaign file, and back.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::{Draft, EventCard, Mission};

/// An event card drawn in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EventCardDoc {
    /// The card's name, as the campaign first wrote it ("Agent of Chaos").
    pub name: String,
    /// The person it favoured or hit, at the table.
    pub person: Option<String>,
    /// What it did, in a few words.
    pub text: Option<String>,
}

impl EventCardDoc {
    pub(super) fn new(card: &EventCard) -> EventCardDoc {
        EventCardDoc {
            name: card.name.clone(),
            person: card.person.clone(),
            text: card.text.clone(),
        }
    }

    pub(super) fn card(&self) -> EventCard {
        EventCard {
            name: self.name.clone(),
            person: self.person.clone(),
            text: self.text.clone(),
        }
    }
}

/// A game's mission card, and who completed it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MissionDoc {
    pub text: String,
    /// Who completed it; null when nobody did.
    pub done_by: Option<String>,
}

impl MissionDoc {
    pub(super) fn new(mission: &Mission) -> MissionDoc {
        MissionDoc {
            text: mission.text.clone(),
            done_by: mission.done_by.clone(),
        }
    }

    pub(super) fn mission(&self) -> Mission {
        Mission {
            text: self.text.clone(),
            done_by: self.done_by.clone(),
        }
    }
}

/// A game's event cards and missions as the domain has them.
pub(super) fn cards(
    event_cards: &[EventCardDoc],
    missions: &[MissionDoc],
) -> (Vec<EventCard>, Vec<Mission>) {
    (
        event_cards.iter().map(EventCardDoc::card).collect(),
        missions.iter().map(MissionDoc::mission).collect(),
    )
}

/// What the draft gave one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DraftDoc {
    pub person: String,
    pub turn: Option<u8>,
    pub placement: Option<u8>,
    pub troops: Option<u8>,
    pub coins: Option<u8>,
}

impl DraftDoc {
    pub(super) fn new(d: &Draft) -> DraftDoc {
        DraftDoc {
            person: d.person.clone(),
            turn: d.turn,
            placement: d.placement,
            troops: d.troops,
            coins: d.coins,
        }
    }

    pub(super) fn draft(&self) -> Draft {
        Draft {
            person: self.person.clone(),
            turn: self.turn,
            placement: self.placement,
            troops: self.troops,
            coins: self.coins,
        }
    }
}
