//! A game night through the guided prompt, in a pseudo-terminal, as groups log one: it is
//! never lost (Ctrl-C at any moment, a terminal closed, a change of mind at the
//! confirmation), every answer is checked where it is given, and typing works where a
//! person types.

use std::time::{Duration, Instant};

use crate::common::pty::{
    DOWN, ENTER, ESC, SPACE, Terminal, campaign_after_one_game, items, unfinished,
};
use crate::common::{NOW, TestEnv};
use expectrl::process::unix::{Signal, WaitStatus};
use serde_json::{Value, json};

/// Game 2 up to "Who won?": Bo in Peru, Dee (new), Ann in Alaska, Cy in Japan.
fn seat_the_table(t: &mut Terminal) {
    t.answer("Date played (YYYY-MM-DD)", "2026-11-20\r", "2026-11-20");
    t.answer("Player 1, clockwise (type to search)", "Bo\r", "Bo");
    t.answer("Bo's faction", ENTER, "Khan Industries");
    t.answer("Bo's HQ (type to search)", "peru\r", "Peru");
    t.answer("Player 2, clockwise (type to search)", "Dee\r", "Dee");
    t.answer("Dee's faction", ENTER, "Die Mechaniker");
    t.answer("Dee's HQ (type to search)", ENTER, "(not recorded)");
    t.answer("Player 3, clockwise (type to search)", "Ann\r", "Ann");
    t.answer("Ann's faction", ENTER, "Enclave of the Bear");
    t.answer("Ann's HQ (type to search)", "alaska\r", "Alaska");
    t.answer("Player 4, clockwise (type to search)", "Cy\r", "Cy");
    t.answer("Cy's faction", ENTER, "Saharan Republic");
    t.answer("Cy's HQ (type to search)", "japan\r", "Japan");
    t.answer(
        "Player 5, clockwise (type to search)",
        ENTER,
        "(that is everyone)",
    );
}

/// From "Who won?" to the reward's city name: Bo won, the others held on, no scar, Bo
/// founds a major city in Brazil.
fn bo_wins_a_city_in_brazil(t: &mut Terminal) {
    t.answer("Who won? (type to search)", ENTER, "Bo");
    for person in ["Dee", "Ann", "Cy"] {
        t.answer(&format!("{person}'s result"), ENTER, "held on");
    }
    t.accept("Was a scar placed during the game?", "no");
    t.answer("Bo's reward", "2", "found a major city");
    t.answer("Which territory (type to search)", "brazil\r", "Brazil");
}

/// From the city's name to the confirmation: Rio, nothing for those who held on, no
/// packet opened, a note.
fn rio_and_the_rest(t: &mut Terminal) {
    t.answer("Name of the major city in Brazil", "Rio\r", "Rio");
    for person in ["Dee", "Ann", "Cy"] {
        t.answer(&format!("{person} held on: their reward"), "3", "nothing");
    }
    t.wait("Packets opened (space ticks, Enter goes on)");
    t.press(ENTER);
    t.wait("Packets opened (space ticks, Enter goes on): ");
    t.answer(
        "A note about the game (Enter for none)",
        "Close one.\r",
        "Close one.",
    );
}

/// Game 2 whole, at the confirmation.
fn to_the_confirmation(t: &mut Terminal) -> String {
    seat_the_table(t);
    bo_wins_a_city_in_brazil(t);
    rio_and_the_rest(t);
    t.wait("Write game 2 to the ledger?")
}

fn game_2(env: &TestEnv) -> Value {
    env.json(&["game", "show", "2", "--format", "json"])
}

#[test]
fn ctrl_c_right_as_the_prompt_starts_stops_it_within_a_second() {
    let env = campaign_after_one_game();
    let before = env.dump();
    // Five tries: the Ctrl-C may land before, while or after the first question is drawn.
    for _ in 0..5 {
        let mut t = Terminal::open(&env, &["game", "log"]);
        t.wait("Game 2 of Earth.");
        let pressed = Instant::now();
        t.press("\x03");
        let (status, shown) = t.finish();
        assert!(
            pressed.elapsed() < Duration::from_secs(1),
            "{:?}",
            pressed.elapsed()
        );
        assert!(
            matches!(status, WaitStatus::Exited(_, 130)),
            "{status:?}\n{shown}"
        );
        assert_eq!(shown.matches("Stopped (Ctrl-C)").count(), 1, "{shown}");
    }
    assert_eq!(env.dump(), before, "the database is as it was");
}

