//! `POST /api/games`: a game sheet (the JSON `game log --from FILE` reads) logged for a
//! script, with this run's key (`Authorization: Bearer KEY`) and the head it was made from
//! (`If-Match: "<head>"`). 201 with the game as `game show N --format json`; 409 when the
//! head moved, with what changed; 422 with the refusal; 403 without the key or from another
//! site; 428 without `If-Match`; 400 for a body that is not a game sheet. `?dry_run=1`
//! answers what would change (as `game log --dry-run --format json`) and writes nothing.
//! A request sent again with the same `Idempotency-Key` after a game was written gets that
//! answer and writes nothing; a refused or failed write is not kept under its key.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::access::writer;
use super::memory::{Kept, Writing};
use super::read::{Params, Part, Shared};
use super::said::{Refused, changes, refused, status, words};
use crate::domain::Head;
use crate::exchange::GameSheet;
use crate::ledger::{Guard, LedgerError, Logged, log_game};
use crate::report::game::{GameLogged, GameView};
use crate::report::spoilers::Spoilers;

/// The header a script names its device with; kept on the record as who logged it.
pub(super) const DEVICE_HEADER: &str = "x-chronicle-device";

/// `POST /api/games`'s query.
#[derive(Debug, Default, Deserialize)]
pub(super) struct WriteParams {
    pub dry_run: Option<String>,
}

impl WriteParams {
    fn dry_run(&self) -> bool {
        self.dry_run
            .as_deref()
            .is_some_and(|v| !matches!(v, "0" | "false" | "no"))
    }
}

#[derive(Serialize)]
struct Said<'a> {
    error: &'a str,
}

#[derive(Serialize)]
struct Moved<'a> {
    error: &'a str,
    /// The head now, for the request to be checked again against.
    head: &'a str,
    changed: &'a [String],
}

#[derive(Serialize)]
struct RefusedAnswer<'a> {
    error: &'a str,
    #[serde(flatten)]
    refused: &'a Refused,
}

/// JSON as the commands print it: pretty, with a final line break.
pub(super) fn json_text(value: &impl Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".to_string());
    text.push('\n');
    text
}

fn answer(status: StatusCode, body: String) -> Kept {
    Kept {
        status: status.as_u16(),
        content_type: "application/json",
        body,
    }
}

pub(super) fn said(status: StatusCode, error: &str) -> Kept {
    answer(status, json_text(&Said { error }))
}

impl IntoResponse for Kept {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::OK);
        (
            status,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static(self.content_type),
            )],
            self.body,
        )
            .into_response()
    }
}

/// A header's text, trimmed; none when absent or empty.
pub(super) fn header_text(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_string)
}

/// The device a script names in `X-Chronicle-Device`: its UTF-8 as sent, percent-decoded
/// (`Zo%C3%AB%E2%80%99s%20phone` is "Zoë’s phone"; a `%` itself is `%25`); none when the
/// header is absent or empty; why not when it is not a name a history can show.
pub(super) fn device(headers: &HeaderMap) -> Result<Option<String>, String> {
    let Some(value) = headers.get(DEVICE_HEADER) else {
        return Ok(None);
    };
    let not_text = || {
        "X-Chronicle-Device is the device's name as UTF-8, or percent-encoded (Zo%C3%AB%27s%20phone).".to_string()
    };
    let sent = std::str::from_utf8(value.as_bytes()).map_err(|_| not_text())?;
    let name = percent_encoding::percent_decode_str(sent.trim())
        .decode_utf8()
        .map_err(|_| not_text())?;
    if name.trim().is_empty() {
        return Ok(None);
    }
    crate::domain::entry::validate::logged_by(&name)
        .map(Some)
        .map_err(|refusal| format!("X-Chronicle-Device: {refusal}"))
}

