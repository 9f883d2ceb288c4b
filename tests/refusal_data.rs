//! Every refusal of the rules as data: one example of each kind, and for each its kind (the
//! variant's name), the rule it names (the one its sentence names), a sentence in the
//! domain's words (never a flag), and the game sheet field the API names for it.
//!
//! `index` matches every kind with no catch-all, so a new kind of refusal does not compile
//! here until it has an example.

use std::collections::BTreeSet;

use chronicle::domain::{
    Added, HeldOnKind, NameProblem, Packet, Part, PoolKind, RecordProblem, Refusal, RewardGiven,
    RewardKind, TextProblem, WayOut,
};
use chronicle::exchange::{Field, GameSheet};

/// How many kinds of refusal there are: one more than the last index of `index`.
const KINDS: usize = 97;

fn s(text: &str) -> String {
    text.to_string()
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(ToString::to_string).collect()
}

/// Each kind of refusal's place in the enum, with no catch-all arm.
#[allow(clippy::too_many_lines)]
fn index(refusal: &Refusal) -> usize {
    match refusal {
        Refusal::UnknownName { .. } => 0,
        Refusal::AmbiguousName { .. } => 1,
        Refusal::BadName { .. } => 2,
        Refusal::SetupClosed { .. } => 3,
        Refusal::PowerChosen { .. } => 4,
        Refusal::TooManyFirstCoins { .. } => 5,
        Refusal::TooManyCoinsOnCard { .. } => 6,
        Refusal::SetupIncomplete { .. } => 7,
        Refusal::AdjacentHq { .. } => 8,
        Refusal::RuleUnchanged { .. } => 9,
        Refusal::PlayerCount { .. } => 10,
        Refusal::SamePersonTwice { .. } => 11,
        Refusal::SameFactionTwice { .. } => 12,
        Refusal::WinnerCount { .. } => 13,
        Refusal::DateBeforeLastGame { .. } => 14,
        Refusal::IllegalStart { .. } => 15,
        Refusal::CapitalStart { .. } => 16,
        Refusal::FactionNotYet { .. } => 17,
        Refusal::DraftSealed { .. } => 18,
        Refusal::CityOnFallout { .. } => 19,
        Refusal::SameHq { .. } => 20,
        Refusal::AlreadyScarred { .. } => 21,
        Refusal::PoolEmpty { .. } => 22,
        Refusal::LastMarkTaken { .. } => 23,
        Refusal::NotFortified { .. } => 24,
        Refusal::WearPastBoxes { .. } => 25,
        Refusal::NoWear { .. } => 26,
        Refusal::RewardsOver { .. } => 27,
        Refusal::RewardMissing { .. } => 28,
        Refusal::ContinentNamed { .. } => 29,
        Refusal::NameTaken { .. } => 30,
        Refusal::HasCity { .. } => 31,
        Refusal::NotScarred { .. } => 32,
        Refusal::BonusChanged { .. } => 33,
        Refusal::NoCity { .. } => 34,
        Refusal::CardDestroyed { .. } => 35,
        Refusal::CardFull { .. } => 36,
        Refusal::NotAPlayer { .. } => 37,
        Refusal::WinnerHeldOnReward { .. } => 38,
        Refusal::EliminatedReward { .. } => 39,
        Refusal::TwoHeldOnRewards { .. } => 40,
        Refusal::PacketOpened { .. } => 41,
        Refusal::PacketNotYet { .. } => 42,
        Refusal::CapacityBelowUsed { .. } => 43,
        Refusal::CapacityUnchanged { .. } => 44,
        Refusal::CapacityTooLarge { .. } => 45,
        Refusal::MissingReason { .. } => 46,
        Refusal::AlreadyAdded { .. } => 47,
        Refusal::ScarCount { .. } => 48,
        Refusal::PacketGame { .. } => 49,
        Refusal::SlotTaken { .. } => 50,
        Refusal::CardScarred { .. } => 51,
        Refusal::WorldNamed { .. } => 52,
        Refusal::WorldTooEarly { .. } => 53,
        Refusal::NotTheMostSigned { .. } => 54,
        Refusal::WorldCapitalSealed => 55,
        Refusal::SealedNotOpen { .. } => 56,
        Refusal::TerritoryMarked { .. } => 57,
        Refusal::TerritoryOnMap { .. } => 58,
        Refusal::TerritoryNameTaken { .. } => 59,
        Refusal::TerritoryWithoutNeighbours { .. } => 60,
        Refusal::RetiredAlready { .. } => 61,
        Refusal::AliasTaken { .. } => 62,
        Refusal::FalloutAgain { .. } => 63,
        Refusal::NoCityToDestroy { .. } => 64,
        Refusal::DeclinedAndChose { .. } => 65,
        Refusal::NothingToDecline { .. } => 66,
        Refusal::HeldOnPoolsEmpty { .. } => 67,
        Refusal::NotAtTheTable { .. } => 68,
        Refusal::DraftOutOfRange { .. } => 69,
        Refusal::DraftTwice { .. } => 70,
        Refusal::BadText { .. } => 71,
        Refusal::BadTimestamp { .. } => 72,
        Refusal::GameAfterToday { .. } => 73,
        Refusal::EntryTwice { .. } => 74,
        Refusal::UnknownEntry { .. } => 75,
        Refusal::NotAnEntry { .. } => 76,
        Refusal::ReplacedByOtherKind { .. } => 77,
        Refusal::TakeBackTakenBack { .. } => 78,
        Refusal::TakenBackTwice { .. } => 79,
        Refusal::BadId { .. } => 80,
        Refusal::NoGame { .. } => 81,
        Refusal::SameName { .. } => 82,
        Refusal::PersonExists { .. } => 83,
        Refusal::SatTogether { .. } => 84,
        Refusal::Forks { .. } => 85,
        Refusal::DeviceOnBranches { .. } => 86,
        Refusal::JoinKeepsNothing => 87,
        Refusal::JoinOfNoFork { .. } => 88,
        Refusal::BadRecord { .. } => 89,
        Refusal::LaterBreaks { .. } => 90,
        Refusal::PacketOpenedAtGameEnd { .. } => 91,
        Refusal::PhotoGame { .. } => 92,
        Refusal::PhotoTwice { .. } => 93,
        Refusal::BadPhotoHash { .. } => 94,
        Refusal::PhotoTooLarge { .. } => 95,
        Refusal::NoPhoto { .. } => 96,
    }
}

