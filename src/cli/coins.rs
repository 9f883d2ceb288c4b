//! `chronicle coins TERRITORY…`: the twelve first coin stickers, before game 1.

use schemars::JsonSchema;
use serde::Serialize;

use super::context::Context;
use super::error::CliError;
use super::output::{Report, Table, print, say};
use crate::domain::state::FIRST_COINS;
use crate::domain::{Campaign, Entry, Territory};

/// Place first coin stickers on territory cards before game 1 (twelve in all, at most 2 on
/// a card; name a territory twice for two); without arguments, show where they are
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Territories whose cards get a coin
    pub territories: Vec<String>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Coins {
    placed: u32,
    of: u32,
    cards: Vec<CoinCard>,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct CoinCard {
    territory: &'static str,
    coins: u8,
    resources: u8,
}

impl Report for Coins {
    fn lines(&self) -> Vec<String> {
        vec![format!(
            "First coins placed: {} of {}.",
            self.placed, self.of
        )]
    }

    fn tables(&self) -> Vec<Table> {
        if self.cards.is_empty() {
            return Vec::new();
        }
        let mut table = Table::new(&["Territory", "First coins", "Resources"]);
        for card in &self.cards {
            table.row(vec![
                card.territory.to_string(),
                card.coins.to_string(),
                card.resources.to_string(),
            ]);
        }
        vec![table]
    }
}

fn report(campaign: &Campaign) -> Coins {
    let cards = Territory::all()
        .filter_map(|t| {
            let card = &campaign.territory(t).card;
            (card.stickers > 0).then_some(CoinCard {
                territory: t.name(),
                coins: card.stickers,
                resources: card.resources(),
            })
        })
        .collect();
    Coins {
        placed: campaign.first_coins(),
        of: FIRST_COINS,
        cards,
    }
}

pub fn run(context: &Context, args: Args) -> Result<(), CliError> {
    if args.territories.is_empty() {
        let (_, loaded) = context.load()?;
        return print(&report(&loaded.campaign), context.output());
    }
    let (_, recorded) = context.record(false, |_| {
        let territories = args
            .territories
            .iter()
            .map(|t| Territory::find(t))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Entry::Coins { territories })
    })?;
    let left = FIRST_COINS - recorded.after.first_coins();
    say(&format!(
        "Placed {} first coin{}; {left} of {FIRST_COINS} left to place.",
        args.territories.len(),
        if args.territories.len() == 1 { "" } else { "s" }
    ));
    print(&report(&recorded.after), context.output())
}
