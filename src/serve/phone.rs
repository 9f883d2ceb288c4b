//! `/log`: the game form for a phone, a second driver of the guided prompt's model
//! (`ledger::form::GameForm`): the same questions in the same order, the same choices from
//! the campaign, the same checks, grouped in a few screens (`screens`): the questions a
//! person answers together on one. Without JavaScript each screen is a POST that carries
//! every answer so far (and the head the form was first drawn at, and the form's identity)
//! and draws the screen again with the questions its answers open, or the next screen, or
//! a refusal beside the question it concerns with what was typed kept. Once every question
//! has an answer, the preview shows what would change (a dry run through the store) and the
//! equivalent `chronicle game log` command line; Confirm writes it, refused with a 409 page
//! when the log moved since the head the form carries. A Confirm sent again (a reload, a
//! double tap) gets the first answer and writes nothing.

use std::sync::Arc;

use axum::extract::{Form as Posted, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};

use super::access::{DEVICE_COOKIE, cookie, from_cookie, to_cookie, writer};
use super::carried::{Beside, Carried};
use super::memory::{Kept, Writing};
use super::phone_html as draw;
use super::phone_kept;
use super::phone_screen as draw_screen;
use super::read::Shared;
use super::said::{changes, status, words};
use super::screens::{self, Taken};
use crate::domain::{Game, Head};
use crate::exchange::sheet::command_line;
use crate::ledger::form::GameForm;
use crate::ledger::{Guard, LedgerError, Started, log_game};
use crate::report::game::GameLogged;

/// The screen after the last: the preview.
const PREVIEW: usize = screens::SCREENS.len();

/// A posted form's fields, in order (a ticked box is one field each).
type Fields = Vec<(String, String)>;

fn field<'a>(fields: &'a Fields, name: &str) -> Option<&'a str> {
    fields
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// The device's name from its cookie.
pub(super) fn device_of(headers: &HeaderMap) -> Option<String> {
    cookie(headers, DEVICE_COOKIE)
        .and_then(|v| from_cookie(&v))
        .filter(|d| !d.trim().is_empty())
}

/// Why a phone cannot use the form: writing off, no key, another site.
fn refused_page(status: StatusCode, words: &str) -> Response {
    (status, draw::html_type(), draw::message("chronicle", words)).into_response()
}

/// Whether this phone may write, and its name: the page that says why not (writing off,
/// no key, another site), or the page that asks its name once.
fn phone(shared: &Shared, headers: &HeaderMap) -> Result<(Writing, String), Box<Response>> {
    let writing = writer(shared, headers)
        .map_err(|(status, words)| Box::new(refused_page(status, &words)))?
        .clone();
    let device = device_of(headers).ok_or_else(|| {
        Box::new((draw::html_type(), draw::device_page(None, "")).into_response())
    })?;
    Ok((writing, device))
}

/// `GET /log`: the device's name asked once, then the first question of a new game.
pub(super) async fn start(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    let (writing, device) = match phone(&shared, &headers) {
        Ok(phone) => phone,
        Err(page) => return *page,
    };
    blocking(move || {
        let Started {
            campaign,
            form,
            head,
        } = shared.form_now()?;
        let kept = phone_kept::path(&shared.db, &campaign, &device);
        // The game this phone left unfinished, where it was; else a new one.
        let (form, carried) = if let Some(carried) = phone_kept::read(&kept) {
            (form.resume(carried.answers.clone(), None), carried)
        } else {
            let mut form = form;
            let mut carried = Carried::new(head.to_string());
            screens::take(&mut form, 0, &[], false);
            carried.answers = form.answers().clone();
            (form, carried)
        };
        Ok(next_page(
            &shared,
            &writing,
            &campaign,
            &device,
            &form,
            &carried,
            &Taken::default(),
        ))
    })
    .await
}

