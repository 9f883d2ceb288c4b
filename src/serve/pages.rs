//! The answers: each page and each `/api/…` call reads the log on a blocking thread, builds
//! the read model as the matching command does, and gives it as HTML or as the command's
//! JSON, with the log's head as its `ETag` (a request that already holds it gets 304).

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use headers::{ETag, HeaderMapExt, IfNoneMatch};
use maud::{Markup, html};
use serde::Serialize;

use super::access::holds_key;
use super::history_html::filters;
use super::html::{error, page, tables};
use super::links::person_path;
use super::map_cache::MapKey;
use super::photo_html::{add_form, photos_of_game};
use super::read::{Params, Part, Shared};
use super::said::{question_status, words};
use crate::ledger::{self, Answer as Answered, LedgerError, Report, View};
use crate::render::Tabular;
use crate::render::html::{
    Text, continents, map_figure, map_figure_full, map_svg, marks, statistics,
    timeline_newest_first,
};
use crate::render::recap::sections;
use crate::report::game::GameView;
use crate::report::spoilers::Spoilers;

/// How an answer is given: a page or the command's JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Form {
    Page,
    Json,
}

/// The answer to a page or an API call of `part`.
pub(super) async fn answer(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    params: Params,
    part: Part,
    path: &'static str,
    form: Form,
) -> Response {
    let wanted = headers.typed_get::<IfNoneMatch>();
    // A game's page holds the form that adds a photo for the key's holder only: its ETag
    // says which page it is, so that a page kept from before the key is not reused.
    let holder = form == Form::Page
        && matches!(part, Part::Game(_))
        && shared.spoilers == Spoilers::Opened
        && shared
            .writing
            .as_ref()
            .is_some_and(|w| holds_key(&headers, w));
    let mark = if holder { "+photo" } else { "" };
    let answered = tokio::task::spawn_blocking(move || -> Result<Answer, LedgerError> {
        let head = shared.head_now()?;
        let etag = format!("\"{head}{mark}\"");
        if wanted.as_ref().is_some_and(|w| held(w, &etag)) {
            return Ok(Answer::NotModified(etag));
        }
        let query = params.query(part, shared.spoilers);
        let mut answered = match shared.ask(&query) {
            Ok(answered) => answered,
            Err(e @ (LedgerError::Store(_) | LedgerError::Busy)) => return Err(e),
            Err(e) => return Ok(Answer::Refused(form, question_status(&e), words(&e), head)),
        };
        let etag = format!("\"{}{mark}\"", answered.head);
        if let (Form::Page, Report::History(history)) = (form, &mut answered.report)
            && !whole_history(&params)
        {
            // The page lists the newest first; the API keeps the command's order.
            history.0.reverse();
        }
        Ok(match form {
            Form::Json => Answer::Json(etag, json(&answered.report)),
            Form::Page => Answer::Page(
                etag,
                page_of(&shared, &answered, path, &params, holder).into_string(),
            ),
        })
    })
    .await;
    match answered {
        Ok(Ok(answer)) => answer.into_response(),
        Ok(Err(e)) => failure(form, question_status(&e), &words(&e)),
        Err(_) => failure(
            form,
            StatusCode::INTERNAL_SERVER_ERROR,
            "The answer could not be made.",
        ),
    }
}

/// Whether `If-None-Match` holds the `etag` (or `*`).
pub(super) fn held(wanted: &IfNoneMatch, etag: &str) -> bool {
    etag.parse::<ETag>()
        .is_ok_and(|etag| !wanted.precondition_passes(&etag))
}

/// An answer made on the blocking thread.
enum Answer {
    NotModified(String),
    Json(String, String),
    Page(String, String),
    /// The question was at fault: the form, the status, the words, and the head for a
    /// page.
    Refused(Form, StatusCode, String, String),
}

