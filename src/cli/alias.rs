//! `chronicle alias add ALIAS NAME` and `chronicle alias list`: a group's own words for a
//! territory, a continent, a person or a faction, kept in the log; afterwards the alias is
//! taken wherever the name is.

use super::after::{AfterGameArgs, say_placed};
use super::context::Context;
use super::error::CliError;
use super::explain::Asked;
use super::output::{print, say};
use crate::domain::log::describe::happenings;
use crate::domain::{AliasOf, Campaign, Entry, Refusal};
use crate::report::aliases::Aliases;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Make ALIAS your group's word for NAME (a territory, continent, person or faction)
    Add {
        /// The group's word
        alias: String,
        /// The name it stands for, as chronicle finds it
        name: String,
        /// What NAME is, when it could be more than one kind
        #[arg(long = "for", value_enum)]
        kind: Option<Kind>,
        #[command(flatten)]
        at: AfterGameArgs,
    },
    /// The aliases of the campaign
    List,
}

/// The kinds of name an alias stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    Territory,
    Continent,
    Person,
    Faction,
}

pub(super) fn run(context: &Context, command: Command) -> Result<(), CliError> {
    let (alias, name, kind, at) = match command {
        Command::List => {
            let (info, campaign) = context.campaign_after(None)?;
            return print(&Aliases::new(&info.name, &campaign), context);
        }
        Command::Add {
            alias,
            name,
            kind,
            at,
        } => (alias, name, kind, at),
    };
    let (_, recorded) = context.record(Asked::Flags, false, at.after_game, |campaign| {
        Ok(Entry::Alias {
            alias,
            of: stands_for(campaign, &name, kind)?,
        })
    })?;
    say_placed(&recorded);
    for happening in happenings(&recorded.before, &recorded.applied.entry) {
        say(&format!("{}.", happening.sentence()));
    }
    Ok(())
}

/// What NAME is: of the kind given, or the one kind it is found as.
fn stands_for(campaign: &Campaign, name: &str, kind: Option<Kind>) -> Result<AliasOf, CliError> {
    let of = |kind: Kind| -> Result<AliasOf, Refusal> {
        Ok(match kind {
            Kind::Territory => AliasOf::Territory(campaign.find_territory(name)?),
            Kind::Continent => AliasOf::Continent(campaign.find_continent(name)?),
            Kind::Person => AliasOf::Person(campaign.find_person(name)?.to_string()),
            Kind::Faction => AliasOf::Faction(campaign.find_faction(name)?),
        })
    };
    if let Some(kind) = kind {
        return Ok(of(kind)?);
    }
    let all = [
        Kind::Territory,
        Kind::Continent,
        Kind::Person,
        Kind::Faction,
    ];
    let found: Vec<AliasOf> = all.into_iter().filter_map(|k| of(k).ok()).collect();
    match found.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(CliError::input(format!(
            "No territory, continent, person or faction is called \"{name}\"."
        ))
        .hinted("Give the name as chronicle prints it (see `chronicle board`, `chronicle stats`, `chronicle faction list`).")),
        several => Err(CliError::usage(format!(
            "\"{name}\" is a name of several kinds ({}): say which with --for.",
            several
                .iter()
                .map(AliasOf::kind)
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}
