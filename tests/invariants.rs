//! Property test of the domain core: random logs, legal and illegal entries mixed, are fed
//! to `Campaign::apply` one entry at a time, and after every step the invariants of the
//! rules (docs/rules.md) must still hold:
//!
//! - every pool: used <= capacity;
//! - cities on the board match their pools (minor == minor_city used, major == major_city
//!   used, world capitals == world_capital used); standing scars of each type <= that pool's
//!   used, and all standing scars == scars placed - scar covers used;
//! - every card holds at most 6 resources; coin stickers used == stickers on the cards; a
//!   destroyed card stays destroyed (by the same game) and never gains a sticker, not even
//!   in the game that destroyed it;
//! - a fortification has at most 10 boxes left, and there are no more fortifications on the
//!   board than fortification marks used;
//! - a continent's given name and its bonus change never change once set, and their pools
//!   count them;
//! - signatures == games played up to the 15th, and earlier signatures never change; first coins <= 12 and
//!   never change after game 1;
//! - a refused entry leaves the campaign exactly as it was;
//! - an accepted entry, as recorded (`Applied.entry`), replays to the same campaign, records
//!   itself again unchanged, and `Campaign::replay` of the accepted entries equals the
//!   campaign built step by step.
//!
//! The generator works from indices: the strategy cannot see the campaign, so each step is
//! turned into an `Entry` against the campaign as it stands. An "aimed" part picks among the
//! targets the rules allow now (so that a good share of games is accepted); an unaimed part
//! picks anything on the board (and is often refused).

use std::collections::{BTreeMap, BTreeSet};

use chrono::{NaiveDate, TimeDelta};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::{Index, subsequence};
use proptest::strategy::ValueTree;
use proptest::test_runner::{TestCaseError, TestRunner};
use unicode_normalization::UnicodeNormalization;

use chronicle::domain::board::faction::STANDARD_FACTIONS;
use chronicle::domain::state::{
    CityKind, FIRST_COINS, FORTIFICATION_BOXES, LAST_REWARDED_GAME, MAX_CARD_RESOURCES,
};
use chronicle::domain::{
    BonusMark, Campaign, Continent, Entry, Faction, Game, HeldOnChoice, HeldOnReward, Outcome,
    Packet, PoolKind, Power, Reward, RewardKind, ScarPlacement, Seat, Territory, Wear,
};

const PEOPLE: &[&str] = &["Ann", "Bob", "Chloé", "Dmitri", "Eve", "Farid", "Gus"];
const CITY_NAMES: &[&str] = &[
    "Kyro", "Nova", "Port Ash", "Halden", "Mirr", "Ostra", "Vell", "Quill", "Brand", "Tarn", "Sol",
    "Zoë",
];
const CONTINENT_NAMES: &[&str] = &[
    "Ashland",
    "Frostmark",
    "Oldworld",
    "Sunreach",
    "Ostra",
    "Kyro",
    "Europe",
];
const SCAR_TYPES: &[&str] = &["Bunker", "Ammo Shortage", "bunker", "Nuke"];

// ---------------------------------------------------------------------------------------
// What the strategies generate.

#[derive(Clone, Debug)]
enum Step {
    Power {
        faction: usize,
        b: bool,
    },
    Coins {
        picks: Vec<Index>,
        aim: bool,
    },
    Capacity {
        pool: Index,
        unknown: bool,
        capacity: Cap,
        blank_reason: bool,
    },
    Game(Box<GameSpec>),
}

#[derive(Clone, Debug)]
enum Cap {
    Relative(i64),
    Absolute(u32),
    Huge,
}

#[derive(Clone, Copy, Debug)]
enum Mess {
    None,
    TwoPlayers,
    SixPlayers,
    SameFaction,
    SamePerson,
    UnknownFaction,
    BadPerson,
}

#[derive(Clone, Debug)]
struct SeatSpec {
    /// 0: as written, 1: lower case, 2: padded with spaces, 3: decomposed (NFD).
    spelling: u8,
    short_faction: bool,
    eliminated: bool,
    hq: Option<(Index, bool)>,
}

#[derive(Clone, Debug)]
struct NameSpec {
    index: usize,
    padded: bool,
    blank: bool,
}

#[derive(Clone, Debug)]
struct ScarSpec {
    territory: Index,
    kind: usize,
    aim: bool,
}

#[derive(Clone, Debug)]
struct WearSpec {
    territory: Index,
    boxes: u8,
    aim: bool,
}

#[derive(Clone, Debug)]
struct RewardSpec {
    present: bool,
    aim: bool,
    kind: usize,
    target: Index,
    name: NameSpec,
    plus: bool,
}

#[derive(Clone, Copy, Debug)]
enum Fill {
    No,
    WithRoom,
    Any,
}

#[derive(Clone, Debug)]
struct HeldOnSpec {
    seat: Index,
    aim: bool,
    city: bool,
    territory: Index,
    name: NameSpec,
    stranger: bool,
    /// Aimed at the fullest card with room (to reach the cap), or at the two fullest cards,
    /// full and destroyed ones included.
    fill: Fill,
}

