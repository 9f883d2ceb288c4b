//! A sheet's mini-syntax (`NAME=FACTION:RESULT@HQ`, `PLAYER:TERRITORY=NAME`, …) turned into a
//! domain [`Game`], with names looked up in the campaign.

use chrono::NaiveDate;

use super::cards::{event_cards, missions};
use super::{Field, GameSheet, SheetError};
use crate::domain::{
    BonusMark, Campaign, Draft, Game, HeldOnChoice, HeldOnReward, Outcome, Packet, PlayEvent,
    Refusal, Reward, RewardKind, ScarPlacement, Seat, Wear, person_key,
};

fn form(field: Field, value: &str, form: &'static str) -> SheetError {
    SheetError::Form {
        field,
        given: value.to_string(),
        form,
    }
}

/// A refusal of a value given in `field`.
fn within(field: Field) -> impl Fn(Refusal) -> SheetError {
    move |refusal| SheetError::Refused { field, refusal }
}

/// The two sides of `value` around a separator; both must be non-empty.
fn sides<'a>(
    field: Field,
    value: &str,
    found: Option<(&'a str, &'a str)>,
    shape: &'static str,
) -> Result<(&'a str, &'a str), SheetError> {
    match found {
        Some((left, right)) if !left.trim().is_empty() && !right.trim().is_empty() => {
            Ok((left.trim(), right.trim()))
        }
        _ => Err(form(field, value, shape)),
    }
}

/// Splits `value` at the first `sep`.
fn split<'a>(
    field: Field,
    value: &'a str,
    sep: char,
    shape: &'static str,
) -> Result<(&'a str, &'a str), SheetError> {
    sides(field, value, value.split_once(sep), shape)
}

/// Splits `value` at the last `sep`.
fn split_last<'a>(
    field: Field,
    value: &'a str,
    sep: char,
    shape: &'static str,
) -> Result<(&'a str, &'a str), SheetError> {
    sides(field, value, value.rsplit_once(sep), shape)
}

/// The date of a game: `YYYY-MM-DD`, today when none is given (the domain refuses one
/// after today).
pub fn date(given: Option<&str>, today: NaiveDate) -> Result<NaiveDate, SheetError> {
    let Some(given) = given else {
        return Ok(today);
    };
    NaiveDate::parse_from_str(given.trim(), "%Y-%m-%d").map_err(|_| SheetError::NotADate {
        given: given.to_string(),
    })
}

const PLAYER_FORM: &str = "NAME=FACTION:RESULT[@HQ] (RESULT is won, held-on, eliminated or knocked-out), e.g. \"Ann=bear:won@Alaska\"";

/// A player: `NAME=FACTION:RESULT[@HQ]`.
pub fn seat(value: &str, campaign: &Campaign) -> Result<Seat, SheetError> {
    let (person, rest) = split(Field::Player, value, '=', PLAYER_FORM)?;
    let (faction_and_result, hq) = match rest.split_once('@') {
        Some((before, hq)) if !hq.trim().is_empty() => (before, Some(hq.trim())),
        Some(_) => return Err(form(Field::Player, value, PLAYER_FORM)),
        None => (rest, None),
    };
    let (faction, result) = split_last(Field::Player, faction_and_result, ':', PLAYER_FORM)
        .map_err(|_| form(Field::Player, value, PLAYER_FORM))?;
    if faction.contains('=') {
        return Err(SheetError::EqualsInName {
            given: value.to_string(),
        });
    }
    let result = Outcome::from_key(result).ok_or_else(|| SheetError::NoSuchResult {
        given: value.to_string(),
        result: result.to_string(),
    })?;
    let refused = within(Field::Player);
    Ok(Seat {
        person: person.to_string(),
        faction: campaign.find_faction(faction).map_err(&refused)?,
        result,
        hq: hq
            .map(|t| campaign.find_territory(t))
            .transpose()
            .map_err(&refused)?,
    })
}

impl GameSheet {
    /// The value given for a winner's reward, if any.
    fn reward_value(&self, kind: RewardKind) -> Option<&String> {
        match kind {
            RewardKind::NameContinent => self.name_continent.as_ref(),
            RewardKind::MajorCity => self.major_city.as_ref(),
            RewardKind::HealScar => self.heal_scar.as_ref(),
            RewardKind::ContinentBonus => self.continent_bonus.as_ref(),
            RewardKind::Fortify => self.fortify.as_ref(),
            RewardKind::DestroyCard => self.destroy_card.as_ref(),
        }
    }

