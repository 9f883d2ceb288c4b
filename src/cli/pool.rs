//! `chronicle pool` and `chronicle pool set KIND N --reason TEXT`: the reward pools.

use schemars::JsonSchema;
use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::output::{Report, Table, print, say};
use crate::domain::pool::find_kind;
use crate::domain::{Campaign, Entry};

/// Each reward pool: capacity, used, left (or correct a capacity with `pool set`)
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
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
    },
}

/// The pools, as printed by `pool` and carried by other reports.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PoolRow {
    pub kind: String,
    pub capacity: u32,
    pub used: u32,
    pub left: u32,
}

pub fn pool_rows(campaign: &Campaign) -> Vec<PoolRow> {
    campaign
        .pools()
        .iter()
        .map(|p| PoolRow {
            kind: p.kind.key(),
            capacity: p.capacity,
            used: p.used,
            left: p.left(),
        })
        .collect()
}

pub fn pool_table(pools: &[PoolRow]) -> Table {
    let mut table = Table::new(&["Pool", "Capacity", "Used", "Left"]);
    for p in pools {
        table.row(vec![
            p.kind.clone(),
            p.capacity.to_string(),
            p.used.to_string(),
            p.left.to_string(),
        ]);
    }
    table
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Pools {
    campaign: String,
    pools: Vec<PoolRow>,
}

impl Report for Pools {
    fn tables(&self) -> Vec<Table> {
        vec![pool_table(&self.pools)]
    }
}

pub fn run(context: &Context, args: Args) -> Result<(), CliError> {
    match args.command {
        None => {
            let (info, loaded) = context.load()?;
            let pools = Pools {
                campaign: info.name,
                pools: pool_rows(&loaded.campaign),
            };
            print(&pools, context.output())
        }
        Some(Command::Set {
            kind,
            capacity,
            reason,
        }) => {
            let (_, recorded) = context.record(false, |campaign| {
                Ok(Entry::PoolCapacity {
                    pool: find_kind(&kind, campaign.pools())?,
                    capacity,
                    reason,
                })
            })?;
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
    }
}