#[derive(Clone, Debug)]
struct GameSpec {
    people: Vec<usize>,
    factions: Vec<usize>,
    seats: Vec<SeatSpec>,
    mess: Mess,
    winners: usize,
    winner: Index,
    days: i64,
    scars: Vec<ScarSpec>,
    wear: Vec<WearSpec>,
    reward: RewardSpec,
    held_on: Vec<HeldOnSpec>,
    opened: Vec<usize>,
}

fn name_spec() -> impl Strategy<Value = NameSpec> {
    (
        0..CITY_NAMES.len(),
        prop::bool::weighted(0.1),
        prop::bool::weighted(0.02),
    )
        .prop_map(|(index, padded, blank)| NameSpec {
            index,
            padded,
            blank,
        })
}

fn seat_spec() -> impl Strategy<Value = SeatSpec> {
    (
        prop_oneof![16 => Just(0u8), 2 => Just(1u8), 1 => Just(2u8), 1 => Just(3u8)],
        prop::bool::weighted(0.15),
        prop::bool::weighted(0.2),
        prop::option::weighted(0.5, (any::<Index>(), prop::bool::weighted(0.9))),
    )
        .prop_map(|(spelling, short_faction, eliminated, hq)| SeatSpec {
            spelling,
            short_faction,
            eliminated,
            hq,
        })
}

fn reward_spec() -> impl Strategy<Value = RewardSpec> {
    (
        prop::bool::weighted(0.95),
        prop::bool::weighted(0.85),
        0..RewardKind::ALL.len(),
        any::<Index>(),
        name_spec(),
        any::<bool>(),
    )
        .prop_map(|(present, aim, kind, target, name, plus)| RewardSpec {
            present,
            aim,
            kind,
            target,
            name,
            plus,
        })
}

fn held_on_spec() -> impl Strategy<Value = HeldOnSpec> {
    (
        any::<Index>(),
        prop::bool::weighted(0.9),
        any::<bool>(),
        any::<Index>(),
        name_spec(),
        prop::bool::weighted(0.03),
        prop_oneof![5 => Just(Fill::No), 4 => Just(Fill::WithRoom), 2 => Just(Fill::Any)],
    )
        .prop_map(
            |(seat, aim, city, territory, name, stranger, fill)| HeldOnSpec {
                seat,
                aim,
                city,
                territory,
                name,
                stranger,
                fill,
            },
        )
}

fn scar_spec() -> impl Strategy<Value = ScarSpec> {
    let kind =
        prop_oneof![8 => Just(0usize), 8 => Just(1usize), 1 => Just(2usize), 1 => Just(3usize)];
    (any::<Index>(), kind, prop::bool::weighted(0.85)).prop_map(|(territory, kind, aim)| ScarSpec {
        territory,
        kind,
        aim,
    })
}

fn wear_spec() -> impl Strategy<Value = WearSpec> {
    let boxes = prop_oneof![1 => Just(0u8), 12 => 1..=12u8];
    (any::<Index>(), boxes, prop::bool::weighted(0.9)).prop_map(|(territory, boxes, aim)| {
        WearSpec {
            territory,
            boxes,
            aim,
        }
    })
}

fn mess() -> impl Strategy<Value = Mess> {
    prop_oneof![
        70 => Just(Mess::None),
        1 => Just(Mess::TwoPlayers),
        1 => Just(Mess::SixPlayers),
        1 => Just(Mess::SameFaction),
        1 => Just(Mess::SamePerson),
        1 => Just(Mess::UnknownFaction),
        1 => Just(Mess::BadPerson),
    ]
}

fn game_spec() -> impl Strategy<Value = GameSpec> {
    let table = (
        subsequence((0..PEOPLE.len()).collect::<Vec<_>>(), 3..=5).prop_shuffle(),
        Just((0..STANDARD_FACTIONS.len()).collect::<Vec<_>>()).prop_shuffle(),
        vec(seat_spec(), 5),
        mess(),
        prop_oneof![40 => Just(1usize), 1 => Just(0usize), 1 => Just(2usize)],
        any::<Index>(),
        prop_oneof![24 => 0..20i64, 1 => -10..0i64],
    );
    let play = (
        prop_oneof![
            3 => Just(Vec::new()),
            2 => vec(scar_spec(), 1..=2),
        ],
        prop_oneof![
            3 => Just(Vec::new()),
            1 => vec(wear_spec(), 1..=2),
        ],
        reward_spec(),
        vec(held_on_spec(), 0..=3),
        prop_oneof![15 => Just(Vec::new()), 1 => vec(0..Packet::ALL.len(), 1..=2)],
    );
    (table, play).prop_map(
        |(
            (people, factions, seats, mess, winners, winner, days),
            (scars, wear, reward, held_on, opened),
        )| GameSpec {
            people,
            factions,
            seats,
            mess,
            winners,
            winner,
            days,
            scars,
            wear,
            reward,
            held_on,
            opened,
        },
    )
}

fn power_step() -> impl Strategy<Value = Step> {
    (
        prop_oneof![10 => 0..STANDARD_FACTIONS.len(), 1 => Just(STANDARD_FACTIONS.len())],
        any::<bool>(),
    )
        .prop_map(|(faction, b)| Step::Power { faction, b })
}

fn coins_step() -> impl Strategy<Value = Step> {
    (vec(any::<Index>(), 1..=4), prop::bool::weighted(0.85))
        .prop_map(|(picks, aim)| Step::Coins { picks, aim })
}

