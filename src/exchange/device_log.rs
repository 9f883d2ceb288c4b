//! A device's log file in a shared folder (`sync`): `DIR/<campaign id>/<device>.jsonl`,
//! one JSON document a line. The first line says what the file is (the format and its
//! version, the campaign, the device, the database that writes it); each line after it is
//! one record that device wrote, in its own order, as the campaign file has them; then the
//! records of other devices it relays (that no other file of the folder carried). Only its device writes it, whole and
//! atomically, and only ever with more lines; every other device reads it, taking every
//! record up to the first that cannot be read or breaks a rule (named, never passed over
//! unseen).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::records::{LogEntryDoc, record_doc};
use super::{TIMESTAMP_PATTERN, UUID_PATTERN};
use crate::domain::log::{check_record, writers_latest};
use crate::domain::vocabulary::names::{CampaignName, is_device_name};
use crate::domain::{EntryId, LogRecord, Refusal, entry::validate};

/// The `format` of a device's log file.
pub const DEVICE_LOG_FORMAT: &str = "chronicle-device-log";
/// The version this chronicle writes; it reads this one, version 2 (a head without the
/// database's identity) and version 1 (records without the rule set each was written
/// under): an earlier chronicle's.
pub const DEVICE_LOG_VERSION: u32 = 3;

/// The first line of a device's log file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeviceLogHead {
    /// Always "chronicle-device-log".
    #[schemars(extend("const" = DEVICE_LOG_FORMAT))]
    pub format: String,
    #[schemars(extend("const" = DEVICE_LOG_VERSION))]
    pub version: u32,
    pub campaign: SharedCampaign,
    /// The device that writes the file: the file's name without `.jsonl`.
    pub device: String,
    /// The identity of the database that writes it (a UUID, made at its first sync): a
    /// second database under the same device name is told to pick another. A restored or
    /// copied database has the same identity, and is the same device.
    #[serde(default)]
    #[schemars(pattern(UUID_PATTERN), extend("format" = "uuid"))]
    pub database: Option<String>,
}

/// A campaign as the devices that sync it share it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SharedCampaign {
    /// Its identity (a UUID): the name of its folder.
    #[schemars(pattern(UUID_PATTERN), extend("format" = "uuid"))]
    pub id: String,
    /// Its name, on the device that wrote the file.
    pub name: String,
    /// When it was started, RFC 3339 UTC.
    #[schemars(pattern(TIMESTAMP_PATTERN), extend("format" = "date-time"))]
    pub created_at: String,
}

/// One line of the file: its first, or a record.
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
pub enum DeviceLogLine {
    Head(DeviceLogHead),
    Record(Box<LogEntryDoc>),
}

/// A device's log file read: its head, its records up to the first bad line, and why
/// that line could not be taken (none: every line was).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceLog {
    pub head: DeviceLogHead,
    pub records: Vec<LogRecord>,
    pub bad: Option<DeviceLogError>,
}

/// Why a device's log file cannot be taken (it is skipped whole).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeviceLogError {
    #[error("it is empty")]
    Empty,
    #[error("it is not a chronicle device log ({0})")]
    Foreign(String),
    #[error("it is of version {0}, newer than this chronicle reads; use a newer chronicle")]
    Newer(u32),
    #[error("it ends in the middle of a line (written partly, or cut short)")]
    Truncated,
    #[error("line {line} cannot be read: {problem}")]
    Damaged { line: usize, problem: String },
    #[error("line {line} breaks a rule: {refusal}")]
    Refused { line: usize, refusal: Refusal },
    #[error(
        "it says it is the file of \"{0}\", which is not a device's name (1 to 40 letters, digits, `.`, `_` or `-`)"
    )]
    BadDevice(String),
}

/// Reads a device's log file: its head (or why the file is no device's log at all), then
/// every record up to the first line that cannot be read or breaks a rule. No game may be
/// dated after the day its writer recorded it (by the writer's clock, a day's grace for
/// time zones): a reader whose clock is behind takes it all the same.
pub fn read_device_log(text: &str) -> Result<DeviceLog, DeviceLogError> {
    let head = read_device_log_head(text)?;
    let mut lines = text.split_inclusive('\n');
    lines.next();
    let mut log = DeviceLog {
        head,
        records: Vec::new(),
        bad: None,
    };
    // Whether a record of another device (relayed) was read: the device's own come first.
    let mut relayed = false;
    for (i, text) in lines.enumerate() {
        match read_line(&log, relayed, i + 2, text) {
            Ok(record) => {
                relayed |= record
                    .origin
                    .as_ref()
                    .is_some_and(|o| o.device != log.head.device);
                log.records.push(record);
            }
            Err(bad) => {
                log.bad = Some(bad);
                break;
            }
        }
    }
    Ok(log)
}

