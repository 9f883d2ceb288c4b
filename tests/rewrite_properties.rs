//! Property test of rewrites through the binary: a random campaign of valid games (three
//! of five people, each result possible, HQs on a few territories some of which border,
//! the winner declining up to game 15), then random rewrites of its log: games edited and
//! inserted, `undo`, people merged, packets opened after an earlier game, the world named,
//! and two devices' branches kept both by `sync resolve --keep-both`. Whatever the order:
//!
//! - after each command accepted, `check` passes: a replay of the whole log from scratch
//!   holds every entry to every rule (no problem, no warning: everything this chronicle
//!   writes is held to every rule);
//! - after each command refused, the database is byte for byte as it was, and the refusal
//!   is the rules' or the command line's (exit 1 or 2), never a bug.
//!
//! `PROPTEST_CASES` sets the number of cases (32 by default, well under a minute);
//! `CHRONICLE_REWRITE_TRACE` (any value) prints the commands of every case that passes.

use chrono::{Days, NaiveDate};
use proptest::collection::vec;
use proptest::prelude::*;
use serde_json::Value;

use crate::common::{Run, SET_UP, TestEnv, assert_no_panic, db_bytes};

/// The people of these campaigns, each always with the same faction; Bob is Bo typed
/// another way (for some games), so the two never sit at one game and may be merged.
const PEOPLE: [(&str, &str); 6] = [
    ("Ann", "bear"),
    ("Bo", "khan"),
    ("Cy", "saharan"),
    ("Dee", "balkania"),
    ("Eve", "mechaniker"),
    ("Bob", "khan"),
];

/// HQs the games choose from: Alaska borders Kamchatka, Peru borders Brazil.
const HQS: [&str; 6] = ["Alaska", "Kamchatka", "Peru", "Brazil", "Egypt", "China"];

const RESULTS: [&str; 3] = ["held-on", "eliminated", "knocked-out"];

const PACKETS: [&str; 3] = ["First elimination", "Second signature", "Three missiles"];

/// A game: three of the first five people (by a rotation and a skip), Bo typed Bob where
/// `typo` says so, the winner among them, the others' results, and each seat's HQ if any.
#[derive(Clone, Debug)]
struct GameSpec {
    first: usize,
    skip: usize,
    typo: bool,
    winner: usize,
    results: [usize; 3],
    hqs: [Option<usize>; 3],
}

fn game_spec() -> impl Strategy<Value = GameSpec> {
    (
        0..5usize,
        1..4usize,
        proptest::bool::weighted(0.3),
        0..3usize,
        [0..3usize, 0..3usize, 0..3usize],
        [
            proptest::option::weighted(0.3, 0..HQS.len()),
            proptest::option::weighted(0.3, 0..HQS.len()),
            proptest::option::weighted(0.3, 0..HQS.len()),
        ],
    )
        .prop_map(|(first, skip, typo, winner, results, hqs)| GameSpec {
            first,
            skip,
            typo,
            winner,
            results,
            hqs,
        })
}

impl GameSpec {
    /// The `--player` values of the game.
    fn players(&self) -> Vec<String> {
        let people = [
            self.first,
            (self.first + 1) % 5,
            (self.first + 1 + self.skip) % 5,
        ];
        people
            .iter()
            .enumerate()
            .map(|(seat, &p)| {
                let (person, faction) = PEOPLE[if p == 1 && self.typo { 5 } else { p }];
                let result = if seat == self.winner {
                    "won"
                } else {
                    RESULTS[self.results[seat]]
                };
                let hq = self.hqs[seat]
                    .map(|h| format!("@{}", HQS[h]))
                    .unwrap_or_default();
                format!("{person}={faction}:{result}{hq}")
            })
            .collect()
    }
}

