//! `chronicle campaign list|use`: several campaigns in one database.

use super::context::{Context, writing};
use super::error::CliError;
use super::output::{print, say};
use crate::report::campaigns::{CampaignList, CampaignRow};
use crate::store::Access;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the campaigns in the database
    List,
    /// Make a campaign the one used when --campaign is not given
    Use {
        /// The campaign's name
        name: String,
    },
}

pub(super) fn run(context: &Context, command: Command) -> Result<(), CliError> {
    match command {
        Command::List => {
            let store = context.open(Access::Read)?;
            let campaigns = store
                .campaigns()?
                .into_iter()
                .map(|c| CampaignRow {
                    name: c.name,
                    games_played: c.games,
                    created_at: c.created_at,
                    current: c.current,
                    demo: c.demo,
                })
                .collect();
            print(&CampaignList { campaigns }, context)
        }
        Command::Use { name } => writing(|| {
            let mut store = context.open(Access::Write)?;
            let campaign = store.choose_campaign(Some(&name))?;
            store.use_campaign(campaign.id)?;
            say(&format!(
                "Now using campaign \"{}\" ({} games).",
                campaign.name, campaign.games
            ));
            Ok(())
        }),
    }
}
