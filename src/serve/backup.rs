//! `GET /backup`: the campaign file, exactly what `chronicle export --format json` writes,
//! as a download named after the campaign and the day, for whoever holds this run's key
//! (`--allow-log`); anyone else gets 403. The file holds the whole log, notes and all,
//! which is why the read-only address does not hand it out.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::access::holds_key;
use super::read::{BUSY, Shared};
use super::said::{question_status, words};
use crate::exchange::CampaignFile;
use crate::ledger::{self, LedgerError};
use crate::store::{Access, Store};

/// The campaign file as a download, or 403 without the key.
pub(super) async fn backup(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    if !shared
        .writing
        .as_ref()
        .is_some_and(|w| holds_key(&headers, w))
    {
        return (
            StatusCode::FORBIDDEN,
            "The backup is for whoever holds this run's key: start `chronicle serve --allow-log` and open the logging address it prints (it ends in ?key=…), or send `Authorization: Bearer KEY`.\n",
        )
            .into_response();
    }
    let made = tokio::task::spawn_blocking(move || -> Result<(String, String), LedgerError> {
        let store = Store::open(&shared.db, Access::Read, BUSY)?;
        let (uid, export) = ledger::campaign_export(&store, shared.campaign())?;
        let clock = shared.clock();
        let text = CampaignFile::new(&export, &uid, &clock.stamp())
            .to_json()
            .unwrap_or_default();
        let name = file_name(&export.name, &clock.today().to_string());
        Ok((name, text))
    })
    .await;
    match made {
        Ok(Ok((name, text))) if !text.is_empty() => {
            let disposition = format!("attachment; filename=\"{name}\"");
            (
                [
                    (
                        header::CONTENT_TYPE,
                        HeaderValue::from_static("application/json"),
                    ),
                    (
                        header::CONTENT_DISPOSITION,
                        HeaderValue::from_str(&disposition)
                            .unwrap_or(HeaderValue::from_static("attachment")),
                    ),
                    (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
                ],
                text,
            )
                .into_response()
        }
        Ok(Err(e)) => (question_status(&e), format!("{}\n", words(&e))).into_response(),
        _ => (
            StatusCode::INTERNAL_SERVER_ERROR,
            "The campaign file could not be made.\n",
        )
            .into_response(),
    }
}

/// `Winter-League-2026-12-07.json`: the campaign's letters and digits (others as `-`), and
/// the day.
fn file_name(campaign: &str, day: &str) -> String {
    let mut name = String::new();
    for c in campaign.chars() {
        if c.is_ascii_alphanumeric() {
            name.push(c);
        } else if !name.ends_with('-') {
            name.push('-');
        }
    }
    let name = name.trim_matches('-');
    let name = if name.is_empty() { "campaign" } else { name };
    format!("{name}-{day}.json")
}
