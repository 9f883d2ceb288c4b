//! `apply`: the one place a campaign changes. It checks an entry against every rule and
//! applies it, or refuses it and leaves the campaign as it was.

use super::legal::names;
use crate::domain::board::Territory;
use crate::domain::board::faction::{Faction, Power};
use crate::domain::entry::dated::DatedBy;
use crate::domain::entry::{Entry, Game, Outcome, ScarPlacement, Seat, Wear};
use crate::domain::record::resolve::LoggedEntry;
use crate::domain::state::lookup::{find_kind, person_key};
use crate::domain::state::{
    Campaign, FIRST_COINS, MAX_CARD_RESOURCES, MAX_FIRST_COINS_ON_A_CARD, MINOR_CITIES_PACKET_AT,
    Name, Scar, Signature,
};
use crate::domain::vocabulary::house::HouseRule;
use crate::domain::vocabulary::names::valid_person;
use crate::domain::vocabulary::packet::Packet;
use crate::domain::vocabulary::pool::PoolKind;
use crate::domain::vocabulary::refusal::{Refusal, WayOut};

/// What applying an entry did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The entry as recorded: people in the campaign's spelling, names tidied, held-on
    /// rewards in clockwise order from the winner.
    pub entry: Entry,
    /// The game's number, for a game.
    pub game: Option<u32>,
    /// Packets whose opening condition this game met and that it did not open.
    pub packets_met: Vec<Packet>,
    /// People who played for the first time.
    pub new_people: Vec<String>,
}

impl Applied {
    pub(in crate::domain) fn of(entry: Entry) -> Applied {
        Applied {
            entry,
            game: None,
            packets_met: Vec::new(),
            new_people: Vec::new(),
        }
    }
}

/// How strictly an entry is held to the rules. Every entry meets every rule (`Strict`),
/// on every replay, but one: an entry an earlier chronicle logged that broke, in the log
/// that chronicle wrote, a rule it held only for new entries (setup before game 1, HQs
/// apart, who names the world, a packet's condition, marks as starts, …) replays with the
/// rules that shape the board (`Exempt`, see `LoggedEntry::exempt`), so an old log still
/// opens and `check` names it (rules §6d).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    Strict,
    Exempt,
}

impl Mode {
    /// Runs a gate's check only for a new entry.
    pub(in crate::domain) fn gate(
        self,
        check: impl FnOnce() -> Result<(), Refusal>,
    ) -> Result<(), Refusal> {
        match self {
            Mode::Strict => check(),
            Mode::Exempt => Ok(()),
        }
    }
}

impl Campaign {
    /// Checks the entry against the rules and applies it. On a refusal the campaign is left
    /// exactly as it was.
    pub fn apply(&mut self, entry: &Entry) -> Result<Applied, Refusal> {
        self.apply_dated_by(entry, None)
    }

    /// As `apply`, for an entry of a log, dated by the clock its record names.
    pub(crate) fn apply_logged(&mut self, logged: &LoggedEntry) -> Result<Applied, Refusal> {
        self.apply_dated_by(&logged.entry, logged.dated_by.as_ref())
    }

    fn apply_dated_by(&mut self, entry: &Entry, by: Option<&DatedBy>) -> Result<Applied, Refusal> {
        // The lists a long log grows without end (aliases, and signatures where signing
        // goes on after game 15) are only ever added to: they are not copied for the
        // refusal's sake but cut back to their length; the rest (bounded) is kept aside.
        let aliases = std::mem::take(&mut self.aliases);
        let signatures = std::mem::take(&mut self.signatures);
        let kept = self.clone();
        self.aliases = aliases;
        self.signatures = signatures;
        let (alias_count, signature_count) = (self.aliases.len(), self.signatures.len());
        self.change(entry, Mode::Strict, by).inspect_err(|_| {
            let mut aliases = std::mem::take(&mut self.aliases);
            let mut signatures = std::mem::take(&mut self.signatures);
            aliases.truncate(alias_count);
            signatures.truncate(signature_count);
            *self = Campaign {
                signatures,
                aliases,
                ..kept
            };
        })
    }

