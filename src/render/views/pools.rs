//! `pool` as a table, and the pools table other reports show.

use crate::render::sheets;
use crate::render::tabular::{Sheet, Table, Tabular};
use crate::report::pools::{PoolRow, Pools};

pub(super) fn pool_table(pools: &[PoolRow]) -> Table {
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

impl Tabular for Pools {
    fn sheets(&self) -> Vec<Sheet> {
        vec![sheets::pools("pools", &self.pools)]
    }

    fn tables(&self) -> Vec<Table> {
        vec![pool_table(&self.pools)]
    }
}
