//! The rules of docs/rules.md, one group of tests per rule, through the domain's public API
//! only: no database, no command line. Each rule has cases it allows (checked by their
//! effect on the campaign) and cases it refuses (checked by the exact refusal, and by the
//! campaign being left exactly as it was).

use Outcome::{Eliminated, HeldOn, Won};
use chronicle::domain::state::{CityKind, FORTIFICATION_BOXES};
use chronicle::domain::{
    BonusMark, Campaign, Continent, Entry, Faction, Game, HeldOnChoice, HeldOnReward, Outcome,
    Packet, PoolKind, Power, Refusal, Reward, ScarPlacement, Seat, Territory, Wear,
};
use chrono::NaiveDate;

use crate::common::builders::{Log, date, next_date, seat, seat_at, t};

// ---------------------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------------------

/// A territory by its printed name or an alias.
/// Every faction's starting power chosen, the coins left to the test.
fn set_powers(c: &mut Campaign) {
    for (faction, power) in [
        ("bear", Power::A),
        ("khan", Power::B),
        ("saharan", Power::A),
        ("balkania", Power::B),
        ("mechaniker", Power::A),
    ] {
        c.apply(&Entry::Power {
            faction: Faction::new(faction),
            power,
        })
        .expect("a starting power");
    }
}

/// A campaign set up for game 1 (rules §2): powers chosen, the twelve first coins placed.
fn fresh() -> Campaign {
    let mut campaign = Campaign::new();
    crate::common::set_up(&mut campaign);
    campaign
}

/// The territory at a place on the board (0 = Alaska ... 41 = Eastern Australia).
fn nth(index: usize) -> Territory {
    Territory::all().nth(index).expect("a place on the board")
}

fn continent(name: &str) -> Continent {
    Continent::find_printed(name).unwrap_or_else(|| panic!("no continent {name}"))
}

/// Ann wins; Bob and Cat hold on (clockwise from Ann).
fn three() -> Vec<Seat> {
    vec![
        seat("Ann", "bear", Won),
        seat("Bob", "khan", HeldOn),
        seat("Cat", "saharan", HeldOn),
    ]
}

/// Ann wins; Bob, Cat, Dan and Eve hold on, in that order clockwise from Ann.
fn five() -> Vec<Seat> {
    vec![
        seat("Ann", "bear", Won),
        seat("Bob", "khan", HeldOn),
        seat("Cat", "saharan", HeldOn),
        seat("Dan", "balkania", HeldOn),
        seat("Eve", "mechaniker", HeldOn),
    ]
}

/// A game with these players, a week after the last one, nothing else recorded yet.
fn game(c: &Campaign, seats: Vec<Seat>) -> Game {
    Game::new(next_date(c), seats)
}

/// Fills in a game step by step.
trait Build {
    fn winner_takes(self, reward: Reward) -> Game;
    fn held(self, person: &str, choice: HeldOnChoice) -> Game;
    fn scar(self, territory: &str, kind: &str) -> Game;
    fn wear(self, territory: &str, boxes: u8) -> Game;
    fn opens(self, packet: Packet) -> Game;
    fn dated(self, date: NaiveDate) -> Game;
}

impl Build for Game {
    fn winner_takes(mut self, reward: Reward) -> Game {
        self.reward = Some(reward);
        self
    }
    fn held(mut self, person: &str, choice: HeldOnChoice) -> Game {
        self.held_on.push(HeldOnReward {
            person: person.to_string(),
            choice,
        });
        self
    }
    fn scar(mut self, territory: &str, kind: &str) -> Game {
        self.scars.push(ScarPlacement {
            territory: t(territory),
            scar: kind.to_string(),
            by: None,
        });
        self
    }
    fn wear(mut self, territory: &str, boxes: u8) -> Game {
        self.wear.push(Wear {
            territory: t(territory),
            boxes,
        });
        self
    }
    fn opens(mut self, packet: Packet) -> Game {
        self.opened.push(packet);
        self
    }
    fn dated(mut self, date: NaiveDate) -> Game {
        self.date = date;
        self
    }
}

// Winner's rewards.
fn destroy(territory: &str) -> Reward {
    Reward::DestroyCard {
        territory: t(territory),
    }
}
fn major(territory: &str, name: &str) -> Reward {
    Reward::MajorCity {
        territory: t(territory),
        name: name.to_string(),
    }
}
fn heal(territory: &str) -> Reward {
    Reward::HealScar {
        territory: t(territory),
    }
}
fn fortify(territory: &str) -> Reward {
    Reward::Fortify {
        territory: t(territory),
    }
}
fn name_continent(printed: &str, name: &str) -> Reward {
    Reward::NameContinent {
        continent: continent(printed),
        name: name.to_string(),
    }
}
fn bonus(printed: &str, mark: BonusMark) -> Reward {
    Reward::ContinentBonus {
        continent: continent(printed),
        mark,
    }
}

// Held-on rewards.
fn minor(territory: &str, name: &str) -> HeldOnChoice {
    HeldOnChoice::MinorCity {
        territory: t(territory),
        name: name.to_string(),
    }
}
/// A minor city named after its territory ("Peru Town"), so names never clash.
fn town(territory: Territory) -> HeldOnChoice {
    HeldOnChoice::MinorCity {
        name: format!("{} Town", territory.name()),
        territory,
    }
}
fn coin(territory: Territory) -> HeldOnChoice {
    HeldOnChoice::AddResource { territory }
}

/// A winner's reward that is always possible and touches nothing the tests look at:
/// destroying the card of the last territory whose card still stands (from Eastern
/// Australia backwards).
fn any_reward(c: &Campaign) -> Reward {
    Reward::DestroyCard {
        territory: c.standing_cards().last().expect("a card left").clone(),
    }
}

/// A legal five-player game Ann wins with `reward`; the held-on choices go to Bob, Cat,
/// Dan and Eve in turn.
fn rewarded(c: &Campaign, reward: Reward, held: Vec<HeldOnChoice>) -> Game {
    assert!(held.len() <= 4, "four players hold on");
    let mut g = game(c, five()).winner_takes(reward);
    for (person, choice) in ["Bob", "Cat", "Dan", "Eve"].into_iter().zip(held) {
        g = g.held(person, choice);
    }
    g
}

/// A campaign after `n` plain games (Ann wins each, destroying a card at the end of the board).
fn after_games(n: u32) -> Campaign {
    let mut c = fresh();
    for _ in 0..n {
        c.allow(game(&c, three()).winner_takes(any_reward(&c)));
    }
    c
}

/// A campaign with 8 of the 9 minor cities founded (Alaska ... Eastern United States).
fn one_minor_city_left() -> Campaign {
    let mut c = fresh();
    for places in [0..4, 4..8] {
        c.allow(rewarded(
            &c,
            any_reward(&c),
            places.map(|i| town(nth(i))).collect(),
        ));
    }
    assert_eq!(c.left(&PoolKind::MinorCity), 1);
    c
}

fn capacity(pool: PoolKind, capacity: u32, reason: &str) -> Entry {
    Entry::PoolCapacity {
        pool,
        capacity,
        reason: reason.to_string(),
    }
}

fn coins(places: &[&str]) -> Entry {
    Entry::Coins {
        territories: places.iter().map(|p| t(p)).collect(),
    }
}

fn used(c: &Campaign, kind: PoolKind) -> u32 {
    c.pool(&kind).expect("a standard pool").used
}

fn bunker() -> PoolKind {
    PoolKind::Scar("Bunker".to_string())
}

fn ammo() -> PoolKind {
    PoolKind::Scar("Ammo Shortage".to_string())
}

// ---------------------------------------------------------------------------------------
// §4.0 The table: 3 to 5 players, different people and factions, one winner
// ---------------------------------------------------------------------------------------

/// People as plain text, to compare with a list.
fn names(people: &[std::sync::Arc<str>]) -> Vec<&str> {
    people.iter().map(|p| &**p).collect()
}

#[test]
fn a_game_of_3_or_5_players_is_logged() {
    let mut c = fresh();
    let applied = c.allow(game(&c, three()).winner_takes(destroy("Peru")));
    assert_eq!(applied.game, Some(1));
    assert_eq!(applied.new_people, ["Ann", "Bob", "Cat"]);
    c.allow(game(&c, five()).winner_takes(destroy("Egypt")));
    assert_eq!(c.games_played(), 2);
    assert_eq!(names(c.people()), ["Ann", "Bob", "Cat", "Dan", "Eve"]);
    assert_eq!(c.signatures_of("Ann"), 2);
}

