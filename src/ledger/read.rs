//! Reads: one [`Query`] and one [`build`] that every face calls. The command line's
//! `board`, `history`, `stats`, `setup`, `packets`, `pool`, `game list|show`, `world` and
//! `recap` and serve's pages and API twins each translate what they were given into a
//! `Query`, call `build`, and render the [`Report`] it gives.

use crate::domain::log::fold;
use crate::domain::{Campaign, Head, LoggedEntry, players_at_table};
use crate::report::board::BoardView;
use crate::report::corrections::Corrections;
use crate::report::game::{GameList, GameView};
use crate::report::history::{History, cut, date_from, game_views, start_day};
use crate::report::history_query::HistoryQuery;
use crate::report::marked::{MarkKind, MarkedTerritories};
use crate::report::packets::{PacketView, Packets};
use crate::report::photos::{PhotoList, PhotoView, photos};
use crate::report::pools::Pools;
use crate::report::recap::Recap;
use crate::report::setup::{SetupReport, next_table};
use crate::report::spoilers::{Sealed, Spoilers};
use crate::report::stats::StatsReport;
use crate::report::world::World;
use crate::store::{Store, StoreError, StoredLog};

use super::{LedgerError, Missing};

/// A question about a campaign: which view, as it was after game N or now, and whether what
/// packets brought may be shown.
#[derive(Clone, Debug)]
pub struct Query {
    pub view: View,
    /// As it was after game N, with what was recorded before game N+1 (0: before game 1).
    pub after: Option<u32>,
    pub spoilers: Spoilers,
}

/// The view a query asks for: each the read model of one command.
#[derive(Clone, Debug)]
pub enum View {
    /// `board`: one continent or all; with `with`, only the territories carrying those
    /// kinds of mark (`scar`, `city`, …).
    Board {
        continent: Option<String>,
        with: Vec<String>,
    },
    /// `history`, filtered (its `after` is the query's).
    History(HistoryQuery),
    /// `history --corrections`.
    Corrections,
    Stats,
    /// `setup`: for the people named, else the next table as the log makes it likely.
    Setup {
        players: Vec<String>,
    },
    Packets,
    Pools,
    Games,
    Game(u32),
    /// `game photo list`: the photos of one game, or of every game.
    Photos(Option<u32>),
    World,
    /// `recap`; `notes` keeps free text even without spoilers.
    Recap {
        notes: bool,
    },
}

impl Query {
    /// A view of the campaign now, with everything the group has opened.
    pub fn now(view: View) -> Query {
        Query {
            view,
            after: None,
            spoilers: Spoilers::Opened,
        }
    }
}

/// A read model, as the matching command builds it. One is made per question, so its size
/// does not matter.
#[allow(clippy::large_enum_variant)]
pub enum Report {
    Board(BoardView),
    Marked(MarkedTerritories),
    History(History),
    Corrections(Corrections),
    Stats(StatsReport),
    Setup(SetupReport),
    Packets(Packets),
    Pools(Pools),
    Games(GameList),
    Game(GameView),
    Photos(PhotoList),
    World(World),
    Recap(Recap),
}

/// The answer to a query: the campaign's name, the head of its log when it was read, and
/// the report.
pub struct Answer {
    pub campaign: String,
    pub head: Head,
    pub report: Report,
}

/// Answers `query` about the chosen campaign, from its log read on one snapshot.
pub fn build(store: &Store, campaign: Option<&str>, query: &Query) -> Result<Answer, LedgerError> {
    let (name, created_at, head, stored) = store.snapshot(|store| {
        let info = store.choose_campaign(campaign)?;
        Ok::<_, StoreError>((
            info.name,
            info.created_at,
            store.log_head(info.id)?,
            store.read(info.id)?,
        ))
    })?;
    let mut report = report(&name, &created_at, &stored, query)?;
    mark_here(store, &mut report)?;
    Ok(Answer {
        campaign: name,
        head,
        report,
    })
}

/// The games played (not taken back) in a log.
fn played(entries: &[LoggedEntry]) -> u32 {
    let played = entries
        .iter()
        .filter(|e| e.taken_back.is_none() && e.game.is_some())
        .count();
    u32::try_from(played).unwrap_or(u32::MAX)
}

/// The history the filters ask for, after the query's game, dated from the campaign's
/// start; without spoilers, a sealed territory is asked of as an unknown one and free text
/// is left out.
fn history(
    filters: &HistoryQuery,
    query: &Query,
    stored: &StoredLog,
    campaign: &Campaign,
    start: &str,
    sealed: Option<&Sealed>,
) -> Result<Report, LedgerError> {
    let mut filters = filters.clone();
    filters.after = query.after;
    if let (Some(sealed), Some(territory)) = (sealed, &filters.territory) {
        sealed.find_territory(campaign, territory)?;
    }
    let mut history = filters.history(&stored.entries)?.dated_from(start);
    if let Some(sealed) = sealed {
        // Free text (the reasons of changes) is left out, as without `--notes`.
        sealed.history(&mut history.0, false);
    }
    Ok(Report::History(history))
}

