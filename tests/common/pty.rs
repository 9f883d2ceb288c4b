//! `chronicle` in a pseudo-terminal, driven key by key the way a person at the table
//! answers the guided prompt: what it shows (without escape sequences), the keys pressed
//! (counted), and how it ends.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use expectrl::process::unix::WaitStatus;
use expectrl::session::OsSession;
use expectrl::{Eof, Expect, Regex, Session};

use super::TestEnv;

pub(crate) const DOWN: &str = "\x1b[B";
pub(crate) const UP: &str = "\x1b[A";
pub(crate) const ENTER: &str = "\r";
pub(crate) const ESC: &str = "\x1b";
pub(crate) const SPACE: &str = " ";

/// How long a prompt may take to appear before the test gives up.
pub(crate) const PATIENCE: Duration = Duration::from_secs(15);

/// How long the screen stays unchanged before a question is taken as drawn whole.
const SETTLED: Duration = Duration::from_millis(120);

/// `chronicle ARGS…` running in a pseudo-terminal, what it has shown so far, and how many
/// keys were pressed (an arrow is one key).
pub(crate) struct Terminal {
    pub(crate) session: OsSession,
    pub(crate) shown: String,
    pub(crate) keys: usize,
}

impl Terminal {
    /// Starts `chronicle ARGS…` with the test environment in a 120×60 terminal.
    pub(crate) fn open(env: &TestEnv, args: &[&str]) -> Terminal {
        let mut command = chronicle(env, args);
        command.env("TERM", "xterm-256color").env("NO_COLOR", "1");
        let mut session = Session::spawn(command).expect("chronicle starts in a pseudo-terminal");
        session
            .get_process_mut()
            .set_window_size(120, 60)
            .expect("the pseudo-terminal takes a size");
        Terminal {
            session,
            shown: String::new(),
            keys: 0,
        }
    }

    /// Starts `chronicle ARGS…` as `open` does, its clock on `today` (YYYY-MM-DD): a game
    /// logged the night it was played.
    pub(crate) fn open_on(env: &TestEnv, args: &[&str], today: &str) -> Terminal {
        let mut command = chronicle(env, args);
        command
            .env("TERM", "xterm-256color")
            .env("NO_COLOR", "1")
            .env("CHRONICLE_NOW", today);
        let mut session = Session::spawn(command).expect("chronicle starts in a pseudo-terminal");
        session
            .get_process_mut()
            .set_window_size(120, 60)
            .expect("the pseudo-terminal takes a size");
        Terminal {
            session,
            shown: String::new(),
            keys: 0,
        }
    }

    /// What the program showed since the last key, once it has shown something and then
    /// nothing more for a while (it waits for a key), without escape sequences.
    pub(crate) fn settle(&mut self) -> String {
        let start = Instant::now();
        let mut seen = String::new();
        let mut quiet = Instant::now();
        loop {
            match self.session.check(Regex("[\\s\\S]+")) {
                Ok(found) if !found.is_empty() => {
                    seen.push_str(&plain(found.as_bytes()));
                    quiet = Instant::now();
                }
                Ok(_) => {}
                Err(error) => panic!(
                    "the terminal closed ({error}); it showed:\n{}{seen}",
                    self.shown
                ),
            }
            if !seen.is_empty() && quiet.elapsed() > SETTLED {
                self.shown.push_str(&seen);
                return seen;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "nothing settled on the screen; it showed:\n{}{seen}",
                self.shown
            );
            sleep(Duration::from_millis(5));
        }
    }

    /// Waits for `text` on the screen; returns what was shown since the last wait, up to
    /// and including `text`, without terminal escape sequences.
    pub(crate) fn wait(&mut self, text: &str) -> String {
        let start = Instant::now();
        loop {
            match self.session.check(text) {
                Ok(found) if !found.is_empty() => {
                    let seen = plain(found.as_bytes());
                    self.shown.push_str(&seen);
                    return seen;
                }
                Ok(_) if start.elapsed() < PATIENCE => sleep(Duration::from_millis(5)),
                Ok(_) => {
                    let rest = self.session.check(Regex("[\\s\\S]+")).ok();
                    let rest = rest.map(|r| plain(r.as_bytes())).unwrap_or_default();
                    panic!(
                        "{text:?} never showed; the terminal showed:\n{}{rest}",
                        self.shown
                    )
                }
                Err(error) => {
                    let rest = self.session.check(Eof).ok();
                    let rest = rest.map(|r| plain(r.as_bytes())).unwrap_or_default();
                    panic!(
                        "{text:?} never showed ({error}); the terminal showed:\n{}{rest}",
                        self.shown
                    )
                }
            }
        }
    }