/// A rewrite, or something logged that a rewrite then meets.
#[derive(Clone, Debug)]
enum Op {
    /// `game edit N` (N taken modulo the games played): the same people, dates and HQs,
    /// another winner and other results.
    Edit {
        game: usize,
        winner: usize,
        results: [usize; 3],
    },
    /// `game insert --before N`, dated as game N.
    Insert { before: usize, game: GameSpec },
    /// `game log`, a week after the latest game.
    Log(GameSpec),
    /// `undo --yes`.
    Undo,
    /// `person merge FROM INTO`.
    Merge { from: usize, into: usize },
    /// `packets open P --after-game N`.
    Open { packet: usize, after: usize },
    /// `world name Terra --by P`.
    NameWorld(usize),
    /// A second device writes one of these, this one another, and the fork is resolved by
    /// keeping both (in either order).
    KeepBoth {
        here: Box<Op>,
        there: Box<Op>,
        theirs_first: bool,
    },
}

fn simple_op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (0..20usize, 0..3usize, [0..3usize, 0..3usize, 0..3usize])
            .prop_map(|(game, winner, results)| Op::Edit { game, winner, results }),
        2 => (0..20usize, game_spec()).prop_map(|(before, game)| Op::Insert { before, game }),
        2 => game_spec().prop_map(Op::Log),
        1 => Just(Op::Undo),
        2 => (0..PEOPLE.len(), 0..PEOPLE.len()).prop_map(|(from, into)| Op::Merge { from, into }),
        2 => (0..PACKETS.len(), 0..20usize).prop_map(|(packet, after)| Op::Open { packet, after }),
        2 => (0..PEOPLE.len()).prop_map(Op::NameWorld),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => simple_op(),
        1 => (simple_op(), simple_op(), any::<bool>()).prop_map(|(here, there, theirs_first)| {
            Op::KeepBoth { here: Box::new(here), there: Box::new(there), theirs_first }
        }),
    ]
}

/// The games the campaign starts with: a few, or enough to name the world.
fn games() -> impl Strategy<Value = Vec<GameSpec>> {
    prop_oneof![vec(game_spec(), 2..=6), vec(game_spec(), 15..=16)]
}

const HERE: &str = "a.db";
const THERE: &str = "b.db";

/// One case: the campaign's databases and what was done to them.
struct Case {
    env: TestEnv,
    trace: Vec<String>,
    /// Whether the second device has joined the campaign.
    joined: bool,
    /// Games logged at the end so far, for their dates.
    logged: u64,
    /// Whether each command accepted is followed by `check` (from the first rewrite on;
    /// the campaign's games are checked once, whole).
    checking: bool,
}

impl Case {
    fn new() -> Case {
        let env = TestEnv::new();
        std::fs::create_dir(env.dir().join("shared")).expect("the shared folder");
        let case = Case {
            env,
            trace: Vec::new(),
            joined: false,
            logged: 0,
            checking: false,
        };
        case.must(HERE, &["init", "Earth"]);
        for step in SET_UP {
            case.must(HERE, step);
        }
        case
    }

    fn fail(&self, what: &str) -> ! {
        panic!("{what}\n\ncommands:\n  {}", self.trace.join("\n  "))
    }

    fn command(&self, db: &str, args: &[&str]) -> Run {
        let mut all = vec!["--db", db];
        all.extend(args);
        let run = self.env.run(&all);
        assert_no_panic(&run);
        run
    }

    /// A command that must be accepted.
    fn must(&self, db: &str, args: &[&str]) -> Run {
        let run = self.command(db, args);
        if run.code != 0 {
            self.fail(&format!(
                "`chronicle --db {db} {}` exited {}:\n{}",
                args.join(" "),
                run.code,
                run.stderr
            ));
        }
        run
    }

    fn path(&self, db: &str) -> std::path::PathBuf {
        self.env.dir().join(db)
    }

