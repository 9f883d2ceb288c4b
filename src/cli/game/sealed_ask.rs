//! The guided prompt's questions about sealed content during play, asked once a packet is
//! open: events that fortify a city, destroy a card or a city, a group mark, fallout, the
//! world capital, and the event cards and missions (`cards_ask`). Only legal targets are
//! offered.

use super::ask::Ask;
use super::labels::place;
use crate::cli::error::CliError;
use crate::cli::explain::Asked;
use crate::domain::{Campaign, Game, Packet, PlayEvent, PoolKind, Territory};

/// The kinds of sealed change, as offered.
const KINDS: [&str; 6] = [
    "an event fortified a city",
    "an event destroyed a territory card",
    "an event destroyed a city",
    "a group mark on a territory",
    "fallout hit a territory",
    "the world capital was placed",
];

/// Asks for the sealed changes of the game; nothing is asked while every packet is sealed.
pub(super) fn ask_sealed(
    ask: &Ask,
    campaign: &Campaign,
    game: &mut Game,
) -> Result<bool, CliError> {
    let opened = |p: Packet| campaign.opened(p).is_some() || game.opened.contains(&p);
    if !Packet::ALL.into_iter().any(opened) {
        return Ok(false);
    }
    let capital = opened(Packet::WorldCapital);
    let mut question = "Did sealed content change the board (an event, a group mark, fallout)?";
    while ask.confirm(question, false)? {
        let state = campaign
            .after_play(game)
            .map_err(|r| CliError::refused(r, Asked::Prompt))?;
        let kinds: Vec<String> = KINDS
            .iter()
            .take(if capital && state.left(&PoolKind::WorldCapital) > 0 {
                6
            } else {
                5
            })
            .map(ToString::to_string)
            .collect();
        let kind = ask.choose("What changed", &kinds, 0)?;
        let has_event = |t: &Territory| {
            game.events.iter().any(|e| match e {
                PlayEvent::Fallout { territory } | PlayEvent::DestroyCity { territory } => {
                    territory == t
                }
                _ => false,
            })
        };
        let targets: Vec<Territory> = state
            .territories()
            .filter(|t| {
                let here = state.territory(t);
                match kind {
                    0 | 2 => here.city.is_some() && !has_event(t),
                    1 => here.card.destroyed.is_none(),
                    3 => here.mark.is_none(),
                    4 => here.fallout.is_none() && !has_event(t),
                    _ => here.city.is_none(),
                }
            })
            .collect();
        if targets.is_empty() {
            question = "Another sealed change?";
            continue;
        }
        let names: Vec<String> = targets.iter().map(|t| place(&state, t)).collect();
        let territory = targets[ask.search("Which territory (type to search)", &names)?].clone();
        game.events.push(match kind {
            0 => PlayEvent::Fortify { territory },
            1 => PlayEvent::DestroyCard { territory },
            2 => PlayEvent::DestroyCity { territory },
            3 => PlayEvent::Mark {
                territory,
                text: ask.validated_text("What the mark says", "", |t| {
                    (!t.trim().is_empty())
                        .then_some(())
                        .ok_or_else(|| "a few words".to_string())
                })?,
            },
            4 => PlayEvent::Fallout { territory },
            _ => PlayEvent::WorldCapital {
                territory,
                name: ask.validated_text("Name of the world capital", "", |t| {
                    (!t.trim().is_empty())
                        .then_some(())
                        .ok_or_else(|| "a name".to_string())
                })?,
            },
        });
        question = "Another sealed change?";
    }
    super::cards_ask::ask_cards(ask, campaign, game)?;
    Ok(true)
}
