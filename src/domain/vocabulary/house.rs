//! House rules: the rules chronicle holds that are only likely (rules §6c), each a switch a
//! group may turn off between games, recorded in the log with a reason like a pool
//! capacity. Every switch starts on; a refusal that comes from one names it.

use super::refusal::Refusal;

/// A rule a group may switch off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseRule {
    /// No HQ on a territory next to another player's HQ (rules §3, L).
    AdjacentHq,
    /// At most 2 of the twelve first coins on one card (rules §2, L).
    TwoCoinsACard,
    /// Games after 15 sign nothing: no missiles, no Second signature, no say in the world's
    /// name (rules §5, L for signatures).
    SigningEndsAt15,
    /// No HQ on the world capital: a city marks its territory (rules §3); the rule texts at
    /// hand do not say what the World capital packet allows, and one real campaign started
    /// a player there.
    WorldCapitalHq,
}

impl HouseRule {
    pub const ALL: [HouseRule; 4] = [
        HouseRule::AdjacentHq,
        HouseRule::TwoCoinsACard,
        HouseRule::SigningEndsAt15,
        HouseRule::WorldCapitalHq,
    ];

    /// The name a group types: `adjacent-hq`.
    pub const fn key(self) -> &'static str {
        match self {
            HouseRule::AdjacentHq => "adjacent-hq",
            HouseRule::TwoCoinsACard => "two-coins-a-card",
            HouseRule::SigningEndsAt15 => "signing-ends-at-15",
            HouseRule::WorldCapitalHq => "world-capital-hq",
        }
    }

    /// What the rule holds, in words.
    pub const fn words(self) -> &'static str {
        match self {
            HouseRule::AdjacentHq => "no HQ on a territory next to another player's HQ",
            HouseRule::TwoCoinsACard => "at most 2 of the twelve first coins on one card",
            HouseRule::SigningEndsAt15 => {
                "games after 15 sign nothing (no missiles, no Second signature, no say in the world's name)"
            }
            HouseRule::WorldCapitalHq => "no HQ on the world capital (a city marks its territory)",
        }
    }

    /// The section of docs/rules.md it comes from.
    pub const fn section(self) -> &'static str {
        match self {
            HouseRule::AdjacentHq | HouseRule::WorldCapitalHq => "§3",
            HouseRule::TwoCoinsACard => "§2",
            HouseRule::SigningEndsAt15 => "§5",
        }
    }

    /// The rule a group named, by its key (case and `_` or `-` ignored).
    pub fn find(given: &str) -> Result<HouseRule, Refusal> {
        let wanted = given.trim().to_lowercase().replace('_', "-");
        HouseRule::ALL
            .into_iter()
            .find(|r| r.key() == wanted)
            .ok_or_else(|| {
                let near = super::names::closest(given, HouseRule::ALL.iter().map(|r| r.key()));
                Refusal::UnknownName {
                    what: "house rule",
                    given: given.to_string(),
                    closest: if near.is_empty() {
                        HouseRule::ALL.iter().map(|r| r.key().to_string()).collect()
                    } else {
                        near
                    },
                }
            })
    }
}

impl std::fmt::Display for HouseRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}
