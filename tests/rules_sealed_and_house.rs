//! The rules of a campaign beyond its first games (docs/rules.md §2–§6c): the setup before game 1, games
//! after the 15th, group marks and fallout, destroyed cities, a declined reward, empty
//! held-on pools, the world's name, house rules, who placed a scar, the draft, homelands and
//! the lead faction, and `check` on a log written under earlier rules.
//!
//! The rules themselves are tested on the domain (`Campaign::apply`); the command line where
//! the message, the output or the way a fact travels (history, flags, export and import) is
//! the point. Every refusal at the command line is checked for its exit code, its words,
//! "Nothing was written." and an unchanged board and history.

use chronicle::domain::log::describe::happenings;
use chronicle::domain::state::standing::{homelands, lead_faction};
use chronicle::domain::vocabulary::change::ChangeKind;
use chronicle::domain::vocabulary::house::HouseRule;
use chronicle::domain::{
    Applied, Campaign, Continent, Draft, Entry, Faction, Game, HeldOnChoice, HeldOnKind,
    HeldOnReward, Outcome, PlayEvent, PoolKind, Power, Refusal, Reward, ScarPlacement, Seat,
};

use crate::common::builders::{Log, date, next_date, seat, seat_at, t};
use serde_json::Value;

use crate::common::{CARDS_TO_DESTROY, Run, TestEnv, find};

use Outcome::{HeldOn, Won};

// ---------------------------------------------------------------------------------------
// Builders for the domain
// ---------------------------------------------------------------------------------------

/// A campaign set up for game 1 (rules §2): powers chosen, the twelve first coins placed.
fn fresh() -> Campaign {
    let mut campaign = Campaign::new();
    crate::common::set_up(&mut campaign);
    campaign
}

/// Ann (bear) wins; Bob (khan) and Cat (saharan) hold on, clockwise from Ann.
fn ann_wins() -> Vec<Seat> {
    vec![
        seat("Ann", "bear", Won),
        seat("Bob", "khan", HeldOn),
        seat("Cat", "saharan", HeldOn),
    ]
}

/// Bob (khan) wins; Ann (bear) and Cat (saharan) hold on.
fn bob_wins() -> Vec<Seat> {
    vec![
        seat("Bob", "khan", Won),
        seat("Ann", "bear", HeldOn),
        seat("Cat", "saharan", HeldOn),
    ]
}

/// Ann wins starting in `ann_hq`, Bob holds on starting in `bob_hq`.
fn hqs(ann_hq: &str, bob_hq: &str) -> Vec<Seat> {
    vec![
        seat_at("Ann", "bear", Won, ann_hq),
        seat_at("Bob", "khan", HeldOn, bob_hq),
        seat("Cat", "saharan", HeldOn),
    ]
}

/// A game with these players a week after the last one, nothing else recorded yet.
fn game(c: &Campaign, seats: Vec<Seat>) -> Game {
    Game::new(next_date(c), seats)
}

fn destroy(territory: &str) -> Reward {
    Reward::DestroyCard {
        territory: t(territory),
    }
}

/// A winner's reward that is always possible and touches nothing the tests look at: the
/// card of the last territory whose card still stands.
fn any_reward(c: &Campaign) -> Reward {
    Reward::DestroyCard {
        territory: c.standing_cards().last().expect("a card left").clone(),
    }
}

fn held(person: &str, choice: HeldOnChoice) -> HeldOnReward {
    HeldOnReward {
        person: person.to_string(),
        choice,
    }
}

fn minor(territory: &str, name: &str) -> HeldOnChoice {
    HeldOnChoice::MinorCity {
        territory: t(territory),
        name: name.to_string(),
    }
}

fn rule(rule: HouseRule, on: bool) -> Entry {
    Entry::Rule {
        rule,
        on,
        reason: "our group's ruling".to_string(),
    }
}

fn capacity(pool: PoolKind, capacity: u32) -> Entry {
    Entry::PoolCapacity {
        pool,
        capacity,
        reason: "the sheet is lost".to_string(),
    }
}

fn name_world(by: &str) -> Entry {
    Entry::NameWorld {
        name: "Gaia".to_string(),
        by: by.to_string(),
    }
}

/// Fills in a game step by step.
trait Build {
    fn winner_takes(self, reward: Reward) -> Game;
    fn declined(self) -> Game;
    fn held(self, reward: HeldOnReward) -> Game;
    fn event(self, event: PlayEvent) -> Game;
    fn scar_by(self, territory: &str, kind: &str, by: &str) -> Game;
    fn draft(self, draft: Draft) -> Game;
}

impl Build for Game {
    fn winner_takes(mut self, reward: Reward) -> Game {
        self.reward = Some(reward);
        self
    }
    fn declined(mut self) -> Game {
        self.declined = true;
        self
    }
    fn held(mut self, reward: HeldOnReward) -> Game {
        self.held_on.push(reward);
        self
    }
    fn event(mut self, event: PlayEvent) -> Game {
        self.events.push(event);
        self
    }
    fn scar_by(mut self, territory: &str, kind: &str, by: &str) -> Game {
        self.scars.push(ScarPlacement {
            territory: t(territory),
            scar: kind.to_string(),
            by: Some(by.to_string()),
        });
        self
    }
    fn draft(mut self, draft: Draft) -> Game {
        self.draft.push(draft);
        self
    }
}

fn mark(territory: &str, text: &str) -> PlayEvent {
    PlayEvent::Mark {
        territory: t(territory),
        text: text.to_string(),
    }
}

fn fallout(territory: &str) -> PlayEvent {
    PlayEvent::Fallout {
        territory: t(territory),
    }
}

fn destroy_city(territory: &str) -> PlayEvent {
    PlayEvent::DestroyCity {
        territory: t(territory),
    }
}

/// A draft as a player types it: `draft_of("Ann", "turn:1,troops:8")`.
fn draft_of(person: &str, parts: &str) -> Draft {
    Draft::from_parts(person, parts).unwrap_or_else(|| panic!("a draft: {parts}"))
}

/// The game an entry applied, as recorded.
fn recorded(applied: &Applied) -> &Game {
    match &applied.entry {
        Entry::Game(game) => game,
        other => panic!("not a game: {other:?}"),
    }
}

/// Where the nine minor cities that open the Minor cities packet go (rules §6), two a
/// game, by Bob and Cat.
const NINE_TOWNS: [&str; 9] = [
    "Alaska",
    "Peru",
    "China",
    "Japan",
    "India",
    "Ural",
    "Argentina",
    "Venezuela",
    "Siberia",
];

/// A campaign set up for game 1 that played five games founding nine minor cities, the
/// last of which opened the Minor cities packet: its draft cards are in play.
fn drafting() -> Campaign {
    let mut c = fresh();
    for (n, towns) in NINE_TOWNS.chunks(2).enumerate() {
        let mut g = game(&c, ann_wins()).winner_takes(destroy(CARDS_TO_DESTROY[10 + n]));
        for (person, town) in ["Bob", "Cat"].into_iter().zip(towns) {
            g = g.held(held(person, minor(town, &format!("{town} Town"))));
        }
        if towns.len() == 1 {
            g.opened.push(chronicle::domain::Packet::MinorCities);
        }
        c.allow(g);
    }
    c
}

