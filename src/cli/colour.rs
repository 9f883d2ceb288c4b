//! Colour, decided once for everything chronicle prints: its own messages, the titles of its
//! tables, and clap's help and usage errors. `--color always` or `never` decides; left to
//! `auto`, `NO_COLOR`, `CLICOLOR_FORCE`, `CLICOLOR` and `TERM=dumb` decide in that order,
//! and then whether the stream is a terminal. chronicle's own styles are `anstyle` styles
//! written through `anstream`, which drops them where colour is off.

use std::ffi::OsString;
use std::io::Write;

use anstream::AutoStream;
use anstyle::{AnsiColor, Style};

use super::format::ColorChoice;

/// Whether each stream is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour {
    pub stdout: bool,
    pub stderr: bool,
}

impl Colour {
    /// No colour anywhere.
    pub const NONE: Colour = Colour {
        stdout: false,
        stderr: false,
    };

    /// The decision for the process's streams, from `--color` and the environment's
    /// variables.
    pub(super) fn decide(flag: ColorChoice, vars: ColourVars) -> Colour {
        use std::io::IsTerminal;
        Colour {
            stdout: on(flag, vars, std::io::stdout().is_terminal()),
            stderr: on(flag, vars, std::io::stderr().is_terminal()),
        }
    }
}

/// What the environment says about colour (read by `env::colour_vars`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // each is a variable of its own
pub(super) struct ColourVars {
    /// `NO_COLOR` is set (no-color.org).
    pub no_color: bool,
    /// `CLICOLOR_FORCE` is set, and not to 0.
    pub clicolor_force: bool,
    /// `CLICOLOR=0`.
    pub clicolor_off: bool,
    /// `TERM=dumb`: a terminal that shows no colour.
    pub dumb_terminal: bool,
}

/// Whether a stream is coloured: `--color always` or `never`, else the first of `NO_COLOR`
/// (off), `CLICOLOR_FORCE` (on), `CLICOLOR=0` (off), `TERM=dumb` (off) that is set, else
/// whether the stream is a terminal.
pub(super) fn on(flag: ColorChoice, vars: ColourVars, terminal: bool) -> bool {
    match flag {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto if vars.no_color => false,
        ColorChoice::Auto if vars.clicolor_force => true,
        ColorChoice::Auto if vars.clicolor_off || vars.dumb_terminal => false,
        ColorChoice::Auto => terminal,
    }
}

/// The `--color` of a command line, read before clap parses it so that clap's own help and
/// usage errors follow it too: the last one given before `--`; `auto` when there is none or
/// its value is not one of the three (clap then refuses it in the colour decided without
/// it).
pub(super) fn flag_in(args: &[OsString]) -> ColorChoice {
    let mut flag = ColorChoice::Auto;
    let mut args = args.iter().skip(1).map(|a| a.to_str().unwrap_or(""));
    while let Some(arg) = args.next() {
        let value = match arg {
            "--" => break,
            "--color" => args.next().unwrap_or(""),
            _ => match arg.strip_prefix("--color=") {
                Some(value) => value,
                None => continue,
            },
        };
        flag = match value {
            "always" => ColorChoice::Always,
            "never" => ColorChoice::Never,
            _ => ColorChoice::Auto,
        };
    }
    flag
}

/// clap's setting for a stream decided on or off.
pub(super) fn for_clap(on: bool) -> clap::ColorChoice {
    if on {
        clap::ColorChoice::Always
    } else {
        clap::ColorChoice::Never
    }
}

/// A stream that writes styles where `on`, and drops them where not.
fn stream<W: anstream::stream::RawStream>(raw: W, on: bool) -> AutoStream<W> {
    let choice = if on {
        anstream::ColorChoice::Always
    } else {
        anstream::ColorChoice::Never
    };
    AutoStream::new(raw, choice)
}

/// Writes text that may hold styles to stderr, in colour where `on`.
pub(super) fn to_stderr(on: bool, text: &str) {
    let mut stderr = stream(std::io::stderr().lock(), on);
    // Nothing more can be said where stderr is closed.
    let _ = stderr.write_all(text.as_bytes());
    let _ = stderr.flush();
}

/// Writes text that may hold styles to stdout, in colour where `on`.
pub(super) fn to_stdout(on: bool, text: &str) -> std::io::Result<()> {
    let mut stdout = stream(std::io::stdout().lock(), on);
    stdout.write_all(text.as_bytes())?;
    stdout.flush()
}

/// The style of "error:".
pub(super) const ERROR: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Red)));

/// The style of "warning:".
pub(super) const WARNING: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Yellow)));

#[cfg(test)]
mod tests {
    use super::*;

    /// The variables set, in the order NO_COLOR, CLICOLOR_FORCE, CLICOLOR=0, TERM=dumb.
    fn vars([no_color, clicolor_force, clicolor_off, dumb_terminal]: [bool; 4]) -> ColourVars {
        ColourVars {
            no_color,
            clicolor_force,
            clicolor_off,
            dumb_terminal,
        }
    }

    #[test]
    fn the_flag_then_each_variable_in_turn_then_the_terminal_decides() {
        let none = ColourVars::default();
        let all = vars([true; 4]);
        // --color decides over everything.
        assert!(on(ColorChoice::Always, all, false));
        assert!(!on(ColorChoice::Never, none, true));
        // NO_COLOR over CLICOLOR_FORCE; CLICOLOR_FORCE over CLICOLOR=0 and TERM=dumb.
        assert!(!on(ColorChoice::Auto, all, true));
        assert!(on(
            ColorChoice::Auto,
            vars([false, true, true, true]),
            false
        ));
        assert!(!on(
            ColorChoice::Auto,
            vars([false, false, true, false]),
            true
        ));
        assert!(!on(
            ColorChoice::Auto,
            vars([false, false, false, true]),
            true
        ));
        // Nothing set: a terminal is coloured, a pipe is not.
        assert!(on(ColorChoice::Auto, none, true));
        assert!(!on(ColorChoice::Auto, none, false));
    }

    #[test]
    fn the_color_flag_is_found_before_clap_reads_the_line() {
        let line = |args: &[&str]| {
            let args: Vec<OsString> = std::iter::once("chronicle")
                .chain(args.iter().copied())
                .map(OsString::from)
                .collect();
            flag_in(&args)
        };
        assert_eq!(line(&["board"]), ColorChoice::Auto);
        assert_eq!(line(&["--color", "never", "board"]), ColorChoice::Never);
        assert_eq!(line(&["board", "--color=always"]), ColorChoice::Always);
        assert_eq!(
            line(&["--color", "always", "--color", "never"]),
            ColorChoice::Never
        );
        assert_eq!(line(&["--color", "sometimes"]), ColorChoice::Auto);
        assert_eq!(
            line(&["game", "log", "--", "--color", "never"]),
            ColorChoice::Auto
        );
    }
}
