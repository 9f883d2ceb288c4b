//! The rules on a log that is rewritten, and the cases the rulebook leaves open that real
//! groups met (docs/rules.md §6d, §6f), on the domain: no database, no command line.
//!
//! A log is checked whole by `CheckedLog::new`, the fold every path that writes a log goes
//! through: each entry held to every rule, but an entry an earlier chronicle logged in
//! breach of a rule it held for new entries only (rule set 1), in the log it wrote.

use chronicle::domain::log::CheckedLog;
use chronicle::domain::record::resolve::resolve;
use chronicle::domain::record::sync::merge;
use chronicle::domain::state::standing::packets;
use chronicle::domain::vocabulary::house::HouseRule;
use chronicle::domain::{
    Body, Campaign, Correction, Draft, Entry, EntryId, Faction, Game, HeldOnChoice, HeldOnReward,
    LogRecord, Origin, Outcome, Packet, PlayEvent, Refusal, Reward, RuleSet, Seat,
};
use chrono::NaiveDate;

use crate::common::builders::{Log, next_date, seat, t};

use Outcome::{Eliminated, HeldOn, KnockedOut, Won};

/// A campaign set up for game 1.
fn fresh() -> Campaign {
    let mut campaign = Campaign::new();
    crate::common::set_up(&mut campaign);
    campaign
}

/// `winner` (of Ann, Bo and Cy) wins; the others hold on.
fn won_by(winner: &str) -> Vec<Seat> {
    // The factions as the campaign spells them: a record is written as the rules record it.
    let faction = |p: &str| match p {
        "Ann" => "Enclave of the Bear",
        "Bo" | "Bob" => "Khan Industries",
        _ => "Saharan Republic",
    };
    let mut seats = vec![seat(winner, faction(winner), Won)];
    for other in ["Ann", "Bo", "Cy"].into_iter().filter(|p| *p != winner) {
        seats.push(seat(other, faction(other), HeldOn));
    }
    seats
}

/// A game with these seats a week after the last, the winner declining the reward.
fn declined(c: &Campaign, seats: Vec<Seat>) -> Game {
    let mut game = Game::new(next_date(c), seats);
    game.declined = c.games_played() < 15;
    game
}

fn id(n: u32) -> EntryId {
    EntryId(format!("00000000-0000-7000-8000-{n:012}").into())
}

/// The records of a log made of `entries`, each applied in turn as the rules record it.
fn records(entries: &[Entry]) -> Vec<LogRecord> {
    CheckedLog::from_entries(entries, "2026-05-01T10:00:00Z", id)
        .unwrap_or_else(|broken| panic!("a legal log: {broken}"))
        .records()
        .to_vec()
}

/// The setup before game 1 and the games won by `winners` in turn, as entries.
fn log_of(winners: &[&str]) -> (Vec<Entry>, Campaign) {
    let mut c = Campaign::new();
    let mut entries = Vec::new();
    for entry in setup_entries() {
        entries.push(c.allow(entry).entry);
    }
    for winner in winners {
        let game = declined(&c, won_by(winner));
        entries.push(c.allow(game).entry);
    }
    (entries, c)
}