    /// The campaign as it would be after the entry, this one left as it is: for asking
    /// "what if" without a copy of one's own; `by`: the clock that dated it (rules §6i).
    pub fn after(
        &self,
        entry: &Entry,
        by: Option<&DatedBy>,
    ) -> Result<(Campaign, Applied), Refusal> {
        let mut next = self.clone();
        let applied = next.change(entry, Mode::Strict, by)?;
        Ok((next, applied))
    }

    /// Applies the entry in place: on a refusal the campaign is left half changed, so this
    /// is only for a campaign about to be thrown away on a refusal (a replay).
    fn change(
        &mut self,
        entry: &Entry,
        mode: Mode,
        by: Option<&DatedBy>,
    ) -> Result<Applied, Refusal> {
        let next = self;
        next.require_entry_on_map(entry)?;
        let applied = match entry {
            Entry::Power { faction, power } => next.choose_power(faction, *power)?,
            Entry::Coins { territories } => next.place_first_coins(territories, mode)?,
            Entry::Rule { rule, on, reason } => next.set_rule(*rule, *on, reason)?,
            Entry::Alias { alias, of } => next.add_alias(alias, of)?,
            Entry::Retire { person, retired } => next.retire(person, *retired)?,
            Entry::AddTerritory {
                territory,
                neighbours,
                continent,
            } => next.add_territory(territory.clone(), neighbours, *continent)?,
            Entry::PoolCapacity {
                pool,
                capacity,
                reason,
            } => next.set_capacity(pool, *capacity, reason)?,
            Entry::Game(game) => next.play(game, mode, by)?,
            Entry::AddScarType {
                name,
                count,
                effect,
            } => next.add_scar_type(name, *count, effect.as_deref())?,
            Entry::AddFaction { faction } => next.add_faction(faction)?,
            Entry::OpenPacket { packet, game } => next.open_packet_after(*packet, *game, mode)?,
            Entry::MarkFactionCard {
                faction,
                slot,
                text,
            } => next.mark_faction_card(faction, slot, text)?,
            Entry::ScarFactionCard { faction, text } => next.scar_faction_card(faction, text)?,
            Entry::NameWorld { name, by } => next.name_world(name, by, mode)?,
            Entry::Photo(_) | Entry::RemovePhoto { .. } => next.photo_entry(entry)?,
        };
        Ok(applied)
    }

