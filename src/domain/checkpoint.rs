//! A campaign's folded state as text: the checkpoint the store keeps beside each log, so
//! that a read of the board now takes the state as it was folded when the log was last
//! written instead of folding the whole log again.
//!
//! The text is JSON of the state. A printed territory is kept by its place on the board (the
//! fold names the board), one sealed content added by its name (its place depends on the
//! order a process met it), and the aliases as their list (the lookup is made again). A
//! checkpoint is only as good as the fold that made it: [`FOLD`] names the rules and board
//! that fold, and a checkpoint made by another is not taken.

use std::borrow::Borrow;

use super::pool::Pool;
use super::record::Unresolved;
use super::resolve::LoggedEntry;
use super::state::{
    BonusChange, Campaign, Card, City, ContinentState, Fortification, GivenName, Scar, Signature,
    TerritoryState,
};

/// The fold that makes a checkpoint: a hash of the domain's source and the board's data,
/// made at build time (build.rs). Any change to the rules, the state or the board makes
/// another, and the checkpoints the previous one made are folded again.
pub const FOLD: &str = env!("CHRONICLE_FOLD");

impl Campaign {
    /// The state as the checkpoint's text.
    pub fn checkpoint(&self) -> String {
        // Room for a campaign's state from the start (a 15-game one takes under 5 KB),
        // rather than grown a doubling at a time.
        let mut text = Vec::with_capacity(8 * 1024);
        serde_json::to_writer(&mut text, self).expect("a campaign's state is always JSON");
        String::from_utf8(text).expect("JSON is UTF-8")
    }

    /// The state a checkpoint's text holds; none if the text is not one (it is then folded
    /// from the log again).
    pub fn from_checkpoint(text: &str) -> Option<Campaign> {
        let mut campaign: Campaign = serde_json::from_str(text).ok()?;
        // Each territory the campaign added has its place, as the fold gave it one, blank
        // or not.
        let added: Vec<_> = campaign.added.iter().map(|a| a.territory).collect();
        for territory in added {
            campaign.territory_mut(territory);
        }
        Some(campaign)
    }
}

/// A struct kept in a checkpoint as the tuple of its fields, in order, without their
/// names. The names were a third of a checkpoint's text, and serde_json looks through every
/// key and string it writes for characters to escape: half the time making a checkpoint.
macro_rules! kept_as_tuple {
    ($($kind:ident { $($field:ident),+ })+) => {$(
        impl serde::Serialize for $kind {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                ($(&self.$field,)+).serialize(serializer)
            }
        }

        impl<'de> serde::Deserialize<'de> for $kind {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let ($($field,)+) = serde::Deserialize::deserialize(deserializer)?;
                Ok($kind { $($field,)+ })
            }
        }
    )+};
}

kept_as_tuple! {
    Signature { game, person, faction, date }
    Pool { kind, capacity, used }
    City { kind, name, founder, game }
    Scar { kind, game }
    Fortification { boxes_left, game }
    Card { stickers, destroyed }
    GivenName { name, by, game }
    BonusChange { mark, by, game }
    TerritoryState { city, scar, fortification, card, mark, fallout }
    ContinentState { given_name, bonus_change }
}

/// How many worlds are kept beside the checkpoint (see [`after_each_game`]): after games 0
/// to 99. A campaign is 15 games and groups play on past it, but not for hundreds: a longer
/// log (a league's, or one made to measure) is folded for `--after` past these, as before.
pub const GAMES_KEPT: u32 = 100;

/// The world after each game of a log as corrected (the entries taken back too, which
/// count for nothing), as checkpoint text: for each game N that stands but the latest, N
/// below [`GAMES_KEPT`], the campaign as `--after N` shows it, after game N with what was
/// recorded before game N+1 (0: before game 1). The world after the latest game is the
/// checkpoint itself.
pub fn after_each_game<E: Borrow<LoggedEntry>>(
    entries: impl IntoIterator<Item = E>,
) -> Result<Vec<(u32, String)>, Unresolved> {
    let mut campaign = Campaign::new();
    let mut kept = KeptWorlds::default();
    for entry in entries {
        let entry = entry.borrow();
        kept.before(entry, &campaign);
        if kept.past {
            break;
        }
        super::stream::replay_standing(&mut campaign, entry)?;
    }
    Ok(kept.worlds)
}

/// The worlds [`after_each_game`] keeps, gathered by a fold of the log as corrected that
/// shows each entry to it before folding it in: a fold that goes through every entry
/// anyway (a correction's) keeps them without folding the log a second time.
#[derive(Debug, Default)]
pub struct KeptWorlds {
    /// Each game's number less one, with the world before it as checkpoint text.
    pub worlds: Vec<(u32, String)>,
    /// Whether a game past those kept was met: no later world is kept either.
    past: bool,
}

impl KeptWorlds {
    /// Keeps the world before `entry` (`campaign`, folded up to it) when the entry is a game
    /// that stands and not past the games kept.
    pub fn before(&mut self, entry: &LoggedEntry, campaign: &Campaign) {
        let Some(game) = entry.standing_game().filter(|_| !self.past) else {
            return;
        };
        let after = game.saturating_sub(1);
        self.past = after >= GAMES_KEPT;
        if !self.past {
            self.worlds.push((after, campaign.checkpoint()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_campaign_comes_back_as_it_was() {
        let campaign = Campaign::new();
        assert_eq!(
            Campaign::from_checkpoint(&campaign.checkpoint()),
            Some(campaign)
        );
        assert_eq!(Campaign::from_checkpoint("not a checkpoint"), None);
    }
}
