//! Territories sealed content adds to the map (`territory add NAME --neighbours A,B
//! [--continent C]`, docs/rules.md §6e): the card joins the deck with its printed coin, the
//! territory takes everything a territory takes, the map draws it, and it travels through
//! export, import and undo like every entry.

use chronicle::domain::{Campaign, Continent, Entry, Game, PlayEvent, Refusal, Reward, Territory};
use serde_json::Value;

use crate::common::builders::{Log, next_date, seat, seat_at, t};
use crate::common::{TestEnv, find};
use chronicle::domain::Outcome::{HeldOn, Won};

fn set_up() -> Campaign {
    let mut campaign = Campaign::new();
    crate::common::set_up(&mut campaign);
    campaign
}

fn add(name: &str, neighbours: &[&str], continent: Option<&str>) -> Entry {
    Entry::AddTerritory {
        territory: Territory::named(name),
        neighbours: neighbours.iter().map(|n| t(n)).collect(),
        continent: continent.map(|c| Continent::find_printed(c).expect("a continent")),
    }
}

#[test]
fn an_added_territory_is_on_the_map_with_its_card_and_sea_lines() {
    let mut c = set_up();
    c.allow(add("Atlantis", &["Brazil", "North Africa"], Some("Africa")));
    let atlantis = c.find_territory("atlantis").expect("found by its name");
    assert!(c.has_territory(&atlantis));
    assert_eq!(
        c.territory(&atlantis).card.resources(),
        1,
        "its printed coin"
    );
    assert!(
        c.standing_cards().contains(&atlantis),
        "its card is in the deck"
    );
    assert!(c.borders(&atlantis, &t("Brazil")) && c.borders(&t("Brazil"), &atlantis));
    assert!(!c.borders(&atlantis, &t("Peru")));
    assert_eq!(c.continent_of(&atlantis), Continent::find_printed("Africa"));
    assert!(
        c.continent_territories(Continent::find_printed("Africa").unwrap())
            .contains(&atlantis)
    );
    assert_eq!(c.territories().count(), 43);
}

#[test]
fn each_campaign_keeps_its_own_added_territories() {
    // Two campaigns in one process, each adding a territory in another order: each map
    // holds only its own, and what stands on one is never read as the other's.
    let mut first = set_up();
    let mut second = set_up();
    second.allow(add("Lemuria", &["Madagascar"], None));
    first.allow(add("Atlantis", &["Brazil"], None));
    second.allow(add("Atlantis", &["Iceland"], Some("Europe")));
    let atlantis = Territory::named("Atlantis");
    let lemuria = Territory::named("Lemuria");
    assert!(first.has_territory(&atlantis) && !first.has_territory(&lemuria));
    assert!(second.has_territory(&atlantis) && second.has_territory(&lemuria));
    assert!(first.borders(&atlantis, &t("Brazil")) && !first.borders(&atlantis, &t("Iceland")));
    assert!(second.borders(&atlantis, &t("Iceland")) && !second.borders(&atlantis, &t("Brazil")));
    assert_eq!(first.continent_of(&atlantis), None);
    assert_eq!(
        second.continent_of(&atlantis),
        Continent::find_printed("Europe")
    );
    let mut fallout = Game::new(
        next_date(&second),
        vec![
            seat("Ann", "bear", Won),
            seat("Bob", "khan", HeldOn),
            seat("Cat", "saharan", HeldOn),
        ],
    );
    fallout.reward = Some(Reward::DestroyCard {
        territory: t("Peru"),
    });
    fallout.events.push(PlayEvent::Fallout {
        territory: lemuria.clone(),
    });
    second.allow(fallout);
    assert!(second.territory(&lemuria).fallout.is_some());
    assert!(second.territory(&atlantis).fallout.is_none());
    assert!(first.territory(&atlantis).fallout.is_none());
    assert_eq!(first.territories().count(), 43);
    assert_eq!(second.territories().count(), 44);
}

