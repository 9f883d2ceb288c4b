//! The house rules of a campaign, as `rule list` prints them.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::Campaign;
use crate::domain::vocabulary::house::HouseRule;

/// One house rule: its switch, whether it holds, what it holds and where it comes from.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct HouseRuleRow {
    /// The name `rule set` takes: `adjacent-hq`.
    pub rule: String,
    pub on: bool,
    /// What the rule holds, in words.
    pub holds: String,
    /// The section of docs/rules.md it comes from.
    pub section: String,
}

/// `rule list --format json`.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct HouseRules {
    pub campaign: String,
    pub rules: Vec<HouseRuleRow>,
}

impl HouseRules {
    pub(crate) fn new(name: &str, campaign: &Campaign) -> HouseRules {
        HouseRules {
            campaign: name.to_string(),
            rules: HouseRule::ALL
                .into_iter()
                .map(|rule| HouseRuleRow {
                    rule: rule.key().to_string(),
                    on: campaign.rule_on(rule),
                    holds: rule.words().to_string(),
                    section: rule.section().to_string(),
                })
                .collect(),
        }
    }
}
