//! HTML, drawn with maud: `export --format html`, one self-contained page (inline SVG and
//! CSS, no script, nothing loaded from anywhere: the map, the continents, the history as a
//! timeline, the statistics and the signatures; it reads on a phone and prints on paper),
//! and the parts `chronicle serve` draws its pages with: the same page around them
//! (`shell`), the same stylesheet, the map, the report's tables. Every piece of text goes
//! through `Text`, escaped as the map escapes it.

mod sections;
mod shell;
mod timeline;

use maud::{Render, html};

pub use sections::{
    continents, map_figure, map_figure_full, map_svg, marks, signatures, statistics, tables,
};
pub use shell::{Link, STYLE, Shell, document, header, site_header};
pub use timeline::{timeline, timeline_newest_first};

use super::svg::esc;
use crate::report::board::BoardView;
use crate::report::game::GameView;
use crate::report::history::History;
use crate::report::stats::StatsReport;

/// Text in a page: `&`, `<`, `>` and quotes as entities, a character HTML cannot hold as
/// U+FFFD, a line break as a space.
pub struct Text<'a>(pub &'a str);

impl Render for Text<'_> {
    fn render_to(&self, buffer: &mut String) {
        buffer.push_str(&esc(self.0));
    }
}

/// What the page shows.
pub struct Page<'a> {
    pub board: &'a BoardView,
    pub games: &'a [GameView],
    pub history: &'a History,
    pub stats: &'a StatsReport,
    /// What the page says of the packets opened so far.
    pub packets: Option<&'a crate::report::export::PacketsNote>,
}

/// "1 game", "16 games".
fn plural(count: u32, one: &str) -> String {
    match count {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    }
}

/// The page as one HTML document.
pub fn page(page: &Page<'_>) -> String {
    let board = page.board;
    let version = env!("CARGO_PKG_VERSION");
    let mut under = vec![format!("{} played", plural(board.games_played, "game"))];
    if let Some(world) = &board.world_name {
        under.insert(0, format!("The World of {world}"));
    }
    let subtitle = format!("A Risk Legacy campaign · {}", under.join(" · "));
    let links = [
        ("map", "Map"),
        ("continents", "Continents"),
        ("history", "History"),
        ("statistics", "Statistics"),
        ("signatures", "Signatures"),
    ]
    .map(|(id, name)| Link {
        to: format!("#{id}"),
        name,
        current: false,
    });
    let games = plural(board.games_played, "game");
    let caption = format!(
        "The board after {games}: cities, scars, fortifications and territory cards as they stand."
    );
    let content = html! {
        @if let Some(packets) = page.packets {
            p.packets { (Text(&packets.sentence())) }
        }
        section #map {
            h2 { "The board" }
            (map_figure(&map_svg(board), Some(&caption)))
        }
        section #continents {
            h2 { "Continents" }
            (continents(board))
            (marks(board))
        }
        section #history {
            h2 { "History" }
            (timeline(page.games, page.history))
        }
        section #statistics {
            h2 { "Statistics" }
            (statistics(page.stats))
        }
        section #signatures {
            h2 { "Signatures" }
            (signatures(board))
        }
    };
    let footer = html! {
        footer {
            "Recorded with chronicle " (version) ", a ledger for a Risk Legacy campaign played on the physical board."
        }
    };
    let shell = Shell {
        title: &board.campaign,
        class: None,
        head: None,
        style: "",
    };
    let mut text = document(
        &shell,
        header(&board.campaign, Some(&subtitle), &links),
        content,
        footer,
    )
    .into_string();
    text.push('\n');
    text
}
