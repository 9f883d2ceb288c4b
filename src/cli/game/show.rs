//! `chronicle game show N`: one game in full.

use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::output::{SheetArgs, print_report};
use crate::ledger::{Query, View};

pub(super) fn run(context: &Context, number: u32, sheet: &SheetArgs) -> Result<(), CliError> {
    let answer = context.ask(&Query::now(View::Game(number)))?;
    print_report(&answer.report, context, sheet)
}