/// The head of a device's log (its first line), checked as `read_device_log` checks it,
/// without reading its records.
pub fn read_device_log_head(text: &str) -> Result<DeviceLogHead, DeviceLogError> {
    if text.is_empty() {
        return Err(DeviceLogError::Empty);
    }
    let first = text
        .split_inclusive('\n')
        .next()
        .ok_or(DeviceLogError::Empty)?;
    let Some(first) = first.strip_suffix('\n') else {
        return Err(DeviceLogError::Truncated);
    };
    let head: DeviceLogHead = serde_json::from_str(first)
        .map_err(|e| DeviceLogError::Foreign(format!("its first line: {e}")))?;
    if head.format != DEVICE_LOG_FORMAT {
        return Err(DeviceLogError::Foreign(format!("format {:?}", head.format)));
    }
    if head.version > DEVICE_LOG_VERSION {
        return Err(DeviceLogError::Newer(head.version));
    }
    check_head(&head)?;
    Ok(head)
}

/// One line after the head: a record of the file's device, the next of its records; or,
/// once `relayed` (a record of another device was read), another device's record.
fn read_line(
    log: &DeviceLog,
    relayed: bool,
    line: usize,
    text: &str,
) -> Result<LogRecord, DeviceLogError> {
    let Some(text) = text.strip_suffix('\n') else {
        return Err(DeviceLogError::Truncated);
    };
    let damaged = |problem: String| DeviceLogError::Damaged { line, problem };
    let doc: LogEntryDoc = serde_json::from_str(text).map_err(|e| damaged(e.to_string()))?;
    let record = doc.record().map_err(damaged)?;
    let own = |r: &LogRecord| {
        r.origin
            .as_ref()
            .is_some_and(|o| o.device == log.head.device)
    };
    match &record.origin {
        // Another device's record this one relays (after its own): that device's file is
        // gone from the folder, or not read.
        Some(_) if log.head.version >= 3 && !own(&record) => {}
        Some(_) if relayed => {
            return Err(damaged(
                "it is a record of the device after the records it relays".to_string(),
            ));
        }
        Some(origin) if origin.device == log.head.device => {
            let expected = u64::try_from(log.records.len()).unwrap_or(u64::MAX) + 1;
            if origin.seq != expected {
                return Err(damaged(format!(
                    "it is the device's record {} where its record {expected} should be",
                    origin.seq
                )));
            }
        }
        _ => {
            return Err(damaged(format!(
                "it is not a record of device {}",
                log.head.device
            )));
        }
    }
    check_record(&record, writers_latest(&record))
        .map_err(|refusal| DeviceLogError::Refused { line, refusal })?;
    Ok(record)
}

/// The head names a device as a device is named, and a campaign as a join would take it:
/// its identity a UUID (its folder's name), its name a campaign's name, started at a moment
/// in RFC 3339.
fn check_head(head: &DeviceLogHead) -> Result<(), DeviceLogError> {
    if !is_device_name(&head.device) {
        return Err(DeviceLogError::BadDevice(head.device.clone()));
    }
    let campaign = &head.campaign;
    let refused = |refusal| DeviceLogError::Refused { line: 1, refusal };
    if !EntryId::is_well_formed(&campaign.id) {
        return Err(refused(Refusal::BadId {
            id: campaign.id.clone(),
        }));
    }
    CampaignName::new(&campaign.name).map_err(refused)?;
    if let Some(database) = &head.database
        && !EntryId::is_well_formed(database)
    {
        return Err(refused(Refusal::BadId {
            id: database.clone(),
        }));
    }
    validate::timestamp("time the campaign was started", &campaign.created_at).map_err(refused)
}

/// The text of a device's log file: its head, then each of its records (in its order),
/// each with the game number `game_of` gives it.
pub fn device_log_text(
    head: &DeviceLogHead,
    records: &[LogRecord],
    game_of: impl Fn(&LogRecord) -> Option<u32>,
) -> Result<String, serde_json::Error> {
    let mut text = serde_json::to_string(&DeviceLogLine::Head(head.clone()))?;
    text.push('\n');
    for record in records {
        let line = DeviceLogLine::Record(Box::new(record_doc(record, game_of(record))));
        text.push_str(&serde_json::to_string(&line)?);
        text.push('\n');
    }
    Ok(text)
}

/// The JSON Schema of a line of a device's log file.
pub fn device_log_schema() -> schemars::Schema {
    crate::report::schema::with_id(
        crate::report::schema::schema::<DeviceLogLine>(),
        "device-log.schema.json",
    )
}
