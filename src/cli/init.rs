//! `chronicle init [NAME]`: a new campaign on the standard board.

use super::context::{Context, writing};
use super::error::CliError;
use super::output::say;
use crate::domain::vocabulary::names::CampaignName;
use crate::store::Access;

/// Start a new campaign on the standard board, in a new or existing database
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The campaign's name
    #[arg(default_value = "Earth")]
    pub name: String,
}

const NEXT_STEPS: &str = "\
Before game 1:
  chronicle power FACTION a|b      each faction keeps one of its two starting powers
  chronicle coins TERRITORY...     the twelve first coins (at most 2 on a card)
After each game:
  chronicle game log --player \"NAME=FACTION:RESULT@HQ\" ...   (see chronicle game log --help)
";

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    writing(|| {
        let name = CampaignName::new(&args.name)?;
        let mut store = context.open(Access::Create)?;
        let campaign = store.create_campaign(&name, &context.clock.stamp())?;
        say(&format!(
            "Started campaign \"{}\" in {}.",
            campaign.name,
            store.path().display()
        ));
        // A guide for the person, not data: stderr, like every message.
        say(NEXT_STEPS.trim_end());
        Ok(())
    })
}