    /// Folds a log into a campaign, every entry held to every rule. A refused entry is
    /// returned with its place in the log.
    pub fn replay<'a>(
        entries: impl IntoIterator<Item = &'a Entry>,
    ) -> Result<Campaign, (usize, Refusal)> {
        let mut campaign = Campaign::new();
        for (index, entry) in entries.into_iter().enumerate() {
            // No copy per entry: a refused entry throws the whole replay away.
            campaign
                .change(entry, Mode::Strict, None)
                .map_err(|refusal| (index, refusal))?;
        }
        Ok(campaign)
    }

    /// Applies an entry in place with the rules that shape the board only (an exempt
    /// entry's), for a replay that throws the campaign away on a refusal.
    pub(crate) fn replay_exempt(&mut self, entry: &Entry) -> Result<Applied, Refusal> {
        self.change(entry, Mode::Exempt, None)
    }

    /// Applies an entry of a log in place, held to every rule unless it is exempt, for a
    /// replay that throws the campaign away on a refusal.
    pub(crate) fn replay_logged(&mut self, entry: &LoggedEntry) -> Result<Applied, Refusal> {
        let mode = if entry.exempt {
            Mode::Exempt
        } else {
            Mode::Strict
        };
        self.change(&entry.entry, mode, entry.dated_by.as_ref())
    }

    pub(in crate::domain) fn known_faction(&self, faction: &Faction) -> Result<Faction, Refusal> {
        if self.factions.contains(faction) {
            Ok(faction.clone())
        } else {
            self.find_faction(faction.name())
        }
    }

    fn setup_open(&self, what: &'static str) -> Result<(), Refusal> {
        if self.games > 0 {
            return Err(Refusal::SetupClosed {
                what,
                games: self.games,
            });
        }
        Ok(())
    }

    fn choose_power(&mut self, faction: &Faction, power: Power) -> Result<Applied, Refusal> {
        self.setup_open("Starting powers")?;
        let faction = self.known_faction(faction)?;
        if let Some(chosen) = self.power(&faction) {
            return Err(Refusal::PowerChosen {
                faction: faction.to_string(),
                power: chosen.letter().to_string(),
            });
        }
        self.powers.push((faction.clone(), power));
        Ok(Applied::of(Entry::Power { faction, power }))
    }

    fn place_first_coins(
        &mut self,
        territories: &[Territory],
        mode: Mode,
    ) -> Result<Applied, Refusal> {
        self.setup_open("The twelve first coins")?;
        let adding = u32::try_from(territories.len()).unwrap_or(u32::MAX);
        if self.first_coins + adding > FIRST_COINS {
            return Err(Refusal::TooManyFirstCoins {
                placed: self.first_coins,
                adding,
            });
        }
        let two_a_card = self.rule_on(HouseRule::TwoCoinsACard);
        for territory in territories {
            let card = &mut self.territory_mut(territory).card;
            if card.stickers >= MAX_FIRST_COINS_ON_A_CARD && two_a_card {
                return Err(Refusal::TooManyCoinsOnCard {
                    territory: territory.name().to_string(),
                    count: card.stickers + 1,
                });
            }
            // The printed cap holds whatever the house rule (rules §4.5).
            let resources = card.resources();
            mode.gate(|| {
                if resources >= MAX_CARD_RESOURCES {
                    return Err(Refusal::CardFull {
                        territory: territory.name().to_string(),
                        resources,
                    });
                }
                Ok(())
            })?;
            let card = &mut self.territory_mut(territory).card;
            card.stickers += 1;
            self.take(&PoolKind::CoinSticker, WayOut::CorrectPool)?;
        }
        self.first_coins += adding;
        Ok(Applied::of(Entry::Coins {
            territories: territories.to_vec(),
        }))
    }

    fn set_capacity(
        &mut self,
        kind: &PoolKind,
        capacity: u32,
        reason: &str,
    ) -> Result<Applied, Refusal> {
        let kind = find_kind(&kind.key(), &self.pools)?;
        let reason = reason.trim().to_string();
        if reason.is_empty() {
            return Err(Refusal::MissingReason { what: "the pool" });
        }
        if capacity > 999 {
            return Err(Refusal::CapacityTooLarge { capacity });
        }
        let pool = self.pools.iter_mut().find(|p| p.kind == kind);
        if let Some(pool) = pool {
            if capacity == pool.capacity {
                return Err(Refusal::CapacityUnchanged { kind, capacity });
            }
            if capacity < pool.used {
                return Err(Refusal::CapacityBelowUsed {
                    kind,
                    capacity,
                    used: pool.used,
                });
            }
            pool.capacity = capacity;
        }
        Ok(Applied::of(Entry::PoolCapacity {
            pool: kind,
            capacity,
            reason,
        }))
    }

    /// Takes one mark from a pool, or refuses with `way_out` as the hint.
    pub(in crate::domain) fn take(
        &mut self,
        kind: &PoolKind,
        way_out: WayOut,
    ) -> Result<(), Refusal> {
        match self.pools.iter_mut().find(|p| &p.kind == kind) {
            Some(pool) if pool.left() > 0 => {
                pool.used += 1;
                Ok(())
            }
            pool => Err(Refusal::PoolEmpty {
                kind: kind.clone(),
                capacity: pool.map_or(0, |p| p.capacity),
                way_out,
            }),
        }
    }

    /// The people at a table join the campaign (those new to it are returned), and a
    /// retired person who plays again is back.
    fn meet_players(&mut self, seats: &[Seat]) -> Vec<String> {
        let new_people: Vec<String> = seats
            .iter()
            .filter(|s| self.known_person(&s.person).is_none())
            .map(|s| s.person.clone())
            .collect();
        self.people_keys
            .extend(new_people.iter().map(|p| Name::from(person_key(p))));
        self.people
            .extend(new_people.iter().map(|p| Name::from(p.as_str())));
        self.retired
            .retain(|r| seats.iter().all(|s| *s.person != **r));
        new_people
    }

    fn play(&mut self, game: &Game, mode: Mode, by: Option<&DatedBy>) -> Result<Applied, Refusal> {
        let note = game
            .note
            .as_ref()
            .map(|n| n.trim().to_string())
            .filter(|n| !n.is_empty());
        let number = self.games + 1;
        if number == 1 {
            mode.gate(|| self.setup_done())?;
        }
        let seats = self.seat_players(game, mode)?;
        mode.gate(|| self.check_date(game, number, by))?;
        let winner = seats
            .iter()
            .position(|s| s.result == Outcome::Won)
            .unwrap_or_default();
        let watch = PacketWatch::before(self);

        let scars = game
            .scars
            .iter()
            .map(|scar| self.place_scar(scar, number))
            .collect::<Result<Vec<_>, _>>()?;
        let scars = super::table::scars_placed_by(scars, &game.scars, &seats, number)?;
        if !game.draft.is_empty() {
            mode.gate(|| self.draft_open(number, &game.opened))?;
        }
        let draft = super::table::draft(&game.draft, &seats, number)?;
        for wear in &game.wear {
            self.tick(wear)?;
        }
        let events = self.play_events(&game.events, &game.opened, number)?;
        mode.gate(|| self.no_city_on_fallout(game))?;
        let event_cards = self.draw_events(&game.event_cards, &game.opened, &seats, number)?;
        let missions = self.play_missions(&game.missions, &game.opened, &seats, number)?;
        let reward = self.give_reward(game, &seats[winner].person, number)?;
        let held_on = self.give_held_on(&game.held_on, &seats, winner, number)?;

        let new_people = self.meet_players(&seats);
        self.sign(number, &seats[winner], game.date);
        self.eliminations += seats
            .iter()
            .map(|s| u32::from(s.result.is_eliminated()))
            .sum::<u32>();
        self.games = number;
        self.last_date = Some(game.date);
        self.last_dated_by = by.cloned();

        let met = watch.met(self);
        self.conditions_met.extend(met.iter().map(|&p| (p, number)));
        for &packet in &game.opened {
            self.open_packet(packet, number, false, mode)?;
        }
        let packets_met = met
            .into_iter()
            .filter(|p| self.opened(*p).is_none())
            .collect();
        let recorded = Game {
            date: game.date,
            seats,
            scars,
            wear: game.wear.clone(),
            reward,
            declined: game.declined,
            held_on,
            opened: game.opened.clone(),
            events,
            draft,
            event_cards,
            missions,
            note,
        };
        Ok(Applied {
            entry: Entry::Game(Box::new(recorded)),
            game: Some(number),
            packets_met,
            new_people,
        })
    }

    /// The winner signs the board; after game 15 winning changes nothing more: the board's
    /// section of signatures has 15 lines (rules §5; a house rule).
    fn sign(&mut self, number: u32, winner: &Seat, date: chrono::NaiveDate) {
        if self.game_signs(number) {
            self.signatures.push(Signature {
                game: number,
                person: Name::from(winner.person.as_str()),
                faction: winner.faction.clone(),
                date,
            });
        }
    }

    /// Whether the winner of game `number` signs the board: games 1 to 15, and later ones
    /// only where the group switched `signing-ends-at-15` off.
    pub(crate) fn game_signs(&self, number: u32) -> bool {
        number <= crate::domain::state::LAST_REWARDED_GAME
            || !self.rule_on(crate::domain::vocabulary::house::HouseRule::SigningEndsAt15)
    }

    /// Checks the table: 3 to 5 players, different people and factions, one winner, legal
    /// and different HQs. Returns the seats with people in the campaign's spelling.
    fn seat_players(&self, game: &Game, mode: Mode) -> Result<Vec<Seat>, Refusal> {
        if !super::legal::PLAYERS.contains(&game.seats.len()) {
            return Err(Refusal::PlayerCount {
                count: game.seats.len(),
            });
        }
        let mut seats: Vec<Seat> = Vec::with_capacity(game.seats.len());
        let mut keys: Vec<String> = Vec::with_capacity(game.seats.len());
        for seat in &game.seats {
            let person = valid_person(&seat.person)?;
            let person = self.known_person(&person).map_or(person, str::to_string);
            let faction = self.known_faction(&seat.faction)?;
            let key = self.key_of(&person);
            if keys.contains(&key) {
                return Err(Refusal::SamePersonTwice { person });
            }
            keys.push(key);
            if let Some(other) = seats.iter().find(|s| s.faction == faction) {
                return Err(Refusal::SameFactionTwice {
                    faction: faction.to_string(),
                    first: other.person.clone(),
                    second: person,
                });
            }
            if let Some(hq) = seat.hq.clone() {
                self.check_start(&seats, &person, hq, mode)?;
            }
            seats.push(Seat {
                person,
                faction,
                result: seat.result,
                hq: seat.hq.clone(),
            });
        }
        let winners: Vec<String> = seats
            .iter()
            .filter(|s| s.result == Outcome::Won)
            .map(|s| s.person.clone())
            .collect();
        if winners.len() != 1 {
            return Err(Refusal::WinnerCount { winners });
        }
        Ok(seats)
    }

    /// Places a scar; returns the placement with the scar type as the campaign spells it.
    pub(in crate::domain) fn place_scar(
        &mut self,
        placement: &ScarPlacement,
        number: u32,
    ) -> Result<ScarPlacement, Refusal> {
        let kind = self.find_scar_type(&placement.scar)?;
        let territory = placement.territory.clone();
        if let Some(scar) = &self.territory(&territory).scar {
            return Err(Refusal::AlreadyScarred {
                territory: territory.name().to_string(),
                scar: scar.kind.to_string(),
                game: scar.game,
            });
        }
        self.take(&PoolKind::Scar(kind.clone()), WayOut::AnotherScarType)?;
        self.territory_mut(&territory).scar = Some(Scar {
            kind: Name::from(kind.as_str()),
            game: number,
        });
        Ok(ScarPlacement {
            territory,
            scar: kind,
            by: None,
        })
    }

    pub(in crate::domain) fn tick(&mut self, wear: &Wear) -> Result<(), Refusal> {
        let territory = wear.territory.clone();
        if wear.boxes == 0 {
            return Err(Refusal::NoWear {
                territory: territory.name().to_string(),
            });
        }
        let fortified = names(&self.fortified());
        let Some(fortification) = self.territory_mut(&territory).fortification.as_mut() else {
            return Err(Refusal::NotFortified {
                territory: territory.name().to_string(),
                fortified,
            });
        };
        if wear.boxes > fortification.boxes_left {
            return Err(Refusal::WearPastBoxes {
                territory: territory.name().to_string(),
                boxes: wear.boxes,
                left: fortification.boxes_left,
            });
        }
        fortification.boxes_left -= wear.boxes;
        Ok(())
    }
}

