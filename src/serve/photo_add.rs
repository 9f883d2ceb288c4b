//! `POST /api/games/N/photos`: a photo of game N added from a phone (`serve --allow-log`),
//! with this run's key as every write takes it and from this server's own pages only. The
//! photo comes as a form's file (`multipart/form-data`: the field `photo`, and `caption`,
//! `by` where given), as a phone's browser sends it without a script, or as the raw body
//! with `?caption=` and `?by=` (a script). It is made ready as `game photo add` makes it
//! (`ledger::photo::prepare`: no location, the right way up, a copy for pages) and added
//! with the phone's name as who logged it. 201 with the photo as `game photo list` names
//! it; a page (303 to the game's page) for a browser's form; 413 past 20 MB, 422 for what
//! is not a photo or a game not played, 403 without the key. A request sent again with
//! the same `Idempotency-Key` after a photo was added gets that answer and writes nothing.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Path, Query, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use maud::html;
use serde::Deserialize;

use super::access::writer;
use super::api::{device, header_text, json_text, said};
use super::memory::{Kept, Writing};
use super::read::Shared;
use super::said::{status, words};
use crate::domain::Head;
use crate::domain::entry::photo::MAX_PHOTO_BYTES;
use crate::ledger::photo::{PhotoError, prepare};
use crate::ledger::{Guard, LedgerError, PhotoOf, Query as Asked, Report, View, add_photo};

/// The most bytes a request adding a photo may send: a photo's 20 MB and a form's lines
/// around it. Only this route takes more than axum's 2 MB.
pub(super) const MOST_BYTES: usize = 21_000_000;

/// What a script may say in the query beside a raw photo.
#[derive(Debug, Default, Deserialize)]
pub(super) struct PhotoParams {
    pub caption: Option<String>,
    pub by: Option<String>,
}

/// A photo as sent: the file's name (for errors), its bytes, caption and who took it.
struct Sent {
    name: String,
    bytes: Bytes,
    caption: Option<String>,
    by: Option<String>,
}

/// `POST /api/games/N/photos`.
pub(super) async fn add(
    State(shared): State<Arc<Shared>>,
    Path(game): Path<u32>,
    Query(params): Query<PhotoParams>,
    headers: HeaderMap,
    request: Request,
) -> Response {
    let page = wants_page(&headers);
    let writing = match writer(&shared, &headers) {
        Ok(writing) => writing.clone(),
        Err((code, why)) => return refused(page, game, code, &why),
    };
    let guard = match guard_of(&headers) {
        Ok(guard) => guard,
        Err(why) => return refused(page, game, StatusCode::BAD_REQUEST, &why),
    };
    let sent = match read_sent(&shared, &headers, params, request).await {
        Ok(sent) => sent,
        Err((code, why)) => return refused(page, game, code, &why),
    };
    // Kept apart from the keys of games: the same key names another request there.
    let key =
        header_text(&headers, "idempotency-key").map(|k| format!("photo of game {game}: {k}"));
    // The photo is made ready before waiting for the other writes: it takes a while.
    let prepared = tokio::task::spawn_blocking(move || {
        prepare(&sent.name, Vec::from(sent.bytes), false).map(|p| (p, sent.caption, sent.by))
    })
    .await;
    let (prepared, caption, by) = match prepared {
        Ok(Ok(prepared)) => prepared,
        Ok(Err(error)) => {
            let error = LedgerError::Photo(error);
            return refused(page, game, status(&error), &words(&error));
        }
        Err(_) => {
            return refused(
                page,
                game,
                StatusCode::INTERNAL_SERVER_ERROR,
                "The photo could not be read.",
            );
        }
    };
    let _one_at_a_time = shared.writes.lock().await;
    if let Some(kept) = key.as_ref().and_then(|k| shared.kept(k)) {
        return kept.into_response();
    }
    let worker = Arc::clone(&shared);
    let of = PhotoOf { game, caption, by };
    let done = tokio::task::spawn_blocking(move || {
        let kept = write_photo(&worker, &writing, &guard, of, &prepared);
        if let (Some(key), true) = (key, kept.status == StatusCode::CREATED.as_u16()) {
            worker.keep(key, kept.clone());
        }
        kept
    })
    .await;
    match done {
        Ok(kept) => answered(page, game, kept),
        Err(_) => refused(
            page,
            game,
            StatusCode::INTERNAL_SERVER_ERROR,
            "The write could not be made.",
        ),
    }
}

/// Who writes (the phone's or the script's device) and the head it read, where it names
/// one (`If-Match`); why not, for a name or a head not of their form.
fn guard_of(headers: &HeaderMap) -> Result<Guard, String> {
    let by = match device(headers)? {
        Some(by) => Some(by),
        None => super::phone::device_of(headers),
    };
    let seen = match header_text(headers, "if-match").as_deref().map(Head::parse) {
        Some(Some(head)) => Some(head),
        Some(None) => {
            return Err(
                "If-Match names the head of the log as GET /api/head gives it: \"SEQ:ID\"."
                    .to_string(),
            );
        }
        None => None,
    };
    Ok(Guard { seen, by })
}