#[test]
fn a_game_of_2_or_6_players_is_refused() {
    let mut c = fresh();
    let two = vec![seat("Ann", "bear", Won), seat("Bob", "khan", HeldOn)];
    let r = c.refuse(game(&c, two).winner_takes(destroy("Peru")));
    assert!(matches!(r, Refusal::PlayerCount { count: 2 }));

    let mut six = five();
    six.push(seat("Fay", "bear", HeldOn));
    let r = c.refuse(game(&c, six).winner_takes(destroy("Peru")));
    assert!(matches!(r, Refusal::PlayerCount { count: 6 }));
}

#[test]
fn people_are_the_same_whatever_the_case_of_their_name() {
    let mut c = fresh();
    c.allow(game(&c, three()).winner_takes(destroy("Peru")));
    let seats = vec![
        seat("ANN", "bear", Won),
        seat("bob", "khan", HeldOn),
        seat("Cat", "saharan", HeldOn),
    ];
    let applied = c.allow(game(&c, seats).winner_takes(destroy("Egypt")));
    assert!(applied.new_people.is_empty());
    assert_eq!(names(c.people()), ["Ann", "Bob", "Cat"]);
    assert_eq!(c.signatures_of("Ann"), 2);
    assert!(c.signatures().iter().all(|s| &*s.person == "Ann"));
}

#[test]
fn one_person_in_two_seats_is_refused_whatever_the_case() {
    let mut c = fresh();
    let seats = vec![
        seat("Ann", "bear", Won),
        seat("Bob", "khan", HeldOn),
        seat("ann", "saharan", HeldOn),
    ];
    let r = c.refuse(game(&c, seats).winner_takes(destroy("Peru")));
    assert!(matches!(r, Refusal::SamePersonTwice { .. }));
}

#[test]
fn one_faction_in_two_seats_is_refused_however_it_is_named() {
    let mut c = fresh();
    let seats = vec![
        seat("Ann", "bear", Won),
        seat("Bob", "Enclave of the Bear", HeldOn),
        seat("Cat", "saharan", HeldOn),
    ];
    let r = c.refuse(game(&c, seats).winner_takes(destroy("Peru")));
    assert!(matches!(r, Refusal::SameFactionTwice { .. }));
}

#[test]
fn a_game_with_no_winner_or_two_winners_is_refused() {
    let mut c = fresh();
    let none = vec![
        seat("Ann", "bear", HeldOn),
        seat("Bob", "khan", HeldOn),
        seat("Cat", "saharan", Eliminated),
    ];
    let r = c.refuse(game(&c, none));
    assert!(matches!(&r, Refusal::WinnerCount { winners } if winners.is_empty()));

    let two = vec![
        seat("Ann", "bear", Won),
        seat("Bob", "khan", Won),
        seat("Cat", "saharan", HeldOn),
    ];
    let r = c.refuse(game(&c, two).winner_takes(destroy("Peru")));
    assert!(matches!(&r, Refusal::WinnerCount { winners } if winners.len() == 2));
}

#[test]
fn the_one_winner_signs_the_board() {
    let mut c = fresh();
    let seats = vec![
        seat("Ann", "bear", HeldOn),
        seat("Bob", "khan", Won),
        seat("Cat", "saharan", Eliminated),
    ];
    c.allow(game(&c, seats).winner_takes(destroy("Peru")));
    let signature = &c.signatures()[0];
    assert_eq!((signature.game, &*signature.person), (1, "Bob"));
    assert_eq!(signature.faction.name(), "Khan Industries");
    assert_eq!(signature.date, date(0));
}

// ---------------------------------------------------------------------------------------
// §4.4, §5 The winner's reward: required in games 1–15 when possible, one, none after 15
// ---------------------------------------------------------------------------------------

#[test]
fn the_winner_reward_is_required_in_game_1() {
    let mut c = fresh();
    let r = c.refuse(game(&c, three()));
    assert!(matches!(&r, Refusal::RewardMissing { game: 1, winner, .. } if winner == "Ann"));
}

#[test]
fn the_winner_reward_is_required_in_game_15() {
    let mut c = after_games(14);
    let r = c.refuse(game(&c, three()));
    assert!(matches!(r, Refusal::RewardMissing { game: 15, .. }));
    let applied = c.allow(game(&c, three()).winner_takes(destroy("Peru")));
    assert_eq!(applied.game, Some(15));
    assert_eq!(c.territory(&t("Peru")).card.destroyed, Some(15));
}

#[test]
fn the_winner_takes_exactly_one_reward_as_recorded() {
    let mut c = fresh();
    let applied = c.allow(game(&c, three()).winner_takes(major("Egypt", "  Kyro ")));
    let Entry::Game(recorded) = applied.entry else {
        panic!("a game")
    };
    assert_eq!(recorded.reward, Some(major("Egypt", "Kyro")));
    assert_eq!(
        &*c.territory(&t("Egypt")).city.as_ref().unwrap().name,
        "Kyro"
    );
}

#[test]
fn game_16_with_a_winner_reward_is_refused() {
    let mut c = after_games(15);
    let r = c.refuse(game(&c, three()).winner_takes(destroy("Peru")));
    assert!(matches!(r, Refusal::RewardsOver { game: 16, .. }));
}

#[test]
fn game_16_without_a_reward_is_logged_and_scars_still_land() {
    let mut c = after_games(15);
    let applied = c.allow(game(&c, three()).scar("Peru", "Bunker"));
    assert_eq!(applied.game, Some(16));
    assert_eq!(c.games_played(), 16);
    // Winning after game 15 changes nothing more: the board has 15 signatures (rules §5).
    assert_eq!(c.signatures().len(), 15);
    assert_eq!(c.territory(&t("Peru")).scar.as_ref().unwrap().game, 16);
}

// ---------------------------------------------------------------------------------------
// §4.5 Held-on rewards: one per player who held on; not the winner, the eliminated or
// strangers; none after game 15
// ---------------------------------------------------------------------------------------

#[test]
fn each_player_who_held_on_takes_one_reward() {
    let mut c = fresh();
    let g = game(&c, three())
        .winner_takes(destroy("Egypt"))
        .held("bob", minor("Peru", "Lima Nova"))
        .held("Cat", coin(t("Brazil")));
    let applied = c.allow(g);
    let city = c.territory(&t("Peru")).city.clone().unwrap();
    assert_eq!(
        (city.kind, city.founder.as_deref().unwrap_or_default()),
        (CityKind::Minor, "Bob")
    );
    assert_eq!(c.territory(&t("Brazil")).card.stickers, 1);
    let Entry::Game(recorded) = applied.entry else {
        panic!("a game")
    };
    assert_eq!(recorded.held_on[0].person, "Bob", "the campaign's spelling");
}

#[test]
fn a_held_on_reward_is_optional() {
    let mut c = fresh();
    let g = game(&c, three())
        .winner_takes(destroy("Egypt"))
        .held("Cat", coin(t("Brazil")));
    c.allow(g);
    assert_eq!(c.cities().count(), 0);
    assert_eq!(
        used(&c, PoolKind::CoinSticker),
        13,
        "the twelve first coins and one"
    );
}

#[test]
fn two_rewards_for_one_held_on_player_are_refused() {
    let mut c = fresh();
    let g = game(&c, three())
        .winner_takes(destroy("Egypt"))
        .held("Bob", minor("Peru", "Lima Nova"))
        .held("BOB", coin(t("Brazil")));
    let r = c.refuse(g);
    assert!(matches!(&r, Refusal::TwoHeldOnRewards { person, count: 2 } if person == "Bob"));
}

#[test]
fn the_winner_takes_no_held_on_reward() {
    let mut c = fresh();
    let g = game(&c, three())
        .winner_takes(destroy("Egypt"))
        .held("Ann", coin(t("Brazil")));
    let r = c.refuse(g);
    assert!(matches!(r, Refusal::WinnerHeldOnReward { game: 1, .. }));
}

#[test]
fn an_eliminated_player_takes_no_reward() {
    let mut c = fresh();
    let seats = vec![
        seat("Ann", "bear", Won),
        seat("Bob", "khan", HeldOn),
        seat("Cat", "saharan", Eliminated),
    ];
    let g = game(&c, seats)
        .winner_takes(destroy("Egypt"))
        .held("Cat", coin(t("Brazil")));
    let r = c.refuse(g);
    assert!(matches!(&r, Refusal::EliminatedReward { person, .. } if person == "Cat"));
}

