//! `chronicle backup FILE`: an online copy of the database, checked before it takes the
//! place of the file, and no more open than the database.

use std::path::PathBuf;

use super::context::Context;
use super::env;
use super::error::CliError;
use super::output::say;
use crate::files::{self, Symlinks};
use crate::store::{Access, CheckReport, Store, StoreError};

/// Copy the database to FILE with SQLite's online backup (consistent while another chronicle
/// writes); the copy is checked before it takes FILE's place
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where the copy goes (a regular file, replaced whole if it exists)
    pub file: PathBuf,
    /// Write through FILE if it is a symbolic link (replacing the file it points at)
    #[arg(long)]
    pub follow_symlink: bool,
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    if args.file.as_os_str() == "-" {
        return Err(CliError::usage(
            "A backup is a database file: give its path, not - (stdout).",
        ));
    }
    // The copy is a database that --db would refuse as a URI: refused here the same way.
    crate::store::refuse_uri(&args.file)?;
    let store = context.open(Access::Read)?;
    let symlinks = if args.follow_symlink {
        Symlinks::Follow
    } else {
        Symlinks::Refuse
    };
    let latest = context.clock.latest_elsewhere();
    let mut checked = CheckReport::default();
    // The copy holds what the database holds: it is no more open than the database.
    let private_as = Some(store.path());
    files::replace_as(
        &args.file,
        symlinks,
        private_as,
        |temporary| -> Result<(), CliError> {
            store.backup_into(temporary)?;
            let copy = Store::open(temporary, Access::Read, env::busy_timeout()?)?;
            checked = copy.check(latest)?;
            if checked.problems.is_empty() {
                Ok(())
            } else {
                Err(StoreError::Damaged {
                    detail: format!(
                        "the copy fails its check ({}); {} was left as it was",
                        checked.problems.join("; "),
                        args.file.display()
                    ),
                }
                .into())
            }
        },
    )?;
    let games: u32 = checked.campaigns.iter().map(|(_, g)| g).sum();
    say(&format!(
        "Backed up {} to {} ({} campaign{}, {games} games); the copy passes `chronicle check`.",
        store.path().display(),
        args.file.display(),
        checked.campaigns.len(),
        if checked.campaigns.len() == 1 {
            ""
        } else {
            "s"
        }
    ));
    Ok(())
}
