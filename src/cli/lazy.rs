//! Building only the subcommand that runs. clap builds the arguments of every subcommand
//! before it parses; `Lazy` hands each subcommand's arguments to clap as a deferred step,
//! which clap takes only for the subcommand it parses (or whose help it prints). Building
//! all of them cost a read command an eighth of its time.
//!
//! `Only` goes one step further: when the command line names a subcommand, the tree clap
//! parses holds that one alone. clap copies every global option (`--db`, `--campaign`, ...)
//! into every subcommand before it parses, and frees the copies after; for a read command
//! that was a tenth of its instructions. Whatever that tree does not parse (help, a
//! mistake, a name that was an option's value) is parsed again with the whole tree, so
//! every message is what the whole tree prints.

use std::cell::RefCell;
use std::ffi::OsString;
use std::ops::Deref;

use clap::{ArgMatches, Args, Command, Error, FromArgMatches, Subcommand};

/// A subcommand's arguments (`A: Args`) or its own subcommands (`A: Subcommand`), built
/// when clap needs them.
#[derive(Debug)]
pub struct Lazy<A>(pub A);

impl<A> Deref for Lazy<A> {
    type Target = A;

    fn deref(&self) -> &A {
        &self.0
    }
}

fn args<A: Args>(command: Command) -> Command {
    A::augment_args(command)
}

fn args_for_update<A: Args>(command: Command) -> Command {
    A::augment_args_for_update(command)
}

fn subcommands<S: Subcommand>(command: Command) -> Command {
    S::augment_subcommands(command)
}

fn subcommands_for_update<S: Subcommand>(command: Command) -> Command {
    S::augment_subcommands_for_update(command)
}

impl<A: Args> Args for Lazy<A> {
    fn augment_args(command: Command) -> Command {
        command.defer(args::<A>)
    }

    fn augment_args_for_update(command: Command) -> Command {
        command.defer(args_for_update::<A>)
    }

    fn group_id() -> Option<clap::Id> {
        A::group_id()
    }
}

impl<S: Subcommand> Subcommand for Lazy<S> {
    fn augment_subcommands(command: Command) -> Command {
        command.defer(subcommands::<S>)
    }

    fn augment_subcommands_for_update(command: Command) -> Command {
        command.defer(subcommands_for_update::<S>)
    }

    fn has_subcommand(name: &str) -> bool {
        S::has_subcommand(name)
    }
}

impl<A: FromArgMatches> FromArgMatches for Lazy<A> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, Error> {
        A::from_arg_matches(matches).map(Lazy)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, Error> {
        A::from_arg_matches_mut(matches).map(Lazy)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

thread_local! {
    /// The subcommand the tree is built with alone (`Only`), while `parse_only` parses.
    static ONLY: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The top-level subcommands (`S`), all of them, or only the one `parse_only` asks for.
#[derive(Debug)]
pub struct Only<S>(pub S);

impl<S: Subcommand> Subcommand for Only<S> {
    fn augment_subcommands(command: Command) -> Command {
        let Some(name) = ONLY.with_borrow(Clone::clone) else {
            return S::augment_subcommands(command);
        };
        let all = S::augment_subcommands(Command::new(""));
        match all.find_subcommand(&name) {
            Some(one) => command.subcommand(one.clone()),
            None => S::augment_subcommands(command),
        }
    }

    fn augment_subcommands_for_update(command: Command) -> Command {
        S::augment_subcommands_for_update(command)
    }

    fn has_subcommand(name: &str) -> bool {
        S::has_subcommand(name)
    }
}

impl<S: FromArgMatches> FromArgMatches for Only<S> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, Error> {
        S::from_arg_matches(matches).map(Only)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), Error> {
        self.0.update_from_arg_matches(matches)
    }
}

/// The command line parsed by a tree that holds only the first subcommand it names (`S`
/// being the top-level subcommands), or `None` when it names none or that tree does not
/// parse it; the caller then parses it with the whole tree.
pub(super) fn parse_only<P: clap::Parser, S: Subcommand>(args: &[OsString]) -> Option<P> {
    let name = args
        .iter()
        .skip(1)
        .filter_map(|arg| arg.to_str())
        .find(|arg| S::has_subcommand(arg))?;
    ONLY.set(Some(name.to_owned()));
    let parsed = P::try_parse_from(args);
    ONLY.set(None);
    parsed.ok()
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use crate::cli::Cli;

    #[test]
    fn the_deferred_tree_builds_whole_and_every_command_has_a_summary() {
        let mut command = Cli::command();
        command.build();
        command.clone().debug_assert();
        for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
            assert!(
                sub.get_about().is_some(),
                "{} has no summary",
                sub.get_name()
            );
            for nested in sub.get_subcommands().filter(|s| s.get_name() != "help") {
                assert!(
                    nested.get_about().is_some(),
                    "{} {} has no summary",
                    sub.get_name(),
                    nested.get_name()
                );
            }
        }
        let board = command.find_subcommand("board").expect("board");
        assert!(board.get_arguments().any(|a| a.get_id() == "continent"));
    }

    fn words(line: &str) -> Vec<std::ffi::OsString> {
        line.split(' ').map(Into::into).collect()
    }

    #[test]
    fn the_tree_of_one_subcommand_parses_as_the_whole_tree_or_not_at_all() {
        use clap::Parser;

        use super::parse_only;
        use crate::cli::Command;

        let parsed = [
            "chronicle board",
            "chronicle --db x.db board --campaign Demo --after 5",
            "chronicle game log --date 2026-11-01 --player Ann=bear:won --format json",
            "chronicle --campaign Demo game --db x.db list",
            "chronicle --format csv history --player Ann",
        ];
        for line in parsed {
            let args = words(line);
            let whole = Cli::try_parse_from(&args).expect(line);
            let one = parse_only::<Cli, Command>(&args).expect(line);
            assert_eq!(format!("{one:?}"), format!("{whole:?}"), "{line}");
        }
        // Help, a mistake, or a subcommand's name that was an option's value: the whole
        // tree parses it (and prints its messages).
        let not_parsed = [
            "chronicle board --help",
            "chronicle board --bogus",
            "chronicle boardd",
            "chronicle --campaign board stats",
            "chronicle help board",
        ];
        for line in not_parsed {
            assert!(parse_only::<Cli, Command>(&words(line)).is_none(), "{line}");
        }
        assert!(Cli::try_parse_from(words("chronicle --campaign board stats")).is_ok());
        // The tree parse_only parses with holds the one subcommand alone.
        super::ONLY.set(Some("board".to_string()));
        let tree = Cli::command();
        super::ONLY.set(None);
        let names: Vec<&str> = tree
            .get_subcommands()
            .map(clap::Command::get_name)
            .collect();
        assert_eq!(names, ["board"]);
        assert!(Cli::command().get_subcommands().count() > 20);
    }
}
