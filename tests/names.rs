//! Names as groups write them (issue: logging that forgives): territories by abbreviations,
//! compass points, plurals and short forms, a city's name where a territory is asked, people
//! by any case and accents, a likely misspelt newcomer refused, campaigns by a prefix or word.

use chronicle::domain::{Refusal, Territory};

use crate::common::TestEnv;

/// Each written form, and the territory it must find.
const FOUND: &[(&str, &str)] = &[
    ("S. Africa", "South Africa"),
    ("E. Australia", "Eastern Australia"),
    ("W. Australia", "Western Australia"),
    ("SE Asia", "Southeast Asia"),
    ("S.E. Asia", "Southeast Asia"),
    ("N. Europe", "Northern Europe"),
    ("W Europe", "Western Europe"),
    ("E. Africa", "East Africa"),
    ("C. America", "Central America"),
    ("E. Canada", "Eastern Canada"),
    ("GB", "Great Britain"),
    ("UK", "Great Britain"),
    ("the UK", "Great Britain"),
    ("Northwest Territories", "Northwest Territory"),
    ("NW Territory", "Northwest Territory"),
    ("quebec", "Eastern Canada"),
    ("siam", "Southeast Asia"),
    ("Western U.S.", "Western United States"),
    ("the Middle East", "Middle East"),
];

#[test]
fn territories_are_found_as_groups_write_them() {
    for (written, printed) in FOUND {
        assert_eq!(
            Territory::find(written)
                .map(|t| t.name().to_string())
                .as_deref(),
            Ok(*printed),
            "{written}"
        );
    }
}

#[test]
fn a_form_that_fits_several_territories_names_them_and_guesses_none() {
    for (written, first) in [
        ("the US", "Western United States"),
        ("USA", "Western United States"),
        ("Australia", "Western Australia"),
    ] {
        match Territory::find(written) {
            Err(Refusal::AmbiguousName { candidates, .. }) => {
                assert_eq!(
                    candidates.first().map(String::as_str),
                    Some(first),
                    "{written}"
                );
                assert!(candidates.len() >= 2, "{written}: {candidates:?}");
            }
            other => panic!("{written}: expected an ambiguous name, got {other:?}"),
        }
    }
    // A misspelling still gets the closest name first, and "UK" is no longer Ukraine.
    match Territory::find("Brasil") {
        Err(Refusal::UnknownName { closest, .. }) => assert_eq!(closest[0], "Brazil"),
        other => panic!("expected an unknown name, got {other:?}"),
    }
    assert_ne!(
        Territory::find("UK")
            .map(|t| t.name().to_string())
            .as_deref(),
        Ok("Russia")
    );
}

/// A campaign with Kyro (major city) in Egypt after game 1, Ann, Tomás and Jeremy known.
fn campaign() -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-10",
        "--player",
        "Ann=bear:won@Alaska",
        "--player",
        "Tomás=khan:held-on@Peru",
        "--player",
        "Jeremy=saharan:eliminated",
        "--major-city",
        "Egypt=Kyro",
    ]);
    env
}

#[test]
fn a_citys_name_stands_for_its_territory() {
    let env = campaign();
    let history = env.json(&["history", "--territory", "kyro", "--format", "json"]);
    assert!(
        history.as_array().is_some_and(|h| !h.is_empty()),
        "history of Kyro: {history}"
    );
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-17",
        "--player",
        "Ann=bear:won@Kyro",
        "--player",
        "Tomás=khan:held-on@Peru",
        "--player",
        "Jeremy=saharan:eliminated",
        "--fortify",
        "Kyro",
    ]);
    let board = env.json(&["board", "--format", "json"]);
    let egypt = crate::common::find(&board["territories"], "name", "Egypt");
    assert!(egypt["fortification"].is_object(), "{egypt}");
}

#[test]
fn people_are_the_same_whatever_the_case_and_accents() {
    let env = campaign();
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-17",
        "--player",
        "ann=bear:won@Yakutsk",
        "--player",
        "TOMAS=khan:held-on@Peru",
        "--player",
        "Jeremy=saharan:eliminated",
        "--destroy-card",
        "Peru",
    ]);
    let stats = env.json(&["stats", "--format", "json"]);
    let names: Vec<&str> = stats["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
    assert!(
        names.contains(&"Tomás") && names.contains(&"Ann"),
        "{names:?}"
    );
}