fn capacity_step() -> impl Strategy<Value = Step> {
    (
        any::<Index>(),
        prop::bool::weighted(0.05),
        prop_oneof![
            6 => (-1..=3i64).prop_map(Cap::Relative),
            2 => (0..40u32).prop_map(Cap::Absolute),
            1 => Just(Cap::Huge),
        ],
        prop::bool::weighted(0.05),
    )
        .prop_map(|(pool, unknown, capacity, blank_reason)| Step::Capacity {
            pool,
            unknown,
            capacity,
            blank_reason,
        })
}

fn setup_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        1 => power_step(),
        1 => coins_step(),
    ]
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        1 => power_step(),
        1 => coins_step(),
        1 => capacity_step(),
        14 => game_spec().prop_map(|g| Step::Game(Box::new(g))),
    ]
}

/// The whole setup before game 1: each standard faction's power and the twelve first coins,
/// four at a time.
fn full_setup() -> impl Strategy<Value = Vec<Step>> {
    (vec(any::<bool>(), 5), vec(any::<Index>(), 12)).prop_map(|(powers, picks)| {
        let mut steps: Vec<Step> = powers
            .into_iter()
            .enumerate()
            .map(|(faction, b)| Step::Power { faction, b })
            .collect();
        steps.extend(picks.chunks(4).map(|four| Step::Coins {
            picks: four.to_vec(),
            aim: true,
        }));
        steps
    })
}

/// A log of 16 to 60 entries: mostly the whole setup, then a few setup entries (often
/// refused), then mostly games; sometimes only the few setup entries, so game 1 waits.
fn steps() -> impl Strategy<Value = Vec<Step>> {
    (
        prop::bool::weighted(0.9),
        full_setup(),
        vec(setup_step(), 0..8),
        vec(step(), 16..=32),
    )
        .prop_map(|(whole, full, mut setup, play)| {
            let mut steps = if whole { full } else { Vec::new() };
            steps.append(&mut setup);
            steps.extend(play);
            steps
        })
}

// ---------------------------------------------------------------------------------------
// Turning a step into an entry, against the campaign as it stands.

fn pick<T: Clone>(items: &[T], index: &Index) -> Option<T> {
    (!items.is_empty()).then(|| items[index.index(items.len())].clone())
}

fn any_territory(index: &Index) -> Territory {
    let all: Vec<Territory> = Territory::all().collect();
    pick(&all, index).expect("the board has territories")
}

fn any_continent(index: &Index) -> Continent {
    let all: Vec<Continent> = Continent::all().collect();
    pick(&all, index).expect("the board has continents")
}

fn spelled(name: &str, spec: &NameSpec) -> String {
    if spec.blank {
        "   ".to_string()
    } else if spec.padded {
        format!("  {name} ")
    } else {
        name.to_string()
    }
}

/// A city name: any from the list, or (aimed) one no city has and this game has not used.
fn city_name(c: &Campaign, spec: &NameSpec, aim: bool, used: &[String]) -> String {
    if !aim {
        return spelled(CITY_NAMES[spec.index], spec);
    }
    let taken: BTreeSet<String> = c
        .cities()
        .map(|(_, city)| city.name.to_string())
        .chain(used.iter().cloned())
        .collect();
    let free: Vec<&str> = CITY_NAMES
        .iter()
        .copied()
        .filter(|n| !taken.contains(*n))
        .collect();
    let name = match free.get(spec.index % free.len().max(1)) {
        Some(name) => name.to_string(),
        None => (0..=u32::MAX)
            .map(|k| format!("Town {k}"))
            .find(|n| !taken.contains(n))
            .expect("a free name"),
    };
    spelled(&name, spec)
}

fn continent_name(c: &Campaign, spec: &NameSpec, aim: bool) -> String {
    let index = spec.index % CONTINENT_NAMES.len();
    if !aim {
        return spelled(CONTINENT_NAMES[index], spec);
    }
    let given: BTreeSet<&str> = Continent::all()
        .filter_map(|k| c.continent(k).given_name.as_ref().map(|g| &*g.name))
        .collect();
    let free: Vec<&str> = CONTINENT_NAMES
        .iter()
        .copied()
        .filter(|n| !given.contains(n) && Continent::find_printed(n).is_none())
        .collect();
    match free.get(index % free.len().max(1)) {
        Some(name) => spelled(name, spec),
        None => format!("Land {}", given.len()),
    }
}

/// The two cards with the most resources (counting those this game adds), fullest first.
fn fullest(
    c: &Campaign,
    cards: impl Iterator<Item = Territory>,
    added: &BTreeMap<Territory, u8>,
) -> Vec<Territory> {
    let mut cards: Vec<(u8, Territory)> = cards
        .map(|t| {
            let extra = added.get(&t).copied().unwrap_or(0);
            (c.territory(&t).card.resources() + extra, t)
        })
        .collect();
    cards.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    cards.into_iter().take(2).map(|(_, t)| t).collect()
}

