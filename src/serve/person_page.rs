//! `/people/NAME` and `/api/people/NAME`: one person's page, as the ledger gives it
//! (`ledger::person`): their figures, factions, games newest first and head to head, each
//! game and each other person a link; and a link to their history.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{Markup, html};

use super::html::{error, page};
use super::links::{person_path, query};
use super::pages::{Form, html_type};
use super::read::{Params, Part, Shared};
use super::said::{question_status, words};
use crate::ledger::{self, LedgerError, PersonAnswer};
use crate::render::html::Text;
use crate::report::person::PersonReport;

/// The page or the JSON of the person the path names.
pub(super) async fn person(
    State(shared): State<Arc<Shared>>,
    Path(name): Path<String>,
    Query(params): Query<Params>,
    form: Form,
) -> Response {
    let asked = params.query(Part::Stats, shared.spoilers);
    let found = tokio::task::spawn_blocking(move || -> Result<Response, LedgerError> {
        let store =
            crate::store::Store::open(&shared.db, crate::store::Access::Read, super::read::BUSY)?;
        let answer = ledger::person(&store, shared.campaign(), &name, &asked)?;
        Ok(match form {
            Form::Json => {
                let mut text = serde_json::to_string_pretty(&answer.report).unwrap_or_default();
                text.push('\n');
                (
                    [(
                        header::CONTENT_TYPE,
                        HeaderValue::from_static("application/json"),
                    )],
                    text,
                )
                    .into_response()
            }
            Form::Page => (html_type(), drawn(&answer, &params).into_string()).into_response(),
        })
    })
    .await;
    match found {
        Ok(Ok(response)) => response,
        Ok(Err(e)) => refused(form, question_status(&e), &words(&e)),
        Err(_) => refused(
            form,
            StatusCode::INTERNAL_SERVER_ERROR,
            "The answer could not be made.",
        ),
    }
}

fn refused(form: Form, status: StatusCode, text: &str) -> Response {
    match form {
        Form::Json => (
            status,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            format!("{}\n", serde_json::json!({ "error": text })),
        )
            .into_response(),
        Form::Page => {
            let body = page("chronicle", "Not answered", None, "0", None, error(text));
            (status, html_type(), body.into_string()).into_response()
        }
    }
}

fn drawn(answer: &PersonAnswer, params: &Params) -> Markup {
    let after: Vec<(&str, String)> = params
        .after
        .map(|n| ("after", n.to_string()))
        .into_iter()
        .collect();
    let keep = |path: &str| query(path, &after);
    let mut history = vec![("player", answer.person.clone())];
    history.extend(after.iter().cloned());
    let content = html! {
        (figures(&answer.report))
        p { a.tap href=(query("/history", &history)) { "Their history" } }
        @if !answer.report.factions.is_empty() {
            h2 { "Factions" }
            ul {
                @for f in &answer.report.factions {
                    li { (Text(&f.faction)) ": " (played(f.games)) ", " (f.won) " won" }
                }
            }
        }
        @if !answer.report.games.is_empty() {
            h2 { "Games, the newest first" }
            ul.games {
                @for g in &answer.report.games {
                    li {
                        a.tap href=(keep(&format!("/games/{}", g.game))) { "Game " (g.game) }
                        " " (Text(&g.date)) " · " (Text(&g.faction)) " · " (Text(&g.result.replace('-', " ")))
                        @if let Some(hq) = &g.hq { " · HQ " (Text(hq)) }
                    }
                }
            }
        }
        @if !answer.report.head_to_head.is_empty() {
            h2 { "Head to head" }
            ul.games {
                @for h in &answer.report.head_to_head {
                    li {
                        a.tap href=(keep(&person_path(&h.other))) { (Text(&h.other)) }
                        " " (played(h.games)) " together: " (Text(&answer.person)) " won "
                        (h.won) ", " (Text(&h.other)) " won " (h.other_won)
                    }
                }
            }
        }
    };
    page(
        &answer.campaign,
        &answer.person,
        params.after,
        &answer.head.to_string(),
        None,
        content,
    )
}

/// "1 game", "7 games".
fn played(games: u32) -> String {
    if games == 1 {
        "1 game".to_string()
    } else {
        format!("{games} games")
    }
}

/// Their line of the statistics, in words.
fn figures(report: &PersonReport) -> Markup {
    html! {
        @match &report.stats {
            None => p.lines { "No game played yet." },
            Some(s) => {
                p.lines {
                    (played(s.games)) ": " (s.won) " won, " (s.held_on) " held on, "
                    (s.eliminated) " eliminated, " (s.knocked_out) " knocked out ("
                    (format!("{:.0}%", s.win_rate * 100.0)) " won)."
                }
                p.lines {
                    "Signatures on the board: " (s.signatures) ". Longest winning streak: "
                    (s.longest_win_streak) "; winning now: " (s.current_streak) "."
                }
            }
        }
    }
}
