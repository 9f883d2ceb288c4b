//! `chronicle power FACTION a|b`: a faction keeps one of its two starting powers.

use schemars::JsonSchema;
use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::output::{Report, Table, print, say};
use crate::domain::faction::standard;
use crate::domain::{Entry, Power};

/// Choose a faction's starting power before game 1; without arguments, list the powers
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The faction, by name or a word of it ("bear", "khan")
    pub faction: Option<String>,
    /// Which power it keeps: a or b (the other is destroyed)
    pub power: Option<String>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Powers {
    campaign: String,
    factions: Vec<FactionPowers>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct FactionPowers {
    faction: String,
    power_a: Option<&'static str>,
    power_b: Option<&'static str>,
    kept: Option<&'static str>,
}

impl Report for Powers {
    fn tables(&self) -> Vec<Table> {
        let mut table = Table::new(&["Faction", "Power A", "Power B", "Kept"]);
        for f in &self.factions {
            table.row(vec![
                f.faction.clone(),
                f.power_a.unwrap_or("").to_string(),
                f.power_b.unwrap_or("").to_string(),
                f.kept.map_or("-".to_string(), str::to_uppercase),
            ]);
        }
        vec![table.titled(format!("Starting powers in {}", self.campaign))]
    }
}

pub fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let Some(faction) = args.faction else {
        return list(context);
    };
    let Some(letter) = args.power else {
        return Err(CliError::Usage(format!(
            "Which power does {faction} keep? Give `chronicle power \"{faction}\" a` or `... b` (`chronicle power` lists them)."
        )));
    };
    let power = Power::from_letter(&letter).ok_or_else(|| {
        CliError::Usage(format!(
            "The power is a or b, not \"{letter}\" (`chronicle power` lists them)."
        ))
    })?;
    let (_, recorded) = context.record(false, |campaign| {
        Ok(Entry::Power {
            faction: campaign.find_faction(&faction)?,
            power,
        })
    })?;
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

fn list(context: &Context) -> Result<(), CliError> {
    let (info, loaded) = context.load()?;
    let factions = loaded
        .campaign
        .factions()
        .iter()
        .map(|f| {
            let printed = standard(f);
            FactionPowers {
                faction: f.to_string(),
                power_a: printed.map(|p| p.power_a),
                power_b: printed.map(|p| p.power_b),
                kept: loaded.campaign.power(f).map(Power::letter),
            }
        })
        .collect();
    print(
        &Powers {
            campaign: info.name,
            factions,
        },
        context.output(),
    )
}
