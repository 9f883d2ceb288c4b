//! What sealed packets add, recorded by the group as it finds it: scar types, factions,
//! marks on faction cards, packets opened between games, events during play, and the
//! world's name after game 15. chronicle ships none of their names or effects.

use super::apply::Applied;
use super::apply::Mode;
use crate::domain::board::Territory;
use crate::domain::board::faction::Faction;
use crate::domain::entry::{Entry, PlayEvent};
use crate::domain::state::{
    Campaign, CityKind, FactionCard, LAST_REWARDED_GAME, Name, PacketOpening, WorldName,
};
use crate::domain::vocabulary::names::{fold, valid_name};
use crate::domain::vocabulary::packet::Packet;
use crate::domain::vocabulary::pool::{Pool, PoolKind};
use crate::domain::vocabulary::refusal::{Added, Refusal};

impl Campaign {
    pub(in crate::domain) fn add_scar_type(
        &mut self,
        name: &str,
        count: u32,
        effect: Option<&str>,
    ) -> Result<Applied, Refusal> {
        let name = valid_name("scar type", name)?;
        if self.scar_types().any(|s| fold(s) == fold(&name)) {
            return Err(Refusal::AlreadyAdded {
                what: Added::ScarType,
                name,
            });
        }
        if !(1..=99).contains(&count) {
            return Err(Refusal::ScarCount { count });
        }
        let effect = effect
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .map(str::to_string);
        self.pools.push(Pool {
            kind: PoolKind::Scar(name.clone()),
            capacity: count,
            used: 0,
        });
        self.scar_effects.push((name.clone(), effect.clone()));
        Ok(Applied::of(Entry::AddScarType {
            name,
            count,
            effect,
        }))
    }

    pub(in crate::domain) fn add_faction(&mut self, faction: &Faction) -> Result<Applied, Refusal> {
        let name = valid_name("faction name", faction.name())?;
        if self.factions.iter().any(|f| fold(f.name()) == fold(&name)) {
            return Err(Refusal::AlreadyAdded {
                what: Added::Faction,
                name,
            });
        }
        let faction = Faction::new(name);
        self.factions.push(faction.clone());
        Ok(Applied::of(Entry::AddFaction { faction }))
    }

    pub(in crate::domain) fn open_packet_after(
        &mut self,
        packet: Packet,
        game: u32,
        mode: Mode,
    ) -> Result<Applied, Refusal> {
        if game > self.games {
            return Err(Refusal::PacketGame {
                game,
                played: self.games,
            });
        }
        self.open_packet(packet, game, true, mode)?;
        Ok(Applied::of(Entry::OpenPacket { packet, game }))
    }

    /// Opens a packet in game `game` (or after it, `between` games): once, and for the
    /// packets the ledger sees coming, only once their condition was met.
    pub(in crate::domain) fn open_packet(
        &mut self,
        packet: Packet,
        game: u32,
        between: bool,
        mode: Mode,
    ) -> Result<(), Refusal> {
        if let Some(opening) = self.opened(packet) {
            return Err(Refusal::PacketOpened {
                packet,
                game: opening.game,
                between: opening.between,
            });
        }
        // Whether its condition came is a gate: signatures after game 15 counted once.
        let watched = match mode {
            Mode::Strict => self.packet_progress(packet),
            Mode::Exempt => None,
        };
        if let Some(progress) = watched {
            let met_by_then = self.condition_met_in(packet).is_some_and(|met| met <= game);
            if !met_by_then {
                let progress = if progress.met {
                    format!("it was met after game {game}")
                } else {
                    progress.text
                };
                return Err(Refusal::PacketNotYet { packet, progress });
            }
        }
        self.packets.push(PacketOpening {
            packet,
            game,
            between,
        });
        Ok(())
    }

    fn card(&mut self, faction: &Faction) -> Result<(Faction, &mut FactionCard), Refusal> {
        let faction = self.known_faction(faction)?;
        if !self.faction_cards.iter().any(|(f, _)| *f == faction) {
            self.faction_cards
                .push((faction.clone(), FactionCard::default()));
        }
        let card = self
            .faction_cards
            .iter_mut()
            .find(|(f, _)| *f == faction)
            .map(|(_, c)| c)
            .ok_or_else(|| Refusal::UnknownName {
                what: "faction",
                given: faction.to_string(),
                closest: Vec::new(),
            })?;
        Ok((faction, card))
    }

    pub(in crate::domain) fn mark_faction_card(
        &mut self,
        faction: &Faction,
        slot: &str,
        text: &str,
    ) -> Result<Applied, Refusal> {
        let slot = valid_name("slot colour", slot)?;
        let text = valid_name("mark", text)?;
        let games = self.games;
        let (faction, card) = self.card(faction)?;
        if let Some((_, taken, _)) = card.marks.iter().find(|(s, _, _)| fold(s) == fold(&slot)) {
            return Err(Refusal::SlotTaken {
                faction: faction.to_string(),
                slot,
                text: taken.clone(),
            });
        }
        card.marks.push((slot.clone(), text.clone(), games));
        Ok(Applied::of(Entry::MarkFactionCard {
            faction,
            slot,
            text,
        }))
    }

