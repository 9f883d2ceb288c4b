//! The searchable lists of the guided prompt and the phone form find a territory as the
//! flags do: for every name of the board (printed, the names players use, the ways groups
//! write them, a city's name), the option on top of a list is the territory `--scar
//! NAME=Bunker` would take, and no list puts another territory there; a name the flags
//! refuse as ambiguous shows every territory it could be, none of them taken unchosen (on
//! the terminal, Enter takes none of them until an arrow chooses one).

use chronicle::domain::{Campaign, Entry, Found, Names, Outcome, Refusal, Reward, Territory};
use chronicle::ledger::form::{Answer, GameForm, Step, Usual, matching, place};

use crate::common::builders::{Log, date, seat, seat_at, t};
use crate::common::pty::{DOWN, ENTER, Terminal, campaign_after_one_game, unfinished};
use crate::common::{NOW, set_up};

/// Set up, then game 1: Ann won in Alaska and founded Kyro in Egypt.
fn after_one_game() -> Campaign {
    let mut campaign = Campaign::new();
    set_up(&mut campaign);
    let mut game = chronicle::domain::Game::new(
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
    assert!(matches!(applied.entry, Entry::Game(_)));
    campaign
}

/// The HQ question of the first player, `person`: a territory list of the form.
fn hq_list(campaign: &Campaign, person: &str, faction: &str) -> Step {
    let mut form = GameForm::new(campaign.clone(), date(60), Usual::default());
    for (id, value) in [
        ("date", "2026-02-20"),
        ("player-1", person),
        ("faction-1", faction),
    ] {
        form.answer(id, &Answer::One(value.to_string()))
            .unwrap_or_else(|r| panic!("{id} = {value}: {r}"));
    }
    let step = form.next().expect("the HQ question");
    assert_eq!(step.id, "hq-1");
    assert_eq!(step.names, Names::Territories);
    step
}

/// The ways a group writes each territory's name beyond its printed name and the names
/// players use: lower and upper case, a leading "the", compass points abbreviated, words
/// cut short.
fn written_forms(name: &str) -> Vec<String> {
    const COMPASS: &[(&str, &[&str])] = &[
        ("North", &["N.", "N"]),
        ("Northern", &["N.", "N"]),
        ("South", &["S.", "S"]),
        ("Southern", &["S.", "S"]),
        ("East", &["E.", "E"]),
        ("Eastern", &["E.", "E"]),
        ("West", &["W.", "W"]),
        ("Western", &["W.", "W"]),
        ("Central", &["C.", "C"]),
        ("Northwest", &["NW", "N.W."]),
        ("Southeast", &["SE", "S.E."]),
    ];
    let words: Vec<&str> = name.split_whitespace().collect();
    let cut = |word: &str| word.chars().take(3).collect::<String>();
    let mut forms = vec![
        name.to_lowercase(),
        name.to_uppercase(),
        format!("the {name}"),
        words.iter().map(|w| cut(w)).collect::<Vec<_>>().join(" "),
    ];
    if let Some((first, rest)) = words.split_first()
        && let Some((_, shorts)) = COMPASS.iter().find(|(word, _)| word == first)
        && !rest.is_empty()
    {
        for short in *shorts {
            forms.push(format!("{short} {}", rest.join(" ")));
            let rest: Vec<String> = rest.iter().map(|w| cut(w)).collect();
            forms.push(format!("{short} {}", rest.join(" ")));
        }
    }
    forms
}

/// Every name of the board a person may type for a territory, with the campaign's cities.
fn every_name(campaign: &Campaign) -> Vec<String> {
    let mut names: Vec<String> = ["GB", "UK", "Britain", "England", "United Kingdom", "NWT"]
        .map(String::from)
        .to_vec();
    for territory in Territory::all() {
        names.push(territory.name().to_string());
        names.extend(territory.aliases().iter().map(ToString::to_string));
        names.extend(written_forms(territory.name()));
        for alias in territory.aliases() {
            names.extend(written_forms(alias));
        }
    }
    names.extend(campaign.cities().map(|(_, city)| city.name.to_string()));
    names
}

/// The values of the options found, in order.
fn values<'s>(step: &'s Step, found: &Found) -> Vec<&'s str> {
    found
        .order
        .iter()
        .map(|&i| step.options[i].value.as_str())
        .collect()
}

/// What a territory list shows for `typed` agrees with `find_territory`: the territory it
/// takes on top and meant (or, where the list does not offer it, no territory on top);
/// the candidates of an ambiguous name first, none meant.
fn agrees_with_the_flags(campaign: &Campaign, step: &Step, typed: &str) {
    let found = matching(step, typed);
    let shown = values(step, &found);
    let offered = |name: &str| step.options.iter().any(|o| o.value == name);
    match campaign.find_territory(typed) {
        Ok(territory) if offered(territory.name()) => {
            assert_eq!(
                shown.first(),
                Some(&territory.name()),
                "{typed:?}: {shown:?}"
            );
            assert_eq!(found.meant, Some(found.order[0]), "{typed:?}");
            assert!(!found.ambiguous, "{typed:?}");
        }
        Ok(territory) => {
            assert_eq!(found.meant, None, "{typed:?}");
            assert!(
                shown.first().is_none_or(|v| v.is_empty()),
                "{typed:?} is {}, not offered; another is first: {shown:?}",
                territory.name()
            );
        }
        Err(Refusal::AmbiguousName { candidates, .. }) => {
            let expected: Vec<&str> = candidates
                .iter()
                .map(String::as_str)
                .filter(|c| offered(c))
                .collect();
            assert_eq!(shown[..expected.len()], expected[..], "{typed:?}");
            assert_eq!((found.meant, found.ambiguous), (None, true), "{typed:?}");
        }
        Err(refusal) => panic!("{typed:?} is a name of the board: {refusal}"),
    }
}