fn build(step: &Step, c: &Campaign) -> Entry {
    match step {
        Step::Power { faction, b } => Entry::Power {
            faction: Faction::new(STANDARD_FACTIONS.get(*faction).map_or("Orks", |f| f.name)),
            power: if *b { Power::B } else { Power::A },
        },
        Step::Coins { picks, aim } => {
            let mut territories = Vec::new();
            let mut on_card: BTreeMap<Territory, u8> = BTreeMap::new();
            for index in picks {
                if !aim {
                    territories.push(any_territory(index));
                    continue;
                }
                if c.first_coins() as usize + territories.len() >= FIRST_COINS as usize {
                    break;
                }
                let room: Vec<Territory> = Territory::all()
                    .filter(|t| {
                        c.territory(t).card.stickers + on_card.get(t).copied().unwrap_or(0) < 2
                    })
                    .collect();
                if let Some(t) = pick(&room, index) {
                    *on_card.entry(t.clone()).or_default() += 1;
                    territories.push(t);
                }
            }
            Entry::Coins { territories }
        }
        Step::Capacity {
            pool,
            unknown,
            capacity,
            blank_reason,
        } => {
            let chosen = pick(&c.pools().iter().collect::<Vec<_>>(), pool)
                .expect("a campaign has pools")
                .clone();
            let kind = if *unknown {
                PoolKind::Scar("Nuke".to_string())
            } else {
                chosen.kind.clone()
            };
            let capacity = match capacity {
                Cap::Relative(delta) => (i64::from(chosen.used) + delta).max(0) as u32,
                Cap::Absolute(n) => *n,
                Cap::Huge => 1000,
            };
            Entry::PoolCapacity {
                pool: kind,
                capacity,
                reason: if *blank_reason {
                    "  "
                } else {
                    "recounted the box"
                }
                .to_string(),
            }
        }
        Step::Game(spec) => Entry::Game(Box::new(build_game(spec, c))),
    }
}

