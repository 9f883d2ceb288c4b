//! The table's questions of the walk: who played, seat by seat (last game's table offered
//! whole under the first seat), each one's faction and HQ, the likely answer first.

use super::labels::place;
use super::walk::{EVERYONE, LAST_TABLE, Walker, territory_among, yes_no};
use super::{Answer, Kind, NO, Offered, Part, Refused, Step, YES};
use crate::domain::vocabulary::names::valid_new_person;
use crate::domain::{
    Campaign, Faction, Names, Outcome, PLAYERS, Refusal, Seat, Territory, person_key,
};

impl Walker<'_> {
    pub(super) fn players(&mut self) -> Option<()> {
        let table = self.last_table();
        for n in 1..=*PLAYERS.end() {
            let Some(person) = self.person(n, table.as_deref())? else {
                break;
            };
            if person == LAST_TABLE
                && let Some(table) = &table
            {
                self.game.seats.clone_from(table);
                break;
            }
            let faction = self.faction(n, &person)?;
            let hq = self.hq(n, &person, &faction)?;
            self.game.seats.push(Seat {
                person,
                faction,
                result: Outcome::HeldOn,
                hq,
            });
        }
        self.drafts()
    }

    /// The people offered for the next seat: last game's first, in their seats, then the
    /// others known; nobody seated or retired.
    fn people_offered(&self) -> Vec<String> {
        let seats = &self.game.seats;
        let mut people: Vec<String> = Vec::new();
        let usual = self.form.usual.seats.iter().map(String::as_str);
        let known = self.campaign.people().iter().map(|p| &**p);
        for person in usual.chain(known) {
            let key = person_key(person);
            let taken = seats.iter().any(|s| person_key(&s.person) == key)
                || people.iter().any(|p| person_key(p) == key);
            if !taken && !self.campaign.is_retired(person) {
                people.push(person.to_string());
            }
        }
        people
    }

    /// Last game's table, each person with the faction and HQ they had, when the rules
    /// still allow every seat of it as it was.
    fn last_table(&self) -> Option<Vec<Seat>> {
        let usual = &self.form.usual;
        if usual.seats.len() < *PLAYERS.start() {
            return None;
        }
        let mut seats: Vec<Seat> = Vec::new();
        for person in &usual.seats {
            let faction = usual.faction(person)?;
            let free = self.campaign.factions().contains(faction)
                && seats.iter().all(|s| &s.faction != faction);
            if !free || self.campaign.is_retired(person) {
                return None;
            }
            let hq = usual.hq(person, faction).cloned();
            if let Some(hq) = &hq {
                self.campaign.check_hq(&seats, person, hq).ok()?;
            }
            seats.push(Seat {
                person: person.clone(),
                faction: faction.clone(),
                result: Outcome::HeldOn,
                hq,
            });
        }
        Some(seats)
    }

    /// The person in seat `n`: someone known, someone new, or nobody more (`None`, from
    /// the fourth seat); in the first seat, last game's table again (`LAST_TABLE`), right
    /// under the person likely first.
    fn person(&mut self, n: usize, table: Option<&[Seat]>) -> Option<Option<String>> {
        let enough = self.game.seats.len() >= *PLAYERS.start();
        let people = self.people_offered();
        let usual = &self.form.usual.seats;
        let likely = usual
            .get(n - 1)
            .filter(|p| people.contains(p))
            .or_else(|| usual.iter().find(|p| people.contains(p)));
        let mut options = Vec::new();
        if enough {
            options.push(Offered::new("", EVERYONE));
        }
        options.extend(people.iter().map(Offered::plain));
        let table = table.filter(|_| n == 1);
        if let Some(table) = table {
            let at = options.len().min(1);
            options.insert(
                at,
                Offered::new(LAST_TABLE, table_words(self.campaign, table)),
            );
        }
        let mut step = Step::new(
            format!("player-{n}"),
            Part::Players,
            format!("Player {n}, clockwise (type to search)"),
            Kind::Search,
        )
        .names(Names::People)
        .options(options)
        .default(likely.cloned().unwrap_or_default());
        step.new = Some("someone new");
        let (campaign, seats) = (self.campaign, self.game.seats.clone());
        let person = self.ask_kept(step, |_, answer| {
            if table.is_some() && answer.one().trim() == LAST_TABLE {
                return Ok((Some(LAST_TABLE.to_string()), answer.clone()));
            }
            take_person(campaign, &seats, answer.one(), enough)
        })?;
        let Some(person) = person else {
            if let Some(step) = self.steps.last_mut() {
                step.passed_back = true;
            }
            return Some(None);
        };
        if person == LAST_TABLE {
            return Some(Some(person));
        }
        self.same_person(n, person).map(Some)
    }

    /// A new name within two letters of someone known: most likely them, mistyped.
    fn same_person(&mut self, n: usize, person: String) -> Option<String> {
        if self.campaign.known_person(&person).is_some() {
            return Some(person);
        }
        let seats = &self.game.seats;
        let like = self
            .campaign
            .people_resembling(&person)
            .into_iter()
            .find(|p| seats.iter().all(|s| person_key(&s.person) != person_key(p)));
        let Some(like) = like else {
            return Some(person);
        };
        // The person known comes first and is the default: a new person is chosen.
        let step = Step::new(
            format!("same-{n}"),
            Part::Players,
            format!("{person} looks like {like}: same person?"),
            Kind::Choice,
        )
        .options(vec![
            Offered::new(YES, format!("{like} (the same person, mistyped)")),
            Offered::new(NO, format!("{person} (someone new)")),
        ])
        .default(YES);
        if self.ask(step, |_, answer| yes_no(answer))? {
            return Some(like);
        }
        self.new_people.push(person.clone());
        Some(person)
    }

    fn faction(&mut self, n: usize, person: &str) -> Option<Faction> {
        let seats = self.game.seats.clone();
        let free: Vec<Faction> = self
            .campaign
            .factions()
            .iter()
            .filter(|f| seats.iter().all(|s| &s.faction != *f))
            .cloned()
            .collect();
        let likely = self
            .form
            .usual
            .faction(person)
            .filter(|f| free.contains(f))
            .or(free.first());
        let step = Step::new(
            format!("faction-{n}"),
            Part::Players,
            format!("{person}'s faction"),
            Kind::Search,
        )
        .names(Names::Factions)
        .options(free.iter().map(|f| Offered::plain(f.name())).collect())
        .default(likely.map(|f| f.name().to_string()).unwrap_or_default());
        let campaign = self.campaign;
        self.ask_kept(step, |_, answer| {
            let faction = campaign.find_faction(answer.one().trim())?;
            if let Some(other) = seats.iter().find(|s| s.faction == faction) {
                return Err(Refused::Rule(Refusal::SameFactionTwice {
                    faction: faction.to_string(),
                    first: other.person.clone(),
                    second: person.to_string(),
                }));
            }
            let name = Answer::One(faction.name().to_string());
            Ok((faction, name))
        })
    }

    /// The HQ of seat `n`: where the same person started with the same faction last time
    /// comes first and is highlighted, while the rules still allow it there; else "not
    /// recorded" is.
    fn hq(&mut self, n: usize, person: &str, faction: &Faction) -> Option<Option<Territory>> {
        let seats = self.game.seats.clone();
        let campaign = self.campaign;
        let mut starts = campaign.starts_at_table(&seats, person);
        let likely = self
            .form
            .usual
            .hq(person, faction)
            .filter(|t| starts.contains(t))
            .cloned();
        let mut options = Vec::new();
        if let Some(likely) = &likely {
            starts.retain(|t| t != likely);
            options.push(Offered::new(likely.name(), place(campaign, likely)));
        }
        options.push(Offered::new("", super::NOT_RECORDED));
        options.extend(
            starts
                .iter()
                .map(|t| Offered::new(t.name(), place(campaign, t))),
        );
        if let Some(likely) = &likely {
            starts.insert(0, likely.clone());
        }
        let step = Step::new(
            format!("hq-{n}"),
            Part::Players,
            format!("{person}'s HQ (type to search)"),
            Kind::Search,
        )
        .names(Names::Territories)
        .options(options)
        .default(likely.as_ref().map_or("", Territory::name));
        self.ask_kept(step, |_, answer| {
            if answer.one().trim().is_empty() {
                return Ok((None, Answer::One(String::new())));
            }
            let (hq, name) = territory_among(campaign, answer.one(), &starts, |t| {
                campaign.check_hq(&seats, person, t)
            })?;
            Ok((Some(hq), name))
        })
    }
}

