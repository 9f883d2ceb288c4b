//! `chronicle upgrade`: brings a database written by an earlier chronicle up to this one's
//! schema. Reading never changes a file; this (or any command that writes) does.

use super::context::{Context, writing};
use super::error::CliError;
use super::output::say;
use crate::store::{Access, Store};

/// Upgrade a database written by an earlier chronicle to this version's schema (reading
/// never changes a file; any command that writes upgrades it too)
#[derive(Debug, clap::Args)]
pub struct Args {}

pub(super) fn run(context: &Context, _args: Args) -> Result<(), CliError> {
    writing(|| {
        let store = context.open(Access::Write)?;
        if store.opening().upgraded_from.is_none() {
            say(&format!(
                "{} is at schema version {} already; nothing to do.",
                store.path().display(),
                Store::known_version()
            ));
        }
        Ok(())
    })
}
