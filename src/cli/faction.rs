//! `chronicle faction add|list|mark|scar`: factions a group finds in sealed packets, and the
//! marks and scars on faction cards.

use schemars::JsonSchema;
use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::output::{Report, Table, print, say};
use crate::domain::describe::happenings;
use crate::domain::faction::standard;
use crate::domain::{Campaign, Entry, Faction, Power};

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Add a faction found in a sealed packet; then playable in `game log --player`
    Add {
        /// Its name, as printed on its card
        name: String,
    },
    /// The factions with their starting power, card marks and scar
    List,
    /// Put a mark in one colour of slot of a faction card (one mark per colour)
    Mark {
        /// The faction, by name or a word of it
        faction: String,
        /// The slot's colour
        #[arg(long)]
        slot: String,
        /// What the mark says
        text: String,
    },
    /// Put a scar on a faction card (one per card)
    Scar {
        /// The faction, by name or a word of it
        faction: String,
        /// What the scar says
        text: String,
    },
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Factions {
    pub factions: Vec<FactionView>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct FactionView {
    pub name: String,
    /// Whether the group added it from a sealed packet.
    pub added: bool,
    /// The starting power it keeps: "a", "b", or null.
    pub power: Option<&'static str>,
    pub marks: Vec<CardMarkView>,
    pub scar: Option<String>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CardMarkView {
    pub slot: String,
    pub text: String,
}

impl Report for Factions {
    fn tables(&self) -> Vec<Table> {
        let mut table = Table::new(&["Faction", "Power", "Card marks", "Card scar"]);
        for f in &self.factions {
            let marks: Vec<String> = f
                .marks
                .iter()
                .map(|m| format!("{}: {}", m.slot, m.text))
                .collect();
            let name = if f.added {
                format!("{} (added)", f.name)
            } else {
                f.name.clone()
            };
            table.row(vec![
                name,
                f.power.map_or("-".to_string(), str::to_uppercase),
                marks.join("; "),
                f.scar.clone().unwrap_or_default(),
            ]);
        }
        vec![table]
    }
}

pub(crate) fn list(campaign: &Campaign) -> Factions {
    let factions = campaign
        .factions()
        .iter()
        .map(|f| {
            let card = campaign.faction_card(f);
            FactionView {
                name: f.to_string(),
                added: standard(f).is_none(),
                power: campaign.power(f).map(Power::letter),
                marks: card
                    .map(|c| {
                        c.marks
                            .iter()
                            .map(|(slot, text, _)| CardMarkView {
                                slot: slot.clone(),
                                text: text.clone(),
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
                scar: card.and_then(|c| c.scar.as_ref().map(|(text, _)| text.clone())),
            }
        })
        .collect();
    Factions { factions }
}

/// How an entry is made from the campaign as it stands.
type Build = Box<dyn FnOnce(&Campaign) -> Result<Entry, CliError>>;

pub fn run(context: &Context, command: Command) -> Result<(), CliError> {
    let build: Build = match command {
        Command::List => {
            let (_, loaded) = context.load()?;
            return print(&list(&loaded.campaign), context.output());
        }
        Command::Add { name } => Box::new(move |_| {
            Ok(Entry::AddFaction {
                faction: Faction::new(name),
            })
        }),
        Command::Mark {
            faction,
            slot,
            text,
        } => Box::new(move |campaign| {
            Ok(Entry::MarkFactionCard {
                faction: campaign.find_faction(&faction)?,
                slot,
                text,
            })
        }),
        Command::Scar { faction, text } => Box::new(move |campaign| {
            Ok(Entry::ScarFactionCard {
                faction: campaign.find_faction(&faction)?,
                text,
            })
        }),
    };
    let (_, recorded) = context.record(false, build)?;
    for happening in happenings(&recorded.before, &recorded.applied.entry) {
        say(&format!("{}.", happening.sentence()));
    }
    Ok(())
}
