//! What every request of one `serve` run shares, and a page's parameters as the ledger's
//! question: the read model of the part asked for is the ledger's answer, as the matching
//! command gets it.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

use serde::Deserialize;
use tokio::sync::watch;

use super::map_cache::MapCache;
use super::memory::{Kept, Memory, Writing};
use super::{Options, ServeError};
use crate::domain::EntryId;
use crate::ledger::{self, Answer, Clock, LedgerError, Query, Started, View};
use crate::report::history_query::HistoryQuery;
use crate::report::photos::PhotoView;
use crate::report::spoilers::Spoilers;
use crate::store::{Access, Store};

/// How long a read waits for another process's write to finish.
pub(super) const BUSY: Duration = Duration::from_secs(5);

/// What every request of one `serve` shares: where the log is, how much it may show, and
/// the log's head as last seen (watched by the event streams).
pub struct Shared {
    pub(super) db: PathBuf,
    pub(super) campaign: Option<String>,
    pub(super) spoilers: Spoilers,
    /// The address listened on (`--bind`).
    pub(super) bind: std::net::IpAddr,
    pub(super) head: watch::Sender<String>,
    pub(super) stopped: watch::Sender<bool>,
    /// Writing, with `--allow-log`.
    pub(super) writing: Option<Writing>,
    /// One write at a time from this server (the database holds it against the others).
    pub(super) writes: tokio::sync::Mutex<()>,
    pub(super) memory: Memory,
    /// The maps drawn last, by log head.
    pub(super) maps: MapCache,
}

impl Shared {
    /// Opens the database (for reading) and finds the campaign and its head.
    pub fn open(options: &Options) -> Result<Shared, ServeError> {
        let store = Store::open(&options.db, Access::Read, BUSY)?;
        let head = store.snapshot(|store| {
            let info = store.choose_campaign(options.campaign.as_deref())?;
            store.log_head(info.id)
        })?;
        Ok(Shared {
            db: options.db.clone(),
            campaign: options.campaign.clone(),
            spoilers: options.spoilers,
            bind: options.bind,
            head: watch::channel(head.to_string()).0,
            stopped: watch::channel(false).0,
            writing: options.writing.clone(),
            writes: tokio::sync::Mutex::new(()),
            memory: Memory::default(),
            maps: MapCache::default(),
        })
    }

    /// The answer given to the request of this identity, if one was.
    pub(super) fn kept(&self, key: &str) -> Option<Kept> {
        let answers = self.memory.answers.lock().ok()?;
        answers.get(key).cloned()
    }

    /// Keeps the answer to the request of this identity, for a replay.
    pub(super) fn keep(&self, key: String, kept: Kept) {
        if let Ok(mut answers) = self.memory.answers.lock() {
            answers.insert(key, kept);
        }
    }

    /// Remembers that the device `by` made the record `id` in this run.
    pub(super) fn made(&self, id: EntryId, by: String) {
        if let Ok(mut made) = self.memory.made.lock() {
            made.push((id, by));
        }
    }

    /// Whether the device `by` made the record `id` in this run.
    pub(super) fn made_by(&self, id: &EntryId, by: &str) -> bool {
        self.memory
            .made
            .lock()
            .is_ok_and(|made| made.iter().any(|(i, b)| i == id && b == by))
    }

    /// Ends every event stream: the server is stopping.
    pub(super) fn stop(&self) {
        self.stopped.send_replace(true);
    }

    /// The ledger's answer to `query`, read now on one snapshot.
    pub(super) fn ask(&self, query: &Query) -> Result<Answer, LedgerError> {
        let store = Store::open(&self.db, Access::Read, BUSY)?;
        ledger::build(&store, self.campaign.as_deref(), query)
    }

    /// A new game form for the campaign as it stands now, and the head it was read at.
    pub(super) fn form_now(&self) -> Result<Started, LedgerError> {
        let store = Store::open(&self.db, Access::Read, BUSY)?;
        let today = self.clock().today();
        ledger::start_game(&store, self.campaign.as_deref(), today)
    }

    /// The store, opened to write (or, for a dry run, to read).
    pub(super) fn store(&self, dry_run: bool) -> Result<Store, LedgerError> {
        let access = if dry_run { Access::Read } else { Access::Write };
        Ok(Store::open(&self.db, access, BUSY)?)
    }

    /// The campaign `--campaign` named, if any.
    pub(super) fn campaign(&self) -> Option<&str> {
        self.campaign.as_deref()
    }

    /// The clock as it reads now.
    pub(super) fn clock(&self) -> Clock {
        self.writing
            .as_ref()
            .map_or_else(Clock::real, |w| w.clock.again())
    }

    /// The width and height of each copy of these photos that is here, by hash (none
    /// where the database cannot be read now: the page is drawn without them).
    pub(super) fn photo_sizes(&self, shown: &[PhotoView]) -> HashMap<String, (u32, u32)> {
        if shown.is_empty() {
            return HashMap::new();
        }
        Store::open(&self.db, Access::Read, BUSY)
            .map_err(LedgerError::from)
            .and_then(|store| ledger::copy_sizes(&store, shown))
            .unwrap_or_default()
    }

    /// The head of the log now, as written (`SEQ:ID`).
    pub(super) fn head_now(&self) -> Result<String, LedgerError> {
        let store = Store::open(&self.db, Access::Read, BUSY)?;
        let head = store.snapshot(|store| {
            let info = store.choose_campaign(self.campaign.as_deref())?;
            store.log_head(info.id)
        })?;
        Ok(head.to_string())
    }
}

/// The query parameters a page or the API takes: the command's flags.
#[derive(Clone, Debug, Default, Deserialize)]
pub(super) struct Params {
    pub after: Option<u32>,
    pub continent: Option<String>,
    /// `board --with`: kinds of mark, comma-separated.
    pub with: Option<String>,
    pub territory: Option<String>,
    /// `history --player` (or `--person`).
    #[serde(alias = "person")]
    pub player: Option<String>,
    pub faction: Option<String>,
    pub game: Option<u32>,
    /// `history --kind`: kinds of change, comma-separated.
    pub kind: Option<String>,
    /// The large-type view for a television.
    pub tv: Option<String>,
}

fn list(value: Option<&str>) -> Vec<String> {
    value
        .map(|v| {
            v.split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// The part of the campaign a page or an API call shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Part {
    Board,
    History,
    Stats,
    Setup,
    Packets,
    Pools,
    Games,
    Game(u32),
    World,
    Recap,
}

impl Params {
    /// The ledger's question for `part` with these parameters (the command's flags).
    pub(super) fn query(&self, part: Part, spoilers: Spoilers) -> Query {
        let view = match part {
            Part::Board => View::Board {
                continent: self.continent.clone(),
                with: list(self.with.as_deref()),
            },
            Part::History => View::History(HistoryQuery {
                territory: self.territory.clone(),
                continent: self.continent.clone(),
                player: self.player.clone(),
                faction: self.faction.clone(),
                game: self.game,
                kinds: list(self.kind.as_deref()),
                after: self.after,
            }),
            Part::Stats => View::Stats,
            Part::Setup => View::Setup {
                players: Vec::new(),
            },
            Part::Packets => View::Packets,
            Part::Pools => View::Pools,
            Part::Games => View::Games,
            Part::Game(n) => View::Game(n),
            Part::World => View::World,
            Part::Recap => View::Recap { notes: false },
        };
        Query {
            view,
            after: self.after,
            spoilers,
        }
    }
}