fn build_game(spec: &GameSpec, c: &Campaign) -> Game {
    let base = NaiveDate::from_ymd_opt(2024, 1, 6).expect("a date");
    let date = match c.last_date() {
        Some(last) => last + TimeDelta::days(spec.days),
        None => base + TimeDelta::days(spec.days.abs()),
    };
    let rewarded = c.games_played() < LAST_REWARDED_GAME;

    // The table.
    let n = spec.people.len();
    let winner = spec.winner.index(n);
    let mut seats: Vec<Seat> = Vec::new();
    let mut hqs: Vec<Territory> = Vec::new();
    for (k, &p) in spec.people.iter().enumerate() {
        let s = &spec.seats[k];
        let name = PEOPLE[p];
        let person = match s.spelling {
            0 => name.to_string(),
            1 => name.to_lowercase(),
            2 => format!("  {name} "),
            _ => name.nfd().collect(),
        };
        let full = STANDARD_FACTIONS[spec.factions[k]].name;
        let faction = if s.short_faction {
            Faction::new(
                full.split_whitespace()
                    .last()
                    .unwrap_or(full)
                    .to_lowercase(),
            )
        } else {
            Faction::new(full)
        };
        let result =
            if spec.winners >= 1 && k == winner || spec.winners >= 2 && k == (winner + 1) % n {
                Outcome::Won
            } else if s.eliminated {
                Outcome::Eliminated
            } else {
                Outcome::HeldOn
            };
        let hq = s.hq.as_ref().and_then(|(index, aim)| {
            if *aim {
                let known = c.known_person(name).unwrap_or(name).to_string();
                let legal: Vec<Territory> = Territory::all()
                    .filter(|t| {
                        c.is_legal_start(t, &known)
                            && !hqs.contains(t)
                            && !t.printed_neighbours().any(|n| hqs.contains(&n))
                    })
                    .collect();
                pick(&legal, index)
            } else {
                Some(any_territory(index))
            }
        });
        hqs.extend(hq.clone());
        seats.push(Seat {
            person,
            faction,
            result,
            hq,
        });
    }
    match spec.mess {
        Mess::None => {}
        Mess::TwoPlayers => seats.truncate(2),
        Mess::SixPlayers => {
            for (k, extra) in ["Zed", "Yan", "Xia"].iter().enumerate() {
                if seats.len() < 6 {
                    let mut seat = seats[k].clone();
                    seat.person = extra.to_string();
                    seat.result = Outcome::HeldOn;
                    seat.hq = None;
                    seats.push(seat);
                }
            }
        }
        Mess::SameFaction => seats[1].faction = seats[0].faction.clone(),
        Mess::SamePerson => seats[1].person = seats[0].person.to_uppercase(),
        Mess::UnknownFaction => seats[0].faction = Faction::new("Orks"),
        Mess::BadPerson => seats[0].person = format!("{}=Bear", seats[0].person.trim()),
    }

    // Scars placed during play.
    let mut scars: Vec<ScarPlacement> = Vec::new();
    let mut scar_left: BTreeMap<&str, u32> = ["Bunker", "Ammo Shortage"]
        .into_iter()
        .map(|s| (s, c.left(&PoolKind::Scar(s.to_string()))))
        .collect();
    for s in &spec.scars {
        let mut kind = SCAR_TYPES[s.kind % SCAR_TYPES.len()];
        if !s.aim {
            scars.push(ScarPlacement {
                territory: any_territory(&s.territory),
                scar: kind.to_string(),
                by: None,
            });
            continue;
        }
        let canonical = if kind == "bunker" { "Bunker" } else { kind };
        if scar_left.get(canonical) == Some(&0) {
            match scar_left.iter().find(|(_, left)| **left > 0) {
                Some((other, _)) => kind = other,
                None => continue,
            }
        }
        let canonical = if kind == "bunker" { "Bunker" } else { kind };
        if let Some(left) = scar_left.get_mut(canonical) {
            *left -= 1;
        }
        let free: Vec<Territory> = Territory::all()
            .filter(|t| c.territory(t).scar.is_none() && !scars.iter().any(|p| p.territory == *t))
            .collect();
        if let Some(territory) = pick(&free, &s.territory) {
            scars.push(ScarPlacement {
                territory,
                scar: kind.to_string(),
                by: None,
            });
        }
    }

    // Wear on fortifications.
    let mut wear: Vec<Wear> = Vec::new();
    let mut boxes: BTreeMap<Territory, u8> = c
        .fortified()
        .into_iter()
        .filter_map(|t| {
            c.territory(&t)
                .fortification
                .as_ref()
                .map(|f| (t, f.boxes_left))
        })
        .collect();
    for w in &spec.wear {
        if !w.aim {
            wear.push(Wear {
                territory: any_territory(&w.territory),
                boxes: w.boxes,
            });
            continue;
        }
        let fortified: Vec<Territory> = boxes
            .iter()
            .filter(|(_, left)| **left > 0)
            .map(|(t, _)| t.clone())
            .collect();
        if let Some(territory) = pick(&fortified, &w.territory) {
            let left = boxes.get_mut(&territory).expect("fortified");
            let ticked = w.boxes.clamp(1, *left);
            *left -= ticked;
            wear.push(Wear {
                territory,
                boxes: ticked,
            });
        }
    }

    // The winner's reward.
    let r = &spec.reward;
    let mut city_names: Vec<String> = Vec::new();
    let mut new_city: Option<Territory> = None;
    let mut destroyed: Option<Territory> = None;
    let reward = if r.aim {
        let possible = c.possible_rewards();
        let kind = (rewarded && !possible.is_empty()).then(|| possible[r.kind % possible.len()]);
        kind.and_then(|kind| {
            let t = |targets: Vec<Territory>| pick(&targets, &r.target);
            let k = |targets: Vec<Continent>| pick(&targets, &r.target);
            match kind {
                RewardKind::NameContinent => {
                    k(c.unnamed_continents()).map(|continent| Reward::NameContinent {
                        continent,
                        name: continent_name(c, &r.name, true),
                    })
                }
                RewardKind::MajorCity => t(c.without_city()).map(|territory| {
                    let name = city_name(c, &r.name, true, &city_names);
                    city_names.push(name.trim().to_string());
                    new_city = Some(territory.clone());
                    Reward::MajorCity { territory, name }
                }),
                RewardKind::HealScar => {
                    t(c.scarred()).map(|territory| Reward::HealScar { territory })
                }
                RewardKind::ContinentBonus => {
                    let marks = c.bonus_marks_left();
                    let mark = if r.plus { marks.first() } else { marks.last() };
                    k(c.unchanged_continents())
                        .zip(mark)
                        .map(|(continent, &mark)| Reward::ContinentBonus { continent, mark })
                }
                RewardKind::Fortify => {
                    t(c.with_city()).map(|territory| Reward::Fortify { territory })
                }
                RewardKind::DestroyCard => {
                    let standing = c.standing_cards();
                    let cards = if r.plus {
                        fullest(c, standing.into_iter(), &BTreeMap::new())
                    } else {
                        standing
                    };
                    t(cards).map(|territory| {
                        destroyed = Some(territory.clone());
                        Reward::DestroyCard { territory }
                    })
                }
            }
        })
    } else if r.present {
        let territory = any_territory(&r.target);
        let continent = any_continent(&r.target);
        Some(match RewardKind::ALL[r.kind] {
            RewardKind::NameContinent => Reward::NameContinent {
                continent,
                name: continent_name(c, &r.name, false),
            },
            RewardKind::MajorCity => Reward::MajorCity {
                territory,
                name: city_name(c, &r.name, false, &city_names),
            },
            RewardKind::HealScar => Reward::HealScar { territory },
            RewardKind::ContinentBonus => Reward::ContinentBonus {
                continent,
                mark: if r.plus {
                    BonusMark::Plus
                } else {
                    BonusMark::Minus
                },
            },
            RewardKind::Fortify => Reward::Fortify { territory },
            RewardKind::DestroyCard => Reward::DestroyCard { territory },
        })
    } else {
        None
    };

    // The rewards of players who held on.
    let mut held_on: Vec<HeldOnReward> = Vec::new();
    let mut rewarded_seats: Vec<usize> = Vec::new();
    let mut minor_left = c.left(&PoolKind::MinorCity);
    let mut coins_left = c.left(&PoolKind::CoinSticker);
    let mut added: BTreeMap<Territory, u8> = BTreeMap::new();
    let mut founded: Vec<Territory> = new_city.into_iter().collect();
    for h in &spec.held_on {
        if !h.aim {
            let person = if h.stranger {
                "Zed".to_string()
            } else {
                seats[h.seat.index(seats.len())].person.clone()
            };
            let territory = any_territory(&h.territory);
            let choice = if h.city {
                HeldOnChoice::MinorCity {
                    territory,
                    name: city_name(c, &h.name, false, &city_names),
                }
            } else {
                HeldOnChoice::AddResource { territory }
            };
            held_on.push(HeldOnReward { person, choice });
            continue;
        }
        if !rewarded {
            continue;
        }
        let held: Vec<usize> = (0..seats.len())
            .filter(|&k| seats[k].result == Outcome::HeldOn && !rewarded_seats.contains(&k))
            .collect();
        let Some(seat) = pick(&held, &h.seat) else {
            continue;
        };
        let city = if minor_left == 0 {
            false
        } else if coins_left == 0 {
            true
        } else {
            h.city
        };
        let choice = if city {
            let free: Vec<Territory> = c
                .without_city()
                .into_iter()
                .filter(|t| !founded.contains(t))
                .collect();
            pick(&free, &h.territory).map(|territory| {
                let name = city_name(c, &h.name, true, &city_names);
                city_names.push(name.trim().to_string());
                founded.push(territory.clone());
                minor_left -= 1;
                HeldOnChoice::MinorCity { territory, name }
            })
        } else if coins_left > 0 && !matches!(h.fill, Fill::No) {
            let cards: Vec<Territory> = match h.fill {
                Fill::Any => Territory::all().collect(),
                _ => c.cards_with_room(),
            };
            let mut fullest = fullest(c, cards.into_iter(), &added);
            if matches!(h.fill, Fill::WithRoom) {
                fullest.retain(|t| {
                    Some(t) != destroyed.as_ref()
                        && c.territory(t).card.resources() + added.get(t).copied().unwrap_or(0)
                            < MAX_CARD_RESOURCES
                });
                fullest.truncate(1);
            }
            pick(&fullest, &h.territory).map(|territory| {
                *added.entry(territory.clone()).or_default() += 1;
                coins_left -= 1;
                HeldOnChoice::AddResource { territory }
            })
        } else if coins_left > 0 {
            let room: Vec<Territory> = c
                .cards_with_room()
                .into_iter()
                .filter(|t| {
                    Some(t) != destroyed.as_ref()
                        && c.territory(t).card.resources() + added.get(t).copied().unwrap_or(0)
                            < MAX_CARD_RESOURCES
                })
                .collect();
            pick(&room, &h.territory).map(|territory| {
                *added.entry(territory.clone()).or_default() += 1;
                coins_left -= 1;
                HeldOnChoice::AddResource { territory }
            })
        } else {
            None
        };
        if let Some(choice) = choice {
            rewarded_seats.push(seat);
            held_on.push(HeldOnReward {
                person: seats[seat].person.clone(),
                choice,
            });
        }
    }

    let mut game = Game::new(date, seats);
    game.scars = scars;
    game.wear = wear;
    game.reward = reward;
    game.held_on = held_on;
    game.opened = spec.opened.iter().map(|&p| Packet::ALL[p]).collect();
    game
}

