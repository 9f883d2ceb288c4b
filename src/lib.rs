//! chronicle: a ledger for a Risk Legacy campaign played on the physical board.
//!
//! Three layers, dependencies pointing inward: [`domain`] (the board, the campaign state
//! and the rules; no I/O), [`store`] (SQLite: open, migrate, persist, load) and [`cli`]
//! (the command line: parse, call, render).

pub mod cli;
pub mod domain;
pub mod exchange;
pub mod store;
