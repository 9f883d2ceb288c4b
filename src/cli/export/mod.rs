//! `chronicle export --format json|csv|md|svg|html [-o FILE]`: the whole campaign.

mod atomic;
mod csv;
mod html;
mod json;
mod md;
mod svg;

use std::path::PathBuf;

use super::board::BoardView;
use super::context::Context;
use super::error::CliError;
use super::game::view::GameView;
use super::history::{History, walk};
use super::output::{Format, out, say};
use super::stats::{StatsReport, report};
use crate::domain::history::Filter;
use crate::store::{CampaignInfo, Loaded, StoredLog};

pub use json::{CampaignFile, file as json_file};

/// Export the whole campaign: json (lossless, for `import`), csv (a folder of tables), md (a
/// printable report), svg (a map of the board) or html (one self-contained page)
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where to write: a file (a folder for csv) [default: stdout]
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// With --format csv: print one table on stdout (territories, continents, games, players,
    /// history)
    #[arg(long, value_name = "NAME")]
    pub table: Option<String>,
}

/// Everything an export shows, worked out once from the log.
pub struct Campaign {
    pub info: CampaignInfo,
    pub loaded: Loaded,
    pub board: BoardView,
    /// Every game that stands; empty for the JSON file, which does without.
    pub games: Vec<GameView>,
    pub history: History,
    pub stats: StatsReport,
}

impl Campaign {
    /// Walks the log once: the games (described only when `games` is asked for: the JSON
    /// file does without), the history and the board all come from that walk.
    pub fn new(info: CampaignInfo, stored: StoredLog, games: bool) -> Result<Campaign, CliError> {
        let (games, history, campaign) = {
            let walked = walk(&stored.log, &stored.taken_back)?;
            let games = if games {
                walked.game_views()
            } else {
                Vec::new()
            };
            let (history, campaign) = walked.into_history(&Filter::default());
            (games, history, campaign)
        };
        let loaded = stored.with(campaign);
        Ok(Campaign {
            board: BoardView::new(&info.name, &loaded.campaign, None),
            games,
            history,
            stats: report(&info.name, &loaded),
            info,
            loaded,
        })
    }
}

pub fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let format = match context.format {
        Format::Table => Format::Json,
        other => other,
    };
    let (info, stored) = context.read()?;
    let campaign = Campaign::new(info, stored, format != Format::Json)?;
    if format == Format::Csv {
        return csv::export(&campaign, args.output.as_deref(), args.table.as_deref());
    }
    if args.table.is_some() {
        return Err(CliError::Usage(
            "--table goes with --format csv.".to_string(),
        ));
    }
    let text = match format {
        Format::Md => md::report(&campaign),
        Format::Svg => svg::map(&campaign.board),
        Format::Html => html::page(&html::Page {
            board: &campaign.board,
            games: &campaign.games,
            history: &campaign.history,
            stats: &campaign.stats,
        }),
        _ => json::file(&campaign, &context.clock.stamp())?,
    };
    match &args.output {
        Some(path) => {
            atomic::write(path, text.as_bytes())?;
            say(&format!("Wrote {}.", path.display()));
            Ok(())
        }
        None => out(&text),
    }
}
