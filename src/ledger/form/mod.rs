//! A game being filled in, question by question: what can be asked next, what each question
//! allows (computed from the campaign and the answers so far), its default, and the check of
//! an answer, which returns the rule's message. The terminal prompt (`chronicle game log`)
//! is one driver of it; a form on a phone can be another. Nothing here reads a key or draws
//! a line.
//!
//! The form keeps the answers by question (`date`, `player-2`, `result:Bo`, …) and works
//! the game out of them on every read (`walk`): each question in turn, its options from the
//! game so far, its answer taken when the rules take it. The first question without an
//! answer the rules take is the one to ask; a change earlier on asks again only the answers
//! it makes impossible.

// The walk's functions return `None` where it ends at a question without an answer (so
// that `?` ends it); a value that may itself be absent (no HQ recorded, nobody more at the
// table) is then an `Option` within.
#![allow(clippy::option_option)]

mod labels;
mod of_game;
mod parts;
mod play;
mod rewards;
mod sealed;
mod search;
mod seating;
mod walk;

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::NaiveDate;

pub use labels::{label, place};
pub use parts::Part;
pub use search::matching;

use crate::domain::{Campaign, Entry, Faction, Game, Names, Refusal, Territory, person_key};

/// An answer: one value (an option's value, text typed, `yes` or `no`), or the values of
/// the options ticked. As JSON (a phone's form carries its answers so), a string or a list.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Answer {
    One(String),
    Many(Vec<String>),
}

impl Answer {
    /// The one value (empty for several).
    pub fn one(&self) -> &str {
        match self {
            Answer::One(value) => value,
            Answer::Many(_) => "",
        }
    }

    /// The values ticked (the one value alone, when it is not empty).
    pub fn many(&self) -> Vec<String> {
        match self {
            Answer::One(value) if value.is_empty() => Vec::new(),
            Answer::One(value) => vec![value.clone()],
            Answer::Many(values) => values.clone(),
        }
    }

    pub fn yes_no(yes: bool) -> Answer {
        Answer::One(if yes { YES } else { NO }.to_string())
    }

    /// Whether the answer is yes (`yes`, `y`, any case).
    pub fn is_yes(&self) -> bool {
        matches!(self.one().trim().to_lowercase().as_str(), "yes" | "y")
    }
}

/// The words of an option that records nothing (no HQ written down, nobody named): choosing
/// it states no fact of the game, so a form may start with it chosen.
pub const NOT_RECORDED: &str = "(not recorded)";

pub const YES: &str = "yes";
pub const NO: &str = "no";

/// How a question is answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One of a short list of options.
    Choice,
    /// One of the options, found by typing part of it; a value typed that none of them
    /// holds is checked (a new person, another card, a territory by any of its names).
    Search,
    /// Text, typed.
    Text,
    /// Yes or no.
    YesNo,
    /// Any of the options.
    Multi,
}

/// An option of a question: the value its answer holds, and the words shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offered {
    pub value: String,
    pub label: String,
}

impl Offered {
    pub fn new(value: impl Into<String>, label: impl Into<String>) -> Offered {
        Offered {
            value: value.into(),
            label: label.into(),
        }
    }

    /// An option whose value is its words.
    pub fn plain(words: impl Into<String>) -> Offered {
        let words = words.into();
        Offered::new(words.clone(), words)
    }
}

/// One question of the form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// What it asks, stable across answers: `date`, `player-2`, `result:Bo`.
    pub id: String,
    pub part: Part,
    pub prompt: String,
    pub kind: Kind,
    /// What the rules allow now (for a choice, a search or ticks).
    pub options: Vec<Offered>,
    /// For a search: the words for a value typed that none of the options holds, when one
    /// is taken as new ("someone new").
    pub new: Option<&'static str>,
    /// The answer offered: the one given before, else what the campaign makes likely.
    pub default: Answer,
    /// The answer given, when the rules take it.
    pub answer: Option<Answer>,
    /// Why it is asked again: what the rules say of the answer given before.
    pub again: Option<Refused>,
    /// Passed over on the way back (the "that is everyone" that ends the players).
    pub passed_back: bool,
    /// For a search: what its options name, so that a name typed finds them as the flags
    /// find it (`matching`).
    pub names: Names,
    /// For a search: the campaign names are looked up in, as it stands before the game (as
    /// the flags look them up).
    campaign: Option<Arc<Campaign>>,
}

impl Step {
    fn new(id: impl Into<String>, part: Part, prompt: impl Into<String>, kind: Kind) -> Step {
        Step {
            id: id.into(),
            part,
            prompt: prompt.into(),
            kind,
            options: Vec::new(),
            new: None,
            default: Answer::One(String::new()),
            answer: None,
            again: None,
            passed_back: false,
            names: Names::Words,
            campaign: None,
        }
    }

    fn options(mut self, options: Vec<Offered>) -> Step {
        self.options = options;
        self
    }

    /// What the options of a search name.
    fn names(mut self, names: Names) -> Step {
        self.names = names;
        self
    }

