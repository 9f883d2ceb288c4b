//! The walk: the questions of a game in turn, each with what the rules allow given the
//! answers before it, until one has no answer the rules take. The date, the table (people,
//! factions, HQs, the draft) and the results are here; what happened during play, the
//! rewards and the sealed content have their own files.

use chrono::NaiveDate;

use super::{Answer, GameForm, Kind, NO, Offered, Part, Refused, Step};
use crate::domain::{
    Campaign, Draft, Game, Names, Outcome, Packet, Refusal, Seat, Territory, person_key,
};

/// The results a player who did not win can have, in the order offered: adding a result
/// is adding it here.
pub(super) const RESULTS: [Outcome; 3] =
    [Outcome::HeldOn, Outcome::Eliminated, Outcome::KnockedOut];

/// The words of the answer that ends the list of players.
pub(super) const EVERYONE: &str = "(that is everyone)";

/// The value of the answer that seats last game's table again, each person with the same
/// faction and HQ.
pub(super) const LAST_TABLE: &str = "(last game's table)";

/// The game worked out of the answers, and the questions on the way.
pub(super) struct Walked {
    pub(super) steps: Vec<Step>,
    pub(super) game: Game,
    /// The first question without an answer the rules take; none when every one has one.
    pub(super) open: Option<usize>,
    pub(super) new_people: Vec<String>,
}

pub(super) struct Walker<'f> {
    pub(super) form: &'f GameForm,
    pub(super) campaign: &'f Campaign,
    pub(super) steps: Vec<Step>,
    pub(super) game: Game,
    pub(super) new_people: Vec<String>,
}

impl GameForm {
    pub(super) fn walk(&self) -> Walked {
        let mut walker = Walker {
            form: self,
            campaign: &self.campaign,
            steps: Vec::new(),
            game: Game::new(self.today, Vec::new()),
            new_people: Vec::new(),
        };
        // The walk ends at the first question without an answer, or at the end.
        let _ = walker.all();
        let open = walker.steps.iter().position(|s| s.answer.is_none());
        Walked {
            steps: walker.steps,
            game: walker.game,
            open,
            new_people: walker.new_people,
        }
    }
}

/// Yes or no, as answered.
pub(super) fn yes_no(answer: &Answer) -> Result<bool, Refused> {
    match answer.one().trim().to_lowercase().as_str() {
        "yes" | "y" => Ok(true),
        "no" | "n" => Ok(false),
        other => Err(Refused::Expected(format!("yes or no, not \"{other}\""))),
    }
}

/// The option an answer picks, as `pick` turns its value into what it stands for.
pub(super) fn chosen<T>(
    step: &Step,
    answer: &Answer,
    pick: impl Fn(&str) -> Option<T>,
) -> Result<T, Refused> {
    step.option(answer.one())
        .and_then(|o| pick(&o.value))
        .ok_or_else(|| not_one_of(step))
}

/// An answer that is none of the options.
pub(super) fn not_one_of(step: &Step) -> Refused {
    let words: Vec<&str> = step.options.iter().map(|o| o.label.as_str()).collect();
    Refused::Expected(format!("one of: {}", words.join("; ")))
}

/// A territory typed or picked for a question that offers `offered`: found by any of its
/// names; one not offered is refused with the rule `why_not` finds it breaks.
pub(super) fn territory_among(
    state: &Campaign,
    text: &str,
    offered: &[Territory],
    why_not: impl Fn(&Territory) -> Result<(), Refusal>,
) -> Result<(Territory, Answer), Refused> {
    let text = text.trim();
    let territory = match offered.iter().find(|t| t.name() == text) {
        Some(t) => t.clone(),
        None => state.find_territory(text)?,
    };
    if !offered.contains(&territory) {
        why_not(&territory)?;
    }
    let name = Answer::One(territory.name().to_string());
    Ok((territory, name))
}

