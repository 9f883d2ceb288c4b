//! The `game log` flags' mini-syntax (`NAME=FACTION:RESULT@HQ`, `PLAYER:TERRITORY=NAME`, …)
//! turned into a domain [`Game`], with names looked up in the campaign.

use chrono::NaiveDate;

use super::args::LogArgs;
use crate::cli::error::CliError;
use crate::cli::explain::reward_flag;
use crate::domain::words::one_of;
use crate::domain::{
    BonusMark, Campaign, Draft, Game, HeldOnChoice, HeldOnReward, Outcome, Packet, PlayEvent,
    Reward, RewardKind, ScarPlacement, Seat, Wear, person_key,
};

fn usage(flag: &str, value: &str, form: &str) -> CliError {
    CliError::usage(format!("{flag} \"{value}\" is not of the form {form}."))
}

/// The two sides of `value` around a separator; both must be non-empty.
fn sides<'a>(
    flag: &str,
    value: &str,
    found: Option<(&'a str, &'a str)>,
    form: &str,
) -> Result<(&'a str, &'a str), CliError> {
    match found {
        Some((left, right)) if !left.trim().is_empty() && !right.trim().is_empty() => {
            Ok((left.trim(), right.trim()))
        }
        _ => Err(usage(flag, value, form)),
    }
}

/// Splits `value` at the first `sep`.
fn split<'a>(
    flag: &str,
    value: &'a str,
    sep: char,
    form: &str,
) -> Result<(&'a str, &'a str), CliError> {
    sides(flag, value, value.split_once(sep), form)
}

/// Splits `value` at the last `sep`.
fn split_last<'a>(
    flag: &str,
    value: &'a str,
    sep: char,
    form: &str,
) -> Result<(&'a str, &'a str), CliError> {
    sides(flag, value, value.rsplit_once(sep), form)
}

/// The date of a game: `YYYY-MM-DD` (the domain refuses one after today).
pub(crate) fn date(given: Option<&str>, today: NaiveDate) -> Result<NaiveDate, CliError> {
    let Some(given) = given else {
        return Ok(today);
    };
    let date = NaiveDate::parse_from_str(given.trim(), "%Y-%m-%d").map_err(|_| {
        CliError::usage(format!(
            "--date \"{given}\" is not a date of the form YYYY-MM-DD."
        ))
    })?;
    Ok(date)
}

const PLAYER_FORM: &str = "NAME=FACTION:RESULT[@HQ] (RESULT is won, held-on, eliminated or knocked-out), e.g. \"Ann=bear:won@Alaska\"";

/// `--player "NAME=FACTION:RESULT[@HQ]"`.
pub(crate) fn seat(value: &str, campaign: &Campaign) -> Result<Seat, CliError> {
    let (person, rest) = split("--player", value, '=', PLAYER_FORM)?;
    let (faction_and_result, hq) = match rest.split_once('@') {
        Some((before, hq)) if !hq.trim().is_empty() => (before, Some(hq.trim())),
        Some(_) => return Err(usage("--player", value, PLAYER_FORM)),
        None => (rest, None),
    };
    let (faction, result) = split_last("--player", faction_and_result, ':', PLAYER_FORM)
        .map_err(|_| usage("--player", value, PLAYER_FORM))?;
    if faction.contains('=') {
        return Err(CliError::usage(format!(
            "--player \"{value}\": a player's name cannot contain '=', which separates it from the faction."
        )));
    }
    let result = Outcome::from_key(result).ok_or_else(|| {
        CliError::usage(format!(
            "--player \"{value}\": the result is won, held-on, eliminated or knocked-out (knocked out at the end, counted as eliminated), not \"{result}\"."
        ))
    })?;
    Ok(Seat {
        person: person.to_string(),
        faction: campaign.find_faction(faction)?,
        result,
        hq: hq.map(|t| campaign.find_territory(t)).transpose()?,
    })
}

/// The value given to the flag of a winner's reward, if any.
fn reward_value(args: &LogArgs, kind: RewardKind) -> Option<&String> {
    match kind {
        RewardKind::NameContinent => args.name_continent.as_ref(),
        RewardKind::MajorCity => args.major_city.as_ref(),
        RewardKind::HealScar => args.heal_scar.as_ref(),
        RewardKind::ContinentBonus => args.continent_bonus.as_ref(),
        RewardKind::Fortify => args.fortify.as_ref(),
        RewardKind::DestroyCard => args.destroy_card.as_ref(),
    }
}

