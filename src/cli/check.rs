//! `chronicle check`: SQLite's integrity and foreign-key checks and a replay of every stored
//! log through the rules, reported in plain words. A hot journal left by a write stopped
//! midway is rolled back first (the one write `check` makes).

use super::context::Context;
use super::error::CliError;
use super::output::{SheetArgs, print_sheet};
use crate::report::check::{CheckView, CheckedCampaign};
use crate::store::{Access, Store, StoreError};

/// Check the database: SQLite's integrity and foreign keys, and every campaign's log
/// replayed through the rules (exit 0 when all is well, 3 when not)
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    sheet: SheetArgs,
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    // A hot journal a stopped write left is rolled back first: the one write `check` makes.
    Store::recover(&context.db_path(Access::Read)?)?;
    let store = context.open(Access::Read)?;
    let what = "Checking the database and replaying every campaign's log";
    let report = super::progress::while_working(context.terminal.stderr_terminal, what, || {
        store.check(context.clock.latest_elsewhere())
    })?;
    let view = CheckView {
        database: store.path().display().to_string(),
        ok: report.problems.is_empty(),
        problems: report.problems.clone(),
        warnings: report.warnings.clone(),
        campaigns: report
            .campaigns
            .iter()
            .map(|(name, games)| CheckedCampaign {
                name: name.clone(),
                games: *games,
            })
            .collect(),
        entries: report.entries,
    };
    print_sheet(&view, context, &args.sheet)?;
    if view.ok {
        Ok(())
    } else {
        Err(StoreError::Damaged {
            detail: format!("{} problem(s), listed above", report.problems.len()),
        }
        .into())
    }
}
