//! `chronicle game log` with no flags, on a terminal: the questions answered keystroke by
//! keystroke in a pseudo-terminal, the way a person at the table answers them, and the ledger
//! read back afterwards (outside the terminal) to see that exactly the answers were written.

use std::io::Read;
use std::process::Stdio;
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::common::pty::{
    DOWN, ENTER, ESC, PATIENCE, SPACE, Terminal, UP, campaign_after_one_game, chronicle, items,
    unfinished,
};
use crate::common::{NOW, TestEnv, find};
use expectrl::process::unix::WaitStatus;
use serde_json::{Value, json};

/// The seats of game 2 in `a_whole_game_is_logged_by_keystrokes`, taken question by question.
fn seat_four_players(t: &mut Terminal) {
    t.answer("Date played (YYYY-MM-DD)", "2026-11-20\r", "2026-11-20");
    // Bo, whose faction last time (Khan Industries) is offered first.
    t.answer("Player 1, clockwise (type to search)", "Bo\r", "Bo");
    t.answer("Bo's faction", ENTER, "Khan Industries");
    t.answer("Bo's HQ (type to search)", "peru\r", "Peru");
    // Someone new: the name typed, and Enter.
    let offered = t.answer("Player 2, clockwise (type to search)", "Dee\r", "Dee");
    assert!(items(&offered).contains(&"Dee (someone new)"), "{offered}");
    let factions = t.answer(
        "Dee's faction",
        &format!("{DOWN}{ENTER}"),
        "Enclave of the Bear",
    );
    assert_eq!(
        items(&factions),
        [
            "Die Mechaniker",
            "Enclave of the Bear",
            "Imperial Balkania",
            "Saharan Republic"
        ],
        "Khan Industries is taken"
    );
    t.answer("Dee's HQ (type to search)", ENTER, "(not recorded)");
    // Ann's usual faction is taken: another one.
    t.answer("Player 3, clockwise (type to search)", "Ann\r", "Ann");
    t.answer(
        "Ann's faction",
        &format!("{DOWN}{ENTER}"),
        "Imperial Balkania",
    );
    t.answer("Ann's HQ (type to search)", "alaska\r", "Alaska");
    // From the fourth player on, "(that is everyone)" comes first; nobody seated is offered.
    let offered = t.answer("Player 4, clockwise (type to search)", "Cy\r", "Cy");
    assert_eq!(
        items(&offered)[..2],
        ["(that is everyone)", "Cy"],
        "{offered}"
    );
    for seated in ["Ann", "Bo", "Dee"] {
        assert!(!items(&offered).contains(&seated), "{seated}: {offered}");
    }
    t.answer("Cy's faction", ENTER, "Saharan Republic");
    t.answer("Cy's HQ (type to search)", ENTER, "(not recorded)");
    t.answer(
        "Player 5, clockwise (type to search)",
        ENTER,
        "(that is everyone)",
    );
}

/// Game 2's results after `seat_four_players`: Bo won, the three others held on.
fn bo_wins_and_the_others_hold_on(t: &mut Terminal) {
    t.answer("Who won? (type to search)", ENTER, "Bo");
    t.answer("Dee's result", ENTER, "held on");
    t.answer("Ann's result", ENTER, "held on");
    t.answer("Cy's result", ENTER, "held on");
}

/// Game 2's rewards after those results: Bo founds Rio in Brazil, the others take nothing.
fn rio_for_bo_and_nothing_for_the_others(t: &mut Terminal) {
    t.answer(
        "Bo's reward",
        &format!("{DOWN}{ENTER}"),
        "found a major city",
    );
    t.answer("Which territory (type to search)", "Brazil\r", "Brazil");
    t.answer("Name of the major city in Brazil", "Rio\r", "Rio");
    for person in ["Dee", "Ann", "Cy"] {
        t.answer(
            &format!("{person} held on: their reward"),
            &format!("{DOWN}{DOWN}{ENTER}"),
            "nothing",
        );
    }
}