/// Fifteen games: Ann wins games 1–8, Bob games 9–15, each destroying a card. Ann has 8
/// signatures, Bob 7, Cat none.
fn fifteen_games() -> Campaign {
    let mut c = fresh();
    for (number, card) in (1..).zip(CARDS_TO_DESTROY) {
        let seats = if number <= 8 { ann_wins() } else { bob_wins() };
        c.allow(game(&c, seats).winner_takes(destroy(card)));
    }
    assert_eq!(
        (c.signatures_of("Ann"), c.signatures_of("Bob")),
        (8, 7),
        "games 1-15"
    );
    c
}

// ---------------------------------------------------------------------------------------
// Builders for the command line
// ---------------------------------------------------------------------------------------

/// `game log --date DATE --player …` for these players, then the flags.
fn log_args<'a>(date: &'a str, players: &[&'a str], flags: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["game", "log", "--date", date];
    for player in players {
        args.extend(["--player", player]);
    }
    args.extend(flags);
    args
}

const ANN_WINS: [&str; 3] = ["Ann=bear:won", "Bob=khan:held-on", "Cat=saharan:held-on"];
const BOB_WINS: [&str; 3] = ["Bob=khan:won", "Ann=bear:held-on", "Cat=saharan:held-on"];

fn board(env: &TestEnv) -> Value {
    env.json(&["board", "--format", "json"])
}

fn history(env: &TestEnv) -> Value {
    env.json(&["history", "--format", "json"])
}

/// A refusal at the command line: exit `code`, every fragment on stderr, and the board and
/// the history as they were.
fn refused_with(env: &TestEnv, code: i32, args: &[&str], says: &[&str]) -> Run {
    let (board_before, history_before) = (board(env), history(env));
    let run = env.run_expect(code, args);
    for fragment in says {
        assert!(
            run.stderr.contains(fragment),
            "`chronicle {}`: stderr lacks {fragment:?}:\n{}",
            args.join(" "),
            run.stderr
        );
    }
    assert_eq!(board(env), board_before, "the board changed");
    assert_eq!(history(env), history_before, "the history changed");
    run
}

/// A refusal of the rules: exit 1, every fragment and "Nothing was written." on stderr, the
/// board and the history as they were.
fn refused(env: &TestEnv, args: &[&str], says: &[&str]) -> Run {
    let mut says = says.to_vec();
    says.push("Nothing was written.");
    refused_with(env, 1, args, &says)
}

/// A territory of `board --format json`.
fn territory<'a>(board: &'a Value, name: &str) -> &'a Value {
    find(&board["territories"], "name", name)
}

/// The history's entries as (game, person, text), to compare two campaigns' histories.
fn history_lines(history: &Value) -> Vec<(Value, Value, Value)> {
    history
        .as_array()
        .expect("history is an array")
        .iter()
        .map(|e| (e["game"].clone(), e["person"].clone(), e["text"].clone()))
        .collect()
}

/// The texts of the history's entries.
fn history_texts(history: &Value) -> Vec<String> {
    history
        .as_array()
        .expect("history is an array")
        .iter()
        .map(|e| e["text"].as_str().expect("a text").to_string())
        .collect()
}

/// A person's (red star tokens, missiles) for the next game, from `setup --format json`.
fn tokens(env: &TestEnv, person: &str) -> (u64, u64) {
    let setup = env.json(&["setup", "--format", "json"]);
    let row = find(&setup["people"], "name", person);
    let count = |key: &str| row[key].as_u64().unwrap_or_else(|| panic!("{key}: {row}"));
    (count("red_star_tokens"), count("missiles"))
}

/// `drafting` at the command line: five games dated 1 to 5 February, the last opening the
/// Minor cities packet.
fn env_drafting() -> TestEnv {
    let env = env_set_up();
    for (n, towns) in NINE_TOWNS.chunks(2).enumerate() {
        let date = format!("2026-02-{:02}", n + 1);
        let mut flags = vec!["--destroy-card", CARDS_TO_DESTROY[10 + n]];
        let held: Vec<String> = ["Bob", "Cat"]
            .into_iter()
            .zip(towns)
            .map(|(person, town)| format!("{person}:{town}={town} Town"))
            .collect();
        for h in &held {
            flags.extend(["--minor-city", h]);
        }
        if towns.len() == 1 {
            flags.extend(["--opened", "Minor cities"]);
        }
        env.ok(&log_args(&date, &ANN_WINS, &flags));
    }
    env
}

/// A campaign set up for game 1, with fifteen games: Ann wins 1–8, Bob 9–15 (each winner
/// destroying a card), so Ann has 8 signatures and Bob 7.
fn env_after_fifteen_games() -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    for (day, card) in (1..).zip(CARDS_TO_DESTROY) {
        let date = format!("2026-03-{day:02}");
        let players = if day <= 8 { ANN_WINS } else { BOB_WINS };
        env.ok(&log_args(&date, &players, &["--destroy-card", card]));
    }
    env
}

/// A campaign set up for game 1.
fn env_set_up() -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    env
}

// ---------------------------------------------------------------------------------------
// §2 Before the first game
// ---------------------------------------------------------------------------------------

#[test]
fn game_1_waits_for_every_starting_power_and_the_twelve_first_coins() {
    let mut c = Campaign::new();
    let r = c.refuse(game(&c, ann_wins()).winner_takes(destroy("Peru")));
    let Refusal::SetupIncomplete {
        mut powers_missing,
        coins_missing,
    } = r
    else {
        panic!("expected SetupIncomplete, got {r:?}")
    };
    powers_missing.sort();
    assert_eq!(
        powers_missing,
        [
            "Die Mechaniker",
            "Enclave of the Bear",
            "Imperial Balkania",
            "Khan Industries",
            "Saharan Republic"
        ]
    );
    assert_eq!(coins_missing, 12);

    // Part of the setup: the bear's power and three coins.
    c.allow(Entry::Power {
        faction: Faction::new("bear"),
        power: Power::A,
    });
    c.allow(Entry::Coins {
        territories: vec![t("Alaska"), t("Alaska"), t("Peru")],
    });
    let r = c.refuse(game(&c, ann_wins()).winner_takes(destroy("Peru")));
    assert!(
        matches!(&r, Refusal::SetupIncomplete { powers_missing, coins_missing: 9 }
            if powers_missing.len() == 4 && !powers_missing.iter().any(|f| f == "Enclave of the Bear")),
        "{r:?}"
    );

    // The whole setup: game 1 is logged.
    let mut c = fresh();
    let applied = c.allow(game(&c, ann_wins()).winner_takes(destroy("Peru")));
    assert_eq!(applied.game, Some(1));
}

