//! The phone form's pages: a question at a time (its options as the model gives them), the
//! preview with the command line, the page of a game logged (with its undo), and the page
//! of a log that moved. Plain HTML forms that work without JavaScript; with it, a few lines
//! post each step in the background and show the next in place (one page, the same
//! answers from the server). maud escapes every piece of text. These pages do not follow
//! the log live: what is typed stays.

use axum::http::{HeaderValue, header};
use maud::{Markup, PreEscaped, html};

use super::carried::{Beside, Carried};
use super::html::tables;
use crate::ledger::form::{Answer, GameForm, Kind, Step};
use crate::render::html::{Link, Shell, document, header};
use crate::report::game::GameLogged;

pub(super) fn html_type() -> [(header::HeaderName, HeaderValue); 1] {
    [(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    )]
}

/// With JavaScript, each step is posted in the background and its answer's `main` shown in
/// place of this one; without, or if that fails, the form is posted as it is.
const ONE_PAGE: &str = "
(function(){
if(!window.fetch||!window.FormData||!window.URLSearchParams)return;
document.addEventListener('submit',function(e){
 var f=e.target;if(!f.matches||!f.matches('form.step'))return;
 e.preventDefault();
 var body=new URLSearchParams(new FormData(f));
 if(e.submitter&&e.submitter.name)body.set(e.submitter.name,e.submitter.value);
 fetch(f.action,{method:'POST',body:body,credentials:'same-origin'}).then(function(r){return r.text();}).then(function(t){
  var d=new DOMParser().parseFromString(t,'text/html'),m=d.querySelector('main');
  if(!m){f.submit();return;}
  document.querySelector('main').replaceWith(m);document.title=d.title;window.scrollTo(0,0);
  var a=m.querySelector('input[type=text]');if(a)a.focus();
 }).catch(function(){f.submit();});
});
})();
";

/// A page of the form: the campaign's name, a way back to the board, the content, in the
/// one page every served page and the export share.
fn page(campaign: &str, content: &Markup) -> String {
    let title = format!("Log a game · {campaign} · chronicle");
    let shell = Shell {
        title: &title,
        class: None,
        head: None,
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
        html! { script { (PreEscaped(ONE_PAGE)) } },
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

/// The hidden fields every step carries.
fn carried_fields(carried: &Carried) -> Markup {
    html! {
        input type="hidden" name="form" value=(carried.form);
        input type="hidden" name="head" value=(carried.head);
        input type="hidden" name="answers" value=(carried.answers_text());
        input type="hidden" name="at" value=(carried.at.clone().unwrap_or_default());
    }
}

/// The answers so far, one line each.
fn so_far(form: &GameForm) -> Markup {
    let steps: Vec<Step> = form
        .steps()
        .into_iter()
        .filter(|s| s.answer.is_some())
        .collect();
    html! {
        @if !steps.is_empty() {
            details {
                summary { "Answers so far (" (steps.len()) ")" }
                ul { @for s in &steps { li { (s.prompt) ": " (s.answer.as_ref().map(|a| s.said(a)).unwrap_or_default()) } } }
            }
        }
    }
}

/// The inputs of a question, by its kind, the default (or what was typed) chosen.
fn inputs(step: &Step, said: Option<&Beside>) -> Markup {
    let default = match (&step.answer, &step.default) {
        (Some(answer), _) | (None, answer) => answer.clone(),
    };
    let chosen = |value: &str| default.many().iter().any(|v| v == value);
    let typed = said.map_or(String::new(), |s| s.typed.clone());
    match step.kind {
        Kind::Choice => html! {
            @for o in &step.options {
                label { input type="radio" name="value" value=(o.value) checked[chosen(&o.value)]; " " (o.label) }
            }
        },
        Kind::YesNo => html! {
            @for (value, words) in [("yes", "Yes"), ("no", "No")] {
                label { input type="radio" name="value" value=(value) checked[chosen(value)]; " " (words) }
            }
        },
        Kind::Multi => html! {
            @for o in &step.options {
                label { input type="checkbox" name="values" value=(o.value) checked[chosen(&o.value)]; " " (o.label) }
            }
        },
        Kind::Text => html! {
            input #answer type="text" name="value"
                value=(if typed.is_empty() { default.one().to_string() } else { typed.clone() })
                autocomplete="off";
        },
        Kind::Search => search(step, said, &default, &typed),
    }
}

/// A search: what is typed, or one of the options (the "did you mean" ones first).
fn search(step: &Step, said: Option<&Beside>, default: &Answer, typed: &str) -> Markup {
    let meant: Vec<usize> = said.map(|s| s.meant.clone()).unwrap_or_default();
    let shown: Vec<usize> = if meant.is_empty() {
        (0..step.options.len()).collect()
    } else {
        meant.clone()
    };
    html! {
        label for="answer" { "Type a name" @if let Some(new) = step.new { " (or " (new) ")" } }
        input #answer type="text" name="typed" autocomplete="off" value=(typed) list="options";
        datalist #options { @for o in &step.options { option value=(o.label) {} } }
        @if !meant.is_empty() {
            input type="hidden" name="choosing" value="1";
            label { input type="checkbox" name="as_typed" value="1"; " " (typed) ", as typed" }
        }
        p.aside { "or choose:" }
        @for i in shown {
            @let o = &step.options[i];
            label { input type="radio" name="value" value=(o.value) checked[default.one() == o.value && meant.is_empty()]; " " (o.label) }
        }
    }
}

/// One question of the form, with what the rules said of the answer given, if anything.
pub(super) fn step_page(
    campaign: &str,
    device: &str,
    form: &GameForm,
    step: &Step,
    carried: &Carried,
    said: Option<&Beside>,
) -> String {
    let game = form.campaign().games_played() + 1;
    let again = step.again.as_ref().map(ToString::to_string);
    let message = said.map(|s| s.message.clone()).or(again);
    page(
        campaign,
        &html! {
            p.aside { "Game " (game) ", logged on " (device) ". Nothing is written until you confirm." }
            form.step method="post" action="/log/step" data-step=(step.id) {
                (carried_fields(carried))
                input type="hidden" name="step" value=(step.id);
                h2 { (step.prompt) }
                @if let Some(message) = &message { div.error role="alert" { p { (message) } } }
                (inputs(step, said))
                button type="submit" name="go" value="answer" { "Next" }
                button type="submit" name="go" value="back" formnovalidate { "Back" }
            }
            (so_far(form))
        },
    )
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
            h2 { "Check the game, then confirm" }
            p.aside { "Logged on " (device) ". Nothing is written until you confirm." }
            @if let Some(refusal) = refusal { div.error role="alert" { p { (refusal) } } }
            @if let Some(report) = report { (tables(report)) }
            @if !command.is_empty() {
                h2 { "The same at the command line" }
                pre.command { (command) }
            }
            form.step method="post" action="/log/confirm" {
                (carried_fields(carried))
                @if refusal.is_none() { button #confirm type="submit" { "Confirm" } }
            }
            form.step method="post" action="/log/step" {
                (carried_fields(carried))
                button type="submit" name="go" value="back" { "Back" }
            }
        },
    )
}

/// The game logged, a link to it, and the undo its device may use in this run.
pub(super) fn logged_page(campaign: &str, device: &str, game: u32, id: &str, head: &str) -> String {
    page(
        campaign,
        &html! {
            h2 #logged { "Game " (game) " logged on " (device) "." }
            p { a href=(format!("/games/{game}")) { "See game " (game) } " · " a href="/board" { "The board" } " · " a href="/log" { "Log another game" } }
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
