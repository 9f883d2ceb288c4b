//! How each report reads as tables (`Tabular`), one file per group of commands.

mod board;
pub(crate) use board::sealed_marks;
mod correcting;
mod game;
mod history;
mod marked;
pub(super) mod photos;
mod pools;
mod rules;
mod setup;
mod setup_and_sealed;
mod standing;
mod stats;
mod status;
mod sync;