#[test]
fn every_name_of_the_board_puts_the_territory_the_flags_take_on_top_of_every_list() {
    let campaign = after_one_game();
    // Ann's starts include Egypt (her own city); Bo's do not; the board's list has all.
    let lists = [
        hq_list(&campaign, "Ann", "Enclave of the Bear"),
        hq_list(&campaign, "Bo", "Khan Industries"),
    ];
    assert!(lists[0].options.iter().any(|o| o.value == "Egypt"));
    assert!(!lists[1].options.iter().any(|o| o.value == "Egypt"));
    let names = every_name(&campaign);
    assert!(names.len() > 200, "{}", names.len());
    for name in &names {
        for list in &lists {
            agrees_with_the_flags(&campaign, list, name);
        }
    }
}

#[test]
fn the_whole_board_as_a_list_finds_every_name_as_the_flags_do() {
    let campaign = after_one_game();
    let labels: Vec<(String, String)> = campaign
        .territories()
        .map(|t| (t.name().to_string(), place(&campaign, &t)))
        .collect();
    let options: Vec<(&str, &str)> = labels
        .iter()
        .map(|(v, l)| (v.as_str(), l.as_str()))
        .collect();
    for name in every_name(&campaign) {
        let found = campaign.find_among(Names::Territories, &name, &options);
        match campaign.find_territory(&name) {
            Ok(territory) => {
                let top = found.meant.map(|i| options[i].0);
                assert_eq!(top, Some(territory.name()), "{name:?}");
                assert_eq!(found.order.first(), found.meant.as_ref(), "{name:?}");
            }
            Err(_) => assert!(found.ambiguous && found.meant.is_none(), "{name:?}"),
        }
    }
}

#[test]
fn the_ways_groups_write_a_territory_find_it_on_top() {
    let campaign = after_one_game();
    let ann = hq_list(&campaign, "Ann", "Enclave of the Bear");
    for (typed, territory) in [
        ("e. aus", "Eastern Australia"),
        ("s. africa", "South Africa"),
        ("uk", "Great Britain"),
        ("gb", "Great Britain"),
        ("se asia", "Southeast Asia"),
        ("the middle east", "Middle East"),
        ("quebec", "Eastern Canada"),
        ("kyro", "Egypt"),
    ] {
        let found = matching(&ann, typed);
        let shown = values(&ann, &found);
        assert_eq!(shown.first(), Some(&territory), "{typed:?}: {shown:?}");
        assert_eq!(found.meant, Some(found.order[0]), "{typed:?}");
    }
    // Kyro stands on Egypt, not one of Bo's starts: no other territory stands in for it.
    let bo = hq_list(&campaign, "Bo", "Khan Industries");
    let found = matching(&bo, "kyro");
    assert!(found.order.is_empty() && found.meant.is_none(), "{found:?}");
}

#[test]
fn a_name_that_could_be_several_territories_shows_them_all_with_none_taken() {
    let campaign = after_one_game();
    let ann = hq_list(&campaign, "Ann", "Enclave of the Bear");
    for (typed, candidates) in [
        ("us", ["Western United States", "Eastern United States"]),
        ("australia", ["Western Australia", "Eastern Australia"]),
    ] {
        let found = matching(&ann, typed);
        assert!(found.ambiguous, "{typed:?}");
        assert_eq!(found.meant, None, "{typed:?}");
        assert_eq!(values(&ann, &found)[..2], candidates, "{typed:?}");
    }
}

#[test]
fn at_the_prompt_a_name_that_could_be_several_needs_a_choice_and_e_aus_takes_eastern_australia() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.answer("Date played (YYYY-MM-DD)", ENTER, NOW);
    t.answer("Player 1, clockwise (type to search)", "Bo\r", "Bo");
    t.answer("Bo's faction", ENTER, "Khan Industries");
    t.wait("Bo's HQ (type to search)");
    // "us" could be either United States: Enter takes neither, and says so.
    t.press("us");
    t.wait("us|");
    t.press(ENTER);
    t.wait("could be several territories");
    // An arrow chooses one.
    t.press(DOWN);
    t.answer("Bo's HQ (type to search)", ENTER, "Western United States");
    t.answer("Player 2, clockwise (type to search)", "Ann\r", "Ann");
    t.answer("Ann's faction", ENTER, "Enclave of the Bear");
    t.answer("Ann's HQ (type to search)", "e. aus\r", "Eastern Australia");
    t.wait("Player 3, clockwise (type to search)");
    t.interrupt();
    let kept = unfinished(&env).expect("the answers are kept");
    assert!(kept.contains("hq-1 = \"Western United States\""), "{kept}");
    assert!(kept.contains("hq-2 = \"Eastern Australia\""), "{kept}");
}
