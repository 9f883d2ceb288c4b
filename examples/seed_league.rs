//! Seeds a database with a league: N campaigns of 15 random legal games each, made with
//! the domain's own rules (every game is chosen among what `apply` allows and checked by
//! it) and written with the store's campaign writer — the path `import` takes — sixteen
//! campaigns to a transaction. No SQL here.
//!
//! cargo run --release --example seed_league -- --db league.db --campaigns 10000 [--seed 7]

use std::path::PathBuf;
use std::time::Instant;

use chronicle::domain::board::faction::STANDARD_FACTIONS;
use chronicle::domain::vocabulary::names::CampaignName;
use chronicle::domain::{Body, CheckedLog, LogRecord, Place};
use chronicle::domain::{
    Campaign, Entry, Faction, Game, HeldOnChoice, HeldOnKind, HeldOnReward, Outcome, Reward,
    RewardKind, Seat, Targets,
};
use chronicle::store::{Access, Store};
use chrono::NaiveDate;
use indicatif::{ProgressBar, ProgressStyle};

const PEOPLE: [&str; 12] = [
    "Ann", "Bo", "Cy", "Dee", "Eun-ji", "Fatma", "Gil", "Hana", "Ivo", "Jun", "Kai", "Lea",
];

/// A small deterministic generator: the same seed seeds the same league.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n.max(1) as u64) as usize
    }

    fn pick<T: Clone>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len())].clone())
    }
}

fn usage() -> ! {
    eprintln!("usage: seed_league --db FILE --campaigns N [--seed S]");
    std::process::exit(2);
}

/// Campaigns written in one transaction.
const BATCH: usize = 64;

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut db, mut campaigns, mut seed) = (None, 1usize, 7u64);
    while let Some(arg) = args.next() {
        let value = args.next().unwrap_or_else(|| usage());
        match arg.as_str() {
            "--db" => db = Some(PathBuf::from(value)),
            "--campaigns" => campaigns = value.parse().unwrap_or_else(|_| usage()),
            "--seed" => seed = value.parse().unwrap_or_else(|_| usage()),
            _ => usage(),
        }
    }
    let db = db.unwrap_or_else(|| usage());
    let mut store = Store::open(&db, Access::Create, std::time::Duration::from_secs(5))
        .unwrap_or_else(|e| {
            eprintln!("error: {e}");
            std::process::exit(3);
        });
    let bar = ProgressBar::new(campaigns as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} campaigns, {per_sec}, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let started = Instant::now();
    let first = store.campaigns().map_or(0, |c| c.len());
    // One thread makes the campaigns (the domain's work), this one writes them (the
    // store's): SQLite writes from one connection anyway.
    let (made, to_write) = std::sync::mpsc::sync_channel::<CheckedLog>(64);
    // The campaigns written go back to the thread that made them to be freed there: freeing
    // memory another thread allocated is slow with glibc's allocator, and the writer is the
    // busier thread.
    let (done, written_back) = std::sync::mpsc::channel::<Written>();
    let maker = spawn_maker(seed, campaigns, made, written_back);
    // BATCH campaigns to a transaction: one sync to disk for 960 games.
    let mut batch: Vec<(CampaignName, CheckedLog)> = Vec::with_capacity(BATCH);
    let mut written = 0;
    let mut write = |batch: &mut Vec<(CampaignName, CheckedLog)>| {
        let refs: Vec<(&CampaignName, &str, Option<&str>, &CheckedLog)> = batch
            .iter()
            .map(|(name, log)| (name, "2026-01-01T00:00:00Z", None, log))
            .collect();
        if let Err(e) = store.import_campaigns(&refs, true) {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
        bar.inc(batch.len() as u64);
        let _ = done.send(std::mem::replace(batch, Vec::with_capacity(BATCH)));
    };
    for log in &to_write {
        written += 1;
        let name = CampaignName::new(&format!("League {}", first + written)).unwrap_or_else(|e| {
            eprintln!("error: {e}");
            std::process::exit(1);
        });
        batch.push((name, log));
        if batch.len() == BATCH {
            write(&mut batch);
        }
    }
    if !batch.is_empty() {
        write(&mut batch);
    }
    drop(done);
    let _ = maker.join();
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let games = campaigns * 15;
    println!(
        "{campaigns} campaigns, {games} games in {seconds:.2} s: {:.0} games per second",
        games as f64 / seconds
    );
}

/// Campaigns written, on their way back to be freed.
type Written = Vec<(CampaignName, CheckedLog)>;

/// The thread that makes `campaigns` campaigns from `seed`, sends each to be written, and
/// frees what comes back written.
fn spawn_maker(
    seed: u64,
    campaigns: usize,
    made: std::sync::mpsc::SyncSender<CheckedLog>,
    written_back: std::sync::mpsc::Receiver<Written>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let mut random = Random(seed);
        for _ in 0..campaigns {
            while let Ok(batch) = written_back.try_recv() {
                drop(batch);
            }
            let log = CheckedLog::new(league_campaign(&mut random), chrono::NaiveDate::MAX)
                .unwrap_or_else(|e| {
                    eprintln!("error: {e}");
                    std::process::exit(1);
                });
            if made.send(log).is_err() {
                break;
            }
        }
        // Every campaign is made: the writer's list ends, and what it still writes comes back.
        drop(made);
        for batch in written_back {
            drop(batch);
        }
    })
}

