//! The guided prompt's key budgets: game nights answered in a pseudo-terminal by a person
//! who presses as few keys as the rules of `guided_keys` say, every key counted (the
//! letters of a new person's name and of the note aside), and each night checked against
//! the same night logged by flags. Each test prints its nights' keys, question by question.

use serde::Deserialize;

use crate::common::TestEnv;
use crate::guided_keys::{Night, Table, table};

/// The nights of a campaign file (`tests/fixtures/campaign_*.toml`).
#[derive(Deserialize)]
struct Campaign {
    night: Vec<Night>,
}

fn nights(toml: &str) -> Vec<Night> {
    toml::from_str::<Campaign>(toml)
        .expect("the nights read as TOML")
        .night
}

/// The people of the nights before `night`.
fn known_before(nights: &[Night], game: u32) -> Vec<String> {
    nights
        .iter()
        .filter(|n| n.game < game)
        .flat_map(|n| n.players.iter().map(|p| p.person.clone()))
        .collect()
}

/// Logs `nights` at the prompt in a fresh campaign (the nights before `from` by flags),
/// each one checked against the same night logged by flags in another; the keys of each
/// night at the prompt, with its table printed.
fn keys_of(nights: &[Night], from: u32) -> Vec<usize> {
    let by_flags = TestEnv::new();
    by_flags.init_set_up(&["init"]);
    let at_prompt = TestEnv::new();
    at_prompt.init_set_up(&["init"]);
    let mut keys = Vec::new();
    for night in nights {
        night.log_by_flags(&by_flags);
        if night.game < from {
            night.log_by_flags(&at_prompt);
            continue;
        }
        night.run_before(&at_prompt);
        let known = known_before(nights, night.game);
        let count = Table::open(&at_prompt, night, &known).play();
        println!("{}", table(night, &count));
        let number = night.game.to_string();
        let show = ["game", "show", number.as_str(), "--format", "json"];
        let game = |env: &TestEnv| {
            let mut game = env.json(&show);
            game["recorded_at"] = serde_json::Value::Null;
            game
        };
        assert_eq!(
            game(&at_prompt),
            game(&by_flags),
            "game {} at the prompt is the game its flags give",
            night.game
        );
        keys.push(count.keys);
    }
    keys
}

/// Game 1 of the two nights below, by flags: five people, each with an HQ.
const FIRST_NIGHT: &str = r#"
[[night]]
game = 1
date = "2026-11-01"
players = [
  { person = "Ann", faction = "bear", result = "won", hq = "Alaska" },
  { person = "Bo", faction = "khan", result = "held-on", hq = "Peru" },
  { person = "Cy", faction = "saharan", result = "held-on", hq = "Madagascar" },
  { person = "Dee", faction = "balkania", result = "held-on", hq = "Japan" },
  { person = "Eve", faction = "mechaniker", result = "held-on", hq = "Iceland" },
]
reward = { kind = "major-city", territory = "Egypt", name = "Kyro" }
"#;

/// Last game's table again; the winner names a continent, one player founds a minor
/// city, one adds a resource, the two others take nothing; nothing else happens.
const A_QUIET_NIGHT: &str = r#"
[[night]]
game = 2
date = "2026-11-08"
players = [
  { person = "Ann", faction = "bear", result = "held-on", hq = "Alaska" },
  { person = "Bo", faction = "khan", result = "won", hq = "Peru" },
  { person = "Cy", faction = "saharan", result = "held-on", hq = "Madagascar" },
  { person = "Dee", faction = "balkania", result = "held-on", hq = "Japan" },
  { person = "Eve", faction = "mechaniker", result = "held-on", hq = "Iceland" },
]
reward = { kind = "name-continent", continent = "South America", name = "Boland" }
held_on = [
  { person = "Cy", territory = "Madagascar", city = "Toliara" },
  { person = "Dee", territory = "Japan" },
]
"#;

/// Last game's table again; the winner founds a major city, the four others each take a
/// reward, two scars are placed and the winner's second signature opens a packet.
const A_BUSY_NIGHT: &str = r#"
[[night]]
game = 2
date = "2026-11-08"
players = [
  { person = "Ann", faction = "bear", result = "won", hq = "Alaska" },
  { person = "Bo", faction = "khan", result = "held-on", hq = "Peru" },
  { person = "Cy", faction = "saharan", result = "held-on", hq = "Madagascar" },
  { person = "Dee", faction = "balkania", result = "held-on", hq = "Japan" },
  { person = "Eve", faction = "mechaniker", result = "held-on", hq = "Iceland" },
]
reward = { kind = "major-city", territory = "Alberta", name = "Calgary" }
held_on = [
  { person = "Bo", territory = "Brazil", city = "Manaus" },
  { person = "Cy", territory = "Madagascar" },
  { person = "Dee", territory = "Japan", city = "Edo" },
  { person = "Eve", territory = "Iceland" },
]
scars = [
  { territory = "Ural", scar = "Bunker" },
  { territory = "Brazil", scar = "Ammo Shortage" },
]
opened = ["Second signature"]
"#;

#[test]
fn a_quiet_five_player_night_takes_at_most_45_keys() {
    let nights = nights(&format!("{FIRST_NIGHT}{A_QUIET_NIGHT}"));
    let keys = keys_of(&nights, 2);
    println!("a quiet five-player night: {} keys", keys[0]);
    assert!(keys[0] <= 45, "{} keys", keys[0]);
}

#[test]
fn a_busy_five_player_night_takes_at_most_80_keys() {
    let nights = nights(&format!("{FIRST_NIGHT}{A_BUSY_NIGHT}"));
    let keys = keys_of(&nights, 2);
    println!("a busy five-player night: {} keys", keys[0]);
    assert!(keys[0] <= 80, "{} keys", keys[0]);
}

/// Eleven games of a published campaign (`tests/fixtures/campaign_rkik.toml`), each
/// logged at the prompt after the ones before: at most 150 keys a game, the median at
/// most 100.
#[test]
fn a_published_campaign_takes_a_median_of_at_most_100_keys_a_game() {
    let nights = nights(include_str!("fixtures/campaign_rkik.toml"));
    assert!(nights.len() >= 10, "{} games", nights.len());
    let keys = keys_of(&nights, 1);
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    let median = sorted[sorted.len() / 2];
    println!("the campaign's keys a game: {keys:?}; median {median}");
    assert!(median <= 100, "median {median}");
    assert!(sorted.iter().all(|&k| k <= 150), "{keys:?}");
}