/// `POST /log/device`: the name of this phone, kept in a cookie ("Bo's phone").
pub(super) async fn name_device(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    Posted(fields): Posted<Fields>,
) -> Response {
    if let Err((status, words)) = writer(&shared, &headers) {
        return refused_page(status, &words);
    }
    let typed = field(&fields, "device").unwrap_or_default();
    match crate::domain::entry::validate::logged_by(typed) {
        Ok(name) if !name.is_empty() => {
            let cookie = format!(
                "{DEVICE_COOKIE}={}; Path=/; Max-Age=31536000; SameSite=Lax",
                to_cookie(&name)
            );
            ([(header::SET_COOKIE, cookie)], Redirect::to("/log")).into_response()
        }
        Ok(_) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            draw::html_type(),
            draw::device_page(Some("Give this phone a name, e.g. Bo's phone."), typed),
        )
            .into_response(),
        Err(refusal) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            draw::html_type(),
            draw::device_page(Some(&refusal.to_string()), typed),
        )
            .into_response(),
    }
}

/// `POST /log/step`: a screen's answers (`go=fill`: the screen drawn again with the
/// questions they open; `go=next`: the next screen once this one has every answer), a
/// screen back, a screen shown before (`go=to`), or the answers checked again against the
/// head now.
pub(super) async fn step(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    Posted(fields): Posted<Fields>,
) -> Response {
    let (writing, device) = match phone(&shared, &headers) {
        Ok(phone) => phone,
        Err(page) => return *page,
    };
    blocking(move || {
        let mut carried = Carried::of(&fields).map_err(Unasked::Form)?;
        let Started {
            campaign: name,
            form,
            head,
        } = shared.form_now()?;
        let mut form = form.resume(carried.answers.clone(), None);
        let shown = carried.screen;
        let mut taken = Taken::default();
        let at = match field(&fields, "go") {
            Some("back") => screens::before(&form, shown).unwrap_or(0),
            Some("fill") => {
                taken = screens::take(&mut form, shown, &fields, false);
                shown
            }
            Some("next") => {
                taken = screens::take(&mut form, shown, &fields, true);
                went_on(&form, shown, &mut taken)
            }
            // The phone's Back or forward: a screen shown before, up to the first with a
            // question without an answer.
            Some("to") => {
                let to = field(&fields, "to").and_then(|to| to.parse().ok());
                let furthest = screens::open_screen(&form).unwrap_or(PREVIEW);
                to.unwrap_or(shown).min(furthest)
            }
            Some("recheck") => {
                carried.head = head.to_string();
                screens::open_screen(&form).unwrap_or(PREVIEW)
            }
            _ => shown,
        };
        if at != shown {
            // The questions a screen answers as it shows (nothing recorded, nothing ticked).
            screens::take(&mut form, at, &[], false);
        }
        carried.answers = form.answers().clone();
        carried.screen = at;
        let kept = phone_kept::path(&shared.db, &name, &device);
        let sent = field(&fields, "sent").and_then(|s| s.parse().ok());
        // A form written already (a post that was on its way) keeps nothing more.
        let written = shared.kept(&carried.form).is_some();
        let keeping = if written {
            Ok(())
        } else {
            phone_kept::keep(&kept, &shared.db, &carried, sent)
        };
        if let Err(why) = keeping {
            taken.notice = Some(format!(
                "Your answers could not be kept on the server ({why}): a reload would lose them."
            ));
        }
        Ok(next_page(
            &shared, &writing, &name, &device, &form, &carried, &taken,
        ))
    })
    .await
}

/// Where Next leads from screen `shown`: the screen after it, or the preview; a screen
/// before that whose question has no answer (a change made some answer impossible); this
/// screen again, saying which question waits, when one of its own has none.
fn went_on(form: &GameForm, shown: usize, taken: &mut Taken) -> usize {
    let after = screens::after(form, shown).unwrap_or(PREVIEW);
    let Some(open) = form.next() else {
        return after;
    };
    let at = screens::screen_of(open.part).min(after);
    if at == shown && taken.beside.is_empty() && !taken.answered {
        taken.beside.insert(
            open.id.clone(),
            Beside {
                message: "This needs an answer to go on.".to_string(),
                ..Beside::default()
            },
        );
    }
    at
}

