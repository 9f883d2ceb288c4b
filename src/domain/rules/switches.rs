//! The campaign's house rules: whether one holds, and switching one on or off (an entry of
//! the log, like a pool's capacity).

use super::apply::Applied;
use crate::domain::entry::Entry;
use crate::domain::state::Campaign;
use crate::domain::vocabulary::house::HouseRule;
use crate::domain::vocabulary::refusal::Refusal;

impl Campaign {
    /// Whether a house rule holds (every rule does until the group switches it off).
    pub fn rule_on(&self, rule: HouseRule) -> bool {
        !self.rules_off.contains(&rule)
    }

    /// Switches a house rule on or off, with the group's reason.
    pub(in crate::domain) fn set_rule(
        &mut self,
        rule: HouseRule,
        on: bool,
        reason: &str,
    ) -> Result<Applied, Refusal> {
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(Refusal::MissingReason {
                what: "the house rule",
            });
        }
        if self.rule_on(rule) == on {
            return Err(Refusal::RuleUnchanged {
                rule: rule.key(),
                on,
            });
        }
        if on {
            self.rules_off.retain(|r| *r != rule);
        } else {
            self.rules_off.push(rule);
        }
        Ok(Applied::of(Entry::Rule {
            rule,
            on,
            reason: reason.to_string(),
        }))
    }
}
