//! `chronicle scar-type add|list`: scar types a group finds in sealed packets.

use schemars::JsonSchema;
use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::output::{Report, Table, print, say};
use crate::domain::pool::PoolKind;
use crate::domain::{Campaign, Entry};

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Add a scar type found in a sealed packet; then usable in `game log --scar`
    Add {
        /// Its name, as printed on the stickers
        name: String,
        /// How many stickers there are
        #[arg(long, default_value_t = 1)]
        count: u32,
        /// What it does, in your own words
        #[arg(long)]
        effect: Option<String>,
    },
    /// The scar types of the campaign with their stickers left
    List,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ScarTypes {
    pub scar_types: Vec<ScarTypeView>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ScarTypeView {
    pub name: String,
    /// Whether it came from a sealed packet (added by the group).
    pub added: bool,
    pub effect: Option<String>,
    pub stickers: u32,
    pub used: u32,
    pub left: u32,
}

impl Report for ScarTypes {
    fn tables(&self) -> Vec<Table> {
        let mut table = Table::new(&["Scar type", "Stickers", "Left", "Effect"]);
        for s in &self.scar_types {
            table.row(vec![
                s.name.clone(),
                s.stickers.to_string(),
                s.left.to_string(),
                s.effect.clone().unwrap_or_default(),
            ]);
        }
        vec![table]
    }
}

fn list(campaign: &Campaign) -> ScarTypes {
    let scar_types = campaign
        .scar_types()
        .filter_map(|name| {
            let pool = campaign.pool(&PoolKind::Scar(name.clone()))?;
            Some(ScarTypeView {
                name: name.clone(),
                added: crate::domain::pool::STANDARD_SCARS
                    .iter()
                    .all(|(s, _)| s != name),
                effect: campaign.scar_effect(name).map(str::to_string),
                stickers: pool.capacity,
                used: pool.used,
                left: pool.left(),
            })
        })
        .collect();
    ScarTypes { scar_types }
}

pub fn run(context: &Context, command: Command) -> Result<(), CliError> {
    match command {
        Command::List => {
            let (_, loaded) = context.load()?;
            print(&list(&loaded.campaign), context.output())
        }
        Command::Add {
            name,
            count,
            effect,
        } => {
            let (_, recorded) = context.record(false, |_| {
                Ok(Entry::AddScarType {
                    name,
                    count,
                    effect,
                })
            })?;
            if let Entry::AddScarType { name, count, .. } = &recorded.applied.entry {
                say(&format!(
                    "Added the scar type {name} with {count} sticker{}; use it with `game log --scar \"TERRITORY={name}\"`.",
                    if *count == 1 { "" } else { "s" }
                ));
            }
            Ok(())
        }
    }
}