/// Last game's table in words, seat by seat: "(last game's table: Ann, Enclave of the Bear
/// in Alaska; Bo, …)".
fn table_words(campaign: &Campaign, table: &[Seat]) -> String {
    let seats: Vec<String> = table
        .iter()
        .map(|s| match &s.hq {
            Some(hq) => format!(
                "{}, {} in {}",
                s.person,
                s.faction.name(),
                place(campaign, hq)
            ),
            None => format!("{}, {}", s.person, s.faction.name()),
        })
        .collect();
    format!("(last game's table: {})", seats.join("; "))
}

/// The person an answer for a seat names: someone known (in the campaign's spelling),
/// someone new, or nobody more.
fn take_person(
    campaign: &Campaign,
    seats: &[Seat],
    text: &str,
    enough: bool,
) -> Result<(Option<String>, Answer), Refused> {
    let text = text.trim();
    if text == LAST_TABLE {
        return Err(Refused::Expected(
            "the people one by one: last game's table is not offered now".to_string(),
        ));
    }
    if text.is_empty() || text == EVERYONE {
        return if enough {
            Ok((None, Answer::One(String::new())))
        } else {
            Err(Refused::Rule(Refusal::PlayerCount { count: seats.len() }))
        };
    }
    let person = match campaign.known_person(text) {
        Some(known) => known.to_string(),
        None => valid_new_person(text)?,
    };
    if seats
        .iter()
        .any(|s| person_key(&s.person) == person_key(&person))
    {
        return Err(Refused::Rule(Refusal::SamePersonTwice { person }));
    }
    Ok((Some(person.clone()), Answer::One(person)))
}
