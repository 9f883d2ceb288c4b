//! `chronicle game list`: the games so far, one line each.

use schemars::JsonSchema;
use serde::Serialize;

use super::view::{GameView, game_views};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::output::{Report, Table, print};

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct GameList {
    campaign: String,
    games: Vec<GameView>,
}

impl Report for GameList {
    fn lines(&self) -> Vec<String> {
        if self.games.is_empty() {
            vec![format!(
                "No game logged in {} yet: `chronicle game log --help` shows how.",
                self.campaign
            )]
        } else {
            Vec::new()
        }
    }

    fn tables(&self) -> Vec<Table> {
        if self.games.is_empty() {
            return Vec::new();
        }
        let mut table = Table::new(&["Game", "Date", "Winner", "Reward", "Players"]);
        for g in &self.games {
            let winner = g
                .players
                .iter()
                .find(|p| p.result == "won")
                .map(|p| format!("{} ({})", p.person, p.faction))
                .unwrap_or_default();
            let others: Vec<String> = g
                .players
                .iter()
                .filter(|p| p.result != "won")
                .map(|p| {
                    if p.result == "eliminated" {
                        format!("{} (out)", p.person)
                    } else {
                        p.person.clone()
                    }
                })
                .collect();
            table.row(vec![
                g.game.to_string(),
                g.date.clone(),
                winner,
                g.reward.clone().unwrap_or_else(|| "-".to_string()),
                others.join(", "),
            ]);
        }
        vec![table.titled(format!("Games of {}", self.campaign))]
    }
}

pub fn run(context: &Context) -> Result<(), CliError> {
    let (info, stored) = context.read()?;
    let games = game_views(&stored.log)?;
    print(
        &GameList {
            campaign: info.name,
            games,
        },
        context.output(),
    )
}