#[test]
fn a_whole_game_is_logged_by_keystrokes() {
    let env = campaign_after_one_game();
    let board_before = env.json(&["board", "--format", "json"]);
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.wait("Game 2 of Earth.");
    seat_four_players(&mut t);

    // Results: Bo won, Dee and Ann held on, Cy was eliminated.
    t.answer("Who won? (type to search)", ENTER, "Bo");
    t.answer("Dee's result", ENTER, "held on");
    t.answer("Ann's result", ENTER, "held on");
    t.answer("Cy's result", &format!("{DOWN}{ENTER}"), "was eliminated");

    // An Ammo Shortage scar on Ural, and no other.
    t.confirm("Was a scar placed during the game?", true);
    t.answer("Scarred territory (type to search)", "Ural\r", "Ural");
    t.answer("Which scar", &format!("{DOWN}{ENTER}"), "Ammo Shortage");
    t.answer("Who placed it?", ENTER, "(not recorded)");
    t.confirm("Another scar?", false);

    // Bo founds a major city; Dee a minor one; Ann adds a resource.
    t.answer(
        "Bo's reward",
        &format!("{DOWN}{ENTER}"),
        "found a major city",
    );
    t.answer("Which territory (type to search)", "Brazil\r", "Brazil");
    t.answer("Name of the major city in Brazil", "Rio Novo\r", "Rio Novo");
    t.answer("Dee held on: their reward", ENTER, "found a minor city");
    t.answer("Which territory (type to search)", "Iceland\r", "Iceland");
    t.answer("Name of the minor city in Iceland", "Vík\r", "Vík");
    t.answer(
        "Ann held on: their reward",
        &format!("{DOWN}{ENTER}"),
        "add a resource to a card",
    );
    t.answer("Which territory (type to search)", "Japan\r", "Japan");

    // The packet game 1 made due is offered, not ticked; it is ticked.
    t.wait("Packets opened (space ticks, Enter goes on)");
    let first = t.wait("First elimination");
    assert!(first.ends_with("> [ ] First elimination"), "{first}");
    t.press(SPACE);
    t.wait("[x] First elimination");
    t.press(ENTER);
    t.wait("Packets opened (space ticks, Enter goes on): First elimination");
    // With a packet open, sealed content may have changed the board.
    t.confirm(
        "Did sealed content change the board (an event, a group mark, fallout)?",
        false,
    );

    t.answer(
        "A note about the game (Enter for none)",
        "Close one.\r",
        "Close one.",
    );
    let summary = t.wait("Write game 2 to the ledger?");
    for seat in [
        "Players, clockwise",
        "Dee",
        "Enclave of the Bear",
        "held-on",
        "Peru",
    ] {
        assert!(
            summary.contains(seat),
            "the players table shows {seat:?}:\n{summary}"
        );
    }
    for change in [
        "Scarred Ural with an Ammo Shortage scar",
        "Bo founded the major city Rio Novo in Brazil",
        "Dee founded the minor city Vík in Iceland",
        "Ann added a resource to Japan's card",
        "Cy was eliminated playing Saharan Republic",
        "Opened the First elimination packet",
    ] {
        assert!(
            summary.contains(change),
            "the summary before confirming says {change:?}:\n{summary}"
        );
    }
    t.press(ENTER);
    t.wait("Game 2 logged.");
    t.wait("The same game as flags");
    let flags = t.wait("--note \"Close one.\"");
    assert!(
        flags.contains("--major-city \"Brazil=Rio Novo\""),
        "{flags}"
    );
    let (code, shown) = t.end();
    assert_eq!(code, 0, "{shown}");

    let game = env.json(&["game", "show", "2", "--format", "json"]);
    assert_eq!(game["date"], "2026-11-20");
    assert_eq!(
        game["players"],
        json!([
            {"seat": 1, "person": "Bo", "faction": "Khan Industries", "result": "won", "hq": "Peru"},
            {"seat": 2, "person": "Dee", "faction": "Enclave of the Bear", "result": "held-on", "hq": null},
            {"seat": 3, "person": "Ann", "faction": "Imperial Balkania", "result": "held-on", "hq": "Alaska"},
            {"seat": 4, "person": "Cy", "faction": "Saharan Republic", "result": "eliminated", "hq": null},
        ])
    );
    assert_eq!(game["winner"], "Bo");
    assert_eq!(game["reward"], "founded the major city Rio Novo in Brazil");
    assert_eq!(game["opened"], json!(["First elimination"]));
    assert_eq!(game["note"], "Close one.");
    let kinds: Vec<(&str, &str)> = changes(&game);
    assert_eq!(
        kinds,
        [
            ("scar", "Ural"),
            ("signature", ""),
            ("major_city", "Brazil"),
            ("minor_city", "Iceland"),
            ("resource", "Japan"),
            ("eliminated", ""),
            ("packet", ""),
        ],
        "{game:#}"
    );

    let board = env.json(&["board", "--format", "json"]);
    assert_eq!(board["games_played"], 2);
    let territories = &board["territories"];
    let brazil = &find(territories, "name", "Brazil")["city"];
    assert_eq!(
        (&brazil["kind"], &brazil["name"], &brazil["founder"]),
        (&json!("major"), &json!("Rio Novo"), &json!("Bo"))
    );
    let iceland = &find(territories, "name", "Iceland")["city"];
    assert_eq!(
        (&iceland["kind"], &iceland["name"], &iceland["founder"]),
        (&json!("minor"), &json!("Vík"), &json!("Dee"))
    );
    assert_eq!(
        find(territories, "name", "Ural")["scar"],
        json!({"kind": "Ammo Shortage", "game": 2})
    );
    assert_eq!(find(territories, "name", "Japan")["card"]["resources"], 2);
    let answered = ["Brazil", "Iceland", "Ural", "Japan"];
    for territory in territories.as_array().expect("territories") {
        let name = territory["name"].as_str().expect("a name");
        if !answered.contains(&name) {
            let before = find(&board_before["territories"], "name", name);
            assert_eq!(territory, before, "{name} did not change");
        }
    }
    assert_eq!(board["continents"], board_before["continents"]);
    let used = |board: &Value, kind: &str| find(&board["pools"], "kind", kind)["used"].clone();
    for pool in board["pools"].as_array().expect("pools") {
        let kind = pool["kind"].as_str().expect("a kind");
        let more = match kind {
            "major_city" | "minor_city" | "coin_sticker" | "scar:Ammo Shortage" => 1,
            _ => 0,
        };
        assert_eq!(
            pool["used"].as_i64(),
            used(&board_before, kind).as_i64().map(|n| n + more),
            "{kind}"
        );
    }
}

