//! `chronicle game log` on a terminal without flags: the game asked question by question.
//! Every choice offered comes from the domain (what is legal now); nothing is written
//! before the last confirmation, and Esc or Ctrl-C at any question writes nothing.

use chrono::NaiveDate;

use super::ask::Ask;
use super::logged::print_logged;
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::explain::Asked;
use crate::cli::output::say;
use crate::domain::describe::happenings;
use crate::domain::names::valid_person;
use crate::domain::{
    BonusMark, Campaign, Entry, Faction, Game, HeldOnChoice, HeldOnKind, HeldOnReward, Outcome,
    PLAYERS, Packet, Refusal, Reward, RewardKind, ScarPlacement, Seat, Targets, Territory, Wear,
    person_key,
};

/// A refusal met while asking: said without flags.
fn refused(refusal: Refusal) -> CliError {
    CliError::refused(refusal, Asked::Prompt)
}

pub(super) fn run(context: &Context, dry_run: bool) -> Result<(), CliError> {
    let (info, loaded) = context.load()?;
    let campaign = &loaded.campaign;
    let number = campaign.games_played() + 1;
    let ask = Ask::new(context);
    stop_on_ctrl_c();
    say(&format!(
        "Game {number} of {}. Esc on a choice, or Ctrl-C anywhere, stops; nothing is written until you confirm.",
        info.name
    ));
    let date = ask_date(&ask, context.clock.today(), campaign.last_date())?;
    let usual = |person: &str| -> Option<Faction> {
        loaded
            .log
            .iter()
            .rev()
            .find_map(|logged| match &logged.entry {
                Entry::Game(game) => game
                    .seats
                    .iter()
                    .find(|s| s.person == person)
                    .map(|s| s.faction.clone()),
                _ => None,
            })
    };
    let mut game = Game::new(date, ask_seats(&ask, campaign, usual)?);
    ask_results(&ask, &mut game)?;
    ask_scars(&ask, campaign, &mut game)?;
    ask_wear(&ask, campaign, &mut game)?;
    if campaign.next_game_rewarded() {
        ask_reward(&ask, campaign, &mut game)?;
        ask_held_on(&ask, campaign, &mut game)?;
    }
    ask_packets(&ask, campaign, &mut game)?;
    game.note = Some(ask.text("A note about the game (Enter for none)", "")?)
        .filter(|n| !n.trim().is_empty());

    let entry = Entry::Game(game);
    campaign.clone().apply(&entry).map_err(refused)?;
    say(&format!("\nGame {number}, {date}:"));
    for happening in happenings(campaign, &entry) {
        say(&format!("  - {}", happening.sentence()));
    }
    let write = !dry_run && ask.confirm(&format!("Write game {number} to the ledger?"), true)?;
    if !dry_run && !write {
        return Err(CliError::input("Not written: the game was not confirmed.").nothing_written());
    }
    let (_, recorded) = context.record(Asked::Prompt, dry_run, None, |_| Ok(entry))?;
    print_logged(context, &recorded)
}

/// Ctrl-C at a question comes back from the prompt as an interruption, which stops the
/// flow with exit code 130 and a word that nothing was written. The handler keeps the
/// signal itself from killing chronicle before it can say so (and while it writes).
fn stop_on_ctrl_c() {
    let _ = ctrlc::set_handler(|| {});
}

fn ask_date(ask: &Ask, today: NaiveDate, last: Option<NaiveDate>) -> Result<NaiveDate, CliError> {
    let text = ask.validated_text("Date played (YYYY-MM-DD)", &today.to_string(), |text| {
        let date = NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
            .map_err(|_| "a date like 2026-03-14".to_string())?;
        if date > today {
            return Err(format!("{date} is after today ({today})"));
        }
        match last {
            Some(last) if date < last => Err(format!("the last game was played on {last}")),
            _ => Ok(()),
        }
    })?;
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| CliError::usage(format!("\"{text}\" is not a date")))
}

