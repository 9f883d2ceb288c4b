//! Everything an export shows, worked out once from the log: the board, the games, the
//! history and the statistics.

use super::board::BoardView;
use super::game::GameView;
use super::history::{History, cut, start_day, walk};
use super::stats::StatsReport;
use crate::domain::log::history::Filter;
use crate::domain::{BrokenLog, Campaign, CorrectionEntry, EntryId, LogRecord, LoggedEntry};

/// A whole campaign as its exports show it.
pub struct CampaignExport {
    pub name: String,
    /// When the campaign was started (RFC 3339, UTC).
    pub created_at: String,
    /// Every entry, those taken back too, in the order of the log.
    pub entries: Vec<LoggedEntry>,
    /// The records as written: what the campaign file carries.
    pub records: Vec<LogRecord>,
    /// The record the log ends at, when it is not the last written.
    pub head: Option<EntryId>,
    /// The campaign the log folds to.
    pub campaign: Campaign,
    pub board: BoardView,
    /// Every game that stands; empty when not asked for (the JSON file does without).
    pub games: Vec<GameView>,
    pub history: History,
    pub stats: StatsReport,
    /// What the report says of the packets (`--spoilers`), once asked.
    pub packets: Option<PacketsNote>,
}

/// The log an export is made of.
pub struct ExportedLog {
    pub entries: Vec<LoggedEntry>,
    pub corrections: Vec<CorrectionEntry>,
    /// Every record, in the order written.
    pub records: Vec<LogRecord>,
    /// The record the log ends at, when it is not the last written.
    pub head: Option<EntryId>,
}

impl CampaignExport {
    /// Walks the log once: the games (described only when `games` is asked for), the
    /// history and the board all come from that walk; `after`: the world as it was after
    /// that game (see `history::cut`).
    pub fn new(
        name: &str,
        created_at: &str,
        log: ExportedLog,
        games: bool,
        after: Option<u32>,
    ) -> Result<CampaignExport, BrokenLog> {
        let (games, history, campaign) = {
            let walked = walk(cut(&log.entries, after))?;
            let games = if games {
                walked.game_views()
            } else {
                Vec::new()
            };
            let (history, campaign) = walked.into_history(&Filter::default());
            let start = start_day(&log.entries, created_at);
            (games, history.dated_from(&start), campaign)
        };
        Ok(CampaignExport {
            name: name.to_string(),
            created_at: created_at.to_string(),
            board: BoardView::new(name, &campaign, None),
            stats: StatsReport::new(name, cut(&log.entries, after), &campaign),
            games,
            history,
            entries: log.entries,
            records: log.records,
            head: log.head,
            campaign,
            packets: None,
        })
    }

    /// `game_of` for every record, in the order written: one pass over the log, not one
    /// per record.
    pub(crate) fn games_of_records(&self) -> Vec<Option<u32>> {
        let games: std::collections::HashMap<&EntryId, Option<u32>> =
            self.entries.iter().map(|e| (&e.id, e.game)).collect();
        self.records
            .iter()
            .map(|record| {
                let id = match &record.body {
                    crate::domain::Body::Add(_) => &record.id,
                    crate::domain::Body::Correct(c) => c.target()?,
                };
                games.get(id).copied().flatten()
            })
            .collect()
    }
}

/// What the report's header says of the packets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PacketsNote {
    /// The packets opened so far, with the game they were opened in or after ("after game
    /// 3"); empty when the report leaves out their contents.
    pub opened: Vec<(String, u32)>,
    /// How many were opened.
    pub count: usize,
    /// Whether what came from them is left out.
    pub hidden: bool,
}

impl PacketsNote {
    /// The header's sentence.
    pub(crate) fn sentence(&self) -> String {
        match (self.count, self.hidden) {
            (0, _) => "No packet opened so far.".to_string(),
            (n, true) => format!(
                "{n} packet{} opened so far; this report leaves out what came from {}.",
                if n == 1 { "" } else { "s" },
                if n == 1 { "it" } else { "them" }
            ),
            (_, false) => {
                let names: Vec<String> = self
                    .opened
                    .iter()
                    .map(|(name, game)| match game {
                        0 => format!("{name} (before game 1)"),
                        g => format!("{name} (game {g})"),
                    })
                    .collect();
                format!("Packets opened so far: {}.", names.join(", "))
            }
        }
    }
}
