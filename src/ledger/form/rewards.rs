//! The rewards, as the form asks them: the winner's (or none, when they decline), then each
//! held-on player's clockwise from the winner. Only the kinds whose pools are not empty are
//! offered, then only legal targets; a name is checked by the rules as it is typed.

use super::labels::place;
use super::walk::{chosen, territory_among};
use super::{Answer, Kind, Offered, Part, Refused, Step};
use crate::domain::{
    BonusMark, Campaign, Continent, Entry, Game, HeldOnChoice, HeldOnKind, HeldOnReward, Names,
    Outcome, Refusal, Reward, RewardKind, Targets, Territory,
};

/// The answer of a winner who declines the reward.
pub(super) const DECLINED: &str = "none: the winner declines";

/// The answer of a held-on player who takes nothing.
pub(super) const NOTHING: &str = "nothing";

/// A name given before the one asked for, so that a target is checked on its own.
const SOME_NAME: &str = "Placeholder";

/// Whether the rules take the game with `change` made to it.
fn legal(campaign: &Campaign, game: &Game, change: impl FnOnce(&mut Game)) -> Result<(), Refusal> {
    let mut trial = game.clone();
    change(&mut trial);
    campaign
        .clone()
        .apply(&Entry::Game(Box::new(trial)))
        .map(|_| ())
}

