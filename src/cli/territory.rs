//! `chronicle territory add NAME --neighbours A,B [--continent C]`: a territory sealed
//! content adds to the map, as an entry of the log (the ledger ships no packet's names).

use super::after::{AfterGameArgs, say_placed};
use super::context::Context;
use super::error::CliError;
use super::explain::Asked;
use super::output::say;
use crate::domain::log::describe::happenings;
use crate::domain::{Entry, Territory};

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Add a territory a sealed packet puts on the map: its card joins the deck with 1 coin
    /// and it takes everything a territory takes
    Add {
        /// Its name, as the packet prints it
        name: String,
        /// The territories its new sea lines reach, comma-separated
        #[arg(long, value_delimiter = ',', required = true, value_name = "A,B")]
        neighbours: Vec<String>,
        /// The continent it belongs to, if the packet gives one
        #[arg(long, value_name = "C")]
        continent: Option<String>,
        #[command(flatten)]
        at: AfterGameArgs,
    },
}

pub(super) fn run(context: &Context, command: Command) -> Result<(), CliError> {
    let Command::Add {
        name,
        neighbours,
        continent,
        at,
    } = command;
    let (_, recorded) = context.record(Asked::Flags, false, at.after_game, |campaign| {
        let neighbours = neighbours
            .iter()
            .filter(|n| !n.trim().is_empty())
            .map(|n| campaign.find_territory(n.trim()))
            .collect::<Result<Vec<_>, _>>()?;
        let continent = continent
            .as_deref()
            .map(|c| campaign.find_continent(c))
            .transpose()?;
        Ok(Entry::AddTerritory {
            territory: Territory::named(name.trim()),
            neighbours,
            continent,
        })
    })?;
    say_placed(&recorded);
    for happening in happenings(&recorded.before, &recorded.applied.entry) {
        say(&format!("{}.", happening.sentence()));
    }
    Ok(())
}
