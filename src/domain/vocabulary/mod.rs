//! The domain's words: names as people type them and the rules a name follows, the
//! kinds of reward, pool, packet and change, the house rules, lists in a sentence, and
//! the refusals, which use them all.

pub mod change;
pub mod house;
pub(super) mod kinds;
pub mod names;
pub mod packet;
pub mod pool;
pub(super) mod refusal;
pub(super) mod refusal_data;
pub(super) mod refusal_parts;
pub mod words;
