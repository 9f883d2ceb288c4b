//! `chronicle backup FILE`: an online copy of the database, checked after it is made.

use std::path::PathBuf;

use super::context::Context;
use super::env;
use super::error::CliError;
use super::output::say;
use crate::store::{Access, Store, StoreError};

/// Copy the database to FILE with SQLite's online backup (consistent while another chronicle
/// writes); the copy is checked before chronicle says it is done
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where the copy goes (replaced whole if it exists)
    pub file: PathBuf,
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let store = context.open(Access::Read)?;
    store.backup(&args.file)?;
    let copy = Store::open(&args.file, Access::Read, env::busy_timeout()?)?;
    let report = copy.check()?;
    if !report.problems.is_empty() {
        return Err(StoreError::Damaged {
            detail: format!(
                "the copy in {} fails its check: {}",
                args.file.display(),
                report.problems.join("; ")
            ),
        }
        .into());
    }
    let games: u32 = report.campaigns.iter().map(|(_, g)| g).sum();
    say(&format!(
        "Backed up {} to {} ({} campaign{}, {games} games); the copy passes `chronicle check`.",
        store.path().display(),
        args.file.display(),
        report.campaigns.len(),
        if report.campaigns.len() == 1 { "" } else { "s" }
    ));
    Ok(())
}