/// The kind and territory of each change a game made, in order.
fn changes(game: &Value) -> Vec<(&str, &str)> {
    game["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .map(|c| {
            (
                c["kind"].as_str().unwrap_or_default(),
                c["territory"].as_str().unwrap_or_default(),
            )
        })
        .collect()
}

#[test]
fn escape_goes_back_one_part_and_stopping_at_the_end_writes_nothing() {
    let env = campaign_after_one_game();
    let before = env.dump();
    let mut t = Terminal::open(&env, &["game", "log"]);
    seat_four_players(&mut t);
    bo_wins_and_the_others_hold_on(&mut t);
    t.confirm("Was a scar placed during the game?", false);
    // Esc alone, with nothing after it: an escape sequence would be read otherwise. Back
    // at the scars (no fortification, so no wear was asked), the answer is changed.
    t.wait("Bo's reward");
    t.press(ESC);
    t.confirm("Was a scar placed during the game?", true);
    t.answer("Scarred territory (type to search)", "Ural\r", "Ural");
    t.answer("Which scar", ENTER, "Bunker");
    t.answer("Who placed it?", ENTER, "(not recorded)");
    t.confirm("Another scar?", false);
    rio_for_bo_and_nothing_for_the_others(&mut t);
    t.wait("Packets opened (space ticks, Enter goes on)");
    t.wait("First elimination");
    t.press(ENTER);
    t.answer("A note about the game (Enter for none)", ENTER, "");
    let summary = t.wait("Write game 2 to the ledger?");
    assert!(
        summary.contains("Scarred Ural with a Bunker scar"),
        "{summary}"
    );
    // The last item stops without writing; the answers are said as flags to finish, and
    // are discarded when the person says so.
    t.press(&format!("{UP}{ENTER}"));
    t.wait("Your answers so far as flags");
    let flags = t.wait("Keep these answers to finish later? [Y/n]");
    t.press("n\r");
    t.wait("The answers are discarded.");
    t.wait("Nothing was written.");
    assert!(flags.contains("--scar \"Ural=Bunker\""), "{flags}");
    assert!(
        flags.contains("--player \"Bo=Khan Industries:won@Peru\""),
        "{flags}"
    );
    let (code, shown) = t.end();
    assert_eq!(code, 1, "{shown}");
    assert!(!shown.contains("logged"), "{shown}");
    assert_eq!(env.dump(), before, "the database is as it was");
    assert!(unfinished(&env).is_none(), "the answers are discarded");
}