#[test]
fn game_log_before_the_setup_names_what_is_missing_and_the_commands_that_set_it() {
    let env = TestEnv::new();
    env.ok(&["init", "Earth"]);
    env.ok(&["power", "bear", "a"]);
    env.ok(&["coins", "Alaska", "Alaska", "Peru"]);
    let game_1 = log_args("2026-03-01", &ANN_WINS, &["--destroy-card", "Egypt"]);
    refused(
        &env,
        &game_1,
        &[
            "still missing: the starting power of Die Mechaniker, Imperial Balkania, Khan Industries and Saharan Republic",
            "9 of the twelve first coins",
            "`chronicle power FACTION a|b`",
            "`chronicle coins TERRITORY…` for the 9 coins left",
        ],
    );

    // Only coins missing: the message names the coins alone.
    for (faction, power) in [
        ("khan", "b"),
        ("saharan", "a"),
        ("balkania", "b"),
        ("mechaniker", "a"),
    ] {
        env.ok(&["power", faction, power]);
    }
    let run = refused(
        &env,
        &game_1,
        &[
            "still missing: 9 of the twelve first coins",
            "`chronicle coins TERRITORY…`",
        ],
    );
    assert!(!run.stderr.contains("starting power"), "{}", run.stderr);

    env.ok(&[
        "coins", "Peru", "China", "China", "Japan", "Japan", "India", "India", "Siam", "Siam",
    ]);
    env.ok(&game_1);
    assert_eq!(board(&env)["games_played"], 1);
}

// ---------------------------------------------------------------------------------------
// §5 After game 15
// ---------------------------------------------------------------------------------------

#[test]
fn game_16s_winner_signs_nothing_and_gets_no_say_in_the_worlds_name() {
    let mut c = fifteen_games();
    let applied = c.allow(game(&c, bob_wins()));
    assert_eq!(applied.game, Some(16));
    assert_eq!(
        c.signatures().len(),
        15,
        "the victor's section has 15 lines"
    );
    assert_eq!(c.signatures_of("Bob"), 7, "game 16 adds no signature");

    // Counting game 16, Bob would tie with Ann; counting games 1-15 only, Ann names the world.
    let r = c.refuse(name_world("Bob"));
    assert!(
        matches!(&r, Refusal::NotTheMostSigned { person, signatures: 7, leaders, most: 8 }
            if person == "Bob" && leaders == &["Ann"]),
        "{r:?}"
    );
    c.allow(name_world("Ann"));
    let world = c.world().expect("the world is named");
    assert_eq!((world.by.as_str(), world.roll_off.len()), ("Ann", 0));
}

#[test]
fn with_signing_ends_at_15_off_game_16_signs_and_counts_for_the_worlds_name() {
    let mut c = fifteen_games();
    c.allow(rule(HouseRule::SigningEndsAt15, false));
    assert!(!c.rule_on(HouseRule::SigningEndsAt15));
    c.allow(game(&c, bob_wins()));
    assert_eq!(c.signatures().len(), 16);
    let last = c.signatures().last().expect("a signature");
    assert_eq!((last.game, &*last.person), (16, "Bob"));
    // 8 and 8: a tie, so Bob may name the world after a roll-off.
    c.allow(name_world("Bob"));
    assert_eq!(c.world().expect("named").roll_off, ["Ann", "Bob"]);
}

#[test]
fn game_16s_history_does_not_say_its_winner_signed_the_board() {
    let c = fifteen_games();
    let mut after = c.clone();
    let applied = after.allow(game(&c, bob_wins()));
    assert_eq!(after.signatures().len(), 15);
    let said = happenings(&c, &applied.entry);
    let signed: Vec<&str> = said
        .iter()
        .filter(|h| h.kind == ChangeKind::Signature || h.text.contains("signed"))
        .map(|h| h.text.as_str())
        .collect();
    assert!(
        signed.is_empty(),
        "game 16 signs nothing, yet its history says: {signed:?}"
    );
}

#[test]
fn after_game_15_the_board_the_missiles_and_the_worlds_name_count_games_1_to_15() {
    let env = env_after_fifteen_games();
    env.ok(&log_args("2026-04-01", &BOB_WINS, &[]));
    let signatures = board(&env)["signatures"].clone();
    let signatures = signatures.as_array().expect("signatures");
    assert_eq!(signatures.len(), 15);
    assert!(
        signatures
            .iter()
            .all(|s| s["game"].as_u64().is_some_and(|g| g <= 15))
    );
    // One missile per signature of games 1-15; a person who never signed has the red star.
    assert_eq!(tokens(&env, "Ann"), (0, 8));
    assert_eq!(tokens(&env, "Bob"), (0, 7));
    assert_eq!(tokens(&env, "Cat"), (1, 0));

    // Bob's only win that would make him Ann's equal came in game 16.
    refused(
        &env,
        &["world", "name", "Gaia", "--by", "Bob"],
        &[
            "The person with the most signatures names the world",
            "Bob has 7, while Ann has 8",
        ],
    );
    let table = env.ok(&["board"]).stdout;
    assert!(!table.contains("The World of"), "{table}");
    env.ok(&["world", "name", "Gaia", "--by", "Ann"]);

    // §5: once given, the world's name heads the board and the setup.
    assert_eq!(board(&env)["world_name"], "Gaia");
    for command in ["board", "setup"] {
        let out = env.ok(&[command]).stdout;
        let first = out.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("The World of Gaia. Earth"),
            "`chronicle {command}` begins with {first:?}"
        );
        assert_eq!(out.matches("The World of Gaia").count(), 1, "{out}");
    }
}

#[test]
fn with_signing_ends_at_15_switched_off_game_16_signs_and_gives_a_missile() {
    let env = env_after_fifteen_games();
    env.ok(&[
        "rule",
        "set",
        "signing-ends-at-15",
        "off",
        "--reason",
        "our victors sign on",
    ]);
    env.ok(&log_args("2026-04-01", &BOB_WINS, &[]));
    let b = board(&env);
    let signatures = b["signatures"].as_array().expect("signatures");
    assert_eq!(signatures.len(), 16);
    assert_eq!(signatures[15]["game"], 16);
    assert_eq!(signatures[15]["player"], "Bob");
    assert_eq!(tokens(&env, "Bob"), (0, 8));
}

// ---------------------------------------------------------------------------------------
// §3, §6b Group marks
// ---------------------------------------------------------------------------------------

#[test]
fn a_group_mark_marks_its_territory_so_no_hq_goes_there() {
    let mut c = fresh();
    c.allow(
        game(&c, ann_wins())
            .winner_takes(destroy("Egypt"))
            .event(mark("Peru", "  Ruins ")),
    );
    let peru = c.territory(&t("Peru"));
    assert_eq!(
        peru.mark.as_ref().map(|(text, game)| (&**text, *game)),
        Some(("Ruins", 1))
    );
    assert!(peru.is_marked());
    assert!(!c.is_legal_start(&t("Peru"), "Ann"));

    let r = c.refuse(game(&c, hqs("Peru", "Alaska")).winner_takes(any_reward(&c)));
    assert!(
        matches!(&r, Refusal::IllegalStart { person, territory, mark }
            if person == "Ann" && territory == "Peru" && mark.contains("Ruins")),
        "{r:?}"
    );
    // One group mark per territory.
    let r = c.refuse(
        game(&c, ann_wins())
            .winner_takes(any_reward(&c))
            .event(mark("Peru", "Ash")),
    );
    assert!(
        matches!(&r, Refusal::TerritoryMarked { territory, text } if territory == "Peru" && text == "Ruins"),
        "{r:?}"
    );
}

