//! The end of a game: the winner's reward and the rewards of players who held on, taken in
//! clockwise order from the winner (rules §4.4–§4.5).

use super::legal::names;
use crate::domain::board::{Continent, Territory};
use crate::domain::entry::HeldOnKind;
use crate::domain::entry::{Game, HeldOnChoice, HeldOnReward, Outcome, Reward, Seat};
use crate::domain::state::lookup::person_key;
use crate::domain::state::{
    BonusChange, Campaign, City, CityKind, FORTIFICATION_BOXES, Fortification, GivenName,
    LAST_REWARDED_GAME, MAX_CARD_RESOURCES, Name,
};
use crate::domain::vocabulary::names::{fold, folds_to, valid_name};
use crate::domain::vocabulary::pool::PoolKind;
use crate::domain::vocabulary::refusal::{Refusal, RewardGiven, WayOut};

impl Campaign {
    /// Gives the winner's reward, or checks that none was due. Returns the reward as
    /// recorded (names tidied).
    /// The winner declines the reward: no reward given with it, and one to decline.
    fn decline(game: &Game, winner: &str, number: u32) -> Result<(), Refusal> {
        if let Some(reward) = &game.reward {
            return Err(Refusal::DeclinedAndChose {
                winner: winner.to_string(),
                kind: reward.kind(),
            });
        }
        if number > LAST_REWARDED_GAME {
            return Err(Refusal::NothingToDecline { game: number });
        }
        Ok(())
    }

    pub(in crate::domain) fn give_reward(
        &mut self,
        game: &Game,
        winner: &str,
        number: u32,
    ) -> Result<Option<Reward>, Refusal> {
        if game.declined {
            return Self::decline(game, winner, number).map(|()| None);
        }
        let Some(reward) = &game.reward else {
            // After the last rewarded game none is due: what could be given is not asked
            // (it is every legal target of every reward, worked out for each later game).
            if number > LAST_REWARDED_GAME {
                return Ok(None);
            }
            let possible = self.possible_rewards();
            if !possible.is_empty() {
                return Err(Refusal::RewardMissing {
                    winner: winner.to_string(),
                    game: number,
                    possible,
                });
            }
            return Ok(None);
        };
        if number > LAST_REWARDED_GAME {
            return Err(Refusal::RewardsOver {
                game: number,
                given: RewardGiven::Winner(reward.kind()),
            });
        }
        let recorded = match reward {
            Reward::NameContinent { continent, name } => {
                let name = self.name_continent(*continent, name, winner, number)?;
                Reward::NameContinent {
                    continent: *continent,
                    name,
                }
            }
            Reward::MajorCity { territory, name } => {
                let name = self.found_city(
                    territory.clone(),
                    name,
                    CityKind::Major,
                    Some(winner),
                    number,
                )?;
                Reward::MajorCity {
                    territory: territory.clone(),
                    name,
                }
            }
            Reward::HealScar { territory } => {
                self.heal(territory.clone())?;
                reward.clone()
            }
            Reward::ContinentBonus { continent, mark } => {
                let state = self.continent(*continent);
                if let Some(change) = &state.bonus_change {
                    return Err(Refusal::BonusChanged {
                        continent: continent.name().to_string(),
                        mark: change.mark.sign(),
                        game: change.game,
                        unchanged: self
                            .unchanged_continents()
                            .iter()
                            .map(|c| c.name().to_string())
                            .collect(),
                    });
                }
                self.take(&mark.pool(), WayOut::AnotherReward)?;
                self.continents[continent.index()].bonus_change = Some(BonusChange {
                    mark: *mark,
                    by: Name::from(winner),
                    game: number,
                });
                reward.clone()
            }
            Reward::Fortify { territory } => {
                self.fortify(territory.clone(), number)?;
                reward.clone()
            }
            Reward::DestroyCard { territory } => {
                self.destroy_card(territory.clone(), number)?;
                reward.clone()
            }
        };
        Ok(Some(recorded))
    }

