//! The game form on its own, without a terminal: which question comes next, what each one
//! offers given the answers before it, what it refuses and in which words, and where a step
//! back or a change of one part lands. The terminal prompt and a phone form both drive it.

use chronicle::cli::demo::demo_entries;
use chronicle::domain::{Campaign, Entry, Game, Outcome, Reward, Territory};
use chronicle::ledger::form::{Answer, Back, GameForm, Kind, Part, Refused, Usual};
use chrono::NaiveDate;

use crate::common::builders::{Log, date, seat, seat_at, t};
use crate::common::set_up;

fn today() -> NaiveDate {
    date(60)
}

/// Set up, then game 1: Ann won in Alaska, Bo held on in Peru, Cy was eliminated; Kyro
/// founded in Egypt.
fn after_one_game() -> (Campaign, Game) {
    let mut campaign = Campaign::new();
    set_up(&mut campaign);
    let mut game = Game::new(
        date(1),
        vec![
            seat_at("Ann", "bear", Outcome::Won, "Alaska"),
            seat_at("Bo", "khan", Outcome::HeldOn, "Peru"),
            seat("Cy", "saharan", Outcome::Eliminated),
        ],
    );
    game.reward = Some(Reward::MajorCity {
        territory: t("Egypt"),
        name: "Kyro".to_string(),
    });
    let applied = campaign.allow(game);
    let Entry::Game(game) = applied.entry else {
        panic!("a game")
    };
    (campaign, *game)
}

fn form() -> GameForm {
    let (campaign, game) = after_one_game();
    GameForm::new(campaign, today(), Usual::of_games([&game]))
}

fn one(value: &str) -> Answer {
    Answer::One(value.to_string())
}

/// Answers the question asked now, which must be `id`.
fn say(form: &mut GameForm, id: &str, value: &str) {
    let step = form.next().expect("a question");
    assert_eq!(step.id, id, "the question asked now");
    form.answer(id, &one(value))
        .unwrap_or_else(|r| panic!("{id} = {value:?} refused: {r}"));
}

/// Seats Bo (Peru), Ann (Eastern Canada), Cy and Dee, four players.
fn seat_four(form: &mut GameForm) {
    say(form, "date", "2026-02-20");
    for (n, person, faction, hq) in [
        (1, "Bo", "Khan Industries", "Peru"),
        (2, "Ann", "Enclave of the Bear", "Eastern Canada"),
        (3, "Cy", "Saharan Republic", ""),
        (4, "Dee", "Die Mechaniker", ""),
    ] {
        say(form, &format!("player-{n}"), person);
        say(form, &format!("faction-{n}"), faction);
        say(form, &format!("hq-{n}"), hq);
    }
    say(form, "player-5", "");
}

fn offered(form: &GameForm) -> Vec<String> {
    let step = form.next().expect("a question");
    step.options.iter().map(|o| o.value.clone()).collect()
}

#[test]
fn the_likely_answers_come_first_last_games_people_in_their_seats_and_each_ones_faction() {
    let mut form = form();
    let date = form.next().expect("the date");
    assert_eq!(date.default, one(&today().to_string()));
    say(&mut form, "date", "2026-02-20");
    let first = form.next().expect("player 1");
    assert_eq!(first.default, one("Ann"));
    assert_eq!(first.kind, Kind::Search);
    assert_eq!(first.new, Some("someone new"));
    say(&mut form, "player-1", "Ann");
    assert_eq!(
        form.next().expect("a faction").default,
        one("Enclave of the Bear")
    );
    say(&mut form, "faction-1", "Enclave of the Bear");
    say(&mut form, "hq-1", "");
    assert_eq!(form.next().expect("player 2").default, one("Bo"));
}

