//! `chronicle person rename OLD NEW` and `chronicle person merge FROM INTO`: names fixed in
//! every game without retyping one; `chronicle person retire NAME`: someone who no longer
//! plays, left out of the lists of who plays next.

use super::context::Context;
use super::error::CliError;
use super::explain::Asked;
use super::output::say;
use crate::domain::log::correct::{merge_person, rename_person};
use crate::domain::log::describe::happenings;
use crate::domain::{Body, Correction, Entry, Place};
use crate::store::NewRecord;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Write a person another way in every game so far ("Jermey" to "Jeremy")
    Rename {
        /// The name as the campaign has it (case does not matter)
        old: String,
        /// The name to write instead (someone nobody in the campaign has)
        new: String,
    },
    /// One person typed two ways ("Tomas" and "Tomás"): every game of FROM becomes INTO's
    /// (refused if both sat at one game)
    Merge {
        /// The spelling to give up
        from: String,
        /// The spelling to keep
        into: String,
    },
    /// Leave someone who no longer plays out of `setup` and the guided prompt's list of
    /// players (playing again brings them back)
    Retire {
        /// The person
        name: String,
        /// Bring them back instead
        #[arg(long)]
        back: bool,
    },
}

pub(super) fn run(context: &Context, command: Command) -> Result<(), CliError> {
    if let Command::Retire { name, back } = command {
        let (_, recorded) = context.record(Asked::Flags, false, None, |_| {
            Ok(Entry::Retire {
                person: name,
                retired: !back,
            })
        })?;
        for happening in happenings(&recorded.before, &recorded.applied.entry) {
            say(&format!("{}.", happening.sentence()));
        }
        return Ok(());
    }
    let (_, appended) = context.append(Asked::Flags, false, |current| {
        let correction = match &command {
            Command::Rename { old, new } => rename_person(current.campaign, old, new)?,
            Command::Merge { from, into } => {
                merge_person(current.campaign, current.resolved, from, into)?
            }
            Command::Retire { .. } => return Err(CliError::bug("A retirement is an entry.")),
        };
        Ok(NewRecord {
            place: Place::End,
            body: Body::Correct(correction),
        })
    })?;
    let games = |name: &str| {
        appended
            .resolved_after
            .games()
            .filter(|g| sat(&g.entry, name))
            .count()
    };
    match &appended.record.body {
        Body::Correct(Correction::RenamePerson { from, to }) => say(&format!(
            "{from} is now written {to}, in {} game{}. The history keeps the renaming (`chronicle history --corrections`).",
            games(to),
            plural(games(to))
        )),
        Body::Correct(Correction::MergePerson { from, into }) => say(&format!(
            "{from} and {into} are one person now, written {into}: {} game{}. The history keeps the merging (`chronicle history --corrections`).",
            games(into),
            plural(games(into))
        )),
        _ => {}
    }
    Ok(())
}

fn sat(entry: &crate::domain::Entry, name: &str) -> bool {
    matches!(entry, crate::domain::Entry::Game(g) if g.seats.iter().any(|s| s.person == name))
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