    fn name_continent(
        &mut self,
        continent: Continent,
        name: &str,
        by: &str,
        number: u32,
    ) -> Result<String, Refusal> {
        if let Some(given) = &self.continent(continent).given_name {
            return Err(Refusal::ContinentNamed {
                continent: continent.name().to_string(),
                name: given.name.to_string(),
                by: given.by.to_string(),
                game: given.game,
                unnamed: self
                    .unnamed_continents()
                    .iter()
                    .map(|c| c.name().to_string())
                    .collect(),
            });
        }
        let name = valid_name("continent name", name)?;
        let folded = fold(&name);
        let taken = Continent::all().find(|&c| {
            folds_to(c.name(), &folded)
                || self
                    .continent(c)
                    .given_name
                    .as_ref()
                    .is_some_and(|g| folds_to(&g.name, &folded))
        });
        if let Some(other) = taken {
            return Err(Refusal::NameTaken {
                what: "continent",
                name,
                place: format!("the continent printed as {}", other.name()),
            });
        }
        self.take(&PoolKind::ContinentName, WayOut::AnotherReward)?;
        self.continents[continent.index()].given_name = Some(GivenName {
            name: Name::from(name.as_str()),
            by: Name::from(by),
            game: number,
        });
        Ok(name)
    }

    /// Destroys a territory card for good (once).
    pub(in crate::domain) fn destroy_card(
        &mut self,
        territory: Territory,
        number: u32,
    ) -> Result<(), Refusal> {
        let card = &mut self.territory_mut(&territory).card;
        if let Some(game) = card.destroyed {
            return Err(Refusal::CardDestroyed {
                territory: territory.name().to_string(),
                game,
            });
        }
        card.destroyed = Some(number);
        Ok(())
    }

    pub(in crate::domain) fn found_city(
        &mut self,
        territory: Territory,
        name: &str,
        kind: CityKind,
        founder: Option<&str>,
        number: u32,
    ) -> Result<String, Refusal> {
        if let Some(city) = &self.territory(&territory).city {
            let nearby: Vec<Territory> = self
                .neighbours(&territory)
                .into_iter()
                .filter(|n| self.territory(n).city.is_none())
                .collect();
            return Err(Refusal::HasCity {
                territory: territory.name().to_string(),
                kind: city.kind.words(),
                city: city.name.to_string(),
                nearby: names(&nearby),
            });
        }
        let name = valid_name("city name", name)?;
        let folded = fold(&name);
        if let Some((place, _)) = self.cities().find(|(_, c)| folds_to(&c.name, &folded)) {
            return Err(Refusal::NameTaken {
                what: "city",
                name,
                place: format!("in {}", place.name()),
            });
        }
        let way_out = match kind {
            CityKind::Minor => WayOut::OtherHeldOnReward(HeldOnKind::AddResource),
            CityKind::Major => WayOut::AnotherReward,
            CityKind::WorldCapital => WayOut::OneWorldCapital,
        };
        let pool = match kind {
            CityKind::Minor => PoolKind::MinorCity,
            CityKind::Major => PoolKind::MajorCity,
            CityKind::WorldCapital => PoolKind::WorldCapital,
        };
        self.take(&pool, way_out)?;
        self.territory_mut(&territory).city = Some(City {
            kind,
            name: Name::from(name.as_str()),
            founder: founder.map(Name::from),
            game: number,
        });
        Ok(name)
    }

    fn heal(&mut self, territory: Territory) -> Result<(), Refusal> {
        if self.territory(&territory).scar.is_none() {
            let scarred = self
                .scarred()
                .into_iter()
                .map(|t| {
                    let kind = self.territory(&t).scar.as_ref().map_or("", |s| &*s.kind);
                    format!("{} ({kind})", t.name())
                })
                .collect();
            return Err(Refusal::NotScarred {
                territory: territory.name().to_string(),
                scarred,
            });
        }
        self.take(&PoolKind::ScarCover, WayOut::AnotherReward)?;
        self.territory_mut(&territory).scar = None;
        Ok(())
    }

    pub(in crate::domain) fn fortify(
        &mut self,
        territory: Territory,
        number: u32,
    ) -> Result<(), Refusal> {
        if self.territory(&territory).city.is_none() {
            return Err(Refusal::NoCity {
                territory: territory.name().to_string(),
                cities: self
                    .cities()
                    .map(|(t, c)| format!("{} ({})", c.name, t.name()))
                    .collect(),
            });
        }
        self.take(&PoolKind::Fortification, WayOut::AnotherReward)?;
        // A new mark replaces the old one; the old mark's unused boxes are lost.
        self.territory_mut(&territory).fortification = Some(Fortification {
            boxes_left: FORTIFICATION_BOXES,
            game: number,
        });
        Ok(())
    }