/// The screen the carried answers are on, or the preview once every question has one.
fn next_page(
    shared: &Shared,
    writing: &Writing,
    name: &str,
    device: &str,
    form: &GameForm,
    carried: &Carried,
    taken: &Taken,
) -> Response {
    let complete = form.complete();
    let at = match (&complete, carried.screen) {
        (Some(_), at) if at >= PREVIEW => PREVIEW,
        (None, at) if at >= PREVIEW => screens::open_screen(form).unwrap_or(0),
        (_, at) => at,
    };
    if at < PREVIEW {
        let refused = taken.beside.values().any(|s| s.meant.is_empty());
        let status = if refused {
            StatusCode::UNPROCESSABLE_ENTITY
        } else {
            StatusCode::OK
        };
        let carried = Carried {
            screen: at,
            ..carried.clone()
        };
        let back = screens::before(form, at).is_some();
        let content = draw_screen::screen(device, form, at, &carried, &taken.beside, back);
        let content = maud::html! {
            @if let Some(notice) = &taken.notice { div.error role="alert" { p { (notice) } } }
            (content)
        };
        return (status, draw::html_type(), draw::page(name, &content)).into_response();
    }
    let Some(game) = complete else {
        return refused_page(
            StatusCode::INTERNAL_SERVER_ERROR,
            "The form has no question left and no game.",
        );
    };
    preview(shared, writing, name, device, &game, carried, None)
}

/// `POST /log/again`: starting again, asked once ("the answers given are discarded"), then,
/// when the person is sure, the kept answers discarded and a new form.
pub(super) async fn again(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    Posted(fields): Posted<Fields>,
) -> Response {
    let (_, device) = match phone(&shared, &headers) {
        Ok(phone) => phone,
        Err(page) => return *page,
    };
    blocking(move || {
        let Started { campaign, .. } = shared.form_now()?;
        let kept = phone_kept::path(&shared.db, &campaign, &device);
        if field(&fields, "sure").is_none() {
            let given = phone_kept::read(&kept).map_or(0, |c| c.answers.len());
            return Ok((draw::html_type(), draw::again_page(&campaign, given)).into_response());
        }
        Ok(match phone_kept::discard(&kept) {
            Ok(()) => Redirect::to("/log").into_response(),
            Err(why) => refused_page(
                StatusCode::INTERNAL_SERVER_ERROR,
                &format!("The answers kept could not be discarded ({why}); they are kept."),
            ),
        })
    })
    .await
}

/// The preview: what logging the game would change (a dry run), the command line, Confirm.
fn preview(
    shared: &Shared,
    writing: &Writing,
    name: &str,
    device: &str,
    game: &Game,
    carried: &Carried,
    refusal: Option<&str>,
) -> Response {
    let stamp = writing.clock.again().write_stamp();
    let guard = Guard {
        seen: None,
        by: Some(device.to_string()),
    };
    let dry = shared.store(true).and_then(|mut store| {
        log_game(
            &mut store,
            shared.campaign(),
            &stamp,
            &guard,
            true,
            |_, _| Ok(game.clone()),
        )
    });
    let command = command_line("game log", game);
    let (status, report, words) = match dry {
        Ok(logged) => {
            let appended = &logged.appended;
            let report = appended.applied.as_ref().and_then(|applied| {
                GameLogged::new(
                    &logged.stamp.at,
                    false,
                    &appended.before,
                    &appended.after,
                    applied,
                )
            });
            (StatusCode::OK, report, refusal.map(str::to_string))
        }
        Err(error) => (status(&error), None, Some(words(&error))),
    };
    let page = draw::preview_page(
        name,
        device,
        report.as_ref(),
        &command,
        carried,
        words.as_deref(),
    );
    (status, draw::html_type(), page).into_response()
}

/// `POST /log/confirm`: the game written, once; 409 when the log moved since the head the
/// form carries.
pub(super) async fn confirm(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    Posted(fields): Posted<Fields>,
) -> Response {
    let (writing, device) = match phone(&shared, &headers) {
        Ok(phone) => phone,
        Err(page) => return *page,
    };
    let carried = match Carried::of(&fields) {
        Ok(carried) => carried,
        Err(words) => return refused_page(StatusCode::BAD_REQUEST, &words),
    };
    let _one_at_a_time = shared.writes.lock().await;
    if let Some(kept) = shared.kept(&carried.form) {
        return kept.into_response();
    }
    let worker = Arc::clone(&shared);
    let done = tokio::task::spawn_blocking(move || {
        let kept = confirmed(&worker, &writing, &device, &carried);
        // Only a game written is the form's answer for good: after a refusal or a 409 the
        // same form, its answers changed or checked again, may be confirmed.
        if kept.status == StatusCode::CREATED.as_u16() {
            worker.keep(carried.form.clone(), kept.clone());
        }
        kept
    })
    .await;
    done.map_or_else(
        |_| {
            refused_page(
                StatusCode::INTERNAL_SERVER_ERROR,
                "The game could not be written.",
            )
        },
        IntoResponse::into_response,
    )
}

