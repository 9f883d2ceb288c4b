//! Reading a campaign file back: its records checked and its log replayed through the
//! rules, all of it or an error naming the entry (and game) and the rule. A file of version
//! 1 (before records had identities) is read too: its entries get identities made from
//! the campaign and their places, and those it marks as taken back get the records that
//! take them back.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use serde::de::{Error as _, IgnoredAny};
use serde::{Deserialize, Deserializer};

use super::board_check::board_differences;
use super::docs::{CampaignDoc, EntryDoc};
use super::records::{LogEntryDoc, TakenBackDoc};
use super::{FORMAT, VERSION};
use crate::domain::LoggedEntry;
use crate::domain::log::{check_record, writers_latest};
use crate::domain::record::resolve::resolve;
use crate::domain::{Body, CheckedLog, Correction, EntryId, LogRecord, Place, RuleSet};
use crate::files::{FileError, Symlinks};

/// The largest campaign file `import` reads unless told otherwise: 64 MiB (the demo's is
/// 72 KB; a campaign of 10,000 games would be about 40 MB).
pub const DEFAULT_LIMIT_MB: u64 = 64;

/// The part of a campaign file `import` reads; the derived statistics and history are for
/// readers and are worked out again from the log (read past, never kept); the board is
/// compared with the one the log gives (see `board_check`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileIn {
    format: Option<String>,
    version: Option<u64>,
    campaign: Option<CampaignDoc>,
    log: Option<LogIn>,
    board: Option<serde_json::Value>,
    #[serde(rename = "chronicle")]
    _chronicle: Option<String>,
    exported_at: Option<String>,
    #[serde(rename = "stats")]
    _stats: Option<IgnoredAny>,
    #[serde(rename = "history")]
    _history: Option<IgnoredAny>,
}

/// What becomes of the file's `board` section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardSection {
    /// Compared with the board the log gives: a file where they differ is refused.
    Compared,
    /// Compared, and the log taken as it is (`import --ignore-board`): the differences are
    /// said, not refused.
    Ignored,
}

/// Where a file's board section differs from the board its log gives, when the section is
/// ignored: each difference, in the words a refusal would use.
pub type IgnoredDifferences = Vec<String>;

/// How many differences between the board section and the log a refusal names.
const DIFFERENCES_NAMED: usize = 3;

/// A record as either version of the file has it. One of version 2 is made into the log's
/// record as it is read (with the game number it says, or what is wrong with it and its
/// seq), so that the file's documents never pile up beside the records made of them.
enum RecordIn {
    Two(Box<Made>),
    One(Box<EntryV1>),
}

/// A record of version 2 made (with the game number it says), or its seq and what is wrong.
type Made = Result<(LogRecord, Option<u32>), (u32, String)>;

fn made(doc: LogEntryDoc) -> RecordIn {
    let said = doc.said_game();
    let seq = doc.seq;
    RecordIn::Two(Box::new(
        doc.record().map(|r| (r, said)).map_err(|p| (seq, p)),
    ))
}

/// The file's log as it is read, one record at a time: those of version 2 go straight into
/// the one list of records the import keeps (no second list is built from a first), those
/// of version 1 are kept for `records` to number.
#[derive(Default)]
struct LogIn {
    two: Vec<LogRecord>,
    /// The game number each game of version 2 says it is: (seq, game).
    said: Vec<(u32, u32)>,
    /// The seq of the first record of version 2, and the first one that is not a record
    /// (its seq, and what is wrong with it).
    first_two: Option<u32>,
    unreadable: Option<(u32, String)>,
    one: Vec<EntryV1>,
}

impl<'de> Deserialize<'de> for LogIn {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<LogIn, D::Error> {
        struct Records;
        impl<'de> serde::de::Visitor<'de> for Records {
            type Value = LogIn;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a list of records")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<LogIn, A::Error> {
                let mut log = LogIn::default();
                while let Some(record) = seq.next_element::<RecordIn>()? {
                    match record {
                        RecordIn::One(v1) => log.one.push(*v1),
                        RecordIn::Two(made) => match *made {
                            Ok((mut record, said)) => {
                                record.share_parent(log.two.last());
                                log.first_two.get_or_insert(record.seq);
                                if let Some(game) = said {
                                    log.said.push((record.seq, game));
                                }
                                log.two.push(record);
                            }
                            Err((at, problem)) => {
                                log.first_two.get_or_insert(at);
                                log.unreadable.get_or_insert((at, problem));
                            }
                        },
                    }
                }
                Ok(log)
            }
        }
        deserializer.deserialize_seq(Records)
    }
}