#[test]
fn an_added_territory_takes_a_start_a_city_a_scar_and_a_fallout() {
    let mut c = set_up();
    c.allow(add("Lemuria", &["Madagascar"], None));
    let lemuria = Territory::named("Lemuria");
    assert!(
        c.is_legal_start(&lemuria, "Ann"),
        "an unmarked territory is a legal start"
    );
    let mut game = Game::new(
        next_date(&c),
        vec![
            chronicle::domain::Seat {
                hq: Some(lemuria.clone()),
                ..seat("Ann", "bear", Won)
            },
            seat("Bob", "khan", HeldOn),
            seat("Cat", "saharan", HeldOn),
        ],
    );
    game.reward = Some(Reward::MajorCity {
        territory: lemuria.clone(),
        name: "Mu".to_string(),
    });
    c.allow(game);
    assert_eq!(
        c.territory(&lemuria).city.as_ref().map(|c| &*c.name),
        Some("Mu")
    );
    let alias = Entry::Alias {
        alias: "mu".to_string(),
        of: chronicle::domain::AliasOf::Territory(t("Alaska")),
    };
    assert!(
        matches!(c.refuse(alias), Refusal::AliasTaken { .. }),
        "a city's name is not an alias for another territory"
    );
    let mut next = Game::new(
        next_date(&c),
        vec![
            seat("Bob", "khan", Won),
            seat("Ann", "bear", HeldOn),
            seat("Cat", "saharan", HeldOn),
        ],
    );
    next.reward = Some(Reward::DestroyCard {
        territory: t("Peru"),
    });
    next.events.push(PlayEvent::Fallout {
        territory: lemuria.clone(),
    });
    c.allow(next);
    let state = c.territory(&lemuria);
    assert!(state.city.is_none() && state.fallout.is_some() && state.card.destroyed.is_some());
    assert!(
        !c.is_legal_start(&lemuria, "Bob"),
        "a fallout mark marks it"
    );
}

#[test]
fn sea_lines_count_for_the_adjacent_hq_rule() {
    let mut c = set_up();
    c.allow(add("Atlantis", &["Brazil"], None));
    let game = Game::new(
        next_date(&c),
        vec![
            chronicle::domain::Seat {
                hq: Some(Territory::named("Atlantis")),
                ..seat("Ann", "bear", Won)
            },
            seat_at("Bob", "khan", HeldOn, "Brazil"),
            seat("Cat", "saharan", HeldOn),
        ],
    );
    match c.refuse(game) {
        Refusal::AdjacentHq { .. } => {}
        other => panic!("expected the adjacent HQ rule, got {other:?}"),
    }
}

#[test]
fn a_territory_is_added_once_under_a_name_of_its_own_with_a_neighbour_on_the_map() {
    let mut c = set_up();
    c.allow(add("Atlantis", &["Brazil"], None));
    assert!(matches!(
        c.refuse(add("Atlantis", &["Peru"], None)),
        Refusal::TerritoryOnMap { .. }
    ));
    match c.refuse(add("Quebec", &["Brazil"], None)) {
        Refusal::TerritoryNameTaken { territory, .. } => assert_eq!(territory, "Eastern Canada"),
        other => panic!("expected a taken name, got {other:?}"),
    }
    assert!(matches!(
        c.refuse(add("Mu", &[], None)),
        Refusal::TerritoryWithoutNeighbours { .. }
    ));
    let unknown = Entry::AddTerritory {
        territory: Territory::named("Hyperborea"),
        neighbours: vec![Territory::named("Thule")],
        continent: None,
    };
    assert!(matches!(c.refuse(unknown), Refusal::UnknownName { .. }));
}

#[test]
fn an_alias_cannot_take_the_name_of_an_added_territory() {
    let mut c = set_up();
    c.allow(add("Atlantis", &["Brazil"], None));
    let alias = |word: &str, of: &str| Entry::Alias {
        alias: word.to_string(),
        of: chronicle::domain::AliasOf::Territory(t(of)),
    };
    match c.refuse(alias("atlantis", "Alaska")) {
        Refusal::AliasTaken { what, name, .. } => {
            assert_eq!((what, name.as_str()), ("territory", "Atlantis"));
        }
        other => panic!("expected the name taken, got {other:?}"),
    }
    assert_eq!(
        c.find_territory("Atlantis").expect("still found"),
        Territory::named("Atlantis")
    );
    // An alias of the added territory itself is the group's word for it, as for any other.
    c.allow(Entry::Alias {
        alias: "The Lost Land".to_string(),
        of: chronicle::domain::AliasOf::Territory(Territory::named("Atlantis")),
    });
    assert_eq!(
        c.find_territory("the lost land")
            .expect("found by the alias"),
        Territory::named("Atlantis")
    );
}