impl Walker<'_> {
    fn all(&mut self) -> Option<()> {
        self.date()?;
        self.players()?;
        self.results()?;
        self.scars()?;
        self.wear()?;
        self.reward()?;
        self.held_on()?;
        self.packets()?;
        self.sealed()?;
        self.cards()?;
        self.note()
    }

    /// Asks `step`: what `take` makes of the answer given to it; the walk ends at this step
    /// when it has none the rules take.
    pub(super) fn ask<T>(
        &mut self,
        step: Step,
        take: impl FnOnce(&Step, &Answer) -> Result<T, Refused>,
    ) -> Option<T> {
        self.ask_kept(step, |step, answer| {
            take(step, answer).map(|value| (value, answer.clone()))
        })
    }

    /// As `ask`, where `take` also gives the answer as kept ("kyro" kept as "Egypt").
    pub(super) fn ask_kept<T>(
        &mut self,
        mut step: Step,
        take: impl FnOnce(&Step, &Answer) -> Result<(T, Answer), Refused>,
    ) -> Option<T> {
        if step.kind == Kind::Search {
            step.campaign = Some(std::sync::Arc::clone(&self.form.campaign));
        }
        let given = self.form.answers.get(&step.id).cloned();
        let taken = given.map(|answer| take(&step, &answer));
        let value = match taken {
            Some(Ok((value, kept))) => {
                step.default = kept.clone();
                step.answer = Some(kept);
                Some(value)
            }
            Some(Err(why)) => {
                step.again = Some(why);
                None
            }
            None => None,
        };
        self.steps.push(step);
        value
    }

    /// A yes or no question, no unless answered.
    pub(super) fn ask_yes(&mut self, id: String, part: Part, prompt: &str) -> Option<bool> {
        let step = Step::new(id, part, prompt, Kind::YesNo).default(NO);
        self.ask(step, |_, answer| yes_no(answer))
    }

    fn date(&mut self) -> Option<()> {
        let today = self.form.today;
        let last = self.campaign.last_date();
        let from_a_device = self
            .campaign
            .last_dated_by()
            .is_some_and(|by| by.device.is_some());
        let game = self.campaign.games_played() + 1;
        let step = Step::new("date", Part::Date, "Date played (YYYY-MM-DD)", Kind::Text)
            .default(today.to_string());
        self.game.date = self.ask_kept(step, |_, answer| {
            let text = answer.one().trim();
            let date = NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .map_err(|_| Refused::Expected(format!("a date like {today}, not \"{text}\"")))?;
            if date > today {
                return Err(Refused::Expected(format!(
                    "{date} is after today ({today}): a game is logged once played"
                )));
            }
            // After a game another device dated, its clock may be ahead of this one's: the
            // log decides when the game is written (rules §6i).
            if let Some(last) = last
                && date < last
                && !from_a_device
            {
                return Err(Refused::Rule(Refusal::DateBeforeLastGame {
                    game,
                    date: date.to_string(),
                    previous: last.to_string(),
                }));
            }
            Ok((date, Answer::One(date.to_string())))
        })?;
        Some(())
    }

    /// What the draft gave each seat, once the group drafts (the Minor cities packet
    /// opened before this game).
    pub(super) fn drafts(&mut self) -> Option<()> {
        let campaign = self.campaign;
        if campaign.opened(Packet::MinorCities).is_none() {
            return Some(());
        }
        let seats = self.game.seats.clone();
        for seat in &seats {
            let person = &seat.person;
            let step = Step::new(
                format!("draft:{person}"),
                Part::Players,
                format!(
                    "{person}'s draft: turn, placement, troops, coins (e.g. 1 2 8 0, - for one not written down; Enter for none)"
                ),
                Kind::Text,
            );
            let given = self.game.draft.clone();
            let draft = self.ask_kept(step, |_, answer| {
                let draft = take_draft(campaign, &seats, &given, person, answer.one())?;
                let kept = Answer::One(draft.as_ref().map(Draft::parts).unwrap_or_default());
                Ok((draft, kept))
            })?;
            self.game.draft.extend(draft);
        }
        Some(())
    }

    fn results(&mut self) -> Option<()> {
        let people: Vec<String> = self.game.seats.iter().map(|s| s.person.clone()).collect();
        let step = Step::new(
            "winner",
            Part::Results,
            "Who won? (type to search)",
            Kind::Search,
        )
        .names(Names::People)
        .options(people.iter().map(Offered::plain).collect())
        .default(people.first().cloned().unwrap_or_default());
        let campaign = self.campaign;
        let winner = self.ask_kept(step, |step, answer| {
            let given = campaign.known_person(answer.one()).unwrap_or(answer.one());
            let key = person_key(given);
            people
                .iter()
                .position(|p| person_key(p) == key)
                .map(|i| (i, Answer::One(people[i].clone())))
                .ok_or_else(|| not_one_of(step))
        })?;
        self.game.seats[winner].result = Outcome::Won;
        for i in (0..people.len()).filter(|&i| i != winner) {
            let person = &people[i];
            let step = Step::new(
                format!("result:{person}"),
                Part::Results,
                format!("{person}'s result"),
                Kind::Choice,
            )
            .options(
                RESULTS
                    .iter()
                    .map(|r| Offered::new(r.key(), r.words()))
                    .collect(),
            )
            .default(Outcome::HeldOn.key());
            self.game.seats[i].result = self.ask(step, |step, answer| {
                chosen(step, answer, |key| {
                    RESULTS.iter().copied().find(|r| r.key() == key)
                })
            })?;
        }
        Some(())
    }

    pub(super) fn note(&mut self) -> Option<()> {
        let step = Step::new(
            "note",
            Part::Note,
            "A note about the game (Enter for none)",
            Kind::Text,
        );
        let note = self.ask(step, |_, answer| Ok(answer.one().trim().to_string()))?;
        self.game.note = Some(note).filter(|n| !n.is_empty());
        Some(())
    }
}

/// One seat's draft, as typed (`1 2 8 0` or `turn:1,troops:8`), checked with those given
/// before it.
fn take_draft(
    campaign: &Campaign,
    seats: &[Seat],
    given: &[Draft],
    person: &str,
    text: &str,
) -> Result<Option<Draft>, Refused> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let draft = draft_typed(person, text).ok_or_else(|| {
        Refused::Expected(format!(
            "the draft as four numbers, turn, placement, troops and coins (- for one not written down), e.g. 1 2 8 0, or by name, e.g. turn:1,troops:8; not \"{text}\""
        ))
    })?;
    let mut all = given.to_vec();
    all.push(draft.clone());
    campaign.draft_at_table(&all, seats)?;
    Ok(Some(draft))
}

/// A seat's draft as typed: its parts by name (`turn:1,troops:8`), or up to four numbers in
/// the order of the draft's sheet, turn, placement, troops and coins (`1 2 8 0`), `-` for a
/// part not written down. `None` when it is neither, or gives no part.
fn draft_typed(person: &str, text: &str) -> Option<Draft> {
    if text.contains(':') {
        return Draft::from_parts(person, text);
    }
    let mut parts: Vec<Option<u8>> = Vec::new();
    for word in text.split_whitespace() {
        parts.push(match word {
            "-" => None,
            number => Some(number.parse().ok()?),
        });
    }
    if parts.len() > 4 || parts.iter().all(Option::is_none) {
        return None;
    }
    parts.resize(4, None);
    Some(Draft {
        person: person.to_string(),
        turn: parts[0],
        placement: parts[1],
        troops: parts[2],
        coins: parts[3],
    })
}