/// The refusals of the setup, the table and the board: indexes 0 to 40.
#[allow(clippy::too_many_lines)]
fn game_examples() -> Vec<Refusal> {
    vec![
        Refusal::UnknownName {
            what: "territory",
            given: s("Perru"),
            closest: names(&["Peru"]),
        },
        Refusal::AmbiguousName {
            what: "territory",
            given: s("New"),
            candidates: names(&["New Guinea", "Newfoundland"]),
        },
        Refusal::BadName {
            what: "city name",
            name: s(""),
            problem: NameProblem::Empty,
        },
        Refusal::SetupClosed {
            what: "Starting powers",
            games: 3,
        },
        Refusal::PowerChosen {
            faction: s("Khan Industries"),
            power: s("b"),
        },
        Refusal::TooManyFirstCoins {
            placed: 11,
            adding: 2,
        },
        Refusal::TooManyCoinsOnCard {
            territory: s("Iceland"),
            count: 3,
        },
        Refusal::SetupIncomplete {
            powers_missing: names(&["Die Mechaniker"]),
            coins_missing: 2,
        },
        Refusal::AdjacentHq {
            first: s("Ann"),
            first_hq: s("Peru"),
            second: s("Bo"),
            second_hq: s("Brazil"),
        },
        Refusal::RuleUnchanged {
            rule: "world-capital-hq",
            on: true,
        },
        Refusal::PlayerCount { count: 6 },
        Refusal::SamePersonTwice { person: s("Ann") },
        Refusal::SameFactionTwice {
            faction: s("Enclave of the Bear"),
            first: s("Ann"),
            second: s("Bo"),
        },
        Refusal::WinnerCount {
            winners: names(&["Ann", "Bo"]),
        },
        Refusal::DateBeforeLastGame {
            game: 4,
            date: s("2026-01-01"),
            previous: s("2026-01-08"),
        },
        Refusal::IllegalStart {
            person: s("Bo"),
            territory: s("Peru"),
            mark: s("a Bunker scar"),
        },
        Refusal::CapitalStart {
            person: s("Bo"),
            territory: s("Egypt"),
            city: s("Capitol"),
        },
        Refusal::FactionNotYet {
            faction: s("Die Mechaniker"),
            joined: 5,
            game: 3,
        },
        Refusal::DraftSealed {
            game: 2,
            opened: None,
        },
        Refusal::CityOnFallout {
            territory: s("Peru"),
            game: 9,
        },
        Refusal::SameHq {
            territory: s("Peru"),
            first: s("Ann"),
            second: s("Bo"),
        },
        Refusal::AlreadyScarred {
            territory: s("Peru"),
            scar: s("Bunker"),
            game: 2,
        },
        Refusal::PoolEmpty {
            kind: PoolKind::MajorCity,
            capacity: 5,
            way_out: WayOut::AnotherReward,
        },
        Refusal::LastMarkTaken {
            kind: PoolKind::MinorCity,
            person: s("Cy"),
            earlier: s("Bo"),
        },
        Refusal::NotFortified {
            territory: s("Peru"),
            fortified: names(&["Egypt"]),
        },
        Refusal::WearPastBoxes {
            territory: s("Egypt"),
            boxes: 3,
            left: 1,
        },
        Refusal::NoWear {
            territory: s("Egypt"),
        },
        Refusal::RewardsOver {
            game: 16,
            given: RewardGiven::HeldOn(HeldOnKind::MinorCity),
        },
        Refusal::RewardMissing {
            winner: s("Ann"),
            game: 3,
            possible: vec![RewardKind::MajorCity, RewardKind::Fortify],
        },
        Refusal::ContinentNamed {
            continent: s("Africa"),
            name: s("Zamunda"),
            by: s("Bo"),
            game: 2,
            unnamed: names(&["Asia"]),
        },
        Refusal::NameTaken {
            what: "city",
            name: s("Kyro"),
            place: s("in Quebec"),
        },
        Refusal::HasCity {
            territory: s("Quebec"),
            kind: "major city",
            city: s("Kyro"),
            nearby: names(&["Ontario"]),
        },
        Refusal::NotScarred {
            territory: s("Peru"),
            scarred: Vec::new(),
        },
        Refusal::BonusChanged {
            continent: s("Asia"),
            mark: "+1",
            game: 4,
            unchanged: names(&["Africa"]),
        },
        Refusal::NoCity {
            territory: s("Peru"),
            cities: names(&["Quebec"]),
        },
        Refusal::CardDestroyed {
            territory: s("Peru"),
            game: 2,
        },
        Refusal::CardFull {
            territory: s("Brazil"),
            resources: 6,
        },
        Refusal::NotAPlayer {
            person: s("Zed"),
            game: 3,
            held_on: names(&["Bo"]),
        },
        Refusal::WinnerHeldOnReward {
            person: s("Ann"),
            game: 3,
        },
        Refusal::EliminatedReward {
            person: s("Cy"),
            game: 3,
        },
        Refusal::TwoHeldOnRewards {
            person: s("Bo"),
            count: 2,
        },
    ]
}