/// The players in seating order, each with a faction not yet taken (their last one
/// first) and an optional HQ among their legal starts. Results are asked afterwards.
fn ask_seats(
    ask: &Ask,
    campaign: &Campaign,
    usual: impl Fn(&str) -> Option<Faction>,
) -> Result<Vec<Seat>, CliError> {
    let mut seats: Vec<Seat> = Vec::new();
    while seats.len() < *PLAYERS.end() {
        let Some(person) = ask_person(ask, campaign, &seats)? else {
            break;
        };
        let free: Vec<_> = campaign
            .factions()
            .iter()
            .filter(|f| seats.iter().all(|s| &s.faction != *f))
            .collect();
        let names: Vec<String> = free.iter().map(std::string::ToString::to_string).collect();
        let last = usual(&person)
            .and_then(|f| free.iter().position(|g| **g == f))
            .unwrap_or(0);
        let faction = free[ask.choose(&format!("{person}'s faction"), &names, last)?].clone();
        let starts: Vec<Territory> = campaign
            .legal_starts(&person)
            .into_iter()
            .filter(|t| seats.iter().all(|s| s.hq != Some(*t)))
            .collect();
        let mut options = vec!["(not recorded)".to_string()];
        options.extend(starts.iter().map(|t| t.name().to_string()));
        let pick = ask.search(&format!("{person}'s HQ (type to search)"), &options)?;
        let hq = pick.checked_sub(1).map(|i| starts[i]);
        seats.push(Seat {
            person,
            faction,
            result: Outcome::HeldOn,
            hq,
        });
    }
    Ok(seats)
}

/// The next player clockwise: someone known, someone new, or nobody more (from the third).
fn ask_person(ask: &Ask, campaign: &Campaign, seats: &[Seat]) -> Result<Option<String>, CliError> {
    let seated = |p: &str| seats.iter().any(|s| person_key(&s.person) == person_key(p));
    let known: Vec<String> = campaign
        .people()
        .iter()
        .filter(|p| !seated(p))
        .map(std::string::ToString::to_string)
        .collect();
    let mut options: Vec<String> = Vec::new();
    let enough = seats.len() >= *PLAYERS.start();
    if enough {
        options.push("(that is everyone)".to_string());
    }
    options.extend(known.iter().cloned());
    options.push("(someone new)".to_string());
    let prompt = format!("Player {}, clockwise (type to search)", seats.len() + 1);
    let pick = ask.search(&prompt, &options)?;
    let offset = usize::from(enough);
    if enough && pick == 0 {
        return Ok(None);
    }
    if let Some(person) = known.get(pick - offset) {
        return Ok(Some(person.clone()));
    }
    let name = ask.validated_text("Their name", "", |text| {
        let name = valid_person(text).map_err(|e| e.to_string())?;
        if seated(&name) {
            return Err(format!("{name} is seated already"));
        }
        Ok(())
    })?;
    let name = valid_person(&name).map_err(refused)?;
    Ok(Some(
        campaign.known_person(&name).map_or(name, str::to_string),
    ))
}

fn ask_results(ask: &Ask, game: &mut Game) -> Result<(), CliError> {
    let people: Vec<String> = game.seats.iter().map(|s| s.person.clone()).collect();
    let winner = ask.choose("Who won?", &people, 0)?;
    let outcomes = ["held on".to_string(), "was eliminated".to_string()];
    for (i, seat) in game.seats.iter_mut().enumerate() {
        seat.result = if i == winner {
            Outcome::Won
        } else if ask.choose(&format!("{}'s result", seat.person), &outcomes, 0)? == 0 {
            Outcome::HeldOn
        } else {
            Outcome::Eliminated
        };
    }
    Ok(())
}

fn ask_scars(ask: &Ask, campaign: &Campaign, game: &mut Game) -> Result<(), CliError> {
    let mut question = "Was a scar placed during the game?";
    while ask.confirm(question, false)? {
        let state = campaign.after_play(game).map_err(refused)?;
        let types: Vec<String> = state
            .scar_types()
            .filter(|t| state.left(&crate::domain::PoolKind::Scar((*t).clone())) > 0)
            .cloned()
            .collect();
        let open: Vec<Territory> = Territory::all()
            .filter(|&t| state.territory(t).scar.is_none())
            .collect();
        if types.is_empty() || open.is_empty() {
            say("No scar can be placed: every scar sticker is used.");
            break;
        }
        let names: Vec<String> = open.iter().map(|t| t.name().to_string()).collect();
        let territory = open[ask.search("Scarred territory (type to search)", &names)?];
        let scar = types[ask.choose("Which scar", &types, 0)?].clone();
        game.scars.push(ScarPlacement {
            territory,
            scar,
            by: None,
        });
        question = "Another scar?";
    }
    Ok(())
}

