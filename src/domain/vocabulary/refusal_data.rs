//! A refusal as data, for each face to word for its person: its kind (the variant's
//! name, stable: `PoolEmpty`), the rule it names (`§4.4`), and the part of the game or entry
//! it is about (the players, the winner's reward, a scar…). The sentence of a refusal is its
//! `Display`; nothing reads these back out of it.

use super::kinds::{HeldOnKind, RewardKind};
use super::refusal::Refusal;
use super::refusal_parts::{Part, RewardGiven};

impl Refusal {
    /// The refusal's kind: its variant's name (`PoolEmpty`), stable across versions.
    // One arm a kind of refusal, with no catch-all: a new refusal must say it.
    #[allow(clippy::too_many_lines)]
    pub fn kind(&self) -> &'static str {
        match self {
            Refusal::UnknownName { .. } => "UnknownName",
            Refusal::AmbiguousName { .. } => "AmbiguousName",
            Refusal::BadName { .. } => "BadName",
            Refusal::SetupClosed { .. } => "SetupClosed",
            Refusal::PowerChosen { .. } => "PowerChosen",
            Refusal::TooManyFirstCoins { .. } => "TooManyFirstCoins",
            Refusal::TooManyCoinsOnCard { .. } => "TooManyCoinsOnCard",
            Refusal::SetupIncomplete { .. } => "SetupIncomplete",
            Refusal::AdjacentHq { .. } => "AdjacentHq",
            Refusal::RuleUnchanged { .. } => "RuleUnchanged",
            Refusal::PlayerCount { .. } => "PlayerCount",
            Refusal::SamePersonTwice { .. } => "SamePersonTwice",
            Refusal::SameFactionTwice { .. } => "SameFactionTwice",
            Refusal::WinnerCount { .. } => "WinnerCount",
            Refusal::DateBeforeLastGame { .. } => "DateBeforeLastGame",
            Refusal::IllegalStart { .. } => "IllegalStart",
            Refusal::CapitalStart { .. } => "CapitalStart",
            Refusal::FactionNotYet { .. } => "FactionNotYet",
            Refusal::DraftSealed { .. } => "DraftSealed",
            Refusal::CityOnFallout { .. } => "CityOnFallout",
            Refusal::SameHq { .. } => "SameHq",
            Refusal::AlreadyScarred { .. } => "AlreadyScarred",
            Refusal::PoolEmpty { .. } => "PoolEmpty",
            Refusal::LastMarkTaken { .. } => "LastMarkTaken",
            Refusal::NotFortified { .. } => "NotFortified",
            Refusal::WearPastBoxes { .. } => "WearPastBoxes",
            Refusal::NoWear { .. } => "NoWear",
            Refusal::RewardsOver { .. } => "RewardsOver",
            Refusal::RewardMissing { .. } => "RewardMissing",
            Refusal::ContinentNamed { .. } => "ContinentNamed",
            Refusal::NameTaken { .. } => "NameTaken",
            Refusal::HasCity { .. } => "HasCity",
            Refusal::NotScarred { .. } => "NotScarred",
            Refusal::BonusChanged { .. } => "BonusChanged",
            Refusal::NoCity { .. } => "NoCity",
            Refusal::CardDestroyed { .. } => "CardDestroyed",
            Refusal::CardFull { .. } => "CardFull",
            Refusal::NotAPlayer { .. } => "NotAPlayer",
            Refusal::WinnerHeldOnReward { .. } => "WinnerHeldOnReward",
            Refusal::EliminatedReward { .. } => "EliminatedReward",
            Refusal::TwoHeldOnRewards { .. } => "TwoHeldOnRewards",
            Refusal::PacketOpened { .. } => "PacketOpened",
            Refusal::PacketNotYet { .. } => "PacketNotYet",
            Refusal::CapacityBelowUsed { .. } => "CapacityBelowUsed",
            Refusal::CapacityUnchanged { .. } => "CapacityUnchanged",
            Refusal::CapacityTooLarge { .. } => "CapacityTooLarge",
            Refusal::MissingReason { .. } => "MissingReason",
            Refusal::AlreadyAdded { .. } => "AlreadyAdded",
            Refusal::ScarCount { .. } => "ScarCount",
            Refusal::PacketGame { .. } => "PacketGame",
            Refusal::PhotoGame { .. } => "PhotoGame",
            Refusal::PhotoTwice { .. } => "PhotoTwice",
            Refusal::NoPhoto { .. } => "NoPhoto",
            Refusal::BadPhotoHash { .. } => "BadPhotoHash",
            Refusal::PhotoTooLarge { .. } => "PhotoTooLarge",
            Refusal::SlotTaken { .. } => "SlotTaken",
            Refusal::CardScarred { .. } => "CardScarred",
            Refusal::WorldNamed { .. } => "WorldNamed",
            Refusal::WorldTooEarly { .. } => "WorldTooEarly",
            Refusal::NotTheMostSigned { .. } => "NotTheMostSigned",
            Refusal::WorldCapitalSealed => "WorldCapitalSealed",
            Refusal::SealedNotOpen { .. } => "SealedNotOpen",
            Refusal::PacketOpenedAtGameEnd { .. } => "PacketOpenedAtGameEnd",
            Refusal::TerritoryMarked { .. } => "TerritoryMarked",
            Refusal::TerritoryOnMap { .. } => "TerritoryOnMap",
            Refusal::TerritoryNameTaken { .. } => "TerritoryNameTaken",
            Refusal::TerritoryWithoutNeighbours { .. } => "TerritoryWithoutNeighbours",
            Refusal::RetiredAlready { .. } => "RetiredAlready",
            Refusal::AliasTaken { .. } => "AliasTaken",
            Refusal::FalloutAgain { .. } => "FalloutAgain",
            Refusal::NoCityToDestroy { .. } => "NoCityToDestroy",
            Refusal::DeclinedAndChose { .. } => "DeclinedAndChose",
            Refusal::NothingToDecline { .. } => "NothingToDecline",
            Refusal::HeldOnPoolsEmpty { .. } => "HeldOnPoolsEmpty",
            Refusal::NotAtTheTable { .. } => "NotAtTheTable",
            Refusal::DraftOutOfRange { .. } => "DraftOutOfRange",
            Refusal::DraftTwice { .. } => "DraftTwice",
            Refusal::BadText { .. } => "BadText",
            Refusal::BadTimestamp { .. } => "BadTimestamp",
            Refusal::GameAfterToday { .. } => "GameAfterToday",
            Refusal::EntryTwice { .. } => "EntryTwice",
            Refusal::UnknownEntry { .. } => "UnknownEntry",
            Refusal::NotAnEntry { .. } => "NotAnEntry",
            Refusal::ReplacedByOtherKind { .. } => "ReplacedByOtherKind",
            Refusal::TakeBackTakenBack { .. } => "TakeBackTakenBack",
            Refusal::TakenBackTwice { .. } => "TakenBackTwice",
            Refusal::BadId { .. } => "BadId",
            Refusal::NoGame { .. } => "NoGame",
            Refusal::SameName { .. } => "SameName",
            Refusal::PersonExists { .. } => "PersonExists",
            Refusal::SatTogether { .. } => "SatTogether",
            Refusal::Forks { .. } => "Forks",
            Refusal::DeviceOnBranches { .. } => "DeviceOnBranches",
            Refusal::JoinKeepsNothing => "JoinKeepsNothing",
            Refusal::JoinOfNoFork { .. } => "JoinOfNoFork",
            Refusal::BadRecord { .. } => "BadRecord",
            Refusal::LaterBreaks { .. } => "LaterBreaks",
        }
    }

    /// The rule of `docs/rules.md` it names (`§4.4`, `§3–§4`), when it names one.
    // One arm a kind of refusal, with no catch-all: a new refusal must say it.
    #[allow(clippy::too_many_lines)]
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            Refusal::UnknownName { .. }
            | Refusal::AmbiguousName { .. }
            | Refusal::BadName { .. }
            | Refusal::RuleUnchanged { .. }
            | Refusal::DateBeforeLastGame { .. }
            | Refusal::FactionNotYet { .. }
            | Refusal::SameHq { .. }
            | Refusal::NoWear { .. }
            | Refusal::NameTaken { .. }
            | Refusal::PacketOpened { .. }
            | Refusal::CapacityBelowUsed { .. }
            | Refusal::CapacityUnchanged { .. }
            | Refusal::CapacityTooLarge { .. }
            | Refusal::MissingReason { .. }
            | Refusal::AlreadyAdded { .. }
            | Refusal::ScarCount { .. }
            | Refusal::PacketGame { .. }
            | Refusal::SlotTaken { .. }
            | Refusal::CardScarred { .. }
            | Refusal::WorldNamed { .. }
            | Refusal::WorldCapitalSealed
            | Refusal::TerritoryMarked { .. }
            | Refusal::TerritoryOnMap { .. }
            | Refusal::TerritoryNameTaken { .. }
            | Refusal::TerritoryWithoutNeighbours { .. }
            | Refusal::RetiredAlready { .. }
            | Refusal::AliasTaken { .. }
            | Refusal::DraftOutOfRange { .. }
            | Refusal::DraftTwice { .. }
            | Refusal::BadText { .. }
            | Refusal::BadTimestamp { .. }
            | Refusal::GameAfterToday { .. }
            | Refusal::EntryTwice { .. }
            | Refusal::UnknownEntry { .. }
            | Refusal::NotAnEntry { .. }
            | Refusal::ReplacedByOtherKind { .. }
            | Refusal::TakeBackTakenBack { .. }
            | Refusal::TakenBackTwice { .. }
            | Refusal::BadId { .. }
            | Refusal::NoGame { .. }
            | Refusal::SameName { .. }
            | Refusal::PersonExists { .. }
            | Refusal::SatTogether { .. }
            | Refusal::Forks { .. }
            | Refusal::DeviceOnBranches { .. }
            | Refusal::JoinKeepsNothing
            | Refusal::JoinOfNoFork { .. }
            | Refusal::BadRecord { .. }
            | Refusal::LaterBreaks { .. }
            | Refusal::PhotoGame { .. }
            | Refusal::PhotoTwice { .. }
            | Refusal::NoPhoto { .. }
            | Refusal::BadPhotoHash { .. }
            | Refusal::PhotoTooLarge { .. } => None,
            Refusal::SetupClosed { .. }
            | Refusal::PowerChosen { .. }
            | Refusal::TooManyFirstCoins { .. }
            | Refusal::TooManyCoinsOnCard { .. }
            | Refusal::SetupIncomplete { .. } => Some("§2"),
            Refusal::AdjacentHq { .. }
            | Refusal::IllegalStart { .. }
            | Refusal::CapitalStart { .. }
            | Refusal::AlreadyScarred { .. }
            | Refusal::NotFortified { .. }
            | Refusal::WearPastBoxes { .. }
            | Refusal::HasCity { .. } => Some("§3"),
            Refusal::PlayerCount { .. }
            | Refusal::SamePersonTwice { .. }
            | Refusal::SameFactionTwice { .. }
            | Refusal::WinnerCount { .. }
            | Refusal::NotAtTheTable { .. } => Some("§4"),
            Refusal::DraftSealed { .. }
            | Refusal::CityOnFallout { .. }
            | Refusal::FalloutAgain { .. }
            | Refusal::NoCityToDestroy { .. } => Some("§6b"),
            Refusal::PoolEmpty { .. } => Some("§3–§4"),
            Refusal::LastMarkTaken { .. }
            | Refusal::CardFull { .. }
            | Refusal::NotAPlayer { .. }
            | Refusal::WinnerHeldOnReward { .. }
            | Refusal::EliminatedReward { .. }
            | Refusal::TwoHeldOnRewards { .. }
            | Refusal::HeldOnPoolsEmpty { .. } => Some("§4.5"),
            Refusal::RewardsOver { .. }
            | Refusal::WorldTooEarly { .. }
            | Refusal::NotTheMostSigned { .. }
            | Refusal::NothingToDecline { .. } => Some("§5"),
            Refusal::RewardMissing { .. }
            | Refusal::ContinentNamed { .. }
            | Refusal::NotScarred { .. }
            | Refusal::BonusChanged { .. }
            | Refusal::NoCity { .. }
            | Refusal::CardDestroyed { .. }
            | Refusal::DeclinedAndChose { .. } => Some("§4.4"),
            Refusal::PacketNotYet { .. } => Some("§6"),
            Refusal::SealedNotOpen { .. } | Refusal::PacketOpenedAtGameEnd { .. } => Some("§6g"),
        }
    }

    /// The part of the game or entry it is about.
    // One arm a kind of refusal, with no catch-all: a new refusal must say it.
    #[allow(clippy::too_many_lines)]
    pub fn part(&self) -> Part {
        match self {
            Refusal::UnknownName { .. }
            | Refusal::AmbiguousName { .. }
            | Refusal::SetupClosed { .. }
            | Refusal::PowerChosen { .. }
            | Refusal::TooManyFirstCoins { .. }
            | Refusal::TooManyCoinsOnCard { .. }
            | Refusal::SetupIncomplete { .. }
            | Refusal::RuleUnchanged { .. }
            | Refusal::CapacityBelowUsed { .. }
            | Refusal::CapacityUnchanged { .. }
            | Refusal::CapacityTooLarge { .. }
            | Refusal::MissingReason { .. }
            | Refusal::AlreadyAdded { .. }
            | Refusal::ScarCount { .. }
            | Refusal::PacketGame { .. }
            | Refusal::SlotTaken { .. }
            | Refusal::WorldNamed { .. }
            | Refusal::WorldTooEarly { .. }
            | Refusal::NotTheMostSigned { .. }
            | Refusal::TerritoryOnMap { .. }
            | Refusal::TerritoryNameTaken { .. }
            | Refusal::TerritoryWithoutNeighbours { .. }
            | Refusal::RetiredAlready { .. }
            | Refusal::AliasTaken { .. }
            | Refusal::BadTimestamp { .. }
            | Refusal::EntryTwice { .. }
            | Refusal::UnknownEntry { .. }
            | Refusal::NotAnEntry { .. }
            | Refusal::ReplacedByOtherKind { .. }
            | Refusal::TakeBackTakenBack { .. }
            | Refusal::TakenBackTwice { .. }
            | Refusal::BadId { .. }
            | Refusal::NoGame { .. }
            | Refusal::SameName { .. }
            | Refusal::PersonExists { .. }
            | Refusal::SatTogether { .. }
            | Refusal::Forks { .. }
            | Refusal::DeviceOnBranches { .. }
            | Refusal::JoinKeepsNothing
            | Refusal::JoinOfNoFork { .. }
            | Refusal::BadRecord { .. }
            | Refusal::LaterBreaks { .. }
            | Refusal::PhotoGame { .. }
            | Refusal::PhotoTwice { .. }
            | Refusal::NoPhoto { .. }
            | Refusal::BadPhotoHash { .. }
            | Refusal::PhotoTooLarge { .. } => Part::Entry,
            Refusal::AdjacentHq { .. }
            | Refusal::PlayerCount { .. }
            | Refusal::SamePersonTwice { .. }
            | Refusal::SameFactionTwice { .. }
            | Refusal::WinnerCount { .. }
            | Refusal::IllegalStart { .. }
            | Refusal::CapitalStart { .. }
            | Refusal::FactionNotYet { .. }
            | Refusal::SameHq { .. } => Part::Players,
            Refusal::DateBeforeLastGame { .. } | Refusal::GameAfterToday { .. } => Part::Date,
            Refusal::DraftSealed { .. }
            | Refusal::DraftOutOfRange { .. }
            | Refusal::DraftTwice { .. } => Part::Draft,
            Refusal::CityOnFallout { .. }
            | Refusal::NameTaken { .. }
            | Refusal::HasCity { .. }
            | Refusal::CardDestroyed { .. } => Part::Reward(None),
            Refusal::AlreadyScarred { .. } | Refusal::CardScarred { .. } => Part::Scar,
            Refusal::NotFortified { .. }
            | Refusal::WearPastBoxes { .. }
            | Refusal::NoWear { .. } => Part::Wear,
            Refusal::RewardMissing { .. }
            | Refusal::DeclinedAndChose { .. }
            | Refusal::NothingToDecline { .. } => Part::Declined,
            Refusal::ContinentNamed { .. } => Part::Reward(Some(RewardKind::NameContinent)),
            Refusal::NotScarred { .. } => Part::Reward(Some(RewardKind::HealScar)),
            Refusal::BonusChanged { .. } => Part::Reward(Some(RewardKind::ContinentBonus)),
            Refusal::NoCity { .. } => Part::Reward(Some(RewardKind::Fortify)),
            Refusal::CardFull { .. } => Part::HeldOn(Some(HeldOnKind::AddResource)),
            Refusal::NotAPlayer { .. }
            | Refusal::WinnerHeldOnReward { .. }
            | Refusal::EliminatedReward { .. }
            | Refusal::TwoHeldOnRewards { .. } => Part::HeldOn(None),
            Refusal::PacketOpened { .. } | Refusal::PacketNotYet { .. } => Part::Opened,
            Refusal::WorldCapitalSealed => Part::WorldCapital,
            Refusal::TerritoryMarked { .. } => Part::Mark,
            Refusal::FalloutAgain { .. } => Part::Fallout,
            Refusal::NoCityToDestroy { .. } => Part::DestroyCity,
            Refusal::BadName { what, .. }
            | Refusal::SealedNotOpen { what, .. }
            | Refusal::PacketOpenedAtGameEnd { what, .. }
            | Refusal::BadText { what, .. } => Part::of_label(what),
            Refusal::PoolEmpty { kind, .. } | Refusal::LastMarkTaken { kind, .. } => {
                Part::of_pool(kind)
            }
            Refusal::RewardsOver { given, .. } => match given {
                RewardGiven::Winner(kind) => Part::Reward(Some(*kind)),
                RewardGiven::HeldOn(kind) => Part::HeldOn(Some(*kind)),
            },
            Refusal::HeldOnPoolsEmpty { kind, .. } => Part::HeldOn(Some(*kind)),
            Refusal::NotAtTheTable { about, .. } => *about,
        }
    }
}