    fn default(mut self, default: impl Into<String>) -> Step {
        self.default = Answer::One(default.into());
        self
    }

    /// The option an answer picks (by its value, or by its words).
    pub fn option(&self, value: &str) -> Option<&Offered> {
        let value = value.trim();
        self.options
            .iter()
            .find(|o| o.value == value)
            .or_else(|| self.options.iter().find(|o| o.label == value))
    }

    /// The answer in words: the option's words, or the text.
    pub fn said(&self, answer: &Answer) -> String {
        match answer {
            Answer::One(value) => self
                .option(value)
                .map_or_else(|| value.clone(), |o| o.label.clone()),
            Answer::Many(values) => values
                .iter()
                .map(|v| self.option(v).map_or(v.as_str(), |o| o.label.as_str()))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

/// Why an answer is not taken: a rule of the game, or an answer not of the form expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    Rule(Refusal),
    Expected(String),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Rule(refusal) => refusal.fmt(f),
            Refused::Expected(what) => f.write_str(what),
        }
    }
}

impl From<Refusal> for Refused {
    fn from(refusal: Refusal) -> Refused {
        Refused::Rule(refusal)
    }
}

/// What the campaign makes likely: last game's people in their seats, each person's last
/// faction, and where each person last started with each faction.
#[derive(Clone, Debug, Default)]
pub struct Usual {
    seats: Vec<String>,
    factions: Vec<(String, Faction)>,
    hqs: Vec<(String, Faction, Territory)>,
}

impl Usual {
    /// From the games of the log, in the order played.
    pub fn of_games<'a>(games: impl IntoIterator<Item = &'a Game>) -> Usual {
        let mut usual = Usual::default();
        for game in games {
            usual.seats = game.seats.iter().map(|s| s.person.clone()).collect();
            for seat in &game.seats {
                let key = person_key(&seat.person);
                usual.factions.retain(|(k, _)| *k != key);
                usual.factions.push((key.clone(), seat.faction.clone()));
                if let Some(hq) = &seat.hq {
                    usual
                        .hqs
                        .retain(|(k, f, _)| *k != key || *f != seat.faction);
                    usual.hqs.push((key, seat.faction.clone(), hq.clone()));
                }
            }
        }
        usual
    }

    /// From the entries of a log, in order (its games).
    pub fn of_entries<'a>(entries: impl IntoIterator<Item = &'a Entry>) -> Usual {
        Usual::of_games(entries.into_iter().filter_map(|e| match e {
            Entry::Game(game) => Some(&**game),
            _ => None,
        }))
    }

    pub(super) fn faction(&self, person: &str) -> Option<&Faction> {
        let key = person_key(person);
        self.factions
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, f)| f)
    }

    /// Where `person` started the last time they played `faction`.
    pub(super) fn hq(&self, person: &str, faction: &Faction) -> Option<&Territory> {
        let key = person_key(person);
        self.hqs
            .iter()
            .find(|(k, f, _)| *k == key && f == faction)
            .map(|(_, _, hq)| hq)
    }
}

/// Where stepping back from a question lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Back {
    /// The question before, with its answer.
    Question,
    /// The game whole (every question has an answer): the step back leaves a change.
    Review,
    /// Nothing is before: the form is left.
    Out,
}

/// A game being filled in.
#[derive(Clone, Debug)]
pub struct GameForm {
    campaign: Arc<Campaign>,
    today: NaiveDate,
    usual: Usual,
    answers: BTreeMap<String, Answer>,
    /// The question to ask next though it has an answer (after a step back, or a part to
    /// change); none: the first without one.
    at: Option<String>,
    /// Whether the questions after `at` in its part are asked in turn (after a step back or
    /// a part to change), rather than only those without an answer.
    stepping: bool,
    /// The first question of the part being changed from the confirmation: a step back
    /// from it returns to the confirmation rather than into the part before.
    changing: Option<String>,
}

impl GameForm {
    /// A new game of `campaign` (as it stands before it), played no later than `today`.
    pub fn new(campaign: Campaign, today: NaiveDate, usual: Usual) -> GameForm {
        GameForm {
            campaign: Arc::new(campaign),
            today,
            usual,
            answers: BTreeMap::new(),
            at: None,
            stepping: false,
            changing: None,
        }
    }

    /// A game with the answers given so far (kept while it was being filled in), asked
    /// from `at` on.
    #[must_use]
    pub fn resume(mut self, answers: BTreeMap<String, Answer>, at: Option<String>) -> GameForm {
        self.answers = answers;
        self.stepping = at.is_some();
        self.at = at;
        self
    }

    /// The form of a game written already, every answer its own (to change a part).
    pub fn of_game(campaign: Campaign, today: NaiveDate, game: &Game) -> GameForm {
        of_game::answers(GameForm::new(campaign, today, Usual::default()), game)
    }

    /// What the campaign made likely when the form began.
    pub fn usual(&self) -> &Usual {
        &self.usual
    }

    pub fn campaign(&self) -> &Campaign {
        &self.campaign
    }

