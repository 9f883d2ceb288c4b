//! The read commands a group asks between games — `history`, `stats`, `setup`, `packets` —
//! checked against a small campaign played through the binary, whose figures were worked
//! out by hand (below), never by the code under test.

use crate::common::{Run, TestEnv, find};
use serde_json::{Value, json};

// The campaign "Earth": four people, nine games, set up with the five starting powers and
// the twelve first coins (Peru x2, Egypt x2, Siam, Japan, Brazil, Alaska, China, India,
// Ontario, Iceland).
//
// Results per game (W won, H held on, E eliminated, - sat out), faction and HQ:
//
// | #  date       | Ann                | Bo              | Cy                  | Dee                |
// |---------------|--------------------|-----------------|---------------------|--------------------|
// | 1  2026-01-10 | H bear @Alaska     | H khan @Peru    | W saharan @Egypt    | H balkania @Japan  |
// | 2  2026-01-17 | W bear @Alaska     | H khan @Venez.  | H saharan @Madag.   | E balkania @China  |
// | 3  2026-01-24 | W bear @Egypt(own) | H khan @Peru    | E saharan @C.Africa | -                  |
// | 4  2026-01-31 | W bear @Scandin.   | H khan @C.Amer. | H saharan @E.Africa | H balkania @Japan  |
// | 5  2026-02-07 | E bear (no HQ)     | H khan @Ontario | W saharan @E.Africa | H balkania @India  |
// | 6  2026-02-14 | W mechaniker @GB   | H khan @Brazil  | -                   | E bear @Ural       |
// | 7  2026-02-21 | H bear @NW Terr.   | W khan @Indon.  | H saharan @S.Africa | H balkania @Mongol |
// | 8  2026-02-28 | H bear @Ontario    | -               | W saharan (no HQ)   | E khan @Irkutsk    |
// | 9  2026-03-07 | H bear @Eastern US | W khan @W.Aus.  | E saharan @Congo    | H balkania @Kamch. |
//
// What each game changed:
//  1 Cy names Africa "Sahara"; Brazil scarred (Bunker); Bo founds minor Pampa (Argentina);
//    Dee adds a resource to Japan.
//  2 Ann founds the major city Kyro (Egypt); Cy founds minor Tana (Madagascar); Bo adds a
//    resource to Venezuela. Dee's elimination is the campaign's first: the First
//    elimination packet is due since game 2 and never recorded as opened.
//  3 Ann fortifies Kyro; Siam (Southeast Asia) scarred (Ammo Shortage), never healed;
//    Bo adds a resource to Peru. Ann's second signature: Second signature opened in game 3.
//  4 Ann: Asia -1 (to 6); Cy: resource East Africa; Dee founds minor Herat (Afghanistan).
//  5 Cy heals Brazil's scar (Brazil is legal again); 3 boxes of Kyro's fortification ticked;
//    Bo founds minor Caracas (Venezuela); Dee adds a resource to India.
//  6 Ann destroys Greenland's card (not a mark); Bo: resource Brazil.
//  7 Bo names Australia "Oz"; Dee founds minor Ulaan (Mongolia), Ann minor Nome (Alaska);
//    Cy: resource South Africa.
//  8 Cy founds the major city Nyota in Central Africa (typed "Congo"); Ann: resource Ontario.
//  9 Bo: South America +1 (to 3); Ann founds minor Lena (Yakutsk).
//
// Per person (games / won / held on / eliminated; streaks count only the games a person
// played, so Bo's wins in games 7 and 9 around game 8, which he sat out, are a run of 2):
//   Ann 9 / 4 (2,3,4,6) / 4 (1,7,8,9) / 1 (5)   rate 4/9 = 0.444  best run 3 (2-4)  now 0
//   Cy  8 / 3 (1,5,8)   / 3 (2,4,7)   / 2 (3,9) rate 3/8 = 0.375  best run 1        now 0
//   Bo  8 / 2 (7,9)     / 6 (1-6)     / 0       rate 2/8 = 0.25   best run 2        now 2
//   Dee 8 / 0           / 5 (1,4,5,7,9) / 3 (2,6,8) rate 0        never won: 1 red star
// Per faction (seats): Bear 9 seats (Ann 1-5,7-9, Dee 6): won 2,3,4 = 3, held on 1,7,8,9 =
//   4, out 5,6 = 2, rate 3/9 = 0.333; HQs Alaska 2, then Egypt, Scandinavia, Ural, NW Territory,
//   Ontario, Eastern US 1 each (no HQ may stand next to another: Egypt borders East Africa).
//   Khan 9 (Bo 1-7,9, Dee 8): won 7,9; held on 1-6; out 8; rate 2/9 = 0.222; Peru 2.
//   Saharan 8 (Cy): won 1,5,8; held on 2,4,7; out 3,9; 0.375; East Africa 2.
//   Balkania 6 (Dee 1,2,4,5,7,9): held on 5, out 1 (game 2); 0; Japan 2.
//   Mechaniker 1 (Ann 6): won 1; 1.0; Great Britain 1.
// Head to head (games both played; wins of each in those games):
//   Ann-Bo 8 (not 8): 4-2; Ann-Cy 8 (not 6): 3-3; Ann-Dee 8 (not 3): 3-0;
//   Bo-Cy 7 (not 6, 8): 2-2; Bo-Dee 7 (not 3, 8): 2-0; Cy-Dee 7 (not 3, 6): 3-0.
//
// At the end: cities on Argentina, Madagascar, Egypt (major, Ann), Afghanistan, Venezuela,
// Mongolia, Alaska, Central Africa (major, Cy), Yakutsk, and a scar on Southeast Asia: 10
// marked territories, 32 unmarked. Legal starts: Ann 32 + Egypt = 33, Cy 32 + Central
// Africa = 33, Bo 32, Dee 32, a newcomer 32. Seven minor cities of nine.

