//! The paths `serve` answers: the pages, the JSON of each command under `/api/`, the log's
//! head, the event stream, the story and the photos' images; the writes (with
//! `--allow-log`) are the only POSTs. A path that is not one of these gets a page saying so.

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use super::guard;
use super::html::{error, page};
use super::live;
use super::pages::{Form, answer, game, html_type};
use super::read::{Params, Part, Shared};

/// A page or an API call of one part, as a handler.
macro_rules! part {
    ($part:expr, $path:literal, $form:expr) => {
        get(
            |state: State<Arc<Shared>>, headers: HeaderMap, Query(params): Query<Params>| async move {
                answer(state, headers, params, $part, $path, $form).await
            },
        )
    };
}

/// Every path `serve` answers, behind the check of the `Host` a request names.
pub fn router(shared: Arc<Shared>) -> Router {
    let pages = [
        ("/board", Part::Board),
        ("/map", Part::Board),
        ("/history", Part::History),
        ("/stats", Part::Stats),
        ("/setup", Part::Setup),
        ("/packets", Part::Packets),
        ("/pools", Part::Pools),
        ("/games", Part::Games),
        ("/world", Part::World),
    ];
    let mut router = Router::new()
        .route("/", part!(Part::Recap, "/", Form::Page))
        .route(
            "/games/{n}",
            get(|state, headers, path, query| game(state, headers, path, query, Form::Page)),
        )
        .route(
            "/api/games",
            get(|state, headers, query| async move {
                let Query(params) = query;
                answer(state, headers, params, Part::Games, "", Form::Json).await
            })
            .post(super::api::post_game),
        )
        .route(
            "/api/games/{n}",
            get(|state, headers, path, query| game(state, headers, path, query, Form::Json)),
        )
        .route(
            "/api/games/{n}/photos",
            post(super::photo_add::add).layer(DefaultBodyLimit::max(super::photo_add::MOST_BYTES)),
        )
        .route("/photos/{name}", get(super::photos::image))
        .route("/story", get(super::story::story))
        .route("/api/head", get(live::head))
        .route("/backup", get(super::backup::backup))
        .route("/sw.js", get(super::offline::worker))
        .route(
            "/people/{name}",
            get(|state, path, query| super::person_page::person(state, path, query, Form::Page)),
        )
        .route(
            "/api/people/{name}",
            get(|state, path, query| super::person_page::person(state, path, query, Form::Json)),
        )
        .route("/join", get(super::join::join))
        .route("/log", get(super::phone::start))
        .route("/log/device", post(super::phone::name_device))
        .route("/log/step", post(super::phone::step))
        .route("/log/confirm", post(super::phone::confirm))
        .route("/log/again", post(super::phone::again))
        .route("/log/undo", post(super::phone_undo::undo))
        .route("/events", get(live::events));
    for (path, part) in pages {
        router = router.route(path, page_route(part, path));
    }
    let api = [
        ("/api/board", Part::Board),
        ("/api/history", Part::History),
        ("/api/stats", Part::Stats),
        ("/api/setup", Part::Setup),
        ("/api/packets", Part::Packets),
        ("/api/pool", Part::Pools),
        ("/api/world", Part::World),
        ("/api/recap", Part::Recap),
    ];
    for (path, part) in api {
        router = router.route(path, api_route(part));
    }
    router
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&shared),
            super::access::key_from_address,
        ))
        .layer(axum::middleware::from_fn(guard::host))
        .with_state(shared)
}

fn page_route(part: Part, path: &'static str) -> axum::routing::MethodRouter<Arc<Shared>> {
    get(
        move |state: State<Arc<Shared>>, headers: HeaderMap, Query(params): Query<Params>| async move {
            answer(state, headers, params, part, path, Form::Page).await
        },
    )
}

fn api_route(part: Part) -> axum::routing::MethodRouter<Arc<Shared>> {
    get(
        move |state: State<Arc<Shared>>, headers: HeaderMap, Query(params): Query<Params>| async move {
            answer(state, headers, params, part, "", Form::Json).await
        },
    )
}

/// A path `serve` does not know.
async fn not_found(uri: axum::http::Uri) -> Response {
    let text = format!(
        "There is no page {}: the pages are /, /board, /map, /join, /history, /stats, /setup, /packets, /pools, /games, /world, /story and /people/NAME.",
        uri.path()
    );
    let body = page("chronicle", "No such page", None, "0", None, error(&text)).into_string();
    (StatusCode::NOT_FOUND, html_type(), body).into_response()
}
