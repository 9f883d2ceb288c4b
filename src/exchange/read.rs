//! Reading a campaign file back: its log replayed through the rules, entry by entry, all
//! of it or an error naming the entry (and game) and the rule.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use chrono::NaiveDate;
use serde::Deserialize;

use super::{CampaignDoc, EntryDoc, FORMAT, LogEntryDoc, TakenBackDoc, VERSION};
use crate::domain::log::check_logged;
use crate::domain::validate;
use crate::domain::{Entry, LoggedEntry, TakenBack};

/// The largest campaign file `import` reads unless told otherwise: 64 MiB (the demo's is
/// 72 KB; a campaign of 10,000 games would be about 40 MB).
pub const DEFAULT_LIMIT_MB: u64 = 64;

/// The part of a campaign file `import` reads; the derived board, statistics and history
/// are for readers and are worked out again from the log (read past, never kept).
#[derive(Deserialize)]
struct FileIn {
    format: Option<String>,
    version: Option<u64>,
    campaign: Option<CampaignDoc>,
    log: Option<Vec<LogEntryDoc>>,
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
    #[error(
        "{path} is {what}, not a regular file; give the path of a file written by `chronicle export --format json`."
    )]
    NotAFile { path: String, what: &'static str },
    #[error(
        "{path} holds {size} bytes, more than the {limit_mb} MiB a campaign file is read up to; raise the limit with --max-mb if it is one."
    )]
    TooLarge {
        path: String,
        size: u64,
        limit_mb: u64,
    },
    #[error("{path} cannot be read: {reason}.")]
    Io { path: String, reason: String },
    #[error("The file is not JSON ({0}). Give a file written by `chronicle export --format json`.")]
    NotJson(String),
    #[error(
        "The file is not a chronicle campaign ({0}). Give a file written by `chronicle export --format json`."
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

/// Reads the campaign file at `path` (a regular file of at most `limit_mb` MiB, read as it
/// streams in) and replays its log through the rules; no game may be dated after `latest`.
pub fn read_path(
    path: &Path,
    limit_mb: u64,
    latest: NaiveDate,
) -> Result<(CampaignDoc, Vec<ReadEntry>), ReadError> {
    let shown = path.display().to_string();
    let io = |e: std::io::Error| ReadError::Io {
        path: shown.clone(),
        reason: e.to_string(),
    };
    // Looked at before it is opened: opening a named pipe would wait for a writer.
    let metadata = std::fs::metadata(path).map_err(io)?;
    if !metadata.is_file() {
        return Err(ReadError::NotAFile {
            path: shown,
            what: crate::files::kind(&metadata),
        });
    }
    let limit = limit_mb.saturating_mul(1024 * 1024);
    if metadata.len() > limit {
        return Err(ReadError::TooLarge {
            path: shown,
            size: metadata.len(),
            limit_mb,
        });
    }
    let file = std::fs::File::open(path).map_err(io)?;
    read_from(BufReader::new(file.take(limit)), latest)
}

/// Reads a campaign file held in memory (see [`read_path`]).
pub fn read(text: &str, latest: NaiveDate) -> Result<(CampaignDoc, Vec<ReadEntry>), ReadError> {
    read_from(text.as_bytes(), latest)
}

/// Reads a campaign file from `reader` as it comes (a byte-order mark at its start is
/// skipped) and replays its log through the rules: all of it, or an error naming the entry
/// (and game) and the rule. No game may be dated after `latest`.
pub fn read_from(
    mut reader: impl BufRead,
    latest: NaiveDate,
) -> Result<(CampaignDoc, Vec<ReadEntry>), ReadError> {
    if reader
        .fill_buf()
        .is_ok_and(|b| b.starts_with(b"\xEF\xBB\xBF"))
    {
        reader.consume(3);
    }
    let (campaign, mut docs) = parse(reader)?;
    validate::timestamp("time the campaign was started", &campaign.created_at).map_err(
        |refusal| ReadError::Refused {
            seq: 0,
            game: None,
            refusal,
        },
    )?;
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
    Ok((campaign, read))
}

/// The file parsed as it streams in, and its head checked: format, version, the parts
/// `import` needs.
fn parse(reader: impl Read) -> Result<(CampaignDoc, Vec<LogEntryDoc>), ReadError> {
    let file: FileIn = serde_json::from_reader(reader).map_err(|e| {
        if e.is_data() {
            ReadError::NotACampaign(format!("its parts are not of a campaign file's form: {e}"))
        } else {
            ReadError::NotJson(e.to_string())
        }
    })?;
    let format = file.format.unwrap_or_default();
    if format != FORMAT {
        return Err(ReadError::NotACampaign(format!("format {format:?}")));
    }
    match file.version {
        Some(v) if v > u64::from(VERSION) => {
            return Err(ReadError::Newer(u32::try_from(v).unwrap_or(u32::MAX)));
        }
        Some(v) if v == u64::from(VERSION) => {}
        other => {
            return Err(ReadError::NotACampaign(format!(
                "{FORMAT} version {}",
                other.map_or("missing".to_string(), |v| v.to_string())
            )));
        }
    }
    match (file.campaign, file.log) {
        (Some(campaign), Some(log)) => Ok((campaign, log)),
        (None, _) => Err(ReadError::NotACampaign("no campaign part".to_string())),
        (_, None) => Err(ReadError::NotACampaign("no log".to_string())),
    }
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
