//! `chronicle history [--territory T] [--continent C] [--player P] [--faction F] [--game N]`:
//! every change in order, with the game, its date, the person and their faction.

use schemars::JsonSchema;
use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::game::view::GameView;
use super::output::{Report, Table, print};
use crate::domain::describe::Happening;
use crate::domain::history::{Event, Filter, Standing, events};
use crate::domain::{Campaign, Entry, Faction, Territory};
use crate::store::{Loaded, LoggedEntry, broken_log};

/// What happened, in order: every change with its game, date, person and faction
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only changes on this territory (printed name or a name players use)
    #[arg(long)]
    pub territory: Option<String>,
    /// Only changes in this continent (printed or given name)
    #[arg(long)]
    pub continent: Option<String>,
    /// Only changes made by this person
    #[arg(long)]
    pub player: Option<String>,
    /// Only changes made by players of this faction
    #[arg(long)]
    pub faction: Option<String>,
    /// Only changes made in this game
    #[arg(long)]
    pub game: Option<u32>,
}

/// `history --format json`: a list of changes, oldest first.
#[derive(Serialize, JsonSchema)]
#[serde(transparent)]
pub struct History(pub Vec<HistoryEntry>);

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HistoryEntry {
    /// The game, or null for a change made between games (powers, coins, pool capacities).
    pub game: Option<u32>,
    /// The game's date, or the day a change between games was recorded.
    pub date: String,
    pub person: Option<String>,
    pub faction: Option<String>,
    /// What kind of change: major_city, minor_city, scar, heal, wear, fortify, …
    pub kind: String,
    pub territory: Option<String>,
    /// The continent's printed name.
    pub continent: Option<String>,
    /// The change in words, without the person.
    pub text: String,
}

impl Report for History {
    fn lines(&self) -> Vec<String> {
        if self.0.is_empty() {
            vec!["Nothing has happened that matches.".to_string()]
        } else {
            Vec::new()
        }
    }

    fn tables(&self) -> Vec<Table> {
        if self.0.is_empty() {
            return Vec::new();
        }
        let mut table = Table::new(&["Game", "Date", "Who", "What"]);
        for e in &self.0 {
            let who = match (&e.person, &e.faction) {
                (Some(person), Some(faction)) => {
                    format!("{person} ({})", Faction::new(faction.as_str()).short_name())
                }
                (Some(person), None) => person.clone(),
                (None, Some(faction)) => faction.clone(),
                (None, None) => String::new(),
            };
            let game = e.game.map_or("-".to_string(), |g| g.to_string());
            table.row(vec![game, e.date.clone(), who, e.text.clone()]);
        }
        vec![table]
    }
}

/// Turns the flags into a filter, with names looked up in the campaign.
fn filter(args: &Args, walked: &Walked) -> Result<Filter, CliError> {
    let campaign = &walked.campaign;
    let last_game = walked.all.iter().filter_map(|e| e.game).max().unwrap_or(0);
    let person = args
        .player
        .as_deref()
        .map(|given| campaign.find_person(given).map(str::to_string))
        .transpose()?;
    if let Some(game) = args.game
        && (game == 0 || game > last_game)
    {
        return Err(CliError::Input(format!(
            "There is no game {game}: this campaign has played {} game{}.",
            campaign.games_played(),
            if campaign.games_played() == 1 {
                ""
            } else {
                "s"
            }
        )));
    }
    Ok(Filter {
        territory: args.territory.as_deref().map(Territory::find).transpose()?,
        continent: args
            .continent
            .as_deref()
            .map(|c| campaign.find_continent(c))
            .transpose()?,
        person,
        faction: args
            .faction
            .as_deref()
            .map(|f| campaign.find_faction(f))
            .transpose()?,
        game: args.game,
    })
}

/// A stored log walked once through the rules: every change in the order recorded, and
/// the campaign its standing entries fold to.
pub struct Walked<'a> {
    /// Every entry, standing or taken back, in the order recorded.
    all: Vec<&'a LoggedEntry>,
    events: Vec<Event>,
    pub campaign: Campaign,
}

/// Walks a log (the entries that stand and those taken back) once.
pub fn walk<'a>(
    log: &'a [LoggedEntry],
    taken_back: &'a [LoggedEntry],
) -> Result<Walked<'a>, CliError> {
    let mut all: Vec<&LoggedEntry> = log.iter().chain(taken_back).collect();
    all.sort_by_key(|e| e.seq);
    let standing = |e: &LoggedEntry| match e.taken_back {
        Some(_) => Standing::TakenBack { game: e.game },
        None => Standing::Stands,
    };
    let (events, campaign) =
        events(all.iter().map(|e| (&e.entry, standing(e)))).map_err(|broken| {
            let owned: Vec<LoggedEntry> = all.iter().map(|e| (*e).clone()).collect();
            broken_log(&owned, broken)
        })?;
    Ok(Walked {
        all,
        events,
        campaign,
    })
}

impl Walked<'_> {
    /// Every game that stands, described with the changes the walk found.
    pub fn game_views(&self) -> Vec<GameView> {
        let mut views = Vec::new();
        let mut events = self.events.iter().peekable();
        for (index, logged) in self.all.iter().enumerate() {
            let mine = std::iter::from_fn(|| events.next_if(|e| e.entry == index));
            let changes: Vec<&Happening> = mine.map(|e| &e.happening).collect();
            if let (Entry::Game(game), Some(number), None) =
                (&logged.entry, logged.game, &logged.taken_back)
            {
                views.push(GameView::described(
                    number,
                    &logged.recorded_at,
                    game,
                    changes.into_iter(),
                ));
            }
        }
        views
    }

    /// The changes the filter keeps, and the campaign.
    pub fn into_history(self, filter: &Filter) -> (History, Campaign) {
        let all = self.all;
        let entries = self
            .events
            .into_iter()
            .filter(|e| filter.matches(e))
            .map(|e| {
                let h = e.happening;
                let logged = all.get(e.entry);
                let (date, text) = match logged.and_then(|l| l.taken_back.as_ref()) {
                    Some(back) => {
                        let why = back
                            .reason
                            .as_ref()
                            .map(|r| format!(" (reason: {r})"))
                            .unwrap_or_default();
                        (day(&back.at), format!("{}{why}", h.text))
                    }
                    None => (
                        e.date.map_or_else(
                            || logged.map_or(String::new(), |l| day(&l.recorded_at)),
                            |d| d.to_string(),
                        ),
                        h.text,
                    ),
                };
                HistoryEntry {
                    game: e.game,
                    date,
                    person: h.person,
                    faction: h.faction.map(|f| f.to_string()),
                    kind: h.kind.to_string(),
                    territory: h.territory.map(|t| t.name().to_string()),
                    continent: h.continent.map(|c| c.name().to_string()),
                    text,
                }
            })
            .collect();
        (History(entries), self.campaign)
    }
}

/// The history of a loaded campaign, filtered: the entries that stand and those taken
/// back, in the order they were recorded.
pub fn history(loaded: &Loaded, filter: &Filter) -> Result<History, CliError> {
    Ok(walk(&loaded.log, &loaded.taken_back)?
        .into_history(filter)
        .0)
}

/// The day of an RFC 3339 moment.
fn day(moment: &str) -> String {
    moment.get(..10).unwrap_or(moment).to_string()
}

/// The log is walked once, not folded first: the walk gives the campaign the filter
/// looks names up in.
pub fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let (_, stored) = context.read()?;
    let walked = walk(&stored.log, &stored.taken_back)?;
    let filter = filter(&args, &walked)?;
    print(&walked.into_history(&filter).0, context.output())
}
