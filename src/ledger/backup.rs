//! The whole campaign as `export --format json` carries it (the log with what was taken
//! back, the corrections, the board, statistics and history for readers), read on one
//! snapshot: what the command writes and what `serve`'s backup download hands out.

use crate::report::export::{CampaignExport, ExportedLog};
use crate::store::{Store, StoredLog};

use super::LedgerError;

/// The chosen campaign, whole, for its campaign file, with the campaign's identity (which
/// the file carries, so that an import keeps it).
pub fn campaign_export(
    store: &Store,
    campaign: Option<&str>,
) -> Result<(String, CampaignExport), LedgerError> {
    let (info, stored) = store.read_campaign(campaign)?;
    let export = CampaignExport::new(
        &info.name,
        &info.created_at,
        exported_log(stored),
        false,
        None,
    )?;
    Ok((info.uid, export))
}

/// A stored log as an export carries it: the entries and corrections, and the records as
/// written with the head they end at.
pub fn exported_log(stored: StoredLog) -> ExportedLog {
    let (records, head) = stored.written();
    ExportedLog {
        entries: stored.entries,
        corrections: stored.corrections,
        records,
        head,
    }
}