#[test]
fn a_game_naming_a_territory_not_yet_added_is_refused() {
    let mut c = set_up();
    let mut game = Game::new(
        next_date(&c),
        vec![seat("Ann", "bear", Won), seat("Bob", "khan", HeldOn)],
    );
    game.reward = Some(Reward::Fortify {
        territory: Territory::named("Avalon"),
    });
    match c.refuse(game) {
        Refusal::UnknownName { given, .. } => assert_eq!(given, "Avalon"),
        other => panic!("expected an unknown territory, got {other:?}"),
    }
}

fn board(env: &TestEnv) -> Value {
    env.json(&["board", "--format", "json"])
}

#[test]
fn territory_add_at_the_command_line_shows_on_the_board_the_history_and_the_map() {
    let env = TestEnv::demo();
    let run = env.ok(&[
        "territory",
        "add",
        "Atlantis",
        "--neighbours",
        "Brazil,north africa,W. Europe",
    ]);
    assert!(run.stderr.contains(
        "Added Atlantis to the map, bordering Brazil, North Africa and Western Europe; its card joins the deck."
    ));
    let board = board(&env);
    let atlantis = find(&board["territories"], "name", "Atlantis");
    assert_eq!(atlantis["continent"], Value::Null);
    assert_eq!(atlantis["card"]["resources"], 1);
    assert_eq!(atlantis["added"]["after_game"], 16);
    assert_eq!(
        atlantis["added"]["neighbours"],
        serde_json::json!(["Brazil", "North Africa", "Western Europe"])
    );
    let table = env.ok(&["board"]).stdout;
    assert!(
        table.contains("Added to the map, in no continent"),
        "{table}"
    );
    let history = env.ok(&["history"]).stdout;
    assert!(history.contains("added Atlantis to the map"), "{history}");

    let svg = env.ok(&["export", "--format", "svg"]).stdout;
    assert!(
        svg.contains("<title>Atlantis (added to the map)</title>"),
        "{svg}"
    );
    let circle = svg
        .lines()
        .find(|l| l.contains("class=\"added\""))
        .expect("an island");
    let number = |key: &str| -> f64 {
        let start = circle.find(&format!("{key}=\"")).unwrap() + key.len() + 2;
        circle[start..].split('"').next().unwrap().parse().unwrap()
    };
    let (x, y, r) = (number("cx"), number("cy"), number("r"));
    assert!(
        x - r >= 0.0 && x + r <= 1200.0 && y - r >= 0.0 && y + r <= 700.0,
        "{circle}"
    );
}

#[test]
fn territory_add_refusals_name_the_rule_and_write_nothing() {
    let env = TestEnv::demo();
    let before = env.dump();
    let run = env.run_expect(
        1,
        &["territory", "add", "Atlantis", "--neighbours", "Brazl"],
    );
    assert!(
        run.stderr.contains("Did you mean Brazil?"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("Nothing was written."));
    let run = env.run_expect(1, &["territory", "add", "Siam", "--neighbours", "Brazil"]);
    assert!(
        run.stderr.contains("\"Siam\" already names Southeast Asia"),
        "{}",
        run.stderr
    );
    let run = env.run_expect(2, &["territory", "add", "Mu"]);
    assert!(run.stderr.contains("--neighbours"), "{}", run.stderr);
    assert_eq!(env.dump(), before, "the database changed");
}

#[test]
fn an_added_territory_travels_through_export_import_and_undo() {
    let env = TestEnv::demo();
    env.ok(&[
        "territory",
        "add",
        "Atlantis",
        "--neighbours",
        "Brazil",
        "--continent",
        "Africa",
    ]);
    env.ok(&["territory", "add", "Mu", "--neighbours", "Atlantis,Peru"]);
    let export = env.ok(&["export", "--format", "json"]).stdout;
    let file = env.dir().join("with-atlantis.json");
    std::fs::write(&file, export).unwrap();

    let other = TestEnv::new();
    other.ok(&["import", file.to_str().unwrap()]);
    let (mine, theirs) = (board(&env), board(&other));
    assert_eq!(mine["territories"], theirs["territories"]);
    let check = other.ok(&["check"]);
    assert!(check.stderr.contains("no problem") || check.stdout.contains("no problem"));

    env.ok(&["undo", "--yes"]);
    let after = board(&env);
    let names: Vec<&str> = after["territories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Atlantis") && !names.contains(&"Mu"));
}
