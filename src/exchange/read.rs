//! Reading a campaign file back: its log replayed through the rules, entry by entry, all
//! of it or an error naming the entry (and game) and the rule.

use serde::Deserialize;

use super::{CampaignDoc, EntryDoc, FORMAT, LogEntryDoc, TakenBackDoc, VERSION};
use crate::domain::Entry;
use chrono::NaiveDate;

use crate::domain::log::check_logged;
use crate::domain::validate;
use crate::domain::{LoggedEntry, TakenBack};

/// The part of a campaign file `import` reads; the derived board, statistics and history
/// are for readers and are worked out again from the log.
#[derive(Deserialize)]
struct FileIn {
    version: u32,
    campaign: CampaignDoc,
    log: Vec<LogEntryDoc>,
}

/// An entry read from a file, checked against the rules at its place in the log (those
/// taken back excepted), in the campaign's spelling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadEntry {
    pub seq: u32,
    pub recorded_at: String,
    pub taken_back: Option<TakenBackDoc>,
    /// The game's number, for a game.
    pub game: Option<u32>,
    pub entry: Entry,
}

impl From<ReadEntry> for LoggedEntry {
    /// The entry as the store keeps it.
    fn from(read: ReadEntry) -> LoggedEntry {
        LoggedEntry {
            seq: read.seq,
            game: read.game,
            recorded_at: read.recorded_at,
            entry: read.entry,
            taken_back: read.taken_back.map(|b| TakenBack {
                at: b.at,
                reason: b.reason,
            }),
        }
    }
}

/// Why a campaign file cannot be imported.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("The file is not JSON ({0}). Give a file written by `chronicle export --format json`.")]
    NotJson(String),
    #[error(
        "The file is not a chronicle campaign (format {0:?}). Give a file written by `chronicle export --format json`."
    )]
    NotACampaign(String),
    #[error(
        "The file is of version {0}, newer than this chronicle reads ({VERSION}). Use a newer chronicle."
    )]
    Newer(u32),
    #[error("Entry {seq} of the file cannot be read: {problem}.")]
    Unreadable { seq: u32, problem: String },
    #[error("{} breaks a rule: {refusal}", what(*seq, *game))]
    Refused {
        seq: u32,
        game: Option<u32>,
        refusal: crate::domain::Refusal,
    },
    #[error("Entry {seq} of the file says it is game {said}, but it is game {is}.")]
    WrongNumber { seq: u32, said: u32, is: u32 },
}

fn what(seq: u32, game: Option<u32>) -> String {
    match (game, seq) {
        (Some(game), _) => format!("Game {game} (entry {seq} of the file)"),
        (None, 0) => "The file's campaign".to_string(),
        (None, _) => format!("Entry {seq} of the file"),
    }
}

/// Reads a campaign file and replays its log through the rules: all of it, or an error
/// naming the entry (and game) and the rule.
/// No game may be dated after `latest`.
pub fn read(text: &str, latest: NaiveDate) -> Result<(CampaignDoc, Vec<ReadEntry>), ReadError> {
    let file = parse(text)?;
    validate::timestamp("time the campaign was started", &file.campaign.created_at).map_err(
        |refusal| ReadError::Refused {
            seq: 0,
            game: None,
            refusal,
        },
    )?;
    let mut docs = file.log;
    docs.sort_by_key(|d| d.seq);
    let mut replay = Replay {
        campaign: crate::domain::Campaign::new(),
        taken_back_games: 0,
        latest,
    };
    let read = (1u32..)
        .zip(docs)
        .map(|(seq, doc)| replay.entry(seq, doc))
        .collect::<Result<_, _>>()?;
    Ok((file.campaign, read))
}

/// The file's head checked (format, version) and its log parsed.
fn parse(text: &str) -> Result<FileIn, ReadError> {
    let head: serde_json::Value =
        serde_json::from_str(text).map_err(|e| ReadError::NotJson(e.to_string()))?;
    let format = head
        .get("format")
        .and_then(|f| f.as_str())
        .unwrap_or_default();
    if format != FORMAT {
        return Err(ReadError::NotACampaign(format.to_string()));
    }
    match head.get("version").and_then(serde_json::Value::as_u64) {
        Some(v) if v > u64::from(VERSION) => {
            return Err(ReadError::Newer(u32::try_from(v).unwrap_or(u32::MAX)));
        }
        _ => {}
    }
    let file: FileIn =
        serde_json::from_value(head).map_err(|e| ReadError::NotJson(e.to_string()))?;
    if file.version != VERSION {
        return Err(ReadError::NotACampaign(format!(
            "{FORMAT} version {}",
            file.version
        )));
    }
    Ok(file)
}

/// A file's log replayed entry by entry.
struct Replay {
    campaign: crate::domain::Campaign,
    /// Games taken back since the last game that stands.
    taken_back_games: u32,
    /// The latest date a game may carry.
    latest: NaiveDate,
}

impl Replay {
    fn entry(&mut self, seq: u32, doc: LogEntryDoc) -> Result<ReadEntry, ReadError> {
        let entry = doc
            .entry
            .entry()
            .map_err(|problem| ReadError::Unreadable { seq, problem })?;
        let said = match &doc.entry {
            EntryDoc::Game(game) => Some(game.game),
            _ => None,
        };
        let (entry, game) = if doc.taken_back.is_some() {
            self.taken_back(seq, said)?;
            (entry, said)
        } else {
            let applied = self
                .campaign
                .apply(&entry)
                .map_err(|refusal| ReadError::Refused {
                    seq,
                    game: said,
                    refusal,
                })?;
            if let (Some(said), Some(is)) = (said, applied.game)
                && said != is
            {
                return Err(ReadError::WrongNumber { seq, said, is });
            }
            if applied.game.is_some() {
                self.taken_back_games = 0;
            }
            (applied.entry, applied.game)
        };
        let read = ReadEntry {
            seq,
            recorded_at: doc.recorded_at,
            taken_back: doc.taken_back,
            game,
            entry,
        };
        check_logged(&LoggedEntry::from(read.clone()), self.latest).map_err(|refusal| {
            ReadError::Refused {
                seq,
                game: said,
                refusal,
            }
        })?;
        Ok(read)
    }

    /// Checks the number of a game taken back: it was the latest when it was, so it is
    /// numbered after the games that stand before it, and after the ones taken back since
    /// the last of those.
    fn taken_back(&mut self, seq: u32, said: Option<u32>) -> Result<(), ReadError> {
        let least = self.campaign.games_played() + 1;
        let most = least + self.taken_back_games;
        match said {
            Some(number) if (least..=most).contains(&number) => {
                self.taken_back_games += 1;
                Ok(())
            }
            Some(number) => Err(ReadError::Unreadable {
                seq,
                problem: format!(
                    "it is game {number} taken back, but a game taken back there would be game {}",
                    if least == most {
                        least.to_string()
                    } else {
                        format!("{least} to {most}")
                    }
                ),
            }),
            None => Err(ReadError::Unreadable {
                seq,
                problem: "only a game can be taken back".to_string(),
            }),
        }
    }
}