#[test]
fn someone_not_at_the_table_takes_no_reward() {
    let mut c = fresh();
    let g = game(&c, three())
        .winner_takes(destroy("Egypt"))
        .held("Zed", coin(t("Brazil")));
    let r = c.refuse(g);
    assert!(matches!(&r, Refusal::NotAPlayer { person, .. } if person == "Zed"));
}

#[test]
fn held_on_rewards_stop_after_game_15() {
    let mut c = after_games(15);
    let r = c.refuse(game(&c, three()).held("Bob", coin(t("Brazil"))));
    assert!(matches!(r, Refusal::RewardsOver { game: 16, .. }));
    // In game 15 the same reward is still given.
    let mut c = after_games(14);
    let g = game(&c, three())
        .winner_takes(any_reward(&c))
        .held("Bob", coin(t("Brazil")));
    c.allow(g);
    assert_eq!(c.territory(&t("Brazil")).card.stickers, 1);
}

// ---------------------------------------------------------------------------------------
// §2 Before the first game: starting powers, twelve first coins
// ---------------------------------------------------------------------------------------

#[test]
fn each_faction_keeps_one_starting_power() {
    let mut c = Campaign::new();
    c.allow(Entry::Power {
        faction: Faction::new("bear"),
        power: Power::A,
    });
    c.allow(Entry::Power {
        faction: Faction::new("Khan Industries"),
        power: Power::B,
    });
    let bear = c.find_faction("bear").unwrap();
    let khan = c.find_faction("khan").unwrap();
    assert_eq!(c.power(&bear), Some(Power::A));
    assert_eq!(c.power(&khan), Some(Power::B));
    assert_eq!(c.power(&c.find_faction("saharan").unwrap()), None);
}

#[test]
fn a_faction_chooses_its_power_once() {
    let mut c = Campaign::new();
    c.allow(Entry::Power {
        faction: Faction::new("bear"),
        power: Power::A,
    });
    let r = c.refuse(Entry::Power {
        faction: Faction::new("Enclave of the Bear"),
        power: Power::B,
    });
    assert!(matches!(&r, Refusal::PowerChosen { power, .. } if power == "a"));
}

#[test]
fn starting_powers_close_when_game_1_is_logged() {
    let mut c = after_games(1);
    let r = c.refuse(Entry::Power {
        faction: Faction::new("bear"),
        power: Power::A,
    });
    assert!(matches!(r, Refusal::SetupClosed { games: 1, .. }));
}

#[test]
fn twelve_first_coins_at_most_two_on_a_card_come_from_the_coin_pool() {
    let mut c = Campaign::new();
    c.allow(coins(&[
        "Egypt", "Egypt", "Peru", "China", "Brazil", "Japan",
    ]));
    c.allow(coins(&[
        "Alaska", "India", "Siam", "Ural", "Peru", "Iceland",
    ]));
    assert_eq!(c.first_coins(), 12);
    assert_eq!(c.territory(&t("Egypt")).card.stickers, 2);
    assert_eq!(c.territory(&t("Southeast Asia")).card.resources(), 2);
    assert_eq!(used(&c, PoolKind::CoinSticker), 12);
    assert_eq!(c.left(&PoolKind::CoinSticker), 23);
}

#[test]
fn a_thirteenth_first_coin_is_refused() {
    let mut c = Campaign::new();
    c.allow(coins(&[
        "Egypt", "Egypt", "Peru", "Peru", "China", "China", "Japan", "Japan", "India", "India",
        "Ural",
    ]));
    let r = c.refuse(coins(&["Iceland", "Brazil"]));
    assert!(matches!(
        r,
        Refusal::TooManyFirstCoins {
            placed: 11,
            adding: 2
        }
    ));
    c.allow(coins(&["Iceland"]));
    assert_eq!(c.first_coins(), 12);
}

#[test]
fn a_third_first_coin_on_one_card_is_refused() {
    let mut c = Campaign::new();
    let r = c.refuse(coins(&["Peru", "Peru", "Peru"]));
    assert!(matches!(r, Refusal::TooManyCoinsOnCard { count: 3, .. }));
    c.allow(coins(&["Peru", "Peru"]));
    let r = c.refuse(coins(&["Egypt", "Peru"]));
    assert!(
        matches!(&r, Refusal::TooManyCoinsOnCard { territory, count: 3 } if territory == "Peru")
    );
}

#[test]
fn first_coins_close_when_game_1_is_logged() {
    let mut c = fresh();
    c.allow(game(&c, three()).winner_takes(destroy("Egypt")));
    let r = c.refuse(coins(&["Brazil"]));
    assert!(matches!(r, Refusal::SetupClosed { games: 1, .. }));
}

// ---------------------------------------------------------------------------------------
// §3 Marks: one city per territory, unique city names, one scar per territory, a city and
// a scar may share a territory
// ---------------------------------------------------------------------------------------

#[test]
fn a_city_goes_on_a_territory_with_no_city() {
    let mut c = fresh();
    let g = game(&c, three())
        .winner_takes(major("Egypt", "Kyro"))
        .held("Bob", minor("Peru", "Lima Nova"));
    c.allow(g);
    let kyro = c.territory(&t("Egypt")).city.clone().unwrap();
    assert_eq!(
        (kyro.kind, kyro.founder.as_deref().unwrap_or_default()),
        (CityKind::Major, "Ann")
    );
    assert_eq!(kyro.kind.population(), 2);
    assert_eq!(c.with_city(), [t("Peru"), t("Egypt")]);
}

#[test]
fn a_minor_city_on_a_major_city_is_refused() {
    let mut c = fresh();
    c.allow(game(&c, three()).winner_takes(major("Egypt", "Kyro")));
    let g = game(&c, three())
        .winner_takes(any_reward(&c))
        .held("Bob", minor("Egypt", "Little Kyro"));
    let r = c.refuse(g);
    assert!(matches!(
        &r,
        Refusal::HasCity {
            kind: "major city",
            ..
        }
    ));
}

#[test]
fn a_major_city_on_a_minor_city_is_refused() {
    let mut c = fresh();
    let g = game(&c, three())
        .winner_takes(any_reward(&c))
        .held("Bob", minor("Peru", "Lima Nova"));
    c.allow(g);
    let r = c.refuse(game(&c, three()).winner_takes(major("Peru", "Big Lima")));
    assert!(matches!(
        &r,
        Refusal::HasCity {
            kind: "minor city",
            ..
        }
    ));
}

#[test]
fn two_cities_on_one_territory_in_one_game_are_refused() {
    let mut c = fresh();
    let g = game(&c, three())
        .winner_takes(major("Egypt", "Kyro"))
        .held("Bob", minor("Egypt", "Giza"));
    let r = c.refuse(g);
    assert!(matches!(r, Refusal::HasCity { .. }));
}

#[test]
fn a_city_name_already_used_is_refused() {
    let mut c = fresh();
    c.allow(game(&c, three()).winner_takes(major("Egypt", "Kyro")));
    let g = game(&c, three())
        .winner_takes(any_reward(&c))
        .held("Bob", minor("Peru", "KYRO"));
    let r = c.refuse(g);
    assert!(matches!(&r, Refusal::NameTaken { what: "city", .. }));
    let r = c.refuse(game(&c, three()).winner_takes(major("Peru", "kyro")));
    assert!(matches!(&r, Refusal::NameTaken { what: "city", .. }));
}

#[test]
fn a_scar_goes_on_a_territory_with_no_scar() {
    let mut c = fresh();
    let g = game(&c, three())
        .winner_takes(any_reward(&c))
        .scar("Peru", "Bunker")
        .scar("Brazil", "ammo shortage");
    c.allow(g);
    assert_eq!(
        &*c.territory(&t("Peru")).scar.as_ref().unwrap().kind,
        "Bunker"
    );
    assert_eq!(
        &*c.territory(&t("Brazil")).scar.as_ref().unwrap().kind,
        "Ammo Shortage"
    );
    assert_eq!(c.scarred(), [t("Peru"), t("Brazil")]);
}