/// The date of the changes made before game 1: the campaign's start, which is game 1's
/// date here (it was played before the campaign was typed in, on CHRONICLE_NOW).
const START: &str = "2026-01-10";

const POWERS: [(&str, &str); 5] = [
    ("bear", "a"),
    ("khan", "b"),
    ("saharan", "a"),
    ("balkania", "b"),
    ("mechaniker", "a"),
];

const FIRST_COINS: [&str; 12] = [
    "Peru", "Peru", "Egypt", "Egypt", "Siam", "Japan", "Brazil", "Alaska", "China", "India",
    "Ontario", "Iceland",
];

/// The nine games' `game log` flags, as the table above says.
const GAMES: [&[&str]; 9] = [
    &[
        "--date",
        "2026-01-10",
        "--player",
        "Ann=bear:held-on@Alaska",
        "--player",
        "Bo=khan:held-on@Peru",
        "--player",
        "Cy=saharan:won@Egypt",
        "--player",
        "Dee=balkania:held-on@Japan",
        "--name-continent",
        "Africa=Sahara",
        "--scar",
        "Brazil=Bunker",
        "--minor-city",
        "Bo:Argentina=Pampa",
        "--upgrade",
        "Dee:Japan",
    ],
    &[
        "--date",
        "2026-01-17",
        "--player",
        "Ann=bear:won@Alaska",
        "--player",
        "Bo=khan:held-on@Venezuela",
        "--player",
        "Cy=saharan:held-on@Madagascar",
        "--player",
        "Dee=balkania:eliminated@China",
        "--major-city",
        "Egypt=Kyro",
        "--minor-city",
        "Cy:Madagascar=Tana",
        "--upgrade",
        "Bo:Venezuela",
    ],
    &[
        "--date",
        "2026-01-24",
        "--player",
        "Ann=bear:won@Egypt",
        "--player",
        "Bo=khan:held-on@Peru",
        "--player",
        "Cy=saharan:eliminated@Central Africa",
        "--fortify",
        "Egypt",
        "--scar",
        "Siam=Ammo Shortage",
        "--upgrade",
        "Bo:Peru",
        "--opened",
        "Second signature",
    ],
    &[
        "--date",
        "2026-01-31",
        "--player",
        "Dee=balkania:held-on@Japan",
        "--player",
        "Ann=bear:won@Scandinavia",
        "--player",
        "Bo=khan:held-on@Central America",
        "--player",
        "Cy=saharan:held-on@East Africa",
        "--continent-bonus",
        "Asia=-1",
        "--upgrade",
        "Cy:East Africa",
        "--minor-city",
        "Dee:Afghanistan=Herat",
    ],
    &[
        "--date",
        "2026-02-07",
        "--player",
        "Cy=saharan:won@East Africa",
        "--player",
        "Dee=balkania:held-on@India",
        "--player",
        "Ann=bear:eliminated",
        "--player",
        "Bo=khan:held-on@Ontario",
        "--heal-scar",
        "Brazil",
        "--wear",
        "Egypt=3",
        "--minor-city",
        "Bo:Venezuela=Caracas",
        "--upgrade",
        "Dee:India",
    ],
    &[
        "--date",
        "2026-02-14",
        "--player",
        "Ann=mechaniker:won@Great Britain",
        "--player",
        "Bo=khan:held-on@Brazil",
        "--player",
        "Dee=bear:eliminated@Ural",
        "--destroy-card",
        "Greenland",
        "--upgrade",
        "Bo:Brazil",
    ],
    &[
        "--date",
        "2026-02-21",
        "--player",
        "Bo=khan:won@Indonesia",
        "--player",
        "Cy=saharan:held-on@South Africa",
        "--player",
        "Dee=balkania:held-on@Mongolia",
        "--player",
        "Ann=bear:held-on@Northwest Territory",
        "--name-continent",
        "Australia=Oz",
        "--minor-city",
        "Dee:Mongolia=Ulaan",
        "--minor-city",
        "Ann:Alaska=Nome",
        "--upgrade",
        "Cy:South Africa",
    ],
    &[
        "--date",
        "2026-02-28",
        "--player",
        "Cy=saharan:won",
        "--player",
        "Ann=bear:held-on@Ontario",
        "--player",
        "Dee=khan:eliminated@Irkutsk",
        "--major-city",
        "Congo=Nyota",
        "--upgrade",
        "Ann:Ontario",
    ],
    &[
        "--date",
        "2026-03-07",
        "--player",
        "Bo=khan:won@Western Australia",
        "--player",
        "Ann=bear:held-on@Eastern US",
        "--player",
        "Cy=saharan:eliminated@Congo",
        "--player",
        "Dee=balkania:held-on@Kamchatka",
        "--continent-bonus",
        "South America=+1",
        "--minor-city",
        "Ann:Yakutsk=Lena",
    ],
];

const BEAR: &str = "Enclave of the Bear";
const KHAN: &str = "Khan Industries";
const SAHARAN: &str = "Saharan Republic";
const BALKANIA: &str = "Imperial Balkania";
const MECHANIKER: &str = "Die Mechaniker";

