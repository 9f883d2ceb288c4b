//! The kinds of reward: the winner's six and the two of a player who held on.

use super::pool::PoolKind;

/// The kinds of winner's reward, for listing what is possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RewardKind {
    NameContinent,
    MajorCity,
    HealScar,
    ContinentBonus,
    Fortify,
    DestroyCard,
}

impl RewardKind {
    pub const ALL: [RewardKind; 6] = [
        RewardKind::NameContinent,
        RewardKind::MajorCity,
        RewardKind::HealScar,
        RewardKind::ContinentBonus,
        RewardKind::Fortify,
        RewardKind::DestroyCard,
    ];

    pub fn words(self) -> &'static str {
        match self {
            RewardKind::NameContinent => "name a continent",
            RewardKind::MajorCity => "found a major city",
            RewardKind::HealScar => "heal a scar",
            RewardKind::ContinentBonus => "change a continent's bonus",
            RewardKind::Fortify => "fortify a city",
            RewardKind::DestroyCard => "destroy a territory card",
        }
    }
}

/// The two kinds of held-on reward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeldOnKind {
    MinorCity,
    AddResource,
}

impl HeldOnKind {
    pub fn words(self) -> &'static str {
        match self {
            HeldOnKind::MinorCity => "found a minor city",
            HeldOnKind::AddResource => "add a resource to a card",
        }
    }

    pub fn pool(self) -> PoolKind {
        match self {
            HeldOnKind::MinorCity => PoolKind::MinorCity,
            HeldOnKind::AddResource => PoolKind::CoinSticker,
        }
    }
}
