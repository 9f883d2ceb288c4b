//! The cards a game draws and the cases the rules leave open, as chronicle decides them
//! (docs/rules.md §6g, §6h).
//!
//! A 9th minor city is founded, and a board signed a second time, when a game ends: no card
//! drawn during that game comes from the packet its end opens, on every way in (a game
//! logged, a game edited, a campaign file imported, a log replayed). Each open case is
//! pinned as decided: kept or changed, the reason is in the rules.
//!
//! The rules are tested on the domain (`Campaign::apply`, `CheckedLog`, the game form); the
//! command line's `game log`, `game edit` and `import` of such a card are in `game_facts`.

use chronicle::domain::log::CheckedLog;
use chronicle::domain::{
    Body, Campaign, Correction, Entry, EntryId, EventCard, Game, HeldOnChoice, HeldOnReward,
    LogRecord, Mission, Outcome, Packet, Place, PlayEvent, Refusal, Reward, RuleSet, ScarPlacement,
    Seat, Wear,
};
use chrono::NaiveDate;

use crate::common::builders::{Log, next_date, seat, t};

use Outcome::{HeldOn, KnockedOut, Won};

// ---------------------------------------------------------------------------------------
// Builders for the domain
// ---------------------------------------------------------------------------------------

/// A campaign set up for game 1.
fn fresh() -> Campaign {
    let mut campaign = Campaign::new();
    crate::common::set_up(&mut campaign);
    campaign
}

/// The faction of each of the people who play, as the campaign spells it.
fn faction(person: &str) -> &'static str {
    match person {
        "Ann" => "Enclave of the Bear",
        "Bo" | "Bob" => "Khan Industries",
        "Cy" => "Saharan Republic",
        _ => "Imperial Balkania",
    }
}

/// `winner` (of `people`) wins; the others hold on, in the order given.
fn table(people: &[&str], winner: &str) -> Vec<Seat> {
    people
        .iter()
        .map(|p| {
            let result = if *p == winner { Won } else { HeldOn };
            seat(p, faction(p), result)
        })
        .collect()
}

/// A game of Ann, Bo and Cy a week after the last, `winner` winning and declining the reward
/// (while there are rewards to decline).
fn game_won_by(c: &Campaign, winner: &str) -> Game {
    let mut game = Game::new(next_date(c), table(&["Ann", "Bo", "Cy"], winner));
    game.declined = c.games_played() < 15;
    game
}

fn mission(text: &str, by: &str) -> Mission {
    Mission {
        text: text.to_string(),
        done_by: Some(by.to_string()),
    }
}

fn event_card(name: &str, person: &str) -> EventCard {
    EventCard {
        name: name.to_string(),
        person: Some(person.to_string()),
        text: None,
    }
}

/// Game 1 won by Ann: the next game Ann wins signs the board a second time.
fn one_signature() -> Campaign {
    let mut c = fresh();
    let game = game_won_by(&c, "Ann");
    c.allow(game);
    c
}

/// Ann's second signature, in the game that opens Second signature at its end.
fn second_signature(c: &Campaign) -> Game {
    let mut game = game_won_by(c, "Ann");
    game.opened.push(Packet::SecondSignature);
    game
}

/// Games 1 and 2 of four players found six minor cities; the third game founds the last
/// three, the 9th of them among them.
fn six_minor_cities() -> Campaign {
    let mut c = fresh();
    for cities in [["Peru", "Brazil", "Egypt"], ["Alaska", "Ontario", "Quebec"]] {
        let game = founding(&c, cities);
        c.allow(game);
    }
    c
}

/// A game of Ann, Bo, Cy and Di, Ann winning and declining, the three who held on each
/// founding a minor city in `cities`.
fn founding(c: &Campaign, cities: [&str; 3]) -> Game {
    let mut game = Game::new(next_date(c), table(&["Ann", "Bo", "Cy", "Di"], "Ann"));
    game.declined = true;
    for (person, territory) in ["Bo", "Cy", "Di"].into_iter().zip(cities) {
        game.held_on.push(HeldOnReward {
            person: person.to_string(),
            choice: HeldOnChoice::MinorCity {
                territory: t(territory),
                name: format!("{territory} Nova"),
            },
        });
    }
    game
}

