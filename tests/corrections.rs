//! Corrections through the binary, as real campaigns need them: a reward edited, a winner
//! changed, a forgotten game inserted, a typo'd faction taken back, people renamed and
//! merged, entries placed after an earlier game. Each ends on the world a group would have
//! had by logging right from the start; a refused correction writes nothing; `--after N`
//! is the log cut after game N.

use serde_json::Value;

use crate::common::TestEnv;

/// A game's flags: `--player` for each of `players` (the first won, the others held on
/// unless marked), then `extra`. Tomasz, one edit from Tomas, is confirmed as a newcomer:
/// the two are one person typed two ways, merged in the tests that say so.
pub(crate) fn game(date: &str, players: &[&str], extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["--date", date, "--new-player", "Tomasz"]
        .iter()
        .map(ToString::to_string)
        .collect();
    for p in players {
        args.push("--player".into());
        args.push((*p).to_string());
    }
    args.extend(extra.iter().map(ToString::to_string));
    args
}

pub(crate) fn run(env: &TestEnv, head: &[&str], flags: &[String]) {
    let mut args: Vec<&str> = head.to_vec();
    args.extend(flags.iter().map(String::as_str));
    env.ok(&args);
}

/// The three games the corrections start from.
pub(crate) fn first() -> Vec<String> {
    game(
        "2026-10-01",
        &[
            "Ann=bear:won",
            "Jermey=khan:held-on",
            "Tomas=saharan:held-on",
        ],
        &[
            "--major-city",
            "Egypt=Kyro",
            "--minor-city",
            "Jermey:Peru=Lima",
        ],
    )
}

pub(crate) fn second(continent_name: &str) -> Vec<String> {
    game(
        "2026-10-08",
        &[
            "Jermey=khan:won",
            "Ann=bear:held-on",
            "Tomasz=saharan:eliminated",
        ],
        &[
            "--name-continent",
            &format!("Africa={continent_name}"),
            "--scar",
            "Brazil=Bunker",
        ],
    )
}

pub(crate) fn third() -> Vec<String> {
    game(
        "2026-10-15",
        &[
            "Tomas=saharan:won",
            "Ann=bear:held-on",
            "Jermey=khan:held-on",
        ],
        &["--fortify", "Egypt", "--upgrade", "Ann:Peru"],
    )
}

pub(crate) fn campaign(games: &[Vec<String>]) -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    for g in games {
        run(&env, &["game", "log"], g);
    }
    env
}

/// JSON without what differs between two campaigns that hold one world: their names and
/// when each entry was typed.
fn strip(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.remove("campaign");
            map.remove("recorded_at");
            map.values_mut().for_each(strip);
        }
        Value::Array(items) => items.iter_mut().for_each(strip),
        _ => {}
    }
}

fn world(env: &TestEnv, campaign: Option<&str>, after: Option<u32>) -> Vec<(String, Value)> {
    let after = after.map(|n| n.to_string());
    let reads: &[&[&str]] = &[
        &["board"],
        &["setup"],
        &["pool"],
        &["packets"],
        &["stats"],
        &["faction", "list"],
        &["scar-type", "list"],
    ];
    reads
        .iter()
        .filter(|read| after.is_none() || read.len() == 1)
        .map(|read| {
            let mut args: Vec<&str> = read.to_vec();
            args.extend(["--format", "json"]);
            if let Some(name) = campaign {
                args.extend(["--campaign", name]);
            }
            if let Some(n) = &after {
                args.extend(["--after", n]);
            }
            let mut value = env.json(&args);
            strip(&mut value);
            (read.join(" "), value)
        })
        .collect()
}

fn assert_same_world(corrected: &TestEnv, logged_right: &TestEnv) {
    for ((what, got), (_, want)) in
        world(corrected, None, None)
            .into_iter()
            .zip(world(logged_right, None, None))
    {
        assert_eq!(got, want, "`{what}` differs from the campaign logged right");
    }
    let games = |env: &TestEnv| {
        let mut v = env.json(&["game", "list", "--format", "json"]);
        strip(&mut v);
        v
    };
    assert_eq!(games(corrected), games(logged_right), "`game list` differs");
}