/// The winner's reward flags: at most one may be given.
pub(crate) fn reward(args: &LogArgs, campaign: &Campaign) -> Result<Option<Reward>, CliError> {
    let given: Vec<(RewardKind, &String)> = RewardKind::ALL
        .into_iter()
        .filter_map(|kind| reward_value(args, kind).map(|v| (kind, v)))
        .collect();
    let (kind, value) = match given.as_slice() {
        [] => return Ok(None),
        [one] => *one,
        several => {
            let flags: Vec<&str> = several.iter().map(|(k, _)| reward_flag(*k)).collect();
            return Err(CliError::input(format!(
                "The winner chooses exactly one reward (rules §4.4); this game gives {}: {}. Keep one.",
                several.len(),
                flags.join(", ")
            )));
        }
    };
    let flag = reward_flag(kind);
    let reward = match kind {
        RewardKind::NameContinent => {
            let (continent, name) = split(
                flag,
                value,
                '=',
                "CONTINENT=NAME, e.g. \"Africa=Cybertron\"",
            )?;
            Reward::NameContinent {
                continent: campaign.find_continent(continent)?,
                name: name.to_string(),
            }
        }
        RewardKind::MajorCity => {
            let (territory, name) = split(flag, value, '=', "TERRITORY=NAME, e.g. \"Egypt=Kyro\"")?;
            Reward::MajorCity {
                territory: campaign.find_territory(territory)?,
                name: name.to_string(),
            }
        }
        RewardKind::HealScar => Reward::HealScar {
            territory: campaign.find_territory(value)?,
        },
        RewardKind::ContinentBonus => {
            let form = "CONTINENT=+1 or CONTINENT=-1, e.g. \"Asia=-1\"";
            let (continent, sign) = split_last(flag, value, '=', form)?;
            let mark = match sign.replace('\u{2212}', "-").as_str() {
                "+1" | "1" | "+" => BonusMark::Plus,
                "-1" | "-" => BonusMark::Minus,
                _ => return Err(usage(flag, value, form)),
            };
            Reward::ContinentBonus {
                continent: campaign.find_continent(continent)?,
                mark,
            }
        }
        RewardKind::Fortify => Reward::Fortify {
            territory: campaign.find_territory(value)?,
        },
        RewardKind::DestroyCard => Reward::DestroyCard {
            territory: campaign.find_territory(value)?,
        },
    };
    Ok(Some(reward))
}

/// `--minor-city "PLAYER:TERRITORY=NAME"` and `--upgrade "PLAYER:TERRITORY"`.
pub(crate) fn held_on(args: &LogArgs, campaign: &Campaign) -> Result<Vec<HeldOnReward>, CliError> {
    let mut rewards = Vec::new();
    for value in &args.minor_cities {
        let form = "PLAYER:TERRITORY=NAME, e.g. \"Bob:Peru=Lima Nova\"";
        let (who_where, name) = split("--minor-city", value, '=', form)?;
        let (person, territory) = split_last("--minor-city", who_where, ':', form)
            .map_err(|_| usage("--minor-city", value, form))?;
        rewards.push(HeldOnReward {
            person: person.to_string(),
            choice: HeldOnChoice::MinorCity {
                territory: campaign.find_territory(territory)?,
                name: name.to_string(),
            },
        });
    }
    for value in &args.upgrades {
        let (person, territory) = split_last(
            "--upgrade",
            value,
            ':',
            "PLAYER:TERRITORY, e.g. \"Bob:Peru\"",
        )?;
        rewards.push(HeldOnReward {
            person: person.to_string(),
            choice: HeldOnChoice::AddResource {
                territory: campaign.find_territory(territory)?,
            },
        });
    }
    Ok(rewards)
}

/// `--scar "TERRITORY=TYPE[@PERSON]"`.
pub(crate) fn scars(args: &LogArgs, campaign: &Campaign) -> Result<Vec<ScarPlacement>, CliError> {
    let form = "TERRITORY=TYPE[@PERSON], e.g. \"Brazil=Bunker\" or \"Brazil=Bunker@Ann\"";
    args.scars
        .iter()
        .map(|value| {
            let (territory, kind) = split("--scar", value, '=', form)?;
            let (kind, by) = match kind.rsplit_once('@') {
                Some((kind, by)) if !kind.trim().is_empty() && !by.trim().is_empty() => {
                    (kind.trim(), Some(by.trim().to_string()))
                }
                Some(_) => return Err(usage("--scar", value, form)),
                None => (kind, None),
            };
            Ok(ScarPlacement {
                territory: campaign.find_territory(territory)?,
                scar: campaign.find_scar_type(kind)?,
                by,
            })
        })
        .collect()
}

