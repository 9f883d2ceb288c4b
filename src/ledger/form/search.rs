//! Finding a search's options by what is typed, as the flags find a name: the look-up of
//! what the options name (`Campaign::find_among`), in the campaign the form is of.

use super::Step;
use crate::domain::{Campaign, Found};

/// The options of `step` that `typed` finds, best first, with the one it stands for and
/// whether it could be several; every option, in order, when nothing is typed.
pub fn matching(step: &Step, typed: &str) -> Found {
    let options: Vec<(&str, &str)> = step
        .options
        .iter()
        .map(|o| (o.value.as_str(), o.label.as_str()))
        .collect();
    // Every search of the form has its campaign; a step without one finds names in the
    // board alone.
    match &step.campaign {
        Some(campaign) => campaign.find_among(step.names, typed, &options),
        None => Campaign::new().find_among(step.names, typed, &options),
    }
}