/// The campaign above, played through the binary.
fn campaign() -> TestEnv {
    let env = TestEnv::new();
    env.ok(&["init", "Earth"]);
    for (faction, power) in POWERS {
        env.ok(&["power", faction, power]);
    }
    let coins: Vec<&str> = std::iter::once("coins").chain(FIRST_COINS).collect();
    env.ok(&coins);
    for (i, flags) in GAMES.iter().enumerate() {
        let args: Vec<&str> = ["game", "log"]
            .into_iter()
            .chain(flags.iter().copied())
            .collect();
        let run = env.ok(&args);
        assert!(
            run.stderr.contains(&format!("Game {} logged.", i + 1)),
            "game {}: {}",
            i + 1,
            run.stderr
        );
    }
    env
}

/// `history --format json` with these filters, as a list.
fn history(env: &TestEnv, filters: &[&str]) -> Vec<Value> {
    let args: Vec<&str> = ["history", "--format", "json"]
        .into_iter()
        .chain(filters.iter().copied())
        .collect();
    env.json(&args)
        .as_array()
        .unwrap_or_else(|| panic!("history {filters:?} is not a list"))
        .clone()
}

/// The `kind` of each entry.
fn kinds(entries: &[Value]) -> Vec<&str> {
    entries
        .iter()
        .map(|e| e["kind"].as_str().expect("a kind"))
        .collect()
}

/// The `text` of each entry.
fn texts(entries: &[Value]) -> Vec<&str> {
    entries
        .iter()
        .map(|e| e["text"].as_str().expect("a text"))
        .collect()
}

/// The one entry of this kind in this game.
#[track_caller]
fn entry<'a>(entries: &'a [Value], game: u32, kind: &str) -> &'a Value {
    let found: Vec<&Value> = entries
        .iter()
        .filter(|e| e["game"] == game && e["kind"] == kind)
        .collect();
    assert_eq!(found.len(), 1, "{kind} in game {game}: {found:#?}");
    found[0]
}

/// The names of a JSON array of strings.
fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {value}"))
        .iter()
        .map(|v| v.as_str().expect("a string"))
        .collect()
}

// stats

#[test]
fn stats_json_gives_each_players_record_win_rate_and_streaks() {
    let env = campaign();
    let stats = env.json(&["stats", "--format", "json"]);
    assert_eq!(stats["campaign"], "Earth");
    assert_eq!(stats["games_played"], 9);
    // name, games, won, held on, eliminated, signatures, win rate, best run, run now.
    let expected = [
        ("Ann", 9, 4, 4, 1, 4, 0.444, 3, 0),
        ("Cy", 8, 3, 3, 2, 3, 0.375, 1, 0),
        ("Bo", 8, 2, 6, 0, 2, 0.25, 2, 2),
        ("Dee", 8, 0, 5, 3, 0, 0.0, 0, 0),
    ];
    let players = stats["players"].as_array().expect("players");
    let order: Vec<&str> = players
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["Ann", "Cy", "Bo", "Dee"], "most wins first");
    for (name, games, won, held_on, eliminated, signatures, rate, longest, current) in expected {
        let p = find(&stats["players"], "name", name);
        assert_eq!(
            p,
            &json!({
                "name": name,
                "games": games,
                "won": won,
                "held_on": held_on,
                "eliminated": eliminated,
                "knocked_out": 0,
                "signatures": signatures,
                "win_rate": rate,
                "longest_win_streak": longest,
                "current_streak": current,
                "missions_completed": 0,
                "events": 0,
            }),
            "{name}"
        );
    }
}

#[test]
fn stats_json_gives_each_factions_record_and_most_used_hq() {
    let env = campaign();
    let stats = env.json(&["stats", "--format", "json"]);
    // name, games, won, held on, eliminated, win rate, started most, times.
    let expected = [
        (BEAR, 9, 3, 4, 2, 0.333, Some("Alaska"), 2),
        (KHAN, 9, 2, 6, 1, 0.222, Some("Peru"), 2),
        (SAHARAN, 8, 3, 3, 2, 0.375, Some("East Africa"), 2),
        (BALKANIA, 6, 0, 5, 1, 0.0, Some("Japan"), 2),
        (MECHANIKER, 1, 1, 0, 0, 1.0, Some("Great Britain"), 1),
    ];
    assert_eq!(stats["factions"].as_array().unwrap().len(), 5);
    for (name, games, won, held_on, eliminated, rate, started, times) in expected {
        let f = find(&stats["factions"], "name", name);
        assert_eq!(
            f,
            &json!({
                "name": name,
                "games": games,
                "won": won,
                "held_on": held_on,
                "eliminated": eliminated,
                "knocked_out": 0,
                "win_rate": rate,
                "started_most": started,
                "started_most_times": times,
            }),
            "{name}"
        );
    }
}

#[test]
fn stats_json_gives_head_to_head_for_every_pair_that_met() {
    let env = campaign();
    let stats = env.json(&["stats", "--format", "json"]);
    // People in the order they first played (Ann, Bo, Cy, Dee), each pair once.
    let expected = json!([
        {"a": "Ann", "b": "Bo", "games": 8, "a_won": 4, "b_won": 2},
        {"a": "Ann", "b": "Cy", "games": 8, "a_won": 3, "b_won": 3},
        {"a": "Ann", "b": "Dee", "games": 8, "a_won": 3, "b_won": 0},
        {"a": "Bo", "b": "Cy", "games": 7, "a_won": 2, "b_won": 2},
        {"a": "Bo", "b": "Dee", "games": 7, "a_won": 2, "b_won": 0},
        {"a": "Cy", "b": "Dee", "games": 7, "a_won": 3, "b_won": 0},
    ]);
    assert_eq!(stats["head_to_head"], expected);
}

// history

