//! What a request reads: the campaign's log on one snapshot of the database, its head, and
//! the read model of the part asked for, as the matching command builds it.

use std::path::PathBuf;
use std::time::Duration;

use serde::Deserialize;
use tokio::sync::watch;

use super::memory::{Kept, Memory, Writing};
use super::{Options, ServeError};
use crate::domain::log::fold;
use crate::domain::{Campaign, EntryId};
use crate::report::board::BoardView;
use crate::report::game::{GameList, GameView};
use crate::report::history::{History, cut, game_views};
use crate::report::history_query::{HistoryQuery, QueryError};
use crate::report::marked::{MarkKind, MarkedTerritories};
use crate::report::packets::{PacketView, Packets};
use crate::report::pools::Pools;
use crate::report::recap::Recap;
use crate::report::setup::{SetupReport, next_table};
use crate::report::spoilers::{Sealed, Spoilers};
use crate::report::stats::StatsReport;
use crate::report::world::World;
use crate::store::{Access, Store, StoreError, StoredLog};

/// How long a read waits for another process's write to finish.
pub(super) const BUSY: Duration = Duration::from_secs(5);

/// What every request of one `serve` shares: where the log is, how much it may show, and
/// the log's head as last seen (watched by the event streams).
pub struct Shared {
    pub(super) db: PathBuf,
    pub(super) campaign: Option<String>,
    pub(super) spoilers: Spoilers,
    pub(super) head: watch::Sender<String>,
    pub(super) stopped: watch::Sender<bool>,
    /// Writing, with `--allow-log`.
    pub(super) writing: Option<Writing>,
    /// One write at a time from this server (the database holds it against the others).
    pub(super) writes: tokio::sync::Mutex<()>,
    pub(super) memory: Memory,
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
            head: watch::channel(head).0,
            stopped: watch::channel(false).0,
            writing: options.writing.clone(),
            writes: tokio::sync::Mutex::new(()),
            memory: Memory::default(),
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

    /// The campaign's log and head, read on one snapshot.
    pub(super) fn log(&self) -> Result<Log, PageError> {
        let store = Store::open(&self.db, Access::Read, BUSY)?;
        let log = store.snapshot(|store| {
            let info = store.choose_campaign(self.campaign.as_deref())?;
            Ok::<_, StoreError>(Log {
                head: store.log_head(info.id)?,
                stored: store.read(info.id)?,
                name: info.name,
            })
        })?;
        Ok(log)
    }

    /// The head of the log now.
    pub(super) fn head_now(&self) -> Result<String, PageError> {
        let store = Store::open(&self.db, Access::Read, BUSY)?;
        Ok(store.snapshot(|store| {
            let info = store.choose_campaign(self.campaign.as_deref())?;
            store.log_head(info.id)
        })?)
    }
}

/// A campaign's log as one request reads it.
pub(super) struct Log {
    pub name: String,
    pub stored: StoredLog,
    pub head: String,
}

