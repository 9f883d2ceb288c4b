//! `chronicle world name NAME --by PERSON`: after game 15, the world's name; `chronicle
//! world` shows who may give it and, on a tie, the roll-off bonuses.

use schemars::JsonSchema;
use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::output::{Report, Table, print, say};
use crate::domain::state::LAST_REWARDED_GAME;
use crate::domain::{Campaign, Entry};

/// The world's name: who may give it after game 15, or give it
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Name the world (after game 15, by the person with the most signatures or the winner
    /// of the roll-off among the tied)
    Name {
        /// The world's name ("The World of …" is added in print)
        name: String,
        /// Who names it
        #[arg(long)]
        by: String,
    },
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct World {
    pub campaign: String,
    pub games_played: u32,
    /// The world's name, once given.
    pub world_name: Option<String>,
    pub named_by: Option<String>,
    /// The people with the most signatures: one names the world; several roll off.
    pub candidates: Vec<Candidate>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Candidate {
    pub person: String,
    pub signatures: usize,
    /// On a tie: +1 to the roll-off die per continent the person named.
    pub roll_off_bonus: usize,
}

impl Report for World {
    fn lines(&self) -> Vec<String> {
        let line = match (&self.world_name, &self.named_by) {
            (Some(name), Some(by)) => format!("The World of {name}, named by {by}."),
            _ if self.games_played < LAST_REWARDED_GAME => format!(
                "The world is named after game {LAST_REWARDED_GAME}; {} games played.",
                self.games_played
            ),
            _ if self.candidates.len() > 1 => {
                "A tie for the most signatures: the tied roll a die each, adding their bonus; record the winner with `world name NAME --by PERSON`.".to_string()
            }
            _ => "The person below names the world: `world name NAME --by PERSON`.".to_string(),
        };
        vec![line]
    }

    fn tables(&self) -> Vec<Table> {
        let mut table = Table::new(&["Person", "Signatures", "Roll-off bonus"]);
        for c in &self.candidates {
            table.row(vec![
                c.person.clone(),
                c.signatures.to_string(),
                format!("+{}", c.roll_off_bonus),
            ]);
        }
        vec![table.titled("Most signatures")]
    }
}

fn world(name: &str, campaign: &Campaign) -> World {
    let (leaders, most) = campaign.most_signed();
    World {
        campaign: name.to_string(),
        games_played: campaign.games_played(),
        world_name: campaign.world().map(|w| w.name.clone()),
        named_by: campaign.world().map(|w| w.by.clone()),
        candidates: leaders
            .into_iter()
            .filter(|_| most > 0)
            .map(|person| Candidate {
                roll_off_bonus: campaign.named_by(&person).len(),
                signatures: most,
                person,
            })
            .collect(),
    }
}

pub fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let Some(Command::Name { name, by }) = args.command else {
        let (info, loaded) = context.load()?;
        return print(&world(&info.name, &loaded.campaign), context.output());
    };
    let (_, recorded) = context.record(false, |_| Ok(Entry::NameWorld { name, by }))?;
    if let Some(world) = recorded.after.world() {
        let roll_off = if world.roll_off.is_empty() {
            String::new()
        } else {
            format!(
                " after winning the roll-off among {}",
                world.roll_off.join(", ")
            )
        };
        say(&format!(
            "{} named The World of {}{roll_off}.",
            world.by, world.name
        ));
    }
    Ok(())
}