#[test]
fn a_group_mark_shows_on_the_board_in_the_csv_and_on_the_map() {
    let env = env_set_up();
    env.ok(&log_args(
        "2026-03-01",
        &ANN_WINS,
        &["--destroy-card", "Egypt", "--mark", "Peru=Ruins"],
    ));
    let b = board(&env);
    assert_eq!(
        territory(&b, "Peru")["mark"],
        serde_json::json!({"text": "Ruins", "game": 1})
    );
    assert_eq!(territory(&b, "Peru")["marked"], true);
    assert_eq!(territory(&b, "Alaska")["mark"], Value::Null);
    assert_eq!(territory(&b, "Alaska")["marked"], false);

    // The table: a Mark column, Peru's row holding the mark.
    let table = env.ok(&["board"]).stdout;
    let header = table
        .lines()
        .find(|l| l.contains("Territory"))
        .expect("a territory table");
    assert!(header.contains("Mark"), "{header}");
    let peru = table
        .lines()
        .find(|l| l.contains("Peru"))
        .expect("Peru's row");
    assert!(peru.contains("Ruins (game 1)"), "{peru}");

    // An HQ on the marked territory is refused, naming the mark.
    refused(
        &env,
        &log_args(
            "2026-03-08",
            &[
                "Ann=bear:won@Peru",
                "Bob=khan:held-on",
                "Cat=saharan:held-on",
            ],
            &["--destroy-card", "China"],
        ),
        &["Peru is not a legal start for Ann: it has the group's mark \"Ruins\""],
    );

    // The CSV tables: mark, marked_in and marked columns.
    env.ok(&["export", "--format", "csv", "-o", "tables"]);
    let csv =
        std::fs::read_to_string(env.dir().join("tables/territories.csv")).expect("territories.csv");
    let mut lines = csv.lines();
    let columns: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let column = |name: &str| {
        columns
            .iter()
            .position(|c| *c == name)
            .unwrap_or_else(|| panic!("no column {name} in {columns:?}"))
    };
    let peru: Vec<&str> = lines
        .find(|l| l.starts_with("Peru,"))
        .expect("Peru's row")
        .split(',')
        .collect();
    assert_eq!(peru[column("mark")], "Ruins");
    assert_eq!(peru[column("marked_in")], "1");
    assert_eq!(peru[column("marked")], "true");

    // The map.
    env.ok(&["export", "--format", "svg", "-o", "map.svg"]);
    let svg = std::fs::read_to_string(env.dir().join("map.svg")).expect("map.svg");
    assert!(svg.contains(">Ruins<"), "the map does not show the mark");
}

// ---------------------------------------------------------------------------------------
// §6b Fallout and destroyed cities
// ---------------------------------------------------------------------------------------

#[test]
fn fallout_takes_the_city_and_the_card_and_leaves_a_mark_once() {
    let mut c = fresh();
    c.allow(
        game(&c, ann_wins())
            .winner_takes(destroy("Egypt"))
            .held(held("Bob", minor("Peru", "Lima"))),
    );
    c.allow(
        game(&c, ann_wins())
            .winner_takes(destroy("China"))
            .event(fallout("Peru")),
    );
    let peru = c.territory(&t("Peru"));
    assert!(peru.city.is_none(), "the city is gone");
    assert_eq!(peru.card.destroyed, Some(2));
    assert_eq!(peru.fallout, Some(2));
    assert!(peru.is_marked());
    assert!(!c.is_legal_start(&t("Peru"), "Bob"));

    let r = c.refuse(
        game(&c, ann_wins())
            .winner_takes(any_reward(&c))
            .event(fallout("Peru")),
    );
    assert!(
        matches!(&r, Refusal::FalloutAgain { territory, game: 2 } if territory == "Peru"),
        "{r:?}"
    );
}

#[test]
fn an_event_destroys_a_city_with_its_fortification_and_needs_a_city() {
    let mut c = fresh();
    c.allow(
        game(&c, ann_wins())
            .winner_takes(Reward::MajorCity {
                territory: t("Egypt"),
                name: "Kyro".to_string(),
            })
            .held(held("Bob", minor("Peru", "Lima"))),
    );
    c.allow(game(&c, ann_wins()).winner_takes(Reward::Fortify {
        territory: t("Egypt"),
    }));
    assert!(c.territory(&t("Egypt")).fortification.is_some());
    c.allow(
        game(&c, ann_wins())
            .winner_takes(any_reward(&c))
            .event(destroy_city("Egypt")),
    );
    let egypt = c.territory(&t("Egypt"));
    assert!(egypt.city.is_none() && egypt.fortification.is_none());
    assert!(!egypt.is_marked(), "no sticker left on Egypt");
    assert_eq!(
        c.pool(&PoolKind::MajorCity).expect("a pool").used,
        1,
        "a pool counts marks placed"
    );

    let r = c.refuse(
        game(&c, ann_wins())
            .winner_takes(any_reward(&c))
            .event(destroy_city("Egypt")),
    );
    assert!(
        matches!(&r, Refusal::NoCityToDestroy { territory, cities }
            if territory == "Egypt" && cities == &["Lima (Peru)"]),
        "{r:?}"
    );
}

#[test]
fn fallout_and_destroyed_cities_show_on_the_board_and_in_history() {
    let env = env_set_up();
    env.ok(&log_args(
        "2026-03-01",
        &ANN_WINS,
        &[
            "--major-city",
            "Egypt=Kyro",
            "--minor-city",
            "Bob:Peru=Lima",
            "--minor-city",
            "Cat:Brazil=Recife",
        ],
    ));
    env.ok(&log_args(
        "2026-03-08",
        &ANN_WINS,
        &["--fortify", "Egypt", "--fallout", "Peru"],
    ));
    let b = board(&env);
    let peru = territory(&b, "Peru");
    assert_eq!(peru["city"], Value::Null);
    assert_eq!(peru["card"]["destroyed"], true);
    assert_eq!(peru["card"]["destroyed_in"], 2);
    assert_eq!(peru["fallout_in"], 2);
    assert_eq!(peru["marked"], true);
    let said = history_texts(&env.json(&["history", "--territory", "Peru", "--format", "json"]));
    assert!(
        said.iter()
            .any(|s| s.starts_with("fallout hit Peru")
                && s.contains("the minor city Lima (Peru) gone")),
        "{said:?}"
    );

    refused(
        &env,
        &log_args(
            "2026-03-15",
            &ANN_WINS,
            &["--destroy-card", "China", "--fallout", "Peru"],
        ),
        &["Fallout hit Peru in game 2 already"],
    );

    env.ok(&log_args(
        "2026-03-15",
        &ANN_WINS,
        &["--destroy-card", "China", "--destroy-city", "Egypt"],
    ));
    let egypt = territory(&board(&env), "Egypt").clone();
    assert_eq!(egypt["city"], Value::Null);
    assert_eq!(egypt["fortification"], Value::Null);

    refused(
        &env,
        &log_args(
            "2026-03-22",
            &ANN_WINS,
            &["--destroy-card", "Japan", "--destroy-city", "Alaska"],
        ),
        &["Alaska has no city to destroy", "Cities: Recife (Brazil)."],
    );
}

