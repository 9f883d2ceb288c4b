//! The phone form's pages around its screens (`phone_screen`): the name of the phone, the
//! preview with the command line, the page of a game logged (with its undo), and the page
//! of a log that moved. Plain HTML forms that work without JavaScript; with it, each is
//! posted in the background and its answer shown in place (`phone_script`). maud escapes
//! every piece of text. These pages do not follow the log live: what is typed stays.

use axum::http::{HeaderValue, header};
use maud::{Markup, PreEscaped, html};

use super::carried::Carried;
use super::html::tables;
use crate::render::html::{Link, Shell, document, header};
use crate::report::game::GameLogged;

pub(super) fn html_type() -> [(header::HeaderName, HeaderValue); 1] {
    [(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    )]
}

/// A page of the form: the campaign's name, a way back to the board, the content, in the
/// one page every served page and the export share.
pub(super) fn page(campaign: &str, content: &Markup) -> String {
    let title = format!("Log a game · {campaign} · chronicle");
    let shell = Shell {
        title: &title,
        class: None,
        head: None,
        style: "",
    };
    let links =
        [("/", "Tonight"), ("/board", "Board"), ("/games", "Games")].map(|(to, name)| Link {
            to: to.to_string(),
            name,
            current: false,
        });
    let heading = format!("{campaign}: log a game");
    document(
        &shell,
        header(&heading, None, &links),
        content.clone(),
        html! { script { (PreEscaped(super::phone_script::ONE_PAGE)) } },
    )
    .into_string()
}

/// A page that only says something.
pub(super) fn message(campaign: &str, words: &str) -> String {
    page(campaign, &html! { div.error { p { (words) } } })
}

/// The question: what is this phone called.
pub(super) fn device_page(said: Option<&str>, typed: &str) -> String {
    page(
        "chronicle",
        &html! {
            form.step method="post" action="/log/device" {
                h2 { label for="device" { "What is this phone called?" } }
                p.aside { "Each game logged from it says so in the history (e.g. Bo's phone). Asked once." }
                @if let Some(said) = said { div.error role="alert" { p { (said) } } }
                input #device type="text" name="device" value=(typed) autocomplete="off" required;
                button type="submit" { "Save" }
            }
        },
    )
}

/// The hidden fields every screen carries.
pub(super) fn carried_fields(carried: &Carried) -> Markup {
    html! {
        input type="hidden" name="form" value=(carried.form);
        input type="hidden" name="head" value=(carried.head);
        input type="hidden" name="answers" value=(carried.answers_text());
        input type="hidden" name="screen" value=(carried.screen);
    }
}

/// The game whole, what logging it changes, the command line, and Confirm.
pub(super) fn preview_page(
    campaign: &str,
    device: &str,
    report: Option<&GameLogged>,
    command: &str,
    carried: &Carried,
    refusal: Option<&str>,
) -> String {
    page(
        campaign,
        &html! {
            style { (PreEscaped(super::phone_script::LOOK)) }
            h2 { "Check the game, then confirm" }
            p.aside { "Logged on " (device) ". Nothing is written until you confirm." }
            @if let Some(refusal) = refusal { div.error role="alert" { p { (refusal) } } }
            @if let Some(report) = report { (tables(report)) }
            @if !command.is_empty() {
                h2 { "The same at the command line" }
                pre.command { (command) }
            }
            div.go {
                form.step.on method="post" action="/log/confirm" {
                    (carried_fields(carried))
                    @if refusal.is_none() { button #confirm type="submit" { "Confirm" } }
                }
                form.step method="post" action="/log/step" {
                    (carried_fields(carried))
                    button type="submit" name="go" value="back" { "Back" }
                }
            }
            (start_again(carried))
        },
    )
}

/// The way to start again (asked once), under a form with answers.
pub(super) fn start_again(carried: &Carried) -> Markup {
    html! {
        @if !carried.answers.is_empty() {
            form.step.again method="post" action="/log/again" {
                p.aside { "Your answers are kept on the server for this phone until the game is written: a reload or Back loses none. " }
                button type="submit" { "Start again" }
            }
        }
    }
}

/// Starting again, asked once: the answers given so far are discarded.
pub(super) fn again_page(campaign: &str, given: usize) -> String {
    page(
        campaign,
        &html! {
            h2 { "Start again?" }
            p { "The " (given) " answers given so far are discarded; this cannot be undone." }
            form.step method="post" action="/log/again" {
                input type="hidden" name="sure" value="1";
                button #discard type="submit" { "Discard them and start again" }
            }
            p { a href="/log" { "Keep them and go on" } }
        },
    )
}

/// The game logged, a link to it, the form that adds a photo of it (`photos`: unless
/// photos are left out), and the undo its device may use in this run.
pub(super) fn logged_page(
    campaign: &str,
    device: &str,
    game: u32,
    id: &str,
    head: &str,
    warning: Option<&str>,
    photos: bool,
) -> String {
    page(
        campaign,
        &html! {
            h2 #logged { "Game " (game) " logged on " (device) "." }
            @if let Some(warning) = warning { p.warning role="status" { (warning) } }
            p { a href=(format!("/games/{game}")) { "See game " (game) } " · " a href="/board" { "The board" } " · " a href="/log" { "Log another game" } }
            @if photos { (super::photo_html::add_form(game)) }
            form.step method="post" action="/log/undo" {
                h2 { "Take it back" }
                p.aside { "Only this phone, only while this server runs, only while it is the latest entry. The history keeps it, with the reason." }
                input type="hidden" name="entry" value=(id);
                input type="hidden" name="head" value=(head);
                label for="reason" { "Why" }
                input #reason type="text" name="reason" required;
                button type="submit" { "Take back game " (game) }
            }
        },
    )
}

/// The log moved since the form was drawn: what changed, and the answers checked again.
pub(super) fn moved_page(campaign: &str, changed: &[String], carried: &Carried) -> String {
    page(
        campaign,
        &html! {
            h2 { "Not written: the log moved since this form was drawn" }
            ul.changed { @for line in changed { li { (line) } } }
            p { "Your answers are kept. Check them again against the log as it is now; nothing is written until you confirm again." }
            form.step method="post" action="/log/step" {
                (carried_fields(carried))
                button #recheck type="submit" name="go" value="recheck" { "Check it again" }
            }
        },
    )
}