    pub(in crate::domain) fn scar_faction_card(
        &mut self,
        faction: &Faction,
        text: &str,
    ) -> Result<Applied, Refusal> {
        let text = valid_name("scar", text)?;
        let games = self.games;
        let (faction, card) = self.card(faction)?;
        if let Some((taken, _)) = &card.scar {
            return Err(Refusal::CardScarred {
                faction: faction.to_string(),
                text: taken.clone(),
            });
        }
        card.scar = Some((text.clone(), games));
        Ok(Applied::of(Entry::ScarFactionCard { faction, text }))
    }

    /// The most signatures anyone has.
    pub(crate) fn most_signatures(&self) -> usize {
        self.people
            .iter()
            .map(|p| self.signatures_of(p))
            .max()
            .unwrap_or(0)
    }

    /// The people with the most signatures, and that number.
    pub(crate) fn most_signed(&self) -> (Vec<String>, usize) {
        let most = self.most_signatures();
        let leaders = self
            .people
            .iter()
            .filter(|p| self.signatures_of(p) == most)
            .map(std::string::ToString::to_string)
            .collect();
        (leaders, most)
    }

    pub(in crate::domain) fn name_world(
        &mut self,
        name: &str,
        by: &str,
        mode: Mode,
    ) -> Result<Applied, Refusal> {
        if let Some(world) = &self.world {
            return Err(Refusal::WorldNamed {
                name: world.name.clone(),
                by: world.by.clone(),
            });
        }
        if self.games < LAST_REWARDED_GAME {
            return Err(Refusal::WorldTooEarly { games: self.games });
        }
        let name = valid_name("world name", name)?;
        let by = self.find_person(by)?.to_string();
        let (leaders, most) = self.most_signed();
        // Who may name it is a gate: signatures after game 15 counted once.
        mode.gate(|| {
            if leaders.contains(&by) {
                return Ok(());
            }
            Err(Refusal::NotTheMostSigned {
                person: by.clone(),
                signatures: self.signatures_of(&by),
                leaders: leaders.clone(),
                most,
            })
        })?;
        let roll_off = if leaders.len() > 1 {
            leaders
        } else {
            Vec::new()
        };
        self.world = Some(WorldName {
            name: name.clone(),
            by: by.clone(),
            roll_off,
        });
        Ok(Applied::of(Entry::NameWorld { name, by }))
    }

    /// Applies the changes sealed content made during play; returns them as recorded.
    pub(in crate::domain) fn play_events(
        &mut self,
        events: &[PlayEvent],
        opened_now: &[Packet],
        number: u32,
    ) -> Result<Vec<PlayEvent>, Refusal> {
        let mut recorded = Vec::with_capacity(events.len());
        for event in events {
            recorded.push(match event {
                PlayEvent::WorldCapital { territory, name } => {
                    if self.opened(Packet::WorldCapital).is_none()
                        && !opened_now.contains(&Packet::WorldCapital)
                    {
                        return Err(Refusal::WorldCapitalSealed);
                    }
                    let name = self.found_city(
                        territory.clone(),
                        name,
                        CityKind::WorldCapital,
                        None,
                        number,
                    )?;
                    PlayEvent::WorldCapital {
                        territory: territory.clone(),
                        name,
                    }
                }
                PlayEvent::Fortify { territory } => {
                    self.fortify(territory.clone(), number)?;
                    event.clone()
                }
                PlayEvent::DestroyCard { territory } => {
                    self.destroy_card(territory.clone(), number)?;
                    event.clone()
                }
                PlayEvent::Mark { territory, text } => PlayEvent::Mark {
                    territory: territory.clone(),
                    text: self.mark(territory.clone(), text, number)?,
                },
                PlayEvent::Fallout { territory } => {
                    self.fallout(territory.clone(), number)?;
                    event.clone()
                }
                PlayEvent::DestroyCity { territory } => {
                    self.destroy_city(territory.clone())?;
                    event.clone()
                }
            });
        }
        Ok(recorded)
    }

    fn mark(&mut self, territory: Territory, text: &str, number: u32) -> Result<String, Refusal> {
        let text = valid_name("mark", text)?;
        if let Some((taken, _)) = &self.territory(&territory).mark {
            return Err(Refusal::TerritoryMarked {
                territory: territory.name().to_string(),
                text: taken.to_string(),
            });
        }
        self.territory_mut(&territory).mark = Some((Name::from(text.as_str()), number));
        Ok(text)
    }

    /// Fallout: the card destroyed (if it was not already), any city and its fortification
    /// gone, a fallout mark left for good.
    fn fallout(&mut self, territory: Territory, number: u32) -> Result<(), Refusal> {
        let state = self.territory_mut(&territory);
        if let Some(game) = state.fallout {
            return Err(Refusal::FalloutAgain {
                territory: territory.name().to_string(),
                game,
            });
        }
        state.card.destroyed.get_or_insert(number);
        state.city = None;
        state.fortification = None;
        state.fallout = Some(number);
        Ok(())
    }

    /// An event destroys a city: the city and its fortification gone. Its sticker stays
    /// used in its pool (rules §3: a pool counts marks placed).
    fn destroy_city(&mut self, territory: Territory) -> Result<(), Refusal> {
        if self.territory(&territory).city.is_none() {
            return Err(Refusal::NoCityToDestroy {
                territory: territory.name().to_string(),
                cities: self
                    .cities()
                    .map(|(t, city)| format!("{} ({})", city.name, t.name()))
                    .collect(),
            });
        }
        let state = self.territory_mut(&territory);
        state.city = None;
        state.fortification = None;
        Ok(())
    }
}