impl IntoResponse for Answer {
    fn into_response(self) -> Response {
        match self {
            Answer::NotModified(etag) => (StatusCode::NOT_MODIFIED, etagged(&etag)).into_response(),
            Answer::Json(etag, body) => (etagged(&etag), json_type(), body).into_response(),
            Answer::Page(etag, body) => (etagged(&etag), html_type(), body).into_response(),
            Answer::Refused(Form::Json, status, text, _) => {
                (status, json_type(), json(&Refusal { error: text })).into_response()
            }
            Answer::Refused(Form::Page, status, text, head) => {
                let body = page("chronicle", "Not answered", None, &head, None, error(&text))
                    .into_string();
                (status, html_type(), body).into_response()
            }
        }
    }
}

#[derive(Serialize)]
struct Refusal {
    error: String,
}

fn etagged(etag: &str) -> [(header::HeaderName, HeaderValue); 2] {
    [
        (
            header::ETAG,
            HeaderValue::from_str(etag).unwrap_or(HeaderValue::from_static("\"0\"")),
        ),
        (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
    ]
}

fn json_type() -> [(header::HeaderName, HeaderValue); 1] {
    [(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    )]
}

pub(super) fn html_type() -> [(header::HeaderName, HeaderValue); 1] {
    [(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    )]
}

/// JSON as the commands print it: pretty, with a final line break.
fn json(value: &impl Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".to_string());
    text.push('\n');
    text
}

/// A failure that is not the question's: the database cannot be read now.
fn failure(form: Form, status: StatusCode, text: &str) -> Response {
    let text = text.to_string();
    match form {
        Form::Json => (status, json_type(), json(&Refusal { error: text })).into_response(),
        Form::Page => {
            let body = page(
                "chronicle",
                "Not answered",
                None,
                "0",
                None,
                super::html::error(&text),
            )
            .into_string();
            (status, html_type(), body).into_response()
        }
    }
}

/// The page of a read model.
fn page_of(
    shared: &Shared,
    answered: &Answered,
    path: &str,
    params: &Params,
    holder: bool,
) -> Markup {
    let tv = params.tv.as_deref().map(super::html::tv_turn);
    let head = answered.head.to_string();
    let content = match &answered.report {
        Report::Board(board) => {
            let query = params.query(Part::Board, shared.spoilers);
            let map = drawn_map(shared, &head, &query, || Some(map_svg(board)));
            if path == "/map" {
                html! { @if let Some(map) = map { (map_figure_full(&map)) } }
            } else {
                html! {
                    p { a.tap href=(continue_after("/map", params.after)) { "The map at full size" } }
                    @if let Some(map) = map { (map_figure(&map, None)) }
                    (continents(board))
                    (marks(board))
                    (tables(board))
                }
            }
        }
        Report::Recap(recap) => recap_page(shared, recap, &head, params),
        Report::Marked(r) => tables(r),
        Report::History(history) if whole_history(params) => {
            let games = match shared.ask(&params.query(Part::Games, shared.spoilers)) {
                Ok(Answered {
                    report: Report::Games(list),
                    ..
                }) => list.games,
                _ => Vec::new(),
            };
            html! {
                p { a.tap href="/story" { "The story, game by game" } }
                (filters(history, params))
                (timeline_newest_first(&games, history))
            }
        }
        Report::History(r) => html! {
            (filters(r, params))
            (tables(r))
        },
        Report::Stats(stats) => html! {
            @for line in stats.lines() {
                p.lines { (Text(&line)) }
            }
            (statistics(stats))
            (people(stats.players.iter().map(|p| p.name.as_str()), params.after))
        },
        Report::Setup(r) => tables(r),
        Report::Packets(r) => tables(r),
        Report::Pools(r) => tables(r),
        Report::Games(r) => html! {
            (tables(r))
            p.aside { "Each game:" }
            p { @for g in &r.games { a.tap href=(format!("/games/{}", g.game)) { (g.game) } " " } }
        },
        Report::Game(r) => html! {
            (tables(&without_photos(r)))
            (photos_of_game(r.game, &r.photos, &shared.photo_sizes(&r.photos), shared.spoilers))
            @if holder { (add_form(r.game)) }
            (people(r.players.iter().map(|p| p.person.as_str()), params.after))
        },
        Report::World(r) => tables(r),
        Report::Photos(r) => tables(r),
        Report::Corrections(r) => tables(r),
    };
    let name = page_name(&answered.report, path, params);
    page(&answered.campaign, &name, params.after, &head, tv, content)
}

/// A game's table and lines without its photos, which the page shows as pictures.
fn without_photos(game: &GameView) -> GameView {
    let mut shown = game.clone();
    shown.photos.clear();
    shown
}

/// The recap page: its sections, and the map of the board after the same game.
fn recap_page(
    shared: &Shared,
    recap: &crate::report::recap::Recap,
    head: &str,
    params: &Params,
) -> Markup {
    let query = ledger::Query {
        view: View::Board {
            continent: None,
            with: Vec::new(),
        },
        after: params.after,
        spoilers: shared.spoilers,
    };
    let map = drawn_map(shared, head, &query, || match shared.ask(&query) {
        Ok(Answered {
            report: Report::Board(board),
            ..
        }) => Some(map_svg(&board)),
        _ => None,
    });
    html! {
        div.tv-part.recap {
            @for section in sections(recap) {
                h2 { (section.heading) }
                ul { @for line in section.lines { li { (line) } } }
            }
        }
        div.tv-part { @if let Some(map) = map { (map_figure(&map, None)) } }
    }
}

/// The map of the board `query` asks for, as the log stood at `head`: kept from a request
/// at the same head, or drawn now (`draw`) and kept (`map_cache`).
fn drawn_map(
    shared: &Shared,
    head: &str,
    query: &ledger::Query,
    draw: impl FnOnce() -> Option<String>,
) -> Option<Arc<String>> {
    match MapKey::of(head, query) {
        Some(key) => shared.maps.map(key, draw),
        None => draw().map(Arc::new),
    }
}

/// The page's own name, its title and its `h1`: the menu's word for it ("Tonight",
/// "Events"), or the game's ("Game 6").
fn page_name(report: &Report, path: &str, params: &Params) -> String {
    let name = match report {
        Report::Board(_) if path == "/map" => "Map",
        Report::Board(_) | Report::Marked(_) => "Board",
        Report::Recap(_) => "Tonight",
        Report::History(_) if params.kind.as_deref() == Some("event,mission") => "Events",
        Report::History(_) => "History",
        Report::Stats(_) => "Stats",
        Report::Setup(_) => "Setup",
        Report::Packets(_) => "Packets",
        Report::Pools(_) => "Pools",
        Report::Games(_) => "Games",
        Report::Photos(_) => "Photos",
        Report::Game(game) => return format!("Game {}", game.game),
        Report::World(_) => "World",
        Report::Corrections(_) => "Corrections",
    };
    name.to_string()
}

/// A link to each person's page.
fn people<'a>(names: impl Iterator<Item = &'a str>, after: Option<u32>) -> Markup {
    html! {
        p.aside { "Each person's page:" }
        p { @for name in names { a.tap href=(continue_after(&person_path(name), after)) { (Text(name)) } " " } }
    }
}

/// A path keeping `?after=N`.
fn continue_after(path: &str, after: Option<u32>) -> String {
    after.map_or_else(|| path.to_string(), |n| format!("{path}?after={n}"))
}

/// Whether the history asked for is the whole log (up to `?after=N`), which the page shows
/// as the export's timeline; a history narrowed to a territory, a person, a faction, a game
/// or kinds of change is shown as the command's table.
fn whole_history(params: &Params) -> bool {
    params.territory.is_none()
        && params.player.is_none()
        && params.faction.is_none()
        && params.game.is_none()
        && params.kind.is_none()
        && params.continent.is_none()
}

/// `/games/N` and `/api/games/N`: the game's number from the path.
pub(super) async fn game(
    state: State<Arc<Shared>>,
    headers: HeaderMap,
    Path(n): Path<u32>,
    Query(params): Query<Params>,
    form: Form,
) -> Response {
    answer(state, headers, params, Part::Game(n), "/games", form).await
}