/// How close a packet the ledger can see coming is to opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PacketProgress {
    pub met: bool,
    pub text: String,
}

impl Campaign {
    /// Progress towards a packet's condition, for the packets the ledger sees coming.
    pub(crate) fn packet_progress(&self, packet: Packet) -> Option<PacketProgress> {
        let met = self.packet_met(packet)?;
        let text = match packet {
            Packet::MinorCities => format!(
                "minor cities: {} of {MINOR_CITIES_PACKET_AT}",
                self.minor_cities()
            ),
            Packet::FirstElimination => format!("eliminations so far: {}", self.eliminations),
            _ => format!("the most signatures anyone has: {}", self.most_signatures()),
        };
        Some(PacketProgress { met, text })
    }

    /// Whether a packet's condition is met, for the packets the ledger sees coming (asked
    /// before and after every game, so without the words `packet_progress` has).
    fn packet_met(&self, packet: Packet) -> Option<bool> {
        match packet {
            Packet::MinorCities => Some(self.minor_cities() >= MINOR_CITIES_PACKET_AT),
            Packet::FirstElimination => Some(self.eliminations > 0),
            Packet::SecondSignature => Some(self.most_signatures() >= 2),
            _ => None,
        }
    }

    fn minor_cities(&self) -> u32 {
        self.pool(&PoolKind::MinorCity).map_or(0, |p| p.used)
    }
}

/// The packet conditions before a game, to see which the game met.
struct PacketWatch {
    was_met: Vec<(Packet, bool)>,
}

impl PacketWatch {
    fn before(campaign: &Campaign) -> PacketWatch {
        let was_met = Packet::ALL
            .into_iter()
            .filter_map(|p| campaign.packet_met(p).map(|met| (p, met)))
            .collect();
        PacketWatch { was_met }
    }

    fn met(&self, after: &Campaign) -> Vec<Packet> {
        self.was_met
            .iter()
            .filter(|(p, was)| !was && after.packet_met(*p) == Some(true))
            .map(|(p, _)| *p)
            .collect()
    }
}
