//! `/story`: the campaign told game by game, the very page `chronicle story` writes (a
//! chapter per game with the map after it), read from the log now and shown with the
//! run's spoilers (`--spoilers none`: nothing that came from a packet, no free text). Its
//! `ETag` is the log's head, as every page's.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use headers::{HeaderMapExt, IfNoneMatch};

use super::html::{error, page};
use super::pages::{held, html_type};
use super::read::{BUSY, Shared};
use super::said::{question_status, words};
use crate::ledger::{self, LedgerError};
use crate::render::story_html;
use crate::store::{Access, Store};

/// `GET /story`.
pub(super) async fn story(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    let wanted = headers.typed_get::<IfNoneMatch>();
    let told =
        tokio::task::spawn_blocking(move || -> Result<(String, Option<String>), LedgerError> {
            let head = shared.head_now()?;
            let etag = format!("\"{head}\"");
            if wanted.as_ref().is_some_and(|w| held(w, &etag)) {
                return Ok((etag, None));
            }
            let store = Store::open(&shared.db, Access::Read, BUSY)?;
            let told = ledger::story(&store, shared.campaign(), shared.spoilers, false)?;
            Ok((etag, Some(story_html::page(&told.story, &told.images))))
        })
        .await;
    let etagged = |etag: &str| {
        [
            (
                header::ETAG,
                HeaderValue::from_str(etag).unwrap_or(HeaderValue::from_static("\"0\"")),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ]
    };
    match told {
        Ok(Ok((etag, Some(body)))) => (etagged(&etag), html_type(), body).into_response(),
        Ok(Ok((etag, None))) => (StatusCode::NOT_MODIFIED, etagged(&etag)).into_response(),
        Ok(Err(e)) => not_told(question_status(&e), &words(&e)),
        Err(_) => not_told(
            StatusCode::INTERNAL_SERVER_ERROR,
            "The story could not be told.",
        ),
    }
}

fn not_told(status: StatusCode, text: &str) -> Response {
    let body = page("chronicle", "Story", None, "0", None, error(text)).into_string();
    (status, html_type(), body).into_response()
}
