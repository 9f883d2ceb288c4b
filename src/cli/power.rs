//! `chronicle power FACTION a|b`: a faction keeps one of its two starting powers.

use super::after::{AfterGameArgs, say_placed};
use super::context::Context;
use super::error::CliError;
use super::explain::Asked;
use super::output::{print, say};
use crate::domain::board::faction::standard;
use crate::domain::{Entry, Power};
use crate::report::powers::Powers;

/// Choose a faction's starting power before game 1; without arguments, list the powers
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The faction, by name or a word of it ("bear", "khan")
    pub faction: Option<String>,
    /// Which power it keeps: a or b (the other is destroyed)
    pub power: Option<String>,
    #[command(flatten)]
    pub at: AfterGameArgs,
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let Some(faction) = args.faction else {
        let (info, campaign) = context.campaign_after(None)?;
        return print(&Powers::new(&info.name, &campaign), context);
    };
    let Some(letter) = args.power else {
        return Err(CliError::usage(format!(
            "Which power does {faction} keep? Give `chronicle power \"{faction}\" a` or `... b` (`chronicle power` lists them)."
        ))
        .nothing_written());
    };
    let power = Power::from_letter(&letter).ok_or_else(|| {
        CliError::usage(format!(
            "The power is a or b, not \"{letter}\" (`chronicle power` lists them)."
        ))
        .nothing_written()
    })?;
    let (_, recorded) = context.record(Asked::Flags, false, args.at.after_game, |campaign| {
        Ok(Entry::Power {
            faction: campaign.find_faction(&faction)?,
            power,
        })
    })?;
    say_placed(&recorded);
    if let Entry::Power { faction, power } = &recorded.applied.entry {
        let kept = standard(faction)
            .map(|f| format!(": {}", f.power(*power)))
            .unwrap_or_default();
        let other = match power {
            Power::A => "B",
            Power::B => "A",
        };
        say(&format!(
            "{faction} keeps power {}{kept}. Power {other} is destroyed.",
            power.letter().to_uppercase()
        ));
    }
    Ok(())
}
