//! Slips of the hand at the guided prompt, in a pseudo-terminal: a campaign without its
//! setup is refused before the first question, Enter at "same person?" keeps the person
//! known, one arrow and Enter never discard a kept game, `<` goes back from a list that
//! searches, the short lists find an option by its words too, the answers kept are as
//! private as the database, `game edit` asks why before writing, and Esc at the first
//! question of a part changed comes back to the confirmation.

use crate::common::pty::{
    DOWN, ENTER, ESC, Terminal, UP, campaign_after_one_game, items, unfinished, unfinished_path,
};
use crate::common::{NOW, TestEnv};

/// The setup before game 1 (a power per faction, the twelve coins) missing: the prompt
/// says so on its first screen, with the commands that do it, and asks nothing.
#[test]
fn game_log_before_the_setup_names_the_commands_and_asks_nothing() {
    let env = TestEnv::new();
    env.ok(&["init"]);
    let before = env.dump();
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.wait("Game 1 is played once the setup is done");
    let (code, shown) = t.end();
    assert_ne!(code, 0, "{shown}");
    for command in ["chronicle power FACTION a|b", "chronicle coins TERRITORY"] {
        assert!(shown.contains(command), "{command}: {shown}");
    }
    assert!(!shown.contains("Date played"), "{shown}");
    assert_eq!(env.dump(), before, "the database is as it was");
    assert!(unfinished(&env).is_none(), "no answers to keep");
}

/// "Anne looks like Ann": Enter takes Ann, the first option; someone new is the second,
/// picked on purpose.
#[test]
fn enter_at_same_person_keeps_the_person_known() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.answer("Date played (YYYY-MM-DD)", ENTER, NOW);
    t.answer("Player 1, clockwise (type to search)", "Anne\r", "Anne");
    let offered = t.answer("Anne looks like Ann: same person?", ENTER, "Ann");
    assert_eq!(
        items(&offered)[..2],
        ["Ann (the same person, mistyped)", "Anne (someone new)"],
        "{offered}"
    );
    // Ann's faction last time comes first: she is Ann.
    t.wait("Ann's faction");
    t.wait("> Enclave of the Bear");
    // Back to the question: someone new is the second option, chosen on purpose.
    t.press(ESC);
    t.answer(
        "Anne looks like Ann: same person?",
        &format!("{DOWN}{ENTER}"),
        "Anne (someone new)",
    );
    t.wait("Anne's faction");
    let shown = t.interrupt();
    assert!(shown.contains("Ann's faction"), "{shown}");
    let kept = unfinished(&env).expect("the answers are kept");
    assert!(kept.contains("same-1 = \"no\""), "{kept}");
}

/// Leaves a game of Earth begun and kept (the table seated, at "Who won?").
fn keep_a_game(env: &TestEnv) {
    let mut t = Terminal::open(env, &["game", "log"]);
    t.answer("Date played (YYYY-MM-DD)", ENTER, NOW);
    t.answer("Player 1, clockwise (type to search)", "Bo\r", "Bo");
    t.wait("Bo's faction");
    t.interrupt();
    assert!(unfinished(env).is_some(), "the answers are kept");
}

/// "Start a new game, and discard those answers" is one arrow from "Finish it": it asks
/// once more, and Enter there keeps them.
#[test]
fn discarding_a_kept_game_asks_once_more() {
    let env = campaign_after_one_game();
    keep_a_game(&env);
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.wait("Start a new game");
    t.press(&format!("{DOWN}{ENTER}"));
    t.wait("Discard the kept answers (2 answers) for good? [y/N]");
    t.press(ENTER);
    // Back at the offer, nothing discarded.
    t.wait("Finish the unfinished game?");
    assert!(unfinished(&env).is_some());
    t.press(ENTER);
    t.wait("Bo's faction");
    let shown = t.interrupt();
    assert!(!shown.contains("discarded"), "{shown}");
    assert!(unfinished(&env).is_some());
}

/// `<` alone, then Enter, in a list that searches: back one question, as at a question
/// typed; nothing taken from the list.
#[test]
fn less_than_alone_in_a_search_list_goes_back_one_question() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.answer("Date played (YYYY-MM-DD)", ENTER, NOW);
    t.answer("Player 1, clockwise (type to search)", "Bo\r", "Bo");
    t.answer("Bo's faction", ENTER, "Khan Industries");
    t.wait("Bo's HQ (type to search)");
    t.press("<\r");
    t.wait("Bo's faction");
    t.wait("> Khan Industries");
    let shown = t.interrupt();
    assert!(!shown.contains("Bo's HQ (type to search): "), "{shown}");
    let kept = unfinished(&env).expect("the answers are kept");
    assert!(!kept.contains("hq-1"), "{kept}");
}