#[test]
fn a_scar_on_a_scar_is_refused() {
    let mut c = fresh();
    let same_game = game(&c, three())
        .winner_takes(any_reward(&c))
        .scar("Peru", "Bunker")
        .scar("Peru", "Ammo Shortage");
    let r = c.refuse(same_game);
    assert!(matches!(r, Refusal::AlreadyScarred { .. }));

    c.allow(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .scar("Peru", "Bunker"),
    );
    let later = game(&c, three())
        .winner_takes(any_reward(&c))
        .scar("Peru", "Ammo Shortage");
    let r = c.refuse(later);
    assert!(matches!(&r, Refusal::AlreadyScarred { scar, game: 1, .. } if scar == "Bunker"));
}

#[test]
fn a_city_and_a_scar_share_a_territory() {
    let mut c = fresh();
    // A scar on a city ...
    c.allow(game(&c, three()).winner_takes(major("Egypt", "Kyro")));
    c.allow(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .scar("Egypt", "Bunker"),
    );
    // ... and a city on a scar.
    c.allow(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .scar("Peru", "Ammo Shortage"),
    );
    c.allow(game(&c, three()).winner_takes(major("Peru", "Lima")));
    for place in ["Egypt", "Peru"] {
        let state = c.territory(&t(place));
        assert!(state.city.is_some() && state.scar.is_some(), "{place}");
    }
}

// ---------------------------------------------------------------------------------------
// §3, §4 Pools: every mark comes from a pool of fixed size; the mark after the last is
// refused; `pool set` corrects a capacity
// ---------------------------------------------------------------------------------------

#[test]
fn pool_minor_cities_holds_9() {
    let mut c = fresh();
    for places in [0..4, 4..8, 8..9] {
        c.allow(rewarded(
            &c,
            any_reward(&c),
            places.map(|i| town(nth(i))).collect(),
        ));
    }
    assert_eq!(used(&c, PoolKind::MinorCity), 9);
    assert_eq!(c.left(&PoolKind::MinorCity), 0);
    let r = c.refuse(rewarded(&c, any_reward(&c), vec![town(nth(9))]));
    assert!(matches!(
        r,
        Refusal::PoolEmpty {
            kind: PoolKind::MinorCity,
            capacity: 9,
            ..
        }
    ));
}

#[test]
fn pool_major_cities_holds_5() {
    let mut c = fresh();
    for place in ["Egypt", "Peru", "China", "Japan", "Iceland"] {
        c.allow(rewarded(&c, major(place, &format!("{place} City")), vec![]));
    }
    assert_eq!(c.left(&PoolKind::MajorCity), 0);
    let r = c.refuse(rewarded(&c, major("Brazil", "Brasilia"), vec![]));
    assert!(matches!(
        r,
        Refusal::PoolEmpty {
            kind: PoolKind::MajorCity,
            ..
        }
    ));
}

#[test]
fn pool_fortifications_holds_5() {
    let mut c = fresh();
    c.allow(rewarded(&c, major("Egypt", "Kyro"), vec![]));
    for _ in 0..5 {
        c.allow(rewarded(&c, fortify("Egypt"), vec![]));
    }
    assert_eq!(used(&c, PoolKind::Fortification), 5);
    let r = c.refuse(rewarded(&c, fortify("Egypt"), vec![]));
    assert!(matches!(
        r,
        Refusal::PoolEmpty {
            kind: PoolKind::Fortification,
            ..
        }
    ));
}

#[test]
fn pool_scar_covers_holds_4() {
    let mut c = fresh();
    let first = rewarded(&c, heal("Alaska"), vec![])
        .scar("Alaska", "Bunker")
        .scar("Alberta", "Bunker")
        .scar("Ontario", "Ammo Shortage")
        .scar("Greenland", "Ammo Shortage");
    c.allow(first);
    for place in ["Alberta", "Ontario", "Greenland"] {
        c.allow(rewarded(&c, heal(place), vec![]));
    }
    assert_eq!(c.left(&PoolKind::ScarCover), 0);
    let r = c.refuse(rewarded(&c, heal("Peru"), vec![]).scar("Peru", "Bunker"));
    assert!(matches!(
        r,
        Refusal::PoolEmpty {
            kind: PoolKind::ScarCover,
            ..
        }
    ));
}

#[test]
fn pool_bonus_marks_hold_one_plus_and_one_minus() {
    let mut c = fresh();
    c.allow(rewarded(&c, bonus("Asia", BonusMark::Plus), vec![]));
    let r = c.refuse(rewarded(&c, bonus("Europe", BonusMark::Plus), vec![]));
    assert!(matches!(
        r,
        Refusal::PoolEmpty {
            kind: PoolKind::BonusPlus,
            ..
        }
    ));
    c.allow(rewarded(&c, bonus("Africa", BonusMark::Minus), vec![]));
    let r = c.refuse(rewarded(&c, bonus("Europe", BonusMark::Minus), vec![]));
    assert!(matches!(
        r,
        Refusal::PoolEmpty {
            kind: PoolKind::BonusMinus,
            ..
        }
    ));
    assert!(c.bonus_marks_left().is_empty());
}

#[test]
fn pool_coin_stickers_holds_35_with_the_first_coins() {
    let mut c = Campaign::new();
    // The twelve first coins: two on each of the first six cards.
    c.allow(Entry::Coins {
        territories: (0..6).flat_map(|i| [nth(i), nth(i)]).collect(),
    });
    set_powers(&mut c);
    // 23 more, one on each of the next cards: five games of four held-on rewards, then three.
    for places in [6..10, 10..14, 14..18, 18..22, 22..26, 26..29] {
        c.allow(rewarded(
            &c,
            any_reward(&c),
            places.map(|i| coin(nth(i))).collect(),
        ));
    }
    assert_eq!(used(&c, PoolKind::CoinSticker), 35);
    let r = c.refuse(rewarded(&c, any_reward(&c), vec![coin(nth(29))]));
    assert!(matches!(
        r,
        Refusal::PoolEmpty {
            kind: PoolKind::CoinSticker,
            capacity: 35,
            ..
        }
    ));
}

#[test]
fn pool_first_coins_count_against_the_35() {
    let mut c = Campaign::new();
    c.allow(capacity(PoolKind::CoinSticker, 11, "a short box"));
    let r = c.refuse(Entry::Coins {
        territories: (0..6).flat_map(|i| [nth(i), nth(i)]).collect(),
    });
    assert!(matches!(
        r,
        Refusal::PoolEmpty {
            kind: PoolKind::CoinSticker,
            ..
        }
    ));
}

#[test]
fn pool_bunker_scars_holds_3() {
    let mut c = fresh();
    let g = rewarded(&c, any_reward(&c), vec![])
        .scar("Peru", "Bunker")
        .scar("Egypt", "bunker")
        .scar("China", "BUNKER");
    c.allow(g);
    assert_eq!(c.left(&bunker()), 0);
    let r = c.refuse(rewarded(&c, any_reward(&c), vec![]).scar("Japan", "Bunker"));
    assert!(matches!(&r, Refusal::PoolEmpty { kind, .. } if *kind == bunker()));
    // Another type still has stickers.
    c.allow(rewarded(&c, any_reward(&c), vec![]).scar("Japan", "Ammo Shortage"));
}

#[test]
fn pool_ammo_shortage_scars_holds_3() {
    let mut c = fresh();
    let g = rewarded(&c, any_reward(&c), vec![])
        .scar("Peru", "Ammo Shortage")
        .scar("Egypt", "ammo");
    c.allow(g);
    c.allow(rewarded(&c, any_reward(&c), vec![]).scar("China", "ammo shortage"));
    assert_eq!(c.left(&ammo()), 0);
    let r = c.refuse(rewarded(&c, any_reward(&c), vec![]).scar("Japan", "Ammo Shortage"));
    assert!(matches!(&r, Refusal::PoolEmpty { kind, .. } if *kind == ammo()));
}

#[test]
fn pool_continent_names_holds_6_one_per_continent() {
    let mut c = fresh();
    let names = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"];
    for (place, name) in Continent::all().zip(names) {
        c.allow(rewarded(&c, name_continent(place.name(), name), vec![]));
    }
    assert_eq!(c.left(&PoolKind::ContinentName), 0);
    assert!(c.unnamed_continents().is_empty());
    // With six continents and six names, the pool runs out with the continents: the next
    // naming is refused because every continent is named.
    let r = c.refuse(rewarded(&c, name_continent("Asia", "Eta"), vec![]));
    assert!(matches!(r, Refusal::ContinentNamed { .. }));
}