#[test]
fn an_edited_reward_gives_the_world_of_the_game_logged_right() {
    let env = campaign(&[first(), second("Ubuntu"), third()]);
    let mut edit = vec!["--reason".to_string(), "it was Sahel".to_string()];
    edit.extend(second("Sahel"));
    run(&env, &["game", "edit", "2"], &edit);
    assert_same_world(&env, &campaign(&[first(), second("Sahel"), third()]));
    let corrections = env.json(&["history", "--corrections", "--format", "json"]);
    assert_eq!(corrections[0]["kind"], "edit");
    assert_eq!(corrections[0]["game"], 2);
    assert_eq!(corrections[0]["reason"], "it was Sahel");
    let text = corrections[0]["text"].as_str().unwrap();
    assert!(text.contains("Sahel") && text.contains("Ubuntu"), "{text}");
    // What the edit left as it was is not said again.
    for kept in ["Bunker", "Tomasz", "signed"] {
        assert!(!text.contains(kept), "{kept:?} is not what changed: {text}");
    }
}

#[test]
fn a_changed_winner_moves_the_signature_and_the_reward() {
    let env = campaign(&[first(), second("Ubuntu"), third()]);
    let bo_won = game(
        "2026-10-01",
        &[
            "Ann=bear:held-on",
            "Jermey=khan:won",
            "Tomas=saharan:held-on",
        ],
        &[
            "--major-city",
            "Egypt=Kyro",
            "--minor-city",
            "Ann:Peru=Lima",
        ],
    );
    run(&env, &["game", "edit", "1"], &bo_won);
    assert_same_world(&env, &campaign(&[bo_won, second("Ubuntu"), third()]));
}

#[test]
fn a_forgotten_game_inserted_is_numbered_in_its_place() {
    let env = campaign(&[first(), third()]);
    let mut insert = vec!["--before".to_string(), "2".to_string()];
    insert.extend(second("Ubuntu"));
    run(&env, &["game", "insert"], &insert);
    assert_same_world(&env, &campaign(&[first(), second("Ubuntu"), third()]));
    let shown = env.json(&["game", "show", "3", "--format", "json"]);
    assert_eq!(shown["date"], "2026-10-15");
    let corrections = env.json(&["history", "--corrections", "--format", "json"]);
    assert_eq!(corrections[0]["kind"], "insert");
    assert_eq!(corrections[0]["game"], 2);
}

#[test]
fn a_forgotten_game_dated_after_the_next_is_refused_and_writes_nothing() {
    let env = campaign(&[first(), third()]);
    let before = env.db_bytes();
    let mut insert = vec!["--before".to_string(), "2".to_string()];
    insert.extend(game(
        "2026-10-20",
        &[
            "Jermey=khan:won",
            "Ann=bear:held-on",
            "Tomasz=saharan:held-on",
        ],
        &["--destroy-card", "Peru"],
    ));
    let mut args = vec!["game", "insert"];
    args.extend(insert.iter().map(String::as_str));
    let run = env.run_expect(1, &args);
    assert!(run.stderr.contains("game 3"), "{}", run.stderr);
    assert!(run.stderr.contains("Nothing was written"), "{}", run.stderr);
    assert_eq!(env.db_bytes(), before);
}

#[test]
fn a_typod_faction_taken_back_leaves_the_world_of_the_right_one() {
    let env = campaign(&[first()]);
    env.ok(&["faction", "add", "Mutans"]);
    let undo = env.ok(&["undo", "--yes", "--reason", "typo"]);
    assert!(
        undo.stderr
            .contains("Taken back: the entry that added the faction Mutans (after game 1)"),
        "{}",
        undo.stderr
    );
    env.ok(&["faction", "add", "Mutants"]);
    run(&env, &["game", "log"], &second("Ubuntu"));
    let right = campaign(&[first()]);
    right.ok(&["faction", "add", "Mutants"]);
    run(&right, &["game", "log"], &second("Ubuntu"));
    assert_same_world(&env, &right);
}

