//! The guided prompt's questions about rewards: the winner's (or none, when they decline),
//! then each held-on player's clockwise from the winner; only what the rules allow now is
//! offered, and a name is asked until the rules take it.

use super::ask::Ask;
use super::labels::place;
use crate::cli::error::CliError;
use crate::cli::explain::Asked;
use crate::cli::output::say;
use crate::domain::{
    BonusMark, Campaign, Entry, Game, HeldOnChoice, HeldOnKind, HeldOnReward, Outcome, Refusal,
    Reward, RewardKind, Targets,
};

/// A refusal met while asking: said without flags.
fn refused(refusal: Refusal) -> CliError {
    CliError::refused(refusal, Asked::Prompt)
}

pub(super) fn ask_reward(
    ask: &Ask,
    campaign: &Campaign,
    game: &mut Game,
) -> Result<bool, CliError> {
    let state = campaign.after_play(game).map_err(refused)?;
    let kinds = state.possible_rewards();
    let Some(winner) = game.winner().map(|w| w.person.clone()) else {
        return Ok(false);
    };
    if kinds.is_empty() {
        say("No winner's reward can be chosen: every pool is empty.");
        return Ok(false);
    }
    let mut words: Vec<String> = kinds.iter().map(|k| k.words().to_string()).collect();
    words.push("none: the winner declines".to_string());
    let pick = ask.choose(&format!("{winner}'s reward"), &words, 0)?;
    let Some(&kind) = kinds.get(pick) else {
        game.declined = true;
        return Ok(true);
    };
    let legal = |reward: &Reward| {
        let mut draft = game.clone();
        draft.reward = Some(reward.clone());
        campaign
            .clone()
            .apply(&Entry::Game(Box::new(draft)))
            .map(|_| ())
            .map_err(|refusal| refusal.to_string())
    };
    let reward = ask_reward_target(ask, &state, kind, &legal)?;
    game.reward = Some(reward);
    Ok(true)
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
            let names: Vec<String> = territories.iter().map(|t| place(state, t)).collect();
            let territory =
                territories[ask.search("Which territory (type to search)", &names)?].clone();
            Ok(match kind {
                RewardKind::MajorCity => {
                    let city = |name: &str| Reward::MajorCity {
                        territory: territory.clone(),
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
pub(super) fn ask_held_on(
    ask: &Ask,
    campaign: &Campaign,
    game: &mut Game,
) -> Result<bool, CliError> {
    let held_on: Vec<String> = game
        .clockwise_from_winner()
        .filter(|s| s.result == Outcome::HeldOn)
        .map(|s| s.person.clone())
        .collect();
    let mut asked = false;
    for person in held_on {
        let mut state = campaign.clone();
        state
            .apply(&Entry::Game(Box::new(game.clone())))
            .map_err(refused)?;
        let choices = state.held_on_choices();
        if choices.is_empty() {
            say("Held-on players get nothing now: every minor city and coin sticker is used.");
            return Ok(asked);
        }
        asked = true;
        let mut words: Vec<String> = choices.iter().map(|(k, _)| k.words().to_string()).collect();
        words.push("nothing".to_string());
        let pick = ask.choose(&format!("{person} held on: their reward"), &words, 0)?;
        let Some((kind, territories)) = choices.get(pick) else {
            continue;
        };
        let names: Vec<String> = territories.iter().map(|t| place(&state, t)).collect();
        let territory =
            territories[ask.search("Which territory (type to search)", &names)?].clone();
        let choice = match kind {
            HeldOnKind::MinorCity => {
                let city = |name: &str| HeldOnChoice::MinorCity {
                    territory: territory.clone(),
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
                        .apply(&Entry::Game(Box::new(draft)))
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
    Ok(asked)
}
