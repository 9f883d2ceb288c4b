//! The domain core: the Risk Legacy board, the campaign state and the rules. No I/O, no
//! SQL, no command line: everything here is a pure function of a campaign's log. Refusals
//! are data ([`Refusal`]); the words that name flags or commands are the command line's.

mod alias;
mod apply;
pub mod board;
pub mod cards;
pub mod change;
pub mod correct;
pub mod describe;
pub mod entry;
pub mod faction;
mod gates;
pub mod graph;
pub mod history;
pub mod house;
mod kinds;
mod legal;
pub mod listed;
pub mod log;
mod lookup;
pub mod map;
pub mod names;
mod openings;
pub mod packet;
pub mod pool;
pub mod record;
mod refusal;
mod refusal_data;
mod refusal_parts;
pub mod resolve;
mod rewards;
pub(crate) mod rewrite;
mod sealed;
mod spelling;
pub mod standing;
pub mod state;
mod switches;
pub mod sync;
mod table;
pub mod validate;
pub mod words;

pub use apply::{Applied, PacketProgress};
pub use board::{Continent, Territory};
pub use change::ChangeKind;
pub use entry::{
    AliasOf, BonusMark, Draft, Entry, EntryKind, EventCard, Game, HeldOnChoice, HeldOnKind,
    HeldOnReward, Mission, Outcome, PlayEvent, Reward, RewardKind, ScarPlacement, Seat, Wear,
};
pub use faction::{Faction, Power};
pub use legal::{PLAYERS, Targets, Tokens, players_at_table};
pub use listed::{Found, Names};
pub use log::{BrokenLog, CheckedLog, LoggedEntry, TakenBack};
pub use lookup::{find_kind, person_key};
pub use packet::Packet;
pub use pool::{Pool, PoolKind};
pub use record::{Body, Correction, EntryId, Head, LogRecord, Origin, Place, RuleSet};
pub use refusal::{
    Added, NameProblem, Part, RecordProblem, Refusal, RewardGiven, TextProblem, WayOut,
};
pub use resolve::{CorrectionEntry, Resolved};
pub use state::Campaign;
