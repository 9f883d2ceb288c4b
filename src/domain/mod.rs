//! The domain core: the Risk Legacy board, the campaign state and the rules. No I/O, no
//! SQL, no command line: everything here is a pure function of a campaign's log.

mod apply;
pub mod board;
pub mod describe;
pub mod entry;
pub mod faction;
pub mod history;
mod legal;
mod lookup;
pub mod names;
pub mod packet;
pub mod pool;
mod refusal;
mod rewards;
mod sealed;
pub mod state;
pub mod stats;

pub use apply::{Applied, PacketProgress};
pub use board::{Continent, Territory};
pub use entry::{
    BonusMark, Entry, Game, HeldOnChoice, HeldOnReward, Outcome, PlayEvent, Reward, RewardKind,
    ScarPlacement, Seat, Wear,
};
pub use faction::{Faction, Power};
pub use legal::{HeldOnKind, Targets, Tokens};
pub use lookup::person_key;
pub use packet::Packet;
pub use pool::{Pool, PoolKind};
pub use refusal::Refusal;
pub use state::Campaign;