// ---------------------------------------------------------------------------------------
// §4.4 A winner declines the reward
// ---------------------------------------------------------------------------------------

#[test]
fn a_winner_may_decline_the_reward_but_not_decline_and_take_one() {
    let mut c = fresh();
    let applied = c.allow(game(&c, ann_wins()).declined());
    let game_1 = recorded(&applied);
    assert!(game_1.declined);
    assert_eq!(game_1.reward, None);
    assert_eq!(c.standing_cards().len(), 42, "nothing was destroyed");

    let r = c.refuse(
        game(&c, ann_wins())
            .declined()
            .winner_takes(destroy("Peru")),
    );
    assert!(
        matches!(&r, Refusal::DeclinedAndChose { winner, .. } if winner == "Ann"),
        "{r:?}"
    );

    let mut c = fifteen_games();
    let r = c.refuse(game(&c, bob_wins()).declined());
    assert!(matches!(r, Refusal::NothingToDecline { game: 16 }), "{r:?}");
}

#[test]
fn a_declined_reward_is_logged_and_history_says_so() {
    let env = env_set_up();
    refused(
        &env,
        &log_args(
            "2026-03-01",
            &ANN_WINS,
            &["--no-reward", "--destroy-card", "Peru"],
        ),
        &[
            "Ann declined the reward and also chose one (destroy a territory card)",
            "Give either --no-reward or the reward's flag.",
        ],
    );
    env.ok(&log_args("2026-03-01", &ANN_WINS, &["--no-reward"]));
    let game_1 = env.json(&["history", "--game", "1", "--format", "json"]);
    let declined = find(&game_1, "kind", "no_reward");
    assert_eq!(declined["person"], "Ann");
    assert_eq!(declined["text"], "declined the winner's reward");
    assert!(
        !history_texts(&game_1)
            .iter()
            .any(|s| s.contains("destroyed")),
        "no reward was taken"
    );
}

#[test]
fn declining_in_game_16_is_refused_there_is_nothing_to_decline() {
    let env = env_after_fifteen_games();
    refused(
        &env,
        &log_args("2026-04-01", &BOB_WINS, &["--no-reward"]),
        &[
            "Game 16 gives the winner no reward to decline",
            "Leave out --no-reward.",
        ],
    );
    env.ok(&log_args("2026-04-01", &BOB_WINS, &[]));
}

// ---------------------------------------------------------------------------------------
// §4.5 No held-on reward left
// ---------------------------------------------------------------------------------------

#[test]
fn held_on_players_get_nothing_once_both_pools_are_empty() {
    let mut c = fresh();
    let stickers = c.pool(&PoolKind::CoinSticker).expect("a pool").used;
    c.allow(capacity(PoolKind::MinorCity, 0));
    c.allow(capacity(PoolKind::CoinSticker, stickers));
    let r = c.refuse(
        game(&c, ann_wins())
            .winner_takes(destroy("Egypt"))
            .held(held("Bob", minor("Peru", "Lima"))),
    );
    assert!(
        matches!(&r, Refusal::HeldOnPoolsEmpty { person, kind: HeldOnKind::MinorCity } if person == "Bob"),
        "{r:?}"
    );
    let r = c.refuse(
        game(&c, ann_wins())
            .winner_takes(destroy("Egypt"))
            .held(held(
                "Cat",
                HeldOnChoice::AddResource {
                    territory: t("Peru"),
                },
            )),
    );
    assert!(
        matches!(&r, Refusal::HeldOnPoolsEmpty { person, kind: HeldOnKind::AddResource } if person == "Cat"),
        "{r:?}"
    );
    c.allow(game(&c, ann_wins()).winner_takes(destroy("Egypt")));
}

#[test]
fn with_both_held_on_pools_empty_the_message_says_to_leave_the_rewards_out() {
    let env = env_set_up();
    let pools = env.json(&["pool", "--format", "json"]);
    let used = find(&pools["pools"], "kind", "coin_sticker")["used"]
        .as_u64()
        .expect("a count")
        .to_string();
    env.ok(&[
        "pool",
        "set",
        "minor_city",
        "0",
        "--reason",
        "the sheet is lost",
    ]);
    env.ok(&[
        "pool",
        "set",
        "coin_sticker",
        &used,
        "--reason",
        "the sheet is lost",
    ]);
    for reward in [["--minor-city", "Bob:Peru=Lima"], ["--upgrade", "Cat:Peru"]] {
        let mut flags = vec!["--destroy-card", "Egypt"];
        flags.extend(reward);
        refused(
            &env,
            &log_args("2026-03-01", &ANN_WINS, &flags),
            &[
                "Held-on players get nothing now",
                "leave out --minor-city and --upgrade",
            ],
        );
    }
    env.ok(&log_args(
        "2026-03-01",
        &ANN_WINS,
        &["--destroy-card", "Egypt"],
    ));
    assert_eq!(board(&env)["games_played"], 1);
}

// ---------------------------------------------------------------------------------------
// §6c House rules
// ---------------------------------------------------------------------------------------

#[test]
fn adjacent_hqs_are_refused_while_the_rule_holds_and_logged_once_it_is_off() {
    let mut c = fresh();
    let r = c.refuse(game(&c, hqs("Alaska", "Kamchatka")).winner_takes(destroy("Peru")));
    assert!(
        matches!(&r, Refusal::AdjacentHq { first, first_hq, second, second_hq }
            if first == "Ann" && first_hq == "Alaska" && second == "Bob" && second_hq == "Kamchatka"),
        "{r:?}"
    );
    assert!(r.to_string().contains("house rule adjacent-hq"), "{r}");
    // HQs apart are fine.
    c.allow(game(&c, hqs("Alaska", "Peru")).winner_takes(destroy("Egypt")));

    c.allow(rule(HouseRule::AdjacentHq, false));
    assert!(!c.rule_on(HouseRule::AdjacentHq));
    c.allow(game(&c, hqs("Alberta", "Ontario")).winner_takes(destroy("China")));
    c.allow(rule(HouseRule::AdjacentHq, true));
    let r = c.refuse(game(&c, hqs("Alaska", "Kamchatka")).winner_takes(destroy("Japan")));
    assert!(matches!(r, Refusal::AdjacentHq { .. }), "{r:?}");
}

#[test]
fn a_house_rule_switched_to_its_state_or_without_a_reason_is_refused() {
    let mut c = fresh();
    for r in HouseRule::ALL {
        assert!(c.rule_on(r), "{r} starts on");
    }
    let r = c.refuse(rule(HouseRule::AdjacentHq, true));
    assert!(
        matches!(
            r,
            Refusal::RuleUnchanged {
                rule: "adjacent-hq",
                on: true
            }
        ),
        "{r:?}"
    );
    let r = c.refuse(Entry::Rule {
        rule: HouseRule::AdjacentHq,
        on: false,
        reason: "  ".to_string(),
    });
    assert!(matches!(r, Refusal::MissingReason { .. }), "{r:?}");

    let r = HouseRule::find("adjacnt-hq").expect_err("no such rule");
    assert!(
        matches!(&r, Refusal::UnknownName { what: "house rule", closest, .. } if closest == &["adjacent-hq"]),
        "{r:?}"
    );
    assert_eq!(
        HouseRule::find("Signing_Ends_At_15"),
        Ok(HouseRule::SigningEndsAt15)
    );
}