#[test]
fn an_hq_next_to_another_players_is_not_offered_and_typed_is_refused_with_the_rule() {
    let mut form = form();
    say(&mut form, "date", "2026-02-20");
    say(&mut form, "player-1", "Bo");
    say(&mut form, "faction-1", "Khan Industries");
    // Kyro marks Egypt: a start for Ann, who founded it, not for Bo.
    assert!(!offered(&form).contains(&"Egypt".to_string()));
    let refused = form
        .check("hq-1", &one("kyro"))
        .expect_err("Egypt is marked");
    assert!(
        refused.to_string().contains("not a legal start for Bo"),
        "{refused}"
    );
    say(&mut form, "hq-1", "Eastern Canada");
    say(&mut form, "player-2", "Ann");
    say(&mut form, "faction-2", "Enclave of the Bear");
    let starts = offered(&form);
    assert!(starts.contains(&"Alaska".to_string()), "{starts:?}");
    assert!(starts.contains(&"Egypt".to_string()), "{starts:?}");
    for next_door in [
        "Ontario",
        "Greenland",
        "Eastern United States",
        "Eastern Canada",
    ] {
        assert!(
            !starts.contains(&next_door.to_string()),
            "{next_door} offered"
        );
    }
    let refused = form
        .check("hq-2", &one("ontario"))
        .expect_err("Ontario refused");
    let Refused::Rule(rule) = &refused else {
        panic!("a rule: {refused}")
    };
    let words = rule.to_string();
    assert!(words.contains("next to Bo's in Eastern Canada"), "{words}");
    assert!(words.contains("adjacent-hq"), "{words}");
    // The HQ is still the question; a city's name finds its territory.
    assert_eq!(form.next().expect("the HQ").id, "hq-2");
    assert_eq!(form.check("hq-2", &one("kyro")), Ok(one("Egypt")));
}

#[test]
fn a_name_nobody_has_is_someone_new_and_a_name_like_someone_known_is_asked_about() {
    let mut form = form();
    say(&mut form, "date", "2026-02-20");
    assert_eq!(form.check("player-1", &one("Dee")), Ok(one("Dee")));
    assert_eq!(form.check("player-1", &one("ann")), Ok(one("Ann")));
    say(&mut form, "player-1", "Anne");
    let same = form.next().expect("the same person?");
    assert_eq!(same.id, "same-1");
    assert_eq!(same.prompt, "Anne looks like Ann: same person?");
    // The person known is the first option and the default; someone new is chosen.
    assert_eq!(same.kind, Kind::Choice);
    assert_eq!(same.default, one("yes"));
    let offered: Vec<(&str, &str)> = same
        .options
        .iter()
        .map(|o| (o.value.as_str(), o.label.as_str()))
        .collect();
    assert_eq!(
        offered,
        [
            ("yes", "Ann (the same person, mistyped)"),
            ("no", "Anne (someone new)")
        ]
    );
    let mut same_person = form.clone();
    say(&mut same_person, "same-1", "yes");
    assert_eq!(
        same_person.next().expect("a faction").prompt,
        "Ann's faction"
    );
    assert!(same_person.new_people().is_empty());
    say(&mut form, "same-1", "no");
    assert_eq!(form.next().expect("a faction").prompt, "Anne's faction");
    assert_eq!(form.new_people(), ["Anne"]);
}

#[test]
fn stepping_back_from_the_winner_lands_on_the_last_seats_hq_with_its_answer() {
    let mut form = form();
    seat_four(&mut form);
    assert_eq!(form.next().expect("the winner").id, "winner");
    assert_eq!(form.back(), Back::Question);
    let hq = form.next().expect("the last HQ");
    assert_eq!(hq.id, "hq-4");
    assert_eq!(hq.answer, Some(one("")));
    // Taken as it was, the next question is player 5 (still nobody), then the winner.
    say(&mut form, "hq-4", "");
    say(&mut form, "player-5", "");
    assert_eq!(form.next().expect("the winner").id, "winner");
    assert_eq!(form.game().seats.len(), 4);
}

/// A reward's territory starts on the likely answer: the player's HQ, then the territories
/// next to it, then the rest; every territory still offered, none taken without an answer.
#[test]
fn a_rewards_territories_start_on_or_next_to_the_players_hq() {
    let (campaign, _) = after_one_game();
    let near = |hq: &str| -> Vec<String> {
        let hq = t(hq);
        std::iter::once(hq.name().to_string())
            .chain(
                campaign
                    .neighbours(&hq)
                    .iter()
                    .map(|n| n.name().to_string()),
            )
            .collect()
    };
    // The options near the HQ, as many as are offered, come first, the HQ itself at the top.
    let starts_near = |options: &[String], hq: &str| {
        let near = near(hq);
        let count = options.iter().filter(|o| near.contains(o)).count();
        assert!(count > 1, "{hq}: {options:?}");
        assert_eq!(options[0], hq, "{options:?}");
        assert!(
            options[..count].iter().all(|o| near.contains(o)),
            "{hq}: {options:?}"
        );
    };
    let mut form = form();
    seat_four(&mut form);
    say(&mut form, "winner", "Bo");
    say(&mut form, "result:Ann", "held-on");
    say(&mut form, "result:Cy", "held-on");
    say(&mut form, "result:Dee", "eliminated");
    say(&mut form, "scar-1", "no");
    say(&mut form, "reward", "found a major city");
    let winner = form.next().expect("the reward's territory");
    assert_eq!(winner.default, one(""), "nothing is chosen");
    let options = offered(&form);
    starts_near(&options, "Peru");
    say(&mut form, "reward-target", "Brazil");
    say(&mut form, "reward-name", "Rio");
    say(&mut form, "held-on:Ann", "add a resource to a card");
    starts_near(&offered(&form), "Eastern Canada");
    say(&mut form, "held-on:Ann:territory", "Japan");
    // Cy has no HQ recorded: the board's order, Alaska first.
    say(&mut form, "held-on:Cy", "found a minor city");
    assert_eq!(offered(&form)[0], "Alaska");
}

