//! `chronicle campaign list|use`: several campaigns in one database.

use super::context::{Context, writing};
use super::error::CliError;
use super::explain::Asked;
use super::output::{print, say};
use crate::domain::vocabulary::names::CampaignName;
use crate::domain::{Body, Correction, Place, Refusal};
use crate::report::campaigns::{CampaignList, CampaignRow};
use crate::store::{Access, NewRecord, StoreError};

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the campaigns in the database
    List,
    /// Make a campaign the one used when --campaign is not given
    Use {
        /// The campaign's name
        name: String,
    },
    /// Rename a campaign (kept in its history, and in its export)
    Rename {
        /// The campaign's name now
        old: String,
        /// Its new name
        new: String,
    },
}

pub(super) fn run(context: &Context, command: Command) -> Result<(), CliError> {
    match command {
        Command::List => {
            let store = context.open(Access::Read)?;
            let campaigns = store
                .campaigns()?
                .into_iter()
                .map(|c| {
                    Ok(CampaignRow {
                        games_played: store.games_played(c.id)?,
                        name: c.name,
                        created_at: c.created_at,
                        current: c.current,
                        demo: c.demo,
                    })
                })
                .collect::<Result<_, StoreError>>()?;
            print(&CampaignList { campaigns }, context)
        }
        Command::Rename { old, new } => rename(context, &old, &new),
        Command::Use { name } => writing(|| {
            let mut store = context.open(Access::Write)?;
            let campaign = store.choose_campaign(Some(&name))?;
            store.use_campaign(campaign.id)?;
            let games = store.games_played(campaign.id)?;
            say(&format!(
                "Now using campaign \"{}\" ({games} games).",
                campaign.name
            ));
            Ok(())
        }),
    }
}

fn rename(context: &Context, old: &str, new: &str) -> Result<(), CliError> {
    let (info, _) = context.append_in(Some(old), Asked::Flags, false, |current| {
        let new = CampaignName::new(new)?;
        let from = current.name.to_string();
        if from == new.as_str() {
            return Err(Refusal::SameName { name: from }.into());
        }
        Ok(NewRecord {
            place: Place::End,
            body: Body::Correct(Correction::RenameCampaign {
                from,
                to: new.to_string(),
            }),
        })
    })?;
    say(&format!(
        "The campaign \"{}\" is now \"{new}\"; its history keeps the renaming.",
        info.name
    ));
    Ok(())
}
