//! A campaign imported from a copy (another device's campaign file) and synced into the
//! group's folder: the folder's campaign of that name, sharing its first entry, is the same
//! campaign, and with `--yes` this one syncs as it (its entries are the same records, so
//! nothing is taken twice). A campaign of the same name that shares nothing with it is told
//! why it cannot sync there under that name. Either way nothing is written before.

use std::collections::HashSet;
use std::path::Path;

use super::folder::{campaign_folder, campaigns_in, read_shared};
use crate::cli::error::CliError;
use crate::domain::EntryId;
use crate::store::{CampaignInfo, Store};

/// The campaign as it syncs: itself, or (a copy, with `yes`) the folder's campaign it is
/// a copy of, under that campaign's identity.
pub(super) fn as_shared(
    store: &mut Store,
    campaign: CampaignInfo,
    dir: &Path,
    me: &str,
    yes: bool,
) -> Result<CampaignInfo, CliError> {
    if campaign_folder(dir, &campaign.uid).exists() {
        return Ok(campaign);
    }
    let key = campaign.name.to_lowercase();
    let Some(shared) = campaigns_in(dir)
        .into_iter()
        .find(|c| c.name.to_lowercase() == key && c.id != campaign.uid)
    else {
        return Ok(campaign);
    };
    let (_, stored) = store.read_campaign(Some(&campaign.name))?;
    let first: Option<&EntryId> = stored.records.first().map(|r| &r.id);
    let theirs: HashSet<EntryId> = read_shared(dir, &shared.id, me)
        .records
        .into_iter()
        .map(|r| r.id)
        .collect();
    if !first.is_some_and(|id| theirs.contains(id)) {
        return Err(CliError::input(format!(
            "{} already holds another campaign called \"{}\", which shares no entry with this one: two campaigns of one name there would be mistaken for each other. Rename this one first (`chronicle campaign rename NEW`), then sync it beside.",
            dir.display(),
            shared.name
        ))
        .nothing_written());
    }
    if !yes {
        return Err(CliError::input(format!(
            "This campaign is a copy of \"{}\" in {} (it starts with the same entries): sync it as that campaign with --yes, so the group keeps one campaign. Nothing is lost: the entries both hold are taken once.",
            shared.name,
            dir.display()
        ))
        .nothing_written());
    }
    store.share_as(campaign.id, &shared.id)?;
    Ok(store.choose_campaign(Some(&campaign.name))?)
}
