//! A screen of the phone form: the questions a person answers together, each with its
//! options as the rules allow them now, nothing chosen that would state a fact of the game
//! (only an option that records nothing), and Next and Back kept at the bottom of the
//! screen. A short list is a row of options to tap, a long one (the territories) a list to
//! pick from, with a box to type a name into (by any of its names, as the flags take it).

use chrono::{Days, NaiveDate};
use maud::{Markup, PreEscaped, html};

use super::carried::{Beside, Carried};
use super::screens::{SCREENS, questions, records_nothing};
use crate::ledger::form::{Answer, GameForm, Kind, Step};

/// A list this long or shorter is shown as options to tap; a longer one as a list to pick
/// from.
const TAPPED: usize = 8;

/// The prompt without the terminal's hint ("type to search"): here a list is tapped.
fn asked(step: &Step) -> &str {
    step.prompt
        .strip_suffix(" (type to search)")
        .unwrap_or(&step.prompt)
}

/// An option to tap: its field, its value (after `=`), its words, whether it is chosen.
fn tap(kind: &str, name: &str, value: &str, words: &str, checked: bool) -> Markup {
    html! {
        label.tap { input type=(kind) name=(name) value={ "=" (value) } checked[checked]; (words) }
    }
}

/// The answer's one value, when the question has one.
fn answered(step: &Step) -> Option<&str> {
    step.answer.as_ref().map(Answer::one)
}

/// The inputs of a question.
fn inputs(step: &Step, said: Option<&Beside>) -> Markup {
    let id = &step.id;
    let one = format!("a.{id}");
    let typed = format!("t.{id}");
    let meant: &[usize] = said.map_or(&[], |s| &s.meant);
    match step.kind {
        Kind::Choice | Kind::YesNo => {
            let options: Vec<(String, String)> = if step.kind == Kind::YesNo {
                vec![("yes".into(), "Yes".into()), ("no".into(), "No".into())]
            } else {
                step.options
                    .iter()
                    .map(|o| (o.value.clone(), o.label.clone()))
                    .collect()
            };
            html! {
                @for (value, words) in &options {
                    (tap("radio", &one, value, words, answered(step) == Some(value.as_str())))
                }
            }
        }
        Kind::Multi => {
            let ticked = step.answer.as_ref().map(Answer::many).unwrap_or_default();
            html! {
                input type="hidden" name={ "m." (id) } value="1";
                @for o in &step.options {
                    (tap("checkbox", &one, &o.value, &o.label, ticked.contains(&o.value)))
                }
            }
        }
        Kind::Text => {
            let text = said.map_or_else(
                || answered(step).unwrap_or_default().to_string(),
                |s| s.typed.clone(),
            );
            html! {
                @if step.part == crate::ledger::form::Part::Date {
                    (days(step, &one, &text))
                    input type="text" name=(typed) value=(if is_day(step, &text) { "" } else { &text })
                        placeholder="or another day: YYYY-MM-DD" autocomplete="off";
                } @else {
                    input type="text" name=(typed) value=(text) autocomplete="off";
                }
            }
        }
        Kind::Search if !meant.is_empty() => {
            let typed_words = said.map(|s| s.typed.clone()).unwrap_or_default();
            html! {
                @for &i in meant {
                    @let o = &step.options[i];
                    (tap("radio", &one, &o.value, &o.label, false))
                }
                @if step.new.is_some() {
                    (tap("radio", &one, &typed_words, &format!("{typed_words}, as typed"), false))
                }
                input type="text" name=(typed) value="" placeholder="or type a name" autocomplete="off" data-search="1";
            }
        }
        Kind::Search => search(step, &one, &typed, said),
    }
}

/// Today and the day before, as the date's options.
fn day_options(step: &Step) -> Vec<(String, String)> {
    let Ok(today) = NaiveDate::parse_from_str(step.default.one(), "%Y-%m-%d") else {
        return Vec::new();
    };
    let mut days = vec![(today.to_string(), format!("Today, {today}"))];
    if let Some(yesterday) = today.checked_sub_days(Days::new(1)) {
        days.push((yesterday.to_string(), format!("Yesterday, {yesterday}")));
    }
    days
}

fn is_day(step: &Step, text: &str) -> bool {
    day_options(step).iter().any(|(value, _)| value == text)
}

fn days(step: &Step, name: &str, text: &str) -> Markup {
    html! {
        @for (value, words) in day_options(step) {
            (tap("radio", name, &value, &words, answered(step) == Some(value.as_str()) && text == value))
        }
    }
}

/// A search: a short list to tap or a long one to pick from, and a box for a name typed
/// (someone new, a territory by another of its names).
fn search(step: &Step, one: &str, typed: &str, said: Option<&Beside>) -> Markup {
    let answer = answered(step);
    let among = answer.is_some_and(|a| step.options.iter().any(|o| o.value == a));
    let text = match (said, answer) {
        (Some(said), _) => said.typed.clone(),
        (None, Some(a)) if !among => a.to_string(),
        _ => String::new(),
    };
    let chosen = |value: &str| among && answer == Some(value);
    let boxed = step.new.is_some() || step.options.len() > TAPPED;
    let hint = step.new.map_or("or type a name".to_string(), |new| {
        format!("or type a name ({new})")
    });
    html! {
        @if step.options.len() <= TAPPED {
            @for o in &step.options {
                (tap("radio", one, &o.value, &o.label, chosen(&o.value)))
            }
        } @else {
            select name=(one) {
                @if !records_nothing(step) { option value="" { "Choose…" } }
                @for o in &step.options {
                    option value={ "=" (o.value) } selected[chosen(&o.value) || (o.value.is_empty() && answer.is_none_or(str::is_empty))] { (o.label) }
                }
            }
        }
        @if boxed {
            input type="text" name=(typed) value=(text) placeholder=(hint) autocomplete="off" data-search="1";
        }
    }
}

/// One question: its prompt, what the rules said of its answer, its inputs.
fn question(step: &Step, open: bool, said: Option<&Beside>) -> Markup {
    let again = step.again.as_ref().map(ToString::to_string);
    let message = said.map(|s| s.message.clone()).or(again);
    html! {
        fieldset.q data-q=(step.id) data-open=[open.then_some("")] {
            legend { (asked(step)) }
            @if let Some(message) = &message { div.error role="alert" { p { (message) } } }
            (inputs(step, said))
        }
    }
}

/// Screen `at` of the form, with what was said beside its questions.
pub(super) fn screen(
    device: &str,
    form: &GameForm,
    at: usize,
    carried: &Carried,
    said: &std::collections::BTreeMap<String, Beside>,
    back: bool,
) -> Markup {
    let game = form.campaign().games_played() + 1;
    let steps = questions(form, at);
    let open = form
        .next()
        .map(|s| s.id)
        .filter(|id| steps.iter().any(|s| s.id == *id));
    let heading = SCREENS.get(at).map_or("", |s| s.heading);
    html! {
        style { (PreEscaped(super::phone_script::LOOK)) }
        p.aside { "Game " (game) ", logged on " (device) ". Nothing is written until you confirm." }
        form.screen method="post" action="/log/step" data-screen=(at) data-step=[open.as_deref()] {
            (super::phone_html::carried_fields(carried))
            h2 { (heading) }
            @for step in &steps {
                (question(step, open.as_deref() == Some(step.id.as_str()), said.get(&step.id)))
            }
            div.go {
                button.on #next type="submit" name="go" value="next" { "Next" }
                @if back { button type="submit" name="go" value="back" formnovalidate { "Back" } }
            }
        }
        (super::phone_html::start_again(carried))
    }
}
