//! The conversions of a game's parts between the campaign file and the domain: the
//! winner's reward, sealed content during play, held-on rewards.

use super::docs::{EventDoc, HeldOnDoc, RewardDoc, continent, territory};
use crate::domain::{BonusMark, HeldOnChoice, HeldOnReward, PlayEvent, Reward};

impl RewardDoc {
    pub(super) fn new(reward: &Reward) -> RewardDoc {
        match reward {
            Reward::NameContinent { continent, name } => RewardDoc::NameContinent {
                continent: continent.name().to_string(),
                name: name.clone(),
            },
            Reward::MajorCity { territory, name } => RewardDoc::MajorCity {
                territory: territory.name().to_string(),
                name: name.clone(),
            },
            Reward::HealScar { territory } => RewardDoc::HealScar {
                territory: territory.name().to_string(),
            },
            Reward::ContinentBonus { continent, mark } => RewardDoc::ContinentBonus {
                continent: continent.name().to_string(),
                change: mark.delta(),
            },
            Reward::Fortify { territory } => RewardDoc::Fortify {
                territory: territory.name().to_string(),
            },
            Reward::DestroyCard { territory } => RewardDoc::DestroyCard {
                territory: territory.name().to_string(),
            },
        }
    }

    pub(super) fn reward(&self) -> Result<Reward, String> {
        Ok(match self {
            RewardDoc::NameContinent { continent: c, name } => Reward::NameContinent {
                continent: continent(c)?,
                name: name.clone(),
            },
            RewardDoc::MajorCity { territory: t, name } => Reward::MajorCity {
                territory: territory(t)?,
                name: name.clone(),
            },
            RewardDoc::HealScar { territory: t } => Reward::HealScar {
                territory: territory(t)?,
            },
            RewardDoc::ContinentBonus {
                continent: c,
                change,
            } => Reward::ContinentBonus {
                continent: continent(c)?,
                mark: BonusMark::from_delta(i64::from(*change))
                    .ok_or_else(|| format!("a bonus change is +1 or -1, not {change}"))?,
            },
            RewardDoc::Fortify { territory: t } => Reward::Fortify {
                territory: territory(t)?,
            },
            RewardDoc::DestroyCard { territory: t } => Reward::DestroyCard {
                territory: territory(t)?,
            },
        })
    }
}

impl EventDoc {
    pub(super) fn new(event: &PlayEvent) -> EventDoc {
        match event {
            PlayEvent::WorldCapital { territory, name } => EventDoc::WorldCapital {
                territory: territory.name().to_string(),
                name: name.clone(),
            },
            PlayEvent::Fortify { territory } => EventDoc::Fortify {
                territory: territory.name().to_string(),
            },
            PlayEvent::DestroyCard { territory } => EventDoc::DestroyCard {
                territory: territory.name().to_string(),
            },
            PlayEvent::Mark { territory, text } => EventDoc::Mark {
                territory: territory.name().to_string(),
                text: text.clone(),
            },
            PlayEvent::Fallout { territory } => EventDoc::Fallout {
                territory: territory.name().to_string(),
            },
            PlayEvent::DestroyCity { territory } => EventDoc::DestroyCity {
                territory: territory.name().to_string(),
            },
        }
    }

    pub(super) fn event(&self) -> Result<PlayEvent, String> {
        Ok(match self {
            EventDoc::WorldCapital { territory: t, name } => PlayEvent::WorldCapital {
                territory: territory(t)?,
                name: name.clone(),
            },
            EventDoc::Fortify { territory: t } => PlayEvent::Fortify {
                territory: territory(t)?,
            },
            EventDoc::DestroyCard { territory: t } => PlayEvent::DestroyCard {
                territory: territory(t)?,
            },
            EventDoc::Mark { territory: t, text } => PlayEvent::Mark {
                territory: territory(t)?,
                text: text.clone(),
            },
            EventDoc::Fallout { territory: t } => PlayEvent::Fallout {
                territory: territory(t)?,
            },
            EventDoc::DestroyCity { territory: t } => PlayEvent::DestroyCity {
                territory: territory(t)?,
            },
        })
    }
}

impl HeldOnDoc {
    pub(super) fn reward(&self) -> Result<HeldOnReward, String> {
        Ok(match self {
            HeldOnDoc::MinorCity {
                person,
                territory: t,
                name,
            } => HeldOnReward {
                person: person.clone(),
                choice: HeldOnChoice::MinorCity {
                    territory: territory(t)?,
                    name: name.clone(),
                },
            },
            HeldOnDoc::AddResource {
                person,
                territory: t,
            } => HeldOnReward {
                person: person.clone(),
                choice: HeldOnChoice::AddResource {
                    territory: territory(t)?,
                },
            },
        })
    }
}
