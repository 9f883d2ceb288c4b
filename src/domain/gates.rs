//! The rules that gate what may be logged next, held for a new entry only (see `Mode`): a
//! stored log written under earlier rules still replays, and `check` reports where it
//! breaks them.

use super::board::Territory;
use super::entry::Seat;
use super::faction::standard;
use super::house::HouseRule;
use super::refusal::Refusal;
use super::state::{Campaign, FIRST_COINS};

impl Campaign {
    /// Game 1 waits for the setup: every faction's starting power and the twelve first
    /// coins (rules §2).
    pub(super) fn setup_done(&self) -> Result<(), Refusal> {
        let powers_missing: Vec<String> = self
            .factions
            .iter()
            .filter(|f| standard(f).is_some() && self.power(f).is_none())
            .map(ToString::to_string)
            .collect();
        let coins_missing = FIRST_COINS.saturating_sub(self.first_coins);
        if powers_missing.is_empty() && coins_missing == 0 {
            return Ok(());
        }
        Err(Refusal::SetupIncomplete {
            powers_missing,
            coins_missing,
        })
    }

    /// No HQ next to another player's HQ, unless the group switched that rule off.
    pub(super) fn hq_apart(
        &self,
        seated: &[Seat],
        person: &str,
        hq: Territory,
    ) -> Result<(), Refusal> {
        if !self.rule_on(HouseRule::AdjacentHq) {
            return Ok(());
        }
        let next = seated.iter().find_map(|s| {
            let theirs = s.hq.clone()?;
            self.borders(&hq, &theirs).then_some((s, theirs))
        });
        match next {
            Some((seat, theirs)) => Err(Refusal::AdjacentHq {
                first: seat.person.clone(),
                first_hq: theirs.name().to_string(),
                second: person.to_string(),
                second_hq: hq.name().to_string(),
            }),
            None => Ok(()),
        }
    }
}