#[test]
fn stopping_with_ctrl_c_writes_nothing() {
    let env = campaign_after_one_game();
    let before = env.dump();
    let mut t = Terminal::open(&env, &["game", "log"]);
    seat_four_players(&mut t);
    bo_wins_and_the_others_hold_on(&mut t);
    t.confirm("Was a scar placed during the game?", false);
    t.answer(
        "Bo's reward",
        &format!("{DOWN}{ENTER}"),
        "found a major city",
    );
    t.answer("Which territory (type to search)", "Brazil\r", "Brazil");
    t.wait("Name of the major city in Brazil");
    t.press("Rio\x03");
    let (status, shown) = t.finish();
    assert!(
        matches!(status, WaitStatus::Exited(_, 130)),
        "{status:?}\n{shown}"
    );
    assert!(shown.contains("Nothing was written."), "{shown}");
    assert_eq!(env.dump(), before, "the database is as it was");
    let kept = unfinished(&env).expect("the answers are kept");
    assert!(kept.contains("reward-target = \"Brazil\""), "{kept}");
    assert!(
        shown.contains("chronicle-unfinished-game-Earth.toml"),
        "{shown}"
    );
}

#[test]
fn saying_no_at_the_end_writes_nothing() {
    let env = campaign_after_one_game();
    let before = env.dump();
    let mut t = Terminal::open(&env, &["game", "log"]);
    seat_four_players(&mut t);
    bo_wins_and_the_others_hold_on(&mut t);
    t.confirm("Was a scar placed during the game?", false);
    rio_for_bo_and_nothing_for_the_others(&mut t);
    t.wait("Packets opened (space ticks, Enter goes on)");
    t.wait("First elimination");
    t.press(ENTER);
    t.answer("A note about the game (Enter for none)", ENTER, "");
    t.wait("Write game 2 to the ledger?");
    t.press(&format!("{UP}{ENTER}"));
    // Leaving never discards the answers silently: Enter keeps them.
    t.wait("Keep these answers to finish later? [Y/n]");
    t.press(ENTER);
    t.wait("Your answers are kept in");
    t.wait("Nothing was written.");
    let (code, shown) = t.end();
    assert_eq!(code, 1, "{shown}");
    assert_eq!(env.dump(), before, "the database is as it was");
    // The sheet kept is a game sheet: `game log --from` writes the game as answered.
    let sheet = crate::common::pty::unfinished_path(&env);
    env.ok(&["game", "log", "--from", sheet.to_str().expect("a path")]);
    let game = env.json(&["game", "show", "2", "--format", "json"]);
    assert_eq!(game["winner"], "Bo");
    assert_eq!(game["reward"], "founded the major city Rio in Brazil");
}

