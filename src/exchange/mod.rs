//! The campaign file: the log of a campaign as JSON, lossless, for `export --format json`
//! and `import` (and the files devices exchange). Reading a file turns it back into the
//! domain's records, which `import` then replays through the rules.

/// The `format` field of a campaign file.
pub const FORMAT: &str = "chronicle-campaign";
/// The version of the campaign file this chronicle writes; it reads this one, version 2
/// (records without the rule set each was written under: an earlier chronicle's) and
/// version 1 (before records had identities and corrections).
pub const VERSION: u32 = 3;

/// What the schemas of the files say of their identities, times and dates, as import reads
/// them: `format` names the standard format, and a `pattern` holds for the validators that
/// check no format.
pub(crate) const UUID_PATTERN: &str =
    "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";
pub(crate) const TIMESTAMP_PATTERN: &str = "^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}([.][0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$";
pub(crate) const DATE_PATTERN: &str = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";

mod board_check;
mod device_log;
mod docs;
mod docs_cards;
mod docs_game;
pub mod docs_photo;
mod file;
mod read;
mod records;
pub mod sheet;
mod utf16;

pub use device_log::{
    DEVICE_LOG_FORMAT, DEVICE_LOG_VERSION, DeviceLog, DeviceLogError, DeviceLogHead, DeviceLogLine,
    SharedCampaign, device_log_schema, device_log_text, read_device_log, read_device_log_head,
};
pub use docs::{
    CampaignDoc, EntryDoc, EventDoc, GameDoc, HeldOnDoc, PlayerDoc, RewardDoc, ScarDoc, WearDoc,
};
pub use file::{CampaignFile, campaign_schema};
pub use read::{
    BoardSection, DEFAULT_LIMIT_MB, IgnoredDifferences, ReadError, more_differences, read,
    read_from, read_path,
};
pub use records::{CorrectionDoc, LogEntryDoc, TakenBackDoc, record_doc};
pub use sheet::{Field, GameSheet, SheetError};
