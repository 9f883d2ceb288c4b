//! `chronicle game log …`: record a finished game.

use super::args::LogArgs;
use super::logged::print_logged;
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::explain::Asked;

pub(super) fn run(context: &Context, args: LogArgs) -> Result<(), CliError> {
    let args = match args.from.clone() {
        Some(path) => super::sheet::read(&path, args).map_err(CliError::nothing_written)?,
        None => args,
    };
    if args.players.is_empty() {
        if context.terminal.may_prompt {
            let guided = crate::cli::prompt::guided::run(context, args.dry_run);
            return if args.dry_run {
                guided
            } else {
                guided.map_err(CliError::nothing_written)
            };
        }
        return Err(CliError::usage(
            "game log needs the players: one --player \"NAME=FACTION:RESULT[@HQ]\" each, in seating order (see `chronicle game log --help`; on a terminal, `chronicle game log` alone asks).",
        )
        .nothing_written());
    }
    let sheet = args.sheet();
    let recorded = context.log_game(Asked::Flags, args.dry_run, |campaign, today| {
        Ok(sheet.game(campaign, today)?)
    })?;
    print_logged(context, &recorded)
}
