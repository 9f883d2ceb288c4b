//! `chronicle rule list` and `chronicle rule set NAME on|off --reason TEXT`: the house rules,
//! switches a group sets between games, kept in the log like a pool's capacity.

use super::after::{AfterArgs, AfterGameArgs, say_placed};
use super::context::Context;
use super::error::CliError;
use super::explain::Asked;
use super::output::{print, say};
use crate::domain::Entry;
use crate::domain::vocabulary::house::HouseRule;
use crate::report::rules::HouseRules;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Each house rule, whether it holds, and what it holds
    List {
        #[command(flatten)]
        time: AfterArgs,
    },
    /// Switch a house rule on or off from now on; kept in the campaign's history
    Set {
        // The rule, named by its key: every house rule is listed in the help.
        #[arg(help = rule_names())]
        name: String,
        /// on or off
        #[arg(value_enum)]
        state: Switch,
        /// Why the group plays it this way (kept in history)
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        at: AfterGameArgs,
    },
}

/// The help of a rule's name: every house rule, by the name a group types.
fn rule_names() -> String {
    let keys: Vec<&str> = HouseRule::ALL.iter().map(|r| r.key()).collect();
    format!("The rule: {}", keys.join(", "))
}

/// A house rule's two states.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Switch {
    On,
    Off,
}

pub(super) fn run(context: &Context, command: Command) -> Result<(), CliError> {
    let (name, state, reason, at) = match command {
        Command::List { time } => {
            let (info, campaign) = context.campaign_after(time.after)?;
            return print(&HouseRules::new(&info.name, &campaign), context);
        }
        Command::Set {
            name,
            state,
            reason,
            at,
        } => (name, state, reason, at),
    };
    let (_, recorded) = context.record(Asked::Flags, false, at.after_game, |_| {
        Ok(Entry::Rule {
            rule: HouseRule::find(&name)?,
            on: matches!(state, Switch::On),
            reason,
        })
    })?;
    say_placed(&recorded);
    if let Entry::Rule { rule, on, .. } = &recorded.applied.entry {
        let (state, held) = if *on {
            ("on", "it holds")
        } else {
            ("off", "it held")
        };
        say(&format!(
            "The house rule {rule} is {state} from now on ({held}: {}; rules {}).",
            rule.words(),
            rule.section()
        ));
    }
    Ok(())
}
