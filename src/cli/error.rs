//! Errors at the command line: each has a kind, the kinds map to exit codes in one
//! function, and hints are a field of their own (as jj's `command_error.rs`). Printed as a
//! plain message that says what to do instead; never a panic, never a backtrace.

use crate::domain::{BrokenLog, Refusal};
use crate::render::terminal::printable;
use crate::store::StoreError;

use super::explain::{self, Asked};

/// Exit codes (see the README).
pub mod exit {
    pub(crate) const DONE: u8 = 0;
    /// Refused by the rules, or bad input; nothing written.
    pub(crate) const REFUSED: u8 = 1;
    /// Command-line usage.
    pub(crate) const USAGE: u8 = 2;
    /// The database: missing, not a database, busy, damaged, newer.
    pub(crate) const DATABASE: u8 = 3;
    /// A bug in chronicle.
    pub(crate) const BUG: u8 = 4;
    /// Ctrl-C at a question (128 + SIGINT, as shells report it).
    pub(crate) const INTERRUPTED: u8 = 130;
}

/// What kind of thing went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The rules refuse what was asked.
    Refused,
    /// Input that breaks no rule but still cannot be used (a date in the future, a file
    /// that is not a campaign).
    Input,
    /// The command line is not of the expected form.
    Usage,
    /// The database itself.
    Database,
    /// A file could not be written or read.
    File,
    /// The person stopped a guided prompt.
    Stopped,
    /// The person pressed Ctrl-C at a question.
    Interrupted,
    /// stdout was closed by the reader (`chronicle board | head`): stop quietly.
    ClosedPipe,
    /// chronicle itself went wrong.
    Bug,
}

/// The exit code of each kind of error: the one place they are decided.
pub(super) fn exit_code(kind: ErrorKind) -> u8 {
    match kind {
        ErrorKind::Refused | ErrorKind::Input | ErrorKind::File | ErrorKind::Stopped => {
            exit::REFUSED
        }
        ErrorKind::Usage => exit::USAGE,
        ErrorKind::Database => exit::DATABASE,
        ErrorKind::Bug => exit::BUG,
        ErrorKind::Interrupted => exit::INTERRUPTED,
        ErrorKind::ClosedPipe => exit::DONE,
    }
}

/// What the error says: words, or a refusal put into words where it is printed (the
/// words depend on where the refused entry came from).
#[derive(Debug)]
enum Said {
    Words(String),
    Refused { refusal: Box<Refusal>, asked: Asked },
}

#[derive(Debug)]
pub struct CliError {
    kind: ErrorKind,
    said: Said,
    hints: Vec<String>,
    /// Set where a write was attempted and nothing came of it.
    nothing_written: bool,
}

impl CliError {
    fn new(kind: ErrorKind, message: impl Into<String>) -> CliError {
        CliError {
            kind,
            said: Said::Words(message.into()),
            hints: Vec::new(),
            nothing_written: false,
        }
    }

    pub fn usage(message: impl Into<String>) -> CliError {
        CliError::new(ErrorKind::Usage, message)
    }

    pub fn input(message: impl Into<String>) -> CliError {
        CliError::new(ErrorKind::Input, message)
    }

    pub fn file(message: impl Into<String>) -> CliError {
        CliError::new(ErrorKind::File, message)
    }

    pub(crate) fn bug(message: impl Into<String>) -> CliError {
        CliError::new(ErrorKind::Bug, message)
            .hinted("This is a bug in chronicle; please report it with the command you ran.")
    }

    pub fn stopped() -> CliError {
        CliError::new(ErrorKind::Stopped, "Stopped before the end.")
    }

    pub(crate) fn interrupted() -> CliError {
        CliError::new(ErrorKind::Interrupted, "Stopped before the end (Ctrl-C).")
    }

    /// A refusal, to be put in the words of `asked`.
    pub fn refused(refusal: Refusal, asked: Asked) -> CliError {
        CliError {
            kind: ErrorKind::Refused,
            said: Said::Refused {
                refusal: Box::new(refusal),
                asked,
            },
            hints: Vec::new(),
            nothing_written: false,
        }
    }

    /// The same error with a hint after its message.
    #[must_use]
    pub(crate) fn hinted(mut self, hint: impl Into<String>) -> CliError {
        self.hints.push(hint.into());
        self
    }

