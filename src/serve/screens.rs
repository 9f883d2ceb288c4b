//! The phone form's screens: the guided prompt's questions grouped as a person answers them
//! together (the date and the table, how the game went, the rewards, the rest), and the
//! answers a posted screen gives, taken in the order the questions are asked.
//!
//! A screen's fields are named by question: `a.ID` the option chosen (its value after an
//! `=`, so that an empty value is an option too), `t.ID` what is typed (it wins over an
//! option when it is not empty), `m.ID` beside the boxes of a question that ticks several
//! (so that none ticked is an answer). An option that records nothing ("(not recorded)")
//! is the answer of a question left alone, as are boxes left unticked (they show what is
//! recorded); nothing else is answered for the person.

use std::collections::BTreeMap;

use super::carried::Beside;
use crate::ledger::form::{Answer, GameForm, Kind, NOT_RECORDED, Part, Refused, Step, matching};

/// A screen: its heading, and the parts of the game it asks.
pub(super) struct Screen {
    pub heading: &'static str,
    pub parts: &'static [Part],
}

/// The screens, in order.
pub(super) const SCREENS: [Screen; 4] = [
    Screen {
        heading: "Who played",
        parts: &[Part::Date, Part::Players],
    },
    Screen {
        heading: "How it went",
        parts: &[Part::Results, Part::Scars, Part::Wear],
    },
    Screen {
        heading: "Rewards",
        parts: &[Part::Reward, Part::HeldOn],
    },
    Screen {
        heading: "Packets, sealed changes and a note",
        parts: &[Part::Packets, Part::Sealed, Part::Note],
    },
];

/// The screen that asks a part.
pub(super) fn screen_of(part: Part) -> usize {
    SCREENS
        .iter()
        .position(|s| s.parts.contains(&part))
        .unwrap_or(SCREENS.len() - 1)
}

/// The screen to show: the one of the first question without an answer; none when every
/// question has one (the preview).
pub(super) fn open_screen(form: &GameForm) -> Option<usize> {
    form.next().map(|step| screen_of(step.part))
}

/// The questions of screen `at` asked so far, in order (the last may have no answer).
pub(super) fn questions(form: &GameForm, at: usize) -> Vec<Step> {
    let parts = SCREENS.get(at).map_or(&[][..], |s| s.parts);
    form.steps()
        .into_iter()
        .filter(|s| parts.contains(&s.part))
        .collect()
}

/// The screen with questions before `at` (Back), if any.
pub(super) fn before(form: &GameForm, at: usize) -> Option<usize> {
    (0..at).rev().find(|&i| !questions(form, i).is_empty())
}

/// The screen with questions after `at` (Next, its questions answered), if any.
pub(super) fn after(form: &GameForm, at: usize) -> Option<usize> {
    (at + 1..SCREENS.len()).find(|&i| !questions(form, i).is_empty())
}

/// Whether a question has an option that records nothing.
pub(super) fn records_nothing(step: &Step) -> bool {
    step.options
        .iter()
        .any(|o| o.value.is_empty() && o.label == NOT_RECORDED)
}

/// Whether a question shown and left empty when the person goes on is answered so: a text
/// (a note, a draft not written down) or the end of the list of players.
fn left_empty(step: &Step, fields: &[(String, String)]) -> bool {
    let shown = field(fields, &format!("t.{}", step.id)).is_some();
    shown
        && (step.kind == Kind::Text
            || (step.kind == Kind::Search && step.options.iter().any(|o| o.value.is_empty())))
}

fn field<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
    fields
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// The answer the fields give a question: none when they give none, or what to say beside
/// it (a name typed that could be several options).
fn given(step: &Step, fields: &[(String, String)]) -> Option<Result<Answer, Beside>> {
    let id = &step.id;
    if step.kind == Kind::Multi {
        field(fields, &format!("m.{id}"))?;
        let ticked = fields
            .iter()
            .filter(|(n, _)| *n == format!("a.{id}"))
            .map(|(_, v)| v.strip_prefix('=').unwrap_or(v).to_string())
            .collect();
        return Some(Ok(Answer::Many(ticked)));
    }
    let typed = field(fields, &format!("t.{id}")).unwrap_or_default().trim();
    if !typed.is_empty() {
        return Some(typed_answer(step, typed));
    }
    let chosen = field(fields, &format!("a.{id}")).and_then(|v| v.strip_prefix('='));
    chosen.map(|v| Ok(Answer::One(v.to_string())))
}

/// What is typed for a question: for a search, the option it stands for, as the flags find
/// it (or the text, when it is none of them and a new one is taken).
fn typed_answer(step: &Step, typed: &str) -> Result<Answer, Beside> {
    if step.kind != Kind::Search {
        return Ok(Answer::One(typed.to_string()));
    }
    let found = matching(step, typed);
    match (found.meant, found.order.as_slice()) {
        (Some(i), _) => Ok(Answer::One(step.options[i].value.clone())),
        (None, [one]) if step.new.is_none() && !found.ambiguous => {
            Ok(Answer::One(step.options[*one].value.clone()))
        }
        (None, []) => Ok(Answer::One(typed.to_string())),
        (None, several) => Err(Beside {
            message: if found.ambiguous || step.new.is_none() {
                format!("\"{typed}\" could be any of these: choose one.")
            } else {
                format!("Did you mean one of these, or {typed} as typed?")
            },
            typed: typed.to_string(),
            meant: several.to_vec(),
        }),
    }
}

/// What a posted screen did: whether an answer was taken, and what to say beside each
/// question whose answer was not.
#[derive(Default)]
pub(super) struct Taken {
    pub answered: bool,
    pub beside: BTreeMap<String, Beside>,
    /// What to say above the screen (the answers could not be kept).
    pub notice: Option<String>,
}

/// Gives `form` the answers the fields post for screen `at`, each question in turn as the
/// answers before it make it asked, until one has none the rules take. Going on (`next`),
/// a question left empty that an empty answer ends (a note, the players) is answered so.
pub(super) fn take(
    form: &mut GameForm,
    at: usize,
    fields: &[(String, String)],
    next: bool,
) -> Taken {
    let mut taken = Taken::default();
    let mut tried: Vec<String> = Vec::new();
    // Each question is tried once; the walk asks at most every question of the game.
    for _ in 0..1000 {
        let Some(step) = questions(form, at)
            .into_iter()
            .find(|s| !tried.contains(&s.id))
        else {
            break;
        };
        tried.push(step.id.clone());
        let given = match given(&step, fields) {
            Some(Ok(answer)) => answer,
            Some(Err(beside)) => {
                taken.beside.insert(step.id.clone(), beside);
                break;
            }
            None if step.answer.is_some() => continue,
            None if step.kind == Kind::Multi => Answer::Many(Vec::new()),
            None if records_nothing(&step) || (next && left_empty(&step, fields)) => {
                Answer::One(String::new())
            }
            None => break,
        };
        if step.answer.as_ref() == Some(&given) {
            continue;
        }
        match form.answer(&step.id, &given) {
            Ok(()) => taken.answered = true,
            Err(refused) => {
                let message = match refused {
                    Refused::Rule(refusal) => refusal.to_string(),
                    Refused::Expected(what) => format!("Expected {what}."),
                };
                taken.beside.insert(
                    step.id.clone(),
                    Beside {
                        message,
                        typed: given.one().to_string(),
                        meant: Vec::new(),
                    },
                );
                break;
            }
        }
    }
    taken
}