#[test]
fn pool_continent_names_refuses_the_mark_after_the_last() {
    // The pool can only run out before the continents do if the group's box holds fewer.
    let mut c = fresh();
    c.allow(capacity(PoolKind::ContinentName, 2, "two stickers lost"));
    c.allow(rewarded(&c, name_continent("Asia", "Alpha"), vec![]));
    c.allow(rewarded(&c, name_continent("Europe", "Beta"), vec![]));
    let r = c.refuse(rewarded(&c, name_continent("Africa", "Gamma"), vec![]));
    assert!(matches!(
        r,
        Refusal::PoolEmpty {
            kind: PoolKind::ContinentName,
            capacity: 2,
            ..
        }
    ));
}

#[test]
fn pool_set_raises_a_capacity_and_one_more_mark_fits() {
    let mut c = fresh();
    for place in ["Egypt", "Peru", "China", "Japan", "Iceland"] {
        c.allow(rewarded(&c, major(place, &format!("{place} City")), vec![]));
    }
    let r = c.refuse(rewarded(&c, major("Brazil", "Brasilia"), vec![]));
    assert!(matches!(r, Refusal::PoolEmpty { .. }));
    c.allow(capacity(
        PoolKind::MajorCity,
        6,
        "our box has a spare sheet",
    ));
    assert_eq!(c.pool(&PoolKind::MajorCity).unwrap().capacity, 6);
    c.allow(rewarded(&c, major("Brazil", "Brasilia"), vec![]));
    let r = c.refuse(rewarded(&c, major("Ural", "Uralsk"), vec![]));
    assert!(matches!(
        r,
        Refusal::PoolEmpty {
            kind: PoolKind::MajorCity,
            capacity: 6,
            ..
        }
    ));
}

#[test]
fn pool_set_raises_a_scar_pool() {
    let mut c = fresh();
    c.allow(capacity(bunker(), 4, "a fourth Bunker sticker"));
    let g = rewarded(&c, any_reward(&c), vec![])
        .scar("Peru", "Bunker")
        .scar("Egypt", "Bunker")
        .scar("China", "Bunker")
        .scar("Japan", "Bunker");
    c.allow(g);
    assert_eq!(used(&c, bunker()), 4);
}

#[test]
fn pool_set_may_not_go_below_what_is_used() {
    let mut c = fresh();
    c.allow(rewarded(
        &c,
        any_reward(&c),
        (0..3).map(|i| town(nth(i))).collect(),
    ));
    let r = c.refuse(capacity(PoolKind::MinorCity, 2, "a smaller box"));
    assert!(matches!(
        r,
        Refusal::CapacityBelowUsed {
            kind: PoolKind::MinorCity,
            capacity: 2,
            used: 3
        }
    ));
    c.allow(capacity(PoolKind::MinorCity, 3, "a smaller box"));
    assert_eq!(c.left(&PoolKind::MinorCity), 0);
}

#[test]
fn pool_set_needs_a_reason() {
    let mut c = fresh();
    for reason in ["", "   "] {
        let r = c.refuse(capacity(PoolKind::MinorCity, 10, reason));
        assert!(matches!(r, Refusal::MissingReason { .. }));
    }
}

// ---------------------------------------------------------------------------------------
// §4.4 Continents: a name is given once, a bonus changes once
// ---------------------------------------------------------------------------------------

#[test]
fn a_winner_names_an_unnamed_continent() {
    let mut c = fresh();
    c.allow(game(&c, three()).winner_takes(name_continent("Africa", "Mama Land")));
    let given = c.continent(continent("Africa")).given_name.clone().unwrap();
    assert_eq!((&*given.name, &*given.by), ("Mama Land", "Ann"));
    assert_eq!(c.continent_name(continent("Africa")), "Mama Land");
    assert_eq!(c.find_continent("mama land"), Ok(continent("Africa")));
}

#[test]
fn a_named_continent_is_never_renamed() {
    let mut c = fresh();
    c.allow(game(&c, three()).winner_takes(name_continent("Africa", "Mama Land")));
    let r = c.refuse(game(&c, three()).winner_takes(name_continent("Africa", "Papa Land")));
    assert!(matches!(&r, Refusal::ContinentNamed { name, game: 1, .. } if name == "Mama Land"));
}

#[test]
fn a_continent_name_already_in_use_is_refused() {
    let mut c = fresh();
    c.allow(game(&c, three()).winner_takes(name_continent("Africa", "Mama Land")));
    let r = c.refuse(game(&c, three()).winner_takes(name_continent("Asia", "MAMA LAND")));
    assert!(matches!(
        r,
        Refusal::NameTaken {
            what: "continent",
            ..
        }
    ));
    let r = c.refuse(game(&c, three()).winner_takes(name_continent("Asia", "Europe")));
    assert!(matches!(
        r,
        Refusal::NameTaken {
            what: "continent",
            ..
        }
    ));
}

#[test]
fn a_continent_bonus_changes_once() {
    let mut c = fresh();
    c.allow(game(&c, three()).winner_takes(bonus("North America", BonusMark::Plus)));
    assert_eq!(c.bonus(continent("North America")), 6);
    let r = c.refuse(game(&c, three()).winner_takes(bonus("North America", BonusMark::Minus)));
    assert!(matches!(
        r,
        Refusal::BonusChanged {
            mark: "+1",
            game: 1,
            ..
        }
    ));
    c.allow(game(&c, three()).winner_takes(bonus("Australia", BonusMark::Minus)));
    assert_eq!(c.bonus(continent("Australia")), 1);
    assert_eq!(c.unchanged_continents().len(), 4);
}

// ---------------------------------------------------------------------------------------
// §3, §4.4 Fortifications: only on a city; a new mark resets to 10 boxes; wear
// ---------------------------------------------------------------------------------------

/// A campaign where Ann founded Kyro in Egypt (game 1) and fortified it (game 2).
fn fortified_kyro() -> Campaign {
    let mut c = fresh();
    c.allow(game(&c, three()).winner_takes(major("Egypt", "Kyro")));
    c.allow(game(&c, three()).winner_takes(fortify("Egypt")));
    c
}

#[test]
fn a_city_is_fortified_with_10_boxes() {
    let c = fortified_kyro();
    let f = c.territory(&t("Egypt")).fortification.clone().unwrap();
    assert_eq!((f.boxes_left, f.game), (FORTIFICATION_BOXES, 2));
    assert_eq!(FORTIFICATION_BOXES, 10);
    assert_eq!(c.fortified(), [t("Egypt")]);
}

#[test]
fn fortifying_a_territory_with_no_city_is_refused() {
    let mut c = fresh();
    let r = c.refuse(game(&c, three()).winner_takes(fortify("Peru")));
    assert!(matches!(&r, Refusal::NoCity { cities, .. } if cities.is_empty()));
}

#[test]
fn refortifying_takes_a_new_mark_and_resets_to_10_boxes() {
    let mut c = fortified_kyro();
    c.allow(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .wear("Egypt", 4),
    );
    assert_eq!(
        c.territory(&t("Egypt"))
            .fortification
            .as_ref()
            .unwrap()
            .boxes_left,
        6
    );
    c.allow(
        game(&c, three())
            .wear("Egypt", 3)
            .winner_takes(fortify("Egypt")),
    );
    let f = c.territory(&t("Egypt")).fortification.clone().unwrap();
    assert_eq!((f.boxes_left, f.game), (10, 4), "the 3 boxes left are lost");
    assert_eq!(used(&c, PoolKind::Fortification), 2);
}

#[test]
fn ticking_all_10_boxes_leaves_0_and_a_worn_city_may_be_fortified_again() {
    let mut c = fortified_kyro();
    c.allow(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .wear("Egypt", 6)
            .wear("Egypt", 4),
    );
    let f = c.territory(&t("Egypt")).fortification.clone().unwrap();
    assert_eq!(f.boxes_left, 0);
    assert!(c.fortified().is_empty(), "no longer fortified");
    c.allow(game(&c, three()).winner_takes(fortify("Egypt")));
    assert_eq!(
        c.territory(&t("Egypt"))
            .fortification
            .as_ref()
            .unwrap()
            .boxes_left,
        10
    );
}