// ---------------------------------------------------------------------------------------
// Running a log and checking the invariants.

/// What happened while running logs, to see that the property tests more than refusals.
#[derive(Debug, Default)]
struct Stats {
    entries: usize,
    accepted: usize,
    games: usize,
    games_accepted: usize,
    rewards: BTreeMap<String, usize>,
    held_on: usize,
    scars: usize,
    wear: usize,
    setup_accepted: usize,
    capacity_accepted: usize,
    most_games: u32,
    /// Cards at the cap at the end of a log.
    full_cards: usize,
    refusals: BTreeMap<String, usize>,
}

impl Stats {
    fn add(&mut self, other: Stats) {
        self.entries += other.entries;
        self.accepted += other.accepted;
        self.games += other.games;
        self.games_accepted += other.games_accepted;
        for (k, v) in other.rewards {
            *self.rewards.entry(k).or_default() += v;
        }
        self.held_on += other.held_on;
        self.scars += other.scars;
        self.wear += other.wear;
        self.setup_accepted += other.setup_accepted;
        self.capacity_accepted += other.capacity_accepted;
        self.most_games = self.most_games.max(other.most_games);
        self.full_cards += other.full_cards;
        for (k, v) in other.refusals {
            *self.refusals.entry(k).or_default() += v;
        }
    }

    fn count(&mut self, entry: &Entry) {
        self.accepted += 1;
        match entry {
            Entry::Power { .. } | Entry::Coins { .. } => self.setup_accepted += 1,
            Entry::PoolCapacity { .. } => self.capacity_accepted += 1,
            Entry::Game(game) => {
                self.games_accepted += 1;
                if let Some(reward) = &game.reward {
                    *self
                        .rewards
                        .entry(format!("{:?}", reward.kind()))
                        .or_default() += 1;
                }
                self.held_on += game.held_on.len();
                self.scars += game.scars.len();
                self.wear += game.wear.len();
            }
            // Sealed content is not generated here; tests/sealed.rs and tests/rules.rs cover it.
            _ => {}
        }
    }
}