#[test]
fn two_coins_a_card_off_lets_three_first_coins_go_on_one_card() {
    let three_on_alaska = || Entry::Coins {
        territories: vec![t("Alaska"), t("Alaska"), t("Alaska")],
    };
    let mut c = Campaign::new();
    let r = c.refuse(three_on_alaska());
    assert!(
        matches!(&r, Refusal::TooManyCoinsOnCard { territory, count: 3 } if territory == "Alaska"),
        "{r:?}"
    );
    c.allow(rule(HouseRule::TwoCoinsACard, false));
    c.allow(three_on_alaska());
    assert_eq!(c.territory(&t("Alaska")).card.stickers, 3);
    assert_eq!(c.first_coins(), 3);
}

#[test]
fn rule_list_and_rule_set_switch_a_rule_kept_in_history_and_undo_takes_it_back() {
    let env = env_set_up();
    let rules = env.json(&["rule", "list", "--format", "json"]);
    let listed: Vec<(&str, bool)> = rules["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .map(|r| (r["rule"].as_str().unwrap(), r["on"].as_bool().unwrap()))
        .collect();
    assert_eq!(
        listed,
        [
            ("adjacent-hq", true),
            ("two-coins-a-card", true),
            ("signing-ends-at-15", true),
            ("world-capital-hq", true)
        ]
    );

    refused(
        &env,
        &[
            "rule",
            "set",
            "adjacnt-hq",
            "off",
            "--reason",
            "we play close",
        ],
        &["No house rule is called \"adjacnt-hq\". Did you mean adjacent-hq?"],
    );
    refused(
        &env,
        &[
            "rule",
            "set",
            "adjacent-hq",
            "on",
            "--reason",
            "we play close",
        ],
        &["The house rule adjacent-hq is on already."],
    );
    refused(
        &env,
        &["rule", "set", "adjacent-hq", "off", "--reason", "  "],
        &["Say why the house rule changes: --reason"],
    );
    // A usage error of the parser: it says what is missing, and writes nothing.
    refused_with(
        &env,
        2,
        &["rule", "set", "adjacent-hq", "off"],
        &[
            "the following required arguments were not provided",
            "--reason <REASON>",
        ],
    );

    let side_by_side = log_args(
        "2026-03-01",
        &[
            "Ann=bear:won@Alaska",
            "Bob=khan:held-on@Kamchatka",
            "Cat=saharan:held-on",
        ],
        &["--destroy-card", "Egypt"],
    );
    refused(
        &env,
        &side_by_side,
        &[
            "Bob's HQ in Kamchatka is next to Ann's in Alaska",
            "house rule adjacent-hq",
            "`chronicle rule set adjacent-hq off --reason \"...\"`",
        ],
    );

    env.ok(&[
        "rule",
        "set",
        "adjacent-hq",
        "off",
        "--reason",
        "we play close",
    ]);
    let rules = env.json(&["rule", "list", "--format", "json"]);
    assert_eq!(find(&rules["rules"], "rule", "adjacent-hq")["on"], false);
    let switch = find(&history(&env), "kind", "rule").clone();
    assert_eq!(
        switch["text"],
        "switched the house rule adjacent-hq off (we play close)"
    );
    assert_eq!(switch["after_game"], 0);

    // Taken back: the rule holds again, the switch is gone from the history.
    env.ok(&["undo", "--yes", "--reason", "we changed our minds"]);
    let rules = env.json(&["rule", "list", "--format", "json"]);
    assert_eq!(find(&rules["rules"], "rule", "adjacent-hq")["on"], true);
    assert!(
        !history(&env)
            .as_array()
            .expect("history")
            .iter()
            .any(|e| e["kind"] == "rule"),
        "the switch was taken back"
    );
    refused(&env, &side_by_side, &["house rule adjacent-hq"]);

    // Switched off again: HQs side by side are logged.
    env.ok(&[
        "rule",
        "set",
        "adjacent-hq",
        "off",
        "--reason",
        "we play close",
    ]);
    env.ok(&side_by_side);
    env.ok(&log_args(
        "2026-03-08",
        &[
            "Ann=bear:won@Alberta",
            "Bob=khan:held-on@Ontario",
            "Cat=saharan:held-on",
        ],
        &["--destroy-card", "China"],
    ));
    assert_eq!(board(&env)["games_played"], 2);
}

// ---------------------------------------------------------------------------------------
// §4 Who placed a scar, and the draft
// ---------------------------------------------------------------------------------------

#[test]
fn a_scar_records_who_placed_it_as_the_table_spells_them() {
    let mut c = fresh();
    let applied = c.allow(
        game(&c, ann_wins())
            .winner_takes(destroy("Egypt"))
            .scar_by("Brazil", "Bunker", "ann"),
    );
    assert_eq!(recorded(&applied).scars[0].by.as_deref(), Some("Ann"));
    assert!(c.territory(&t("Brazil")).scar.is_some());

    let r = c.refuse(
        game(&c, ann_wins())
            .winner_takes(any_reward(&c))
            .scar_by("Peru", "Bunker", "Dan"),
    );
    assert!(
        matches!(&r, Refusal::NotAtTheTable { person, game: 2, players, .. }
            if person == "Dan" && players == &["Ann", "Bob", "Cat"]),
        "{r:?}"
    );
}

#[test]
fn who_placed_a_scar_is_shown_in_history_and_a_stranger_is_refused() {
    let env = env_set_up();
    refused(
        &env,
        &log_args(
            "2026-03-01",
            &ANN_WINS,
            &["--destroy-card", "Egypt", "--scar", "Brazil=Bunker@Dan"],
        ),
        &[
            "Dan did not play game 1, so cannot have placed the scar on Brazil",
            "Players: Ann, Bob and Cat.",
        ],
    );
    env.ok(&log_args(
        "2026-03-01",
        &ANN_WINS,
        &["--destroy-card", "Egypt", "--scar", "Brazil=Bunker@ann"],
    ));
    let brazil = env.json(&["history", "--territory", "Brazil", "--format", "json"]);
    let scar = find(&brazil, "kind", "scar");
    assert_eq!(scar["person"], "Ann");
    assert_eq!(scar["faction"], "Enclave of the Bear");
    assert_eq!(scar["text"], "scarred Brazil with a Bunker scar");
}

#[test]
fn the_draft_is_checked_against_the_table() {
    let mut c = drafting();
    let applied = c.allow(
        game(&c, ann_wins())
            .winner_takes(destroy("Egypt"))
            .draft(draft_of("ann", "turn:1,placement:2,troops:8,coins:1"))
            .draft(draft_of("Bob", "turn:2")),
    );
    let draft = &recorded(&applied).draft;
    assert_eq!(draft[0].person, "Ann", "the table's spelling");
    assert_eq!(
        (
            draft[0].turn,
            draft[0].placement,
            draft[0].troops,
            draft[0].coins
        ),
        (Some(1), Some(2), Some(8), Some(1))
    );

    let with = |c: &Campaign, drafts: Vec<Draft>| {
        drafts.into_iter().fold(
            game(c, ann_wins()).winner_takes(any_reward(c)),
            Build::draft,
        )
    };
    let r = c.refuse(with(&c, vec![draft_of("Ann", "turn:4")]));
    assert!(
        matches!(&r, Refusal::DraftOutOfRange { person, what: "turn", given: 4, players: 3 } if person == "Ann"),
        "{r:?}"
    );
    let r = c.refuse(with(&c, vec![draft_of("Ann", "placement:0")]));
    assert!(
        matches!(r, Refusal::DraftOutOfRange { given: 0, .. }),
        "{r:?}"
    );
    let r = c.refuse(with(
        &c,
        vec![draft_of("Ann", "turn:1"), draft_of("Bob", "turn:1")],
    ));
    assert!(
        matches!(&r, Refusal::DraftTwice { what: "turn", given: 1, first, second } if first == "Ann" && second == "Bob"),
        "{r:?}"
    );
    let r = c.refuse(with(&c, vec![draft_of("Dan", "turn:1")]));
    assert!(
        matches!(&r, Refusal::NotAtTheTable { person, .. } if person == "Dan"),
        "{r:?}"
    );
    // A draft part not of the form is no draft at all.
    assert_eq!(Draft::from_parts("Ann", "turn:x"), None);
    assert_eq!(Draft::from_parts("Ann", "turn:1,turn:2"), None);
}

#[test]
fn the_draft_is_shown_in_history_and_bad_drafts_are_refused() {
    let env = env_drafting();
    let with_draft = |drafts: &[&'static str]| {
        let mut flags = vec!["--destroy-card", "Egypt"];
        for draft in drafts {
            flags.extend(["--draft", draft]);
        }
        log_args("2026-03-01", &ANN_WINS, &flags)
    };
    refused(
        &env,
        &with_draft(&["Ann=turn:4"]),
        &["The draft gives Ann turn 4; with 3 players it runs from 1 to 3."],
    );
    refused(
        &env,
        &with_draft(&["Ann=turn:1", "Bob=turn:1"]),
        &["The draft gives turn 1 to both Ann and Bob"],
    );
    refused(
        &env,
        &with_draft(&["Dan=turn:1"]),
        &[
            "Dan did not play game 6, so has no draft result",
            "Players: Ann, Bob and Cat.",
        ],
    );
    for malformed in ["Ann=turn:x", "Ann", "Ann=turn:1,turn:2", "Ann=troops:300"] {
        let quoted = format!("--draft \"{malformed}\" is not of the form");
        refused_with(
            &env,
            2,
            &with_draft(&[malformed]),
            &[
                &quoted,
                "NAME=turn:N,placement:N,troops:N,coins:N",
                "Nothing was written.",
            ],
        );
    }

    env.ok(&with_draft(&["Ann=turn:1,placement:2,troops:8,coins:1"]));
    let game_6 = env.json(&["history", "--game", "6", "--format", "json"]);
    let draft = find(&game_6, "kind", "draft");
    assert_eq!(draft["person"], "Ann");
    assert_eq!(
        draft["text"],
        "drew turn 1, placement 2, 8 troops, 1 coin in the draft"
    );
}

// ---------------------------------------------------------------------------------------
// The new facts of a game travel: game edit's flags, export and import
// ---------------------------------------------------------------------------------------

#[test]
fn game_edit_and_export_import_keep_the_declined_reward_the_draft_and_who_scarred() {
    let env = env_drafting();
    env.ok(&log_args(
        "2026-03-01",
        &ANN_WINS,
        &[
            "--no-reward",
            "--scar",
            "Brazil=Bunker@Bob",
            "--draft",
            "Ann=turn:1,placement:2,troops:8,coins:1",
        ],
    ));

    // `game edit 6` alone prints the game as flags (and is a usage error).
    let shown = env.run_expect(2, &["game", "edit", "6"]);
    for flag in [
        "--no-reward",
        "--scar \"Brazil=Bunker@Bob\"",
        "--draft \"Ann=turn:1,placement:2,troops:8,coins:1\"",
    ] {
        assert!(
            shown.stderr.contains(flag),
            "lacks {flag}:\n{}",
            shown.stderr
        );
    }
    assert!(shown.stderr.contains("Nothing was written."));

    env.ok(&["export", "--format", "json", "-o", "earth.json"]);
    env.ok(&["import", "earth.json", "--as", "Copy"]);
    let original = env.json(&["--campaign", "Earth", "history", "--format", "json"]);
    let copy = env.json(&["--campaign", "Copy", "history", "--format", "json"]);
    assert_eq!(history_lines(&copy), history_lines(&original));
    let texts = history_texts(&copy);
    for said in [
        "declined the winner's reward",
        "drew turn 1, placement 2, 8 troops, 1 coin in the draft",
    ] {
        assert!(texts.iter().any(|t| t == said), "{said:?} not in {texts:?}");
    }
    let scar = find(&copy, "kind", "scar");
    assert_eq!(scar["person"], "Bob");

    // The copy's game reads as the same flags.
    let copied = env.run_expect(2, &["--campaign", "Copy", "game", "edit", "6"]);
    let flags = |s: &str| {
        s.lines()
            .filter(|l| l.trim_start().starts_with("--"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(flags(&copied.stderr), flags(&shown.stderr));
}

// ---------------------------------------------------------------------------------------
// §6b Homelands and the lead faction
// ---------------------------------------------------------------------------------------

/// A game on a day with these seats, nothing else.
fn played(day: u64, seats: Vec<Seat>) -> Game {
    Game::new(date(day), seats)
}

#[test]
fn a_homeland_is_where_a_faction_started_most_in_games_1_to_15() {
    let mut games = vec![
        played(
            0,
            vec![
                seat_at("Ann", "Enclave of the Bear", Won, "Alaska"),
                seat_at("Bob", "Khan Industries", HeldOn, "Egypt"),
                seat("Cat", "Saharan Republic", HeldOn),
            ],
        ),
        played(
            1,
            vec![
                seat_at("Ann", "Enclave of the Bear", Won, "Ontario"),
                seat_at("Bob", "Khan Industries", HeldOn, "Siam"),
                seat("Cat", "Saharan Republic", HeldOn),
            ],
        ),
        played(
            2,
            vec![
                seat_at("Ann", "Enclave of the Bear", HeldOn, "Japan"),
                seat("Bob", "Khan Industries", Won),
                seat("Cat", "Saharan Republic", HeldOn),
            ],
        ),
    ];
    for day in 3..15 {
        games.push(played(
            day,
            vec![
                seat("Ann", "Enclave of the Bear", Won),
                seat("Bob", "Khan Industries", HeldOn),
                seat("Cat", "Saharan Republic", HeldOn),
            ],
        ));
    }
    // Games 16 and 17 start the bear in Asia twice: they do not count.
    for (day, hq) in [(15, "China"), (16, "India")] {
        games.push(played(
            day,
            vec![
                seat_at("Ann", "Enclave of the Bear", Won, hq),
                seat("Bob", "Khan Industries", HeldOn),
                seat("Cat", "Saharan Republic", HeldOn),
            ],
        ));
    }
    let found = homelands(&games, chronicle::domain::Territory::printed_continent);
    let of = |faction: &str| {
        found
            .iter()
            .find(|h| h.faction.name() == faction)
            .unwrap_or_else(|| panic!("no homeland for {faction}: {found:?}"))
    };
    let bear = of("Enclave of the Bear");
    assert_eq!(
        (bear.continent, bear.starts),
        (Continent::find_printed("North America"), 2)
    );
    let khan = of("Khan Industries");
    assert_eq!(
        (khan.continent, khan.starts),
        (None, 1),
        "Africa and Asia tie"
    );
    assert!(
        !found.iter().any(|h| h.faction.name() == "Saharan Republic"),
        "a faction that never started anywhere has no homeland"
    );
}

#[test]
fn the_lead_faction_is_the_one_with_most_wins_and_none_on_a_tie() {
    let win = |day: u64, winner: &str| {
        let seats = ["Enclave of the Bear", "Khan Industries", "Saharan Republic"]
            .into_iter()
            .zip(["Ann", "Bob", "Cat"])
            .map(|(faction, person)| {
                seat(
                    person,
                    faction,
                    if faction == winner { Won } else { HeldOn },
                )
            })
            .collect();
        played(day, seats)
    };
    assert_eq!(lead_faction(&[]), None, "before any win");
    let mut games = vec![
        win(0, "Enclave of the Bear"),
        win(1, "Khan Industries"),
        win(2, "Enclave of the Bear"),
    ];
    let (faction, wins) = lead_faction(&games).expect("a lead faction");
    assert_eq!((faction.name(), wins), ("Enclave of the Bear", 2));
    games.push(win(3, "Khan Industries"));
    assert_eq!(lead_faction(&games), None, "two factions with 2 wins");
}

#[test]
fn setup_and_stats_show_homelands_and_the_lead_faction() {
    let env = env_set_up();
    for (date, players, card) in [
        (
            "2026-03-01",
            [
                "Ann=bear:won@Alaska",
                "Bob=khan:held-on@Egypt",
                "Cat=saharan:held-on",
            ],
            "Peru",
        ),
        (
            "2026-03-08",
            [
                "Ann=bear:won@Ontario",
                "Bob=khan:held-on@Siam",
                "Cat=saharan:held-on",
            ],
            "China",
        ),
        (
            "2026-03-15",
            [
                "Ann=bear:held-on@Japan",
                "Bob=khan:won",
                "Cat=saharan:held-on",
            ],
            "India",
        ),
    ] {
        env.ok(&log_args(date, &players, &["--destroy-card", card]));
    }
    let expected = serde_json::json!({
        "lead_faction": {"faction": "Enclave of the Bear", "wins": 2},
        "homelands": [
            {"faction": "Enclave of the Bear", "continent": "North America", "starts": 2},
            {"faction": "Khan Industries", "continent": null, "starts": 1},
        ],
    });
    assert_eq!(
        env.json(&["setup", "--format", "json"])["standing"],
        expected
    );
    assert_eq!(
        env.json(&["stats", "--format", "json"])["standing"],
        expected
    );
    assert!(
        env.ok(&["setup"])
            .stdout
            .contains("Lead faction: Enclave of the Bear (2 wins).")
    );

    // Khan wins too: two factions with 2 wins, no lead faction.
    env.ok(&log_args(
        "2026-03-22",
        &["Bob=khan:won", "Ann=bear:held-on", "Cat=saharan:held-on"],
        &["--destroy-card", "Japan"],
    ));
    for command in ["setup", "stats"] {
        let standing = &env.json(&[command, "--format", "json"])["standing"];
        assert_eq!(standing["lead_faction"], Value::Null, "{command}");
    }
}

// ---------------------------------------------------------------------------------------
// `check` on a log written under other rules
// ---------------------------------------------------------------------------------------

/// Game 1 with HQs side by side (Alaska and Kamchatka), logged while adjacent-hq is off.
fn side_by_side_while_the_rule_is_off(env: &TestEnv) {
    env.ok(&[
        "rule",
        "set",
        "adjacent-hq",
        "off",
        "--reason",
        "we play close",
    ]);
    env.ok(&log_args(
        "2026-03-01",
        &[
            "Ann=bear:won@Alaska",
            "Bob=khan:held-on@Kamchatka",
            "Cat=saharan:held-on",
        ],
        &["--destroy-card", "Egypt"],
    ));
}

#[test]
fn check_passes_a_game_logged_while_its_rule_was_off() {
    let env = env_set_up();
    side_by_side_while_the_rule_is_off(&env);
    env.ok(&[
        "rule",
        "set",
        "adjacent-hq",
        "on",
        "--reason",
        "back to the book",
    ]);
    let report = env.json(&["check", "--format", "json"]);
    assert_eq!(report["ok"], true, "{report:#}");
    assert_eq!(report["problems"], serde_json::json!([]));
    assert_eq!(
        report["warnings"],
        serde_json::json!([]),
        "game 1 was legal when logged"
    );
    assert_eq!(report["campaigns"][0]["games"], 1);
}

#[test]
fn check_warns_of_an_entry_an_older_chronicle_logged_before_its_rule_held() {
    let env = TestEnv::new();
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema-v1.db");
    std::fs::copy(&fixture, env.db_path()).expect("copy the fixture");
    env.ok(&["upgrade"]);
    let run = env.ok(&["check"]);
    assert!(
        run.stdout.contains("Warning (the campaign still reads)"),
        "{}",
        run.stdout
    );
    let report = env.json(&["check", "--format", "json"]);
    assert_eq!(report["ok"], true, "{report:#}");
    assert_eq!(report["problems"], serde_json::json!([]));
    let warnings: Vec<&str> = report["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .map(|w| w.as_str().expect("a warning"))
        .collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let warning = warnings[0];
    assert!(
        warning.starts_with("Demo: entry ")
            && warning.contains(" was logged before this rule held, and would be refused now: ")
            && warning.contains("Bo's HQ in Kamchatka is next to Ann's in Yakutsk")
            && warning.contains("house rule adjacent-hq"),
        "{warning}"
    );
    // The campaign still reads: its 16 games are there.
    assert_eq!(
        env.json(&["--campaign", "Demo", "board", "--format", "json"])["games_played"],
        16
    );
}

#[test]
fn a_house_rule_switched_on_before_a_game_that_breaks_it_is_refused() {
    let env = env_set_up();
    side_by_side_while_the_rule_is_off(&env);
    // `rule set --help`: "Record it right after game N, before game N+1 (0: before game 1),
    // every later entry checked again with it".
    refused(
        &env,
        &[
            "rule",
            "set",
            "adjacent-hq",
            "on",
            "--after-game",
            "0",
            "--reason",
            "we never played it close",
        ],
        &["game 1", "Bob's HQ in Kamchatka is next to Ann's in Alaska"],
    );
}
