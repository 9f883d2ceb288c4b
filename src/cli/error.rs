//! Errors at the command line: each kind maps to an exit code, and each is printed as a
//! plain message that says what to do instead. Never a panic, never a backtrace.

use std::io::IsTerminal;

use crate::domain::Refusal;
use crate::store::StoreError;

/// Exit codes (see the README): 0 done, 1 refused or bad input, 2 usage, 3 the database.
pub mod exit {
    pub const DONE: u8 = 0;
    pub const REFUSED: u8 = 1;
    pub const USAGE: u8 = 2;
    pub const DATABASE: u8 = 3;
    /// Ctrl-C at a question (128 + SIGINT, as shells report it).
    pub const INTERRUPTED: u8 = 130;
}

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The rules refuse what was asked.
    #[error("{0}")]
    Refused(#[from] Refusal),
    /// Input that is not a rule broken but still cannot be used (a date in the future).
    #[error("{0}")]
    Input(String),
    /// The command line is not of the expected form.
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Store(#[from] StoreError),
    /// A file could not be written or read.
    #[error("{0}")]
    File(String),
    /// The person stopped a guided prompt (Esc).
    #[error("Stopped before the end.")]
    Stopped,
    /// The person pressed Ctrl-C at a guided prompt.
    #[error("Stopped before the end (Ctrl-C).")]
    Interrupted,
    /// stdout was closed by the reader (`chronicle board | head`): stop quietly.
    #[error("the output was closed")]
    ClosedPipe,
}

impl CliError {
    pub fn code(&self) -> u8 {
        match self {
            CliError::Refused(_) | CliError::Input(_) | CliError::File(_) | CliError::Stopped => {
                exit::REFUSED
            }
            CliError::Usage(_) => exit::USAGE,
            CliError::Store(e) if e.is_database() => exit::DATABASE,
            CliError::Store(_) => exit::REFUSED,
            CliError::ClosedPipe => exit::DONE,
            CliError::Interrupted => exit::INTERRUPTED,
        }
    }

    /// Prints the error on stderr: "error: …", in red on a terminal when colour is on.
    /// `writes` says whether the command would have written: then the person is told
    /// that nothing was.
    pub fn report(&self, color: bool, writes: bool) {
        if matches!(self, CliError::ClosedPipe) {
            return;
        }
        if matches!(self, CliError::Stopped | CliError::Interrupted)
            && std::io::stderr().is_terminal()
        {
            // A prompt may have hidden the cursor: show it again.
            eprint!("\x1b[?25h");
        }
        let label = if color {
            "\x1b[1;31merror:\x1b[0m"
        } else {
            "error:"
        };
        eprintln!("{label} {}", printable(&self.to_string()));
        if writes {
            eprintln!("Nothing was written.");
        }
    }
}

/// The longest piece of quoted input a message repeats whole.
const QUOTED_MAX: usize = 80;

/// A message as it can safely go to a terminal: control characters someone typed are shown
/// escaped (`\u{1b}`), never sent raw, and a long piece of quoted input is shortened.
pub fn printable(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4096));
    for (index, piece) in message.split('"').enumerate() {
        if index > 0 {
            out.push('"');
        }
        let quoted = index % 2 == 1;
        let count = piece.chars().count();
        if quoted && count > QUOTED_MAX {
            let head: String = piece.chars().take(QUOTED_MAX / 2).collect();
            let tail: String = piece.chars().skip(count - QUOTED_MAX / 4).collect();
            out.push_str(&escaped(&head));
            out.push_str(&format!(
                "…({} characters)…",
                count - QUOTED_MAX / 2 - QUOTED_MAX / 4
            ));
            out.push_str(&escaped(&tail));
        } else {
            out.push_str(&escaped(piece));
        }
    }
    out
}

fn escaped(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

impl From<std::io::Error> for CliError {
    fn from(error: std::io::Error) -> CliError {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            CliError::ClosedPipe
        } else {
            CliError::File(error.to_string())
        }
    }
}