/// Entries per game (scars, wear, signature, reward, held-on rewards, eliminations,
/// packets opened): 5 + 5 + 6 + 4 + 6 + 4 + 5 + 4 + 4 = 43; before game 1, 5 powers and
/// 12 first coins.
const ENTRIES_PER_GAME: [usize; 9] = [5, 5, 6, 4, 6, 4, 5, 4, 4];

#[test]
fn history_lists_every_change_in_order() {
    let env = campaign();
    let all = history(&env, &[]);
    assert_eq!(all.len(), 5 + 12 + 43);
    // Between games first: powers, then coins, with no game and the campaign's start.
    assert_eq!(kinds(&all[..5]), ["power"; 5]);
    assert_eq!(kinds(&all[5..17]), ["coin"; 12]);
    for e in &all[..17] {
        assert_eq!(e["game"], Value::Null, "{e}");
        assert_eq!(e["date"], START, "{e}");
        assert_eq!(e["person"], Value::Null, "{e}");
    }
    assert_eq!(all[0]["text"], "Enclave of the Bear kept starting power A");
    assert_eq!(all[9]["text"], "put a first coin on Southeast Asia's card");
    assert_eq!(all[9]["territory"], "Southeast Asia");
    assert_eq!(all[9]["continent"], "Asia");
    // Then each game's changes, games in order.
    let games: Vec<u64> = all[17..]
        .iter()
        .map(|e| e["game"].as_u64().expect("a game"))
        .collect();
    let mut expected: Vec<u64> = Vec::new();
    for (game, count) in ENTRIES_PER_GAME.iter().enumerate() {
        expected.extend(std::iter::repeat_n(game as u64 + 1, *count));
    }
    assert_eq!(games, expected);
}

#[test]
fn history_entries_carry_game_date_person_faction_place_and_text() {
    let env = campaign();
    let all = history(&env, &[]);
    let kyro = entry(&all, 2, "major_city");
    assert_eq!(
        kyro,
        &json!({
            "game": 2,
            "after_game": null,
            "date": "2026-01-17",
            "person": "Ann",
            "faction": BEAR,
            "kind": "major_city",
            "territory": "Egypt",
            "continent": "Africa",
            "text": "founded the major city Kyro in Egypt",
            "logged_by": null,
        })
    );
    let nyota = entry(&all, 8, "major_city");
    assert_eq!(
        nyota,
        &json!({
            "game": 8,
            "after_game": null,
            "date": "2026-02-28",
            "person": "Cy",
            "faction": SAHARAN,
            "kind": "major_city",
            "territory": "Central Africa",
            "continent": "Africa",
            "text": "founded the major city Nyota in Central Africa",
            "logged_by": null,
        })
    );
    // A scar placed during a game has no person.
    let scar = entry(&all, 3, "scar");
    assert_eq!(
        scar,
        &json!({
            "game": 3,
            "after_game": null,
            "date": "2026-01-24",
            "person": null,
            "faction": null,
            "kind": "scar",
            "territory": "Southeast Asia",
            "continent": "Asia",
            "text": "scarred Southeast Asia with an Ammo Shortage scar",
            "logged_by": null,
        })
    );
    // The faction is the one played in that game: Ann won game 6 as Die Mechaniker.
    let signature = entry(&all, 6, "signature");
    assert_eq!(signature["person"], "Ann");
    assert_eq!(signature["faction"], MECHANIKER);
    assert_eq!(
        signature["text"],
        "won and signed the board for Die Mechaniker"
    );
    let out = entry(&all, 6, "eliminated");
    assert_eq!(out["person"], "Dee");
    assert_eq!(out["faction"], BEAR);
    assert_eq!(out["text"], "was eliminated playing Enclave of the Bear");
    // Continent-wide changes carry the continent and no territory.
    let named = entry(&all, 1, "continent_name");
    assert_eq!(named["person"], "Cy");
    assert_eq!(named["continent"], "Africa");
    assert_eq!(named["territory"], Value::Null);
    assert_eq!(named["text"], "named Africa \"Sahara\"");
    assert_eq!(
        entry(&all, 4, "continent_bonus")["text"],
        "changed Asia's bonus by -1 (to 6)"
    );
    assert_eq!(
        entry(&all, 9, "continent_bonus")["text"],
        "changed South America's bonus by +1 (to 3)"
    );
    assert_eq!(
        entry(&all, 5, "heal")["text"],
        "healed the Bunker scar in Brazil"
    );
    assert_eq!(
        entry(&all, 5, "wear")["text"],
        "ticked 3 boxes of Kyro's fortification (Egypt)"
    );
    assert_eq!(entry(&all, 3, "fortify")["text"], "fortified Kyro (Egypt)");
    let packet = entry(&all, 3, "packet");
    assert_eq!(packet["text"], "opened the Second signature packet");
    assert_eq!(packet["person"], Value::Null);
    // No entry says the First elimination packet was opened: it never was.
    assert_eq!(kinds(&all).iter().filter(|k| **k == "packet").count(), 1);
}

