//! A game night begun: the game form (the questions the guided prompt and the phone walk,
//! `ledger::form`) for the campaign as it stands, with what its log makes likely (last
//! game's seating, factions and HQs), and the head of the log it was read at.

use chrono::NaiveDate;

use super::LedgerError;
use super::form::{GameForm, Usual};
use crate::domain::Head;
use crate::domain::log::fold;
use crate::store::{Store, StoreError};

/// A game form begun on the campaign as it stands.
pub struct Started {
    pub campaign: String,
    pub form: GameForm,
    pub head: Head,
}

/// Begins a game form for the chosen campaign, read on one snapshot; `today` is the latest
/// day the game may be dated.
pub fn start_game(
    store: &Store,
    campaign: Option<&str>,
    today: NaiveDate,
) -> Result<Started, LedgerError> {
    let (name, head, stored) = store.snapshot(|store| {
        let info = store.choose_campaign(campaign)?;
        Ok::<_, StoreError>((info.name, store.log_head(info.id)?, store.read(info.id)?))
    })?;
    let state = fold(&stored.entries)?;
    let standing = stored.standing();
    let usual = Usual::of_entries(standing.iter().map(|e| &*e.entry));
    Ok(Started {
        campaign: name,
        form: GameForm::new(state, today, usual),
        head,
    })
}