/// Read as the version its fields show (an `id`, or a `taken_back` without one: version
/// 1), else as the other; a record that is neither is refused with what is wrong with it
/// as the version it looks like: a field unknown or missing, named.
impl<'de> Deserialize<'de> for RecordIn {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RecordIn, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        let two = |v: &serde_json::Value| LogEntryDoc::deserialize(v).map(made);
        let one =
            |v: &serde_json::Value| EntryV1::deserialize(v).map(|e| RecordIn::One(Box::new(e)));
        let looks_like_one = value.get("id").is_none() && value.get("taken_back").is_some();
        let (first, second) = if looks_like_one {
            (one(&value), two(&value))
        } else {
            (two(&value), one(&value))
        };
        first.or_else(|error| {
            second.map_err(|_| {
                let seq = value
                    .get("seq")
                    .map_or("?".to_string(), ToString::to_string);
                D::Error::custom(format!("entry {seq} of the file: {error}"))
            })
        })
    }
}

/// An entry of a file of version 1.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryV1 {
    seq: u32,
    recorded_at: String,
    taken_back: Option<TakenBackDoc>,
    entry: EntryDoc,
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
    #[error(
        "The file's campaign id \"{0}\" is not a campaign's identity (a UUID such as 0192b1c4-7f3e-7a10-9c2d-4e5f60718293); remove it, and import gives the campaign a new one."
    )]
    BadCampaignId(String),
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
    #[error(
        "The file's board section does not match its log, and the board is worked out from the log (an edit to the board alone would be lost): {}{}. To change the board, edit the log's entries instead (or import, then correct the game); to take the log as it is, remove the board section from the file or import with --ignore-board.",
        named.join("; "),
        more_differences(named.len(), *count)
    )]
    BoardDiffers { named: Vec<String>, count: usize },
}

/// "; and N more differences" after the `named` first of `count` differences (nothing when
/// all are named).
pub fn more_differences(named: usize, count: usize) -> String {
    match count.saturating_sub(named) {
        0 => String::new(),
        1 => "; and 1 more difference".to_string(),
        more => format!("; and {more} more differences"),
    }
}

fn what(seq: u32, game: Option<u32>) -> String {
    match (game, seq) {
        (Some(game), _) => format!("Game {game} (entry {seq} of the file)"),
        (None, 0) => "The file's campaign".to_string(),
        (None, _) => format!("Entry {seq} of the file"),
    }
}

/// Reads the campaign file at `path` (a regular file of at most `limit_mb` MiB, read as it
/// streams in) and replays its log through the rules; each game dated by its writer's
/// clock, as sync takes it (no later than the day after it was recorded); its board
/// section, if it has one, compared with the log's or not (`board`).
pub fn read_path(
    path: &Path,
    limit_mb: u64,
    board: BoardSection,
) -> Result<(CampaignDoc, CheckedLog, IgnoredDifferences), ReadError> {
    let shown = path.display().to_string();
    let limit = crate::files::Limit::mib(limit_mb);
    let opened = crate::files::open(path, Symlinks::Follow, limit, "a campaign file");
    let (file, _) = opened.map_err(|error| match error {
        FileError::NotReadable { what, .. } => ReadError::NotAFile { path: shown, what },
        FileError::TooLarge { size, .. } => ReadError::TooLarge {
            path: shown,
            size,
            limit_mb,
        },
        other => ReadError::Io {
            path: shown,
            reason: other.reason(),
        },
    })?;
    read_checking(BufReader::new(file), board)
}

/// Reads a campaign file held in memory (see [`read_path`]).
pub fn read(text: &str) -> Result<(CampaignDoc, CheckedLog), ReadError> {
    read_from(text.as_bytes())
}

/// Reads a campaign file from `reader` as it comes (a byte-order mark at its start is
/// skipped), checks its records and replays its log through the rules: all of it, or an
/// error naming the entry (and game) and the rule. No game may be dated after the day after
/// the one its record was written on (`writers_latest`): import and sync take the same
/// dates. A board section that differs from the board the log gives is refused.
pub fn read_from(reader: impl BufRead) -> Result<(CampaignDoc, CheckedLog), ReadError> {
    read_checking(reader, BoardSection::Compared).map(|(campaign, log, _)| (campaign, log))
}

