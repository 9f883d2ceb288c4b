//! `export --format csv`: the campaign as five tables for a spreadsheet.

use crate::report::board::BoardView;
use crate::report::export::CampaignExport;

/// The tables of a CSV export, each a file of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CsvTable {
    Territories,
    Continents,
    Games,
    Players,
    History,
}

impl CsvTable {
    pub const ALL: [CsvTable; 5] = [
        CsvTable::Territories,
        CsvTable::Continents,
        CsvTable::Games,
        CsvTable::Players,
        CsvTable::History,
    ];

    /// Its file name, without `.csv`.
    pub fn name(self) -> &'static str {
        match self {
            CsvTable::Territories => "territories",
            CsvTable::Continents => "continents",
            CsvTable::Games => "games",
            CsvTable::Players => "players",
            CsvTable::History => "history",
        }
    }

    /// The table of that name (`games`, `games.csv`, any case).
    pub fn find(name: &str) -> Option<CsvTable> {
        let name = name.trim().trim_end_matches(".csv").to_lowercase();
        CsvTable::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Headers and rows of a table.
pub(super) type Rows = (Vec<&'static str>, Vec<Vec<String>>);

fn opt<T: ToString>(value: Option<T>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

/// One table as CSV text.
pub fn table(campaign: &CampaignExport, table: CsvTable) -> Result<String, std::io::Error> {
    let (headers, rows) = match table {
        CsvTable::Territories => territories(&campaign.board),
        CsvTable::Continents => continents(&campaign.board),
        CsvTable::Games => games(campaign),
        CsvTable::Players => players(campaign),
        CsvTable::History => history(campaign),
    };
    super::csv::table(&headers, &rows)
}

/// Every territory of the board, one row each, with its continent.
pub(super) fn territories(board: &BoardView) -> Rows {
    (
        vec![
            "territory",
            "continent",
            "city",
            "city_kind",
            "population",
            "founder",
            "founded_in",
            "scar",
            "scarred_in",
            "fortification_boxes_left",
            "fortified_in",
            "card_resources",
            "card_destroyed",
            "destroyed_in",
            "mark",
            "marked_in",
            "fallout_in",
            "marked",
        ],
        board
            .territories
            .iter()
            .map(|t| {
                let city = t.city.as_ref();
                vec![
                    t.name.clone(),
                    opt(t.continent),
                    opt(city.map(|c| c.name.clone())),
                    opt(city.map(|c| c.kind)),
                    opt(city.map(|c| c.population)),
                    opt(city.and_then(|c| c.founder.clone())),
                    opt(city.map(|c| c.game)),
                    opt(t.scar.as_ref().map(|s| s.kind.clone())),
                    opt(t.scar.as_ref().map(|s| s.game)),
                    opt(t.fortification.as_ref().map(|f| f.boxes_left)),
                    opt(t.fortification.as_ref().map(|f| f.game)),
                    t.card.resources.to_string(),
                    t.card.destroyed.to_string(),
                    opt(t.card.destroyed_in),
                    opt(t.mark.as_ref().map(|m| m.text.clone())),
                    opt(t.mark.as_ref().map(|m| m.game)),
                    opt(t.fallout_in),
                    t.marked.to_string(),
                ]
            })
            .collect(),
    )
}

/// Every continent of the board, one row each.
pub(super) fn continents(board: &BoardView) -> Rows {
    (
        vec![
            "continent",
            "given_name",
            "named_by",
            "named_in",
            "printed_bonus",
            "bonus_change",
            "bonus",
        ],
        board
            .continents
            .iter()
            .map(|c| {
                vec![
                    c.name.to_string(),
                    opt(c.given_name.clone()),
                    opt(c.named_by.clone()),
                    opt(c.named_in),
                    c.printed_bonus.to_string(),
                    opt(c.bonus_change.map(|b| format!("{b:+}"))),
                    c.bonus.to_string(),
                ]
            })
            .collect(),
    )
}

fn games(campaign: &CampaignExport) -> Rows {
    (
        vec![
            "game",
            "date",
            "winner",
            "winner_faction",
            "reward",
            "players",
            "eliminated",
            "note",
        ],
        campaign
            .games
            .iter()
            .map(|g| {
                let winner = g.players.iter().find(|p| p.result == "won");
                let out: Vec<&str> = g
                    .players
                    .iter()
                    .filter(|p| p.result == "eliminated" || p.result == "knocked-out")
                    .map(|p| p.person.as_str())
                    .collect();
                vec![
                    g.game.to_string(),
                    g.date.clone(),
                    opt(winner.map(|w| w.person.clone())),
                    opt(winner.map(|w| w.faction.clone())),
                    opt(g.reward.clone()),
                    g.players.len().to_string(),
                    out.join("; "),
                    opt(g.note.clone()),
                ]
            })
            .collect(),
    )
}

fn players(campaign: &CampaignExport) -> Rows {
    (
        vec!["game", "date", "seat", "person", "faction", "result", "hq"],
        campaign
            .games
            .iter()
            .flat_map(|g| {
                g.players.iter().map(|p| {
                    vec![
                        g.game.to_string(),
                        g.date.clone(),
                        p.seat.to_string(),
                        p.person.clone(),
                        p.faction.clone(),
                        p.result.to_string(),
                        opt(p.hq.as_deref()),
                    ]
                })
            })
            .collect(),
    )
}

fn history(campaign: &CampaignExport) -> Rows {
    (
        vec![
            "game",
            "date",
            "person",
            "faction",
            "kind",
            "territory",
            "continent",
            "text",
        ],
        campaign
            .history
            .0
            .iter()
            .map(|e| {
                vec![
                    opt(e.game),
                    e.date.clone(),
                    opt(e.person.clone()),
                    opt(e.faction.clone()),
                    e.kind.clone(),
                    opt(e.territory.clone()),
                    opt(e.continent.clone()),
                    e.text.clone(),
                ]
            })
            .collect(),
    )
}
