//! Everything an export shows, worked out once from the log: the board, the games, the
//! history and the statistics.

use super::board::BoardView;
use super::game::GameView;
use super::history::{History, walk};
use super::stats::StatsReport;
use crate::domain::history::Filter;
use crate::domain::{BrokenLog, Campaign, LoggedEntry};

/// A whole campaign as its exports show it.
pub struct CampaignExport {
    pub name: String,
    /// When the campaign was started (RFC 3339, UTC).
    pub created_at: String,
    /// The entries that stand, in order.
    pub log: Vec<LoggedEntry>,
    /// The entries taken back, in order.
    pub taken_back: Vec<LoggedEntry>,
    /// The campaign the log folds to.
    pub campaign: Campaign,
    pub board: BoardView,
    /// Every game that stands; empty when not asked for (the JSON file does without).
    pub games: Vec<GameView>,
    pub history: History,
    pub stats: StatsReport,
}

impl CampaignExport {
    /// Walks the log once: the games (described only when `games` is asked for), the
    /// history and the board all come from that walk.
    pub fn new(
        name: &str,
        created_at: &str,
        log: Vec<LoggedEntry>,
        taken_back: Vec<LoggedEntry>,
        games: bool,
    ) -> Result<CampaignExport, BrokenLog> {
        let (games, history, campaign) = {
            let walked = walk(&log, &taken_back)?;
            let games = if games {
                walked.game_views()
            } else {
                Vec::new()
            };
            let (history, campaign) = walked.into_history(&Filter::default());
            (games, history, campaign)
        };
        Ok(CampaignExport {
            name: name.to_string(),
            created_at: created_at.to_string(),
            board: BoardView::new(name, &campaign, None),
            stats: StatsReport::new(name, &log, &campaign),
            games,
            history,
            log,
            taken_back,
            campaign,
        })
    }

    /// Every entry, standing or taken back, in the order recorded.
    pub fn entries(&self) -> Vec<&LoggedEntry> {
        let mut entries: Vec<&LoggedEntry> = self.log.iter().chain(&self.taken_back).collect();
        entries.sort_by_key(|e| e.seq);
        entries
    }
}