/// Game 2 with Bo as winner and a reward for each who held on, to the confirmation.
fn whole_game(form: &mut GameForm) {
    seat_four(form);
    say(form, "winner", "Bo");
    say(form, "result:Ann", "held-on");
    say(form, "result:Cy", "held-on");
    say(form, "result:Dee", "eliminated");
    say(form, "scar-1", "no");
    say(form, "reward", "found a major city");
    say(form, "reward-target", "Brazil");
    say(form, "reward-name", "Rio");
    say(form, "held-on:Ann", "add a resource to a card");
    say(form, "held-on:Ann:territory", "Japan");
    say(form, "held-on:Cy", "found a minor city");
    say(form, "held-on:Cy:territory", "Iceland");
    say(form, "held-on:Cy:name", "Vík");
    say(form, "packets", "First elimination");
    say(form, "sealed-1", "no");
    say(form, "note", "Close one.");
    assert!(form.next().is_none(), "{:?}", form.next());
}

#[test]
fn changing_one_part_asks_that_part_only_with_every_answer_as_its_default() {
    let mut form = form();
    whole_game(&mut form);
    let game = form.complete().expect("the game whole");
    form.change(Part::Date);
    let asked = form.next().expect("the date");
    assert_eq!(
        (asked.id.as_str(), asked.default.clone()),
        ("date", one("2026-02-20"))
    );
    say(&mut form, "date", "2026-02-21");
    assert!(form.next().is_none(), "back at the confirmation");
    let changed = form.complete().expect("the game whole");
    assert_eq!(changed.date.to_string(), "2026-02-21");
    assert_eq!(
        Game {
            date: game.date,
            ..changed
        },
        game
    );

    // Back from the first question of a change: the game as it was, at the confirmation.
    form.change(Part::Date);
    assert_eq!(form.back(), Back::Review);
    assert!(form.next().is_none());
}

/// Back from the first question of a later part changed: the confirmation again, not the
/// last question of the part before; inside the part, back one question as anywhere.
#[test]
fn back_from_the_first_question_of_a_change_returns_to_the_confirmation() {
    let mut form = form();
    whole_game(&mut form);
    let game = form.complete().expect("the game whole");
    form.change(Part::HeldOn);
    assert_eq!(form.next().map(|s| s.id), Some("held-on:Ann".to_string()));
    assert_eq!(form.back(), Back::Review);
    assert!(form.next().is_none(), "{:?}", form.next());
    assert_eq!(form.complete(), Some(game));

    form.change(Part::HeldOn);
    say(&mut form, "held-on:Ann", "add a resource to a card");
    assert_eq!(form.back(), Back::Question);
    assert_eq!(form.next().map(|s| s.id), Some("held-on:Ann".to_string()));
    assert_eq!(form.back(), Back::Review);
}