fn opened_at_the_end(what: &'static str, packet: Packet, game: u32) -> Refusal {
    Refusal::PacketOpenedAtGameEnd {
        what,
        packets: vec![packet],
        game,
    }
}

fn id(n: u32) -> EntryId {
    EntryId(format!("00000000-0000-7000-8000-{n:012}").into())
}

/// The records of a log of `entries`, each taken as it stands (not applied first).
fn records_of(entries: &[Entry]) -> Vec<LogRecord> {
    (1..)
        .zip(entries)
        .map(|(seq, entry)| LogRecord {
            id: id(seq),
            seq,
            recorded_at: "2026-05-01T10:00:00Z".to_string(),
            rules: RuleSet::CURRENT,
            origin: None,
            logged_by: None,
            parent: (seq > 1).then(|| id(seq - 1)),
            place: Place::End,
            body: Body::Add(entry.clone().into()),
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// A card of the game that opens its packet at its end (rules §6g)
// ---------------------------------------------------------------------------------------

#[test]
fn a_mission_in_the_game_of_the_second_signature_is_refused_naming_the_packet_and_the_game() {
    let mut c = one_signature();
    let mut game = second_signature(&c);
    game.missions.push(mission("hold Asia", "Bo"));
    let refusal = c.refuse(game);
    assert_eq!(
        refusal,
        opened_at_the_end("A mission", Packet::SecondSignature, 2)
    );
    let sentence = refusal.to_string();
    for words in ["Second signature", "game 2", "at its end", "game 3"] {
        assert!(sentence.contains(words), "{words} not in: {sentence}");
    }
    // The same game without the card is the game the group played; the card is the next's.
    let game = second_signature(&c);
    c.allow(game);
    let mut next = game_won_by(&c, "Bo");
    next.missions.push(mission("hold Asia", "Bo"));
    c.allow(next);
}

#[test]
fn an_event_card_in_the_game_of_the_ninth_minor_city_is_refused() {
    let mut c = six_minor_cities();
    let ninth = |c: &Campaign| {
        let mut game = founding(c, ["Ural", "Siam", "India"]);
        game.opened.push(Packet::MinorCities);
        game
    };
    let mut drawn = ninth(&c);
    drawn.event_cards.push(event_card("Boom", "Bo"));
    assert_eq!(
        c.refuse(drawn),
        opened_at_the_end("An event card", Packet::MinorCities, 3)
    );
    c.allow(ninth(&c));
    let mut next = game_won_by(&c, "Cy");
    next.event_cards.push(event_card("Boom", "Bo"));
    c.allow(next);
}

#[test]
fn two_packets_opened_at_one_games_end_are_both_named() {
    let mut c = fresh();
    for cities in [["Peru", "Brazil", "Egypt"], ["Alaska", "Ontario", "Quebec"]] {
        let game = founding(&c, cities);
        c.allow(game);
    }
    // Ann signed games 1 and 2: game 3 makes her third signature, so Second signature is
    // due; opened at the end of game 3 with Minor cities, neither holds its cards.
    let mut game = founding(&c, ["Ural", "Siam", "India"]);
    game.opened = vec![Packet::MinorCities, Packet::SecondSignature];
    game.event_cards.push(event_card("Boom", "Bo"));
    assert_eq!(
        c.refuse(game),
        Refusal::PacketOpenedAtGameEnd {
            what: "An event card",
            packets: vec![Packet::MinorCities, Packet::SecondSignature],
            game: 3,
        }
    );
}

#[test]
fn a_card_of_a_packet_opened_during_the_game_or_before_it_stays_legal() {
    // Three missiles opens during play: its event cards may be drawn in the same game.
    let mut c = fresh();
    let mut game = game_won_by(&c, "Ann");
    game.opened.push(Packet::ThreeMissiles);
    game.event_cards.push(event_card("Big Event", "Cy"));
    c.allow(game);
    // Second signature opened at the end of game 2; another event packet stood open before,
    // so the game's event card comes from that one.
    let mut game = second_signature(&c);
    game.event_cards.push(event_card("Big Event", "Bo"));
    c.allow(game);
    // The World capital opens when the capital is about to be placed: its private missions
    // may be played in that game.
    let mut c = fresh();
    let mut game = game_won_by(&c, "Ann");
    game.opened.push(Packet::WorldCapital);
    game.events.push(PlayEvent::WorldCapital {
        territory: t("Egypt"),
        name: "Capitol".to_string(),
    });
    game.missions.push(mission("take the capital", "Cy"));
    c.allow(game);
}

#[test]
fn a_packet_opened_between_games_holds_the_cards_of_the_next_game() {
    let mut c = one_signature();
    let game = game_won_by(&c, "Ann");
    c.allow(game);
    c.allow(Entry::OpenPacket {
        packet: Packet::SecondSignature,
        game: 2,
    });
    let mut game = game_won_by(&c, "Cy");
    game.missions.push(mission("hold Asia", "Cy"));
    game.event_cards.push(event_card("Boom", "Ann"));
    c.allow(game);
}

#[test]
fn a_replayed_log_with_a_card_of_the_game_that_opened_its_packet_breaks() {
    let mut c = Campaign::new();
    let mut entries: Vec<Entry> = setup_entries()
        .into_iter()
        .map(|entry| c.allow(entry).entry)
        .collect();
    let game = game_won_by(&c, "Ann");
    entries.push(c.allow(game).entry);
    let mut game = second_signature(&c);
    game.missions.push(mission("hold Asia", "Bo"));
    entries.push(Entry::Game(Box::new(game)));
    let broken = CheckedLog::new(records_of(&entries), NaiveDate::MAX)
        .expect_err("the mission breaks the log");
    assert_eq!(broken.seq, entries.len() as u32);
    assert_eq!(
        broken.refusal,
        opened_at_the_end("A mission", Packet::SecondSignature, 2)
    );
}

/// The setup before game 1 as entries.
fn setup_entries() -> Vec<Entry> {
    use chronicle::domain::{Faction, Power};
    let mut entries: Vec<Entry> = chronicle::domain::board::faction::STANDARD_FACTIONS
        .iter()
        .map(|f| Entry::Power {
            faction: Faction::new(f.name),
            power: Power::A,
        })
        .collect();
    entries.push(Entry::Coins {
        territories: crate::common::SET_UP[5][1..].iter().map(|n| t(n)).collect(),
    });
    entries
}

#[test]
fn the_game_form_asks_for_cards_only_from_a_packet_that_holds_them_in_this_game() {
    use chronicle::ledger::form::GameForm;
    let c = one_signature();
    let asked = |game: &Game| -> Vec<String> {
        GameForm::of_game(c.clone(), game.date, game)
            .steps()
            .into_iter()
            .map(|step| step.id)
            .filter(|id| id == "event-1" || id == "mission-1")
            .collect()
    };
    assert!(
        asked(&second_signature(&c)).is_empty(),
        "Second signature opens at the game's end"
    );
    let mut missiles = game_won_by(&c, "Bo");
    missiles.opened.push(Packet::ThreeMissiles);
    assert_eq!(
        asked(&missiles),
        ["event-1"],
        "Three missiles opens during play"
    );
}

// ---------------------------------------------------------------------------------------
// The cases the rules leave open (rules §6h)
// ---------------------------------------------------------------------------------------

#[test]
fn an_event_card_may_name_a_player_knocked_out_at_the_end() {
    let mut c = fresh();
    let mut game = game_won_by(&c, "Ann");
    game.opened.push(Packet::ThreeMissiles);
    game.seats[2].result = KnockedOut;
    game.event_cards.push(event_card("Raid", "Cy"));
    let applied = c.allow(game);
    let Entry::Game(recorded) = &applied.entry else {
        panic!("a game")
    };
    assert_eq!(recorded.event_cards[0].person.as_deref(), Some("Cy"));
}

#[test]
fn minor_cities_opens_in_the_game_that_founds_the_ninth_city_and_not_before() {
    let mut c = fresh();
    let mut early = founding(&c, ["Peru", "Brazil", "Egypt"]);
    early.opened.push(Packet::MinorCities);
    assert!(
        matches!(
            c.refuse(early),
            Refusal::PacketNotYet {
                packet: Packet::MinorCities,
                ..
            }
        ),
        "Minor cities opened with 3 of 9 cities"
    );
    let mut c = six_minor_cities();
    let mut ninth = founding(&c, ["Ural", "Siam", "India"]);
    ninth.opened.push(Packet::MinorCities);
    c.allow(ninth);
    let opening = c.opened(Packet::MinorCities).expect("opened");
    assert_eq!((opening.game, opening.between), (3, false));
}

#[test]
fn do_not_open_may_be_opened_between_any_two_games() {
    let mut c = one_signature();
    c.allow(Entry::OpenPacket {
        packet: Packet::DoNotOpen,
        game: 1,
    });
    let opening = c.opened(Packet::DoNotOpen).expect("opened");
    assert_eq!((opening.game, opening.between), (1, true));
}

#[test]
fn a_scar_may_go_on_a_territory_fallout_hit() {
    let mut c = fresh();
    let scar = |territory: &str| ScarPlacement {
        territory: t(territory),
        scar: "Bunker".to_string(),
        by: None,
    };
    let mut game = game_won_by(&c, "Ann");
    game.events.push(PlayEvent::Fallout {
        territory: t("Egypt"),
    });
    c.allow(game);
    let mut game = game_won_by(&c, "Bo");
    game.scars.push(scar("Egypt"));
    c.allow(game);
    // In the game fallout hits it too.
    let mut game = game_won_by(&c, "Cy");
    game.scars.push(scar("Peru"));
    game.events.push(PlayEvent::Fallout {
        territory: t("Peru"),
    });
    c.allow(game);
    for territory in ["Egypt", "Peru"] {
        let state = c.territory(&t(territory));
        assert!(
            state.scar.is_some() && state.fallout.is_some(),
            "{territory}"
        );
    }
}

#[test]
fn no_major_city_goes_where_fallout_hit_earlier_in_the_same_game() {
    let mut c = fresh();
    let mut game = game_won_by(&c, "Ann");
    game.declined = false;
    game.reward = Some(Reward::MajorCity {
        territory: t("Peru"),
        name: "Lima".to_string(),
    });
    game.events.push(PlayEvent::Fallout {
        territory: t("Peru"),
    });
    assert_eq!(
        c.refuse(game),
        Refusal::CityOnFallout {
            territory: "Peru".to_string(),
            game: 1,
        }
    );
}

/// Game 1 founds the major city Rio in Brazil; game 2 fortifies it by the winner's reward.
fn fortified_brazil(fortify_in_game_2: bool) -> Campaign {
    let mut c = fresh();
    let mut game = game_won_by(&c, "Ann");
    game.declined = false;
    game.reward = Some(Reward::MajorCity {
        territory: t("Brazil"),
        name: "Rio".to_string(),
    });
    c.allow(game);
    if fortify_in_game_2 {
        let mut game = game_won_by(&c, "Bo");
        game.declined = false;
        game.reward = Some(Reward::Fortify {
            territory: t("Brazil"),
        });
        c.allow(game);
    }
    c
}

fn wear(territory: &str, boxes: u8) -> Wear {
    Wear {
        territory: t(territory),
        boxes,
    }
}

#[test]
fn wear_counts_from_the_game_after_an_event_fortified_the_city() {
    let mut c = fortified_brazil(false);
    let fortified_by_event = |c: &Campaign| {
        let mut game = game_won_by(c, "Bo");
        game.opened.push(Packet::ThreeMissiles);
        game.events.push(PlayEvent::Fortify {
            territory: t("Brazil"),
        });
        game
    };
    let mut worn = fortified_by_event(&c);
    worn.wear.push(wear("Brazil", 1));
    assert!(
        matches!(c.refuse(worn), Refusal::NotFortified { ref territory, .. } if territory == "Brazil")
    );
    c.allow(fortified_by_event(&c));
    let mut next = game_won_by(&c, "Cy");
    next.wear.push(wear("Brazil", 1));
    c.allow(next);
    let boxes = c
        .territory(&t("Brazil"))
        .fortification
        .as_ref()
        .map(|f| f.boxes_left);
    assert_eq!(boxes, Some(9));
}

#[test]
fn wear_on_a_city_that_fallout_takes_later_in_the_game_is_accepted() {
    let mut c = fortified_brazil(true);
    let mut game = game_won_by(&c, "Cy");
    game.wear.push(wear("Brazil", 2));
    game.events.push(PlayEvent::Fallout {
        territory: t("Brazil"),
    });
    c.allow(game);
    let state = c.territory(&t("Brazil"));
    assert!(state.city.is_none() && state.fortification.is_none());
}

#[test]
fn wear_of_no_box_is_refused() {
    let mut c = fortified_brazil(true);
    let mut game = game_won_by(&c, "Cy");
    game.wear.push(wear("Brazil", 0));
    assert_eq!(
        c.refuse(game),
        Refusal::NoWear {
            territory: "Brazil".to_string()
        }
    );
}

#[test]
fn a_merge_that_ties_the_worlds_namer_keeps_the_name() {
    // Ann wins 1–6; Bo 7–10; Bob, the same person typed another way, 11–12; Cy 13–15. Ann
    // names the world with 6 signatures to Bo's 4; merged, Bo has 6 too.
    let mut entries = setup_entries();
    let mut replayed = Campaign::new();
    for entry in &entries {
        replayed.allow(entry.clone());
    }
    let winners = [
        "Ann", "Ann", "Ann", "Ann", "Ann", "Ann", "Bo", "Bo", "Bo", "Bo", "Bob", "Bob", "Cy", "Cy",
        "Cy",
    ];
    for (n, winner) in (1..).zip(winners) {
        let mut game = game_won_by(&replayed, if winner == "Bob" { "Bo" } else { winner });
        if (11..=12).contains(&n) {
            for s in &mut game.seats {
                if s.person == "Bo" {
                    s.person = "Bob".to_string();
                }
            }
        }
        entries.push(replayed.allow(game).entry);
    }
    entries.push(Entry::NameWorld {
        name: "Terra".to_string(),
        by: "Ann".to_string(),
    });
    let mut log = records_of(&entries);
    let seq = log.len() as u32 + 1;
    log.push(LogRecord {
        body: Body::Correct(Correction::MergePerson {
            from: "Bob".to_string(),
            into: "Bo".to_string(),
        }),
        id: id(seq),
        seq,
        parent: Some(id(seq - 1)),
        ..log[0].clone()
    });
    let checked = CheckedLog::new(log, NaiveDate::MAX).expect("the merge keeps the name");
    let world = checked.campaign().world().expect("named");
    assert_eq!((world.name.as_str(), world.by.as_str()), ("Terra", "Ann"));
    let mut tied = world.roll_off.clone();
    tied.sort();
    assert_eq!(
        tied,
        ["Ann", "Bo"],
        "the naming now reads as a roll-off Ann won"
    );
    let c = checked.campaign();
    assert_eq!((c.signatures_of("Ann"), c.signatures_of("Bo")), (6, 6));
}
