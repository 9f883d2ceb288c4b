//! The domain core: the Risk Legacy board, the campaign state and the rules. No I/O, no
//! SQL, no command line: everything here is a pure function of a campaign's log. Refusals
//! are data ([`Refusal`]); the words that name flags or commands are the command line's.
//!
//! Its rooms are declared below, low to high: a room uses only itself and the rooms
//! declared before it (checked by `tests/architecture.rs`).

// The words: names, kinds of reward, pools, packets, changes, house rules, refusals.
pub mod vocabulary;
// The board as printed, the ways territories are written, the factions.
pub mod board;
// The entries of the log and what may enter it.
pub mod entry;
// The campaign as it stands, and what is worked out from it.
pub mod state;
// The records as written, their graph, the log as corrected, records merged.
pub mod record;
// The rules: `apply` and each part of the game it holds to them.
pub mod rules;
// The log folded through the rules, corrected, rewritten, described, its history.
pub mod log;

pub use board::faction::{Faction, Power};
pub use board::{Continent, Territory};
pub use entry::{
    AliasOf, BonusMark, Draft, Entry, EntryKind, EventCard, Game, HeldOnChoice, HeldOnKind,
    HeldOnReward, Mission, Outcome, PlayEvent, Reward, RewardKind, ScarPlacement, Seat, Wear,
};
pub use log::{BrokenLog, CheckedLog, LoggedEntry, TakenBack};
pub use record::resolve::{CorrectionEntry, Resolved};
pub use record::{Body, Correction, EntryId, Head, LogRecord, Origin, Place, RuleSet};
pub use rules::apply::{Applied, PacketProgress};
pub use rules::legal::{PLAYERS, Targets, Tokens, players_at_table};
pub use state::Campaign;
pub use state::listed::{Found, Names};
pub use state::lookup::{find_kind, person_key};
pub use vocabulary::change::ChangeKind;
pub use vocabulary::packet::Packet;
pub use vocabulary::pool::{Pool, PoolKind};
pub use vocabulary::refusal::{
    Added, NameProblem, Part, RecordProblem, Refusal, RewardGiven, TextProblem, WayOut,
};