impl super::walk::Walker<'_> {
    pub(super) fn reward(&mut self) -> Option<()> {
        if !self.campaign.next_game_rewarded() {
            return Some(());
        }
        let Some(winner) = self.game.winner().map(|w| w.person.clone()) else {
            return Some(());
        };
        let state = self.after_play();
        let kinds = state.possible_rewards();
        let Some(first) = kinds.first() else {
            return Some(());
        };
        let mut options: Vec<Offered> = kinds.iter().map(|k| Offered::plain(k.words())).collect();
        options.push(Offered::plain(DECLINED));
        let step = Step::new(
            "reward",
            Part::Reward,
            format!("{winner}'s reward"),
            Kind::Choice,
        )
        .options(options)
        .default(first.words());
        let kind = self.ask(step, |step, answer| {
            chosen(step, answer, |v| {
                Some(kinds.iter().copied().find(|k| k.words() == v))
            })
        })?;
        match kind {
            None => self.game.declined = true,
            Some(kind) => {
                let reward = self.reward_of(kind, &state)?;
                self.game.reward = Some(reward);
            }
        }
        Some(())
    }

    fn reward_of(&mut self, kind: RewardKind, state: &Campaign) -> Option<Reward> {
        let (campaign, game) = (self.campaign, self.game.clone());
        let give = |reward: Reward| legal(campaign, &game, |g| g.reward = Some(reward));
        match state.reward_targets(kind) {
            Targets::Continents(continents) => {
                let step = Step::new(
                    "reward-target",
                    Part::Reward,
                    "Which continent",
                    Kind::Choice,
                )
                .options(
                    continents
                        .iter()
                        .map(|&c| Offered::new(c.name(), state.continent_name(c)))
                        .collect(),
                )
                .default(continents.first().map_or("", |c| c.name()));
                let continent = self.ask(step, |step, answer| {
                    chosen(step, answer, |v| {
                        continents.iter().copied().find(|c| c.name() == v)
                    })
                })?;
                if kind == RewardKind::NameContinent {
                    let prompt = format!("Name for {}", continent.name());
                    let name = self.name("reward-name", Part::Reward, &prompt, |name| {
                        give(Reward::NameContinent { continent, name })
                    })?;
                    return Some(Reward::NameContinent { continent, name });
                }
                let mark = self.mark(state)?;
                Some(Reward::ContinentBonus { continent, mark })
            }
            Targets::Territories(territories) => {
                let hq = game.winner().and_then(|w| w.hq.clone());
                let territory = self.target(
                    "reward-target".to_string(),
                    Part::Reward,
                    state,
                    &likely_first(state, &territories, hq.as_ref()),
                    |t| give(reward_on(kind, t, SOME_NAME)),
                )?;
                if kind == RewardKind::MajorCity {
                    let prompt = format!("Name of the major city in {}", territory.name());
                    let name = self.name("reward-name", Part::Reward, &prompt, |name| {
                        give(reward_on(kind, &territory, &name))
                    })?;
                    return Some(reward_on(kind, &territory, &name));
                }
                Some(reward_on(kind, &territory, ""))
            }
        }
    }

    fn mark(&mut self, state: &Campaign) -> Option<BonusMark> {
        let marks = state.bonus_marks_left();
        let step = Step::new("reward-mark", Part::Reward, "Which mark", Kind::Choice)
            .options(marks.iter().map(|m| Offered::plain(m.sign())).collect())
            .default(marks.first().map_or("", |m| m.sign()));
        self.ask(step, |step, answer| {
            chosen(step, answer, |v| {
                marks.iter().copied().find(|m| m.sign() == v)
            })
        })
    }

    /// A territory among `offered`, found by typing.
    pub(super) fn target(
        &mut self,
        id: String,
        part: Part,
        state: &Campaign,
        offered: &[Territory],
        why_not: impl Fn(&Territory) -> Result<(), Refusal>,
    ) -> Option<Territory> {
        let step = Step::new(id, part, "Which territory (type to search)", Kind::Search)
            .names(Names::Territories)
            .options(
                offered
                    .iter()
                    .map(|t| Offered::new(t.name(), place(state, t)))
                    .collect(),
            );
        self.ask_kept(step, |_, answer| {
            territory_among(state, answer.one(), offered, why_not)
        })
    }

    /// A name typed, taken when the rules take it.
    pub(super) fn name(
        &mut self,
        id: &str,
        part: Part,
        prompt: &str,
        legal: impl Fn(String) -> Result<(), Refusal>,
    ) -> Option<String> {
        let step = Step::new(id, part, prompt, Kind::Text);
        self.ask(step, |_, answer| {
            let name = answer.one().trim().to_string();
            if name.is_empty() {
                return Err(Refused::Expected("a name".to_string()));
            }
            legal(name.clone())?;
            Ok(name)
        })
    }

    /// Held-on rewards, clockwise from the winner, each offered what is left after the
    /// ones before.
    pub(super) fn held_on(&mut self) -> Option<()> {
        if !self.campaign.next_game_rewarded() {
            return Some(());
        }
        let held_on: Vec<String> = self
            .game
            .clockwise_from_winner()
            .filter(|s| s.result == Outcome::HeldOn)
            .map(|s| s.person.clone())
            .collect();
        for person in held_on {
            let mut state = self.campaign.clone();
            if state
                .apply(&Entry::Game(Box::new(self.game.clone())))
                .is_err()
            {
                state = self.campaign.clone();
            }
            let choices = state.held_on_choices();
            if choices.is_empty() {
                break;
            }
            if let Some(reward) = self.held_on_of(&person, &state, &choices)? {
                self.game.held_on.push(reward);
            }
        }
        Some(())
    }

    fn held_on_of(
        &mut self,
        person: &str,
        state: &Campaign,
        choices: &[(HeldOnKind, Vec<Territory>)],
    ) -> Option<Option<HeldOnReward>> {
        let mut options: Vec<Offered> = choices
            .iter()
            .map(|(k, _)| Offered::plain(k.words()))
            .collect();
        options.push(Offered::plain(NOTHING));
        let step = Step::new(
            format!("held-on:{person}"),
            Part::HeldOn,
            format!("{person} held on: their reward"),
            Kind::Choice,
        )
        .options(options)
        .default(choices[0].0.words());
        let pick = self.ask(step, |step, answer| {
            chosen(step, answer, |v| {
                Some(choices.iter().position(|(k, _)| k.words() == v))
            })
        })?;
        let Some((kind, territories)) = pick.and_then(|i| choices.get(i)) else {
            return Some(None);
        };
        let (campaign, game) = (self.campaign, self.game.clone());
        let hq = game
            .seats
            .iter()
            .find(|s| s.person == person)
            .and_then(|s| s.hq.clone());
        let give = |choice: HeldOnChoice| {
            legal(campaign, &game, |g| {
                g.held_on.push(HeldOnReward {
                    person: person.to_string(),
                    choice,
                });
            })
        };
        let territory = self.target(
            format!("held-on:{person}:territory"),
            Part::HeldOn,
            state,
            &likely_first(state, territories, hq.as_ref()),
            |t| give(held_on_on(*kind, t, SOME_NAME)),
        )?;
        let choice = if *kind == HeldOnKind::MinorCity {
            let prompt = format!("Name of the minor city in {}", territory.name());
            let id = format!("held-on:{person}:name");
            let name = self.name(&id, Part::HeldOn, &prompt, |name| {
                give(held_on_on(*kind, &territory, &name))
            })?;
            held_on_on(*kind, &territory, &name)
        } else {
            held_on_on(*kind, &territory, "")
        };
        Some(Some(HeldOnReward {
            person: person.to_string(),
            choice,
        }))
    }
}

