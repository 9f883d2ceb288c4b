//! chronicle: a ledger for a Risk Legacy campaign played on the physical board.
//!
//! Six layers, each folder one job, dependencies pointing down only (see
//! `docs/ARCHITECTURE.md`):
//!
//! - [`cli`]: the command line: parse the arguments, ask on a terminal, call, print;
//! - `serve` (the `serve` feature): the campaign as a live page on the local network;
//! - [`render`]: reports turned into tables, CSV, Markdown, the SVG map and the HTML page;
//! - [`exchange`]: the campaign file, both ways;
//! - [`report`]: read models, the JSON contract of every command;
//! - [`store`]: SQLite, the only place that speaks SQL;
//! - [`domain`]: the board, the campaign state and the rules; no I/O.
//!
//! Beneath them all, [`files`] writes a file whole or not at all, never over what is not a
//! regular file, and [`git`] runs the system `git` for `sync --git`.

pub mod cli;
pub mod domain;
pub mod exchange;
pub mod files;
pub mod git;
pub mod ledger;
pub mod render;
pub mod report;
#[cfg(feature = "serve")]
pub mod serve;
pub mod store;
