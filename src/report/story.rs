//! `story`: the whole campaign told as a chronicle. A title page (the campaign, its world,
//! the first and last game's dates, the people and the factions they played), a chapter
//! per game (the game as `game show` has it, what was recorded after it before the next,
//! the corrections made then, the board as `board --after N` draws it and the game's
//! photos), and the standing at the end as `recap` works it out. Everything is gathered
//! from the reports the other commands print; the renderers only lay it out. The photos'
//! bytes travel beside the story (`Images`), never in it: the story stays data a person
//! could read as JSON.

use std::collections::BTreeMap;

use serde::Serialize;

use super::board::BoardView;
use super::corrections::{CorrectionView, Corrections};
use super::game::GameView;
use super::history::{HistoryEntry, cut, walk};
use super::photos::photos;
use super::recap::{Recap, RecapStanding};
use super::spoilers::{Sealed, Spoilers};
use crate::domain::log::fold;
use crate::domain::log::history::Filter;
use crate::domain::vocabulary::change::ChangeKind;
use crate::domain::{BrokenLog, CorrectionEntry, EntryId, LoggedEntry};

/// The campaign as a chronicle.
#[derive(Serialize)]
pub struct Story {
    pub campaign: String,
    /// The world's name, once the group has named it.
    pub world_name: Option<String>,
    /// The first game's date; null before game 1.
    pub first_game: Option<String>,
    /// The latest game's date; null before game 1.
    pub last_game: Option<String>,
    /// Everyone who played, in the order they first sat down, with their factions.
    pub people: Vec<Cast>,
    /// What was recorded before game 1 (starting powers, the first coins, …).
    pub before: Vec<HistoryEntry>,
    /// The corrections made before game 1 was recorded.
    pub before_corrections: Vec<CorrectionView>,
    pub chapters: Vec<Chapter>,
    /// Signatures, the lead faction, homelands and runs at the end, as `recap` has them.
    pub standing: RecapStanding,
    /// The packets opened, by envelope, with the game they were opened in or after.
    pub packets_opened: Vec<(String, u32)>,
    /// Whether what came from packets is left out (`--spoilers none`).
    pub sealed: bool,
    /// How many photos of games are left out with what came from packets (a photo of the
    /// board may show it, and pixels cannot be redacted): 0 unless `sealed`.
    pub photos_left_out: usize,
}

/// The photos' copies a story shows, by their SHA-256: given to the renderers beside the
/// story; a photo whose bytes are not here is not among them.
pub type Images = BTreeMap<String, Image>;

