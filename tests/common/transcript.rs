//! One `chronicle` command and what it should do, written the way a transcript of a terminal
//! reads: the command, then what it prints and its exit code.
//!
//! ```ignore
//! env.test()
//!     .args(["game", "undo"])
//!     .status(2)
//!     .stderr_has("--yes")
//!     .writes_nothing()
//!     .run();
//! ```
//!
//! A test checks the whole of stdout or stderr (`stdout`, `stderr`), or parts of them
//! (`stdout_has`, `stderr_has`); the exit code is 0 unless `status` says otherwise. Every
//! command is also checked never to panic. On a failure the message shows the whole
//! transcript. `transcript` gives that text (temporary paths shown as `[TMP]`) for an insta
//! snapshot of what a person sees.

use std::fmt::Write as _;

use serde_json::Value;

use super::{Run, TestEnv, assert_no_panic};

/// A command to run in a test environment, with what it is expected to do.
#[must_use = "a Test does nothing until `run`, `json` or `transcript`"]
pub struct Test<'a> {
    env: Env<'a>,
    args: Vec<String>,
    envs: Vec<(String, Option<String>)>,
    stdin: Option<String>,
    stdout: Expected,
    stderr: Expected,
    status: i32,
    writes_nothing: bool,
}

/// The environment a test runs in: its own, or one that several commands share.
enum Env<'a> {
    Owned(TestEnv),
    Shared(&'a TestEnv),
}

/// What a stream must be (whole), hold and not hold.
#[derive(Default)]
struct Expected {
    whole: Option<String>,
    holds: Vec<String>,
    lacks: Vec<String>,
}

impl Expected {
    /// What is wrong with `actual`, one line each.
    fn problems(&self, stream: &str, actual: &str, out: &mut Vec<String>) {
        if let Some(whole) = &self.whole
            && whole != actual
        {
            out.push(format!(
                "{stream} differs:\n--- expected\n{whole}\n--- actual\n{actual}"
            ));
        }
        for part in &self.holds {
            if !actual.contains(part.as_str()) {
                out.push(format!("{stream} does not hold {part:?}"));
            }
        }
        for part in &self.lacks {
            if actual.contains(part.as_str()) {
                out.push(format!("{stream} holds {part:?}"));
            }
        }
    }
}

impl TestEnv {
    /// A command to run in this environment (several tests' commands may share it).
    pub fn test(&self) -> Test<'_> {
        Test::with(Env::Shared(self))
    }
}

impl Default for Test<'static> {
    fn default() -> Self {
        Test::new()
    }
}

impl Test<'static> {
    /// A command in a new, empty environment of its own.
    pub fn new() -> Test<'static> {
        Test::with(Env::Owned(TestEnv::new()))
    }
}