/// Writes the form's game (on a blocking thread): the page to answer with.
/// A game's date before the previous game's, which another device's clock dated, in
/// words (rules §6i): the phone says it as `game log` does.
fn dated_before(logged: &crate::ledger::Logged) -> Option<String> {
    let appended = &logged.appended;
    let applied = appended.applied.as_ref()?;
    GameLogged::new(
        &logged.stamp.at,
        true,
        &appended.before,
        &appended.after,
        applied,
    )?
    .dated_before_words()
}

fn confirmed(shared: &Shared, writing: &Writing, device: &str, carried: &Carried) -> Kept {
    let page = |status: StatusCode, body: String| Kept {
        status: status.as_u16(),
        content_type: "text/html; charset=utf-8",
        body,
    };
    let started = match shared.form_now() {
        Ok(started) => started,
        Err(e) => return page(status(&e), draw::message("chronicle", &words(&e))),
    };
    let name = started.campaign.clone();
    let Some(seen) = Head::parse(&carried.head) else {
        return page(
            StatusCode::BAD_REQUEST,
            draw::message(
                "chronicle",
                "The form names no head of the log; start again.",
            ),
        );
    };
    let guard = Guard {
        seen: Some(seen),
        by: Some(device.to_string()),
    };
    let stamp = writing.clock.again().write_stamp();
    let answers = carried.answers.clone();
    let written = shared.store(false).and_then(|mut store| {
        log_game(
            &mut store,
            shared.campaign(),
            &stamp,
            &guard,
            false,
            |campaign, today| {
                GameForm::new(campaign.clone(), today, started.form.usual().clone())
                    .resume(answers, None)
                    .complete()
                    .ok_or(LedgerError::Stale {
                        changed: Vec::new(),
                        head: Head::default(),
                    })
            },
        )
    });
    match written {
        Ok(logged) => {
            let appended = &logged.appended;
            let number = appended
                .applied
                .as_ref()
                .and_then(|a| a.game)
                .unwrap_or_default();
            shared.made(appended.record.id.clone(), device.to_string());
            // The game is written: the answers kept for it are done with (a file left
            // behind would only offer them again, to a Confirm that writes nothing).
            let _ = phone_kept::discard(&phone_kept::path(&shared.db, &name, device));
            let head = shared.head_now().unwrap_or_default();
            let warning = dated_before(&logged);
            page(
                StatusCode::CREATED,
                draw::logged_page(
                    &name,
                    device,
                    number,
                    &appended.record.id.to_string(),
                    &head,
                    warning.as_deref(),
                    shared.spoilers == crate::report::spoilers::Spoilers::Opened,
                ),
            )
        }
        Err(LedgerError::Stale { changed, .. }) => page(
            StatusCode::CONFLICT,
            draw::moved_page(&name, &changes(&changed), carried),
        ),
        Err(error) => page(
            status(&error),
            draw::preview_page(&name, device, None, "", carried, Some(&words(&error))),
        ),
    }
}

/// Why a page of the form cannot be made: the form posted is not one, or the ledger did
/// not answer.
enum Unasked {
    Form(String),
    Ledger(LedgerError),
}

impl From<LedgerError> for Unasked {
    fn from(error: LedgerError) -> Unasked {
        Unasked::Ledger(error)
    }
}

/// Runs a page's work on a blocking thread.
async fn blocking(work: impl FnOnce() -> Result<Response, Unasked> + Send + 'static) -> Response {
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(response)) => response,
        Ok(Err(Unasked::Form(words))) => refused_page(StatusCode::BAD_REQUEST, &words),
        Ok(Err(Unasked::Ledger(e))) => refused_page(status(&e), &words(&e)),
        Err(_) => refused_page(
            StatusCode::INTERNAL_SERVER_ERROR,
            "The page could not be made.",
        ),
    }
}
