//! Live pages: a thread asks the database a few times a second whether another process
//! wrote to it (SQLite's `data_version` on a connection of its own, which changes with every
//! other connection's commit), and when the log's head moved, every event stream says the
//! new head. A page then reads itself again. That poll is the only periodic work.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use headers::{HeaderMapExt, IfNoneMatch};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::WatchStream;

use super::pages::held;
use super::read::Shared;
use crate::store::{Access, Store};

/// Watches the database for other processes' writes until the server stops.
pub(super) fn watch(shared: Arc<Shared>, every: Duration) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let Ok(store) = Store::open(&shared.db, Access::Read, Duration::from_secs(5)) else {
            return;
        };
        let mut version = store.data_version().ok();
        while !*shared.stopped.borrow() {
            std::thread::sleep(every);
            let now = store.data_version().ok();
            if now == version {
                continue;
            }
            version = now;
            if let Ok(head) = shared.head_now() {
                shared.head.send_if_modified(|h| {
                    let moved = *h != head;
                    if moved {
                        h.clone_from(&head);
                    }
                    moved
                });
            }
        }
    })
}

/// `/events`: the log's head now, then each new head, as server-sent events named `head`,
/// until the server stops.
pub(super) async fn events(
    State(shared): State<Arc<Shared>>,
) -> Sse<impl tokio_stream::Stream<Item = Result<Event, Infallible>>> {
    let heads = WatchStream::new(shared.head.subscribe()).map(Some);
    let stop = WatchStream::new(shared.stopped.subscribe())
        .filter(|stopped| *stopped)
        .map(|_| None);
    let stream = heads.merge(stop).take_while(Option::is_some).map(|head| {
        Ok(Event::default()
            .event("head")
            .data(head.unwrap_or_default()))
    });
    Sse::new(stream).keep_alive(KeepAlive::default())
}

/// `/api/head`: the log's head, read now; 304 to a request that already holds it
/// (`If-None-Match`).
pub(super) async fn head(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    let read = tokio::task::spawn_blocking(move || shared.head_now()).await;
    match read {
        Ok(Ok(head)) => {
            let tag = format!("\"{head}\"");
            let etag = HeaderValue::from_str(&tag).unwrap_or(HeaderValue::from_static("\"0\""));
            let holds = headers
                .typed_get::<IfNoneMatch>()
                .is_some_and(|wanted| held(&wanted, &tag));
            if holds {
                return (
                    StatusCode::NOT_MODIFIED,
                    [
                        (header::ETAG, etag),
                        (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
                    ],
                )
                    .into_response();
            }
            let body = format!("{{\n  \"head\": {}\n}}\n", serde_json::Value::String(head));
            (
                [
                    (header::ETAG, etag),
                    (
                        header::CONTENT_TYPE,
                        HeaderValue::from_static("application/json"),
                    ),
                    (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
                ],
                body,
            )
                .into_response()
        }
        Ok(Err(e)) => (StatusCode::SERVICE_UNAVAILABLE, format!("{e}\n")).into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}