#[test]
fn a_newcomer_two_edits_from_a_known_person_is_refused_unless_confirmed() {
    let env = campaign();
    let before = env.dump();
    let game = [
        "game",
        "log",
        "--date",
        "2026-01-17",
        "--player",
        "Ann=bear:won@Yakutsk",
        "--player",
        "Jermey=khan:held-on@Peru",
        "--player",
        "Cy=saharan:eliminated",
        "--destroy-card",
        "Peru",
    ];
    let refused = env.run_expect(1, &game);
    assert!(
        refused
            .stderr
            .contains("Jermey is new to this campaign and looks like Jeremy")
            && refused.stderr.contains("--new-player \"Jermey\"")
            && refused.stderr.contains("Nothing was written."),
        "{}",
        refused.stderr
    );
    assert_eq!(env.dump(), before);
    let mut confirmed: Vec<&str> = game.to_vec();
    confirmed.extend(["--new-player", "Jermey"]);
    let logged = env.ok(&confirmed);
    // Confirmed new, and still told how to make them one if that was wrong.
    assert!(
        logged
            .stderr
            .contains("`chronicle person merge \"Jermey\" \"Jeremy\"`"),
        "{}",
        logged.stderr
    );
    // A newcomer far from everyone (Cy) was never in question.
    assert_eq!(
        env.json(&["stats", "--format", "json"])["players"]
            .as_array()
            .unwrap()
            .len(),
        5
    );
}

#[test]
fn a_campaign_is_found_by_a_unique_prefix_or_word() {
    let env = TestEnv::new();
    for name in ["Scotland 2024", "Scotland Highlands", "Wales"] {
        env.ok(&["init", name]);
    }
    let board = |given: &str| env.json(&["--campaign", given, "board", "--format", "json"]);
    assert_eq!(board("wal")["campaign"], "Wales");
    assert_eq!(board("highlands")["campaign"], "Scotland Highlands");
    assert_eq!(board("2024")["campaign"], "Scotland 2024");
    let both = env.run_expect(1, &["--campaign", "scotland", "board"]);
    assert!(
        both.stderr
            .contains("could be several campaigns: Scotland 2024 or Scotland Highlands"),
        "{}",
        both.stderr
    );
}

#[test]
fn an_alias_is_a_groups_word_taken_wherever_the_name_is() {
    let env = campaign();
    env.ok(&["alias", "add", "the Pyramids", "Egypt"]);
    env.ok(&["alias", "add", "Bruins", "bear"]);
    env.ok(&["alias", "add", "Big T", "Tomás"]);
    // Taken by the flags: a seat, a faction, a territory.
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-17",
        "--player",
        "Ann=bruins:won@the pyramids",
        "--player",
        "big t=khan:held-on@Peru",
        "--player",
        "Jeremy=saharan:eliminated",
        "--fortify",
        "The Pyramids",
    ]);
    let game = env.json(&["game", "show", "2", "--format", "json"]);
    assert_eq!(game["players"][0]["faction"], "Enclave of the Bear");
    assert_eq!(game["players"][0]["hq"], "Egypt");
    assert_eq!(game["players"][1]["person"], "Tomás");
    let list = env.json(&["alias", "list", "--format", "json"]);
    assert_eq!(
        list["aliases"][0],
        serde_json::json!({"alias": "the Pyramids", "of": "territory", "name": "Egypt"})
    );
    // An alias stands for one name, and never for a name that is another's.
    let before = env.dump();
    let taken = env.run_expect(1, &["alias", "add", "Peru", "Brazil"]);
    assert!(
        taken
            .stderr
            .contains("\"Peru\" already stands for the territory Peru"),
        "{}",
        taken.stderr
    );
    assert_eq!(env.dump(), before);
    // It is an entry of the log: undo takes it back.
    env.ok(&["undo", "--yes"]);
    env.ok(&["undo", "--yes"]);
    assert_eq!(
        env.json(&["alias", "list", "--format", "json"])["aliases"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}
