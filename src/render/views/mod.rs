//! How each report reads as tables (`Tabular`), one file per group of commands.

mod board;
mod correcting;
mod game;
mod history;
mod pools;
mod setup;
mod setup_and_sealed;
mod stats;
mod status;
mod sync;