fn setup_entries() -> Vec<Entry> {
    use chronicle::domain::Power;
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

/// Fifteen games: Ann wins six (1–5 and 15), Bo five, Cy four.
const ANN_LEADS: [&str; 15] = [
    "Ann", "Ann", "Ann", "Ann", "Ann", "Bo", "Bo", "Bo", "Bo", "Bo", "Cy", "Cy", "Cy", "Cy", "Ann",
];

fn name_world(by: &str) -> Entry {
    Entry::NameWorld {
        name: "Terra".to_string(),
        by: by.to_string(),
    }
}

/// A record written after `records`, at the end of the log.
fn next(records: &[LogRecord], body: Body) -> LogRecord {
    let seq = records.len() as u32 + 1;
    LogRecord {
        id: id(seq),
        seq,
        recorded_at: "2026-05-02T10:00:00Z".to_string(),
        rules: RuleSet::CURRENT,
        origin: None,
        logged_by: None,
        parent: records.last().map(|r| r.id.clone()),
        place: chronicle::domain::Place::End,
        body,
    }
}

/// Game `n` of the log replaced by the same game won by `winner`.
fn replace_game(records: &[LogRecord], n: usize, winner: &str) -> LogRecord {
    let resolved = resolve(records).expect("a log");
    let target = resolved.game(n as u32).expect("the game");
    let Entry::Game(old) = &*target.entry else {
        panic!("not a game")
    };
    let mut game = (**old).clone();
    game.seats = won_by(winner);
    next(
        records,
        Body::Correct(Correction::Replace {
            target: target.id.clone(),
            entry: Entry::Game(Box::new(game)).into(),
            reason: Some("the winner was another".to_string()),
        }),
    )
}

fn check(records: Vec<LogRecord>) -> Result<CheckedLog, chronicle::domain::BrokenLog> {
    CheckedLog::new(records, NaiveDate::MAX)
}

/// Every record of the log marked as written by an earlier chronicle.
fn earlier(mut records: Vec<LogRecord>) -> Vec<LogRecord> {
    for record in &mut records {
        record.rules = RuleSet::EARLIER;
    }
    records
}

// ---------------------------------------------------------------------------------------
// A rewrite is held to every rule
// ---------------------------------------------------------------------------------------

#[test]
fn an_edit_that_takes_the_lead_from_the_world_namer_breaks_the_naming() {
    let (mut entries, _) = log_of(&ANN_LEADS);
    entries.push(name_world("Ann"));
    let mut log = records(&entries);
    let naming = log.last().unwrap().seq;
    log.push(replace_game(&log, 15, "Bo"));
    let broken = check(log).expect_err("the naming breaks");
    assert_eq!(broken.seq, naming);
    assert!(
        matches!(&broken.refusal, Refusal::NotTheMostSigned { person, signatures: 5, leaders, most: 6 } if person == "Ann" && leaders == &["Bo"]),
        "{broken}"
    );
}

#[test]
fn a_rewrite_of_a_log_an_earlier_chronicle_wrote_is_held_to_every_rule_too() {
    let (mut entries, _) = log_of(&ANN_LEADS);
    entries.push(name_world("Ann"));
    // Every entry legal as the earlier chronicle logged it: nothing is exempt.
    let mut log = earlier(records(&entries));
    let checked = check(log.clone()).expect("the earlier log stands");
    assert!(checked.resolved().entries.iter().all(|e| !e.exempt));
    log.push(replace_game(&log, 15, "Bo"));
    let broken = check(log).expect_err("the correction breaks the naming");
    assert!(
        matches!(broken.refusal, Refusal::NotTheMostSigned { .. }),
        "{broken}"
    );
}

#[test]
fn an_entry_an_earlier_chronicle_logged_in_breach_of_a_gate_still_replays() {
    let (entries, _) = log_of(&ANN_LEADS);
    // Cy never had the most signatures: only an earlier chronicle's replay let it pass.
    let mut log = records(&entries);
    log.push(next(&log, Body::Add(name_world("Cy").into())));
    let naming = log.last().unwrap().id.clone();
    assert!(
        check(log.clone()).is_err(),
        "written by this chronicle, the naming is refused"
    );
    let old = earlier(log);
    let checked = check(old.clone()).expect("an earlier chronicle's log still opens");
    let logged = checked.resolved().entry(&naming).expect("the naming");
    assert!(logged.exempt);
    assert_eq!(
        checked.campaign().world().map(|w| w.by.as_str()),
        Some("Cy")
    );
    // A correction written now that keeps the naming broken takes nothing from it; one
    // that rewrites the naming itself is held to every rule.
    let mut with_edit = old.clone();
    with_edit.push(replace_game(&with_edit, 14, "Ann"));
    assert!(check(with_edit).is_ok());
    let mut rewritten = old;
    rewritten.push(next(
        &rewritten,
        Body::Correct(Correction::Replace {
            target: naming,
            entry: Entry::NameWorld {
                name: "Terra Nova".to_string(),
                by: "Cy".to_string(),
            }
            .into(),
            reason: None,
        }),
    ));
    let broken = check(rewritten).expect_err("the rewritten naming is refused");
    assert!(
        matches!(broken.refusal, Refusal::NotTheMostSigned { .. }),
        "{broken}"
    );
}

#[test]
fn an_edit_that_takes_away_an_opened_packets_condition_breaks_the_opening() {
    let (mut entries, _) = log_of(&["Ann", "Bo", "Ann"]);
    entries.push(Entry::OpenPacket {
        packet: Packet::SecondSignature,
        game: 3,
    });
    let mut log = records(&entries);
    let opening = log.last().unwrap().seq;
    log.push(replace_game(&log, 3, "Cy"));
    let broken = check(log).expect_err("the opening breaks");
    assert_eq!(broken.seq, opening);
    assert!(
        matches!(&broken.refusal, Refusal::PacketNotYet { packet: Packet::SecondSignature, progress } if progress == "the most signatures anyone has: 1"),
        "{broken}"
    );
}

#[test]
fn a_merge_that_gives_someone_the_lead_breaks_the_naming() {
    let mut entries = setup_entries();
    let mut replayed = Campaign::new();
    for e in &entries {
        replayed.allow(e.clone());
    }
    let winners = [
        "Ann", "Ann", "Ann", "Ann", "Ann", "Ann", "Bo", "Bo", "Bo", "Bo", "Bob", "Bob", "Bob",
        "Cy", "Cy",
    ];
    for (n, winner) in (1..).zip(winners) {
        let mut seats = won_by(if winner == "Bob" { "Bo" } else { winner });
        if (11..=13).contains(&n) {
            for s in &mut seats {
                if s.person == "Bo" {
                    s.person = "Bob".to_string();
                }
            }
        }
        let game = declined(&replayed, seats);
        entries.push(replayed.allow(game).entry);
    }
    entries.push(name_world("Ann"));
    let mut log = records(&entries);
    log.push(next(
        &log,
        Body::Correct(Correction::MergePerson {
            from: "Bob".to_string(),
            into: "Bo".to_string(),
        }),
    ));
    let broken = check(log).expect_err("the merge breaks the naming");
    assert!(
        matches!(
            &broken.refusal,
            Refusal::NotTheMostSigned {
                signatures: 6,
                most: 7,
                ..
            }
        ),
        "{broken}"
    );
}

#[test]
fn a_faction_seated_before_it_joined_says_when_it_joined() {
    let (mut entries, _) = log_of(&["Ann", "Bo", "Cy"]);
    entries.push(Entry::AddFaction {
        faction: Faction::new("Mutants"),
    });
    let log = CheckedLog::from_entries(&entries, "2026-05-01T10:00:00Z", id).expect("a log");
    let resolved = log.resolved();
    let game_2 = resolved.game(2).expect("game 2");
    assert_eq!(
        resolved.joined_later("mutants", &game_2.id, 2),
        Some(Refusal::FactionNotYet {
            faction: "Mutants".to_string(),
            joined: 4,
            game: 2,
        })
    );
    assert_eq!(
        Refusal::FactionNotYet {
            faction: "Mutants".to_string(),
            joined: 4,
            game: 2
        }
        .to_string()
        .split(" (")
        .next(),
        Some("Mutants joined at game 4; game 2 is before that")
    );
    assert_eq!(resolved.joined_later("Cult", &game_2.id, 2), None);
}

// ---------------------------------------------------------------------------------------
// Printed limits and the cases decided
// ---------------------------------------------------------------------------------------

#[test]
fn a_card_holds_six_resources_whatever_the_two_coins_switch_says() {
    let mut c = Campaign::new();
    c.allow(Entry::Rule {
        rule: HouseRule::TwoCoinsACard,
        on: false,
        reason: "our group piles them up".to_string(),
    });
    let brazil = |n: usize| Entry::Coins {
        territories: vec![t("Brazil"); n],
    };
    let r = c.refuse(brazil(6));
    assert_eq!(
        r,
        Refusal::CardFull {
            territory: "Brazil".to_string(),
            resources: 6
        }
    );
    c.allow(brazil(5));
    assert_eq!(c.territory(&t("Brazil")).card.resources(), 6);
    assert!(matches!(c.refuse(brazil(1)), Refusal::CardFull { .. }));
}

#[test]
fn knocked_out_at_the_end_is_recorded_as_such_and_counted_as_eliminated() {
    let mut c = fresh();
    let seats = vec![
        seat("Ann", "bear", Won),
        seat("Bo", "khan", HeldOn),
        seat("Cy", "saharan", KnockedOut),
    ];
    let mut with_reward = declined(&c, seats.clone());
    with_reward.held_on.push(HeldOnReward {
        person: "Cy".to_string(),
        choice: HeldOnChoice::AddResource {
            territory: t("Brazil"),
        },
    });
    assert!(matches!(
        c.refuse(with_reward),
        Refusal::EliminatedReward { .. }
    ));
    let applied = c.allow(declined(&c, seats));
    let Entry::Game(game) = &applied.entry else {
        panic!("a game")
    };
    assert_eq!(game.seats[2].result, KnockedOut);
    assert!(KnockedOut.is_eliminated() && Eliminated.is_eliminated() && !HeldOn.is_eliminated());
    assert_eq!(Outcome::from_key("knocked-out"), Some(KnockedOut));
    assert_eq!(applied.packets_met, [Packet::FirstElimination]);
    let first = packets(&c)
        .into_iter()
        .find(|p| p.packet == Packet::FirstElimination)
        .expect("First elimination");
    assert_eq!(first.progress.as_deref(), Some("eliminations so far: 1"));
    c.allow(Entry::OpenPacket {
        packet: Packet::FirstElimination,
        game: 1,
    });
}

/// A campaign whose game 1 opened the World capital packet and placed it in Egypt.
fn with_capital() -> Campaign {
    let mut c = fresh();
    let mut game = declined(&c, won_by("Ann"));
    game.opened.push(Packet::WorldCapital);
    game.events.push(PlayEvent::WorldCapital {
        territory: t("Egypt"),
        name: "Capitol".to_string(),
    });
    c.allow(game);
    c
}

#[test]
fn an_hq_on_the_world_capital_is_refused_unless_the_group_switched_the_rule_off() {
    let mut c = with_capital();
    let on_capital = |c: &Campaign| {
        let mut seats = won_by("Bo");
        seats[0].hq = Some(t("Egypt"));
        declined(c, seats)
    };
    assert_eq!(
        c.refuse(on_capital(&c)),
        Refusal::CapitalStart {
            person: "Bo".to_string(),
            territory: "Egypt".to_string(),
            city: "Capitol".to_string(),
        }
    );
    assert!(!c.is_legal_start(&t("Egypt"), "Bo"));
    c.allow(Entry::Rule {
        rule: HouseRule::WorldCapitalHq,
        on: false,
        reason: "our packet lets a player start there".to_string(),
    });
    assert!(c.is_legal_start(&t("Egypt"), "Bo"));
    c.allow(on_capital(&c));
}

#[test]
fn a_draft_waits_for_the_minor_cities_packet() {
    let mut c = fresh();
    let mut game = declined(&c, won_by("Ann"));
    game.draft
        .push(Draft::from_parts("Ann", "turn:1").expect("a draft"));
    assert_eq!(
        c.refuse(game.clone()),
        Refusal::DraftSealed {
            game: 1,
            opened: None
        }
    );
    assert!(
        c.refuse(game.clone())
            .to_string()
            .contains("the Minor cities packet")
    );
}

#[test]
fn no_city_is_founded_where_fallout_hit() {
    let mut c = fresh();
    let mut game = declined(&c, won_by("Ann"));
    game.events.push(PlayEvent::Fallout {
        territory: t("Peru"),
    });
    c.allow(game);
    let minor = |c: &Campaign, territory: &str| {
        let mut game = declined(c, won_by("Ann"));
        game.held_on.push(HeldOnReward {
            person: "Bo".to_string(),
            choice: HeldOnChoice::MinorCity {
                territory: t(territory),
                name: "Lima".to_string(),
            },
        });
        game
    };
    assert_eq!(
        c.refuse(minor(&c, "Peru")),
        Refusal::CityOnFallout {
            territory: "Peru".to_string(),
            game: 1
        }
    );
    let mut major = declined(&c, won_by("Ann"));
    major.declined = false;
    major.reward = Some(Reward::MajorCity {
        territory: t("Peru"),
        name: "Kyro".to_string(),
    });
    assert!(matches!(c.refuse(major), Refusal::CityOnFallout { .. }));
    c.allow(minor(&c, "Brazil"));
}

#[test]
fn packets_opened_in_one_game_keep_the_order_given() {
    let mut c = fresh();
    let mut game = declined(&c, won_by("Ann"));
    game.opened = vec![
        Packet::ThirtyTroops,
        Packet::ThreeMissiles,
        Packet::DoNotOpen,
    ];
    let applied = c.allow(game);
    let Entry::Game(recorded) = &applied.entry else {
        panic!("a game")
    };
    assert_eq!(
        recorded.opened,
        [
            Packet::ThirtyTroops,
            Packet::ThreeMissiles,
            Packet::DoNotOpen
        ]
    );
    let opened: Vec<Packet> = c.packets_opened().iter().map(|p| p.packet).collect();
    assert_eq!(opened, recorded.opened);
}

#[test]
fn a_packet_opened_twice_between_games_says_after_which_game() {
    let (_, mut c) = log_of(&["Ann"]);
    let opening = Entry::OpenPacket {
        packet: Packet::ThreeMissiles,
        game: 1,
    };
    c.allow(opening.clone());
    let refused = c.refuse(opening);
    assert_eq!(
        refused,
        Refusal::PacketOpened {
            packet: Packet::ThreeMissiles,
            game: 1,
            between: true
        }
    );
    assert!(refused.to_string().contains("was opened after game 1"));
}

// ---------------------------------------------------------------------------------------
// The same packet opened on two devices
// ---------------------------------------------------------------------------------------

/// A record of `device`, written after `parent`, opening Three missiles after game `game`.
fn opening_on(device: &str, n: u32, parent: &LogRecord, game: u32) -> LogRecord {
    LogRecord {
        id: EntryId(format!("00000000-0000-7000-9000-{n:012}").into()),
        seq: parent.seq + 1,
        recorded_at: format!("2026-05-0{n}T10:00:00Z"),
        rules: RuleSet::CURRENT,
        origin: Some(Box::new(Origin {
            device: device.to_string(),
            seq: 1,
        })),
        logged_by: None,
        parent: Some(parent.id.clone()),
        place: chronicle::domain::Place::End,
        body: Body::Add(
            Entry::OpenPacket {
                packet: Packet::ThreeMissiles,
                game,
            }
            .into(),
        ),
    }
}

#[test]
fn one_packet_opened_on_two_devices_between_the_same_games_is_one_fact() {
    let (entries, _) = log_of(&["Ann", "Bo"]);
    let log = records(&entries);
    let last = log.last().unwrap().clone();
    let mut a = log.clone();
    a.push(opening_on("a", 1, &last, 2));
    let b_opening = opening_on("b", 2, &last, 2);
    let merged = merge(&a, None, vec![b_opening.clone()]).expect("a merge");
    assert_eq!(merged.fork, None, "no fork: one fact");
    let join = merged.joined.clone().expect("the join that makes them one");
    // The other device makes the same join from the same branches.
    let mut b = log.clone();
    b.push(b_opening);
    let theirs = merge(&b, None, vec![a.last().unwrap().clone()]).expect("a merge");
    assert_eq!(
        theirs.joined.as_ref().map(|j| (&j.id, &j.body)),
        Some((&join.id, &join.body))
    );
    // The log with both openings and the join: the later opening is taken back as the same.
    let mut all = a.clone();
    for record in &merged.new {
        let seq = all.len() as u32 + 1;
        all.push(LogRecord {
            seq,
            ..record.clone()
        });
    }
    let mut join = join;
    join.seq = all.len() as u32 + 1;
    all.push(join);
    let checked = check(all).expect("the joined log stands");
    let openings: Vec<_> = checked
        .resolved()
        .entries
        .iter()
        .filter(|e| matches!(*e.entry, Entry::OpenPacket { .. }))
        .collect();
    assert_eq!(openings.len(), 2);
    assert!(openings[0].taken_back.is_none());
    let reason = openings[1]
        .taken_back
        .as_ref()
        .and_then(|b| b.reason.clone());
    assert!(
        reason
            .as_deref()
            .is_some_and(|r| r.contains("recorded on another device")),
        "{reason:?}"
    );
}

#[test]
fn two_devices_opening_one_packet_after_different_games_fork() {
    let (entries, _) = log_of(&["Ann", "Bo"]);
    let log = records(&entries);
    let last = log.last().unwrap().clone();
    let mut a = log.clone();
    a.push(opening_on("a", 1, &last, 1));
    let merged = merge(&a, None, vec![opening_on("b", 2, &last, 2)]).expect("a merge");
    assert!(merged.fork.is_some());
    assert_eq!(merged.joined, None);
}

#[test]
fn one_device_cannot_open_one_packet_twice_in_a_log() {
    let (entries, _) = log_of(&["Ann"]);
    let mut log = records(&entries);
    let last = log.last().unwrap().clone();
    let first = opening_on("a", 1, &last, 1);
    let mut second = opening_on("a", 2, &first, 1);
    second.seq = first.seq + 1;
    log.push(first);
    log.push(second);
    let broken = check(log).expect_err("opened twice");
    assert!(
        matches!(broken.refusal, Refusal::PacketOpened { between: true, .. }),
        "{broken}"
    );
}