    /// A refusal put in the words of `asked` (other errors are left as they are).
    #[must_use]
    pub fn asked(mut self, asked: Asked) -> CliError {
        if let Said::Refused { asked: was, .. } = &mut self.said {
            *was = asked;
        }
        self
    }

    /// The same error, said to have left the database as it was.
    #[must_use]
    pub(crate) fn nothing_written(mut self) -> CliError {
        self.nothing_written = true;
        self
    }

    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    pub fn code(&self) -> u8 {
        exit_code(self.kind)
    }

    /// The refusal, if the rules refused.
    pub fn refusal(&self) -> Option<&Refusal> {
        match &self.said {
            Said::Refused { refusal, .. } => Some(refusal),
            Said::Words(_) => None,
        }
    }

    /// The message and every hint, as one text.
    pub fn message(&self) -> String {
        let (message, mut hints) = match &self.said {
            Said::Words(words) => (words.clone(), Vec::new()),
            Said::Refused { refusal, asked } => explain::refusal(refusal, *asked),
        };
        hints.extend(self.hints.iter().cloned());
        std::iter::once(message)
            .chain(hints)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Prints the error on stderr: "error: …" (in red where colour is on; a long message
    /// cut short unless `--verbose`), then, where a write was attempted, that nothing was
    /// written.
    pub fn print(&self, terminal: &super::Terminal) {
        if self.kind == ErrorKind::ClosedPipe {
            return;
        }
        if matches!(self.kind, ErrorKind::Stopped | ErrorKind::Interrupted)
            && terminal.stderr_terminal
        {
            // A prompt may have hidden the cursor: show it again.
            let _ = dialoguer::console::Term::stderr().show_cursor();
        }
        let style = super::colour::ERROR;
        let message = printable(&self.message());
        super::colour::to_stderr(
            terminal.colour.stderr,
            &format!(
                "{style}error:{style:#} {}\n",
                shortened(&message, terminal.verbose)
            ),
        );
        if self.nothing_written {
            eprintln!("Nothing was written.");
        }
    }
}

/// The longest message printed whole without `--verbose`, in characters.
const LONGEST_MESSAGE: usize = 600;

/// A message cut to its first few hundred characters, saying how to see the rest.
fn shortened(message: &str, verbose: bool) -> std::borrow::Cow<'_, str> {
    let count = message.chars().count();
    if verbose || count <= LONGEST_MESSAGE {
        return std::borrow::Cow::Borrowed(message);
    }
    let head: String = message.chars().take(LONGEST_MESSAGE - 100).collect();
    std::borrow::Cow::Owned(format!(
        "{head}… ({} more characters; run again with --verbose to see them all)",
        count - (LONGEST_MESSAGE - 100)
    ))
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for CliError {}

impl From<Refusal> for CliError {
    fn from(refusal: Refusal) -> CliError {
        CliError::refused(refusal, Asked::Flags)
    }
}

impl From<StoreError> for CliError {
    fn from(error: StoreError) -> CliError {
        let kind = if error.is_database() {
            ErrorKind::Database
        } else {
            ErrorKind::Input
        };
        let mut cli = CliError::new(kind, error.to_string());
        cli.hints = explain::store_hints(&error);
        cli
    }
}

impl From<BrokenLog> for CliError {
    fn from(broken: BrokenLog) -> CliError {
        CliError::from(StoreError::BrokenLog(broken))
    }
}

impl From<crate::files::FileError> for CliError {
    fn from(error: crate::files::FileError) -> CliError {
        CliError::file(error.to_string())
    }
}

impl From<crate::git::GitError> for CliError {
    fn from(error: crate::git::GitError) -> CliError {
        CliError::file(format!("{error}.")).hinted(
            "Nothing of this device's log is lost: the database has it. Once git works in the clone again (a hook, signing or a login may have refused), sync again with --git: it commits this device's file first and takes the remote as it is.",
        )
    }
}

impl From<std::io::Error> for CliError {
    fn from(error: std::io::Error) -> CliError {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            CliError::new(ErrorKind::ClosedPipe, "the output was closed")
        } else {
            CliError::file(error.to_string())
        }
    }
}