#[test]
fn wear_past_the_boxes_left_is_refused() {
    let mut c = fortified_kyro();
    let r = c.refuse(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .wear("Egypt", 11),
    );
    assert!(matches!(
        r,
        Refusal::WearPastBoxes {
            boxes: 11,
            left: 10,
            ..
        }
    ));
    c.allow(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .wear("Egypt", 8),
    );
    let r = c.refuse(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .wear("Egypt", 2)
            .wear("Egypt", 1),
    );
    assert!(matches!(
        r,
        Refusal::WearPastBoxes {
            boxes: 1,
            left: 0,
            ..
        }
    ));
}

#[test]
fn wear_on_a_worn_out_fortification_is_refused() {
    let mut c = fortified_kyro();
    c.allow(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .wear("Egypt", 10),
    );
    let r = c.refuse(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .wear("Egypt", 1),
    );
    assert!(matches!(r, Refusal::WearPastBoxes { left: 0, .. }));
}

#[test]
fn wear_on_an_unfortified_territory_is_refused() {
    let mut c = fortified_kyro();
    // Not even a city ...
    let r = c.refuse(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .wear("Peru", 1),
    );
    assert!(matches!(&r, Refusal::NotFortified { fortified, .. } if fortified == &["Egypt"]));
    // ... or a city without a fortification.
    c.allow(game(&c, three()).winner_takes(major("Peru", "Lima")));
    let r = c.refuse(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .wear("Peru", 1),
    );
    assert!(matches!(r, Refusal::NotFortified { .. }));
}

#[test]
fn wear_of_0_boxes_is_refused() {
    let mut c = fortified_kyro();
    let r = c.refuse(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .wear("Egypt", 0),
    );
    assert!(matches!(r, Refusal::NoWear { .. }));
}

// ---------------------------------------------------------------------------------------
// §3, §4.4 Healing: only a scar; the territory may be scarred again; pools count marks
// placed, not standing
// ---------------------------------------------------------------------------------------

#[test]
fn healing_a_territory_with_no_scar_is_refused() {
    let mut c = fresh();
    c.allow(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .scar("Egypt", "Bunker"),
    );
    let r = c.refuse(game(&c, three()).winner_takes(heal("Peru")));
    assert!(matches!(&r, Refusal::NotScarred { scarred, .. } if scarred == &["Egypt (Bunker)"]));
}

#[test]
fn a_winner_heals_a_scar_placed_in_the_same_game() {
    let mut c = fresh();
    c.allow(
        game(&c, three())
            .scar("Peru", "Bunker")
            .winner_takes(heal("Peru")),
    );
    assert!(c.territory(&t("Peru")).scar.is_none());
}

#[test]
fn a_healed_territory_may_be_scarred_again_and_the_pool_counts_both_scars() {
    let mut c = fresh();
    c.allow(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .scar("Peru", "Bunker"),
    );
    c.allow(game(&c, three()).winner_takes(heal("Peru")));
    assert!(c.scarred().is_empty());
    assert_eq!(
        used(&c, bunker()),
        1,
        "the healed sticker stays under its cover"
    );
    assert_eq!(used(&c, PoolKind::ScarCover), 1);

    c.allow(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .scar("Peru", "Bunker"),
    );
    assert_eq!(c.territory(&t("Peru")).scar.as_ref().unwrap().game, 3);
    assert_eq!(used(&c, bunker()), 2);
    assert_eq!(c.left(&bunker()), 1);
}

// ---------------------------------------------------------------------------------------
// §4.4, §4.5 Cards: at most 6 resources (printed coin included); a destroyed card takes
// nothing and is destroyed once
// ---------------------------------------------------------------------------------------

#[test]
fn a_card_holds_at_most_6_resources() {
    let mut c = Campaign::new();
    c.allow(coins(&[
        "Peru", "Peru", "Egypt", "Egypt", "Iceland", "Iceland",
    ]));
    c.allow(coins(&[
        "Brazil", "Brazil", "China", "China", "India", "India",
    ]));
    set_powers(&mut c);
    assert_eq!(c.territory(&t("Peru")).card.resources(), 3);
    let peru = t("Peru");
    c.allow(rewarded(
        &c,
        any_reward(&c),
        vec![coin(peru.clone()), coin(peru.clone()), coin(peru.clone())],
    ));
    let card = &c.territory(&peru).card;
    assert_eq!((card.stickers, card.resources()), (5, 6));
    assert!(!c.cards_with_room().contains(&peru));

    let r = c.refuse(rewarded(&c, any_reward(&c), vec![coin(peru)]));
    assert!(matches!(r, Refusal::CardFull { resources: 6, .. }));
}

#[test]
fn a_destroyed_card_takes_no_resource() {
    let mut c = fresh();
    c.allow(game(&c, three()).winner_takes(destroy("Peru")));
    assert_eq!(c.territory(&t("Peru")).card.destroyed, Some(1));
    let r = c.refuse(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .held("Bob", coin(t("Peru"))),
    );
    assert!(matches!(r, Refusal::CardDestroyed { game: 1, .. }));
}

#[test]
fn a_card_is_destroyed_once() {
    let mut c = fresh();
    c.allow(game(&c, three()).winner_takes(destroy("Peru")));
    let r = c.refuse(game(&c, three()).winner_takes(destroy("Peru")));
    assert!(matches!(r, Refusal::CardDestroyed { game: 1, .. }));
    assert!(!c.standing_cards().contains(&t("Peru")));
}

// ---------------------------------------------------------------------------------------
// §4.5 Clockwise order from the winner decides who gets the last mark
// ---------------------------------------------------------------------------------------

#[test]
fn clockwise_the_first_player_after_the_winner_gets_the_last_minor_city() {
    // Ann won in seat 1; Bob sits before Dan.
    let mut c = one_minor_city_left();
    for listed in [["Dan", "Bob"], ["Bob", "Dan"]] {
        let g = game(&c, five())
            .winner_takes(any_reward(&c))
            .held(listed[0], minor("Japan", &format!("{} Town", listed[0])))
            .held(listed[1], minor("China", &format!("{} Town", listed[1])));
        let r = c.refuse(g);
        assert!(
            matches!(&r, Refusal::LastMarkTaken { kind: PoolKind::MinorCity, person, earlier } if person == "Dan" && earlier == "Bob"),
            "listed {listed:?}: {r:?}"
        );
    }
    let g = game(&c, five())
        .winner_takes(any_reward(&c))
        .held("Dan", coin(t("China")))
        .held("Bob", minor("Japan", "Bob Town"));
    let applied = c.allow(g);
    assert_eq!(
        c.territory(&t("Japan"))
            .city
            .as_ref()
            .unwrap()
            .founder
            .as_deref(),
        Some("Bob")
    );
    let Entry::Game(recorded) = applied.entry else {
        panic!("a game")
    };
    let order: Vec<&str> = recorded.held_on.iter().map(|h| h.person.as_str()).collect();
    assert_eq!(order, ["Bob", "Dan"], "recorded clockwise from the winner");
}

#[test]
fn clockwise_order_wraps_around_a_winner_in_the_middle_of_the_table() {
    // Cat won in seat 3: clockwise from her come Dan, Eve, then Ann and Bob.
    let seats = || {
        vec![
            seat("Ann", "bear", HeldOn),
            seat("Bob", "khan", HeldOn),
            seat("Cat", "saharan", Won),
            seat("Dan", "balkania", HeldOn),
            seat("Eve", "mechaniker", HeldOn),
        ]
    };
    let mut c = one_minor_city_left();
    for listed in [["Ann", "Eve"], ["Eve", "Ann"]] {
        let g = game(&c, seats())
            .winner_takes(any_reward(&c))
            .held(listed[0], minor("Japan", &format!("{} Town", listed[0])))
            .held(listed[1], minor("China", &format!("{} Town", listed[1])));
        let r = c.refuse(g);
        assert!(
            matches!(&r, Refusal::LastMarkTaken { kind: PoolKind::MinorCity, person, earlier } if person == "Ann" && earlier == "Eve"),
            "listed {listed:?}: {r:?}"
        );
    }
    let g = game(&c, seats())
        .winner_takes(any_reward(&c))
        .held("Ann", coin(t("China")))
        .held("Bob", coin(t("India")))
        .held("Eve", minor("Japan", "Eve Town"))
        .held("Dan", coin(t("Ural")));
    let applied = c.allow(g);
    assert_eq!(
        c.territory(&t("Japan"))
            .city
            .as_ref()
            .unwrap()
            .founder
            .as_deref(),
        Some("Eve")
    );
    let Entry::Game(recorded) = applied.entry else {
        panic!("a game")
    };
    let order: Vec<&str> = recorded.held_on.iter().map(|h| h.person.as_str()).collect();
    assert_eq!(order, ["Dan", "Eve", "Ann", "Bob"]);
}