#[test]
fn only_the_legal_reward_is_offered() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    for pool in [
        "continent_name",
        "major_city",
        "fortification",
        "scar_cover",
        "bonus_plus",
        "bonus_minus",
        "minor_city",
    ] {
        env.ok(&["pool", "set", pool, "0", "--reason", "lost in the box"]);
    }
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.wait("Game 1 of Earth.");
    t.answer("Date played (YYYY-MM-DD)", ENTER, NOW);
    // Nobody is known yet: each player is someone new.
    for (seat, name, faction) in [
        (1, "Ann", "Die Mechaniker"),
        (2, "Bo", "Enclave of the Bear"),
        (3, "Cy", "Imperial Balkania"),
    ] {
        let question = format!("Player {seat}, clockwise (type to search)");
        let offered = t.answer(&question, &format!("{name}\r"), name);
        assert_eq!(
            items(&offered).last(),
            Some(&format!("{name} (someone new)").as_str())
        );
        t.answer(&format!("{name}'s faction"), ENTER, faction);
        t.answer(
            &format!("{name}'s HQ (type to search)"),
            ENTER,
            "(not recorded)",
        );
    }
    t.answer(
        "Player 4, clockwise (type to search)",
        ENTER,
        "(that is everyone)",
    );
    t.answer("Who won? (type to search)", ENTER, "Ann");
    t.answer("Bo's result", ENTER, "held on");
    t.answer("Cy's result", ENTER, "held on");
    t.confirm("Was a scar placed during the game?", false);

    // Only a territory card can be destroyed: every other pool is empty.
    let offered = t.answer("Ann's reward", ENTER, "destroy a territory card");
    assert_eq!(
        items(&offered),
        ["destroy a territory card", "none: the winner declines"],
        "{offered}"
    );
    for impossible in [
        "name a continent",
        "found a major city",
        "heal a scar",
        "change a continent's bonus",
        "fortify a city",
    ] {
        assert!(
            !offered.contains(impossible),
            "{impossible:?} is offered:\n{offered}"
        );
    }
    t.answer("Which territory (type to search)", "Egypt\r", "Egypt");

    // No minor city is left: a resource or nothing.
    let offered = t.answer(
        "Bo held on: their reward",
        ENTER,
        "add a resource to a card",
    );
    assert_eq!(
        items(&offered),
        ["add a resource to a card", "nothing"],
        "{offered}"
    );
    assert!(!offered.contains("minor city"), "{offered}");
    t.answer("Which territory (type to search)", "Japan\r", "Japan");
    t.answer(
        "Cy held on: their reward",
        &format!("{DOWN}{ENTER}"),
        "nothing",
    );
    t.wait("Packets opened (space ticks, Enter goes on)");
    t.press(ENTER);
    t.answer("A note about the game (Enter for none)", ENTER, "");
    t.wait("Write game 1 to the ledger?");
    t.press(ENTER);
    t.wait("Game 1 logged.");
    let (code, shown) = t.end();
    assert_eq!(code, 0, "{shown}");

    let game = env.json(&["game", "show", "1", "--format", "json"]);
    assert_eq!(game["date"], NOW);
    assert_eq!(game["winner"], "Ann");
    let kinds = changes(&game);
    assert!(kinds.contains(&("destroy_card", "Egypt")), "{game:#}");
    assert!(kinds.contains(&("resource", "Japan")), "{game:#}");
    let board = env.json(&["board", "--format", "json"]);
    let egypt = &find(&board["territories"], "name", "Egypt")["card"];
    assert_eq!(
        (&egypt["destroyed"], &egypt["destroyed_in"]),
        (&json!(true), &json!(1))
    );
}

#[test]
fn a_player_knocked_out_at_the_end_is_a_result_the_prompt_offers() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.wait("Game 2 of Earth.");
    seat_four_players(&mut t);
    t.answer("Who won? (type to search)", ENTER, "Bo");
    let offered = t.answer(
        "Dee's result",
        &format!("{DOWN}{DOWN}{ENTER}"),
        "was knocked out at the end",
    );
    assert_eq!(
        items(&offered),
        ["held on", "was eliminated", "was knocked out at the end"],
        "{offered}"
    );
    t.answer("Ann's result", ENTER, "held on");
    t.answer("Cy's result", ENTER, "held on");
    t.confirm("Was a scar placed during the game?", false);
    rio_for_bo_and_nothing_for_the_others_but_dee(&mut t);
    t.wait("Packets opened (space ticks, Enter goes on)");
    t.press(ENTER);
    t.answer("A note about the game (Enter for none)", ENTER, "");
    let summary = t.wait("Write game 2 to the ledger?");
    assert!(
        summary.contains("Dee was knocked out at the end playing"),
        "{summary}"
    );
    t.press(ENTER);
    t.wait("Game 2 logged.");
    let (code, shown) = t.end();
    assert_eq!(code, 0, "{shown}");
    let game = env.json(&["game", "show", "2", "--format", "json"]);
    assert_eq!(
        find(&game["players"], "person", "Dee")["result"],
        "knocked-out"
    );
}

/// Game 2's rewards when Dee was knocked out: Bo founds Rio in Brazil; Ann and Cy, who held
/// on, take nothing, and Dee is not asked.
fn rio_for_bo_and_nothing_for_the_others_but_dee(t: &mut Terminal) {
    t.answer(
        "Bo's reward",
        &format!("{DOWN}{ENTER}"),
        "found a major city",
    );
    t.answer("Which territory (type to search)", "Brazil\r", "Brazil");
    t.answer("Name of the major city in Brazil", "Rio\r", "Rio");
    for person in ["Ann", "Cy"] {
        t.answer(
            &format!("{person} held on: their reward"),
            &format!("{DOWN}{DOWN}{ENTER}"),
            "nothing",
        );
    }
}

