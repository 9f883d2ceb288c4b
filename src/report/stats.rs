//! `stats`: how each person and faction has fared, and head to head, derived from the games
//! of the log alone.

use schemars::JsonSchema;
use serde::Serialize;

use super::standing::Standing;
use crate::domain::{Campaign, Entry, Faction, Game, LoggedEntry, Outcome, Territory};

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatsReport {
    pub campaign: String,
    pub games_played: u32,
    /// Most wins first.
    pub players: Vec<PersonStats>,
    pub factions: Vec<FactionStats>,
    /// Every two people who played together.
    pub head_to_head: Vec<HeadToHead>,
    /// Homelands and the lead faction.
    pub standing: Standing,
}

impl StatsReport {
    /// Whether a game had a mission completed or an event card played: sealed content, which
    /// the statistics show only once there is some.
    pub fn shows_cards(&self) -> bool {
        self.players
            .iter()
            .any(|p| p.missions_completed > 0 || p.events > 0)
    }

    /// The statistics of a campaign's log (of the entries that stand) and its fold.
    pub fn new(name: &str, log: &[LoggedEntry], campaign: &Campaign) -> StatsReport {
        let games: Vec<_> = log
            .iter()
            .filter(|e| e.taken_back.is_none())
            .filter_map(|e| match &*e.entry {
                Entry::Game(game) => Some(&**game),
                _ => None,
            })
            .collect();
        let stats = stats(games.iter().copied(), campaign);
        StatsReport {
            campaign: name.to_string(),
            games_played: campaign.games_played(),
            players: stats.players,
            factions: stats.factions,
            head_to_head: stats.head_to_head,
            standing: Standing::new(log, campaign),
        }
    }
}

/// Per person, per faction, and head to head.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    pub players: Vec<PersonStats>,
    pub factions: Vec<FactionStats>,
    pub head_to_head: Vec<HeadToHead>,
}

#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PersonStats {
    pub name: String,
    pub games: u32,
    pub won: u32,
    pub held_on: u32,
    /// Eliminated, knocked out at the end included (rules §4.2).
    pub eliminated: u32,
    /// Of those, the games ended knocked out at the end.
    pub knocked_out: u32,
    /// The person's signatures on the board (rules §5: games after 15 sign nothing).
    pub signatures: u32,
    /// Games won over games played, from 0 to 1.
    pub win_rate: f64,
    /// The most games won in a row, counting only the games this person played.
    pub longest_win_streak: u32,
    /// Games won in a row up to this person's latest game (0 if it was not a win).
    pub current_streak: u32,
    /// Missions this person completed (sealed content).
    pub missions_completed: u32,
    /// Event cards that favoured or hit this person (sealed content).
    pub events: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FactionStats {
    pub name: String,
    pub games: u32,
    pub won: u32,
    pub held_on: u32,
    /// Eliminated, knocked out at the end included (rules §4.2).
    pub eliminated: u32,
    /// Of those, the games ended knocked out at the end.
    pub knocked_out: u32,
    pub win_rate: f64,
    /// The territory it started in most often (HQ), the first on the board on a tie.
    pub started_most: Option<String>,
    /// How many times it started there.
    pub started_most_times: u32,
}

/// Two people who played together: how often, and how many of those games each won.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HeadToHead {
    pub a: String,
    pub b: String,
    pub games: u32,
    pub a_won: u32,
    pub b_won: u32,
}

fn rate(won: u32, games: u32) -> f64 {
    if games == 0 {
        0.0
    } else {
        (f64::from(won) / f64::from(games) * 1000.0).round() / 1000.0
    }
}

/// The statistics of a campaign's games, in order. The campaign gives the order of the
/// lists (a person's first game, the campaign's factions) and each person's signatures.
pub fn stats<'a>(games: impl IntoIterator<Item = &'a Game> + Clone, campaign: &Campaign) -> Stats {
    let (people, factions) = (campaign.people(), campaign.factions());
    let mut players: Vec<PersonStats> = people
        .iter()
        .map(|p| person(p.as_ref(), games.clone(), campaign.signatures_of(p)))
        .collect();
    players.sort_by(|a, b| b.won.cmp(&a.won).then(b.win_rate.total_cmp(&a.win_rate)));
    Stats {
        players,
        factions: factions.iter().map(|f| faction(f, games.clone())).collect(),
        head_to_head: head_to_head(people, games),
    }
}