/// A copy's bytes and its size in pixels (read from its header), so that a page keeps the
/// photo's place before it loads.
pub struct Image {
    pub bytes: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// A person and the factions they played, in the order they first played them.
#[derive(Serialize)]
pub struct Cast {
    pub person: String,
    pub factions: Vec<String>,
}

/// One game's chapter.
#[derive(Serialize)]
pub struct Chapter {
    pub game: GameView,
    /// What was recorded after this game and before the next (powers, coins, packets, …).
    pub between: Vec<HistoryEntry>,
    /// The corrections made after this game was recorded and before the next one was.
    pub corrections: Vec<CorrectionView>,
    /// The board after this game, with what was recorded before the next.
    pub board: BoardView,
}

impl Story {
    /// The story of a log (every entry, those taken back too, in the order of the log) and
    /// its corrections; with `Spoilers::None`, nothing that came from a packet, and no free
    /// text unless `notes`.
    pub fn new(
        name: &str,
        entries: &[LoggedEntry],
        corrections: &[CorrectionEntry],
        inserted: &[(EntryId, EntryId)],
        spoilers: Spoilers,
        notes: bool,
    ) -> Result<Story, BrokenLog> {
        let walked = walk(entries)?;
        let games = walked.game_views();
        let (history, campaign) = walked.into_history(&Filter::default());
        let sealed = (spoilers == Spoilers::None).then(|| Sealed::of(&campaign));
        let mut recap = Recap::new(name, entries, corrections, inserted, None)?;
        recap.with_spoilers(&campaign, spoilers, notes);
        let mut history = history.0;
        let mut corrections = Corrections::new(entries, corrections, inserted).0;
        if let Some(sealed) = &sealed {
            sealed.history(&mut history, notes);
            sealed.corrections(&mut corrections, notes);
        }
        let recorded: Vec<&str> = entries
            .iter()
            .filter(|e| e.standing_game().is_some())
            .map(|e| e.recorded_at.as_str())
            .collect();
        let mut between = by_game(history, &recorded, corrections);
        let mut chapters = Vec::with_capacity(games.len());
        let pictures = photos(entries, None);
        // `Sealed::game` leaves each game's photos out: the title page says how many.
        let photos_left_out = if sealed.is_some() { pictures.len() } else { 0 };
        for (index, mut game) in games.into_iter().enumerate() {
            game.photos = pictures
                .iter()
                .filter(|p| p.game == game.game)
                .cloned()
                .collect();
            let mut board = BoardView::new(name, &fold(cut(entries, Some(game.game)))?, None);
            if let Some(sealed) = &sealed {
                sealed.game(&mut game, notes);
                sealed.board(&mut board);
            }
            let (history, corrections) = between.take(index + 1);
            chapters.push(Chapter {
                between: history,
                corrections,
                board,
                game,
            });
        }
        let (before, before_corrections) = between.take(0);
        let opened = campaign
            .packets_opened()
            .iter()
            .map(|p| (p.packet.name().to_string(), p.game))
            .collect();
        Ok(Story {
            campaign: name.to_string(),
            world_name: campaign.world().map(|w| w.name.clone()),
            first_game: chapters.first().map(|c| c.game.date.clone()),
            last_game: chapters.last().map(|c| c.game.date.clone()),
            people: cast(&chapters),
            before,
            before_corrections,
            chapters,
            standing: recap.standing,
            packets_opened: opened,
            sealed: sealed.is_some(),
            photos_left_out,
        })
    }
}

/// What happened between games, by the number of games recorded before it (0: before game
/// 1): the history recorded after each game, and the corrections made before the next game
/// was recorded.
struct Between(BTreeMap<usize, (Vec<HistoryEntry>, Vec<CorrectionView>)>);

impl Between {
    /// What happened after that many games were recorded, taken out.
    fn take(&mut self, games: usize) -> (Vec<HistoryEntry>, Vec<CorrectionView>) {
        self.0.remove(&games).unwrap_or_default()
    }
}

/// The history's entries between games and the corrections, each by the games before it;
/// `recorded`: when each game that stands was recorded, in order. A correction made the
/// moment a game was recorded comes after that game. Photos added or removed are left out:
/// the photos that stand are shown in their games' chapters.
fn by_game(
    history: Vec<HistoryEntry>,
    recorded: &[&str],
    corrections: Vec<CorrectionView>,
) -> Between {
    let mut between: BTreeMap<usize, (Vec<HistoryEntry>, Vec<CorrectionView>)> = BTreeMap::new();
    let photo = [ChangeKind::Photo.key(), ChangeKind::PhotoRemoved.key()];
    for entry in history
        .into_iter()
        .filter(|e| e.game.is_none() && !photo.contains(&e.kind.as_str()))
    {
        let after = entry
            .after_game
            .and_then(|g| usize::try_from(g).ok())
            .unwrap_or(0);
        between.entry(after).or_default().0.push(entry);
    }
    for correction in corrections {
        let after = recorded
            .iter()
            .filter(|at| **at <= correction.at.as_str())
            .count();
        between.entry(after).or_default().1.push(correction);
    }
    Between(between)
}

/// Everyone who played, in the order they first sat down, with the factions they played.
fn cast(chapters: &[Chapter]) -> Vec<Cast> {
    let mut cast: Vec<Cast> = Vec::new();
    for player in chapters.iter().flat_map(|c| &c.game.players) {
        if !cast.iter().any(|c| c.person == player.person) {
            cast.push(Cast {
                person: player.person.clone(),
                factions: Vec::new(),
            });
        }
        let Some(seen) = cast.iter_mut().find(|c| c.person == player.person) else {
            continue;
        };
        if !seen.factions.contains(&player.faction) {
            seen.factions.push(player.faction.clone());
        }
    }
    cast
}
