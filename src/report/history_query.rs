//! A history asked for by names as a person types them (`history --territory Brazil
//! --kind scar`, or the same as query parameters of the served page): the names looked up
//! in the campaign, the log cut after `after`'s game, and the changes the filter keeps.

use super::history::{History, cut, walk};
use crate::domain::log::history::Filter;
use crate::domain::vocabulary::names::closest;
use crate::domain::{BrokenLog, Campaign, ChangeKind, LoggedEntry, Refusal};

/// The filters as given: names as typed, kinds by their key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HistoryQuery {
    pub territory: Option<String>,
    pub continent: Option<String>,
    pub player: Option<String>,
    pub faction: Option<String>,
    pub game: Option<u32>,
    pub kinds: Vec<String>,
    /// The world as it was after that game (see `--after`).
    pub after: Option<u32>,
}

/// Why a history cannot be given as asked.
#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error(transparent)]
    Broken(#[from] BrokenLog),
    #[error("There is no game {game}: this campaign has played {played} game{}.", if *played == 1 { "" } else { "s" })]
    NoGame { game: u32, played: u32 },
    #[error("There is no game {after} to look back to: this campaign has played {played} game{}; give --after from 0 to {played}.", if *played == 1 { "" } else { "s" })]
    NoAfter { after: u32, played: u32 },
    #[error("There is no kind of change \"{given}\".{} The kinds are {}.", hint(hints), ChangeKind::ALL.map(ChangeKind::key).join(", "))]
    UnknownKind { given: String, hints: Vec<String> },
}

fn hint(hints: &[String]) -> String {
    if hints.is_empty() {
        String::new()
    } else {
        format!(" Did you mean {}?", hints.join(" or "))
    }
}

impl QueryError {
    /// Whether the question is at fault (a name, a game, a kind), not the log.
    pub fn is_input(&self) -> bool {
        !matches!(self, QueryError::Broken(_))
    }
}

/// A kind of change by its key (`event`, `major_city`; `-` for `_`, any case).
pub fn change_kind(given: &str) -> Result<ChangeKind, QueryError> {
    let key = given.trim().to_lowercase().replace('-', "_");
    ChangeKind::ALL
        .into_iter()
        .find(|k| k.key() == key)
        .ok_or_else(|| QueryError::UnknownKind {
            given: given.to_string(),
            hints: closest(given, ChangeKind::ALL.iter().map(|k| k.key())),
        })
}

impl HistoryQuery {
    /// The changes of a log (every entry, in the order of the log) the query keeps.
    pub fn history(&self, entries: &[LoggedEntry]) -> Result<History, QueryError> {
        let entries = cut(entries, self.after);
        let walked = walk(entries)?;
        let played = walked.campaign().games_played();
        if let Some(after) = self.after
            && after > played
        {
            return Err(QueryError::NoAfter { after, played });
        }
        let last_game = entries.iter().filter_map(|e| e.game).max().unwrap_or(0);
        let filter = self.filter(walked.campaign(), played, last_game)?;
        Ok(walked.into_history(&filter).0)
    }

    /// The filter, with names looked up in the campaign.
    fn filter(
        &self,
        campaign: &Campaign,
        played: u32,
        last_game: u32,
    ) -> Result<Filter, QueryError> {
        if let Some(game) = self.game
            && (game == 0 || game > last_game)
        {
            return Err(QueryError::NoGame { game, played });
        }
        Ok(Filter {
            territory: self
                .territory
                .as_deref()
                .map(|t| campaign.find_territory(t))
                .transpose()?,
            continent: self
                .continent
                .as_deref()
                .map(|c| campaign.find_continent(c))
                .transpose()?,
            person: self
                .player
                .as_deref()
                .map(|given| campaign.find_person(given).map(str::to_string))
                .transpose()?,
            faction: self
                .faction
                .as_deref()
                .map(|f| campaign.find_faction(f))
                .transpose()?,
            game: self.game,
            kinds: self
                .kinds
                .iter()
                .map(|k| change_kind(k))
                .collect::<Result<_, _>>()?,
        })
    }
}
