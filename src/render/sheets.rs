//! Reports as data sheets, for a stream that holds one table (CSV): snake_case headers (the
//! JSON's names where it has them), one value a cell, numbers as numbers, empty for none,
//! lists joined by "; ". A sheet has its headers even when it has no row. The tables a
//! person reads (`views/`) say the same in words; these say it as data.

use crate::report::game::{GameList, GameView};
use crate::report::history::History;
use crate::report::packets::PacketView;
use crate::report::pools::PoolRow;
use crate::report::setup::SetupReport;
use crate::report::standing::Standing;
use crate::report::stats::StatsReport;

use super::tabular::{Sheet, Table};

impl Sheet {
    /// A sheet with its headers and no row yet.
    pub(crate) fn new(name: &str, headers: &[&str]) -> Sheet {
        Sheet {
            name: name.to_string(),
            table: Table::new(headers),
        }
    }

    pub(crate) fn row(&mut self, cells: Vec<String>) {
        self.table.row(cells);
    }
}

/// A value, or nothing.
pub(crate) fn opt<T: ToString>(value: Option<T>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

/// A share (0 to 1) as a number, as the JSON has it.
pub(crate) fn share(rate: f64) -> String {
    rate.to_string()
}

/// A list in one cell.
pub(crate) fn list(items: &[String]) -> String {
    items.join("; ")
}

pub(crate) fn pools(name: &str, pools: &[PoolRow]) -> Sheet {
    let mut sheet = Sheet::new(name, &["kind", "capacity", "used", "left"]);
    for p in pools {
        sheet.row(vec![
            p.kind.clone(),
            p.capacity.to_string(),
            p.used.to_string(),
            p.left.to_string(),
        ]);
    }
    sheet
}

pub(crate) fn homelands(standing: &Standing) -> Sheet {
    let mut sheet = Sheet::new("homelands", &["faction", "homeland", "starts"]);
    for h in &standing.homelands {
        sheet.row(vec![
            h.faction.clone(),
            opt(h.continent.clone()),
            h.starts.to_string(),
        ]);
    }
    sheet
}

pub(crate) fn packets(name: &str, packets: &[PacketView]) -> Sheet {
    let mut sheet = Sheet::new(name, &["packet", "condition", "status", "game", "progress"]);
    for p in packets {
        sheet.row(vec![
            p.packet.clone(),
            p.condition.clone(),
            p.status.clone(),
            opt(p.game),
            opt(p.progress.clone()),
        ]);
    }
    sheet
}

pub(crate) fn stats(report: &StatsReport) -> Vec<Sheet> {
    let mut players = Sheet::new(
        "players",
        &[
            "player",
            "games",
            "won",
            "held_on",
            "eliminated",
            "signatures",
            "win_rate",
            "longest_win_streak",
            "current_streak",
        ],
    );
    for p in &report.players {
        players.row(vec![
            p.name.clone(),
            p.games.to_string(),
            p.won.to_string(),
            p.held_on.to_string(),
            p.eliminated.to_string(),
            p.signatures.to_string(),
            share(p.win_rate),
            p.longest_win_streak.to_string(),
            p.current_streak.to_string(),
        ]);
    }
    let mut factions = Sheet::new(
        "factions",
        &[
            "faction",
            "games",
            "won",
            "held_on",
            "eliminated",
            "win_rate",
            "started_most",
            "started_most_times",
        ],
    );
    for f in &report.factions {
        factions.row(vec![
            f.name.clone(),
            f.games.to_string(),
            f.won.to_string(),
            f.held_on.to_string(),
            f.eliminated.to_string(),
            share(f.win_rate),
            opt(f.started_most.clone()),
            f.started_most_times.to_string(),
        ]);
    }
    let mut pairs = Sheet::new("head-to-head", &["a", "b", "games", "a_won", "b_won"]);
    for h in &report.head_to_head {
        pairs.row(vec![
            h.a.clone(),
            h.b.clone(),
            h.games.to_string(),
            h.a_won.to_string(),
            h.b_won.to_string(),
        ]);
    }
    vec![players, factions, homelands(&report.standing), pairs]
}

pub(crate) fn setup(report: &SetupReport) -> Vec<Sheet> {
    let mut people = Sheet::new(
        "people",
        &[
            "person",
            "red_star_tokens",
            "missiles",
            "named_continents",
            "legal_starts",
            "own_major_cities",
        ],
    );
    let mut starts = Sheet::new("legal-starts", &["person", "territory"]);
    for p in &report.people {
        people.row(vec![
            p.name.clone(),
            p.red_star_tokens.to_string(),
            p.missiles.to_string(),
            list(&p.named_continents),
            p.legal_starts.len().to_string(),
            list(&p.own_major_cities),
        ]);
        for territory in &p.legal_starts {
            starts.row(vec![p.name.clone(), territory.clone()]);
        }
    }
    let mut continents = Sheet::new(
        "continent-bonuses",
        &[
            "continent",
            "given_name",
            "printed_bonus",
            "bonus_change",
            "bonus",
            "named_by",
            "namer_bonus",
        ],
    );
    for c in &report.continents {
        let namer = c.named_by.as_ref().map(|_| c.namer_bonus);
        continents.row(vec![
            c.name.clone(),
            opt(c.given_name.clone()),
            c.printed_bonus.to_string(),
            opt(c.bonus_change),
            c.bonus.to_string(),
            opt(c.named_by.clone()),
            opt(namer),
        ]);
    }
    vec![
        people,
        continents,
        homelands(&report.standing),
        pools("stock-left", &report.stock),
        packets("packets-still-sealed", &report.packets),
        starts,
    ]
}

/// `game show`: the players (the main sheet), then what changed.
pub(crate) fn game(view: &GameView) -> Vec<Sheet> {
    let mut players = Sheet::new("players", &["seat", "player", "faction", "result", "hq"]);
    for p in &view.players {
        players.row(vec![
            p.seat.to_string(),
            p.person.clone(),
            p.faction.clone(),
            p.result.to_string(),
            opt(p.hq.clone()),
        ]);
    }
    let mut changes = Sheet::new(
        "changes",
        &["person", "kind", "territory", "continent", "change"],
    );
    for c in &view.changes {
        changes.row(vec![
            opt(c.person.clone()),
            c.kind.to_string(),
            opt(c.territory.clone()),
            opt(c.continent),
            c.text.clone(),
        ]);
    }
    vec![players, changes]
}

pub(crate) fn game_list(played: &GameList) -> Vec<Sheet> {
    let mut games = Sheet::new(
        "games",
        &[
            "game",
            "date",
            "winner",
            "winner_faction",
            "reward",
            "held_on_players",
            "eliminated_players",
        ],
    );
    for g in &played.games {
        // A player knocked out at the end counts as eliminated.
        let who = |results: &[&str]| -> Vec<String> {
            g.players
                .iter()
                .filter(|p| results.contains(&p.result))
                .map(|p| p.person.clone())
                .collect()
        };
        let winner = g.players.iter().find(|p| p.result == "won");
        games.row(vec![
            g.game.to_string(),
            g.date.clone(),
            opt(winner.map(|p| p.person.clone())),
            opt(winner.map(|p| p.faction.clone())),
            opt(g.reward.clone()),
            list(&who(&["held-on"])),
            list(&who(&["eliminated", "knocked-out"])),
        ]);
    }
    vec![games]
}

pub(crate) fn history(history: &History) -> Vec<Sheet> {
    let mut sheet = Sheet::new(
        "history",
        &[
            "game",
            "date",
            "after_game",
            "person",
            "faction",
            "kind",
            "territory",
            "continent",
            "text",
        ],
    );
    for e in &history.0 {
        sheet.row(vec![
            opt(e.game),
            e.date.clone(),
            opt(e.after_game),
            opt(e.person.clone()),
            opt(e.faction.clone()),
            e.kind.clone(),
            opt(e.territory.clone()),
            opt(e.continent.clone()),
            e.text.clone(),
        ]);
    }
    vec![sheet]
}