#[test]
fn people_renamed_and_merged_are_one_person_in_every_game() {
    let env = campaign(&[first(), second("Ubuntu"), third()]);
    env.ok(&["person", "rename", "jermey", "Jeremy"]);
    // Tomas (games 1, 3) and Tomasz (game 2) are one person, never at one table.
    env.ok(&["person", "merge", "Tomas", "Tomasz"]);
    let fixed = |g: Vec<String>| -> Vec<String> {
        g.into_iter()
            .map(|a| a.replace("Jermey", "Jeremy").replace("Tomas=", "Tomasz="))
            .collect()
    };
    let right = campaign(&[fixed(first()), fixed(second("Ubuntu")), fixed(third())]);
    assert_same_world(&env, &right);
    // A game logged afterwards under the new names joins the same people.
    let fourth = game(
        "2026-10-22",
        &[
            "Jeremy=khan:won",
            "Ann=bear:held-on",
            "Tomasz=saharan:held-on",
        ],
        &["--destroy-card", "Peru"],
    );
    run(&env, &["game", "log"], &fourth);
    run(&right, &["game", "log"], &fourth);
    assert_same_world(&env, &right);
}

#[test]
fn a_merge_of_two_people_at_one_table_is_refused_and_writes_nothing() {
    let env = campaign(&[first(), second("Ubuntu")]);
    let before = env.db_bytes();
    let run = env.run_expect(1, &["person", "merge", "Jermey", "Ann"]);
    assert!(run.stderr.contains("both sat at game 1"), "{}", run.stderr);
    assert_eq!(env.db_bytes(), before);
    let run = env.run_expect(1, &["person", "rename", "Jermey", "ann"]);
    assert!(run.stderr.contains("person merge"), "{}", run.stderr);
    assert_eq!(env.db_bytes(), before);
}

#[test]
fn an_entry_recorded_after_an_earlier_game_sits_there() {
    let env = campaign(&[first(), second("Ubuntu"), third()]);
    let placed = env.ok(&["faction", "add", "Mutants", "--after-game", "1"]);
    assert!(
        placed
            .stderr
            .contains("Recorded after game 1, before game 2")
    );
    let right = campaign(&[first()]);
    right.ok(&["faction", "add", "Mutants"]);
    run(&right, &["game", "log"], &second("Ubuntu"));
    run(&right, &["game", "log"], &third());
    assert_same_world(&env, &right);
    let history = env.json(&["history", "--format", "json"]);
    let mutants = history
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["text"].as_str().is_some_and(|t| t.contains("Mutants")))
        .expect("the faction in the history");
    assert_eq!(mutants["after_game"], 1, "{mutants}");
}