/// Fifteen random games, each chosen among what the rules allow and applied through them.
fn league_campaign(random: &mut Random) -> Vec<LogRecord> {
    let mut campaign = Campaign::new();
    let mut entries: Vec<LogRecord> = Vec::with_capacity(22);
    for entry in setup() {
        let applied = campaign.apply(entry).unwrap_or_else(|refusal| {
            eprintln!("the demo's setup is refused: {refusal}");
            std::process::exit(1);
        });
        entries.push(record(entries.last(), applied.entry));
    }
    for number in 1..=15u32 {
        let mut game = random_game(random, &campaign, number);
        // Held-on rewards were picked each against the board after the winner's reward;
        // two of them may clash (the same territory, the last mark): then the rules say
        // which stand, and the seeder keeps fewer.
        let applied = loop {
            match campaign.apply(&Entry::Game(Box::new(game.clone()))) {
                Ok(applied) => break applied,
                Err(refusal) if game.held_on.pop().is_none() => {
                    eprintln!("the seeder made a game the rules refuse: {refusal}");
                    std::process::exit(1);
                }
                Err(_) => {}
            }
        };
        entries.push(record(entries.last(), applied.entry));
    }
    entries
}

/// The setup before game 1 (rules §2): the demo's starting powers and first coins, worked
/// out once.
fn setup() -> &'static [Entry] {
    static SETUP: std::sync::OnceLock<Vec<Entry>> = std::sync::OnceLock::new();
    SETUP.get_or_init(|| {
        chronicle::cli::demo::demo_entries()
            .unwrap_or_else(|e| {
                eprintln!("error: {e}");
                std::process::exit(1);
            })
            .into_iter()
            .take_while(|e| !matches!(e, Entry::Game(_)))
            .collect()
    })
}

/// The next record of a log, after `last`.
fn record(last: Option<&LogRecord>, entry: Entry) -> LogRecord {
    LogRecord {
        id: chronicle::store::mint_id("2026-01-01T00:00:00Z", None),
        seq: last.map_or(1, |r| r.seq + 1),
        recorded_at: "2026-01-01T00:00:00Z".to_string(),
        rules: chronicle::domain::RuleSet::CURRENT,
        origin: None,
        logged_by: None,
        parent: last.map(|r| r.id.clone()),
        place: Place::End,
        body: Body::Add(entry.into()),
    }
}

fn random_game(random: &mut Random, campaign: &Campaign, number: u32) -> Game {
    let players = 3 + random.below(3);
    let mut people: Vec<&str> = PEOPLE.to_vec();
    let mut factions: Vec<&str> = STANDARD_FACTIONS.iter().map(|f| f.name).collect();
    let winner = random.below(players);
    let seats = (0..players)
        .map(|seat| {
            let person = people.remove(random.below(people.len()));
            let faction = factions.remove(random.below(factions.len()));
            let result = match seat {
                s if s == winner => Outcome::Won,
                _ if random.below(4) == 0 => Outcome::Eliminated,
                _ => Outcome::HeldOn,
            };
            Seat {
                person: person.to_string(),
                faction: Faction::new(faction),
                result,
                hq: None,
            }
        })
        .collect();
    let date = NaiveDate::from_ymd_opt(2026, 1, 1)
        .and_then(|d| d.checked_add_days(chrono::Days::new(u64::from(number) * 7)));
    let mut game = Game::new(date.unwrap_or_default(), seats);
    game.reward = random_reward(random, campaign);
    // What the rules leave for players who held on, once the winner's reward is placed.
    let Ok((after, _)) = campaign.after(&Entry::Game(Box::new(game.clone())), None) else {
        return game;
    };
    let choices = after.held_on_choices();
    for seat in game
        .seats
        .clone()
        .iter()
        .filter(|s| s.result == Outcome::HeldOn)
    {
        let Some((kind, targets)) = random.pick(&choices) else {
            break;
        };
        let Some(territory) = random.pick(&targets) else {
            continue;
        };
        let choice = match kind {
            HeldOnKind::MinorCity => HeldOnChoice::MinorCity {
                territory,
                name: format!("City {number}-{}", seat.person),
            },
            HeldOnKind::AddResource => HeldOnChoice::AddResource { territory },
        };
        game.held_on.push(HeldOnReward {
            person: seat.person.clone(),
            choice,
        });
    }
    game
}

fn random_reward(random: &mut Random, campaign: &Campaign) -> Option<Reward> {
    let kind = random.pick(&campaign.possible_rewards())?;
    Some(match (kind, campaign.reward_targets(kind)) {
        (RewardKind::NameContinent, Targets::Continents(c)) => {
            let continent = random.pick(&c)?;
            Reward::NameContinent {
                continent,
                name: format!("Land of {}", continent.name()),
            }
        }
        (RewardKind::ContinentBonus, Targets::Continents(c)) => Reward::ContinentBonus {
            continent: random.pick(&c)?,
            mark: random.pick(&campaign.bonus_marks_left())?,
        },
        (RewardKind::MajorCity, Targets::Territories(t)) => {
            let territory = random.pick(&t)?;
            Reward::MajorCity {
                name: format!("Great {}", territory.name()),
                territory,
            }
        }
        (RewardKind::HealScar, Targets::Territories(t)) => Reward::HealScar {
            territory: random.pick(&t)?,
        },
        (RewardKind::Fortify, Targets::Territories(t)) => Reward::Fortify {
            territory: random.pick(&t)?,
        },
        (_, Targets::Territories(t)) => Reward::DestroyCard {
            territory: random.pick(&t)?,
        },
        _ => return None,
    })
}