    /// A command that writes, or is refused: accepted, the log replays whole through every
    /// rule; refused (by the rules, exit 1, or the command line, exit 2), nothing changed.
    fn attempt(&mut self, db: &str, args: &[&str]) -> bool {
        let before = db_bytes(&self.path(db));
        let run = self.command(db, args);
        let said = run.stderr.lines().next().unwrap_or_default().to_string();
        self.trace.push(format!(
            "{db}: {} -> exit {}: {said}",
            args.join(" "),
            run.code
        ));
        match run.code {
            0 => {
                if self.checking {
                    self.checked(db);
                }
                true
            }
            1 | 2 => {
                if db_bytes(&self.path(db)) != before {
                    self.fail(&format!("a refused command changed {db}"));
                }
                false
            }
            code => self.fail(&format!("exit {code}:\n{}", run.stderr)),
        }
    }

    /// `check` passes with nothing to say: every entry holds every rule, from scratch.
    fn checked(&self, db: &str) {
        let run = self.command(db, &["check", "--format", "json"]);
        let report: Value = serde_json::from_str(&run.stdout).unwrap_or_else(|_| {
            self.fail(&format!(
                "check of {db} exited {}:\n{}",
                run.code, run.stderr
            ))
        });
        if run.code != 0 || report["problems"] != Value::Array(Vec::new()) {
            self.fail(&format!("check of {db} finds problems: {report:#}"));
        }
        if report["warnings"] != Value::Array(Vec::new()) {
            self.fail(&format!("check of {db} warns: {report:#}"));
        }
    }

    /// The games of a database, each as `game list` has it.
    fn games(&self, db: &str) -> Vec<Value> {
        let run = self.must(db, &["game", "list", "--format", "json"]);
        run.json()["games"].as_array().cloned().unwrap_or_default()
    }

    /// The flags of a game: its date, players and, up to game 15, the declined reward.
    fn game_flags(number: usize, date: &str, players: &[String]) -> Vec<String> {
        let mut flags = vec![
            "--date".to_string(),
            date.to_string(),
            "--new-player".to_string(),
            "Bob".to_string(),
        ];
        for player in players {
            flags.extend(["--player".to_string(), player.clone()]);
        }
        if number <= 15 {
            flags.push("--no-reward".to_string());
        }
        flags
    }

    /// `game log` of the game as game `number`.
    fn log(&mut self, db: &str, spec: &GameSpec, number: usize) -> bool {
        self.logged += 1;
        let date = day(self.logged);
        let flags = Case::game_flags(number, &date, &spec.players());
        let mut args = vec!["game", "log"];
        args.extend(flags.iter().map(String::as_str));
        self.attempt(db, &args)
    }

    fn step(&mut self, db: &str, op: &Op) -> bool {
        let games = match op {
            Op::Edit { .. } | Op::Insert { .. } | Op::Log(_) | Op::Open { .. } => self.games(db),
            _ => Vec::new(),
        };
        let pick = |n: usize| (!games.is_empty()).then(|| n % games.len());
        match op {
            Op::Edit {
                game,
                winner,
                results,
            } => {
                let Some(i) = pick(*game) else { return false };
                let game = &games[i];
                let players: Vec<String> = game["players"]
                    .as_array()
                    .expect("players")
                    .iter()
                    .enumerate()
                    .map(|(seat, p)| {
                        let result = if seat == winner % 3 {
                            "won"
                        } else {
                            RESULTS[results[seat % 3]]
                        };
                        let hq = p["hq"]
                            .as_str()
                            .map(|h| format!("@{h}"))
                            .unwrap_or_default();
                        format!(
                            "{}={}:{result}{hq}",
                            p["person"].as_str().expect("a person"),
                            p["faction"].as_str().expect("a faction")
                        )
                    })
                    .collect();
                let number = i + 1;
                let flags =
                    Case::game_flags(number, game["date"].as_str().expect("a date"), &players);
                let n = number.to_string();
                let mut args = vec!["game", "edit", n.as_str(), "--reason", "a rewrite"];
                args.extend(flags.iter().map(String::as_str));
                self.attempt(db, &args)
            }
            Op::Insert { before, game } => {
                let Some(i) = pick(*before) else { return false };
                let number = i + 1;
                let date = games[i]["date"].as_str().expect("a date").to_string();
                let flags = Case::game_flags(number, &date, &game.players());
                let n = number.to_string();
                let mut args = vec!["game", "insert", "--before", n.as_str()];
                args.extend(flags.iter().map(String::as_str));
                self.attempt(db, &args)
            }
            Op::Log(spec) => self.log(db, spec, games.len() + 1),
            Op::Undo => self.attempt(db, &["undo", "--yes", "--reason", "a rewrite"]),
            Op::Merge { from, into } => {
                self.attempt(db, &["person", "merge", PEOPLE[*from].0, PEOPLE[*into].0])
            }
            Op::Open { packet, after } => {
                let after = (after % (games.len() + 1)).to_string();
                self.attempt(
                    db,
                    &["packets", "open", PACKETS[*packet], "--after-game", &after],
                )
            }
            Op::NameWorld(by) => {
                self.attempt(db, &["world", "name", "Terra", "--by", PEOPLE[*by].0])
            }
            Op::KeepBoth {
                here,
                there,
                theirs_first,
            } => {
                self.keep_both(here, there, *theirs_first);
                true
            }
        }
    }

