//! `POST /log/undo`: the phone that logged the latest entry takes it back, within the same
//! run of `serve` and with a reason, through the same correction as `chronicle game undo`
//! (a take-back record: the history keeps the game, with when and why). Nothing else is
//! changed from a phone.

use std::sync::Arc;

use axum::extract::{Form as Posted, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

use super::access::writer;
use super::phone::device_of;
use super::phone_html as draw;
use super::read::Shared;
use super::said::{changes, status, words};
use crate::domain::entry::validate::{MAX_REASON_CHARS, text};
use crate::domain::{EntryId, Head};
use crate::ledger::{Guard, Latest, LedgerError, take_back};

pub(super) async fn undo(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    Posted(fields): Posted<Vec<(String, String)>>,
) -> Response {
    let writing = match writer(&shared, &headers) {
        Ok(writing) => writing.clone(),
        Err((status, words)) => return answer(status, &words),
    };
    let get = |name: &str| {
        fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let entry = EntryId::from(get("entry"));
    let Some(seen) = Head::parse(&get("head")) else {
        return answer(
            StatusCode::BAD_REQUEST,
            "The page names no head of the log; open it again.",
        );
    };
    let Some(device) = device_of(&headers) else {
        return answer(
            StatusCode::FORBIDDEN,
            "This phone has no name: only the phone that logged a game takes it back.",
        );
    };
    if !shared.made_by(&entry, &device) {
        return answer(
            StatusCode::FORBIDDEN,
            "Only the phone that logged an entry takes it back, while this server runs; use `chronicle game undo` on the laptop for any other.",
        );
    }
    let reason = match text("reason", &get("reason"), MAX_REASON_CHARS, false) {
        Ok(reason) if !reason.is_empty() => reason,
        Ok(_) => {
            return answer(
                StatusCode::UNPROCESSABLE_ENTITY,
                "Say why the game is taken back: the history keeps the reason.",
            );
        }
        Err(refusal) => return answer(StatusCode::UNPROCESSABLE_ENTITY, &refusal.to_string()),
    };
    let _one_at_a_time = shared.writes.lock().await;
    let worker = Arc::clone(&shared);
    let done = tokio::task::spawn_blocking(move || {
        let stamp = writing.clock.again().write_stamp();
        let guard = Guard {
            seen: Some(seen),
            by: Some(device),
        };
        worker.store(false).and_then(|mut store| {
            take_back(
                &mut store,
                worker.campaign(),
                &stamp,
                &guard,
                &Latest::Entry(entry),
                Some(reason),
            )
        })
    })
    .await;
    match done {
        Ok(Ok(_)) => answer(
            StatusCode::OK,
            "Taken back: the history keeps it, with the reason. The board is as it was before it.",
        ),
        Ok(Err(LedgerError::Stale { changed, .. })) => answer(
            StatusCode::CONFLICT,
            &format!(
                "Not taken back: the log moved since. {}",
                changes(&changed).join(" ")
            ),
        ),
        Ok(Err(error)) => answer(status(&error), &words(&error)),
        Err(_) => answer(
            StatusCode::INTERNAL_SERVER_ERROR,
            "The entry could not be taken back.",
        ),
    }
}

fn answer(status: StatusCode, words: &str) -> Response {
    (status, draw::html_type(), draw::message("chronicle", words)).into_response()
}