/// The refusals of packets, pools, sealed content and the game's own facts: 41 to 73, and 91.
#[allow(clippy::too_many_lines)]
fn sealed_examples() -> Vec<Refusal> {
    vec![
        Refusal::PacketOpened {
            packet: Packet::WorldCapital,
            game: 4,
            between: false,
        },
        Refusal::PacketNotYet {
            packet: Packet::SecondSignature,
            progress: s("no one has signed twice yet"),
        },
        Refusal::CapacityBelowUsed {
            kind: PoolKind::MinorCity,
            capacity: 2,
            used: 3,
        },
        Refusal::CapacityUnchanged {
            kind: PoolKind::Fortification,
            capacity: 5,
        },
        Refusal::CapacityTooLarge { capacity: 1000 },
        Refusal::MissingReason { what: "a pool" },
        Refusal::AlreadyAdded {
            what: Added::ScarType,
            name: s("Plague"),
        },
        Refusal::ScarCount { count: 0 },
        Refusal::PacketGame { game: 9, played: 4 },
        Refusal::SlotTaken {
            faction: s("Khan Industries"),
            slot: s("red"),
            text: s("Nomads"),
        },
        Refusal::CardScarred {
            faction: s("Khan Industries"),
            text: s("Scorched"),
        },
        Refusal::WorldNamed {
            name: s("Terra"),
            by: s("Ann"),
        },
        Refusal::WorldTooEarly { games: 12 },
        Refusal::NotTheMostSigned {
            person: s("Bo"),
            signatures: 2,
            leaders: names(&["Ann"]),
            most: 5,
        },
        Refusal::WorldCapitalSealed,
        Refusal::SealedNotOpen {
            what: "A mission",
            packets: vec![Packet::SecondSignature, Packet::WorldCapital],
        },
        Refusal::PacketOpenedAtGameEnd {
            what: "A mission",
            packets: vec![Packet::SecondSignature],
            game: 2,
        },
        Refusal::TerritoryMarked {
            territory: s("Peru"),
            text: s("Ann's fort"),
        },
        Refusal::TerritoryOnMap {
            name: s("Atlantis"),
        },
        Refusal::TerritoryNameTaken {
            name: s("Peru"),
            territory: s("Peru"),
        },
        Refusal::TerritoryWithoutNeighbours {
            name: s("Atlantis"),
        },
        Refusal::RetiredAlready {
            person: s("Ann"),
            retired: true,
        },
        Refusal::AliasTaken {
            alias: s("Annie"),
            what: "person",
            name: s("Ann"),
        },
        Refusal::FalloutAgain {
            territory: s("Peru"),
            game: 7,
        },
        Refusal::NoCityToDestroy {
            territory: s("Peru"),
            cities: Vec::new(),
        },
        Refusal::DeclinedAndChose {
            winner: s("Ann"),
            kind: RewardKind::Fortify,
        },
        Refusal::NothingToDecline { game: 16 },
        Refusal::HeldOnPoolsEmpty {
            person: s("Bo"),
            kind: HeldOnKind::AddResource,
        },
        Refusal::NotAtTheTable {
            person: s("Zed"),
            game: 3,
            what: s("the Resistance event cannot name them"),
            about: Part::EventCard,
            players: names(&["Ann", "Bo", "Cy"]),
        },
        Refusal::DraftOutOfRange {
            person: s("Bo"),
            what: "turn",
            given: 4,
            players: 3,
        },
        Refusal::DraftTwice {
            what: "placement",
            given: 1,
            first: s("Ann"),
            second: s("Bo"),
        },
        Refusal::BadText {
            what: "note",
            problem: TextProblem::TooLong {
                count: 2001,
                max: 2000,
            },
        },
        Refusal::BadTimestamp {
            what: "time it was recorded",
            given: s("yesterday"),
        },
        Refusal::GameAfterToday {
            date: s("2026-12-25"),
            today: s("2026-12-07"),
        },
    ]
}

