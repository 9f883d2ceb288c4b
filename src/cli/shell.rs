//! `chronicle completions SHELL` and `chronicle man [--dir DIR]`: tab completion for a
//! shell, and the manual pages, both made from the command line's own definition.

use std::path::PathBuf;

use clap::CommandFactory;

use super::error::CliError;
use super::output::{out, say};
use crate::files::{Symlinks, write};

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
    let mut command = super::Cli::command();
    command.build();
    command
}

pub(super) fn completions(args: &CompletionsArgs) -> Result<(), CliError> {
    let mut text = Vec::new();
    clap_complete::generate(args.shell, &mut command(), "chronicle", &mut text);
    out(&String::from_utf8_lossy(&text))
}

pub(super) fn man(args: &ManArgs) -> Result<(), CliError> {
    let command = command();
    let Some(dir) = &args.dir else {
        let mut page = Vec::new();
        clap_mangen::Man::new(command).render(&mut page)?;
        return out(&String::from_utf8_lossy(&page));
    };
    std::fs::create_dir_all(dir).map_err(|e| {
        CliError::file(format!(
            "The folder {} could not be made: {e}.",
            dir.display()
        ))
    })?;
    let mut written = 0;
    for (name, sub) in pages(&command, "chronicle") {
        let mut page = Vec::new();
        clap_mangen::Man::new(sub.clone().name(name.clone())).render(&mut page)?;
        write(&dir.join(format!("{name}.1")), Symlinks::Refuse, &page)?;
        written += 1;
    }
    say(&format!(
        "Wrote {written} manual pages into {}.",
        dir.display()
    ));
    Ok(())
}

/// The command and each subcommand under it, named as `man` finds them
/// (`chronicle-game-log`).
fn pages(command: &clap::Command, name: &str) -> Vec<(String, clap::Command)> {
    let mut all = vec![(name.to_string(), command.clone())];
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        all.extend(pages(sub, &format!("{name}-{}", sub.get_name())));
    }
    all
}

/// Answers the shell when it asks for completions (`COMPLETE=bash chronicle …`), then
/// exits; does nothing on an ordinary run.
pub(super) fn complete_if_asked() {
    clap_complete::CompleteEnv::with_factory(super::Cli::command).complete();
}