#[test]
fn a_change_asks_again_only_the_answers_it_makes_impossible() {
    let mut form = form();
    whole_game(&mut form);
    // Cy (who held on, with a minor city) gives his seat to Eve.
    form.change(Part::Players);
    for id in [
        "player-1",
        "faction-1",
        "hq-1",
        "player-2",
        "faction-2",
        "hq-2",
    ] {
        let step = form.next().expect("a question of the players");
        assert_eq!(step.id, id);
        let default = step.default.clone();
        form.answer(id, &default).expect("the answer as it was");
    }
    say(&mut form, "player-3", "Eve");
    say(&mut form, "faction-3", "Saharan Republic");
    say(&mut form, "hq-3", "");
    say(&mut form, "player-4", "Dee");
    say(&mut form, "faction-4", "Die Mechaniker");
    say(&mut form, "hq-4", "");
    say(&mut form, "player-5", "");
    // Eve's result and reward are asked; nothing else.
    say(&mut form, "result:Eve", "held-on");
    say(&mut form, "held-on:Eve", "nothing");
    assert!(form.next().is_none(), "{:?}", form.next());
    let game = form.complete().expect("the game whole");
    assert_eq!(game.note.as_deref(), Some("Close one."));
    assert_eq!(game.held_on.len(), 1, "Ann's resource only: {game:#?}");
    assert!(form.answers().keys().all(|id| !id.contains("Cy")));
}

#[test]
fn the_draft_is_asked_once_the_minor_cities_packet_is_open() {
    let mut before = form();
    seat_four(&mut before);
    assert_eq!(before.next().expect("the winner").id, "winner");
    let mut form = drafting();
    let draft = form.next().expect("the draft");
    assert_eq!(draft.id, "draft:Xan");
    assert!(
        form.check("draft:Xan", &one("turn:4")).is_err(),
        "3 players"
    );
    assert!(
        form.check("draft:Xan", &one("turn 1")).is_err(),
        "not of the form"
    );
    say(&mut form, "draft:Xan", "turn:1,troops:8");
    say(&mut form, "draft:Yul", "turn:2");
    assert!(
        form.check("draft:Zoe", &one("turn:2")).is_err(),
        "turn 2 is Yul's"
    );
    say(&mut form, "draft:Zoe", "");
    assert_eq!(form.next().expect("the winner").id, "winner");
    assert_eq!(form.game().draft.len(), 2);
}

/// The draft typed as four numbers a seat, in the order of the sheet (turn, placement,
/// troops, coins), `-` for one not written down; kept as the parts by name.
#[test]
fn the_draft_is_four_numbers_a_seat() {
    let mut form = drafting();
    let draft = form.next().expect("the draft");
    assert!(
        draft.prompt.contains("turn, placement, troops, coins"),
        "{}",
        draft.prompt
    );
    assert_eq!(
        form.check("draft:Xan", &one("1 2 8 0")),
        Ok(one("turn:1,placement:2,troops:8,coins:0"))
    );
    assert_eq!(
        form.check("draft:Xan", &one(" 3 - 9 ")),
        Ok(one("turn:3,troops:9"))
    );
    for wrong in ["1 2 8 0 5", "1 x", "4 1 8 0", "- - - -"] {
        assert!(form.check("draft:Xan", &one(wrong)).is_err(), "{wrong}");
    }
    say(&mut form, "draft:Xan", "1 2 8 0");
    assert_eq!(
        form.check("draft:Yul", &one("1 3 7 1"))
            .map_err(|r| r.to_string()),
        Err("The draft gives turn 1 to both Xan and Yul; each seat has its own.".to_string()),
    );
    say(&mut form, "draft:Yul", "2 3 7 1");
    say(&mut form, "draft:Zoe", "turn:3,placement:1");
    let drafts: Vec<String> = form
        .game()
        .draft
        .iter()
        .map(chronicle::domain::Draft::parts)
        .collect();
    assert_eq!(
        drafts,
        [
            "turn:1,placement:2,troops:8,coins:0",
            "turn:2,placement:3,troops:7,coins:1",
            "turn:3,placement:1"
        ]
    );
}

/// The demo's campaign, whose group has opened the Minor cities packet, at the draft of a
/// game of Xan, Yul and Zoe.
fn drafting() -> GameForm {
    let mut campaign = Campaign::new();
    for entry in demo_entries().expect("the demo builds") {
        campaign.allow(entry);
    }
    assert!(
        campaign
            .opened(chronicle::domain::Packet::MinorCities)
            .is_some()
    );
    let last = campaign.last_date().expect("games played");
    let mut form = GameForm::new(campaign, last, Usual::default());
    say(&mut form, "date", &last.to_string());
    for (n, person) in [(1, "Xan"), (2, "Yul"), (3, "Zoe")] {
        say(&mut form, &format!("player-{n}"), person);
        let faction = form.next().expect("a faction").default;
        say(&mut form, &format!("faction-{n}"), faction.one());
        say(&mut form, &format!("hq-{n}"), "");
    }
    say(&mut form, "player-4", "");
    form
}

