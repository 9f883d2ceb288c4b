//! The parts of a game the form asks in turn, each changed whole at the confirmation.

use crate::domain::Game;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Date,
    Players,
    Results,
    Scars,
    Wear,
    Reward,
    HeldOn,
    Packets,
    Sealed,
    Note,
}

impl Part {
    /// The part and its answer, as a menu lists it: "the date (2026-11-20)".
    pub fn line(self, game: &Game) -> String {
        let none = |items: usize| if items == 0 { " (none)" } else { "" };
        match self {
            Part::Date => format!("the date ({})", game.date),
            Part::Players => format!(
                "the players, factions and HQs ({})",
                game.seats
                    .iter()
                    .map(|s| s.person.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Part::Results => format!(
                "the results ({} won)",
                game.winner().map_or("nobody", |w| w.person.as_str())
            ),
            Part::Scars => format!("the scars{}", none(game.scars.len())),
            Part::Wear => format!("the boxes ticked{}", none(game.wear.len())),
            Part::Reward => "the winner's reward".to_string(),
            Part::HeldOn => format!("the held-on rewards{}", none(game.held_on.len())),
            Part::Packets => format!("the packets opened{}", none(game.opened.len())),
            Part::Sealed => format!(
                "the sealed changes, event cards and missions{}",
                none(game.events.len() + game.event_cards.len() + game.missions.len())
            ),
            Part::Note => "the note".to_string(),
        }
    }
}