    /// The winner's reward: at most one may be given.
    pub fn reward(&self, campaign: &Campaign) -> Result<Option<Reward>, SheetError> {
        let given: Vec<(RewardKind, &String)> = RewardKind::ALL
            .into_iter()
            .filter_map(|kind| self.reward_value(kind).map(|v| (kind, v)))
            .collect();
        let (kind, value) = match given.as_slice() {
            [] => return Ok(None),
            [one] => *one,
            several => {
                return Err(SheetError::SeveralRewards {
                    fields: several.iter().map(|(k, _)| Field::of_reward(*k)).collect(),
                });
            }
        };
        let field = Field::of_reward(kind);
        let refused = within(field);
        let territory = |name: &str| campaign.find_territory(name).map_err(&refused);
        let continent = |name: &str| campaign.find_continent(name).map_err(&refused);
        let reward = match kind {
            RewardKind::NameContinent => {
                let (named, name) = split(
                    field,
                    value,
                    '=',
                    "CONTINENT=NAME, e.g. \"Africa=Cybertron\"",
                )?;
                Reward::NameContinent {
                    continent: continent(named)?,
                    name: name.to_string(),
                }
            }
            RewardKind::MajorCity => {
                let (at, name) = split(field, value, '=', "TERRITORY=NAME, e.g. \"Egypt=Kyro\"")?;
                Reward::MajorCity {
                    territory: territory(at)?,
                    name: name.to_string(),
                }
            }
            RewardKind::HealScar => Reward::HealScar {
                territory: territory(value)?,
            },
            RewardKind::ContinentBonus => {
                let shape = "CONTINENT=+1 or CONTINENT=-1, e.g. \"Asia=-1\"";
                let (named, sign) = split_last(field, value, '=', shape)?;
                let mark = match sign.replace('\u{2212}', "-").as_str() {
                    "+1" | "1" | "+" => BonusMark::Plus,
                    "-1" | "-" => BonusMark::Minus,
                    _ => return Err(form(field, value, shape)),
                };
                Reward::ContinentBonus {
                    continent: continent(named)?,
                    mark,
                }
            }
            RewardKind::Fortify => Reward::Fortify {
                territory: territory(value)?,
            },
            RewardKind::DestroyCard => Reward::DestroyCard {
                territory: territory(value)?,
            },
        };
        Ok(Some(reward))
    }

    /// The held-on rewards: `PLAYER:TERRITORY=NAME` (a minor city) and `PLAYER:TERRITORY`
    /// (an upgrade).
    pub fn held_on(&self, campaign: &Campaign) -> Result<Vec<HeldOnReward>, SheetError> {
        let mut rewards = Vec::new();
        for value in &self.minor_cities {
            let shape = "PLAYER:TERRITORY=NAME, e.g. \"Bob:Peru=Lima Nova\"";
            let (who_where, name) = split(Field::MinorCity, value, '=', shape)?;
            let (person, territory) = split_last(Field::MinorCity, who_where, ':', shape)
                .map_err(|_| form(Field::MinorCity, value, shape))?;
            rewards.push(HeldOnReward {
                person: person.to_string(),
                choice: HeldOnChoice::MinorCity {
                    territory: campaign
                        .find_territory(territory)
                        .map_err(within(Field::MinorCity))?,
                    name: name.to_string(),
                },
            });
        }
        for value in &self.upgrades {
            let (person, territory) = split_last(
                Field::Upgrade,
                value,
                ':',
                "PLAYER:TERRITORY, e.g. \"Bob:Peru\"",
            )?;
            rewards.push(HeldOnReward {
                person: person.to_string(),
                choice: HeldOnChoice::AddResource {
                    territory: campaign
                        .find_territory(territory)
                        .map_err(within(Field::Upgrade))?,
                },
            });
        }
        Ok(rewards)
    }

    /// The scars: `TERRITORY=TYPE[@PERSON]`.
    pub fn scar_placements(&self, campaign: &Campaign) -> Result<Vec<ScarPlacement>, SheetError> {
        let shape = "TERRITORY=TYPE[@PERSON], e.g. \"Brazil=Bunker\" or \"Brazil=Bunker@Ann\"";
        let refused = within(Field::Scar);
        self.scars
            .iter()
            .map(|value| {
                let (territory, kind) = split(Field::Scar, value, '=', shape)?;
                let (kind, by) = match kind.rsplit_once('@') {
                    Some((kind, by)) if !kind.trim().is_empty() && !by.trim().is_empty() => {
                        (kind.trim(), Some(by.trim().to_string()))
                    }
                    Some(_) => return Err(form(Field::Scar, value, shape)),
                    None => (kind, None),
                };
                Ok(ScarPlacement {
                    territory: campaign.find_territory(territory).map_err(&refused)?,
                    scar: campaign.find_scar_type(kind).map_err(&refused)?,
                    by,
                })
            })
            .collect()
    }

    /// The draft: `NAME=turn:N,placement:N,troops:N,coins:N` (any of the four).
    pub fn drafts(&self) -> Result<Vec<Draft>, SheetError> {
        let shape =
            "NAME=turn:N,placement:N,troops:N,coins:N (any of them), e.g. \"Ann=turn:1,troops:8\"";
        self.draft
            .iter()
            .map(|value| {
                let (person, parts) = split(Field::Draft, value, '=', shape)?;
                Draft::from_parts(person, parts).ok_or_else(|| form(Field::Draft, value, shape))
            })
            .collect()
    }