fn read_checking(
    mut reader: impl BufRead,
    board: BoardSection,
) -> Result<(CampaignDoc, CheckedLog, IgnoredDifferences), ReadError> {
    if reader
        .fill_buf()
        .is_ok_and(|b| b.starts_with(b"\xEF\xBB\xBF"))
    {
        reader.consume(3);
    }
    // A file saved as UTF-32 is refused by name; one saved as UTF-16 is read as the same
    // text in UTF-8.
    if let Some("UTF-32") = reader.fill_buf().ok().and_then(crate::files::wide_encoding) {
        return Err(ReadError::NotJson(
            "it is UTF-32 text: save it as UTF-8 or UTF-16".to_string(),
        ));
    }
    // A file saved as UTF-16 is read as the same text in UTF-8.
    if let Some(order) = reader.fill_buf().ok().and_then(super::utf16::order) {
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .map_err(|e| ReadError::NotJson(e.to_string()))?;
        let text = super::utf16::decode(order, &bytes)
            .map_err(|why| ReadError::NotJson(format!("{why}: save it as UTF-8")))?;
        return read_checking(text.as_bytes(), board);
    }
    let (version, campaign, log, board_in_file) = parse(reader)?;
    crate::domain::entry::validate::timestamp(
        "time the campaign was started",
        &campaign.created_at,
    )
    .map_err(|refusal| ReadError::Refused {
        seq: 0,
        game: None,
        refusal,
    })?;
    if let Some(id) = campaign
        .id
        .as_deref()
        .filter(|id| !EntryId::is_well_formed(id))
    {
        return Err(ReadError::BadCampaignId(id.to_string()));
    }
    let (records, said) = records(version, &campaign, log)?;
    for record in &records {
        check_record(record, writers_latest(record)).map_err(|refusal| ReadError::Refused {
            seq: record.seq,
            game: said_of(&said, record.seq),
            refusal,
        })?;
    }
    check_numbers(&records, &said)?;
    let head = campaign.head.clone().map(crate::domain::EntryId::from);
    let checked =
        CheckedLog::with_head(records, head.as_ref(), writers_latest).map_err(|broken| {
            ReadError::Refused {
                seq: broken.seq,
                game: said_of(&said, broken.seq),
                refusal: broken.refusal,
            }
        })?;
    let found = board_in_file
        .as_ref()
        .map(|in_file| board_differences(in_file, &campaign.name, &checked))
        .unwrap_or_default();
    if board == BoardSection::Compared && !found.is_empty() {
        return Err(ReadError::BoardDiffers {
            count: found.len(),
            named: found.into_iter().take(DIFFERENCES_NAMED).collect(),
        });
    }
    Ok((campaign, checked, found))
}

/// A parsed file: its version, campaign, log and board section.
type Parsed = (u32, CampaignDoc, LogIn, Option<serde_json::Value>);

/// The file parsed as it streams in, and its head checked: format, version, the parts
/// `import` needs.
fn parse(reader: impl Read) -> Result<Parsed, ReadError> {
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
    let version = match file.version {
        Some(v) if v > u64::from(VERSION) => {
            return Err(ReadError::Newer(u32::try_from(v).unwrap_or(u32::MAX)));
        }
        Some(v @ 1..) => u32::try_from(v).unwrap_or(VERSION),
        other => {
            return Err(ReadError::NotACampaign(format!(
                "{FORMAT} version {}",
                other.map_or("missing".to_string(), |v| v.to_string())
            )));
        }
    };
    if let Some(at) = &file.exported_at {
        crate::domain::entry::validate::timestamp("time the file was exported", at).map_err(
            |refusal| ReadError::Refused {
                seq: 0,
                game: None,
                refusal,
            },
        )?;
    }
    match (file.campaign, file.log) {
        (Some(campaign), Some(log)) => Ok((version, campaign, log, file.board)),
        (None, _) => Err(ReadError::NotACampaign("no campaign part".to_string())),
        (_, None) => Err(ReadError::NotACampaign("no log".to_string())),
    }
}

/// The records of the file, in the order written, with the game number each game says it
/// is (by seq).
/// The records of a file, and the number each game says it is: (seq, game).
type Records = (Vec<LogRecord>, Vec<(u32, u32)>);