/// The result, scar, "Who placed it?" and reward lists find an option by its words, as the
/// lists of people and territories do; a digit still picks by number.
#[test]
fn the_short_lists_find_an_option_by_its_words() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.answer("Date played (YYYY-MM-DD)", ENTER, NOW);
    for (seat, person) in [(1, "Ann"), (2, "Bo"), (3, "Cy")] {
        t.answer(
            &format!("Player {seat}, clockwise (type to search)"),
            ENTER,
            person,
        );
        t.answer(&format!("{person}'s faction"), ENTER, "");
        t.answer(&format!("{person}'s HQ (type to search)"), ENTER, "");
    }
    t.answer(
        "Player 4, clockwise (type to search)",
        ENTER,
        "(that is everyone)",
    );
    t.answer("Who won? (type to search)", ENTER, "Ann");
    t.answer("Bo's result", "elim\r", "was eliminated");
    t.answer("Cy's result", "2", "was eliminated");
    t.confirm("Was a scar placed during the game?", true);
    t.answer("Scarred territory (type to search)", "ural\r", "Ural");
    t.answer("Which scar", "ammo\r", "Ammo Shortage");
    t.answer("Who placed it?", "cy\r", "Cy");
    t.confirm("Another scar?", false);
    t.answer("Ann's reward", "major\r", "found a major city");
    t.wait("Which territory (type to search)");
    t.interrupt();
}

/// The answers kept of a game are the ledger's to be: beside a database only its owner may
/// read, the unfinished game's file is just as closed (as backups and sync files are).
#[cfg(unix)]
#[test]
fn the_answers_kept_are_as_private_as_the_database() {
    use std::os::unix::fs::PermissionsExt;
    let env = campaign_after_one_game();
    let private = std::fs::Permissions::from_mode(0o600);
    std::fs::set_permissions(env.db_path(), private).expect("the database's mode is set");
    let mut t = Terminal::open(&env, &["game", "log"]);
    t.answer("Date played (YYYY-MM-DD)", ENTER, NOW);
    t.answer("Player 1, clockwise (type to search)", "Bo\r", "Bo");
    t.wait("Bo's faction");
    t.interrupt();
    let kept = std::fs::metadata(unfinished_path(&env)).expect("the answers are kept");
    assert_eq!(kept.permissions().mode() & 0o777, 0o600);
}

/// `game edit N` on a terminal asks why once the game is confirmed, as `--reason` says it
/// with flags: an empty reason is refused under the question, Esc goes back to the
/// confirmation, and the reason is kept in the history beside what changed.
#[test]
fn game_edit_on_a_terminal_asks_why_and_keeps_it() {
    let env = campaign_after_one_game();
    let mut t = Terminal::open(&env, &["game", "edit", "1"]);
    t.wait("No, stop without writing");
    t.press("8");
    t.answer(
        "A note about the game (Enter for none)",
        "Close one.\r",
        "Close one.",
    );
    t.wait("Write game 1 to the ledger?");
    t.press(ENTER);
    let why = "Why is game 1 corrected? (kept in the history)";
    t.wait(why);
    t.press(ENTER);
    t.wait("A correction says why it is made");
    t.press(ESC);
    t.wait("Write game 1 to the ledger?");
    t.press(ENTER);
    t.answer(why, "we forgot the note\r", "we forgot the note");
    let (code, shown) = t.end();
    assert_eq!(code, 0, "{shown}");
    let corrections = env.json(&["history", "--corrections", "--format", "json"]);
    assert_eq!(corrections[0]["kind"], "edit", "{corrections}");
    assert_eq!(
        corrections[0]["reason"], "we forgot the note",
        "{corrections}"
    );
    // What changed, not the game whole.
    assert_eq!(corrections[0]["text"], "edited game 1: a note added");
    let game = env.json(&["game", "show", "1", "--format", "json"]);
    assert_eq!(game["note"], "Close one.");
}

/// Esc at the first question of a part changed from the confirmation comes back to the
/// confirmation, not to the last question of the part before; nothing is written.
#[test]
fn esc_at_the_first_question_of_a_change_returns_to_the_confirmation() {
    let env = campaign_after_one_game();
    let before = env.dump();
    let mut t = Terminal::open(&env, &["game", "edit", "1"]);
    t.wait("No, stop without writing");
    t.press("8");
    t.wait("A note about the game (Enter for none)");
    t.press(ESC);
    let shown = t.wait("No, stop without writing");
    assert!(shown.contains("Write game 1 to the ledger?"), "{shown}");
    assert!(!shown.contains("Packets opened (space"), "{shown}");
    t.press(&format!("{UP}{ENTER}"));
    let (code, shown) = t.end();
    assert_ne!(code, 0, "{shown}");
    assert_eq!(env.dump(), before, "the database is as it was");
}