/// The refusals of the log itself (corrections, records, forks): 74 to 90.
fn log_examples() -> Vec<Refusal> {
    vec![
        Refusal::EntryTwice { seq: 4 },
        Refusal::UnknownEntry {
            id: s("0192b1c4-7f3e-7a10-9c2d-4e5f60718293"),
        },
        Refusal::NotAnEntry { seq: 5 },
        Refusal::ReplacedByOtherKind { seq: 6 },
        Refusal::TakeBackTakenBack { seq: 7 },
        Refusal::TakenBackTwice { seq: 8 },
        Refusal::BadId { id: s("entry-9") },
        Refusal::NoGame {
            game: 20,
            played: 16,
        },
        Refusal::SameName { name: s("Ann") },
        Refusal::PersonExists {
            from: s("Anne"),
            to: s("Ann"),
        },
        Refusal::SatTogether {
            from: s("Anne"),
            into: s("Ann"),
            game: 2,
        },
        Refusal::Forks { one: 9, other: 10 },
        Refusal::DeviceOnBranches {
            device: s("Bo's phone"),
        },
        Refusal::JoinKeepsNothing,
        Refusal::JoinOfNoFork {
            tip: s("entry 9"),
            other: s("entry 8"),
        },
        Refusal::BadRecord {
            problem: RecordProblem::NotAsRecorded,
        },
        Refusal::PhotoGame {
            game: 17,
            played: 16,
        },
        Refusal::PhotoTwice {
            id: s("3fa9c2e1"),
            game: 7,
        },
        Refusal::BadPhotoHash { given: s("3fa9") },
        Refusal::NoPhoto {
            id: s("3fa9c2e1"),
            game: 5,
        },
        Refusal::PhotoTooLarge {
            bytes: 31_457_280,
            limit: 20_000_000,
        },
        Refusal::LaterBreaks {
            what: s("game 7"),
            game: Some(7),
            refusal: Box::new(Refusal::CardFull {
                territory: s("Brazil"),
                resources: 6,
            }),
        },
    ]
}