#[test]
fn without_a_terminal_game_log_never_waits() {
    let env = campaign_after_one_game();
    let before = env.dump();

    // stdin a pipe that stays open: a prompt would wait for ever.
    let mut child = chronicle(&env, &["game", "log"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chronicle starts");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child") {
            break status;
        }
        if start.elapsed() > PATIENCE {
            child.kill().expect("the child is stopped");
            panic!("`chronicle game log` with stdin a pipe waited");
        }
        sleep(Duration::from_millis(10));
    };
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("stderr is text");
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--player"), "{stderr}");

    // The same with stdin closed.
    env.test()
        .args(["game", "log"])
        .stderr_has("--player")
        .status(2)
        .run();

    // On a terminal, --no-input asks nothing either.
    let mut t = Terminal::open(&env, &["game", "log", "--no-input"]);
    t.wait("--player");
    let (code, shown) = t.end();
    assert_eq!(code, 2, "{shown}");
    assert!(!shown.contains("Date played"), "{shown}");
    assert_eq!(env.dump(), before, "the database is as it was");
}

#[test]
fn a_city_name_already_used_is_asked_again_and_only_the_name() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    seat_four_players(&mut t);
    bo_wins_and_the_others_hold_on(&mut t);
    t.confirm("Was a scar placed during the game?", false);
    t.answer(
        "Bo's reward",
        &format!("{DOWN}{ENTER}"),
        "found a major city",
    );
    t.answer("Which territory (type to search)", "Brazil\r", "Brazil");
    t.wait("Name of the major city in Brazil");
    t.press("Kyro\r");
    t.wait("There is already a city called \"Kyro\"");
    t.erase(4);
    t.answer("Name of the major city in Brazil", "Rio Novo\r", "Rio Novo");
    t.wait("held on: their reward");
    let shown = t.interrupt();
    assert_eq!(
        shown.matches("Which territory (type to search):").count(),
        1,
        "the territory is not asked again:\n{shown}"
    );
}