pub(super) fn report(
    name: &str,
    created_at: &str,
    stored: &StoredLog,
    query: &Query,
) -> Result<Report, LedgerError> {
    if let Some(after) = query.after {
        let played = played(&stored.entries);
        if after > played {
            return Err(LedgerError::Missing(Missing::After { after, played }));
        }
    }
    let entries = cut(&stored.entries, query.after);
    let campaign = fold(entries)?;
    let start = start_day(&stored.entries, created_at);
    let sealed = (query.spoilers == Spoilers::None).then(|| Sealed::of(&campaign));
    let sealed = sealed.as_ref();
    Ok(match &query.view {
        View::Board { continent, with } => {
            board(name, &campaign, continent.as_deref(), with, sealed)?
        }
        View::History(filters) => history(filters, query, stored, &campaign, &start, sealed)?,
        View::Corrections => Report::Corrections(Corrections::new(
            &stored.entries,
            &stored.corrections,
            &stored.inserted,
        )),
        View::Stats => {
            let mut stats = StatsReport::new(name, entries, &campaign);
            if let Some(sealed) = sealed {
                sealed.stats(&mut stats);
            }
            Report::Stats(stats)
        }
        View::Setup { players } => {
            let people = if players.is_empty() {
                next_table(&campaign, entries)
            } else {
                players_at_table(players)?
            };
            let mut setup = SetupReport::new(name, &campaign, entries, &people);
            if let Some(sealed) = sealed {
                sealed.setup(&mut setup);
            }
            Report::Setup(setup)
        }
        View::Packets => Report::Packets(Packets(PacketView::all(&campaign))),
        View::Pools => {
            let mut pools = Pools::new(name, &campaign);
            if let Some(sealed) = sealed {
                sealed.pools(&mut pools.pools);
            }
            Report::Pools(pools)
        }
        View::Games => Report::Games(GameList {
            campaign: name.to_string(),
            games: games(entries, sealed)?,
        }),
        View::Game(n) => {
            let games = games(entries, sealed)?;
            let played = u32::try_from(games.len()).unwrap_or(u32::MAX);
            Report::Game(games.into_iter().find(|g| g.game == *n).ok_or_else(|| {
                LedgerError::Missing(Missing::Game {
                    campaign: name.to_string(),
                    game: *n,
                    played,
                })
            })?)
        }
        View::Photos(game) => Report::Photos(photo_list(name, entries, *game, sealed)),
        View::World => Report::World(World::new(name, &campaign)),
        View::Recap { notes } => {
            let mut recap = recap(name, stored, entries, &campaign, query.spoilers, *notes)?;
            date_from(&mut recap.changes, &start);
            Report::Recap(recap)
        }
    })
}

/// `recap`: the last game of the log cut there, and what comes next.
fn recap(
    name: &str,
    stored: &StoredLog,
    entries: &[LoggedEntry],
    campaign: &Campaign,
    spoilers: Spoilers,
    notes: bool,
) -> Result<Recap, LedgerError> {
    let until = stored
        .entries
        .get(entries.len())
        .map(|next| next.recorded_at.as_str());
    let mut recap = Recap::new(name, entries, &stored.corrections, &stored.inserted, until)?;
    recap.with_spoilers(campaign, spoilers, notes);
    Ok(recap)
}

/// `game photo list`: the photos of game `game` or of every game; none when `sealed` says.
fn photo_list(
    name: &str,
    entries: &[LoggedEntry],
    game: Option<u32>,
    sealed: Option<&Sealed>,
) -> PhotoList {
    let mut list = PhotoList {
        campaign: name.to_string(),
        game,
        photos: photos(entries, game),
    };
    if let Some(sealed) = sealed {
        sealed.photos(&mut list.photos);
    }
    list
}

/// The games, without what packets brought when `sealed` says.
fn games(entries: &[LoggedEntry], sealed: Option<&Sealed>) -> Result<Vec<GameView>, LedgerError> {
    let mut games = game_views(entries)?;
    for photo in photos(entries, None) {
        if let Some(game) = games.iter_mut().find(|g| g.game == photo.game) {
            game.photos.push(photo);
        }
    }
    if let Some(sealed) = sealed {
        sealed.games(&mut games, false);
    }
    Ok(games)
}

/// `board`, or `board --with KIND`.
fn board(
    name: &str,
    campaign: &Campaign,
    continent: Option<&str>,
    with: &[String],
    sealed: Option<&Sealed>,
) -> Result<Report, LedgerError> {
    let only = continent.map(|c| campaign.find_continent(c)).transpose()?;
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
            MarkKind::find(k)
                .ok_or_else(|| LedgerError::Missing(Missing::MarkKind { given: k.clone() }))
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

/// A report serialises as its read model: the command's `--format json`.
impl serde::Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Report::Board(r) => r.serialize(serializer),
            Report::Marked(r) => r.serialize(serializer),
            Report::History(r) => r.serialize(serializer),
            Report::Corrections(r) => r.serialize(serializer),
            Report::Stats(r) => r.serialize(serializer),
            Report::Setup(r) => r.serialize(serializer),
            Report::Packets(r) => r.serialize(serializer),
            Report::Pools(r) => r.serialize(serializer),
            Report::Games(r) => r.serialize(serializer),
            Report::Game(r) => r.serialize(serializer),
            Report::Photos(r) => r.serialize(serializer),
            Report::World(r) => r.serialize(serializer),
            Report::Recap(r) => r.serialize(serializer),
        }
    }
}

/// Says, of every photo a report names, whether its bytes are here.
fn mark_here(store: &Store, report: &mut Report) -> Result<(), LedgerError> {
    let views: Vec<&mut PhotoView> = match report {
        Report::Photos(list) => list.photos.iter_mut().collect(),
        Report::Game(game) => game.photos.iter_mut().collect(),
        Report::Games(list) => list.games.iter_mut().flat_map(|g| &mut g.photos).collect(),
        _ => return Ok(()),
    };
    if views.is_empty() {
        return Ok(());
    }
    let here = store.images_here(views.iter().map(|v| v.copy.sha256.as_str()))?;
    for view in views {
        view.here = here.contains(&view.copy.sha256);
    }
    Ok(())
}