#[test]
fn history_by_territory_also_by_the_names_players_use() {
    let env = campaign();
    // Central Africa: only Cy's major city (nobody put a coin there).
    for name in ["Central Africa", "Congo", "congo"] {
        let entries = history(&env, &["--territory", name]);
        assert_eq!(kinds(&entries), ["major_city"], "--territory {name}");
        assert_eq!(entries[0]["game"], 8);
        assert_eq!(entries[0]["person"], "Cy");
    }
    // Southeast Asia: a first coin, then the scar of game 3.
    let siam = history(&env, &["--territory", "Siam"]);
    assert_eq!(siam, history(&env, &["--territory", "Southeast Asia"]));
    assert_eq!(kinds(&siam), ["coin", "scar"]);
    assert_eq!(siam[0]["game"], Value::Null);
    assert_eq!(siam[1]["game"], 3);
    // Egypt: two first coins, the major city, its fortification, the wear.
    let egypt = history(&env, &["--territory", "egypt"]);
    assert_eq!(
        kinds(&egypt),
        ["coin", "coin", "major_city", "fortify", "wear"]
    );
    let games: Vec<&Value> = egypt.iter().map(|e| &e["game"]).collect();
    assert_eq!(
        games,
        [&Value::Null, &Value::Null, &json!(2), &json!(3), &json!(5)]
    );
    // Brazil: a coin, the scar, the heal, Bo's resource.
    let brazil = history(&env, &["--territory", "Brazil"]);
    assert_eq!(kinds(&brazil), ["coin", "scar", "heal", "resource"]);
    // A territory nothing happened to.
    assert_eq!(history(&env, &["--territory", "Iceland"]).len(), 1);
    assert!(history(&env, &["--territory", "New Guinea"]).is_empty());
}

#[test]
fn history_by_continent_printed_or_given_name() {
    let env = campaign();
    // Africa ("Sahara" since game 1): Egypt's 2 coins; game 1 the naming; game 2 Kyro and
    // Tana; game 3 the fortification; game 4 East Africa's resource; game 5 the wear;
    // game 7 South Africa's resource; game 8 Nyota: 10 entries.
    let africa = history(&env, &["--continent", "Africa"]);
    assert_eq!(
        kinds(&africa),
        [
            "coin",
            "coin",
            "continent_name",
            "major_city",
            "minor_city",
            "fortify",
            "resource",
            "wear",
            "resource",
            "major_city"
        ]
    );
    assert!(africa.iter().all(|e| e["continent"] == "Africa"));
    assert_eq!(history(&env, &["--continent", "Sahara"]), africa);
    assert_eq!(history(&env, &["--continent", "sahara"]), africa);
    // Australia ("Oz" since game 7): its naming only (Bo's HQ is not a change).
    let oz = history(&env, &["--continent", "Oz"]);
    assert_eq!(kinds(&oz), ["continent_name"]);
    assert_eq!(oz[0]["text"], "named Australia \"Oz\"");
    assert_eq!(oz, history(&env, &["--continent", "Australia"]));
    // South America: Peru 2 coins, Brazil coin; game 1 Brazil's scar and Pampa; game 2
    // Venezuela's resource; game 3 Peru's; game 5 the heal and Caracas; game 6 Brazil's
    // resource; game 9 the bonus: 11 entries.
    let south = history(&env, &["--continent", "South America"]);
    assert_eq!(south.len(), 11, "{:#?}", texts(&south));
    env.test()
        .args(["history", "--continent", "Atlantis"])
        .stdout("")
        .status(1)
        .run();
}

#[test]
fn history_by_player_ignores_case() {
    let env = campaign();
    // Ann: games 2, 3, 4, 6 a signature and a reward each; game 5 eliminated; games 7, 8,
    // 9 a held-on reward each: 12 entries.
    let ann = history(&env, &["--player", "ann"]);
    assert_eq!(ann, history(&env, &["--player", "ANN"]));
    assert_eq!(ann.len(), 12, "{:#?}", texts(&ann));
    assert!(ann.iter().all(|e| e["person"] == "Ann"));
    assert_eq!(
        kinds(&ann),
        [
            "signature",
            "major_city",
            "signature",
            "fortify",
            "signature",
            "continent_bonus",
            "eliminated",
            "signature",
            "destroy_card",
            "minor_city",
            "resource",
            "minor_city"
        ]
    );
    // Dee never won: a resource, 3 eliminations, 2 minor cities, another resource.
    let dee = history(&env, &["--player", "dee"]);
    assert_eq!(
        kinds(&dee),
        [
            "resource",
            "eliminated",
            "minor_city",
            "resource",
            "eliminated",
            "minor_city",
            "eliminated"
        ]
    );
    env.test()
        .args(["history", "--player", "Zed"])
        .stderr_has("Zed")
        .status(1)
        .run();
}

#[test]
fn history_by_faction_word() {
    let env = campaign();
    // Bear in the games: Ann's 10 changes as Bear (all of her 12 but game 6's two) and
    // Dee's elimination in game 6. (Its starting power, before game 1, is checked below.)
    let bear: Vec<Value> = history(&env, &["--faction", "bear"])
        .into_iter()
        .filter(|e| !e["game"].is_null())
        .collect();
    assert_eq!(bear.len(), 11, "{:#?}", texts(&bear));
    assert!(bear.iter().all(|e| e["faction"] == BEAR));
    assert_eq!(
        bear.iter()
            .filter(|e| e["person"] == "Dee")
            .map(|e| (&e["game"], &e["kind"]))
            .collect::<Vec<_>>(),
        [(&json!(6), &json!("eliminated"))]
    );
    assert_eq!(
        history(&env, &["--faction", "bear"]),
        history(&env, &["--faction", BEAR])
    );
    // Mechaniker in the games: only game 6, Ann's win and her reward.
    let mechaniker: Vec<Value> = history(&env, &["--faction", "mechaniker"])
        .into_iter()
        .filter(|e| !e["game"].is_null())
        .collect();
    assert_eq!(kinds(&mechaniker), ["signature", "destroy_card"]);
    assert!(mechaniker.iter().all(|e| e["game"] == 6));
    env.test()
        .args(["history", "--faction", "wolf"])
        .stdout("")
        .status(1)
        .run();
}

