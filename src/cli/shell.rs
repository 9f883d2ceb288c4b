//! `chronicle completions SHELL` and `chronicle man [--dir DIR]`: tab completion for a
//! shell, and the manual pages, both made from the command line's own definition.

use std::fmt::Write as _;
use std::path::PathBuf;

use super::error::CliError;
use super::output::{out, say};
use crate::files::{self, Symlinks, write};

/// Print tab completion for a shell (bash, zsh, fish, powershell, elvish)
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Print the manual page (or write one page per command into a folder)
#[derive(Debug, clap::Args)]
pub struct ManArgs {
    /// Write chronicle.1 and a page per command (chronicle-game-log.1, …) into this folder
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// The whole command line, every subcommand built (they are built lazily otherwise).
fn command() -> clap::Command {
    let mut command = super::command::command();
    command.build();
    command
}

pub(super) fn completions(args: &CompletionsArgs) -> Result<(), CliError> {
    let mut text = Vec::new();
    clap_complete::generate(args.shell, &mut command(), "chronicle", &mut text);
    out(&String::from_utf8_lossy(&text))
}

pub(super) fn man(args: &ManArgs) -> Result<(), CliError> {
    let mut command = manual_command(super::command::command());
    command.build();
    let Some(dir) = &args.dir else {
        return out(&page(&command, "chronicle")?);
    };
    files::folder(dir, Symlinks::Never)?;
    let mut written = 0;
    for (name, sub) in pages(&command, "chronicle") {
        write(
            &dir.join(format!("{name}.1")),
            Symlinks::Never,
            page(&sub, &name)?.as_bytes(),
        )?;
        written += 1;
    }
    say(&format!(
        "Wrote {written} manual pages into {}.",
        dir.display()
    ));
    Ok(())
}

/// The command line as the manual shows it: no `help` subcommand (it has no page; `--help`
/// is on every page), and the root's environment and exit codes in sections of their own.
fn manual_command(command: clap::Command) -> clap::Command {
    let names: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    let mut command = command.disable_help_subcommand(true);
    for name in names {
        command = command.mut_subcommand(&name, manual_command);
    }
    command
}

/// One manual page: NAME, SYNOPSIS, DESCRIPTION, OPTIONS, SUBCOMMANDS, EXAMPLES,
/// ENVIRONMENT, EXIT STATUS, VERSION.
fn page(command: &clap::Command, name: &str) -> Result<String, CliError> {
    let name = name.to_string();
    let examples = command
        .get_after_help()
        .map(ToString::to_string)
        .and_then(|text| text.strip_prefix("Examples:\n").map(str::to_string));
    let man = clap_mangen::Man::new(command.clone().name(name).after_help(None::<&str>));
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    if command.has_subcommands() {
        man.render_subcommands_section(&mut page)?;
    }
    let mut text = String::from_utf8_lossy(&page).into_owned();
    if let Some(examples) = examples {
        text.push_str(".SH EXAMPLES\n.nf\n");
        for line in examples.lines() {
            text.push_str(&roff(line.trim_start()));
            text.push('\n');
        }
        text.push_str(".fi\n");
    }
    text.push_str(".SH ENVIRONMENT\n");
    for (variable, what) in super::env::VARIABLES {
        let _ = write!(text, ".TP\n\\fB{}\\fR\n{}\n", roff(variable), roff(what));
    }
    let _ = writeln!(text, ".PP\n{}", roff(super::env::COLOUR_ORDER));
    text.push_str(".SH \"EXIT STATUS\"\n");
    for (code, what) in super::env::EXIT_CODES {
        let _ = writeln!(text, ".TP\n\\fB{code}\\fR\n{}", roff(what));
    }
    if command.get_version().is_some() {
        let mut version = Vec::new();
        man.render_version_section(&mut version)?;
        text.push_str(&String::from_utf8_lossy(&version));
    }
    Ok(text)
}

/// Text as roff shows it: a backslash and a hyphen escaped, a line never starting with a
/// control character.
fn roff(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

/// The command and each subcommand under it, named as `man` finds them
/// (`chronicle-game-log`).
fn pages(command: &clap::Command, name: &str) -> Vec<(String, clap::Command)> {
    let mut all = vec![(name.to_string(), command.clone())];
    for sub in command.get_subcommands() {
        all.extend(pages(sub, &format!("{name}-{}", sub.get_name())));
    }
    all
}

/// Answers the shell when it asks for completions (`COMPLETE=bash chronicle …`), then
/// exits; does nothing on an ordinary run.
pub(super) fn complete_if_asked() {
    use super::complete_shells::{Bash, Unquoted};
    use clap_complete::env::{Elvish, Fish, Powershell, Shells, Zsh};
    let zsh = Unquoted {
        shell: Zsh,
        every_word: true,
    };
    let fish = Unquoted {
        shell: Fish,
        every_word: false,
    };
    clap_complete::CompleteEnv::with_factory(super::command::command)
        .shells(Shells(&[&Bash, &Elvish, &fish, &Powershell, &zsh]))
        .complete();
}