/// The night the issue lost: "1. Change the date" offered today and went on to ask every
/// seat again, and `<` at the date threw every answer away.
#[test]
fn changing_the_date_at_the_confirmation_keeps_the_night() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    to_the_confirmation(&mut t);
    // The date offered is the game's; Enter keeps it, and the confirmation comes back.
    t.press("1");
    t.wait("Date played (YYYY-MM-DD) [2026-11-20]");
    t.press(ENTER);
    t.wait("Date played (YYYY-MM-DD): 2026-11-20");
    let back = t.wait("Write game 2 to the ledger?");
    assert!(!back.contains("Player 1"), "{back}");
    // `<` at the date, the first question: back at the confirmation, nothing lost.
    t.press("1");
    t.wait("Date played (YYYY-MM-DD) [2026-11-20]");
    t.press("<\r");
    let back = t.wait("Write game 2 to the ledger?");
    assert!(!back.contains("Stopped"), "{back}");
    // The players, each seat offered as it was answered: Enter through them.
    t.press("2");
    for (seat, person, hq) in [
        (1, "Bo", "Peru"),
        (2, "Dee", "(not recorded)"),
        (3, "Ann", "Alaska"),
        (4, "Cy", "Japan"),
    ] {
        t.answer(
            &format!("Player {seat}, clockwise (type to search)"),
            ENTER,
            person,
        );
        t.answer(&format!("{person}'s faction"), ENTER, "");
        t.answer(&format!("{person}'s HQ (type to search)"), ENTER, hq);
    }
    t.answer(
        "Player 5, clockwise (type to search)",
        ENTER,
        "(that is everyone)",
    );
    let back = t.wait("Write game 2 to the ledger?");
    assert!(
        !back.contains("Who won?"),
        "nothing after the players: {back}"
    );
    t.press(ENTER);
    t.wait("Game 2 logged.");
    let (code, shown) = t.end();
    assert_eq!(code, 0, "{shown}");
    let game = game_2(&env);
    assert_eq!(game["date"], "2026-11-20");
    assert_eq!(game["note"], "Close one.");
    assert_eq!(game["reward"], "founded the major city Rio in Brazil");
    let hqs: Vec<&Value> = (0..4).map(|i| &game["players"][i]["hq"]).collect();
    assert_eq!(
        hqs,
        [
            &json!("Peru"),
            &Value::Null,
            &json!("Alaska"),
            &json!("Japan")
        ]
    );
}

#[test]
fn esc_at_who_won_lands_on_the_last_seats_hq_with_its_answer() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    seat_the_table(&mut t);
    t.wait("Who won? (type to search)");
    t.press(ESC);
    t.wait("Cy's HQ (type to search)");
    t.wait("> Japan");
    t.press(ENTER);
    t.wait("Cy's HQ (type to search): Japan");
    t.answer(
        "Player 5, clockwise (type to search)",
        ENTER,
        "(that is everyone)",
    );
    t.wait("Who won? (type to search)");
    let shown = t.interrupt();
    assert_eq!(
        shown
            .matches("Player 1, clockwise (type to search): ")
            .count(),
        1,
        "the seats are not asked again:\n{shown}"
    );
    let kept = unfinished(&env).expect("the answers are kept");
    assert!(kept.contains("hq-4 = \"Japan\""), "{kept}");
}

#[test]
fn a_closed_terminal_mid_game_then_game_log_resumes_with_every_answer() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    seat_the_table(&mut t);
    bo_wins_a_city_in_brazil(&mut t);
    t.wait("Name of the major city in Brazil");
    t.press("Ri");
    t.session
        .get_process_mut()
        .signal(Signal::SIGHUP)
        .expect("the terminal hangs up");
    let (status, _) = t.finish();
    assert!(!matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
    assert!(unfinished(&env).is_some(), "the answers are kept");

    let mut t = Terminal::open(&env, &["game", "log"]);
    t.wait("A game of Earth was begun and not written");
    let offer = t.wait("Finish the unfinished game?");
    assert!(offer.contains("unfinished-game-Earth.toml"), "{offer}");
    let menu = t.wait("Start a new game");
    assert!(menu.contains("Finish it (Bo, Dee, Ann, Cy; "), "{menu}");
    t.press(ENTER);
    // The question the terminal closed at, and nothing before it.
    t.wait("Game 2 of Earth.");
    rio_and_the_rest(&mut t);
    let summary = t.wait("Write game 2 to the ledger?");
    for answer in ["Peru", "Alaska", "Japan", "Dee", "Rio"] {
        assert!(summary.contains(answer), "{answer}: {summary}");
    }
    t.press(ENTER);
    t.wait("Game 2 logged.");
    let (code, shown) = t.end();
    assert_eq!(code, 0, "{shown}");
    assert!(!shown.contains("Date played"), "{shown}");
    let game = game_2(&env);
    assert_eq!(game["winner"], "Bo");
    assert_eq!(game["players"][3]["hq"], "Japan");
    assert_eq!(game["note"], "Close one.");
    assert!(
        unfinished(&env).is_none(),
        "removed once the game is written"
    );
}