    /// Presses Backspace `times` over, once the prompt reads keys again after a message.
    /// Between two keys the prompt hands the terminal back its line mode for a moment (as
    /// `console` reads one key at a time), and in line mode the terminal itself takes a
    /// Backspace as erasing its own empty line: pressed while the prompt is still printing
    /// a refusal, it would never reach the prompt. A person is never that quick.
    pub(crate) fn erase(&mut self, times: usize) {
        sleep(Duration::from_millis(300));
        self.press(&"\x7f".repeat(times));
    }

    /// Presses keys (one write: an arrow's escape sequence is never split).
    pub(crate) fn press(&mut self, keys: &str) {
        self.keys += keys.replace(DOWN, "v").replace(UP, "^").chars().count();
        self.session.send(keys).expect("keys reach the terminal");
    }

    /// Waits for the question, presses `keys`, then waits for the answer it shows:
    /// "QUESTION: ANSWER" (the question is the text before its colon). Returns what was
    /// shown in between: the choices offered, as `items` reads them.
    pub(crate) fn answer(&mut self, question: &str, keys: &str, answer: &str) -> String {
        self.wait(question);
        self.press(keys);
        self.wait(&format!("{question}: {answer}"))
    }

    /// Waits for a yes/no question and answers it with y or n, then Enter.
    pub(crate) fn confirm(&mut self, question: &str, yes: bool) {
        self.wait(question);
        self.press(if yes { "y\r" } else { "n\r" });
        self.wait(&format!("{question} {}", if yes { "yes" } else { "no" }));
    }

    /// Waits for a yes/no question and takes its default with Enter alone, said as `said`.
    pub(crate) fn accept(&mut self, question: &str, said: &str) {
        self.wait(question);
        self.press("\r");
        self.wait(&format!("{question} {said}"));
    }

    /// Waits for the program to end; returns how it ended and all it showed.
    pub(crate) fn finish(mut self) -> (WaitStatus, String) {
        let start = Instant::now();
        let rest = loop {
            match self.session.check(Eof) {
                Ok(found) if !found.is_empty() => break plain(found.as_bytes()),
                Ok(_) if start.elapsed() < PATIENCE => sleep(Duration::from_millis(5)),
                outcome => panic!(
                    "chronicle did not end ({outcome:?}); the terminal showed:\n{}",
                    self.shown
                ),
            }
        };
        self.shown.push_str(&rest);
        let status = self.session.get_process().wait().expect("the exit status");
        (status, self.shown)
    }

    /// Presses Ctrl-C, waits for the program to stop as interrupted (exit 130); returns all
    /// it showed.
    pub(crate) fn interrupt(mut self) -> String {
        self.press("\x03");
        let (status, shown) = self.finish();
        assert!(
            matches!(status, WaitStatus::Exited(_, 130)),
            "{status:?}\n{shown}"
        );
        shown
    }

    /// Waits for the program to exit; returns its exit code and all it showed.
    pub(crate) fn end(self) -> (i32, String) {
        match self.finish() {
            (WaitStatus::Exited(_, code), shown) => (code, shown),
            (other, shown) => panic!("chronicle ended with {other:?}; it showed:\n{shown}"),
        }
    }
}

/// `chronicle ARGS…` with the test environment, as a plain `std::process::Command`.
pub(crate) fn chronicle(env: &TestEnv, args: &[&str]) -> Command {
    env.process(args)
}

/// Terminal output without its escape sequences (cursor moves, line clearing).
pub(crate) fn plain(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' => {
                if chars.next() == Some('[') {
                    for c in chars.by_ref() {
                        if ('@'..='~').contains(&c) {
                            break;
                        }
                    }
                }
            }
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// The choices a question offered, each once, in the order first shown: the lines under it,
/// without the "> " that marks the highlighted one or the "[x] " of a ticked one.
pub(crate) fn items(shown: &str) -> Vec<&str> {
    let mut items: Vec<&str> = Vec::new();
    for line in shown.lines() {
        let Some(item) = line.strip_prefix("> ").or_else(|| line.strip_prefix("  ")) else {
            continue;
        };
        let item = item.trim_start_matches("[ ] ").trim_start_matches("[x] ");
        if !items.contains(&item) {
            items.push(item);
        }
    }
    items
}

/// A campaign with one game logged by flags: Ann, Bo and Cy are known; Cy's elimination made
/// the "First elimination" packet due.
pub(crate) fn campaign_after_one_game() -> TestEnv {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-11-01",
        "--player",
        "Ann=bear:won@Alaska",
        "--player",
        "Bo=khan:held-on@Peru",
        "--player",
        "Cy=saharan:eliminated",
        "--major-city",
        "Egypt=Kyro",
    ]);
    env
}

/// The file the guided prompt keeps the answers of the game of Earth in, beside the
/// database.
pub(crate) fn unfinished_path(env: &TestEnv) -> std::path::PathBuf {
    env.dir().join("chronicle-unfinished-game-Earth.toml")
}

/// The answers kept of an unfinished game of Earth, if any.
pub(crate) fn unfinished(env: &TestEnv) -> Option<String> {
    std::fs::read_to_string(unfinished_path(env)).ok()
}
