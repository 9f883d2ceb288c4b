//! A group's own words for names, as `alias list` prints them.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::Campaign;

/// One alias: the word, what kind of name it stands for, and that name.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AliasRow {
    pub alias: String,
    /// `territory`, `continent`, `person` or `faction`.
    pub of: String,
    pub name: String,
}

/// `alias list --format json`.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Aliases {
    pub campaign: String,
    pub aliases: Vec<AliasRow>,
}

impl Aliases {
    pub(crate) fn new(name: &str, campaign: &Campaign) -> Aliases {
        Aliases {
            campaign: name.to_string(),
            aliases: campaign
                .aliases()
                .map(|(alias, of)| AliasRow {
                    alias: alias.to_string(),
                    of: of.kind().to_string(),
                    name: of.name(),
                })
                .collect(),
        }
    }
}