#[test]
fn history_by_faction_includes_its_starting_power() {
    // describe.rs documents Happening.faction as "the faction of that person in that game
    // (or the faction a starting power is for)", and the history table has a (no person,
    // a faction) case for it; but `power` entries carry no faction.
    let env = campaign();
    let bear = history(&env, &["--faction", "bear"]);
    assert_eq!(bear.len(), 12, "{:#?}", texts(&bear));
    assert_eq!(
        bear[0],
        json!({
            "game": null,
            "after_game": 0,
            "date": START,
            "person": null,
            "faction": BEAR,
            "kind": "power",
            "territory": null,
            "continent": null,
            "text": "Enclave of the Bear kept starting power A",
            "logged_by": null,
        })
    );
    let khan = history(&env, &["--faction", "khan"]);
    assert_eq!(khan[0]["text"], "Khan Industries kept starting power B");
}

#[test]
fn history_by_game_and_by_player_in_a_game() {
    let env = campaign();
    let third = history(&env, &["--game", "3"]);
    assert_eq!(
        kinds(&third),
        [
            "scar",
            "signature",
            "fortify",
            "resource",
            "eliminated",
            "packet"
        ]
    );
    assert!(
        third
            .iter()
            .all(|e| e["game"] == 3 && e["date"] == "2026-01-24")
    );
    let people: Vec<&Value> = third.iter().map(|e| &e["person"]).collect();
    assert_eq!(
        people,
        [
            &Value::Null,
            &json!("Ann"),
            &json!("Ann"),
            &json!("Bo"),
            &json!("Cy"),
            &Value::Null
        ]
    );
    for (game, count) in ENTRIES_PER_GAME.iter().enumerate() {
        let number = (game + 1).to_string();
        assert_eq!(
            history(&env, &["--game", &number]).len(),
            *count,
            "game {number}"
        );
    }
    // Together: Ann in game 3.
    let ann_third = history(&env, &["--player", "ann", "--game", "3"]);
    assert_eq!(
        texts(&ann_third),
        [
            "won and signed the board for Enclave of the Bear",
            "fortified Kyro (Egypt)"
        ]
    );
    // Game 7's held-on rewards, clockwise from the winner Bo: Cy's resource, then Dee's and
    // Ann's minor cities (whatever the order of the flags).
    let seventh = history(&env, &["--game", "7"]);
    let held_on: Vec<(&Value, &Value)> = seventh
        .iter()
        .filter(|e| e["kind"] == "minor_city" || e["kind"] == "resource")
        .map(|e| (&e["person"], &e["kind"]))
        .collect();
    assert_eq!(
        held_on,
        [
            (&json!("Cy"), &json!("resource")),
            (&json!("Dee"), &json!("minor_city")),
            (&json!("Ann"), &json!("minor_city"))
        ]
    );
    let asia = history(&env, &["--game", "7", "--continent", "Asia"]);
    assert_eq!(texts(&asia), ["founded the minor city Ulaan in Mongolia"]);
    // Bo sat out game 8: nothing matches, which is not an error.
    assert!(history(&env, &["--player", "Bo", "--game", "8"]).is_empty());
    env.test()
        .args(["history", "--player", "Bo", "--game", "8"])
        .stdout_has("Nothing has happened that matches.")
        .run();
}

#[test]
fn history_refuses_an_unknown_territory_and_a_game_not_played() {
    let env = campaign();
    env.test()
        .args(["history", "--territory", "Brasil"])
        .stdout("")
        .stderr_has("Brazil")
        .status(1)
        .run();
    for game in ["99", "10", "0"] {
        env.test()
            .args(["history", "--game", game])
            .stdout("")
            .stderr_has(format!("There is no game {game}"))
            .stderr_has("9 games")
            .status(1)
            .run();
    }
}

// setup

const UNMARKED: usize = 32;

/// Territories with a city or a standing scar at the end of the campaign.
const MARKED: [&str; 10] = [
    "Alaska",
    "Venezuela",
    "Argentina",
    "Egypt",
    "Central Africa",
    "Madagascar",
    "Yakutsk",
    "Mongolia",
    "Afghanistan",
    "Southeast Asia",
];