fn records(version: u32, campaign: &CampaignDoc, log: LogIn) -> Result<Records, ReadError> {
    if version == 1 {
        if let Some(seq) = log.first_two {
            return Err(ReadError::Unreadable {
                seq,
                problem: "it is written as in version 2 of the file, which is of version 1"
                    .to_string(),
            });
        }
    } else if let Some(v1) = log.one.first() {
        return Err(ReadError::Unreadable {
            seq: v1.seq,
            problem: format!(
                "it is written as in version 1 of the file, which is of version {version}"
            ),
        });
    }
    if let Some((seq, problem)) = log.unreadable {
        return Err(ReadError::Unreadable { seq, problem });
    }
    let (mut records, mut said) = (log.two, log.said);
    let mut taken_back: Vec<(u32, TakenBackDoc)> = Vec::new();
    for v1 in log.one {
        let seq = v1.seq;
        if let EntryDoc::Game(game) = &v1.entry {
            said.push((seq, game.game));
        }
        let entry = v1
            .entry
            .entry()
            .map_err(|problem| ReadError::Unreadable { seq, problem })?;
        if let Some(back) = v1.taken_back {
            taken_back.push((seq, back));
        }
        records.push(LogRecord {
            id: legacy_id(campaign, "entry", seq),
            seq,
            recorded_at: v1.recorded_at,
            rules: RuleSet::EARLIER,
            origin: None,
            logged_by: None,
            parent: None,
            place: Place::End,
            body: Body::Add(entry.into()),
        });
    }
    // Held once, at its length; sorted only when it is not (a sort takes half as much again).
    records.shrink_to_fit();
    if !records.is_sorted_by_key(|r| r.seq) {
        records.sort_by_key(|r| r.seq);
    }
    said.sort_unstable_by_key(|(seq, _)| *seq);
    for (place, record) in (1u32..).zip(&mut records) {
        if record.seq != place {
            return Err(ReadError::Unreadable {
                seq: record.seq,
                problem: format!(
                    "it is numbered {} where entry {place} should be",
                    record.seq
                ),
            });
        }
    }
    if version == 1 {
        take_back_v1(campaign, &mut records, taken_back);
    }
    Ok((records, said))
}

/// The records that take back the entries a file of version 1 marks as taken back, after
/// every other record, and each record's parent (the one before it).
fn take_back_v1(
    campaign: &CampaignDoc,
    records: &mut Vec<LogRecord>,
    taken_back: Vec<(u32, TakenBackDoc)>,
) {
    let mut seq = records.last().map_or(0, |r| r.seq);
    for (target, back) in taken_back {
        seq += 1;
        let target = legacy_id(campaign, "entry", target);
        records.push(LogRecord {
            id: legacy_id(campaign, "take_back", seq),
            seq,
            recorded_at: back.at,
            rules: RuleSet::EARLIER,
            origin: None,
            logged_by: None,
            parent: None,
            place: Place::End,
            body: Body::Correct(Correction::TakeBack {
                target,
                reason: back.reason,
            }),
        });
    }
    for i in 1..records.len() {
        records[i].parent = Some(records[i - 1].id.clone());
    }
}

/// The identity of an entry of a version 1 file: made from the campaign and its place, so
/// the same file gives the same identities (a UUID of version 8, its bits a hash).
fn legacy_id(campaign: &CampaignDoc, what: &str, seq: u32) -> EntryId {
    let hash = |salt: u64| {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ salt;
        for byte in campaign
            .name
            .bytes()
            .chain([0])
            .chain(campaign.created_at.bytes())
            .chain([0])
            .chain(what.bytes())
            .chain(seq.to_le_bytes())
        {
            h ^= u64::from(byte);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h
    };
    let mut bits = (u128::from(hash(1)) << 64) | u128::from(hash(2));
    bits = (bits & !(0xF_u128 << 76)) | (0x8_u128 << 76);
    bits = (bits & !(0x3_u128 << 62)) | (0x2_u128 << 62);
    let hex = format!("{bits:032x}");
    EntryId(
        format!(
            "{}-{}-{}-{}-{}",
            &hex[0..8],
            &hex[8..12],
            &hex[12..16],
            &hex[16..20],
            &hex[20..32]
        )
        .into(),
    )
}

/// The number the file gives the game at `seq` (`said` is in the order of seq).
fn said_of(said: &[(u32, u32)], seq: u32) -> Option<u32> {
    said.binary_search_by_key(&seq, |(s, _)| *s)
        .ok()
        .map(|at| said[at].1)
}

/// Each game's number as the file says it must be its number in the log as corrected.
fn check_numbers(records: &[LogRecord], said: &[(u32, u32)]) -> Result<(), ReadError> {
    // Records that do not make a log: the fold names why.
    match resolve(records) {
        Ok(resolved) => numbers_said(resolved.entries.into_iter(), said),
        Err(_) => Ok(()),
    }
}

fn numbers_said(
    entries: impl Iterator<Item = LoggedEntry>,
    said: &[(u32, u32)],
) -> Result<(), ReadError> {
    for entry in entries {
        if let (Some(said), Some(is)) = (said_of(said, entry.seq), entry.game)
            && said != is
        {
            return Err(ReadError::WrongNumber {
                seq: entry.seq,
                said,
                is,
            });
        }
    }
    Ok(())
}
