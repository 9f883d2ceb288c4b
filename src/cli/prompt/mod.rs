//! The guided prompt: `game log` (and `game edit` without flags) on a terminal, a driver
//! of the game form (`ledger::form`). `guided` asks its steps one by one (`ask`, with the
//! lists of `ask_list`) and ends on the confirmation (`review`); the answers are kept as
//! they are given (`unfinished`); Ctrl-C stops at once (`stop`). No rule is decided here:
//! each answer is checked by the form.

mod ask;
mod ask_list;
pub(super) mod guided;
mod review;
mod stop;
mod unfinished;