/// `--draft "NAME=turn:N,placement:N,troops:N,coins:N"` (any of the four).
pub(crate) fn draft(args: &LogArgs) -> Result<Vec<Draft>, CliError> {
    let form =
        "NAME=turn:N,placement:N,troops:N,coins:N (any of them), e.g. \"Ann=turn:1,troops:8\"";
    args.draft
        .iter()
        .map(|value| {
            let (person, parts) = split("--draft", value, '=', form)?;
            Draft::from_parts(person, parts).ok_or_else(|| usage("--draft", value, form))
        })
        .collect()
}

/// `--wear "TERRITORY=N"`.
pub(crate) fn wear(args: &LogArgs, campaign: &Campaign) -> Result<Vec<Wear>, CliError> {
    args.wear
        .iter()
        .map(|value| {
            let form = "TERRITORY=N with N from 1 to 10, e.g. \"Egypt=3\"";
            let (territory, boxes) = split_last("--wear", value, '=', form)?;
            let boxes: u8 = boxes.parse().map_err(|_| usage("--wear", value, form))?;
            Ok(Wear {
                territory: campaign.find_territory(territory)?,
                boxes,
            })
        })
        .collect()
}

/// The changes sealed content made during play, in the order: fallout, destroyed cities,
/// world capital, event fortifications, destroyed cards, marks.
pub(crate) fn events(args: &LogArgs, campaign: &Campaign) -> Result<Vec<PlayEvent>, CliError> {
    let mut events = Vec::new();
    // What is destroyed goes first, so a city replaced by an event is one game.
    for value in &args.fallout {
        events.push(PlayEvent::Fallout {
            territory: campaign.find_territory(value)?,
        });
    }
    for value in &args.destroy_city {
        events.push(PlayEvent::DestroyCity {
            territory: campaign.find_territory(value)?,
        });
    }
    if let Some(value) = &args.world_capital {
        let (territory, name) = split(
            "--world-capital",
            value,
            '=',
            "TERRITORY=NAME, e.g. \"Egypt=Nova Roma\"",
        )?;
        events.push(PlayEvent::WorldCapital {
            territory: campaign.find_territory(territory)?,
            name: name.to_string(),
        });
    }
    for value in &args.event_fortify {
        events.push(PlayEvent::Fortify {
            territory: campaign.find_territory(value)?,
        });
    }
    for value in &args.event_destroy_card {
        events.push(PlayEvent::DestroyCard {
            territory: campaign.find_territory(value)?,
        });
    }
    for value in &args.marks {
        let (territory, text) = split("--mark", value, '=', "TERRITORY=TEXT, e.g. \"Peru=Ruins\"")?;
        events.push(PlayEvent::Mark {
            territory: campaign.find_territory(territory)?,
            text: text.to_string(),
        });
    }
    Ok(events)
}

/// A person new to the campaign within two edits of a known one is most likely that person
/// mistyped: refused unless `--new-player` says they are new.
pub(crate) fn new_players(
    seats: &[Seat],
    confirmed: &[String],
    campaign: &Campaign,
) -> Result<(), CliError> {
    for seat in seats {
        // A name the rules refuse is theirs to explain.
        if crate::domain::names::valid_person(&seat.person).is_err() {
            continue;
        }
        let like = campaign.people_resembling(&seat.person);
        let new = confirmed
            .iter()
            .any(|c| person_key(c) == person_key(&seat.person));
        if let (Some(first), false) = (like.first(), new) {
            return Err(CliError::input(format!(
                "{} is new to this campaign and looks like {}: if it is {first}, write {first}; if {} is a new player, add --new-player \"{}\".",
                seat.person,
                one_of(&like),
                seat.person,
                seat.person
            )));
        }
    }
    Ok(())
}

/// The whole game from its flags.
pub(crate) fn game(
    args: &LogArgs,
    campaign: &Campaign,
    today: NaiveDate,
) -> Result<Game, CliError> {
    let date = date(args.date.as_deref(), today)?;
    let seats = args
        .players
        .iter()
        .map(|p| seat(p, campaign))
        .collect::<Result<Vec<_>, _>>()?;
    new_players(&seats, &args.new_players, campaign)?;
    let mut game = Game::new(date, seats);
    game.scars = scars(args, campaign)?;
    game.wear = wear(args, campaign)?;
    game.reward = reward(args, campaign)?;
    game.declined = args.no_reward;
    game.draft = draft(args)?;
    game.held_on = held_on(args, campaign)?;
    game.opened = args
        .opened
        .iter()
        .map(|p| Packet::find(p))
        .collect::<Result<Vec<_>, _>>()?;
    game.events = events(args, campaign)?;
    game.event_cards = super::cards::event_cards(&args.event_cards)?;
    game.missions = super::cards::missions(&args.missions, &args.mission_done)?;
    game.note.clone_from(&args.note);
    Ok(game)
}