#[test]
fn clockwise_order_decides_the_last_coin_sticker_too() {
    let mut c = fresh();
    c.allow(capacity(
        PoolKind::CoinSticker,
        13,
        "one sticker left in our box",
    ));
    let seats = || {
        vec![
            seat("Ann", "bear", HeldOn),
            seat("Bob", "khan", Won),
            seat("Cat", "saharan", HeldOn),
        ]
    };
    let g = game(&c, seats())
        .winner_takes(any_reward(&c))
        .held("Ann", coin(t("Peru")))
        .held("Cat", coin(t("Egypt")));
    let r = c.refuse(g);
    assert!(
        matches!(&r, Refusal::LastMarkTaken { kind: PoolKind::CoinSticker, person, .. } if person == "Ann")
    );
    let g = game(&c, seats())
        .winner_takes(any_reward(&c))
        .held("Cat", coin(t("Egypt")));
    c.allow(g);
    assert_eq!(c.territory(&t("Egypt")).card.stickers, 1);
}

// ---------------------------------------------------------------------------------------
// §3, §7 Starting territories (HQs)
// ---------------------------------------------------------------------------------------

/// Game 1: Ann founds Kyro (major) in Egypt, Bob the minor city Lima in Peru, a Bunker scar
/// lands in Brazil.
fn marked_board() -> Campaign {
    let mut c = fresh();
    c.allow(
        game(&c, three())
            .scar("Brazil", "Bunker")
            .winner_takes(major("Egypt", "Kyro"))
            .held("Bob", minor("Peru", "Lima")),
    );
    c
}

fn hq_table(ann_hq: &str, bob_hq: &str) -> Vec<Seat> {
    vec![
        seat_at("Ann", "bear", Won, ann_hq),
        seat_at("Bob", "khan", HeldOn, bob_hq),
        seat("Cat", "saharan", HeldOn),
    ]
}

#[test]
fn an_unmarked_territory_and_ones_own_major_city_are_legal_starts() {
    let mut c = marked_board();
    c.allow(game(&c, hq_table("Egypt", "Alaska")).winner_takes(any_reward(&c)));
    // The founder in another spelling is the same person.
    let seats = vec![
        seat_at("ANN", "bear", Won, "Egypt"),
        seat("Bob", "khan", HeldOn),
        seat("Cat", "saharan", HeldOn),
    ];
    c.allow(game(&c, seats).winner_takes(any_reward(&c)));
    assert!(c.is_legal_start(&t("Egypt"), "Ann"));
    assert!(!c.is_legal_start(&t("Egypt"), "Bob"));
}

#[test]
fn a_major_city_is_not_a_legal_start_for_anyone_else() {
    let mut c = marked_board();
    let r = c.refuse(game(&c, hq_table("Alaska", "Egypt")).winner_takes(any_reward(&c)));
    assert!(matches!(&r, Refusal::IllegalStart { person, .. } if person == "Bob"));
}

#[test]
fn a_minor_city_is_not_a_legal_start_even_for_its_founder() {
    let mut c = marked_board();
    let r = c.refuse(game(&c, hq_table("Alaska", "Peru")).winner_takes(any_reward(&c)));
    assert!(matches!(&r, Refusal::IllegalStart { territory, .. } if territory == "Peru"));
}

#[test]
fn a_scarred_territory_is_not_a_legal_start_until_healed() {
    let mut c = marked_board();
    let r = c.refuse(game(&c, hq_table("Brazil", "Alaska")).winner_takes(any_reward(&c)));
    assert!(matches!(&r, Refusal::IllegalStart { territory, .. } if territory == "Brazil"));
    c.allow(game(&c, three()).winner_takes(heal("Brazil")));
    c.allow(game(&c, hq_table("Brazil", "Alaska")).winner_takes(any_reward(&c)));
}

#[test]
fn a_destroyed_card_does_not_mark_its_territory() {
    let mut c = fresh();
    c.allow(game(&c, three()).winner_takes(destroy("Peru")));
    c.allow(game(&c, hq_table("Peru", "Alaska")).winner_takes(any_reward(&c)));
}

#[test]
fn two_players_cannot_share_an_hq() {
    let mut c = fresh();
    let r = c.refuse(game(&c, hq_table("Quebec", "Eastern Canada")).winner_takes(destroy("Peru")));
    assert!(
        matches!(&r, Refusal::SameHq { first, second, .. } if first == "Ann" && second == "Bob")
    );
    c.allow(game(&c, hq_table("Quebec", "Peru")).winner_takes(destroy("Egypt")));
}

// ---------------------------------------------------------------------------------------
// Dates never go backwards
// ---------------------------------------------------------------------------------------

#[test]
fn a_game_dated_before_the_last_game_is_refused() {
    let mut c = fresh();
    c.allow(
        game(&c, three())
            .dated(date(10))
            .winner_takes(destroy("Peru")),
    );
    let r = c.refuse(
        game(&c, three())
            .dated(date(9))
            .winner_takes(destroy("Egypt")),
    );
    assert!(matches!(r, Refusal::DateBeforeLastGame { game: 2, .. }));
}

#[test]
fn a_game_on_the_same_day_or_later_is_logged() {
    let mut c = fresh();
    for day in [10, 10, 11] {
        c.allow(
            game(&c, three())
                .dated(date(day))
                .winner_takes(any_reward(&c)),
        );
    }
    assert_eq!(c.last_date(), Some(date(11)));
}

// ---------------------------------------------------------------------------------------
// §6 Sealed packets
// ---------------------------------------------------------------------------------------

fn with_elimination() -> Vec<Seat> {
    vec![
        seat("Ann", "bear", Won),
        seat("Bob", "khan", HeldOn),
        seat("Cat", "saharan", Eliminated),
    ]
}

#[test]
fn a_game_reports_the_first_elimination() {
    let mut c = after_games(1);
    let applied = c.allow(game(&c, with_elimination()).winner_takes(any_reward(&c)));
    assert!(applied.packets_met.contains(&Packet::FirstElimination));
    assert_eq!(c.eliminations(), 1);
    // Met once: the next elimination reports nothing new.
    let applied = c.allow(game(&c, with_elimination()).winner_takes(any_reward(&c)));
    assert!(!applied.packets_met.contains(&Packet::FirstElimination));
}

#[test]
fn a_game_reports_the_second_signature() {
    let mut c = fresh();
    let applied = c.allow(game(&c, three()).winner_takes(any_reward(&c)));
    assert!(!applied.packets_met.contains(&Packet::SecondSignature));
    let seats = vec![
        seat("Bob", "khan", HeldOn),
        seat("ann", "bear", Won),
        seat("Cat", "saharan", HeldOn),
    ];
    let applied = c.allow(game(&c, seats).winner_takes(any_reward(&c)));
    assert_eq!(applied.packets_met, [Packet::SecondSignature]);
}

#[test]
fn two_first_signatures_are_not_a_second_signature() {
    let mut c = fresh();
    c.allow(game(&c, three()).winner_takes(any_reward(&c)));
    let seats = vec![
        seat("Ann", "bear", HeldOn),
        seat("Bob", "khan", Won),
        seat("Cat", "saharan", HeldOn),
    ];
    let applied = c.allow(game(&c, seats).winner_takes(any_reward(&c)));
    assert!(applied.packets_met.is_empty());
}

#[test]
fn a_game_reports_the_9th_minor_city() {
    let mut c = one_minor_city_left();
    let applied = c.allow(rewarded(&c, any_reward(&c), vec![]));
    assert!(applied.packets_met.is_empty(), "8 cities: not yet");
    let applied = c.allow(rewarded(&c, any_reward(&c), vec![town(t("Japan"))]));
    assert_eq!(applied.packets_met, [Packet::MinorCities]);
}

#[test]
fn a_packet_opened_in_the_game_that_met_it_is_not_reported_again() {
    let mut c = fresh();
    let applied = c.allow(
        game(&c, with_elimination())
            .winner_takes(any_reward(&c))
            .opens(Packet::FirstElimination),
    );
    assert!(applied.packets_met.is_empty());
    assert_eq!(c.opened(Packet::FirstElimination).unwrap().game, 1);
}

