//! The ledger: what a face (the command line, the guided prompt, the served pages and the
//! API) asks of a campaign, in the ledger's terms. A face turns what a person gave into a
//! [`Query`] or a write, calls one function here, and renders what comes back:
//!
//! - reads: [`build`] answers a [`Query`] (board, history, stats, setup, packets, pools,
//!   games, world, recap; now or after game N; with or without what packets brought) with a
//!   [`Report`], the read model the command's `--format json` prints; [`campaign_export`]
//!   gives the whole campaign for its file; [`story`] tells the whole campaign, a chapter
//!   per game with the board and the photos after it; [`photo_image`] gives the image a
//!   photo of the log names (and no other), [`copy_sizes`] the size of the copies a page
//!   shows; [`named_images`], [`stored_image`] and [`keep_images`] carry the photos' images
//!   beside a campaign file;
//! - a game night: [`form`], the questions the guided prompt and the phone walk (each
//!   answer checked by the rules as it is given), and [`start_game`], which begins one for
//!   the campaign as it stands;
//! - writes: [`log_game`], [`take_back`] (the latest entry, or the latest game), [`correct`]
//!   (any other record: a game replaced or inserted, a renaming…) and [`record`] (an entry
//!   between games), each one transaction through the store's one
//!   write (`Store::append`), guarded by the head of the log the face read ([`Guard`]);
//! - errors: one [`LedgerError`] (the log moved, a rule refused, the database busy, the
//!   store failed, or the question names what is not there), as data each face words once.

mod backup;
mod clock;
mod error;
pub mod form;
mod person;
pub mod photo;
mod photo_files;
mod photo_read;
mod photos;
mod read;
mod start;
mod story;
mod write;

pub use backup::{campaign_export, exported_log};
pub use clock::Clock;
pub use error::{LedgerError, Missing};
pub use person::{PersonAnswer, person};
pub use photo_files::{keep_images, named_images, stored_image};
pub use photo_read::{copy_sizes, photo_image};
pub use photos::{PhotoOf, add_photo, photo_bytes, remove_photo};
pub use read::{Answer, Query, Report, View, build};
pub use start::{Started, start_game};
pub use story::{Told, story};
pub use write::{Change, Did, Guard, Latest, Logged, correct, log_game, record, take_back};
