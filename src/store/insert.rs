//! Rows of a table written several at a time: one INSERT of as many rows as an entry has
//! (its seats, its changes), kept prepared for each number of rows, each value bound in
//! place. Building the statement's text and boxing every value was a fifth of writing a
//! seeded league.

use std::sync::OnceLock;

use rusqlite::{CachedStatement, ToSql, Transaction};

use super::StoreError;

/// A table rows are inserted into several at a time.
#[derive(Clone, Copy, Debug)]
pub(super) enum Table {
    Seat,
    Change,
}

/// The most rows whose statement's text is made once and kept; more are made each time.
const KEPT: usize = 24;

impl Table {
    fn columns(self) -> (&'static str, usize) {
        match self {
            Table::Seat => ("seat (entry_id, position, person, faction, result, hq)", 6),
            Table::Change => (
                "change (entry_id, position, kind, person, faction, territory, continent, name, amount, text)",
                10,
            ),
        }
    }

    /// The INSERT of `rows` rows.
    fn sql(self, rows: usize) -> String {
        let (into, width) = self.columns();
        let row = format!("({})", vec!["?"; width].join(", "));
        format!("INSERT INTO {into} VALUES {}", vec![row; rows].join(", "))
    }

    /// The INSERT of `rows` rows, its text made once for a few rows: each count when it is
    /// first needed (a command that logs one game needs two or three of them).
    fn kept_sql(self, rows: usize) -> std::borrow::Cow<'static, str> {
        static SEAT: [OnceLock<String>; KEPT + 1] = [const { OnceLock::new() }; KEPT + 1];
        static CHANGE: [OnceLock<String>; KEPT + 1] = [const { OnceLock::new() }; KEPT + 1];
        let kept = match self {
            Table::Seat => &SEAT,
            Table::Change => &CHANGE,
        };
        match kept.get(rows) {
            Some(sql) => std::borrow::Cow::Borrowed(sql.get_or_init(|| self.sql(rows)).as_str()),
            None => std::borrow::Cow::Owned(self.sql(rows)),
        }
    }
}

/// An INSERT of several rows being bound, value after value.
pub(super) struct Rows<'t> {
    statement: CachedStatement<'t>,
    bound: usize,
}

impl Rows<'_> {
    /// Binds the next value, the rows' values in order.
    pub(super) fn value(&mut self, value: impl ToSql) -> Result<(), StoreError> {
        self.bound += 1;
        self.statement.raw_bind_parameter(self.bound, value)?;
        Ok(())
    }
}

/// Inserts `rows` rows into `into`, their values bound by `bind` in order (nothing for no
/// rows).
pub(super) fn insert_rows<'t>(
    tx: &'t Transaction<'_>,
    into: Table,
    rows: usize,
    bind: impl FnOnce(&mut Rows<'t>) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    if rows == 0 {
        return Ok(());
    }
    let mut insert = Rows {
        statement: tx.prepare_cached(&into.kept_sql(rows))?,
        bound: 0,
    };
    bind(&mut insert)?;
    let width = into.columns().1;
    debug_assert_eq!(
        insert.bound,
        rows * width,
        "every value of every row is bound"
    );
    insert.statement.raw_execute()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_insert_has_a_place_for_every_value_of_every_row_kept_or_not() {
        for table in [Table::Seat, Table::Change] {
            let width = table.columns().1;
            for rows in 1..=KEPT + 3 {
                let sql = table.kept_sql(rows);
                assert_eq!(sql, table.sql(rows));
                assert_eq!(sql.matches('?').count(), rows * width, "{table:?} {rows}");
                assert_eq!(sql.matches('(').count(), rows + 1, "{table:?} {rows}");
            }
        }
    }
}
