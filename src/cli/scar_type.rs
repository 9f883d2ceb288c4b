//! `chronicle scar-type add|list`: scar types a group finds in sealed packets.

use super::after::{AfterGameArgs, say_placed};
use super::context::Context;
use super::error::CliError;
use super::explain::Asked;
use super::output::{print, say};
use crate::domain::Entry;
use crate::report::scar_types::ScarTypes;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Add a scar type found in a sealed packet; then usable in `game log --scar`
    Add {
        /// Its name, as printed on the stickers
        name: String,
        /// How many stickers there are
        #[arg(long, default_value_t = 1)]
        count: u32,
        /// What it does, in your own words
        #[arg(long)]
        effect: Option<String>,
        #[command(flatten)]
        at: AfterGameArgs,
    },
    /// The scar types of the campaign with their stickers left
    List,
}

pub(super) fn run(context: &Context, command: Command) -> Result<(), CliError> {
    let Command::Add {
        name,
        count,
        effect,
        at,
    } = command
    else {
        let (_, campaign) = context.campaign_after(None)?;
        return print(&ScarTypes::new(&campaign), context);
    };
    let (_, recorded) = context.record(Asked::Flags, false, at.after_game, |_| {
        Ok(Entry::AddScarType {
            name,
            count,
            effect,
        })
    })?;
    say_placed(&recorded);
    if let Entry::AddScarType { name, count, .. } = &recorded.applied.entry {
        say(&format!(
            "Added the scar type {name} with {count} sticker{}; use it with `game log --scar \"TERRITORY={name}\"`.",
            if *count == 1 { "" } else { "s" }
        ));
    }
    Ok(())
}
