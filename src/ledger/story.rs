//! `story`: the whole campaign as a chronicle, read on one snapshot like every other
//! report. Its own function rather than a [`super::View`]: it is a book drawn to a file,
//! not a page or a table the served pages and the API show.

use crate::report::spoilers::Spoilers;
use crate::report::story::Story;
use crate::store::{Store, StoreError};

use super::LedgerError;

/// The chosen campaign told game by game, with the board after each; with
/// `Spoilers::None`, nothing that came from a packet (and no free text unless `notes`).
pub fn story(
    store: &Store,
    campaign: Option<&str>,
    spoilers: Spoilers,
    notes: bool,
) -> Result<Story, LedgerError> {
    let (name, stored) = store.snapshot(|store| {
        let info = store.choose_campaign(campaign)?;
        Ok::<_, StoreError>((info.name, store.read(info.id)?))
    })?;
    Ok(Story::new(
        &name,
        &stored.entries,
        &stored.corrections,
        &stored.inserted,
        spoilers,
        notes,
    )?)
}
