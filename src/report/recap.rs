//! `recap`: what a group reads out at the start of a game night. The last game, what it
//! changed in the world (with the entries recorded after it), what the next game can bring,
//! the standing, and the setup reminders for the next game. Built from the same log and
//! fold as every other report.

use schemars::JsonSchema;
use serde::Serialize;

use super::corrections::{CorrectionView, Corrections};
use super::game::GameView;
use super::history::{HistoryEntry, walk};
use super::recap_coming::{Coming, coming};
use super::standing::Standing;
use crate::domain::{
    BrokenLog, Campaign, CorrectionEntry, Entry, EntryId, Game, LoggedEntry, Outcome,
};

/// `recap --format json`.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Recap {
    pub campaign: String,
    pub games_played: u32,
    /// The latest game that stands; null before game 1.
    pub last_game: Option<GameView>,
    /// Before game 1: what the setup still needs ("3 of the 12 first coins to place").
    pub setup_to_do: Vec<String>,
    /// What changed in the world with the last game and the entries recorded after it (all
    /// entries before game 1, before it), as `history` lists them.
    pub changes: Vec<HistoryEntry>,
    /// The corrections made since the last game was recorded.
    pub corrections: Vec<CorrectionView>,
    /// What the next game can bring: packets close to opening, pools nearly empty, game 15.
    pub coming: Vec<Coming>,
    pub standing: RecapStanding,
    /// The next game's setup, for the people of the last game.
    pub setup: Vec<SetupReminder>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RecapStanding {
    /// Signatures per person, the most first (people with none left out).
    pub signatures: Vec<PersonCount>,
    /// Homelands and the lead faction, once they exist.
    #[serde(flatten)]
    pub factions: Standing,
    /// Runs going on now: three wins in a row, the longest held-on run.
    pub streaks: Vec<Streak>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PersonCount {
    pub person: String,
    pub count: u32,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Streak {
    pub person: String,
    /// `won` or `held_on`.
    pub kind: &'static str,
    /// Games in a row, up to this person's latest game.
    pub games: u32,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupReminder {
    pub person: String,
    /// 1 for a person who has never signed the board.
    pub red_star_tokens: u32,
    pub missiles: u32,
    /// Their legal starts when they are few (5 or fewer); null when there are more.
    pub few_legal_starts: Option<Vec<String>>,
}

/// The fewest legal starts a reminder names.
const FEW_STARTS: usize = 5;

/// The shortest run a recap names.
const RUN: u32 = 2;

impl Recap {
    /// The recap of a log (every entry, in the order of the log, cut after the game to recap
    /// from) and its corrections; `until`, for a log cut before its end, is when the next
    /// game was recorded (later corrections are not the night's).
    pub fn new(
        name: &str,
        entries: &[LoggedEntry],
        corrections: &[CorrectionEntry],
        inserted: &[(EntryId, EntryId)],
        until: Option<&str>,
    ) -> Result<Recap, BrokenLog> {
        let walked = walk(entries)?;
        let campaign = walked.campaign().clone();
        let played = campaign.games_played();
        let last = last_game(entries);
        let last_game = last.and_then(|logged| {
            walked
                .game_views()
                .into_iter()
                .find(|v| Some(v.game) == logged.game)
        });
        let (history, _) = walked.into_history(&crate::domain::log::history::Filter::default());
        let changes = history
            .0
            .into_iter()
            .filter(|e| match e.game {
                Some(game) => game == played,
                None => e.after_game == Some(played),
            })
            .collect();
        let since = last.map(|l| l.recorded_at.as_str());
        let corrections = Corrections::new(entries, corrections, inserted)
            .0
            .into_iter()
            .filter(|c| since.is_none_or(|at| c.at.as_str() > at))
            .filter(|c| until.is_none_or(|at| c.at.as_str() < at))
            .collect();
        let games = standing_games(entries);
        Ok(Recap {
            campaign: name.to_string(),
            games_played: played,
            setup_to_do: setup_to_do(&campaign),
            changes,
            corrections,
            coming: coming(&campaign),
            standing: RecapStanding {
                signatures: signatures(&campaign),
                factions: Standing::new(entries, &campaign),
                streaks: streaks(&campaign, &games),
            },
            setup: reminders(&campaign, last_game.as_ref()),
            last_game,
        })
    }
}

/// The latest game of the log that stands.
fn last_game(entries: &[LoggedEntry]) -> Option<&LoggedEntry> {
    entries
        .iter()
        .rev()
        .find(|e| e.taken_back.is_none() && matches!(&*e.entry, Entry::Game(_)))
}

/// The games that stand, in order.
fn standing_games(entries: &[LoggedEntry]) -> Vec<&Game> {
    entries
        .iter()
        .filter(|e| e.taken_back.is_none())
        .filter_map(|e| match &*e.entry {
            Entry::Game(game) => Some(&**game),
            _ => None,
        })
        .collect()
}

/// Before game 1, what the setup still needs, in words.
fn setup_to_do(campaign: &Campaign) -> Vec<String> {
    if campaign.games_played() > 0 {
        return Vec::new();
    }
    let (powers, coins) = campaign.setup_missing();
    let mut todo = Vec::new();
    if !powers.is_empty() {
        todo.push(format!("starting powers to keep: {}", powers.join(", ")));
    }
    if coins > 0 {
        todo.push(format!("{coins} of the 12 first coins to place"));
    }
    todo
}

/// Signatures per person, the most first, then by name.
fn signatures(campaign: &Campaign) -> Vec<PersonCount> {
    let mut counts: Vec<PersonCount> = campaign
        .people()
        .iter()
        .map(|p| PersonCount {
            person: p.to_string(),
            count: u32::try_from(campaign.signatures_of(p)).unwrap_or(u32::MAX),
        })
        .filter(|c| c.count > 0)
        .collect();
    counts.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.person.cmp(&b.person)));
    counts
}

/// The runs of wins and of held-on games going on now, two games or more, the longest first.
fn streaks(campaign: &Campaign, games: &[&Game]) -> Vec<Streak> {
    let mut streaks = Vec::new();
    for person in campaign.people() {
        let results: Vec<Outcome> = games
            .iter()
            .filter_map(|g| g.seats.iter().find(|s| *s.person == **person))
            .map(|s| s.result)
            .collect();
        let Some(&latest) = results.last() else {
            continue;
        };
        let kind = match latest {
            Outcome::Won => "won",
            Outcome::HeldOn => "held_on",
            Outcome::Eliminated | Outcome::KnockedOut => continue,
        };
        let run = results.iter().rev().take_while(|&&r| r == latest).count();
        let run = u32::try_from(run).unwrap_or(u32::MAX);
        if run >= RUN {
            streaks.push(Streak {
                person: person.to_string(),
                kind,
                games: run,
            });
        }
    }
    streaks.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.person.cmp(&b.person)));
    streaks
}

/// The next game's tokens for the people of the last game (everyone known before game 1),
/// with their legal starts when they are few.
fn reminders(campaign: &Campaign, last: Option<&GameView>) -> Vec<SetupReminder> {
    let people: Vec<String> = match last {
        Some(game) => game.players.iter().map(|p| p.person.clone()).collect(),
        None => campaign.people().iter().map(ToString::to_string).collect(),
    };
    people
        .into_iter()
        .map(|person| {
            let tokens = campaign.tokens(&person);
            let starts = campaign.legal_starts(&person);
            SetupReminder {
                red_star_tokens: tokens.red_star,
                missiles: tokens.missiles,
                few_legal_starts: (starts.len() <= FEW_STARTS)
                    .then(|| starts.iter().map(|t| t.name().to_string()).collect()),
                person,
            }
        })
        .collect()
}