impl<'a> Test<'a> {
    fn with(env: Env<'a>) -> Test<'a> {
        Test {
            env,
            args: Vec::new(),
            envs: Vec::new(),
            stdin: None,
            stdout: Expected::default(),
            stderr: Expected::default(),
            status: 0,
            writes_nothing: false,
        }
    }

    fn env(&self) -> &TestEnv {
        match &self.env {
            Env::Owned(env) => env,
            Env::Shared(env) => env,
        }
    }

    /// One more argument.
    pub fn arg(mut self, arg: impl AsRef<str>) -> Self {
        self.args.push(arg.as_ref().to_string());
        self
    }

    /// More arguments.
    pub fn args<I>(mut self, args: I) -> Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_string()));
        self
    }

    /// An environment variable for this command (on top of the test environment's).
    pub fn env_var(mut self, key: &str, value: impl AsRef<str>) -> Self {
        self.envs
            .push((key.to_string(), Some(value.as_ref().to_string())));
        self
    }

    /// An environment variable the test environment sets, unset for this command.
    pub fn env_remove(mut self, key: &str) -> Self {
        self.envs.push((key.to_string(), None));
        self
    }

    /// What the command reads on stdin (by default nothing: stdin is closed).
    pub fn stdin(mut self, text: impl AsRef<str>) -> Self {
        self.stdin = Some(text.as_ref().to_string());
        self
    }

    /// All that stdout must be.
    pub fn stdout(mut self, text: impl AsRef<str>) -> Self {
        self.stdout.whole = Some(text.as_ref().to_string());
        self
    }

    /// Something stdout must hold (repeatable).
    pub fn stdout_has(mut self, text: impl AsRef<str>) -> Self {
        self.stdout.holds.push(text.as_ref().to_string());
        self
    }

    /// All that stderr must be.
    pub fn stderr(mut self, text: impl AsRef<str>) -> Self {
        self.stderr.whole = Some(text.as_ref().to_string());
        self
    }

    /// Something stderr must hold (repeatable).
    pub fn stderr_has(mut self, text: impl AsRef<str>) -> Self {
        self.stderr.holds.push(text.as_ref().to_string());
        self
    }

    /// Something stderr must not hold (repeatable).
    pub fn stderr_lacks(mut self, text: impl AsRef<str>) -> Self {
        self.stderr.lacks.push(text.as_ref().to_string());
        self
    }

    /// The exit code expected (0 unless this is called).
    pub fn status(mut self, code: i32) -> Self {
        self.status = code;
        self
    }

    /// The database's content must be the same after the command as before it.
    pub fn writes_nothing(mut self) -> Self {
        self.writes_nothing = true;
        self
    }

    /// Runs the command, checks all that was expected, and returns what it did.
    #[track_caller]
    pub fn run(self) -> Run {
        self.execute()
    }

    /// Runs the command, checks all that was expected, and parses stdout as JSON.
    #[track_caller]
    pub fn json(self) -> Value {
        self.execute().json()
    }

    /// Runs the command, checks all that was expected, and returns the transcript: the
    /// command line, then stdout, stderr and the exit code, each temporary path as `[TMP]`.
    #[track_caller]
    pub fn transcript(self) -> String {
        let run = self.execute();
        self.transcript_of(&run)
    }

    #[track_caller]
    fn execute(&self) -> Run {
        let env = self.env();
        let before = self.writes_nothing.then(|| env.dump());
        let args: Vec<&str> = self.args.iter().map(String::as_str).collect();
        let mut cmd = env.command_with(&args);
        for (key, value) in &self.envs {
            match value {
                Some(value) => cmd.env(key, value),
                None => cmd.env_remove(key),
            };
        }
        let output = cmd
            .write_stdin(self.stdin.clone().unwrap_or_default())
            .output()
            .expect("chronicle runs");
        let run = Run::from_output(self.args.join(" "), output);
        let mut problems = Vec::new();
        if run.code != self.status {
            problems.push(format!("exit {} (expected {})", run.code, self.status));
        }
        self.stdout.problems("stdout", &run.stdout, &mut problems);
        self.stderr.problems("stderr", &run.stderr, &mut problems);
        if let Some(before) = before
            && env.dump() != before
        {
            problems.push("the database changed".to_string());
        }
        assert!(
            problems.is_empty(),
            "{}\n\n{}",
            problems.join("\n"),
            self.transcript_of(&run)
        );
        assert_no_panic(&run);
        run
    }

    fn transcript_of(&self, run: &Run) -> String {
        // The variables this command sets or unsets on top of the test environment's, as
        // a shell would take them.
        let mut text = String::from("$ ");
        for (key, value) in &self.envs {
            if value.is_none() {
                let _ = write!(text, "env -u {key} ");
            }
        }
        for (key, value) in &self.envs {
            if let Some(value) = value {
                let _ = write!(text, "{key}={} ", quote(value));
            }
        }
        text.push_str("chronicle");
        for arg in &self.args {
            text.push(' ');
            text.push_str(&quote(arg));
        }
        text.push('\n');
        if let Some(stdin) = &self.stdin {
            section(&mut text, "stdin", stdin);
        }
        section(&mut text, "stdout", &run.stdout);
        section(&mut text, "stderr", &run.stderr);
        let _ = writeln!(text, "[exit {}]", run.code);
        redact(self.env(), &text)
    }
}

/// `[NAME]` and the text below it, ending in a newline; nothing when the text is empty.
fn section(out: &mut String, name: &str, text: &str) {
    if text.is_empty() {
        return;
    }
    let _ = writeln!(out, "[{name}]");
    out.push_str(text);
    if !text.ends_with('\n') {
        out.push_str("\n[no newline at the end]\n");
    }
}

/// An argument as a person would type it in a shell: quoted only when it needs to be.
fn quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg.chars().all(|c| {
            c.is_alphanumeric()
                || matches!(
                    c,
                    '-' | '_' | '=' | ':' | '@' | ',' | '.' | '/' | '+' | '[' | ']'
                )
        });
    if plain {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', "'\\''"))
    }
}

/// `text` with the environment's temporary folder shown as `[TMP]`, however it is spelt.
fn redact(env: &TestEnv, text: &str) -> String {
    let mut text = text.to_string();
    let dir = env.dir();
    let mut spellings = vec![dir.to_string_lossy().into_owned()];
    if let Ok(real) = dir.canonicalize() {
        spellings.push(real.to_string_lossy().into_owned());
    }
    // The longer spelling first, so that one holding the other is replaced whole.
    spellings.sort_by_key(|s| std::cmp::Reverse(s.len()));
    for spelling in spellings {
        text = text.replace(&spelling, "[TMP]");
    }
    text
}