fn ask_wear(ask: &Ask, campaign: &Campaign, game: &mut Game) -> Result<(), CliError> {
    let mut question = "Were boxes ticked on a fortification?";
    loop {
        let state = campaign.after_play(game).map_err(refused)?;
        let fortified = state.fortified();
        if fortified.is_empty() || !ask.confirm(question, false)? {
            return Ok(());
        }
        let names: Vec<String> = fortified
            .iter()
            .map(|&t| {
                let left = state
                    .territory(t)
                    .fortification
                    .as_ref()
                    .map_or(0, |f| f.boxes_left);
                format!("{} ({left} boxes left)", t.name())
            })
            .collect();
        let territory = fortified[ask.choose("Which fortification", &names, 0)?];
        let left = state
            .territory(territory)
            .fortification
            .as_ref()
            .map_or(0, |f| f.boxes_left);
        let boxes =
            ask.validated_text(
                &format!("Boxes ticked (1 to {left})"),
                "1",
                |text| match text.trim().parse::<u8>() {
                    Ok(n) if (1..=left).contains(&n) => Ok(()),
                    _ => Err(format!("a number from 1 to {left}")),
                },
            )?;
        let boxes = boxes
            .trim()
            .parse()
            .map_err(|_| CliError::usage(format!("\"{boxes}\" is not a number")))?;
        game.wear.push(Wear { territory, boxes });
        question = "More boxes ticked?";
    }
}

fn ask_reward(ask: &Ask, campaign: &Campaign, game: &mut Game) -> Result<(), CliError> {
    let state = campaign.after_play(game).map_err(refused)?;
    let kinds = state.possible_rewards();
    let Some(winner) = game.winner().map(|w| w.person.clone()) else {
        return Ok(());
    };
    if kinds.is_empty() {
        say("No winner's reward can be chosen: every pool is empty.");
        return Ok(());
    }
    let words: Vec<String> = kinds.iter().map(|k| k.words().to_string()).collect();
    let kind = kinds[ask.choose(&format!("{winner}'s reward"), &words, 0)?];
    let legal = |reward: &Reward| {
        let mut draft = game.clone();
        draft.reward = Some(reward.clone());
        campaign
            .clone()
            .apply(&Entry::Game(draft))
            .map(|_| ())
            .map_err(|refusal| refusal.to_string())
    };
    let reward = ask_reward_target(ask, &state, kind, &legal)?;
    game.reward = Some(reward);
    Ok(())
}

/// A name asked until the rules take it (a city or continent name already used is asked
/// again, and so is an empty one).
fn ask_name(
    ask: &Ask,
    prompt: &str,
    legal: impl Fn(&str) -> Result<(), String>,
) -> Result<String, CliError> {
    ask.validated_text(prompt, "", |text| legal(text))
}

fn ask_reward_target(
    ask: &Ask,
    state: &Campaign,
    kind: RewardKind,
    legal: &dyn Fn(&Reward) -> Result<(), String>,
) -> Result<Reward, CliError> {
    match state.reward_targets(kind) {
        Targets::Continents(continents) => {
            let names: Vec<String> = continents
                .iter()
                .map(|&c| state.continent_name(c).to_string())
                .collect();
            let continent = continents[ask.choose("Which continent", &names, 0)?];
            if kind == RewardKind::NameContinent {
                let named = |name: &str| Reward::NameContinent {
                    continent,
                    name: name.to_string(),
                };
                let name = ask_name(ask, &format!("Name for {}", continent.name()), |n| {
                    legal(&named(n))
                })?;
                return Ok(named(&name));
            }
            let marks = state.bonus_marks_left();
            let signs: Vec<String> = marks.iter().map(|m| m.sign().to_string()).collect();
            let mark: BonusMark = marks[ask.choose("Which mark", &signs, 0)?];
            Ok(Reward::ContinentBonus { continent, mark })
        }
        Targets::Territories(territories) => {
            let names: Vec<String> = territories.iter().map(|&t| place(state, t)).collect();
            let territory = territories[ask.search("Which territory (type to search)", &names)?];
            Ok(match kind {
                RewardKind::MajorCity => {
                    let city = |name: &str| Reward::MajorCity {
                        territory,
                        name: name.to_string(),
                    };
                    let prompt = format!("Name of the major city in {}", territory.name());
                    city(&ask_name(ask, &prompt, |n| legal(&city(n)))?)
                }
                RewardKind::HealScar => Reward::HealScar { territory },
                RewardKind::Fortify => Reward::Fortify { territory },
                RewardKind::DestroyCard => Reward::DestroyCard { territory },
                RewardKind::NameContinent | RewardKind::ContinentBonus => {
                    return Err(CliError::bug(format!(
                        "{} was offered territories to choose from",
                        kind.words()
                    )));
                }
            })
        }
    }
}

