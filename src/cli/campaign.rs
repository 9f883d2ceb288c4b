//! `chronicle campaign list|use`: several campaigns in one database.

use schemars::JsonSchema;
use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::output::{Report, Table, print, say};

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

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CampaignList {
    campaigns: Vec<CampaignRow>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct CampaignRow {
    name: String,
    games_played: u32,
    created_at: String,
    current: bool,
    demo: bool,
}

impl Report for CampaignList {
    fn tables(&self) -> Vec<Table> {
        let mut table = Table::new(&["", "Campaign", "Games", "Started"]);
        for c in &self.campaigns {
            let name = if c.demo {
                format!("{} (demo)", c.name)
            } else {
                c.name.clone()
            };
            let marker = if c.current { "*" } else { "" };
            table.row(vec![
                marker.into(),
                name,
                c.games_played.to_string(),
                c.created_at.clone(),
            ]);
        }
        vec![table]
    }
}

pub fn run(context: &Context, command: Command) -> Result<(), CliError> {
    match command {
        Command::List => {
            let store = context.open(crate::store::Create::Never)?;
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
            print(&CampaignList { campaigns }, context.output())
        }
        Command::Use { name } => {
            let store_and = context.open(crate::store::Create::Never)?;
            let mut store = store_and;
            let campaign = store.choose_campaign(Some(&name))?;
            store.use_campaign(campaign.id)?;
            say(&format!(
                "Now using campaign \"{}\" ({} games).",
                campaign.name, campaign.games
            ));
            Ok(())
        }
    }
}