/// One refusal of each kind.
fn examples() -> Vec<Refusal> {
    let mut all = game_examples();
    all.extend(sealed_examples());
    all.extend(log_examples());
    all
}

/// The rules a text names: each `§` with the number and letters after it (`§4.4`, `§6b`).
fn rules_named(text: &str) -> BTreeSet<String> {
    text.split('§')
        .skip(1)
        .map(|after| {
            let rule: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '.')
                .collect();
            format!("§{}", rule.trim_end_matches('.'))
        })
        .collect()
}

/// Whether a text holds a command-line flag: `--` followed by a letter.
fn has_flag(text: &str) -> bool {
    text.as_bytes()
        .windows(3)
        .any(|w| w[0] == b'-' && w[1] == b'-' && w[2].is_ascii_alphabetic())
}

/// The field `POST /api/games` names for a refusal given `sheet`: its key, or "game".
fn api_field(sheet: &GameSheet, refusal: &Refusal) -> &'static str {
    sheet.field_of(refusal.part()).map_or("game", Field::key)
}

/// Whether a sheet written as JSON knows the field `key` (its value here is of no form).
fn sheet_knows(key: &str) -> bool {
    match GameSheet::from_json(&format!("{{\"{key}\": 0}}")) {
        Ok(_) => true,
        Err(error) => !format!("{error:?}").contains("unknown field"),
    }
}

#[test]
fn the_examples_hold_every_kind_of_refusal_once() {
    let mut seen = vec![0; KINDS];
    for example in examples() {
        seen[index(&example)] += 1;
    }
    let wrong: Vec<(usize, i32)> = seen
        .into_iter()
        .enumerate()
        .filter(|(_, count)| *count != 1)
        .collect();
    assert!(wrong.is_empty(), "kinds not given exactly once: {wrong:?}");
    assert_eq!(examples().len(), KINDS);
}

#[test]
fn each_kind_is_its_variants_name_and_unique() {
    let mut kinds = BTreeSet::new();
    for example in examples() {
        let debug = format!("{example:?}");
        let variant: String = debug
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        assert_eq!(example.kind(), variant, "{debug}");
        assert!(kinds.insert(example.kind()), "{} twice", example.kind());
    }
    assert_eq!(kinds.len(), KINDS);
}

#[test]
fn each_sentence_names_the_rule_its_data_names_and_no_other() {
    for example in examples() {
        let sentence = example.to_string();
        let named = rules_named(&sentence);
        match example.rule() {
            Some(rule) => {
                assert!(sentence.contains(rule), "{rule} not in: {sentence}");
                assert_eq!(named, rules_named(rule), "{}: {sentence}", example.kind());
            }
            None => match &example {
                // Its sentence ends with the later entry's refusal, which names that
                // refusal's own rule: the correction itself breaks none.
                Refusal::LaterBreaks { refusal, .. } => {
                    let own = sentence.replace(&refusal.to_string(), "");
                    assert!(rules_named(&own).is_empty(), "{sentence}");
                    assert_eq!(named, rules_named(&refusal.to_string()), "{sentence}");
                }
                _ => assert!(named.is_empty(), "{}: {sentence}", example.kind()),
            },
        }
    }
}

