//! Games as tables: `game show`, `game list`, and what `game log` says it logged.

use super::pools::pool_table;
use crate::render::sheets;
use crate::render::tabular::{Sheet, Table, Tabular};
use crate::report::game::{GameList, GameLogged, GameView};

impl Tabular for GameView {
    fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!("Game {}, played {}.", self.game, self.date)];
        if let Some(by) = &self.logged_by {
            lines.push(format!("Logged on {by}."));
        }
        if let Some(note) = &self.note {
            lines.push(format!("Note: {note}"));
        }
        lines.extend(self.photos.iter().map(super::photos::photo_line));
        lines
    }

    fn sheets(&self) -> Vec<Sheet> {
        sheets::game(self)
    }

    fn tables(&self) -> Vec<Table> {
        let mut players = Table::new(&["Seat", "Player", "Faction", "Result", "HQ"]);
        for p in &self.players {
            players.row(vec![
                p.seat.to_string(),
                p.person.clone(),
                p.faction.clone(),
                p.result.to_string(),
                p.hq.clone().unwrap_or_default(),
            ]);
        }
        let mut changes = Table::new(&["What changed"]);
        for c in &self.changes {
            changes.row(vec![c.text.clone()]);
        }
        vec![players.titled("Players, clockwise"), changes]
    }
}

impl Tabular for GameList {
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

    fn sheets(&self) -> Vec<Sheet> {
        sheets::game_list(self)
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
                    } else if p.result == "knocked-out" {
                        format!("{} (knocked out)", p.person)
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

impl Tabular for GameLogged {
    fn lines(&self) -> Vec<String> {
        let mut lines = self.game.lines();
        for packet in &self.packets_met {
            let record = if self.written {
                "record it with --opened when you log the next game"
            } else {
                "add --opened to this game's flags if you open it now"
            };
            lines.push(format!(
                "Packet: this game met the condition of the \"{}\" packet ({}). Open it now; {record}.",
                packet.packet, packet.condition
            ));
        }
        if !self.new_people.is_empty() {
            lines.push(format!(
                "New to the campaign: {}.",
                self.new_people.join(", ")
            ));
        }
        lines
    }

    fn sheets(&self) -> Vec<Sheet> {
        sheets::game(&self.game)
    }

    fn tables(&self) -> Vec<Table> {
        let mut tables = self.game.tables();
        tables.push(pool_table(&self.pools).titled("Pools after this game"));
        tables
    }
}