/// A five-player night with a winner's reward and held-on rewards, no note, in at most 100
/// keys: last game's people and factions offered first (Enter takes them), newcomers typed
/// and taken on Enter, HQs found by a few letters, a reward on a player's HQ taken where the
/// list starts, a menu entry picked by its number, every
/// yes/no left at its default, one step back on the way; the players table at the
/// confirmation.
#[test]
fn a_five_player_night_takes_at_most_100_keys() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.answer("Date played (YYYY-MM-DD)", ENTER, NOW);
    for (seat, person, faction, hq, place) in [
        (1, "Ann", "Enclave of the Bear", "ala", "Alaska"),
        (2, "Bo", "Khan Industries", "peru", "Peru"),
        (3, "Cy", "Saharan Republic", "mada", "Madagascar"),
    ] {
        t.answer(
            &format!("Player {seat}, clockwise (type to search)"),
            ENTER,
            person,
        );
        t.answer(&format!("{person}'s faction"), ENTER, faction);
        t.answer(
            &format!("{person}'s HQ (type to search)"),
            &format!("{hq}\r"),
            place,
        );
    }
    for (seat, person, hq, place) in [(4, "Dee", "jap", "Japan"), (5, "Eve", "ice", "Iceland")] {
        t.answer(
            &format!("Player {seat}, clockwise (type to search)"),
            &format!("{person}\r"),
            person,
        );
        t.answer(&format!("{person}'s faction"), ENTER, "");
        t.answer(
            &format!("{person}'s HQ (type to search)"),
            &format!("{hq}\r"),
            place,
        );
    }
    t.answer("Who won? (type to search)", ENTER, "Ann");
    for person in ["Bo", "Cy", "Dee", "Eve"] {
        t.answer(&format!("{person}'s result"), ENTER, "held on");
    }
    t.accept("Was a scar placed during the game?", "no");
    // One step back from the reward: the scars again, as answered.
    t.wait("Ann's reward");
    t.press(ESC);
    t.accept("Was a scar placed during the game?", "no");
    t.answer(
        "Ann's reward",
        &format!("{DOWN}{ENTER}"),
        "found a major city",
    );
    t.answer("Which territory (type to search)", "brazil\r", "Brazil");
    t.answer("Name of the major city in Brazil", "Rio\r", "Rio");
    // Held-on rewards clockwise from Ann; a digit picks the option of that number.
    t.answer("Bo held on: their reward", "3", "nothing");
    // Cy's resource typed; Dee's on her HQ, where the list starts: Enter takes it.
    for (person, keys) in [("Cy", "japan\r"), ("Dee", ENTER)] {
        t.answer(
            &format!("{person} held on: their reward"),
            "2",
            "add a resource to a card",
        );
        t.answer("Which territory (type to search)", keys, "Japan");
    }
    t.answer("Eve held on: their reward", "3", "nothing");
    // Ann's second signature ticks the Second signature packet; opened, it brings the
    // question about sealed content. It opens at the game's end, so its event cards and
    // missions are asked from the next game on.
    t.wait("[x] Second signature");
    t.press(ENTER);
    t.accept(
        "Did sealed content change the board (an event, a group mark, fallout)?",
        "no",
    );
    let note = t.wait("A note about the game (Enter for none)");
    assert!(!note.contains("Were event cards drawn?"), "{note}");
    assert!(!note.contains("The game's mission"), "{note}");
    t.press(ENTER);
    let summary = t.wait("Write game 2 to the ledger?");
    for seat in [
        "Players, clockwise",
        "Seat",
        "Eve",
        "won",
        "Rio",
        "Madagascar",
    ] {
        assert!(
            summary.contains(seat),
            "{seat:?} at the confirmation:\n{summary}"
        );
    }
    t.press(ENTER);
    t.wait("Game 2 logged.");
    let keys = t.keys;
    let (code, shown) = t.end();
    assert_eq!(code, 0, "{shown}");
    println!("a five-player night took {keys} keys");
    assert!(keys <= 100, "{keys} keys");
    let game = env.json(&["game", "show", "2", "--format", "json"]);
    assert_eq!(game["winner"], "Ann");
    assert_eq!(game["players"].as_array().map(Vec::len), Some(5));
    assert_eq!(game["players"][4]["hq"], "Iceland");
    let resources = changes(&game)
        .into_iter()
        .filter(|c| *c == ("resource", "Japan"))
        .count();
    assert_eq!(resources, 2, "{game:#}");
    assert!(
        unfinished(&env).is_none(),
        "the answers kept are removed once written"
    );
}

/// `game edit N` on a terminal without flags: game N at the confirmation, one part changed
/// by its number, the rest kept; written as a correction.
#[test]
fn game_edit_alone_on_a_terminal_changes_one_part_and_keeps_the_rest() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "edit", "1"]);
    let shown = t.wait("Write game 1 to the ledger?");
    for kept in ["Ann", "Enclave of the Bear", "Alaska", "Kyro"] {
        assert!(shown.contains(kept), "{kept:?} at the start:\n{shown}");
    }
    // The note is the last part, just above "stop": two up from the first item.
    let menu = t.wait("No, stop without writing");
    assert!(menu.contains("Change the note"), "{menu}");
    t.press(&format!("{UP}{UP}{ENTER}"));
    t.answer(
        "A note about the game (Enter for none)",
        "Fixed.\r",
        "Fixed.",
    );
    t.wait("Write game 1 to the ledger?");
    t.press(ENTER);
    t.answer(
        "Why is game 1 corrected? (kept in the history)",
        "the note was left out\r",
        "the note was left out",
    );
    let (code, shown) = t.end();
    assert_eq!(code, 0, "{shown}");
    let game = env.json(&["game", "show", "1", "--format", "json"]);
    assert_eq!(game["note"], "Fixed.");
    assert_eq!(game["winner"], "Ann");
    assert_eq!(game["reward"], "founded the major city Kyro in Egypt");
    let corrections = env.json(&["history", "--corrections", "--format", "json"]);
    assert!(corrections.to_string().contains("edit"), "{corrections}");
}

