//! The answers a game written already gives to the form's questions, so that a game can be
//! changed part by part with every answer as it was.

use super::rewards::{held_on_answers, reward_answers};
use super::sealed::sealed_answers;
use super::{Answer, GameForm, Step};
use crate::domain::{Draft, Game};

/// More questions than any game asks: the walk stops there whatever happens.
const MOST_QUESTIONS: usize = 1000;

/// The form with each question in turn answered as `game` answers it, until every one has
/// an answer, or one the rules refuse is left to ask again.
pub(super) fn answers(mut form: GameForm, game: &Game) -> GameForm {
    for _ in 0..MOST_QUESTIONS {
        let walked = form.walk();
        let Some(open) = walked.open else {
            break;
        };
        let step = &walked.steps[open];
        let Some(answer) = answer_in(game, step) else {
            break;
        };
        if form.answers.get(&step.id) == Some(&answer) {
            break;
        }
        form.answers.insert(step.id.clone(), answer);
    }
    form
}

/// The game's answer to one question.
fn answer_in(game: &Game, step: &Step) -> Option<Answer> {
    let one = |s: &str| Some(Answer::One(s.to_string()));
    let id = step.id.as_str();
    if let Some((what, rest)) = id.split_once(':') {
        let (person, sub) = match rest.split_once(':') {
            Some((person, sub)) => (person, Some(sub)),
            None => (rest, None),
        };
        return match what {
            "draft" => one(&game
                .draft
                .iter()
                .find(|d| d.person == person)
                .map(Draft::parts)
                .unwrap_or_default()),
            "result" => game
                .seats
                .iter()
                .find(|s| s.person == person)
                .and_then(|s| one(s.result.key())),
            "held-on" => held_on_answers(game, person, sub),
            _ => None,
        };
    }
    match id {
        "date" => one(&game.date.to_string()),
        "winner" => one(&game.winner()?.person),
        "packets" => Some(Answer::Many(
            game.opened.iter().map(|p| p.name().to_string()).collect(),
        )),
        "note" => one(game.note.as_deref().unwrap_or("")),
        _ if id.starts_with("reward") => reward_answers(game, id),
        _ => numbered(game, id),
    }
}

/// The game's answer to a question of a numbered seat or item: `hq-2`, `scar-1-type`.
fn numbered(game: &Game, id: &str) -> Option<Answer> {
    let (what, tail) = id.split_once('-')?;
    let (n, rest) = tail.split_once('-').unwrap_or((tail, ""));
    let n: usize = n.parse().ok().filter(|&n| n > 0)?;
    let one = |s: &str| Some(Answer::One(s.to_string()));
    let yes = |more: bool| Some(Answer::yes_no(more));
    let seat = game.seats.get(n - 1);
    let scar = game.scars.get(n - 1);
    let wear = game.wear.get(n - 1);
    match (what, rest) {
        ("player", "") => one(seat.map_or("", |s| s.person.as_str())),
        ("same", "") => yes(false),
        ("faction", "") => one(seat?.faction.name()),
        ("hq", "") => one(seat?.hq.as_ref().map_or("", |t| t.name())),
        ("scar", "") => yes(scar.is_some()),
        ("scar", "territory") => one(scar?.territory.name()),
        ("scar", "type") => one(&scar?.scar),
        ("scar", "by") => one(scar?.by.as_deref().unwrap_or("")),
        ("wear", "") => yes(wear.is_some()),
        ("wear", "territory") => one(wear?.territory.name()),
        ("wear", "boxes") => one(&wear?.boxes.to_string()),
        (what, rest) => sealed_answers(game, what, n, rest),
    }
}