    /// The wear ticked: `TERRITORY=N`.
    pub fn wears(&self, campaign: &Campaign) -> Result<Vec<Wear>, SheetError> {
        let shape = "TERRITORY=N with N from 1 to 10, e.g. \"Egypt=3\"";
        self.wear
            .iter()
            .map(|value| {
                let (territory, boxes) = split_last(Field::Wear, value, '=', shape)?;
                let boxes: u8 = boxes.parse().map_err(|_| form(Field::Wear, value, shape))?;
                Ok(Wear {
                    territory: campaign
                        .find_territory(territory)
                        .map_err(within(Field::Wear))?,
                    boxes,
                })
            })
            .collect()
    }

    /// The changes sealed content made during play, in the order: fallout, destroyed
    /// cities, world capital, event fortifications, destroyed cards, marks.
    pub fn play_events(&self, campaign: &Campaign) -> Result<Vec<PlayEvent>, SheetError> {
        let territory =
            |field: Field, name: &str| campaign.find_territory(name).map_err(within(field));
        let mut events = Vec::new();
        // What is destroyed goes first, so a city replaced by an event is one game.
        for value in &self.fallout {
            events.push(PlayEvent::Fallout {
                territory: territory(Field::Fallout, value)?,
            });
        }
        for value in &self.destroy_city {
            events.push(PlayEvent::DestroyCity {
                territory: territory(Field::DestroyCity, value)?,
            });
        }
        if let Some(value) = &self.world_capital {
            let (at, name) = split(
                Field::WorldCapital,
                value,
                '=',
                "TERRITORY=NAME, e.g. \"Egypt=Nova Roma\"",
            )?;
            events.push(PlayEvent::WorldCapital {
                territory: territory(Field::WorldCapital, at)?,
                name: name.to_string(),
            });
        }
        for value in &self.event_fortify {
            events.push(PlayEvent::Fortify {
                territory: territory(Field::EventFortify, value)?,
            });
        }
        for value in &self.event_destroy_card {
            events.push(PlayEvent::DestroyCard {
                territory: territory(Field::EventDestroyCard, value)?,
            });
        }
        for value in &self.marks {
            let (at, text) = split(
                Field::Mark,
                value,
                '=',
                "TERRITORY=TEXT, e.g. \"Peru=Ruins\"",
            )?;
            events.push(PlayEvent::Mark {
                territory: territory(Field::Mark, at)?,
                text: text.to_string(),
            });
        }
        Ok(events)
    }

    /// The packets opened.
    pub fn packets(&self) -> Result<Vec<Packet>, SheetError> {
        self.opened
            .iter()
            .map(|p| Packet::find(p).map_err(within(Field::Opened)))
            .collect()
    }

    /// The whole game, its names looked up in `campaign`; dated today when the sheet gives
    /// no date.
    pub fn game(&self, campaign: &Campaign, today: NaiveDate) -> Result<Game, SheetError> {
        if self.players.is_empty() {
            return Err(SheetError::NoPlayer);
        }
        let date = date(self.date.as_deref(), today)?;
        let seats = self
            .players
            .iter()
            .map(|p| seat(p, campaign))
            .collect::<Result<Vec<_>, _>>()?;
        new_players(&seats, &self.new_players, campaign)?;
        let mut game = Game::new(date, seats);
        game.scars = self.scar_placements(campaign)?;
        game.wear = self.wears(campaign)?;
        game.reward = self.reward(campaign)?;
        game.declined = self.no_reward;
        game.draft = self.drafts()?;
        game.held_on = self.held_on(campaign)?;
        game.opened = self.packets()?;
        game.events = self.play_events(campaign)?;
        game.event_cards = event_cards(&self.event_cards)?;
        game.missions = missions(&self.missions, &self.mission_done)?;
        game.note.clone_from(&self.note);
        Ok(game)
    }
}

/// A person new to the campaign within two edits of a known one is most likely that person
/// mistyped: refused unless the sheet says they are new.
pub fn new_players(
    seats: &[Seat],
    confirmed: &[String],
    campaign: &Campaign,
) -> Result<(), SheetError> {
    for seat in seats {
        // A name the rules refuse is theirs to explain.
        if crate::domain::vocabulary::names::valid_person(&seat.person).is_err() {
            continue;
        }
        let like = campaign.people_resembling(&seat.person);
        let new = confirmed
            .iter()
            .any(|c| person_key(c) == person_key(&seat.person));
        if !like.is_empty() && !new {
            return Err(SheetError::LooksLike {
                person: seat.person.clone(),
                like,
            });
        }
    }
    Ok(())
}
