//! `chronicle faction add|list|mark|scar`: factions a group finds in sealed packets, and the
//! marks and scars on faction cards.

use super::after::{AfterGameArgs, say_placed};
use super::context::Context;
use super::error::CliError;
use super::explain::Asked;
use super::output::{print, say};
use crate::domain::log::describe::happenings;
use crate::domain::{Campaign, Entry, Faction};
use crate::report::factions::Factions;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Add a faction found in a sealed packet; then playable in `game log --player`
    Add {
        /// Its name, as printed on its card
        name: String,
        #[command(flatten)]
        at: AfterGameArgs,
    },
    /// The factions with their starting power, card marks and scar
    List,
    /// Put a mark in one colour of slot of a faction card (one mark per colour)
    Mark {
        /// The faction, by name or a word of it
        faction: String,
        /// The slot's colour
        #[arg(long)]
        slot: String,
        /// What the mark says
        text: String,
        #[command(flatten)]
        at: AfterGameArgs,
    },
    /// Put a scar on a faction card (one per card)
    Scar {
        /// The faction, by name or a word of it
        faction: String,
        /// What the scar says
        text: String,
        #[command(flatten)]
        at: AfterGameArgs,
    },
}

/// How an entry is made from the campaign as it stands.
type Build = Box<dyn FnOnce(&Campaign) -> Result<Entry, CliError>>;

pub(super) fn run(context: &Context, command: Command) -> Result<(), CliError> {
    let (at, build): (AfterGameArgs, Build) = match command {
        Command::List => {
            let (_, campaign) = context.campaign_after(None)?;
            return print(&Factions::new(&campaign), context);
        }
        Command::Add { name, at } => (
            at,
            Box::new(move |_| {
                Ok(Entry::AddFaction {
                    faction: Faction::new(name),
                })
            }),
        ),
        Command::Mark {
            faction,
            slot,
            text,
            at,
        } => (
            at,
            Box::new(move |campaign| {
                Ok(Entry::MarkFactionCard {
                    faction: campaign.find_faction(&faction)?,
                    slot,
                    text,
                })
            }),
        ),
        Command::Scar { faction, text, at } => (
            at,
            Box::new(move |campaign| {
                Ok(Entry::ScarFactionCard {
                    faction: campaign.find_faction(&faction)?,
                    text,
                })
            }),
        ),
    };
    let (_, recorded) = context.record(Asked::Flags, false, at.after_game, build)?;
    say_placed(&recorded);
    for happening in happenings(&recorded.before, &recorded.applied.entry) {
        say(&format!("{}.", happening.sentence()));
    }
    Ok(())
}
