//! `chronicle game log|edit|insert|list|show|undo|photo`: the games of a campaign.

mod args;
mod edit;
mod list;
mod log;
pub(super) mod logged;
pub(super) mod photo;
pub(super) mod sheet;
mod show;
mod undo;

use super::context::Context;
use super::error::CliError;
use super::output::SheetArgs;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Record a finished game: players, results, rewards, what changed
    Log(Box<args::LogArgs>),
    /// The games so far, one line each
    List,
    /// One game in full
    Show {
        /// The game's number
        number: u32,
        #[command(flatten)]
        sheet: SheetArgs,
    },
    /// Replace game N whole, with the `game log` flags; every later entry checked again
    Edit(Box<edit::EditArgs>),
    /// Add a forgotten game before game N, with the `game log` flags
    Insert(Box<edit::InsertArgs>),
    /// Take back the latest game (the history keeps it, with when and why)
    Undo(undo::UndoArgs),
    /// Photos of a game: add, list, show (write its file), remove
    #[command(subcommand)]
    Photo(photo::Command),
}

pub(super) use args::LogArgs;
pub(super) use sheet::sheet_error;

pub(super) fn run(context: &Context, command: Command) -> Result<(), CliError> {
    match command {
        Command::Log(args) => log::run(context, *args),
        Command::List => list::run(context),
        Command::Show { number, sheet } => show::run(context, number, &sheet),
        Command::Edit(args) => edit::edit(context, *args),
        Command::Insert(args) => edit::insert(context, *args),
        Command::Undo(args) => undo::run(context, args),
        Command::Photo(command) => photo::run(context, command),
    }
}
