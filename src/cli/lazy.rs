//! Building only the subcommand that runs. clap builds the arguments of every subcommand
//! before it parses; `Lazy` hands each subcommand's arguments to clap as a deferred step,
//! which clap takes only for the subcommand it parses (or whose help it prints). Building
//! all of them cost a read command an eighth of its time.

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
}
