//! `chronicle game list`: the games so far, one line each.

use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::output::{SheetArgs, print_report};
use crate::ledger::{Query, View};

pub(super) fn run(context: &Context) -> Result<(), CliError> {
    let answer = context.ask(&Query::now(View::Games))?;
    print_report(&answer.report, context, &SheetArgs::MAIN)
}