/// Held-on rewards, clockwise from the winner, each offered what is left after the ones
/// before.
fn ask_held_on(ask: &Ask, campaign: &Campaign, game: &mut Game) -> Result<(), CliError> {
    let held_on: Vec<String> = game
        .clockwise_from_winner()
        .filter(|s| s.result == Outcome::HeldOn)
        .map(|s| s.person.clone())
        .collect();
    for person in held_on {
        let mut state = campaign.clone();
        state.apply(&Entry::Game(game.clone())).map_err(refused)?;
        let choices = state.held_on_choices();
        if choices.is_empty() {
            say("No held-on reward is left: both pools are empty.");
            return Ok(());
        }
        let mut words: Vec<String> = choices.iter().map(|(k, _)| k.words().to_string()).collect();
        words.push("nothing".to_string());
        let pick = ask.choose(&format!("{person} held on: their reward"), &words, 0)?;
        let Some((kind, territories)) = choices.get(pick) else {
            continue;
        };
        let names: Vec<String> = territories.iter().map(|&t| place(&state, t)).collect();
        let territory = territories[ask.search("Which territory (type to search)", &names)?];
        let choice = match kind {
            HeldOnKind::MinorCity => {
                let city = |name: &str| HeldOnChoice::MinorCity {
                    territory,
                    name: name.to_string(),
                };
                let legal = |name: &str| {
                    let mut draft = game.clone();
                    draft.held_on.push(HeldOnReward {
                        person: person.clone(),
                        choice: city(name),
                    });
                    campaign
                        .clone()
                        .apply(&Entry::Game(draft))
                        .map(|_| ())
                        .map_err(|r| r.to_string())
                };
                city(&ask_name(
                    ask,
                    &format!("Name of the minor city in {}", territory.name()),
                    legal,
                )?)
            }
            HeldOnKind::AddResource => HeldOnChoice::AddResource { territory },
        };
        game.held_on.push(HeldOnReward { person, choice });
    }
    Ok(())
}

/// Packets opened: those not yet opened whose condition allows it; the ones this game made
/// due are ticked already.
fn ask_packets(ask: &Ask, campaign: &Campaign, game: &mut Game) -> Result<(), CliError> {
    let mut state = campaign.clone();
    let applied = state.apply(&Entry::Game(game.clone())).map_err(refused)?;
    let open: Vec<Packet> = Packet::ALL
        .into_iter()
        .filter(|&p| {
            state.opened(p).is_none()
                && state.packet_progress(p).is_none_or(|progress| progress.met)
        })
        .collect();
    let items: Vec<(String, bool)> = open
        .iter()
        .map(|p| {
            (
                format!("{} ({})", p.name(), p.condition()),
                applied.packets_met.contains(p),
            )
        })
        .collect();
    for &i in &ask.tick("Packets opened (space ticks, Enter goes on)", &items)? {
        game.opened.push(open[i]);
    }
    Ok(())
}

/// A territory with its city, for choosing: "Egypt: Kyro".
fn place(state: &Campaign, territory: Territory) -> String {
    match &state.territory(territory).city {
        Some(city) => format!("{}: {}", territory.name(), city.name),
        None => territory.name().to_string(),
    }
}
