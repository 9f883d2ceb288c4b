//! What happened during play, as the form asks it: scars placed (and by whom), boxes ticked
//! on fortifications, packets opened. Each is offered only while it can happen: a scar
//! while a sticker and an unscarred territory are left, wear while a fortification has
//! boxes, the packets whose condition allows opening them.

use super::labels::label;
use super::walk::{chosen, territory_among};
use super::{Answer, Kind, Offered, Part, Refused, Step};
use crate::domain::{Campaign, Entry, Names, Packet, PoolKind, ScarPlacement, Territory, Wear};

impl super::walk::Walker<'_> {
    /// The campaign after the scars and wear answered so far.
    pub(super) fn after_play(&self) -> Campaign {
        self.campaign
            .after_play(&self.game)
            .unwrap_or_else(|_| self.campaign.clone())
    }

    pub(super) fn scars(&mut self) -> Option<()> {
        for k in 1.. {
            let state = self.after_play();
            let types: Vec<String> = state
                .scar_types()
                .filter(|t| state.left(&PoolKind::Scar((*t).clone())) > 0)
                .cloned()
                .collect();
            let open: Vec<Territory> = state
                .territories()
                .filter(|t| state.territory(t).scar.is_none())
                .collect();
            if types.is_empty() || open.is_empty() {
                break;
            }
            let prompt = if k == 1 {
                "Was a scar placed during the game?"
            } else {
                "Another scar?"
            };
            if !self.ask_yes(format!("scar-{k}"), Part::Scars, prompt)? {
                break;
            }
            let scar = self.scar(k, &state, &open, &types)?;
            self.game.scars.push(scar);
        }
        Some(())
    }

    /// The `k`th scar: where, which, and who placed it.
    fn scar(
        &mut self,
        k: usize,
        state: &Campaign,
        open: &[Territory],
        types: &[String],
    ) -> Option<ScarPlacement> {
        let step = Step::new(
            format!("scar-{k}-territory"),
            Part::Scars,
            "Scarred territory (type to search)",
            Kind::Search,
        )
        .names(Names::Territories)
        .options(
            open.iter()
                .map(|t| Offered::new(t.name(), label(state, t)))
                .collect(),
        );
        let (campaign, game) = (self.campaign, self.game.clone());
        let territory = self.ask_kept(step, |_, answer| {
            territory_among(state, answer.one(), open, |t| {
                let mut trial = game.clone();
                trial.scars.push(ScarPlacement {
                    territory: t.clone(),
                    scar: types[0].clone(),
                    by: None,
                });
                campaign.after_play(&trial).map(|_| ())
            })
        })?;
        let step = Step::new(
            format!("scar-{k}-type"),
            Part::Scars,
            "Which scar",
            Kind::Choice,
        )
        .options(types.iter().map(Offered::plain).collect())
        .default(types[0].clone());
        let scar = self.ask(step, |step, answer| {
            chosen(step, answer, |v| Some(v.to_string()))
        })?;
        let by = self.someone(
            format!("scar-{k}-by"),
            Part::Scars,
            "Who placed it?",
            super::NOT_RECORDED,
        )?;
        Some(ScarPlacement {
            territory,
            scar,
            by,
        })
    }

    /// One of the players, or nobody (`none`): whom something concerns.
    pub(super) fn someone(
        &mut self,
        id: String,
        part: Part,
        prompt: &str,
        none: &str,
    ) -> Option<Option<String>> {
        let mut options = vec![Offered::new("", none)];
        options.extend(self.game.seats.iter().map(|s| Offered::plain(&s.person)));
        let step = Step::new(id, part, prompt, Kind::Choice).options(options);
        self.ask(step, |step, answer| {
            chosen(step, answer, |v| {
                Some(Some(v.to_string()).filter(|v| !v.is_empty()))
            })
        })
    }

    pub(super) fn wear(&mut self) -> Option<()> {
        for k in 1.. {
            let state = self.after_play();
            let fortified = state.fortified();
            if fortified.is_empty() {
                break;
            }
            let prompt = if k == 1 {
                "Were boxes ticked on a fortification?"
            } else {
                "More boxes ticked?"
            };
            if !self.ask_yes(format!("wear-{k}"), Part::Wear, prompt)? {
                break;
            }
            let left = |t: &Territory| {
                state
                    .territory(t)
                    .fortification
                    .as_ref()
                    .map_or(0, |f| f.boxes_left)
            };
            let options = fortified
                .iter()
                .map(|t| Offered::new(t.name(), format!("{} ({} boxes left)", t.name(), left(t))))
                .collect();
            let step = Step::new(
                format!("wear-{k}-territory"),
                Part::Wear,
                "Which fortification",
                Kind::Choice,
            )
            .options(options)
            .default(fortified[0].name());
            let territory = self.ask(step, |step, answer| {
                chosen(step, answer, |v| {
                    fortified.iter().find(|t| t.name() == v).cloned()
                })
            })?;
            let most = left(&territory);
            let step = Step::new(
                format!("wear-{k}-boxes"),
                Part::Wear,
                format!("Boxes ticked (1 to {most})"),
                Kind::Text,
            )
            .default("1");
            let boxes = self.ask(step, |_, answer| match answer.one().trim().parse::<u8>() {
                Ok(n) if (1..=most).contains(&n) => Ok(n),
                _ => Err(Refused::Expected(format!("a number from 1 to {most}"))),
            })?;
            self.game.wear.push(Wear { territory, boxes });
        }
        Some(())
    }

    /// Packets opened: those not yet opened whose condition allows it; the ones this game
    /// made due are ticked to start with.
    pub(super) fn packets(&mut self) -> Option<()> {
        let mut state = self.campaign.clone();
        let due = state
            .apply(&Entry::Game(Box::new(self.game.clone())))
            .map(|applied| applied.packets_met)
            .unwrap_or_default();
        let open: Vec<Packet> = Packet::ALL
            .into_iter()
            .filter(|&p| {
                state.opened(p).is_none()
                    && state.packet_progress(p).is_none_or(|progress| progress.met)
            })
            .collect();
        if open.is_empty() {
            return Some(());
        }
        let mut step = Step::new(
            "packets",
            Part::Packets,
            "Packets opened (space ticks, Enter goes on)",
            Kind::Multi,
        )
        .options(
            open.iter()
                .map(|p| Offered::new(p.name(), format!("{} ({})", p.name(), p.condition())))
                .collect(),
        );
        step.default = Answer::Many(
            open.iter()
                .filter(|p| due.contains(p))
                .map(|p| p.name().to_string())
                .collect(),
        );
        self.game.opened = self.ask_kept(step, |step, answer| {
            let mut ticked: Vec<Packet> = Vec::new();
            for value in answer.many() {
                let packet = chosen(step, &Answer::One(value), |v| {
                    open.iter().copied().find(|p| p.name() == v)
                })?;
                if !ticked.contains(&packet) {
                    ticked.push(packet);
                }
            }
            ticked.sort_by_key(|p| open.iter().position(|q| q == p));
            let kept = ticked.iter().map(|p| p.name().to_string()).collect();
            Ok((ticked, Answer::Many(kept)))
        })?;
        Some(())
    }
}