    /// Both devices write, sync, and the second resolves the fork by keeping both (or, where
    /// that is refused, its own branch); then the first syncs.
    fn keep_both(&mut self, here: &Op, there: &Op, theirs_first: bool) {
        if !self.joined {
            self.must(HERE, &["sync", "shared", "--device", "a"]);
            self.must(THERE, &["sync", "shared", "--device", "b"]);
            self.joined = true;
        }
        self.sync(THERE, false);
        self.step(HERE, here);
        self.step(THERE, there);
        self.sync(HERE, false);
        self.sync(THERE, true);
        let order = if theirs_first { "a,b" } else { "b,a" };
        let status = self.command(THERE, &["sync", "status", "shared", "--format", "json"]);
        if !status.stdout.contains("\"branches\"") {
            return;
        }
        let kept = self.attempt(
            THERE,
            &["sync", "resolve", "shared", "--keep-both", "--order", order],
        );
        if !kept {
            self.attempt(THERE, &["sync", "resolve", "shared", "--keep", "b"]);
        }
        self.sync(HERE, true);
    }

    /// `sync` of a device: whatever it finds (a fork is exit 1), the log still replays
    /// (checked where `check` says so).
    fn sync(&mut self, db: &str, check: bool) {
        let run = self.command(db, &["sync", "shared"]);
        self.trace
            .push(format!("{db}: sync shared -> exit {}", run.code));
        if !matches!(run.code, 0 | 1) {
            self.fail(&format!("sync exited {}:\n{}", run.code, run.stderr));
        }
        if check {
            self.checked(db);
        }
    }
}

/// The day of the `n`-th game logged: a week apart from 1 January 2026.
fn day(n: u64) -> String {
    NaiveDate::from_ymd_opt(2026, 1, 1)
        .and_then(|d| d.checked_add_days(Days::new(7 * n)))
        .expect("a date")
        .to_string()
}

fn run_case(games: &[GameSpec], ops: &[Op]) {
    let mut case = Case::new();
    let mut played = 0;
    for game in games {
        played += usize::from(case.log(HERE, game, played + 1));
    }
    case.checked(HERE);
    case.checking = true;
    for op in ops {
        case.step(HERE, op);
    }
    if std::env::var_os("CHRONICLE_REWRITE_TRACE").is_some() {
        println!("{}\n", case.trace.join("\n"));
    }
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(32);
    ProptestConfig {
        cases,
        // Each case runs the binary some fifty times: a failure is shrunk, but not for
        // ever.
        max_shrink_iters: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn every_accepted_rewrite_leaves_a_log_that_holds_every_rule_and_a_refused_one_nothing(
        games in games(),
        ops in vec(op(), 1..=5),
    ) {
        run_case(&games, &ops);
    }
}