fn person<'a>(
    name: &str,
    games: impl IntoIterator<Item = &'a Game>,
    signatures: usize,
) -> PersonStats {
    let mut stats = PersonStats {
        name: name.to_string(),
        games: 0,
        won: 0,
        held_on: 0,
        eliminated: 0,
        knocked_out: 0,
        signatures: 0,
        win_rate: 0.0,
        longest_win_streak: 0,
        current_streak: 0,
        missions_completed: 0,
        events: 0,
    };
    for game in games {
        let Some(seat) = game.seats.iter().find(|s| s.person == name) else {
            continue;
        };
        stats.games += 1;
        let named = |person: &Option<String>| person.as_deref() == Some(name);
        stats.missions_completed += count(game.missions.iter().filter(|m| named(&m.done_by)));
        stats.events += count(game.event_cards.iter().filter(|c| named(&c.person)));
        match seat.result {
            Outcome::Won => {
                stats.won += 1;
                stats.current_streak += 1;
                stats.longest_win_streak = stats.longest_win_streak.max(stats.current_streak);
            }
            Outcome::HeldOn => {
                stats.held_on += 1;
                stats.current_streak = 0;
            }
            Outcome::Eliminated | Outcome::KnockedOut => {
                stats.eliminated += 1;
                stats.knocked_out += u32::from(seat.result == Outcome::KnockedOut);
                stats.current_streak = 0;
            }
        }
    }
    stats.signatures = u32::try_from(signatures).unwrap_or(u32::MAX);
    stats.win_rate = rate(stats.won, stats.games);
    stats
}

fn count<T>(items: impl Iterator<Item = T>) -> u32 {
    u32::try_from(items.count()).unwrap_or(u32::MAX)
}

fn faction<'a>(faction: &Faction, games: impl IntoIterator<Item = &'a Game>) -> FactionStats {
    let mut stats = FactionStats {
        name: faction.to_string(),
        games: 0,
        won: 0,
        held_on: 0,
        eliminated: 0,
        knocked_out: 0,
        win_rate: 0.0,
        started_most: None,
        started_most_times: 0,
    };
    let mut starts: Vec<(Territory, u32)> = Vec::new();
    for seat in games
        .into_iter()
        .flat_map(|g| g.seats.iter())
        .filter(|s| &s.faction == faction)
    {
        stats.games += 1;
        match seat.result {
            Outcome::Won => stats.won += 1,
            Outcome::HeldOn => stats.held_on += 1,
            Outcome::Eliminated => stats.eliminated += 1,
            Outcome::KnockedOut => {
                stats.eliminated += 1;
                stats.knocked_out += 1;
            }
        }
        if let Some(hq) = &seat.hq {
            match starts.iter_mut().find(|(t, _)| t == hq) {
                Some((_, n)) => *n += 1,
                None => starts.push((hq.clone(), 1)),
            }
        }
    }
    stats.win_rate = rate(stats.won, stats.games);
    // The first territory in board order (added ones after) with the most starts.
    starts.sort_by(|(a, n), (b, m)| m.cmp(n).then_with(|| a.cmp(b)));
    let most = starts.first().cloned();
    if let Some((territory, times)) = most {
        stats.started_most = Some(territory.name().to_string());
        stats.started_most_times = times;
    }
    stats
}

fn head_to_head<'a>(
    people: &[impl AsRef<str>],
    games: impl IntoIterator<Item = &'a Game> + Clone,
) -> Vec<HeadToHead> {
    let mut pairs = Vec::new();
    for (i, a) in people.iter().enumerate() {
        for b in &people[i + 1..] {
            let mut pair = HeadToHead {
                a: a.as_ref().to_string(),
                b: b.as_ref().to_string(),
                games: 0,
                a_won: 0,
                b_won: 0,
            };
            for game in games.clone() {
                let result = |p: &str| game.seats.iter().find(|s| s.person == p).map(|s| s.result);
                if let (Some(ra), Some(rb)) = (result(a.as_ref()), result(b.as_ref())) {
                    pair.games += 1;
                    pair.a_won += u32::from(ra == Outcome::Won);
                    pair.b_won += u32::from(rb == Outcome::Won);
                }
            }
            if pair.games > 0 {
                pairs.push(pair);
            }
        }
    }
    pairs
}
