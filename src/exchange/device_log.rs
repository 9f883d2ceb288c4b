//! A device's log file in a shared folder (`sync`): `DIR/<campaign id>/<device>.jsonl`,
//! one JSON document a line. The first line says what the file is (the format and its
//! version, the campaign, the device); each line after it is one record that device wrote,
//! in its own order, as the campaign file has them. Only its device writes it, whole and
//! atomically, and only ever with more lines; every other device reads it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::records::{LogEntryDoc, record_doc};
use super::{TIMESTAMP_PATTERN, UUID_PATTERN};
use crate::domain::log::check_record;
use crate::domain::names::{CampaignName, is_device_name};
use crate::domain::{EntryId, LogRecord, Refusal, validate};

/// The `format` of a device's log file.
pub const DEVICE_LOG_FORMAT: &str = "chronicle-device-log";
/// The version this chronicle writes; it reads this one and version 1 (records without
/// the rule set each was written under: an earlier chronicle's).
pub const DEVICE_LOG_VERSION: u32 = 2;

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

/// A device's log file read: its head and its records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceLog {
    pub head: DeviceLogHead,
    pub records: Vec<LogRecord>,
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

/// Reads a device's log file; no game in it may be dated after `latest`.
pub fn read_device_log(text: &str, latest: chrono::NaiveDate) -> Result<DeviceLog, DeviceLogError> {
    if text.is_empty() {
        return Err(DeviceLogError::Empty);
    }
    if !text.ends_with('\n') {
        return Err(DeviceLogError::Truncated);
    }
    let mut lines = text.lines();
    let first = lines.next().ok_or(DeviceLogError::Empty)?;
    let head: DeviceLogHead = serde_json::from_str(first)
        .map_err(|e| DeviceLogError::Foreign(format!("its first line: {e}")))?;
    if head.format != DEVICE_LOG_FORMAT {
        return Err(DeviceLogError::Foreign(format!("format {:?}", head.format)));
    }
    if head.version > DEVICE_LOG_VERSION {
        return Err(DeviceLogError::Newer(head.version));
    }
    check_head(&head)?;
    let mut records = Vec::new();
    for (i, text) in lines.enumerate() {
        let line = i + 2;
        let damaged = |problem: String| DeviceLogError::Damaged { line, problem };
        let doc: LogEntryDoc = serde_json::from_str(text).map_err(|e| damaged(e.to_string()))?;
        let record = doc.record().map_err(damaged)?;
        match &record.origin {
            Some(origin) if origin.device == head.device => {
                let expected = u64::try_from(records.len()).unwrap_or(u64::MAX) + 1;
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
                    head.device
                )));
            }
        }
        check_record(&record, latest)
            .map_err(|refusal| DeviceLogError::Refused { line, refusal })?;
        records.push(record);
    }
    Ok(DeviceLog { head, records })
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
