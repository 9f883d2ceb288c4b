//! The rules that gate what may be logged next, held for every entry but an exempt one (see
//! `Mode`): a log an earlier chronicle wrote under earlier rules still replays, and `check`
//! reports where it breaks them.

use super::apply::Mode;
use crate::domain::board::Territory;
use crate::domain::board::faction::standard;
use crate::domain::entry::dated::DatedBy;
use crate::domain::entry::{Game, HeldOnChoice, Reward, Seat};
use crate::domain::state::{Campaign, CityKind, FIRST_COINS};
use crate::domain::vocabulary::house::HouseRule;
use crate::domain::vocabulary::packet::Packet;
use crate::domain::vocabulary::refusal::Refusal;

impl Campaign {
    /// Game 1 waits for the setup: every faction's starting power and the twelve first
    /// coins (rules §2).
    pub(in crate::domain) fn setup_done(&self) -> Result<(), Refusal> {
        let (powers_missing, coins_missing) = self.setup_missing();
        if powers_missing.is_empty() && coins_missing == 0 {
            return Ok(());
        }
        Err(Refusal::SetupIncomplete {
            powers_missing,
            coins_missing,
        })
    }

    /// What the setup before game 1 still needs: the factions with no starting power kept,
    /// and how many of the twelve first coins are still to place.
    pub fn setup_missing(&self) -> (Vec<String>, u32) {
        let powers_missing = self
            .factions
            .iter()
            .filter(|f| standard(f).is_some() && self.power(f).is_none())
            .map(ToString::to_string)
            .collect();
        (powers_missing, FIRST_COINS.saturating_sub(self.first_coins))
    }

    /// No HQ next to another player's HQ, unless the group switched that rule off.
    pub(in crate::domain) fn hq_apart(
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

    /// The draft comes with the Minor cities packet (rules §6, §6b): a game records one only
    /// once that packet was opened before it (a packet opened in the game itself opened
    /// after its draft).
    pub(in crate::domain) fn draft_open(
        &self,
        number: u32,
        opened_now: &[Packet],
    ) -> Result<(), Refusal> {
        if self.opened(Packet::MinorCities).is_some() {
            return Ok(());
        }
        Err(Refusal::DraftSealed {
            game: number,
            opened: opened_now.contains(&Packet::MinorCities).then_some(number),
        })
    }

    /// No city is founded where fallout hit (rules §6b, D): the territory is marked for good
    /// and its card is gone. Checked after the game's own fallout.
    pub(in crate::domain) fn no_city_on_fallout(&self, game: &Game) -> Result<(), Refusal> {
        let major = game.reward.iter().filter_map(|r| match r {
            Reward::MajorCity { territory, .. } => Some(territory),
            _ => None,
        });
        let minor = game.held_on.iter().filter_map(|h| match &h.choice {
            HeldOnChoice::MinorCity { territory, .. } => Some(territory),
            HeldOnChoice::AddResource { .. } => None,
        });
        for territory in major.chain(minor) {
            if let Some(hit) = self.territory(territory).fallout {
                return Err(Refusal::CityOnFallout {
                    territory: territory.name().to_string(),
                    game: hit,
                });
            }
        }
        Ok(())
    }

    /// Whether `person` may take `hq` as their HQ at a table where `seated` sit already: a
    /// legal start, nobody's HQ yet, not next to another player's HQ while that switch is
    /// on (rules §3, §7); else the rule it breaks.
    pub fn check_hq(&self, seated: &[Seat], person: &str, hq: &Territory) -> Result<(), Refusal> {
        let person = self.known_person(person).unwrap_or(person);
        self.check_start(seated, person, hq.clone(), Mode::Strict)
    }

    /// The HQs `person` may take at a table where `seated` sit already (see `check_hq`).
    pub fn starts_at_table(&self, seated: &[Seat], person: &str) -> Vec<Territory> {
        self.legal_starts(person)
            .into_iter()
            .filter(|t| self.check_hq(seated, person, t).is_ok())
            .collect()
    }

    /// An HQ: a territory no other player at the table starts on, not next to another
    /// player's HQ (a house rule), and a legal start (rules §3).
    pub(in crate::domain) fn check_start(
        &self,
        seated: &[Seat],
        person: &str,
        hq: Territory,
        mode: Mode,
    ) -> Result<(), Refusal> {
        if let Some(other) = seated.iter().find(|s| s.hq == Some(hq.clone())) {
            return Err(Refusal::SameHq {
                territory: hq.name().to_string(),
                first: other.person.clone(),
                second: person.to_string(),
            });
        }
        mode.gate(|| self.hq_apart(seated, person, hq.clone()))?;
        let legal = match mode {
            Mode::Strict => self.is_legal_start(&hq, person),
            // A log written before group marks and fallout marked a territory.
            Mode::Exempt => self.was_legal_start(&hq, person),
        };
        if legal {
            return Ok(());
        }
        let state = self.territory(&hq);
        // The world capital's own mark, where the group's rule holds.
        let city = state.city.as_ref().filter(|c| {
            c.kind != CityKind::WorldCapital || self.rule_on(HouseRule::WorldCapitalHq)
        });
        if let Some(capital) = city.filter(|c| c.kind == CityKind::WorldCapital) {
            return Err(Refusal::CapitalStart {
                person: person.to_string(),
                territory: hq.name().to_string(),
                city: capital.name.to_string(),
            });
        }
        let mark = match (city, &state.scar) {
            (Some(city), _) => format!(
                "the {} {}{}",
                city.kind.words(),
                city.name,
                city.founder
                    .as_ref()
                    .map(|f| format!(" of {f}"))
                    .unwrap_or_default()
            ),
            (None, Some(scar)) => format!("a {} scar", scar.kind),
            (None, None) => match (&state.mark, state.fallout) {
                (_, Some(game)) => format!("a fallout mark (game {game})"),
                (Some((text, _)), None) => format!("the group's mark \"{text}\""),
                (None, None) => "a mark".to_string(),
            },
        };
        Err(Refusal::IllegalStart {
            person: person.to_string(),
            territory: hq.name().to_string(),
            mark,
        })
    }

    /// A game is dated no earlier than the last one, unless another device dated that one
    /// by a clock ahead of the one that dates this game (rules §6i): the games keep the
    /// order of the log.
    pub(in crate::domain) fn check_date(
        &self,
        game: &Game,
        number: u32,
        by: Option<&DatedBy>,
    ) -> Result<(), Refusal> {
        let Some(previous) = self.last_date else {
            return Ok(());
        };
        let skewed = || {
            by.zip(self.last_dated_by.as_ref())
                .is_some_and(|(by, before)| by.skew_explains(before, previous, game.date))
        };
        if game.date < previous && !skewed() {
            return Err(Refusal::DateBeforeLastGame {
                game: number,
                date: game.date.to_string(),
                previous: previous.to_string(),
            });
        }
        Ok(())
    }
}
