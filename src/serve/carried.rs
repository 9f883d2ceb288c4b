//! What the phone form carries from one screen to the next (its identity, the head it was
//! drawn at, the answers so far, the screen shown), and what a page says beside a question.

use std::collections::BTreeMap;

use crate::ledger::form::Answer;

/// What a step of the form carries from one page to the next.
#[derive(Clone, Debug, Default)]
pub(super) struct Carried {
    /// The form's identity: a Confirm of the same form is applied once.
    pub form: String,
    /// The head of the log the form was drawn at.
    pub head: String,
    pub answers: BTreeMap<String, Answer>,
    /// The screen shown (`screens::SCREENS`; past the last: the preview).
    pub screen: usize,
}

impl Carried {
    pub(super) fn new(head: String) -> Carried {
        Carried {
            form: uuid::Uuid::new_v4().simple().to_string(),
            head,
            ..Carried::default()
        }
    }

    /// The answers as the hidden field holds them.
    pub(super) fn answers_text(&self) -> String {
        serde_json::to_string(&self.answers).unwrap_or_else(|_| "{}".to_string())
    }

    /// The carried fields of a posted form; the others (the step, the value) beside them.
    pub(super) fn of(fields: &[(String, String)]) -> Result<Carried, String> {
        let field = |name: &str| {
            fields
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        };
        let answers = serde_json::from_str(&field("answers").unwrap_or_else(|| "{}".to_string()))
            .map_err(
            |_| "The form's answers are not readable: start the game again at /log.",
        )?;
        Ok(Carried {
            form: field("form").ok_or("The form has no identity: start again at /log.")?,
            head: field("head").unwrap_or_default(),
            answers,
            screen: field("screen")
                .and_then(|s| s.parse().ok())
                .unwrap_or_default(),
        })
    }
}

/// What the page says beside a question: the rule's message, what was typed, and the
/// options a name typed is close to.
#[derive(Clone, Debug, Default)]
pub(super) struct Beside {
    pub message: String,
    pub typed: String,
    /// The options a search found for what was typed ("did you mean").
    pub meant: Vec<usize>,
}