/// `POST /api/games`.
pub(super) async fn post_game(
    State(shared): State<Arc<Shared>>,
    Query(params): Query<WriteParams>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let writing = match writer(&shared, &headers) {
        Ok(writing) => writing.clone(),
        Err((status, words)) => return said(status, &words).into_response(),
    };
    let Ok(text) = std::str::from_utf8(&body) else {
        return said(StatusCode::BAD_REQUEST, "A game sheet is UTF-8 JSON.").into_response();
    };
    let sheet = match GameSheet::from_json(text) {
        Ok(sheet) => sheet,
        Err(error) => {
            return said(StatusCode::BAD_REQUEST, &words(&LedgerError::Sheet(error)))
                .into_response();
        }
    };
    let dry_run = params.dry_run();
    let seen = header_text(&headers, "if-match");
    let seen = match seen.as_deref().map(Head::parse) {
        Some(Some(head)) => Some(head),
        Some(None) => {
            return said(
                StatusCode::BAD_REQUEST,
                "If-Match names the head of the log as GET /api/head gives it: \"SEQ:ID\".",
            )
            .into_response();
        }
        None if dry_run => None,
        None => {
            return said(
                StatusCode::PRECONDITION_REQUIRED,
                "A write names the head of the log it was made from: If-Match: \"<head>\", the ETag that GET /api/head and every page give.",
            )
            .into_response();
        }
    };
    let by = match device(&headers) {
        Ok(by) => by,
        Err(why) => return said(StatusCode::BAD_REQUEST, &why).into_response(),
    };
    let key = header_text(&headers, "idempotency-key");
    let guard = Guard { seen, by };
    let _one_at_a_time = shared.writes.lock().await;
    if let Some(kept) = key.as_ref().and_then(|k| shared.kept(k)) {
        return kept.into_response();
    }
    let worker = Arc::clone(&shared);
    let done = tokio::task::spawn_blocking(move || {
        let kept = write_sheet(&worker, &writing, &sheet, &guard, dry_run);
        // Only a game written is the key's answer for good: after a refusal or a 409 the
        // sheet, fixed or checked again, may be sent under the same key.
        let written = StatusCode::from_u16(kept.status).is_ok_and(|s| s.is_success());
        if let (Some(key), false, true) = (key, dry_run, written) {
            worker.keep(key, kept.clone());
        }
        kept
    })
    .await;
    match done {
        Ok(kept) => kept.into_response(),
        Err(_) => said(
            StatusCode::INTERNAL_SERVER_ERROR,
            "The write could not be made.",
        )
        .into_response(),
    }
}

/// Logs the game of a sheet (on a blocking thread) and makes the answer.
fn write_sheet(
    shared: &Shared,
    writing: &Writing,
    sheet: &GameSheet,
    guard: &Guard,
    dry_run: bool,
) -> Kept {
    let stamp = writing.clock.again().write_stamp();
    let logged = shared.store(dry_run).and_then(|mut store| {
        log_game(
            &mut store,
            shared.campaign(),
            &stamp,
            guard,
            dry_run,
            |campaign, today| Ok(sheet.game(campaign, today)?),
        )
    });
    let Logged {
        appended, stamp, ..
    } = match logged {
        Ok(logged) => logged,
        Err(error) => return failure(shared, &error, Some(sheet)),
    };
    let Some(applied) = &appended.applied else {
        return said(
            StatusCode::INTERNAL_SERVER_ERROR,
            "The game was not applied.",
        );
    };
    if dry_run {
        return GameLogged::new(&stamp.at, false, &appended.before, &appended.after, applied)
            .map_or_else(
                || {
                    said(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        "The entry is not a game.",
                    )
                },
                |report| answer(StatusCode::OK, json_text(&report)),
            );
    }
    if let Some(by) = &appended.record.logged_by {
        shared.made(appended.record.id.clone(), by.clone());
    }
    let number = applied.game.unwrap_or_default();
    match (&applied.entry, shared.spoilers) {
        // The game as the write applied it: what `game show` describes, without reading
        // the log again.
        (crate::domain::Entry::Game(game), Spoilers::Opened) => {
            let mut view =
                GameView::new(number, &appended.record.recorded_at, &appended.before, game);
            view.logged_by.clone_from(&appended.record.logged_by);
            answer(StatusCode::CREATED, json_text(&view))
        }
        _ => game_shown(shared, number),
    }
}

/// The game just logged, as `game show N --format json` gives it.
fn game_shown(shared: &Shared, number: u32) -> Kept {
    let query = Params::default().query(Part::Game(number), shared.spoilers);
    match shared.ask(&query) {
        Ok(answered) => answer(StatusCode::CREATED, json_text(&answered.report)),
        Err(e) => said(
            StatusCode::CREATED,
            &format!(
                "Game {number} was logged; it cannot be read back now: {}",
                words(&e)
            ),
        ),
    }
}

/// The answer to a write that did not happen; `sheet`, the sheet it was made from.
pub(super) fn failure(shared: &Shared, error: &LedgerError, sheet: Option<&GameSheet>) -> Kept {
    if let LedgerError::Stale { changed, .. } = error {
        let head = shared.head_now().unwrap_or_default();
        return answer(
            StatusCode::CONFLICT,
            json_text(&Moved {
                error: &words(error),
                head: &head,
                changed: &changes(changed),
            }),
        );
    }
    match refused(error, sheet) {
        Some(refused) => answer(
            status(error),
            json_text(&RefusedAnswer {
                error: &refused.message,
                refused: &refused,
            }),
        ),
        None => said(status(error), &words(error)),
    }
}