#[test]
fn rules_named_reads_each_rule_a_sentence_names() {
    assert_eq!(
        rules_named("(rules §3–§4: every mark). Or §4.4."),
        ["§3", "§4", "§4.4"].map(String::from).into()
    );
    assert_eq!(rules_named("(rules §6b)"), ["§6b".to_string()].into());
    assert!(rules_named("no rule").is_empty());
}

#[test]
fn no_sentence_names_a_flag() {
    assert!(has_flag("Log the game without --fortify"));
    assert!(!has_flag("2026-11-29T20:00:00Z -- a pause"));
    for example in examples() {
        let sentence = example.to_string();
        assert!(!sentence.trim().is_empty(), "{}", example.kind());
        assert!(!has_flag(&sentence), "{}: {sentence}", example.kind());
    }
}

#[test]
fn each_refusal_a_game_can_raise_names_a_field_of_the_sheet() {
    assert!(!sheet_knows("no-such-field"), "an unknown key is told");
    let sheet = GameSheet::default();
    for example in examples() {
        let field = api_field(&sheet, &example);
        assert!(!field.is_empty(), "{}", example.kind());
        if example.part() == Part::Entry {
            assert_eq!(field, "game", "{}", example.kind());
        } else {
            assert_ne!(field, "game", "{}", example.kind());
            assert!(sheet_knows(field), "{}: {field}", example.kind());
        }
    }
}

#[test]
fn the_api_names_the_field_each_refusal_is_about() {
    let at_table = |about: Part| Refusal::NotAtTheTable {
        person: s("Zed"),
        game: 3,
        what: s("they were not there"),
        about,
        players: names(&["Ann", "Bo", "Cy"]),
    };
    let empty = |kind: PoolKind| Refusal::PoolEmpty {
        kind,
        capacity: 0,
        way_out: WayOut::CorrectPool,
    };
    let text = |what: &'static str| Refusal::BadText {
        what,
        problem: TextProblem::ControlCharacter('\u{7}'),
    };
    let none = GameSheet::default();
    let cases = [
        (at_table(Part::EventCard), "event"),
        (at_table(Part::Mission), "mission"),
        (at_table(Part::Scar), "scar"),
        (at_table(Part::Draft), "draft"),
        (empty(PoolKind::MajorCity), "major-city"),
        (empty(PoolKind::MinorCity), "minor-city"),
        (empty(PoolKind::CoinSticker), "upgrade"),
        (empty(PoolKind::WorldCapital), "world-capital"),
        (empty(PoolKind::Scar(s("Bunker"))), "scar"),
        (examples()[index_of("CapitalStart")].clone(), "player"),
        (examples()[index_of("GameAfterToday")].clone(), "date"),
        (
            examples()[index_of("DeclinedAndChose")].clone(),
            "no-reward",
        ),
        (text("note"), "note"),
        (text("mission"), "mission"),
        (text("event's text"), "event"),
        (text("reason"), "game"),
    ];
    for (refusal, field) in cases {
        assert_eq!(api_field(&none, &refusal), field, "{refusal:?}");
    }
    let upgrade = GameSheet {
        upgrades: names(&["Cy:Brazil"]),
        ..GameSheet::default()
    };
    let minor_city = GameSheet {
        minor_cities: names(&["Cy:Brazil=Nova"]),
        ..GameSheet::default()
    };
    for kind in ["WinnerHeldOnReward", "EliminatedReward"] {
        let refusal = &examples()[index_of(kind)];
        assert_eq!(api_field(&upgrade, refusal), "upgrade", "{kind}");
        assert_eq!(api_field(&minor_city, refusal), "minor-city", "{kind}");
        assert_eq!(api_field(&none, refusal), "minor-city", "{kind}");
    }
}

/// Where the example of `kind` sits among the examples.
fn index_of(kind: &str) -> usize {
    examples()
        .iter()
        .position(|r| r.kind() == kind)
        .unwrap_or_else(|| panic!("no example of {kind}"))
}