/// The answer of a write: as made for a script; for a browser's form, the game's page at
/// the photo added (303), or a page saying why not.
fn answered(page: bool, game: u32, kept: Kept) -> Response {
    if !page {
        return kept.into_response();
    }
    let said = serde_json::from_str::<serde_json::Value>(&kept.body).unwrap_or_default();
    if kept.status == StatusCode::CREATED.as_u16() {
        let at = said["id"]
            .as_str()
            .map(|id| format!("#photo-{id}"))
            .unwrap_or_default();
        return Redirect::to(&format!("/games/{game}{at}")).into_response();
    }
    let code = StatusCode::from_u16(kept.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    refused(true, game, code, said["error"].as_str().unwrap_or_default())
}

/// Whether the request is a browser's form, answered with pages rather than JSON.
fn wants_page(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.contains("text/html"))
}

/// The photo of a form's fields or of the raw body; why not, with the status.
async fn read_sent(
    shared: &Arc<Shared>,
    headers: &HeaderMap,
    params: PhotoParams,
    request: Request,
) -> Result<Sent, (StatusCode, String)> {
    let too_large = |name: &str| {
        let bytes = headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse().ok())
            .unwrap_or(MOST_BYTES as u64);
        let error = LedgerError::Photo(PhotoError::TooLarge {
            name: name.to_string(),
            bytes,
            limit: MAX_PHOTO_BYTES,
        });
        (status(&error), words(&error))
    };
    let multipart = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("multipart/form-data"));
    if !multipart {
        let bytes = axum::body::to_bytes(request.into_body(), MOST_BYTES)
            .await
            .map_err(|_| too_large("The photo"))?;
        return Ok(Sent {
            name: "The photo".to_string(),
            bytes,
            caption: params.caption,
            by: params.by,
        });
    }
    let mut form = Multipart::from_request(request, shared)
        .await
        .map_err(|e| (StatusCode::BAD_REQUEST, e.body_text()))?;
    let mut sent = Sent {
        name: String::new(),
        bytes: Bytes::new(),
        caption: params.caption,
        by: params.by,
    };
    let mut photo = false;
    let failed = |e: axum::extract::multipart::MultipartError, name: &str| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_large(name)
        } else {
            (StatusCode::BAD_REQUEST, e.body_text())
        }
    };
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|e| failed(e, "The photo"))?
    {
        match field.name() {
            Some("photo") => {
                sent.name = field
                    .file_name()
                    .filter(|n| !n.trim().is_empty())
                    .unwrap_or("The photo")
                    .to_string();
                let name = sent.name.clone();
                sent.bytes = field.bytes().await.map_err(|e| failed(e, &name))?;
                photo = true;
            }
            Some("caption") => {
                sent.caption = Some(field.text().await.map_err(|e| failed(e, "The caption"))?);
            }
            Some("by") => sent.by = Some(field.text().await.map_err(|e| failed(e, "by"))?),
            _ => {}
        }
    }
    if !photo || sent.bytes.is_empty() {
        return Err((
            StatusCode::UNPROCESSABLE_ENTITY,
            "No photo was sent: choose one (the form's field `photo`, or the raw body)."
                .to_string(),
        ));
    }
    sent.caption = sent.caption.filter(|c| !c.trim().is_empty());
    sent.by = sent.by.filter(|b| !b.trim().is_empty());
    Ok(sent)
}

/// Adds the photo (on a blocking thread) and makes the answer: the photo as `game photo
/// list --format json` names it.
fn write_photo(
    shared: &Shared,
    writing: &Writing,
    guard: &Guard,
    of: PhotoOf,
    prepared: &crate::ledger::photo::Prepared,
) -> Kept {
    let stamp = writing.clock.again().write_stamp();
    let game = of.game;
    let added = shared.store(false).and_then(|mut store| {
        add_photo(
            &mut store,
            shared.campaign(),
            &stamp,
            guard,
            false,
            of,
            prepared,
        )
    });
    if let Err(error) = added {
        return super::api::failure(shared, &error, None);
    }
    let asked = Asked {
        view: View::Photos(Some(game)),
        after: None,
        spoilers: shared.spoilers,
    };
    let sha256 = &prepared.copy.file.sha256;
    let photo = shared
        .ask(&asked)
        .ok()
        .and_then(|answered| match answered.report {
            Report::Photos(list) => list.photos.into_iter().find(|p| &p.copy.sha256 == sha256),
            _ => None,
        });
    match photo {
        Some(photo) => Kept {
            status: StatusCode::CREATED.as_u16(),
            content_type: "application/json",
            body: json_text(&photo),
        },
        None => said(
            StatusCode::CREATED,
            &format!("The photo of game {game} was added; it cannot be read back now."),
        ),
    }
}

/// A write not made: JSON for a script, a page with the way back for a browser's form.
fn refused(page: bool, game: u32, code: StatusCode, why: &str) -> Response {
    if !page {
        return said(code, why).into_response();
    }
    let content = html! {
        div.error { p { (why) } }
        p { a.tap href=(format!("/games/{game}")) { "Back to game " (game) } }
    };
    let body = super::html::page("chronicle", "Photo not added", None, "0", None, content);
    (code, super::pages::html_type(), body.into_string()).into_response()
}
