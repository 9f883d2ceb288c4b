//! The campaign file: the log of a campaign as JSON, lossless, for `export --format json`
//! and `import` (and the files devices exchange). Reading a file turns it back into the
//! domain's records, which `import` then replays through the rules.

/// The `format` field of a campaign file.
pub const FORMAT: &str = "chronicle-campaign";
/// The version of the campaign file this chronicle writes; it reads this one, version 2
/// (records without the rule set each was written under: an earlier chronicle's) and
/// version 1 (before records had identities and corrections).
pub const VERSION: u32 = 3;

mod board_check;
mod device_log;
mod docs;
mod docs_cards;
mod docs_game;
mod file;
mod read;
mod records;

pub use device_log::{
    DEVICE_LOG_FORMAT, DEVICE_LOG_VERSION, DeviceLog, DeviceLogError, DeviceLogHead, DeviceLogLine,
    SharedCampaign, device_log_schema, device_log_text, read_device_log,
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
