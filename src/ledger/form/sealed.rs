//! Sealed content during play, as the form asks it once a packet is open: events that
//! fortify a city, destroy a card or a city, a group mark, fallout, the world capital; then
//! the event cards drawn and the game's missions. Only legal targets are offered.

use super::walk::{chosen, not_one_of};
use super::{Answer, Kind, Offered, Part, Step};
use crate::domain::rules::cards::{EVENT_PACKETS, MISSION_PACKETS};
use crate::domain::{Entry, EventCard, Game, Mission, Packet, PlayEvent, PoolKind, Territory};

/// The kinds of sealed change, as offered (the world capital only while its packet is open
/// and its sticker left).
pub(super) const KINDS: [&str; 6] = [
    "an event fortified a city",
    "an event destroyed a territory card",
    "an event destroyed a city",
    "a group mark on a territory",
    "fallout hit a territory",
    "the world capital was placed",
];

/// The kind of a sealed change, as `KINDS` lists them.
pub(super) fn kind_of(event: &PlayEvent) -> usize {
    match event {
        PlayEvent::Fortify { .. } => 0,
        PlayEvent::DestroyCard { .. } => 1,
        PlayEvent::DestroyCity { .. } => 2,
        PlayEvent::Mark { .. } => 3,
        PlayEvent::Fallout { .. } => 4,
        PlayEvent::WorldCapital { .. } => 5,
    }
}

/// Where a sealed change comes in the game as `game log` flags give it: what is destroyed
/// first, so that a city replaced by an event is one game.
fn flag_order(event: &PlayEvent) -> u8 {
    match event {
        PlayEvent::Fallout { .. } => 0,
        PlayEvent::DestroyCity { .. } => 1,
        PlayEvent::WorldCapital { .. } => 2,
        PlayEvent::Fortify { .. } => 3,
        PlayEvent::DestroyCard { .. } => 4,
        PlayEvent::Mark { .. } => 5,
    }
}

/// The territory of a sealed change.
pub(super) fn territory_of(event: &PlayEvent) -> &Territory {
    match event {
        PlayEvent::WorldCapital { territory, .. }
        | PlayEvent::Fortify { territory }
        | PlayEvent::DestroyCard { territory }
        | PlayEvent::Mark { territory, .. }
        | PlayEvent::Fallout { territory }
        | PlayEvent::DestroyCity { territory } => territory,
    }
}