/// A newcomer typed within two letters of someone known is asked about: most likely the
/// same person mistyped ("Anne" beside Ann), so the person known is the first option.
#[test]
fn a_newcomer_like_someone_known_is_asked_about() {
    let env = campaign_after_one_game();
    let before = env.dump();
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.answer("Date played (YYYY-MM-DD)", "2026-11-20\r", "2026-11-20");
    t.answer("Player 1, clockwise (type to search)", "Anne\r", "Anne");
    // Enter takes the person known, the first option.
    t.answer("Anne looks like Ann: same person?", ENTER, "Ann");
    // The same: Ann, whose faction last time comes first.
    t.answer("Ann's faction", ENTER, "Enclave of the Bear");
    // Her HQ with that faction last time comes first.
    t.answer("Ann's HQ (type to search)", ENTER, "Alaska");
    t.wait("Player 2, clockwise (type to search)");
    t.interrupt();
    assert_eq!(env.dump(), before, "the database is as it was");
}

/// The same person with the same faction as last game is offered last game's HQ first,
/// highlighted, and it takes Enter to choose it; with another faction, "not recorded" is
/// highlighted and last game's HQ is one territory among the others.
#[test]
fn last_games_hq_comes_first_for_the_same_person_and_faction() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.answer("Date played (YYYY-MM-DD)", ENTER, NOW);
    t.answer("Player 1, clockwise (type to search)", "Bo\r", "Bo");
    t.answer("Bo's faction", ENTER, "Khan Industries");
    let offered = t.answer("Bo's HQ (type to search)", ENTER, "Peru");
    assert_eq!(
        items(&offered)[..2],
        ["Peru", "(not recorded)"],
        "{offered}"
    );
    assert!(offered.contains("> Peru"), "highlighted: {offered}");
    t.answer("Player 2, clockwise (type to search)", "Ann\r", "Ann");
    t.answer("Ann's faction", "balk\r", "Imperial Balkania");
    let offered = t.answer("Ann's HQ (type to search)", ENTER, "(not recorded)");
    assert_eq!(items(&offered)[0], "(not recorded)", "{offered}");
    assert!(offered.contains("> (not recorded)"), "{offered}");
    t.wait("Player 3, clockwise (type to search)");
    t.interrupt();
}

/// Last game's table is offered one row under the person likely first, not highlighted:
/// ↓ and Enter seat everyone with last game's faction and HQ, and the next question is the
/// winner's, among them.
#[test]
fn last_games_table_is_one_answer_under_the_first_seat() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.answer("Date played (YYYY-MM-DD)", ENTER, NOW);
    t.wait("Player 1, clockwise (type to search)");
    let table = "(last game's table: Ann, Enclave of the Bear in Alaska; Bo, Khan Industries in Peru; Cy, Saharan Republic)";
    let offered = t.wait(table);
    assert!(offered.contains("> Ann"), "Ann is highlighted: {offered}");
    t.press(&format!("{DOWN}{ENTER}"));
    t.wait(&format!("Player 1, clockwise (type to search): {table}"));
    let winner = t.answer("Who won? (type to search)", &format!("{DOWN}{ENTER}"), "Bo");
    assert_eq!(items(&winner)[..3], ["Ann", "Bo", "Cy"], "{winner}");
    t.answer("Ann's result", ENTER, "held on");
    t.answer("Cy's result", ENTER, "held on");
    t.accept("Was a scar placed during the game?", "no");
    t.answer("Bo's reward", "5", "destroy a territory card");
    t.answer("Which territory (type to search)", ENTER, "Peru");
    t.answer("Cy held on: their reward", "3", "nothing");
    t.answer("Ann held on: their reward", "3", "nothing");
    t.wait("Packets opened (space ticks, Enter goes on)");
    t.press(ENTER);
    t.answer("A note about the game (Enter for none)", ENTER, "");
    t.wait("Write game 2 to the ledger?");
    t.press(ENTER);
    t.wait("Game 2 logged.");
    let (code, shown) = t.end();
    assert_eq!(code, 0, "{shown}");
    let game = env.json(&["game", "show", "2", "--format", "json"]);
    assert_eq!(
        game["players"],
        json!([
            {"seat": 1, "person": "Ann", "faction": "Enclave of the Bear", "result": "held-on", "hq": "Alaska"},
            {"seat": 2, "person": "Bo", "faction": "Khan Industries", "result": "won", "hq": "Peru"},
            {"seat": 3, "person": "Cy", "faction": "Saharan Republic", "result": "held-on", "hq": null},
        ])
    );
}