#[test]
fn an_hq_next_to_another_players_is_refused_at_the_hq_question() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.answer("Date played (YYYY-MM-DD)", ENTER, NOW);
    t.answer("Player 1, clockwise (type to search)", "Bo\r", "Bo");
    t.answer("Bo's faction", ENTER, "Khan Industries");
    t.answer(
        "Bo's HQ (type to search)",
        "east can\r",
        "Eastern Canada (Quebec)",
    );
    t.answer("Player 2, clockwise (type to search)", "Ann\r", "Ann");
    t.answer("Ann's faction", ENTER, "Enclave of the Bear");
    t.wait("Ann's HQ (type to search)");
    // Ontario is next to Eastern Canada: not offered, and typed, refused with the rule.
    t.press("ontario");
    let typed = t.wait("ontario|");
    assert!(!typed.contains("> Ontario"), "{typed}");
    t.press(ENTER);
    t.wait("Ann's HQ in Ontario is next to Bo's in Eastern Canada");
    t.wait("adjacent-hq");
    t.erase(7);
    // A city's name finds its territory: Kyro is Ann's own city, a start for her.
    t.answer("Ann's HQ (type to search)", "kyro\r", "Egypt: Kyro");
    t.wait("Player 3, clockwise (type to search)");
    let shown = t.interrupt();
    assert_eq!(
        shown.matches("Ann's faction:").count(),
        1,
        "only the HQ is asked again:\n{shown}"
    );
}

#[test]
fn a_name_typed_then_enter_is_someone_new() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.answer("Date played (YYYY-MM-DD)", ENTER, NOW);
    let offered = t.answer("Player 1, clockwise (type to search)", "Dee\r", "Dee");
    assert_eq!(
        items(&offered).last(),
        Some(&"Dee (someone new)"),
        "{offered}"
    );
    // The faction list searches too.
    t.answer("Dee's faction", "bal\r", "Imperial Balkania");
    t.wait("Dee's HQ (type to search)");
    let shown = t.interrupt();
    assert!(!shown.contains("Their name"), "{shown}");
}

#[test]
fn five_at_the_confirmation_opens_part_five_and_only_it() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    to_the_confirmation(&mut t);
    let menu = t.wait("No, stop without writing");
    assert!(menu.contains("5. Change the winner's reward"), "{menu}");
    t.press("5");
    t.answer("Bo's reward", ENTER, "found a major city");
    t.answer("Which territory (type to search)", ENTER, "Brazil");
    t.wait("Name of the major city in Brazil [Rio]");
    t.press("Rio Novo\r");
    t.wait("Name of the major city in Brazil: Rio Novo");
    let back = t.wait("Write game 2 to the ledger?");
    assert!(!back.contains("held on: their reward"), "{back}");
    t.press(ENTER);
    t.wait("Game 2 logged.");
    let (code, shown) = t.end();
    assert_eq!(code, 0, "{shown}");
    assert_eq!(
        game_2(&env)["reward"],
        "founded the major city Rio Novo in Brazil"
    );
}

#[test]
fn starting_afresh_discards_the_answers_kept_only_when_asked() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    seat_the_table(&mut t);
    t.wait("Who won? (type to search)");
    t.press("\x03");
    t.finish();
    assert!(unfinished(&env).is_some());

    // Esc at the offer stops, and keeps them.
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.wait("Finish the unfinished game?");
    t.wait("Start a new game");
    t.press(ESC);
    let (code, shown) = t.end();
    assert_eq!(code, 1, "{shown}");
    assert!(unfinished(&env).is_some(), "{shown}");

    let mut t = Terminal::open(&env, &["game", "log"]);
    t.wait("Start a new game");
    t.press(&format!("{DOWN}{ENTER}"));
    t.wait("for good? [y/N]");
    t.press("y\r");
    t.wait("The unfinished game's answers are discarded.");
    assert!(unfinished(&env).is_none());
    // A new game: Esc at its first question leaves, with nothing to keep.
    t.wait("Date played (YYYY-MM-DD)");
    t.press(ESC);
    let (code, shown) = t.end();
    assert_eq!(code, 1, "{shown}");
    assert!(!shown.contains("Keep these answers"), "{shown}");
}