/// The territories offered with the likely ones first: the player's HQ, then those next to
/// it (a reward is most often taken close to home), each group in its own order. Nothing is
/// chosen by it: the first is only where the list starts.
fn likely_first(state: &Campaign, offered: &[Territory], hq: Option<&Territory>) -> Vec<Territory> {
    let mut sorted = offered.to_vec();
    if let Some(hq) = hq {
        sorted.sort_by_key(|t| {
            if t == hq {
                0
            } else if state.borders(hq, t) {
                1
            } else {
                2
            }
        });
    }
    sorted
}

/// The winner's reward of a kind that goes on a territory.
fn reward_on(kind: RewardKind, territory: &Territory, name: &str) -> Reward {
    let territory = territory.clone();
    match kind {
        RewardKind::MajorCity => Reward::MajorCity {
            territory,
            name: name.to_string(),
        },
        RewardKind::HealScar => Reward::HealScar { territory },
        RewardKind::Fortify => Reward::Fortify { territory },
        // The continents' kinds never reach here: their targets are continents.
        RewardKind::DestroyCard | RewardKind::NameContinent | RewardKind::ContinentBonus => {
            Reward::DestroyCard { territory }
        }
    }
}

fn held_on_on(kind: HeldOnKind, territory: &Territory, name: &str) -> HeldOnChoice {
    let territory = territory.clone();
    match kind {
        HeldOnKind::MinorCity => HeldOnChoice::MinorCity {
            territory,
            name: name.to_string(),
        },
        HeldOnKind::AddResource => HeldOnChoice::AddResource { territory },
    }
}

/// The answers a winner's reward gives, by question (for a game written already).
pub(super) fn reward_answers(game: &Game, id: &str) -> Option<Answer> {
    if game.declined {
        return (id == "reward").then(|| Answer::One(DECLINED.to_string()));
    }
    let reward = game.reward.as_ref()?;
    let one = |s: &str| Some(Answer::One(s.to_string()));
    match (id, reward) {
        ("reward", _) => one(reward.kind().words()),
        (
            "reward-target",
            Reward::NameContinent { continent, .. } | Reward::ContinentBonus { continent, .. },
        ) => one(continent_value(*continent)),
        (
            "reward-target",
            Reward::MajorCity { territory, .. }
            | Reward::HealScar { territory }
            | Reward::Fortify { territory }
            | Reward::DestroyCard { territory },
        ) => one(territory.name()),
        ("reward-name", Reward::NameContinent { name, .. } | Reward::MajorCity { name, .. }) => {
            one(name)
        }
        ("reward-mark", Reward::ContinentBonus { mark, .. }) => one(mark.sign()),
        _ => None,
    }
}

fn continent_value(continent: Continent) -> &'static str {
    continent.name()
}

/// The answers a held-on reward gives, by question.
pub(super) fn held_on_answers(game: &Game, person: &str, what: Option<&str>) -> Option<Answer> {
    let reward = game.held_on.iter().find(|r| r.person == person);
    let one = |s: &str| Some(Answer::One(s.to_string()));
    match (what, reward.map(|r| &r.choice)) {
        (None, None) => one(NOTHING),
        (None, Some(HeldOnChoice::MinorCity { .. })) => one(HeldOnKind::MinorCity.words()),
        (None, Some(HeldOnChoice::AddResource { .. })) => one(HeldOnKind::AddResource.words()),
        (
            Some("territory"),
            Some(
                HeldOnChoice::MinorCity { territory, .. } | HeldOnChoice::AddResource { territory },
            ),
        ) => one(territory.name()),
        (Some("name"), Some(HeldOnChoice::MinorCity { name, .. })) => one(name),
        _ => None,
    }
}
