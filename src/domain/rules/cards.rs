//! Event cards and missions: sealed content a game records as facts (rules §6g). An event
//! card is drawn from a deck that sealed packets add (*Minor cities*, *Second signature*,
//! *Three missiles*); missions come with *Second signature* (private ones with *World
//! capital*). Each names a person who sat at the table; what an event changed on the board
//! is recorded as that change too, with the flags for it (`--event-fortify`,
//! `--destroy-city`, ...). A packet a game opens at its end (*Minor cities*, *Second
//! signature*) holds no card of that game: its cards were drawn before it opened.

use super::table::named_at_table;
use crate::domain::entry::validate;
use crate::domain::entry::{EventCard, Mission, Seat};
use crate::domain::state::{Campaign, Name};
use crate::domain::vocabulary::names::valid_name;
use crate::domain::vocabulary::packet::Packet;
use crate::domain::vocabulary::refusal::Refusal;
use crate::domain::vocabulary::refusal_parts::Part;

/// The packets that add event cards to the game.
pub const EVENT_PACKETS: [Packet; 3] = [
    Packet::MinorCities,
    Packet::SecondSignature,
    Packet::ThreeMissiles,
];

/// The packets that add missions: the game's mission with *Second signature*, private
/// missions with *World capital*.
pub const MISSION_PACKETS: [Packet; 2] = [Packet::SecondSignature, Packet::WorldCapital];

/// The longest text of what an event did, or of a mission card.
pub const MAX_CARD_TEXT: usize = 200;

/// The packets a game opens at its end: the 9th minor city is a held-on reward and the
/// second signature is the winner's, both made once the game is over, so no card drawn
/// during the game comes from them (rules §6g).
pub const OPENED_AT_GAME_END: [Packet; 2] = [Packet::MinorCities, Packet::SecondSignature];

impl Campaign {
    /// Whether the cards of a packet may be drawn in a game that opens `opened_now`: it was
    /// opened before the game, or it opens during play in this one (not at its end).
    pub fn holds_cards_now(&self, packet: Packet, opened_now: &[Packet]) -> bool {
        self.opened(packet).is_some()
            || (opened_now.contains(&packet) && !OPENED_AT_GAME_END.contains(&packet))
    }

    /// A card (`what`) of game `game` comes from one of `packets`, open before the game or
    /// opened during its play; else the refusal names the packets the game opened at its
    /// end, or those still sealed.
    fn card_open(
        &self,
        what: &'static str,
        packets: &[Packet],
        opened_now: &[Packet],
        game: u32,
    ) -> Result<(), Refusal> {
        if packets.iter().any(|&p| self.holds_cards_now(p, opened_now)) {
            return Ok(());
        }
        let at_end: Vec<Packet> = packets
            .iter()
            .copied()
            .filter(|p| opened_now.contains(p))
            .collect();
        if at_end.is_empty() {
            return Err(Refusal::SealedNotOpen {
                what,
                packets: packets.to_vec(),
            });
        }
        Err(Refusal::PacketOpenedAtGameEnd {
            what,
            packets: at_end,
            game,
        })
    }

    /// The event cards of a game as recorded: each drawn once a packet that holds events is
    /// open (before the game, or during its play), its name as the campaign first wrote it
    /// (ignoring case), the person it favoured or hit spelt as at the table.
    pub(in crate::domain) fn draw_events(
        &mut self,
        cards: &[EventCard],
        opened_now: &[Packet],
        seats: &[Seat],
        game: u32,
    ) -> Result<Vec<EventCard>, Refusal> {
        if cards.is_empty() {
            return Ok(Vec::new());
        }
        self.card_open("An event card", &EVENT_PACKETS, opened_now, game)?;
        let mut recorded = Vec::with_capacity(cards.len());
        for card in cards {
            let name = valid_name("event card", &card.name)?;
            let name = self.event_card_name(&name);
            let person = named_at_table(seats, card.person.as_deref(), game, || {
                (
                    Part::EventCard,
                    format!("the {name} event cannot name them"),
                )
            })?;
            let text = card
                .text
                .as_deref()
                .map(|t| validate::text("event's text", t, MAX_CARD_TEXT, false))
                .transpose()?
                .filter(|t| !t.is_empty());
            recorded.push(EventCard {
                name: name.to_string(),
                person,
                text,
            });
        }
        Ok(recorded)
    }

    /// An event card's name as the campaign first wrote it; a new one is kept from now on.
    fn event_card_name(&mut self, name: &str) -> Name {
        let key = name.to_lowercase();
        if let Some(known) = self.event_cards.iter().find(|n| n.to_lowercase() == key) {
            return known.clone();
        }
        let name = Name::from(name);
        self.event_cards.push(name.clone());
        name
    }

    /// The missions of a game as recorded: once a packet that holds missions is open (before
    /// the game, or during its play), each with its card's text and who completed it, spelt
    /// as at the table.
    pub(in crate::domain) fn play_missions(
        &self,
        missions: &[Mission],
        opened_now: &[Packet],
        seats: &[Seat],
        game: u32,
    ) -> Result<Vec<Mission>, Refusal> {
        if missions.is_empty() {
            return Ok(Vec::new());
        }
        self.card_open("A mission", &MISSION_PACKETS, opened_now, game)?;
        missions
            .iter()
            .map(|mission| {
                let text = validate::text("mission", &mission.text, MAX_CARD_TEXT, false)?;
                if text.is_empty() {
                    return Err(Refusal::BadName {
                        what: "mission",
                        name: text,
                        problem: crate::domain::vocabulary::refusal::NameProblem::Empty,
                    });
                }
                let done_by = named_at_table(seats, mission.done_by.as_deref(), game, || {
                    (
                        Part::Mission,
                        format!("they cannot have completed the mission \"{text}\""),
                    )
                })?;
                Ok(Mission { text, done_by })
            })
            .collect()
    }

    /// The event cards the campaign has seen, in the order they were first drawn.
    pub fn event_cards(&self) -> impl Iterator<Item = &str> {
        self.event_cards.iter().map(|n| &**n)
    }
}