#[test]
fn only_what_the_rules_allow_is_offered_and_a_reward_name_is_checked_where_typed() {
    let mut form = form();
    seat_four(&mut form);
    say(&mut form, "winner", "Bo");
    say(&mut form, "result:Ann", "held-on");
    say(&mut form, "result:Cy", "held-on");
    say(&mut form, "result:Dee", "held-on");
    say(&mut form, "scar-1", "no");
    say(&mut form, "reward", "found a major city");
    let territories = offered(&form);
    assert!(
        !territories.contains(&"Egypt".to_string()),
        "Egypt has Kyro"
    );
    let refused = form
        .check("reward-target", &one("Egypt"))
        .expect_err("Egypt");
    assert!(refused.to_string().contains("Kyro"), "{refused}");
    say(&mut form, "reward-target", "Brazil");
    let refused = form
        .check("reward-name", &one("kyro"))
        .expect_err("Kyro is taken");
    assert!(refused.to_string().contains("in Egypt"), "{refused}");
    say(&mut form, "reward-name", "Rio");
    // Bo won: the held-on rewards go clockwise from him.
    assert_eq!(form.next().expect("a reward").id, "held-on:Ann");
}

#[test]
fn every_game_of_the_demo_gives_back_its_answers() {
    let mut campaign = Campaign::new();
    let mut games = 0;
    for entry in demo_entries().expect("the demo builds") {
        if let Entry::Game(game) = &entry {
            let form = GameForm::of_game(campaign.clone(), game.date, game);
            assert_eq!(
                form.complete().as_ref(),
                Some(&**game),
                "game {}: {:?}",
                games + 1,
                form.next()
            );
            games += 1;
        }
        campaign.allow(entry);
    }
    assert!(games > 10, "{games} games");
}

#[test]
fn a_territory_typed_by_a_name_players_use_is_kept_by_its_own() {
    let mut form = form();
    seat_four(&mut form);
    say(&mut form, "winner", "Bo");
    for person in ["Ann", "Cy", "Dee"] {
        say(&mut form, &format!("result:{person}"), "held-on");
    }
    say(&mut form, "scar-1", "yes");
    assert_eq!(
        form.check("scar-1-territory", &one("siam")),
        Ok(one(Territory::find("Siam").expect("Siam").name()))
    );
}

/// Where last game's HQ is no longer a legal start (a scar placed on it during that game),
/// neither it nor last game's table is offered: "not recorded" is the HQ's default, and the
/// first seat offers the people alone.
#[test]
fn last_games_hq_and_table_are_offered_only_while_the_rules_allow_them() {
    let mut campaign = Campaign::new();
    set_up(&mut campaign);
    let mut game = Game::new(
        date(1),
        vec![
            seat_at("Ann", "bear", Outcome::Won, "Alaska"),
            seat_at("Bo", "khan", Outcome::HeldOn, "Peru"),
            seat_at("Cy", "saharan", Outcome::HeldOn, "Madagascar"),
        ],
    );
    game.scars.push(chronicle::domain::ScarPlacement {
        territory: t("Alaska"),
        scar: "Bunker".to_string(),
        by: None,
    });
    game.reward = Some(Reward::MajorCity {
        territory: t("Egypt"),
        name: "Kyro".to_string(),
    });
    let applied = campaign.allow(game);
    let Entry::Game(game) = applied.entry else {
        panic!("a game")
    };
    let mut form = GameForm::new(campaign, today(), Usual::of_games([&*game]));
    say(&mut form, "date", "2026-02-20");
    let first = form.next().expect("the first seat");
    let offered: Vec<&str> = first.options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(offered, ["Ann", "Bo", "Cy"], "no table: Alaska is scarred");
    say(&mut form, "player-1", "Bo");
    say(&mut form, "faction-1", "Khan Industries");
    let hq = form.next().expect("Bo's HQ");
    assert_eq!(hq.default, one("Peru"), "Bo's HQ last time is still legal");
    say(&mut form, "hq-1", "Peru");
    say(&mut form, "player-2", "Ann");
    say(&mut form, "faction-2", "Enclave of the Bear");
    let hq = form.next().expect("Ann's HQ");
    assert_eq!(hq.default, one(""), "Alaska is marked");
    assert_eq!(hq.options[0].label, "(not recorded)");
    assert!(hq.options.iter().all(|o| o.value != "Alaska"), "{hq:?}");
}