#[test]
fn a_refused_edit_names_the_later_game_and_leaves_the_file_byte_for_byte() {
    // Game 3 fortifies Kyro, founded in game 1: without the city, game 3 breaks.
    let env = campaign(&[first(), second("Ubuntu"), third()]);
    let before = env.db_bytes();
    let no_city = game(
        "2026-10-01",
        &[
            "Ann=bear:won",
            "Jermey=khan:held-on",
            "Tomas=saharan:held-on",
        ],
        &["--destroy-card", "Peru", "--minor-city", "Jermey:Peru=Lima"],
    );
    let mut args = vec!["game", "edit", "1"];
    args.extend(no_city.iter().map(String::as_str));
    let run = env.run_expect(1, &args);
    assert!(
        run.stderr
            .contains("After the correction, game 3 breaks a rule"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("game edit 3"), "{}", run.stderr);
    assert_eq!(env.db_bytes(), before);
}

#[test]
fn a_dry_run_shows_every_later_game_that_reads_differently_and_writes_nothing() {
    let env = campaign(&[first(), second("Ubuntu"), third()]);
    let before = env.db_bytes();
    let cairo = game(
        "2026-10-01",
        &[
            "Ann=bear:won",
            "Jermey=khan:held-on",
            "Tomas=saharan:held-on",
        ],
        &[
            "--major-city",
            "Egypt=Cairo",
            "--minor-city",
            "Jermey:Peru=Lima",
        ],
    );
    let mut args = vec!["game", "edit", "1", "--dry-run", "--format", "json"];
    args.extend(cairo.iter().map(String::as_str));
    let report = env.json(&args);
    assert_eq!(report["written"], false);
    let later = report["later"].as_array().unwrap();
    assert_eq!(later.len(), 1, "{later:?}");
    assert_eq!(later[0]["game"], 3);
    assert!(later[0]["before"].to_string().contains("Kyro"));
    assert!(later[0]["after"].to_string().contains("Cairo"));
    let egypt = report["board"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["place"] == "Egypt")
        .expect("Egypt changes");
    assert!(egypt["after"].as_str().unwrap().contains("Cairo"));
    assert_eq!(env.db_bytes(), before);
}

#[test]
fn game_edit_alone_shows_the_game_as_flags_that_give_it_back() {
    let env = TestEnv::demo();
    for n in 1..=16u32 {
        let number = n.to_string();
        let shown = env.run_expect(2, &["game", "edit", &number]);
        let line = shown
            .stderr
            .lines()
            .skip_while(|l| !l.trim_start().starts_with("chronicle game edit"))
            .take_while(|l| !l.starts_with("error:"))
            .collect::<Vec<_>>()
            .join("\n");
        let words = shell_words(&line);
        assert_eq!(words[..3], ["chronicle", "game", "edit"], "{line}");
        let mut args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        args.push("--dry-run");
        // The same game given back is no correction at all.
        let again = env.run_expect(1, &args);
        assert!(
            again.stderr.contains("already reads that way"),
            "game {n}: {}",
            again.stderr
        );
    }
}

/// Splits a shell command line as `sh` would for what `game edit N` prints: words, double
/// quotes with backslash escapes, and backslash-newline continuations.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // A backslash before a newline continues the line; before anything else it
            // is that thing, as typed.
            '\\' => {
                if let Some(next) = chars.next().filter(|n| *n != '\n') {
                    word.push(next);
                    in_word = true;
                }
            }
            '"' => {
                quoted = !quoted;
                in_word = true;
            }
            c if c.is_whitespace() && !quoted => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

#[test]
fn undo_takes_back_the_latest_entry_of_any_kind_and_says_what() {
    let env = campaign(&[first()]);
    let cases: &[(&[&str], &str)] = &[
        (&["faction", "add", "Mutants"], "added the faction Mutants"),
        (&["scar-type", "add", "Plague", "--count", "2"], "Plague"),
        (
            &["pool", "set", "major_city", "9", "--reason", "our box"],
            "major",
        ),
        (
            &["faction", "mark", "bear", "--slot", "red", "Fierce"],
            "Fierce",
        ),
        (
            &["person", "rename", "Jermey", "Jeremy"],
            "renamed Jermey to Jeremy",
        ),
        (
            &["campaign", "rename", "Earth", "Ours"],
            "renamed the campaign \"Earth\"",
        ),
    ];
    for (command, said) in cases {
        let before = world(&env, None, None);
        let names = env.json(&["campaign", "list", "--format", "json"]);
        env.ok(command);
        let undo = env.ok(&["undo", "--yes"]);
        assert!(
            undo.stderr.contains("Taken back:") && undo.stderr.contains(said),
            "{command:?}: {}",
            undo.stderr
        );
        assert_eq!(world(&env, None, None), before, "{command:?}");
        assert_eq!(
            env.json(&["campaign", "list", "--format", "json"]),
            names,
            "{command:?}"
        );
    }
    // The game is next: `undo` takes it back too.
    let undo = env.ok(&["undo", "--yes"]);
    assert!(
        undo.stderr.contains("game 1, played 2026-10-01"),
        "{}",
        undo.stderr
    );
    // Then the setup before game 1, latest first: the twelve coins, then the five powers.
    let coins = env.ok(&["undo", "--yes"]);
    assert!(coins.stderr.contains("first coin"), "{}", coins.stderr);
    for _ in 0..5 {
        let power = env.ok(&["undo", "--yes"]);
        assert!(power.stderr.contains("power"), "{}", power.stderr);
    }
    let nothing = env.run_expect(1, &["undo", "--yes"]);
    assert!(
        nothing.stderr.contains("nothing to take back"),
        "{}",
        nothing.stderr
    );
}

#[test]
fn an_edit_taken_back_gives_the_game_as_it_was() {
    let env = campaign(&[first(), second("Ubuntu"), third()]);
    let before = world(&env, None, None);
    run(&env, &["game", "edit", "2"], &second("Sahel"));
    assert_ne!(world(&env, None, None), before);
    let undo = env.ok(&["undo", "--yes"]);
    assert!(
        undo.stderr.contains("the correction that edited game 2"),
        "{}",
        undo.stderr
    );
    assert_eq!(world(&env, None, None), before);
}

#[test]
fn corrections_survive_export_and_import() {
    let env = campaign(&[first(), third()]);
    let mut insert = vec!["--before".to_string(), "2".to_string()];
    insert.extend(second("Ubuntu"));
    run(&env, &["game", "insert"], &insert);
    run(&env, &["game", "edit", "2"], &second("Sahel"));
    env.ok(&["person", "merge", "Tomas", "Tomasz"]);
    env.ok(&["faction", "add", "Mutans", "--after-game", "1"]);
    env.ok(&["undo", "--yes", "--reason", "typo"]);
    let file = env.dir().join("campaign.json");
    env.ok(&["export", "--format", "json", "-o", file.to_str().unwrap()]);
    env.ok(&["import", file.to_str().unwrap(), "--as", "Again"]);
    let original = world(&env, Some("Earth"), None);
    assert_eq!(world(&env, Some("Again"), None), original);
    let corrections = |name: &str| {
        env.json(&[
            "history",
            "--corrections",
            "--campaign",
            name,
            "--format",
            "json",
        ])
    };
    assert_eq!(corrections("Again"), corrections("Earth"));
    assert_eq!(corrections("Again").as_array().unwrap().len(), 4);
}

#[test]
fn after_n_is_the_log_cut_after_game_n_for_every_game_of_the_demo() {
    let env = TestEnv::demo();
    let file = env.dir().join("demo.json");
    env.ok(&["export", "--format", "json", "-o", file.to_str().unwrap()]);
    let export: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let log = export["log"].as_array().unwrap();
    let games = log.iter().filter(|r| r["entry"]["kind"] == "game").count() as u32;
    assert_eq!(games, 16);
    for n in 0..=games {
        let end = log
            .iter()
            .position(|r| r["entry"]["kind"] == "game" && r["entry"]["game"] == n + 1)
            .unwrap_or(log.len());
        let mut cut = export.clone();
        cut["log"] = Value::Array(log[..end].to_vec());
        // The board is worked out from the log: the whole campaign's would not match.
        cut.as_object_mut().unwrap().remove("board");
        let path = env.dir().join(format!("cut-{n}.json"));
        std::fs::write(&path, serde_json::to_string(&cut).unwrap()).unwrap();
        let name = format!("Cut {n}");
        env.ok(&["import", path.to_str().unwrap(), "--as", &name]);
        let back = world(&env, Some("Demo"), Some(n));
        let cut_world = world(&env, Some(&name), None);
        for ((what, got), (_, want)) in back.into_iter().zip(cut_world) {
            assert_eq!(
                got, want,
                "`{what} --after {n}` is not the log cut after game {n}"
            );
        }
    }
    let too_far = env.run_expect(1, &["board", "--after", "17", "--campaign", "Demo"]);
    assert!(
        too_far.stderr.contains("from 0 to 16"),
        "{}",
        too_far.stderr
    );
}
