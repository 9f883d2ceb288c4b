//! What writing from `serve` needs and keeps: this run's key and clock (`Writing`), and, for
//! the run, the answers given by request identity and the records each device made
//! (`Memory`).

use std::collections::HashMap;
use std::sync::Mutex;

use crate::domain::EntryId;
use crate::ledger::Clock;

/// Writing, when `serve --allow-log` allows it: this run's key, and the clock writes are
/// stamped with (fixed for tests and demos, else the real one, read at each write).
#[derive(Clone)]
pub struct Writing {
    /// The secret a request must hold to write (`Authorization: Bearer`, or the cookie the
    /// logging address sets).
    pub key: String,
    pub clock: Clock,
}

impl std::fmt::Debug for Writing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Writing { key: …, clock: … }")
    }
}

/// An answer already given to a request with this identity (`Idempotency-Key`, or the id of
/// a rendered form): a replay gets it again and writes nothing.
#[derive(Clone, Debug)]
pub(super) struct Kept {
    pub status: u16,
    pub content_type: &'static str,
    pub body: String,
}

/// What the writes of one `serve` run remember: the answers given by request identity,
/// and the records each device made (for its undo).
#[derive(Default)]
pub(super) struct Memory {
    pub answers: Mutex<HashMap<String, Kept>>,
    pub made: Mutex<Vec<(EntryId, String)>>,
}