#[test]
fn setup_json_gives_each_persons_tokens_named_continents_and_legal_starts() {
    let env = campaign();
    let setup = env.json(&["setup", "--format", "json"]);
    assert_eq!(setup["campaign"], "Earth");
    assert_eq!(setup["next_game"], 10);
    assert_eq!(setup["rewards"], true);
    let names: Vec<&str> = setup["people"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    // The people of the latest game (game 9), in its seating order.
    assert_eq!(names, ["Bo", "Ann", "Cy", "Dee"]);
    // name, red star, missiles, named, legal starts, own major cities.
    let expected = [
        (
            "Ann",
            0,
            4,
            json!([]),
            UNMARKED + 1,
            json!(["Kyro (Egypt)"]),
        ),
        ("Bo", 0, 2, json!(["Oz"]), UNMARKED, json!([])),
        (
            "Cy",
            0,
            3,
            json!(["Sahara"]),
            UNMARKED + 1,
            json!(["Nyota (Central Africa)"]),
        ),
        ("Dee", 1, 0, json!([]), UNMARKED, json!([])),
    ];
    for (name, red_star, missiles, named, starts, own) in expected {
        let p = find(&setup["people"], "name", name);
        assert_eq!(p["red_star_tokens"], red_star, "{name}");
        assert_eq!(p["missiles"], missiles, "{name}");
        assert_eq!(p["named_continents"], named, "{name}");
        assert_eq!(p["own_major_cities"], own, "{name}");
        let legal = strings(&p["legal_starts"]);
        assert_eq!(legal.len(), starts, "{name}: {legal:?}");
        // Brazil's scar was healed: legal again. Greenland's card is destroyed: not a mark.
        for open in ["Brazil", "Greenland", "Peru", "Ontario", "Japan"] {
            assert!(legal.contains(&open), "{name} may start in {open}");
        }
        for marked in MARKED {
            let own_city = (name == "Ann" && marked == "Egypt")
                || (name == "Cy" && marked == "Central Africa");
            assert_eq!(
                legal.contains(&marked),
                own_city,
                "{name} and {marked}: {legal:?}"
            );
        }
    }
}

#[test]
fn setup_json_gives_bonuses_stock_left_and_packets_still_sealed() {
    let env = campaign();
    let setup = env.json(&["setup", "--format", "json"]);
    let expected = json!([
        {"name": "North America", "given_name": null, "printed_bonus": 5, "bonus_change": null,
         "bonus": 5, "named_by": null, "namer_bonus": 0},
        {"name": "South America", "given_name": null, "printed_bonus": 2, "bonus_change": 1,
         "bonus": 3, "named_by": null, "namer_bonus": 0},
        {"name": "Europe", "given_name": null, "printed_bonus": 5, "bonus_change": null,
         "bonus": 5, "named_by": null, "namer_bonus": 0},
        {"name": "Africa", "given_name": "Sahara", "printed_bonus": 3, "bonus_change": null,
         "bonus": 3, "named_by": "Cy", "namer_bonus": 1},
        {"name": "Asia", "given_name": null, "printed_bonus": 7, "bonus_change": -1,
         "bonus": 6, "named_by": null, "namer_bonus": 0},
        {"name": "Australia", "given_name": "Oz", "printed_bonus": 2, "bonus_change": null,
         "bonus": 2, "named_by": "Bo", "namer_bonus": 1},
    ]);
    assert_eq!(setup["continents"], expected);
    // Stock: 2 names, 2 major cities, 7 minor cities, 1 fortification, 1 cover, both bonus
    // marks, 12 first coins + 8 resources, 1 Bunker and 1 Ammo Shortage scar used.
    let stock = [
        ("continent_name", 6, 2, 4),
        ("major_city", 5, 2, 3),
        ("minor_city", 9, 7, 2),
        ("fortification", 5, 1, 4),
        ("scar_cover", 4, 1, 3),
        ("bonus_plus", 1, 1, 0),
        ("bonus_minus", 1, 1, 0),
        ("coin_sticker", 35, 20, 15),
        ("world_capital", 1, 0, 1),
        ("scar:Bunker", 3, 1, 2),
        ("scar:Ammo Shortage", 3, 1, 2),
    ];
    assert_eq!(setup["stock"].as_array().unwrap().len(), stock.len());
    for (kind, capacity, used, left) in stock {
        assert_eq!(
            find(&setup["stock"], "kind", kind),
            &json!({"kind": kind, "capacity": capacity, "used": used, "left": left}),
            "{kind}"
        );
    }
    // Packets not opened: all but Second signature (opened in game 3).
    let packets: Vec<&str> = setup["packets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["packet"].as_str().unwrap())
        .collect();
    assert_eq!(
        packets,
        [
            "Minor cities",
            "First elimination",
            "World capital",
            "Three missiles",
            "Thirty troops",
            "Do not open"
        ]
    );
    let minor = find(&setup["packets"], "packet", "Minor cities");
    assert_eq!(minor["status"], "not_yet");
    assert_eq!(minor["game"], Value::Null);
    assert_eq!(minor["progress"], "minor cities: 7 of 9");
    let first = find(&setup["packets"], "packet", "First elimination");
    assert_eq!(first["status"], "met");
    assert_eq!(first["game"], 2);
    assert_eq!(first["progress"], "eliminations so far: 6");
}

#[test]
fn setup_json_for_chosen_players_with_a_newcomer() {
    let env = campaign();
    let setup = env.json(&["setup", "--players", "dee,Eve,ann", "--format", "json"]);
    let names: Vec<&str> = setup["people"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Dee", "Eve", "Ann"],
        "known people in their spelling"
    );
    let eve = find(&setup["people"], "name", "Eve");
    assert_eq!(eve["red_star_tokens"], 1);
    assert_eq!(eve["missiles"], 0);
    assert_eq!(eve["named_continents"], json!([]));
    assert_eq!(eve["own_major_cities"], json!([]));
    let legal = strings(&eve["legal_starts"]);
    assert_eq!(legal.len(), UNMARKED);
    assert!(legal.contains(&"Brazil"));
    assert!(!legal.contains(&"Egypt") && !legal.contains(&"Central Africa"));
    assert!(!legal.contains(&"Southeast Asia"));
    let ann = find(&setup["people"], "name", "Ann");
    assert_eq!(ann["missiles"], 4);
    assert_eq!(strings(&ann["legal_starts"]).len(), UNMARKED + 1);
    let dee = find(&setup["people"], "name", "Dee");
    assert_eq!(dee["red_star_tokens"], 1);
    // The rest of the report does not depend on who plays.
    let everyone = env.json(&["setup", "--format", "json"]);
    for key in ["continents", "stock", "packets", "next_game"] {
        assert_eq!(setup[key], everyone[key], "{key}");
    }
}

// packets

#[test]
fn packets_json_lists_all_seven_with_status_game_and_progress() {
    let env = campaign();
    let packets = env.json(&["packets", "--format", "json"]);
    let got: Vec<(&str, &str, &Value, &Value)> = packets
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["packet"].as_str().unwrap(),
                p["status"].as_str().unwrap(),
                &p["game"],
                &p["progress"],
            )
        })
        .collect();
    let null = Value::Null;
    let expected: [(&str, &str, Value, Value); 7] = [
        (
            "Minor cities",
            "not_yet",
            null.clone(),
            json!("minor cities: 7 of 9"),
        ),
        (
            "First elimination",
            "met",
            json!(2),
            json!("eliminations so far: 6"),
        ),
        (
            "Second signature",
            "opened",
            json!(3),
            json!("the most signatures anyone has: 4"),
        ),
        ("World capital", "not_yet", null.clone(), null.clone()),
        ("Three missiles", "not_yet", null.clone(), null.clone()),
        ("Thirty troops", "not_yet", null.clone(), null.clone()),
        ("Do not open", "not_yet", null.clone(), null),
    ];
    assert_eq!(got.len(), 7);
    for ((packet, status, game, progress), (e_packet, e_status, e_game, e_progress)) in
        got.iter().zip(&expected)
    {
        assert_eq!(
            (*packet, *status, *game, *progress),
            (*e_packet, *e_status, e_game, e_progress)
        );
    }
    for p in packets.as_array().unwrap() {
        assert!(
            p["condition"].as_str().is_some_and(|c| !c.is_empty()),
            "{p}"
        );
    }
}