impl super::walk::Walker<'_> {
    /// Whether a packet is open: before this game, or in it.
    fn open(&self, packet: Packet) -> bool {
        self.campaign.opened(packet).is_some() || self.game.opened.contains(&packet)
    }

    /// Whether the game's cards may come from a packet: opened before the game, or during
    /// its play (a packet its end opens holds none of them).
    fn holds_cards(&self, packet: Packet) -> bool {
        self.campaign.holds_cards_now(packet, &self.game.opened)
    }

    pub(super) fn sealed(&mut self) -> Option<()> {
        if !Packet::ALL.into_iter().any(|p| self.open(p)) {
            return Some(());
        }
        for k in 1.. {
            let prompt = if k == 1 {
                "Did sealed content change the board (an event, a group mark, fallout)?"
            } else {
                "Another sealed change?"
            };
            if !self.ask_yes(format!("sealed-{k}"), Part::Sealed, prompt)? {
                break;
            }
            if let Some(event) = self.sealed_change(k)? {
                self.game.events.push(event);
            }
        }
        self.game.events.sort_by_key(flag_order);
        Some(())
    }

    /// The `k`th sealed change: what, where, and the words it needs; none when nothing is
    /// left that it could change.
    fn sealed_change(&mut self, k: usize) -> Option<Option<PlayEvent>> {
        let state = self.after_play();
        let capital = self.open(Packet::WorldCapital) && state.left(&PoolKind::WorldCapital) > 0;
        let kinds = if capital { 6 } else { 5 };
        let step = Step::new(
            format!("sealed-{k}-kind"),
            Part::Sealed,
            "What changed",
            Kind::Choice,
        )
        .options(
            KINDS
                .iter()
                .take(kinds)
                .map(|k| Offered::plain(*k))
                .collect(),
        )
        .default(KINDS[0]);
        let kind = self.ask(step, |step, answer| {
            chosen(step, answer, |v| KINDS.iter().position(|k| *k == v))
        })?;
        let events = &self.game.events;
        let hit = |t: &Territory| {
            events.iter().any(|e| {
                matches!(e, PlayEvent::Fallout { .. } | PlayEvent::DestroyCity { .. })
                    && territory_of(e) == t
            })
        };
        let targets: Vec<Territory> = state
            .territories()
            .filter(|t| {
                let here = state.territory(t);
                match kind {
                    0 | 2 => here.city.is_some() && !hit(t),
                    1 => here.card.destroyed.is_none(),
                    3 => here.mark.is_none(),
                    4 => here.fallout.is_none() && !hit(t),
                    _ => here.city.is_none(),
                }
            })
            .collect();
        if targets.is_empty() {
            return Some(None);
        }
        let (campaign, game) = (self.campaign, self.game.clone());
        let legal = |event: PlayEvent| {
            let mut trial = game.clone();
            trial.events.push(event);
            campaign
                .clone()
                .apply(&Entry::Game(Box::new(trial)))
                .map(|_| ())
        };
        let id = format!("sealed-{k}-territory");
        let territory = self.target(id, Part::Sealed, &state, &targets, |t| {
            legal(event_on(kind, t, "Placeholder"))
        })?;
        let words = match kind {
            3 => "What the mark says",
            5 => "Name of the world capital",
            _ => return Some(Some(event_on(kind, &territory, ""))),
        };
        let text = self.name(&format!("sealed-{k}-text"), Part::Sealed, words, |text| {
            legal(event_on(kind, &territory, &text))
        })?;
        Some(Some(event_on(kind, &territory, &text)))
    }

    /// The event cards drawn and the game's missions, once a packet that holds them is open
    /// for this game's cards.
    pub(super) fn cards(&mut self) -> Option<()> {
        if EVENT_PACKETS.into_iter().any(|p| self.holds_cards(p)) {
            for k in 1.. {
                let prompt = if k == 1 {
                    "Were event cards drawn?"
                } else {
                    "Another event card?"
                };
                if !self.ask_yes(format!("event-{k}"), Part::Sealed, prompt)? {
                    break;
                }
                let card = self.event_card(k)?;
                self.game.event_cards.push(card);
            }
        }
        if MISSION_PACKETS.into_iter().any(|p| self.holds_cards(p)) {
            for k in 1.. {
                let prompt = if k == 1 {
                    "The game's mission (Enter for none)"
                } else {
                    "Another mission (Enter for none)"
                };
                let step = Step::new(format!("mission-{k}"), Part::Sealed, prompt, Kind::Text);
                let text = self.ask(step, |_, answer| Ok(answer.one().trim().to_string()))?;
                if text.is_empty() {
                    break;
                }
                let id = format!("mission-{k}-by");
                let done_by = self.someone(id, Part::Sealed, "Who completed it?", "(nobody)")?;
                self.game.missions.push(Mission { text, done_by });
            }
        }
        Some(())
    }

    /// One event card: its name (one seen before, or a new one), whom it concerned, what
    /// it did.
    fn event_card(&mut self, k: usize) -> Option<EventCard> {
        let mut names: Vec<String> = self.campaign.event_cards().map(str::to_string).collect();
        for card in &self.game.event_cards {
            if !names.iter().any(|n| n.eq_ignore_ascii_case(&card.name)) {
                names.push(card.name.clone());
            }
        }
        let mut step = Step::new(
            format!("event-{k}-name"),
            Part::Sealed,
            "Which event card (type to search)",
            Kind::Search,
        )
        .options(names.iter().map(Offered::plain).collect());
        step.new = Some("another card");
        let name = self.ask_kept(step, |step, answer| {
            let text = answer.one().trim();
            if text.is_empty() {
                return Err(not_one_of(step));
            }
            let name = names
                .iter()
                .find(|n| {
                    crate::domain::vocabulary::names::fold(n)
                        == crate::domain::vocabulary::names::fold(text)
                })
                .map_or_else(|| text.to_string(), Clone::clone);
            Ok((name.clone(), Answer::One(name)))
        })?;
        let id = format!("event-{k}-person");
        let person = self.someone(
            id,
            Part::Sealed,
            "Whom did it favour or hit?",
            "(nobody in particular)",
        )?;
        let step = Step::new(
            format!("event-{k}-text"),
            Part::Sealed,
            "What it did, in a few words (Enter to skip)",
            Kind::Text,
        );
        let text = self.ask(step, |_, answer| Ok(answer.one().trim().to_string()))?;
        Some(EventCard {
            name,
            person,
            text: Some(text).filter(|t| !t.is_empty()),
        })
    }
}

/// A sealed change of the kind `KINDS` lists at `kind`.
fn event_on(kind: usize, territory: &Territory, text: &str) -> PlayEvent {
    let territory = territory.clone();
    match kind {
        0 => PlayEvent::Fortify { territory },
        1 => PlayEvent::DestroyCard { territory },
        2 => PlayEvent::DestroyCity { territory },
        3 => PlayEvent::Mark {
            territory,
            text: text.to_string(),
        },
        4 => PlayEvent::Fallout { territory },
        _ => PlayEvent::WorldCapital {
            territory,
            name: text.to_string(),
        },
    }
}

/// The answers the sealed content of a game gives, by question.
pub(super) fn sealed_answers(game: &Game, what: &str, k: usize, rest: &str) -> Option<Answer> {
    let one = |s: &str| Some(Answer::One(s.to_string()));
    let yes = |more: bool| Some(Answer::yes_no(more));
    match (what, rest) {
        ("sealed", "") => yes(game.events.len() >= k),
        ("sealed", "kind") => one(KINDS[kind_of(game.events.get(k - 1)?)]),
        ("sealed", "territory") => one(territory_of(game.events.get(k - 1)?).name()),
        ("sealed", "text") => match game.events.get(k - 1)? {
            PlayEvent::Mark { text, .. } => one(text),
            PlayEvent::WorldCapital { name, .. } => one(name),
            _ => None,
        },
        ("event", "") => yes(game.event_cards.len() >= k),
        ("event", "name") => one(&game.event_cards.get(k - 1)?.name),
        ("event", "person") => one(game.event_cards.get(k - 1)?.person.as_deref().unwrap_or("")),
        ("event", "text") => one(game.event_cards.get(k - 1)?.text.as_deref().unwrap_or("")),
        ("mission", "") => one(game.missions.get(k - 1).map_or("", |m| m.text.as_str())),
        ("mission", "by") => one(game.missions.get(k - 1)?.done_by.as_deref().unwrap_or("")),
        _ => None,
    }
}