/// Why a request cannot be answered.
#[derive(Debug, thiserror::Error)]
pub(super) enum PageError {
    /// The question is at fault: a name, a game, a kind that is not there.
    #[error("{0}")]
    Input(String),
    #[error("{0}")]
    NotFound(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<QueryError> for PageError {
    fn from(error: QueryError) -> PageError {
        PageError::Input(error.to_string())
    }
}

impl From<crate::domain::BrokenLog> for PageError {
    fn from(broken: crate::domain::BrokenLog) -> PageError {
        PageError::Store(StoreError::BrokenLog(broken))
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

/// A read model, as the matching command builds it. One is made per request, so its size
/// does not matter.
#[allow(clippy::large_enum_variant)]
pub(super) enum Report {
    Board(BoardView),
    Marked(MarkedTerritories),
    History(History),
    Stats(StatsReport),
    Setup(SetupReport),
    Packets(Packets),
    Pools(Pools),
    Games(GameList),
    Game(GameView),
    World(World),
    Recap(Recap),
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

impl Log {
    fn checked_after(&self, after: Option<u32>) -> Result<(), PageError> {
        let played = self
            .stored
            .entries
            .iter()
            .filter(|e| e.taken_back.is_none() && e.game.is_some())
            .count();
        let played = u32::try_from(played).unwrap_or(u32::MAX);
        match after {
            Some(n) if n > played => Err(PageError::Input(format!(
                "There is no game {n} to look back to: this campaign has played {played} game{}.",
                if played == 1 { "" } else { "s" }
            ))),
            _ => Ok(()),
        }
    }

    /// The read model of `part`, as the command with these flags builds it; with
    /// `Spoilers::None`, without what packets brought.
    pub(super) fn report(
        &self,
        part: Part,
        params: &Params,
        spoilers: Spoilers,
    ) -> Result<Report, PageError> {
        self.checked_after(params.after)?;
        let entries = cut(&self.stored.entries, params.after);
        let campaign = fold(entries)?;
        let name = &self.name;
        let sealed = (spoilers == Spoilers::None).then(|| Sealed::of(&campaign));
        let sealed = sealed.as_ref();
        Ok(match part {
            Part::Board => board(name, &campaign, params, sealed)?,
            Part::History => {
                let mut history = history_query(params).history(&self.stored.entries)?;
                if let Some(sealed) = sealed {
                    sealed.history(&mut history.0);
                }
                Report::History(history)
            }
            Part::Stats => {
                let mut stats = StatsReport::new(name, entries, &campaign);
                if let Some(sealed) = sealed {
                    sealed.stats(&mut stats);
                }
                Report::Stats(stats)
            }
            Part::Setup => {
                let people = next_table(&campaign, entries);
                let mut setup = SetupReport::new(name, &campaign, entries, &people);
                if let Some(sealed) = sealed {
                    sealed.setup(&mut setup);
                }
                Report::Setup(setup)
            }
            Part::Packets => Report::Packets(Packets(PacketView::all(&campaign))),
            Part::Pools => {
                let mut pools = Pools::new(name, &campaign);
                if let Some(sealed) = sealed {
                    sealed.pools(&mut pools.pools);
                }
                Report::Pools(pools)
            }
            Part::Games | Part::Game(_) => games(name, entries, part, sealed)?,
            Part::World => Report::World(World::new(name, &campaign)),
            Part::Recap => {
                let until = self
                    .stored
                    .entries
                    .get(entries.len())
                    .map(|next| next.recorded_at.as_str());
                let mut recap = Recap::new(
                    name,
                    entries,
                    &self.stored.corrections,
                    &self.stored.inserted,
                    until,
                )?;
                recap.with_spoilers(&campaign, spoilers, false);
                Report::Recap(recap)
            }
        })
    }
}

/// `history`'s flags, from the parameters.
fn history_query(params: &Params) -> HistoryQuery {
    HistoryQuery {
        territory: params.territory.clone(),
        continent: params.continent.clone(),
        player: params.player.clone(),
        faction: params.faction.clone(),
        game: params.game,
        kinds: list(params.kind.as_deref()),
        after: params.after,
    }
}

/// `board`, or `board --with KIND`.
fn board(
    name: &str,
    campaign: &Campaign,
    params: &Params,
    sealed: Option<&Sealed>,
) -> Result<Report, PageError> {
    let only = params
        .continent
        .as_deref()
        .map(|c| campaign.find_continent(c))
        .transpose()
        .map_err(|r| PageError::Input(r.to_string()))?;
    let with = list(params.with.as_deref());
    if with.is_empty() {
        let mut board = BoardView::new(name, campaign, only);
        if let Some(sealed) = sealed {
            sealed.board(&mut board);
        }
        return Ok(Report::Board(board));
    }
    let kinds = with
        .iter()
        .map(|k| {
            MarkKind::find(k).ok_or_else(|| {
                PageError::Input(format!(
                    "with=\"{k}\" is not a kind of mark; the kinds are {}.",
                    MarkKind::ALL.map(MarkKind::key).join(", ")
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut marked = MarkedTerritories::new(name, campaign, &kinds, only);
    if let Some(sealed) = sealed {
        marked.territories.retain(|t| {
            !sealed.names_any(&t.territory)
                && !sealed.names_any(&t.what)
                && !matches!(t.kind, "fallout" | "mark")
        });
    }
    Ok(Report::Marked(marked))
}

/// `game list`, or `game show N`.
fn games(
    name: &str,
    entries: &[crate::domain::LoggedEntry],
    part: Part,
    sealed: Option<&Sealed>,
) -> Result<Report, PageError> {
    let mut games = game_views(entries)?;
    if let Some(sealed) = sealed {
        sealed.games(&mut games, false);
    }
    Ok(match part {
        Part::Game(n) => Report::Game(
            games
                .into_iter()
                .find(|g| g.game == n)
                .ok_or_else(|| PageError::NotFound(format!("{name} has no game {n}.")))?,
        ),
        _ => Report::Games(GameList {
            campaign: name.to_string(),
            games,
        }),
    })
}
