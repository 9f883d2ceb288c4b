//! `chronicle game show N`: one game in full.

use super::view::{GameView, game_views};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::output::{Report, Table, print};

impl Report for GameView {
    fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!("Game {}, played {}.", self.game, self.date)];
        if let Some(note) = &self.note {
            lines.push(format!("Note: {note}"));
        }
        lines
    }

    fn tables(&self) -> Vec<Table> {
        let mut players = Table::new(&["Seat", "Player", "Faction", "Result", "HQ"]);
        for p in &self.players {
            players.row(vec![
                p.seat.to_string(),
                p.person.clone(),
                p.faction.clone(),
                p.result.to_string(),
                p.hq.unwrap_or("").to_string(),
            ]);
        }
        let mut changes = Table::new(&["What changed"]);
        for c in &self.changes {
            changes.row(vec![c.text.clone()]);
        }
        vec![players.titled("Players, clockwise"), changes]
    }
}

pub fn run(context: &Context, number: u32) -> Result<(), CliError> {
    let (info, stored) = context.read()?;
    let games = game_views(&stored.log)?;
    let played = games.len();
    let game = games
        .into_iter()
        .find(|g| g.game == number)
        .ok_or_else(|| {
            CliError::Input(match played {
                0 => format!("{} has no game logged yet.", info.name),
                n => format!(
                    "{} has games 1 to {n}; there is no game {number}.",
                    info.name
                ),
            })
        })?;
    print(&game, context.output())
}