#[test]
fn a_packet_may_be_opened_in_a_game_after_the_one_that_met_it() {
    let mut c = fresh();
    c.allow(game(&c, with_elimination()).winner_takes(any_reward(&c)));
    c.allow(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .opens(Packet::FirstElimination),
    );
    assert_eq!(c.opened(Packet::FirstElimination).unwrap().game, 2);
}

#[test]
fn a_packet_opens_once() {
    let mut c = fresh();
    c.allow(
        game(&c, with_elimination())
            .winner_takes(any_reward(&c))
            .opens(Packet::FirstElimination)
            .opens(Packet::ThreeMissiles),
    );
    for packet in [Packet::FirstElimination, Packet::ThreeMissiles] {
        let r = c.refuse(
            game(&c, with_elimination())
                .winner_takes(any_reward(&c))
                .opens(packet),
        );
        assert!(
            matches!(r, Refusal::PacketOpened { game: 1, .. }),
            "{packet:?}"
        );
    }
    let twice = game(&c, three())
        .winner_takes(any_reward(&c))
        .opens(Packet::DoNotOpen)
        .opens(Packet::DoNotOpen);
    assert!(matches!(c.refuse(twice), Refusal::PacketOpened { .. }));
}

#[test]
fn the_packets_the_ledger_sees_cannot_open_before_their_condition() {
    let mut c = fresh();
    for packet in [
        Packet::MinorCities,
        Packet::FirstElimination,
        Packet::SecondSignature,
    ] {
        let r = c.refuse(game(&c, three()).winner_takes(any_reward(&c)).opens(packet));
        assert!(
            matches!(r, Refusal::PacketNotYet { packet: p, .. } if p == packet),
            "{packet:?}"
        );
    }
    // The group reports the others: they open whenever it says.
    c.allow(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .opens(Packet::WorldCapital)
            .opens(Packet::ThirtyTroops),
    );
    assert_eq!(c.packets_opened().len(), 2);
}

#[test]
fn the_minor_cities_packet_opens_with_the_9th_minor_city() {
    let mut c = one_minor_city_left();
    let r = c.refuse(rewarded(&c, any_reward(&c), vec![]).opens(Packet::MinorCities));
    assert!(matches!(r, Refusal::PacketNotYet { .. }));
    c.allow(rewarded(&c, any_reward(&c), vec![town(t("Japan"))]).opens(Packet::MinorCities));
    assert!(c.opened(Packet::MinorCities).is_some());
}

#[test]
fn the_second_signature_packet_opens_with_the_second_signature() {
    let mut c = after_games(1);
    c.allow(
        game(&c, three())
            .winner_takes(any_reward(&c))
            .opens(Packet::SecondSignature),
    );
    assert_eq!(c.opened(Packet::SecondSignature).unwrap().game, 2);
}

#[test]
fn the_minor_cities_packet_stays_met_after_the_pool_is_raised() {
    let mut c = one_minor_city_left();
    let applied = c.allow(rewarded(&c, any_reward(&c), vec![town(t("Japan"))]));
    assert_eq!(applied.packets_met, [Packet::MinorCities]);
    c.allow(capacity(
        PoolKind::MinorCity,
        10,
        "our box has a spare sheet",
    ));
    // The 9th minor city has been founded: rules §6 say the packet may open.
    c.allow(rewarded(&c, any_reward(&c), vec![]).opens(Packet::MinorCities));
}

#[test]
fn the_9th_minor_city_is_reported_whatever_the_pool_holds() {
    let mut c = fresh();
    c.allow(capacity(
        PoolKind::MinorCity,
        10,
        "our box has a spare sheet",
    ));
    for places in [0..4, 4..8] {
        c.allow(rewarded(
            &c,
            any_reward(&c),
            places.map(|i| town(nth(i))).collect(),
        ));
    }
    let applied = c.allow(rewarded(&c, any_reward(&c), vec![town(t("Japan"))]));
    assert_eq!(applied.packets_met, [Packet::MinorCities]);
}

// ---------------------------------------------------------------------------------------
// Names: closest matches, aliases, faction words, any script
// ---------------------------------------------------------------------------------------

#[test]
fn a_misspelt_territory_gets_the_closest_names() {
    let r = Territory::find("Brasil").unwrap_err();
    assert!(matches!(&r, Refusal::UnknownName { closest, .. } if closest == &["Brazil"]));
    let r = Territory::find("East Asia").unwrap_err();
    assert!(
        matches!(&r, Refusal::UnknownName { closest, .. } if closest == &["China", "Mongolia"])
    );
}

#[test]
fn territories_are_found_by_the_names_players_use() {
    let name = |s: &str| Territory::find(s).map(|t| t.name().to_string());
    assert_eq!(name("Quebec").as_deref(), Ok("Eastern Canada"));
    assert_eq!(name("QUÉBEC").as_deref(), Ok("Eastern Canada"));
    assert_eq!(name("Ukraine").as_deref(), Ok("Russia"));
    assert_eq!(name("Congo").as_deref(), Ok("Central Africa"));
    assert_eq!(name("Siam").as_deref(), Ok("Southeast Asia"));
    assert_eq!(name("Western US").as_deref(), Ok("Western United States"));
    assert_eq!(name("eastern u.s.").as_deref(), Ok("Eastern United States"));
}

#[test]
fn factions_are_found_by_a_word_and_unknown_ones_get_hints() {
    let mut c = fresh();
    let name = |s: &str| c.find_faction(s).map(|f| f.name().to_string());
    assert_eq!(name("bear").unwrap(), "Enclave of the Bear");
    assert_eq!(name("Khan").unwrap(), "Khan Industries");
    assert_eq!(name("saharan").unwrap(), "Saharan Republic");
    assert_eq!(name("balkania").unwrap(), "Imperial Balkania");
    assert_eq!(name("mech").unwrap(), "Die Mechaniker");
    let r = c.find_faction("beer").unwrap_err();
    assert!(
        matches!(&r, Refusal::UnknownName { closest, .. } if closest.first().map(String::as_str) == Some("Enclave of the Bear"))
    );
    let r = c.refuse(
        game(
            &c,
            vec![
                seat("Ann", "martians", Won),
                seat("Bob", "khan", HeldOn),
                seat("Cat", "saharan", HeldOn),
            ],
        )
        .winner_takes(destroy("Peru")),
    );
    assert!(matches!(
        r,
        Refusal::UnknownName {
            what: "faction",
            ..
        }
    ));
}

#[test]
fn names_in_any_script_are_kept_intact() {
    let mut c = fresh();
    let seats = vec![
        seat("Дмитрий", "bear", Won),
        seat("Zoë", "khan", HeldOn),
        seat("李娜", "saharan", HeldOn),
    ];
    let g = game(&c, seats)
        .winner_takes(name_continent("Asia", "Офигеназия"))
        .held("Zoë", minor("Northern Europe", "Čechy"));
    c.allow(g);
    assert_eq!(names(c.people()), ["Дмитрий", "Zoë", "李娜"]);
    assert_eq!(c.continent_name(continent("Asia")), "Офигеназия");
    assert_eq!(c.find_continent("офигеназия"), Ok(continent("Asia")));
    let city = c.territory(&t("Northern Europe")).city.clone().unwrap();
    assert_eq!(
        (&*city.name, city.founder.as_deref().unwrap_or_default()),
        ("Čechy", "Zoë")
    );
    assert_eq!(&*c.signatures()[0].person, "Дмитрий");

    // The same person in capitals, in Cyrillic too.
    let seats = vec![
        seat("ДМИТРИЙ", "bear", Won),
        seat("Zoë", "khan", HeldOn),
        seat("李娜", "saharan", HeldOn),
    ];
    c.allow(game(&c, seats).winner_takes(any_reward(&c)));
    assert_eq!(c.signatures_of("Дмитрий"), 2);
    let twice = vec![
        seat("Дмитрий", "bear", Won),
        seat("дмитрий", "khan", HeldOn),
        seat("李娜", "saharan", HeldOn),
    ];
    let r = c.refuse(game(&c, twice).winner_takes(any_reward(&c)));
    assert!(matches!(r, Refusal::SamePersonTwice { .. }));
}