fn check_invariants(before: &Campaign, after: &Campaign) -> Result<(), TestCaseError> {
    // Pools.
    for pool in after.pools() {
        prop_assert!(pool.used <= pool.capacity, "pool over capacity: {:?}", pool);
    }
    let used = |kind: PoolKind| after.pool(&kind).map_or(0, |p| p.used) as usize;

    // Cities and scars on the board against their pools.
    let cities = |kind: CityKind| after.cities().filter(|(_, c)| c.kind == kind).count();
    prop_assert_eq!(
        cities(CityKind::Minor),
        used(PoolKind::MinorCity),
        "minor cities on the board / minor_city used"
    );
    prop_assert_eq!(
        cities(CityKind::Major),
        used(PoolKind::MajorCity),
        "major cities on the board / major_city used"
    );
    prop_assert_eq!(
        cities(CityKind::WorldCapital),
        used(PoolKind::WorldCapital),
        "world capitals on the board / world_capital used"
    );
    let mut scars_placed = 0;
    for kind in after.scar_types() {
        let standing = Territory::all()
            .filter(|t| {
                after
                    .territory(t)
                    .scar
                    .as_ref()
                    .is_some_and(|s| *s.kind == **kind)
            })
            .count();
        let placed = used(PoolKind::Scar(kind.clone()));
        prop_assert!(
            standing <= placed,
            "{standing} {kind} scars stand, {placed} placed"
        );
        scars_placed += placed;
    }
    let standing = Territory::all()
        .filter(|t| after.territory(t).scar.is_some())
        .count();
    prop_assert_eq!(
        standing + used(PoolKind::ScarCover),
        scars_placed,
        "standing scars + scar covers used / scars placed"
    );

    // Cards.
    let mut stickers = 0;
    for t in Territory::all() {
        let now = &after.territory(&t).card;
        let was = &before.territory(&t).card;
        prop_assert!(
            now.resources() <= MAX_CARD_RESOURCES,
            "{} holds {} resources",
            t.name(),
            now.resources()
        );
        stickers += now.stickers as usize;
        if let Some(game) = was.destroyed {
            prop_assert_eq!(now.destroyed, Some(game), "{} was destroyed", t.name());
        }
        if now.destroyed.is_some() {
            prop_assert_eq!(
                now.stickers,
                was.stickers,
                "the destroyed card of {} gained a sticker",
                t.name()
            );
        }
    }
    prop_assert_eq!(
        stickers,
        used(PoolKind::CoinSticker),
        "stickers on cards / coin_sticker used"
    );

    // Fortifications.
    let mut fortifications = 0;
    for t in Territory::all() {
        if let Some(f) = &after.territory(&t).fortification {
            fortifications += 1;
            prop_assert!(f.boxes_left <= FORTIFICATION_BOXES, "{}: {:?}", t.name(), f);
            prop_assert!(
                after.territory(&t).city.is_some(),
                "{} fortified, no city",
                t.name()
            );
        }
    }
    prop_assert!(
        fortifications <= used(PoolKind::Fortification),
        "{fortifications} fortifications stand, {} marks used",
        used(PoolKind::Fortification)
    );

    // Continents.
    let mut named = 0;
    let mut changed = [0, 0];
    for k in Continent::all() {
        let now = after.continent(k);
        let was = before.continent(k);
        if was.given_name.is_some() {
            prop_assert_eq!(&now.given_name, &was.given_name, "{} renamed", k.name());
        }
        if was.bonus_change.is_some() {
            prop_assert_eq!(&now.bonus_change, &was.bonus_change, "{} changed", k.name());
        }
        named += usize::from(now.given_name.is_some());
        if let Some(change) = &now.bonus_change {
            changed[usize::from(change.mark == BonusMark::Minus)] += 1;
        }
    }
    prop_assert_eq!(
        named,
        used(PoolKind::ContinentName),
        "named / continent_name used"
    );
    prop_assert_eq!(
        changed[0],
        used(PoolKind::BonusPlus),
        "+1 marks / bonus_plus used"
    );
    prop_assert_eq!(
        changed[1],
        used(PoolKind::BonusMinus),
        "-1 marks / bonus_minus used"
    );

    // Signatures and first coins.
    prop_assert_eq!(
        after.signatures().len(),
        after.games_played().min(LAST_REWARDED_GAME) as usize,
        "signatures / games played (up to game 15)"
    );
    prop_assert!(
        after.signatures().starts_with(before.signatures()),
        "an earlier signature changed"
    );
    prop_assert!(
        after.first_coins() <= FIRST_COINS,
        "{} first coins",
        after.first_coins()
    );
    if before.games_played() >= 1 {
        prop_assert_eq!(
            after.first_coins(),
            before.first_coins(),
            "first coins changed after game 1"
        );
    }
    Ok(())
}

/// The recorded held-on rewards run clockwise from the winner (as `Applied` documents).
fn check_clockwise(game: &Game) -> Result<(), TestCaseError> {
    let n = game.seats.len();
    let winner = game.seats.iter().position(|s| s.result == Outcome::Won);
    prop_assert!(winner.is_some(), "a recorded game without a winner");
    let winner = winner.unwrap_or_default();
    let mut last = 0;
    for reward in &game.held_on {
        let seat = game.seats.iter().position(|s| s.person == reward.person);
        prop_assert!(seat.is_some(), "{} is not at the table", reward.person);
        let from_winner = (seat.unwrap_or_default() + n - winner) % n;
        prop_assert!(from_winner > last, "held-on rewards out of clockwise order");
        last = from_winner;
    }
    Ok(())
}