/// The flags printed after a game, as the arguments they are.
fn printed_flags(shown: &str) -> Vec<String> {
    let start = shown
        .find("chronicle game log \\")
        .expect("the flags are printed");
    let mut args = Vec::new();
    for line in shown[start..].lines().skip(1) {
        let Some(flag) = line.trim().strip_prefix("--") else {
            break;
        };
        let flag = flag.trim_end_matches(" \\");
        let (name, value) = flag.split_once(' ').unwrap_or((flag, ""));
        args.push(format!("--{name}"));
        if !value.is_empty() {
            let value = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .map_or_else(
                    || value.to_string(),
                    |v| v.replace("\\\"", "\"").replace("\\$", "$"),
                );
            args.push(value);
        }
    }
    args
}

/// Done when: a night logged through the prompt with two changes of mind and one
/// interruption writes the same game as the flags the prompt prints.
#[test]
fn two_changes_of_mind_and_an_interruption_write_the_game_the_printed_flags_give() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    seat_the_table(&mut t);
    // A change of mind: Cy started in Siam, not Japan.
    t.wait("Who won? (type to search)");
    t.press(ESC);
    t.answer(
        "Cy's HQ (type to search)",
        "siam\r",
        "Southeast Asia (Siam)",
    );
    t.answer(
        "Player 5, clockwise (type to search)",
        ENTER,
        "(that is everyone)",
    );
    t.answer("Who won? (type to search)", ENTER, "Bo");
    for person in ["Dee", "Ann", "Cy"] {
        t.answer(&format!("{person}'s result"), ENTER, "held on");
    }
    t.confirm("Was a scar placed during the game?", true);
    t.answer("Scarred territory (type to search)", "ural\r", "Ural");
    t.answer("Which scar", ENTER, "Bunker");
    t.answer("Who placed it?", &format!("{DOWN}{ENTER}"), "Bo");
    t.confirm("Another scar?", false);
    t.answer("Bo's reward", "2", "found a major city");
    t.answer("Which territory (type to search)", "brazil\r", "Brazil");
    // The interruption.
    t.wait("Name of the major city in Brazil");
    t.press("Ri\x03");
    t.finish();

    let mut t = Terminal::open(&env, &["game", "log"]);
    t.wait("Start a new game");
    t.press(ENTER);
    t.answer("Name of the major city in Brazil", "Rio\r", "Rio");
    t.answer("Dee held on: their reward", "1", "found a minor city");
    t.answer("Which territory (type to search)", "iceland\r", "Iceland");
    t.answer("Name of the minor city in Iceland", "Vík\r", "Vík");
    t.answer("Ann held on: their reward", "2", "add a resource to a card");
    t.answer("Which territory (type to search)", "japan\r", "Japan");
    t.answer("Cy held on: their reward", "3", "nothing");
    t.wait("Packets opened (space ticks, Enter goes on)");
    t.press(&format!("{SPACE}{ENTER}"));
    t.accept(
        "Did sealed content change the board (an event, a group mark, fallout)?",
        "no",
    );
    t.answer(
        "A note about the game (Enter for none)",
        "Two changes.\r",
        "Two changes.",
    );
    // The second change of mind: Dee was eliminated after all; her reward goes with it.
    t.wait("No, stop without writing");
    t.press("3");
    t.answer("Who won? (type to search)", ENTER, "Bo");
    t.answer("Dee's result", &format!("{DOWN}{ENTER}"), "was eliminated");
    t.answer("Ann's result", ENTER, "held on");
    t.answer("Cy's result", ENTER, "held on");
    let summary = t.wait("Write game 2 to the ledger?");
    assert!(!summary.contains("Vík"), "{summary}");
    t.press(ENTER);
    t.wait("Game 2 logged.");
    let (code, shown) = t.end();
    assert_eq!(code, 0, "{shown}");
    let by_prompt = game_2(&env);
    assert_eq!(by_prompt["players"][1]["result"], "eliminated");
    assert_eq!(by_prompt["players"][3]["hq"], "Southeast Asia");

    let flags = printed_flags(&shown);
    let again = campaign_after_one_game();
    let mut args = vec!["game".to_string(), "log".to_string()];
    args.extend(flags);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    again.ok(&args);
    assert_eq!(game_2(&again), by_prompt, "{args:?}");
}