// Every format

/// The cells of each row of a rendered table (lines between `│`), trimmed.
fn table_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| l.starts_with('│'))
        .map(|l| {
            l.trim_matches('│')
                .split('│')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

#[track_caller]
fn printed(run: &Run, what: &str) {
    assert!(!run.stdout.trim().is_empty(), "{what}: nothing printed");
    assert!(
        !run.stdout.contains('{'),
        "{what}: JSON printed\n{}",
        run.stdout
    );
}

#[test]
fn every_read_command_prints_table_csv_and_markdown() {
    let env = campaign();
    // (command, the line csv prints, the line md prints, the row the table shows)
    let cases: [(&[&str], &str, &str, &[&str]); 4] = [
        (
            &["stats"],
            "Ann,9,4,4,1,4,0.444,3,0",
            "| Ann | 9 | 4 | 4 | 1 | 44% | 3 | 0 |",
            &["Ann", "9", "4", "4", "1", "44%", "3", "0"],
        ),
        (
            &["history", "--game", "8"],
            "8,2026-02-28,,Cy,Saharan Republic,major_city,Central Africa,Africa,founded the major city Nyota in Central Africa",
            "| 8 | 2026-02-28 | Cy (Saharan) | founded the major city Nyota in Central Africa |",
            &[
                "8",
                "2026-02-28",
                "Cy (Saharan)",
                "founded the major city Nyota in Central Africa",
            ],
        ),
        (
            &["setup"],
            "Dee,1,0,,32,",
            "| Dee | 1 | 0 |  | 32 territories |",
            &["Dee", "1", "0", "", "32 territories"],
        ),
        (
            &["packets"],
            "First elimination,a player is eliminated for the first time,met,2,eliminations so far: 6",
            "| First elimination | a player is eliminated for the first time | due since game 2 | eliminations so far: 6 |",
            &[],
        ),
    ];
    for (command, csv_line, md_line, row) in cases {
        let with = |format: &'static str| -> Vec<&'static str> {
            command
                .iter()
                .copied()
                .chain(["--format", format])
                .collect()
        };
        let what = command.join(" ");
        let csv = env.ok(&with("csv"));
        printed(&csv, &what);
        assert!(
            csv.stdout.lines().any(|l| l == csv_line),
            "{what} csv:\n{}",
            csv.stdout
        );
        let md = env.ok(&with("md"));
        printed(&md, &what);
        assert!(
            md.stdout.lines().any(|l| l == md_line),
            "{what} md:\n{}",
            md.stdout
        );
        let table = env.ok(&with("table"));
        printed(&table, &what);
        if !row.is_empty() {
            assert!(
                table_rows(&table.stdout).iter().any(|r| r == row),
                "{what} table:\n{}",
                table.stdout
            );
        }
        // The default format is the table.
        assert_eq!(env.ok(command).stdout, table.stdout, "{what}");
    }
    // Ann's Egypt as her own major city, in the setup table and csv.
    let setup = env.ok(&["setup", "--format", "csv"]);
    assert!(
        setup
            .stdout
            .lines()
            .any(|l| l == "Ann,0,4,,33,Kyro (Egypt)"),
        "{}",
        setup.stdout
    );
    let table = env.ok(&["setup"]).stdout;
    assert!(
        table.contains("33 territories, incl. Kyro (Egypt)"),
        "{table}"
    );
    // The packets table names the packet due since game 2.
    let packets = env.ok(&["packets"]);
    assert!(
        packets.stdout.contains("First elimination"),
        "{}",
        packets.stdout
    );
    assert!(
        packets.stdout.contains("due since game 2"),
        "{}",
        packets.stdout
    );
    assert!(
        packets.stdout.contains("opened in game 3"),
        "{}",
        packets.stdout
    );
}

#[test]
fn tables_fit_in_80_columns() {
    let env = campaign();
    let commands: [&[&str]; 6] = [
        &["stats"],
        &["history"],
        &["history", "--continent", "Africa"],
        &["setup"],
        &["setup", "--players", "Ann,Bo,Eve"],
        &["packets"],
    ];
    for args in commands {
        let run = env.test().args(args).env_var("COLUMNS", "80").run();
        assert!(!run.stdout.trim().is_empty(), "{args:?}");
        for line in run.stdout.lines() {
            assert!(
                line.chars().count() <= 80,
                "{args:?}: a line of {} characters:\n{line}\n{}",
                line.chars().count(),
                run.stdout
            );
        }
    }
}