fn refusal_name(refusal: &impl std::fmt::Debug) -> String {
    let debug = format!("{refusal:?}");
    debug
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_string()
}

/// A log being run: the campaign built step by step, the same campaign built from the
/// recorded entries, and what happened so far (printed with a failure).
#[derive(Default)]
struct Run {
    campaign: Campaign,
    replica: Campaign,
    log: Vec<Entry>,
    trace: Vec<String>,
    stats: Stats,
}

impl Run {
    fn step(&mut self, entry: &Entry) -> Result<(), TestCaseError> {
        let before = self.campaign.clone();
        self.stats.entries += 1;
        self.stats.games += usize::from(matches!(entry, Entry::Game(_)));
        match self.campaign.apply(entry) {
            Ok(applied) => {
                self.trace.push(format!("accepted {entry:?}"));
                let again = self.replica.apply(&applied.entry).map_err(|refusal| {
                    TestCaseError::fail(format!(
                        "the recorded entry {:?} is refused on replay: {refusal}",
                        applied.entry
                    ))
                })?;
                prop_assert_eq!(
                    &again.entry,
                    &applied.entry,
                    "the recorded entry records differently"
                );
                prop_assert!(
                    self.replica == self.campaign,
                    "the recorded entry {:?} replays to another campaign",
                    applied.entry
                );
                if let Entry::Game(game) = &applied.entry {
                    check_clockwise(game)?;
                }
                self.stats.count(&applied.entry);
                self.log.push(applied.entry);
            }
            Err(refusal) => {
                self.trace.push(format!("refused ({refusal}) {entry:?}"));
                prop_assert!(
                    self.campaign == before,
                    "the refused entry changed the campaign ({refusal})"
                );
                *self
                    .stats
                    .refusals
                    .entry(refusal_name(&refusal))
                    .or_default() += 1;
            }
        }
        check_invariants(&before, &self.campaign)
    }

    fn finish(mut self) -> Result<Stats, TestCaseError> {
        let replayed = Campaign::replay(&self.log).map_err(|(index, refusal)| {
            TestCaseError::fail(format!("replay refuses entry {index}: {refusal}"))
        })?;
        prop_assert!(
            replayed == self.campaign,
            "the replayed log gives another campaign"
        );
        self.stats.most_games = self.campaign.games_played();
        self.stats.full_cards = Territory::all()
            .filter(|t| self.campaign.territory(t).card.resources() == MAX_CARD_RESOURCES)
            .count();
        Ok(self.stats)
    }
}

/// Runs a log, checking the invariants after every step. A failure names the step and
/// lists every entry up to it, as built against the campaign, with what `apply` said.
fn run(steps: &[Step]) -> Result<Stats, TestCaseError> {
    let mut run = Run::default();
    for (i, step) in steps.iter().enumerate() {
        let entry = build(step, &run.campaign);
        if let Err(e) = run.step(&entry) {
            let trace: Vec<String> = run
                .trace
                .iter()
                .enumerate()
                .map(|(k, t)| format!("  {k}: {t}"))
                .collect();
            return Err(TestCaseError::fail(format!(
                "step {i}: {e}\nentries so far:\n{}",
                trace.join("\n")
            )));
        }
    }
    run.finish()
}

proptest! {
    // No regression file: the only file this test owns is this one.
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn no_log_breaks_an_invariant(steps in steps()) {
        run(&steps)?;
    }
}

/// The property above must not test refusals only: over a fixed seed, a fair share of the
/// generated games is accepted, with every kind of winner's reward and held-on rewards,
/// scars and wear among them, and long campaigns (past game 15) happen.
#[test]
fn a_fair_share_of_generated_entries_is_accepted() {
    let mut runner = TestRunner::deterministic();
    let strategy = steps();
    let mut total = Stats::default();
    for _ in 0..120 {
        let steps = strategy.new_tree(&mut runner).expect("a log").current();
        total.add(run(&steps).unwrap_or_else(|e| panic!("{e}")));
    }
    println!("{total:#?}");
    assert!(
        total.games_accepted * 100 >= total.games * 40,
        "only {} of {} games accepted",
        total.games_accepted,
        total.games
    );
    assert!(
        total.accepted * 100 >= total.entries * 35,
        "only {} of {} entries accepted",
        total.accepted,
        total.entries
    );
    assert!(total.accepted < total.entries, "nothing was refused");
    for kind in RewardKind::ALL {
        let count = total
            .rewards
            .get(&format!("{kind:?}"))
            .copied()
            .unwrap_or(0);
        assert!(count > 0, "no {kind:?} reward was accepted");
    }
    assert!(
        total.held_on > 0 && total.scars > 0 && total.wear > 0,
        "{total:?}"
    );
    assert!(
        total.setup_accepted > 0 && total.capacity_accepted > 0,
        "{total:?}"
    );
    assert!(total.most_games > LAST_REWARDED_GAME, "{total:?}");
    assert!(
        total.refusals.len() >= 15,
        "few kinds of refusal: {:?}",
        total.refusals
    );
}
