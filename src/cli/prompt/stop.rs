//! Ctrl-C while a game is asked: it stops at once, whatever is on the screen (a question
//! drawn, a key half read, the answers being saved), and once. The answers kept so far stay
//! where they are saved (`unfinished`); nothing is written to the ledger. While the game
//! itself is being written (a few milliseconds, all or nothing) Ctrl-C waits for the write;
//! once it is written, chronicle ends as usual.

use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

use crate::cli::error::exit;

/// What a Ctrl-C finds: where the answers are kept, and whether the game is written.
struct State {
    kept: Option<PathBuf>,
    written: bool,
    /// Whether stderr is a terminal (the cursor a question hid is shown again).
    terminal: bool,
}

/// Held while the answers are saved or the game is written: Ctrl-C waits for it.
static STATE: Mutex<State> = Mutex::new(State {
    kept: None,
    written: false,
    terminal: false,
});

fn state() -> std::sync::MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// From now on Ctrl-C stops chronicle at once (exit 130), however it arrives: as a signal
/// (between keys) or as a key read (`now`).
pub(super) fn install(stderr_terminal: bool) {
    state().terminal = stderr_terminal;
    // Set once per run; a second guided prompt in the same process keeps the first.
    let _ = ctrlc::set_handler(now);
}

/// Where the answers are kept from now on, to say so on stopping.
pub(super) fn keeping(path: Option<PathBuf>) {
    state().kept = path;
}

/// Runs `work` (the answers saved, the game written) whole before a Ctrl-C stops
/// chronicle; `done` says whether the game is written, after which Ctrl-C stops nothing.
pub(super) fn whole<T>(work: impl FnOnce() -> T, done: impl FnOnce(&T) -> bool) -> T {
    let mut state = state();
    let result = work();
    if done(&result) {
        state.written = true;
    }
    result
}

/// Stops chronicle now, saying that nothing was written and where the answers are kept
/// (unless the game is written already: then it ends as usual).
pub(super) fn now() {
    let state = state();
    if state.written {
        return;
    }
    let mut words = String::from("\nStopped (Ctrl-C). Nothing was written.");
    if let Some(path) = &state.kept {
        words.push_str(" Your answers so far are kept in ");
        words.push_str(&path.display().to_string());
        words.push_str(": `chronicle game log` offers to finish them.");
    }
    if state.terminal {
        // A question may have hidden the cursor.
        let _ = dialoguer::console::Term::stderr().show_cursor();
    }
    eprintln!("{words}");
    std::process::exit(i32::from(exit::INTERRUPTED));
}
