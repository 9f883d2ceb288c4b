//! `chronicle pool` and `chronicle pool set KIND N --reason TEXT`: the reward pools.

use super::after::{AfterArgs, AfterGameArgs, only_reading, say_placed};
use super::context::Context;
use super::error::CliError;
use super::explain::Asked;
use super::output::{SheetArgs, print_report, say};
use crate::domain::Entry;
use crate::domain::find_kind;
use crate::ledger::{Query, View};
use crate::report::spoilers::Spoilers;

/// Each reward pool: capacity, used, left (or correct a capacity with `pool set`)
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub time: AfterArgs,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Correct a pool's capacity to match your box; kept in the campaign's history
    Set {
        /// The pool: continent_name, major_city, minor_city, fortification, scar_cover,
        /// bonus_plus, bonus_minus, coin_sticker, world_capital, scar:TYPE
        kind: String,
        /// How many marks the pool holds
        capacity: u32,
        /// Why it differs (kept in history)
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        at: AfterGameArgs,
    },
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let Some(Command::Set {
        kind,
        capacity,
        reason,
        at,
    }) = args.command
    else {
        let answer = context.ask(&Query {
            view: View::Pools,
            after: args.time.after,
            spoilers: Spoilers::Opened,
        })?;
        return print_report(&answer.report, context, &SheetArgs::MAIN);
    };
    only_reading(args.time, "pool set")?;
    let (_, recorded) = context.record(Asked::Flags, false, at.after_game, |campaign| {
        Ok(Entry::PoolCapacity {
            pool: find_kind(&kind, campaign.pools())?,
            capacity,
            reason,
        })
    })?;
    say_placed(&recorded);
    if let Entry::PoolCapacity { pool, capacity, .. } = &recorded.applied.entry {
        let was = recorded.before.pool(pool).map_or(0, |p| p.capacity);
        let used = recorded.after.pool(pool).map_or(0, |p| p.used);
        say(&format!(
            "The {} pool now holds {capacity} (was {was}); {used} used, {} left.",
            pool.key(),
            capacity - used
        ));
    }
    Ok(())
}