    /// The answers given so far, by question.
    pub fn answers(&self) -> &BTreeMap<String, Answer> {
        &self.answers
    }

    /// The question asked next though it has an answer, if any.
    pub fn at(&self) -> Option<&str> {
        self.at.as_deref()
    }

    /// The question to ask now; none when every question has an answer (the game whole,
    /// to confirm).
    pub fn next(&self) -> Option<Step> {
        let walked = self.walk();
        if let Some(at) = &self.at
            && let Some(step) = walked.steps.iter().find(|s| s.id == *at)
        {
            return Some(step.clone());
        }
        walked.open.map(|i| walked.steps[i].clone())
    }

    /// Every question asked so far, in order, with its answer (the last may have none).
    pub fn steps(&self) -> Vec<Step> {
        self.walk().steps
    }

    /// The game as the answers give it so far.
    pub fn game(&self) -> Game {
        self.walk().game
    }

    /// The game, once every question has an answer.
    pub fn complete(&self) -> Option<Game> {
        let walked = self.walk();
        walked.open.is_none().then_some(walked.game)
    }

    /// The people taken as new though their names are close to someone known.
    pub fn new_people(&self) -> Vec<String> {
        self.walk().new_people
    }

    /// What the rules say of `answer` to question `id`: the answer as kept (a name in the
    /// campaign's spelling, a territory by its name), or why it is not taken.
    pub fn check(&self, id: &str, answer: &Answer) -> Result<Answer, Refused> {
        let mut trial = self.clone();
        trial.answers.insert(id.to_string(), answer.clone());
        let walked = trial.walk();
        let step =
            walked.steps.iter().find(|s| s.id == id).ok_or_else(|| {
                Refused::Expected(format!("\"{id}\" is not a question asked now"))
            })?;
        match (&step.answer, &step.again) {
            (Some(kept), _) => Ok(kept.clone()),
            (None, Some(why)) => Err(why.clone()),
            (None, None) => Err(Refused::Expected("an answer".to_string())),
        }
    }

    /// Gives `answer` to question `id`, once the rules take it; the next question is then
    /// the one after it in its part when stepping through, else the first without an
    /// answer.
    pub fn answer(&mut self, id: &str, answer: &Answer) -> Result<(), Refused> {
        let kept = self.check(id, answer)?;
        let before = self.answers.insert(id.to_string(), kept.clone());
        if let (Some(n), Some(before)) = (id.strip_prefix("player-"), before)
            && before != kept
        {
            self.answers.remove(&format!("same-{n}"));
            self.forget(before.one());
        }
        let walked = self.walk();
        let at = walked.steps.iter().position(|s| s.id == id);
        let after = at.and_then(|i| walked.steps.get(i + 1));
        let part = at.map(|i| walked.steps[i].part);
        self.at = match after {
            Some(next) if self.stepping && Some(next.part) == part && next.answer.is_some() => {
                Some(next.id.clone())
            }
            _ => {
                self.stepping = false;
                self.changing = None;
                None
            }
        };
        Ok(())
    }

    /// Steps back one question from the one asked now (or from the game whole).
    pub fn back(&mut self) -> Back {
        let walked = self.walk();
        let now = self
            .at
            .as_ref()
            .and_then(|at| walked.steps.iter().position(|s| s.id == *at))
            .or(walked.open)
            .unwrap_or(walked.steps.len());
        if walked.open.is_none() && self.changing.is_some() && self.at == self.changing {
            self.changing = None;
            self.at = None;
            self.stepping = false;
            return Back::Review;
        }
        let before = (0..now).rev().find(|&i| !walked.steps[i].passed_back);
        match before {
            Some(i) => {
                self.at = Some(walked.steps[i].id.clone());
                self.stepping = true;
                Back::Question
            }
            None if walked.open.is_none() => {
                self.at = None;
                self.stepping = false;
                Back::Review
            }
            None => Back::Out,
        }
    }

    /// Asks the questions of `part` again, each with its answer as the default; a step
    /// back from its first question returns to the game whole.
    pub fn change(&mut self, part: Part) {
        if let Some(first) = self.walk().steps.iter().find(|s| s.part == part) {
            self.at = Some(first.id.clone());
            self.stepping = true;
            self.changing = Some(first.id.clone());
        }
    }

    /// The parts with a question, in order: those a change can ask again.
    pub fn parts(&self) -> Vec<Part> {
        let mut parts: Vec<Part> = Vec::new();
        for step in self.walk().steps {
            if !parts.contains(&step.part) {
                parts.push(step.part);
            }
        }
        parts
    }

    /// The answers about a person no longer named at the table (their result, their
    /// reward), so that someone seated again is asked afresh.
    fn forget(&mut self, person: &str) {
        let key = person_key(person);
        let named = self
            .answers
            .iter()
            .any(|(id, a)| id.starts_with("player-") && person_key(a.one()) == key);
        if named || key.is_empty() {
            return;
        }
        self.answers.retain(|id, _| {
            id.split(':')
                .nth(1)
                .is_none_or(|person| person_key(person) != key)
        });
    }
}