    /// Gives the held-on rewards in clockwise order from the winner, so that whoever sits
    /// first gets the last mark of a pool. Returns them in that order.
    pub(in crate::domain) fn give_held_on(
        &mut self,
        rewards: &[HeldOnReward],
        seats: &[Seat],
        winner: usize,
        number: u32,
    ) -> Result<Vec<HeldOnReward>, Refusal> {
        if let (Some(first), true) = (rewards.first(), number > LAST_REWARDED_GAME) {
            return Err(Refusal::RewardsOver {
                game: number,
                given: RewardGiven::HeldOn(first.choice.kind()),
            });
        }
        let mut by_seat: Vec<(usize, HeldOnReward)> = Vec::with_capacity(rewards.len());
        for reward in rewards {
            let seat = Self::held_on_seat(&reward.person, seats, number)?;
            if by_seat.iter().any(|(s, _)| *s == seat) {
                return Err(Refusal::TwoHeldOnRewards {
                    person: seats[seat].person.clone(),
                    count: rewards
                        .iter()
                        .filter(|r| person_key(&r.person) == person_key(&seats[seat].person))
                        .count(),
                });
            }
            let person = seats[seat].person.clone();
            by_seat.push((
                seat,
                HeldOnReward {
                    person,
                    choice: reward.choice.clone(),
                },
            ));
        }
        let n = seats.len();
        by_seat.sort_by_key(|(seat, _)| (seat + n - winner) % n);

        let mut recorded: Vec<HeldOnReward> = Vec::with_capacity(by_seat.len());
        for (_, reward) in by_seat {
            if self.left(&PoolKind::MinorCity) == 0 && self.left(&PoolKind::CoinSticker) == 0 {
                return Err(Refusal::HeldOnPoolsEmpty {
                    person: reward.person,
                    kind: reward.choice.kind(),
                });
            }
            let pool = reward.choice.pool();
            if self.left(&pool) == 0
                && let Some(earlier) = recorded.iter().rev().find(|r| r.choice.pool() == pool)
            {
                return Err(Refusal::LastMarkTaken {
                    kind: pool,
                    person: reward.person.clone(),
                    earlier: earlier.person.clone(),
                });
            }
            let choice = self.give_held_on_choice(&reward, number)?;
            recorded.push(HeldOnReward {
                person: reward.person,
                choice,
            });
        }
        Ok(recorded)
    }

    fn held_on_seat(person: &str, seats: &[Seat], number: u32) -> Result<usize, Refusal> {
        let seat = seats.iter().position(|s| s.person == person).or_else(|| {
            let key = person_key(person);
            seats.iter().position(|s| person_key(&s.person) == key)
        });
        let Some(seat) = seat else {
            return Err(Refusal::NotAPlayer {
                person: person.to_string(),
                game: number,
                held_on: seats
                    .iter()
                    .filter(|s| s.result == Outcome::HeldOn)
                    .map(|s| s.person.clone())
                    .collect(),
            });
        };
        let person = seats[seat].person.clone();
        match seats[seat].result {
            Outcome::HeldOn => Ok(seat),
            Outcome::Won => Err(Refusal::WinnerHeldOnReward {
                person,
                game: number,
            }),
            Outcome::Eliminated | Outcome::KnockedOut => Err(Refusal::EliminatedReward {
                person,
                game: number,
            }),
        }
    }

    fn give_held_on_choice(
        &mut self,
        reward: &HeldOnReward,
        number: u32,
    ) -> Result<HeldOnChoice, Refusal> {
        match &reward.choice {
            HeldOnChoice::MinorCity { territory, name } => {
                let name = self.found_city(
                    territory.clone(),
                    name,
                    CityKind::Minor,
                    Some(&reward.person),
                    number,
                )?;
                Ok(HeldOnChoice::MinorCity {
                    territory: territory.clone(),
                    name,
                })
            }
            HeldOnChoice::AddResource { territory } => {
                let card = &self.territory(territory).card;
                if let Some(game) = card.destroyed {
                    return Err(Refusal::CardDestroyed {
                        territory: territory.name().to_string(),
                        game,
                    });
                }
                if card.resources() >= MAX_CARD_RESOURCES {
                    return Err(Refusal::CardFull {
                        territory: territory.name().to_string(),
                        resources: card.resources(),
                    });
                }
                self.take(
                    &PoolKind::CoinSticker,
                    WayOut::OtherHeldOnReward(HeldOnKind::MinorCity),
                )?;
                self.territory_mut(territory).card.stickers += 1;
                Ok(reward.choice.clone())
            }
        }
    }
}
