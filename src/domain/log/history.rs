//! The campaign's history, derived from its log alone: every change in order with its game,
//! person and faction, and when each packet's condition was met.

use chrono::NaiveDate;

use super::describe::{Happening, happenings};
use crate::domain::board::faction::Faction;
use crate::domain::board::{Continent, Territory};
use crate::domain::entry::Entry;
use crate::domain::state::Campaign;
use crate::domain::state::lookup::person_key;
use crate::domain::vocabulary::change::ChangeKind;
use crate::domain::vocabulary::refusal::Refusal;

/// One change in the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryItem {
    /// The entry of the log it belongs to, from 0.
    pub entry: usize,
    /// The game, for a change made in a game.
    pub game: Option<u32>,
    /// The game's date, for a change made in a game.
    pub date: Option<NaiveDate>,
    /// The games played before the entry: for an entry between games, "after game N".
    pub after_game: u32,
    pub happening: Happening,
}

/// Whether an entry of the log stands or was taken back (with its game's number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    Stands,
    TakenBack { game: Option<u32> },
}

/// Every change of the log, in order, and the campaign the entries that stand fold to. An
/// entry taken back is not applied: it yields a single `undo` change that says what it had
/// changed.
pub fn events<'a>(
    entries: impl IntoIterator<Item = (&'a Entry, Standing)>,
) -> Result<(Vec<HistoryItem>, Campaign), (usize, Refusal)> {
    let mut walk = Events::default();
    let mut events = Vec::new();
    for (index, (entry, standing)) in entries.into_iter().enumerate() {
        walk.next(entry, standing, |item| events.push(item))
            .map_err(|refusal| (index, refusal))?;
    }
    Ok((events, walk.campaign))
}

/// The history worked out one entry of the log at a time, for a log too long to hold: the
/// campaign so far, and where in the log the next entry is.
#[derive(Debug, Default)]
pub(crate) struct Events {
    campaign: Campaign,
    index: usize,
}

impl Events {
    /// Hands `each` the changes of the log's next entry, and applies it when it stands.
    pub(crate) fn next(
        &mut self,
        entry: &Entry,
        standing: Standing,
        mut each: impl FnMut(HistoryItem),
    ) -> Result<(), Refusal> {
        let index = self.index;
        self.index += 1;
        let campaign = &mut self.campaign;
        let date = match entry {
            Entry::Game(game) => Some(game.date),
            _ => None,
        };
        let changes = happenings(campaign, entry);
        let after_game = campaign.games_played();
        if let Standing::TakenBack { game } = standing {
            let had: Vec<String> = changes.iter().map(Happening::clause).collect();
            let what = game.map_or("an entry".to_string(), |g| format!("game {g}"));
            let mut happening = Happening::new(
                ChangeKind::Undo,
                format!("took back {what}, in which: {}", had.join("; ")),
            );
            if changes.iter().any(|c| c.without_reason.is_some()) {
                let had: Vec<String> = changes
                    .iter()
                    .map(Happening::clause_without_reason)
                    .collect();
                happening.without_reason =
                    Some(format!("took back {what}, in which: {}", had.join("; ")));
            }
            happening.territory = None;
            each(HistoryItem {
                entry: index,
                game,
                date: None,
                after_game,
                happening,
            });
            return Ok(());
        }
        // The history describes a log that was checked when each of its records was
        // written (and by `check`): the walk needs the board each entry shapes.
        let applied = campaign.replay_exempt(entry)?;
        for happening in changes {
            each(HistoryItem {
                entry: index,
                game: applied.game,
                date,
                after_game,
                happening,
            });
        }
        Ok(())
    }
}

/// Which changes to keep: each given part must match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub territory: Option<Territory>,
    pub continent: Option<Continent>,
    pub person: Option<String>,
    pub faction: Option<Faction>,
    pub game: Option<u32>,
    /// Only changes of these kinds (any of them); every kind when empty.
    pub kinds: Vec<ChangeKind>,
}

impl Filter {
    pub fn matches(&self, event: &HistoryItem) -> bool {
        let h = &event.happening;
        self.territory
            .as_ref()
            .is_none_or(|t| h.territory.as_ref() == Some(t))
            && self.continent.is_none_or(|c| h.continent == Some(c))
            && self.person.as_ref().is_none_or(|p| {
                h.person
                    .as_ref()
                    .is_some_and(|q| person_key(q) == person_key(p))
            })
            && self
                .faction
                .as_ref()
                .is_none_or(|f| h.faction.as_ref() == Some(f))
            && self.game.is_none_or(|g| event.game == Some(g))
            && (self.kinds.is_empty() || self.kinds.contains(&h.kind))
    }
}
