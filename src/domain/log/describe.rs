//! What an entry changed, in plain words and in the game's own terms: "founded the minor
//! city Kyro in Egypt", "healed the Bunker scar in New Guinea".

use crate::domain::board::faction::Faction;
use crate::domain::board::{Continent, Territory};
use crate::domain::entry::{Draft, Entry, Game, HeldOnChoice, HeldOnReward, PlayEvent, Reward};
use crate::domain::state::Campaign;
use crate::domain::vocabulary::change::ChangeKind;
use crate::domain::vocabulary::packet::Packet;
use crate::domain::vocabulary::pool::PoolKind;

pub use super::happening::Happening;

impl Happening {
    fn on(mut self, territory: Territory) -> Happening {
        self.continent = territory.printed_continent();
        self.territory = Some(territory);
        self
    }

    fn in_continent(mut self, continent: Continent) -> Happening {
        self.continent = Some(continent);
        self
    }

    /// The change with its person in front: "Ann founded the major city Kyro in Egypt".
    pub(crate) fn sentence(&self) -> String {
        capitalise(self.clause())
    }

    /// The same, not capitalised, to stand inside a sentence.
    pub(crate) fn clause(&self) -> String {
        match &self.person {
            Some(person) => format!("{person} {}", self.text),
            None => self.text.clone(),
        }
    }

    /// The clause without the free text it holds.
    pub(crate) fn clause_without_reason(&self) -> String {
        let text = self.without_reason.as_ref().unwrap_or(&self.text);
        match &self.person {
            Some(person) => format!("{person} {text}"),
            None => text.clone(),
        }
    }
}

/// The text with its first letter in capitals (in any script).
pub(crate) fn capitalise(mut text: String) -> String {
    let Some(first) = text.chars().next() else {
        return text;
    };
    if first.is_ascii() {
        text[..1].make_ascii_uppercase();
    } else {
        let upper: String = first.to_uppercase().collect();
        text.replace_range(..first.len_utf8(), &upper);
    }
    text
}

/// What the entry changes, given the campaign as it was before it.
pub fn happenings(before: &Campaign, entry: &Entry) -> Vec<Happening> {
    let mut all = match entry {
        Entry::Game(game) => game_happenings(before, game),
        between => between_games(before, between),
    };
    // An added territory's continent is the campaign's to say.
    for happening in &mut all {
        if let Some(territory) = happening
            .territory
            .clone()
            .filter(|t| !t.is_printed() && before.has_territory(t))
        {
            happening.continent = before.continent_of(&territory);
        }
    }
    all
}

fn game_happenings(before: &Campaign, game: &Game) -> Vec<Happening> {
    let mut out = during_play(before, game);
    let winner = game.winner();
    if let Some(seat) = winner {
        out.push(if before.game_signs(before.games_played() + 1) {
            Happening::new(
                ChangeKind::Signature,
                format!("won and signed the board for {}", seat.faction),
            )
            .by(&seat.person)
        } else {
            Happening::new(
                ChangeKind::Won,
                format!("won playing {} (after game 15: no signature)", seat.faction),
            )
            .by(&seat.person)
        });
    }
    if let (Some(reward), Some(seat)) = (&game.reward, winner) {
        out.push(reward_happening(before, game, reward).by(&seat.person));
    }
    if let (true, Some(seat)) = (game.declined, winner) {
        out.push(
            Happening::new(
                ChangeKind::NoReward,
                "declined the winner's reward".to_string(),
            )
            .by(&seat.person),
        );
    }
    out.extend(game.held_on.iter().map(held_on_happening));
    for seat in game.seats.iter().filter(|s| s.result.is_eliminated()) {
        out.push(
            Happening::new(
                ChangeKind::Eliminated,
                format!("{} playing {}", seat.result.words(), seat.faction),
            )
            .by(&seat.person),
        );
    }
    out.extend(
        game.events
            .iter()
            .map(|event| event_happening(before, event)),
    );
    for packet in &game.opened {
        out.push(Happening::new(
            ChangeKind::Packet,
            format!("opened the {} packet", packet.name()),
        ));
    }
    for happening in &mut out {
        if let Some(person) = &happening.person {
            let seat = game.seats.iter().find(|s| &s.person == person);
            happening.faction = seat.map(|s| s.faction.clone());
        }
    }
    out
}

/// The scars placed and the boxes ticked during play.
fn during_play(before: &Campaign, game: &Game) -> Vec<Happening> {
    let draft = game.draft.iter().map(|draft| {
        Happening::new(
            ChangeKind::Draft,
            format!("drew {} in the draft", draft_words(draft)),
        )
        .by(&draft.person)
    });
    let scars = game.scars.iter().map(|scar| {
        let happening = Happening::new(
            ChangeKind::Scar,
            format!(
                "scarred {} with {}",
                scar.territory.name(),
                article(&scar.scar)
            ),
        )
        .on(scar.territory.clone());
        match &scar.by {
            Some(person) => happening.by(person),
            None => happening,
        }
    });
    let wear = game.wear.iter().map(|wear| {
        let boxes = if wear.boxes == 1 {
            "1 box".to_string()
        } else {
            format!("{} boxes", wear.boxes)
        };
        Happening::new(
            ChangeKind::Wear,
            format!(
                "ticked {boxes} of {}",
                fortification_of(before, wear.territory.clone())
            ),
        )
        .on(wear.territory.clone())
    });
    draft.chain(scars).chain(wear).chain(cards(game)).collect()
}

/// The event cards drawn and the missions of a game.
fn cards(game: &Game) -> Vec<Happening> {
    let events = game.event_cards.iter().map(|card| {
        let verb = if card.person.is_some() { "got" } else { "drew" };
        let text = match &card.text {
            Some(what) => format!("{verb} the {} event: {what}", card.name),
            None => format!("{verb} the {} event", card.name),
        };
        let happening = Happening::new(ChangeKind::Event, text);
        match &card.person {
            Some(person) => happening.by(person),
            None => happening,
        }
    });
    let missions = game.missions.iter().map(|mission| match &mission.done_by {
        Some(person) => Happening::new(
            ChangeKind::Mission,
            format!("completed the mission \"{}\"", mission.text),
        )
        .by(person),
        None => Happening::new(
            ChangeKind::Mission,
            format!("the mission \"{}\" (not completed)", mission.text),
        ),
    });
    events.chain(missions).collect()
}

/// "turn 2, placement 1, 8 troops, 1 coin".
fn draft_words(draft: &Draft) -> String {
    let count = |n: u8, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    [
        draft.turn.map(|n| format!("turn {n}")),
        draft.placement.map(|n| format!("placement {n}")),
        draft.troops.map(|n| count(n, "troop", "troops")),
        draft.coins.map(|n| count(n, "coin", "coins")),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(", ")
}

fn held_on_happening(reward: &HeldOnReward) -> Happening {
    let happening = match &reward.choice {
        HeldOnChoice::MinorCity { territory, name } => Happening::new(
            ChangeKind::MinorCity,
            format!("founded the minor city {name} in {}", territory.name()),
        )
        .on(territory.clone()),
        HeldOnChoice::AddResource { territory } => Happening::new(
            ChangeKind::Resource,
            format!("added a resource to {}'s card", territory.name()),
        )
        .on(territory.clone()),
    };
    happening.by(&reward.person)
}

fn reward_happening(before: &Campaign, game: &Game, reward: &Reward) -> Happening {
    match reward {
        Reward::NameContinent { continent, name } => Happening::new(
            ChangeKind::ContinentName,
            format!("named {} \"{name}\"", continent.name()),
        )
        .in_continent(*continent),
        Reward::MajorCity { territory, name } => Happening::new(
            ChangeKind::MajorCity,
            format!("founded the major city {name} in {}", territory.name()),
        )
        .on(territory.clone()),
        Reward::HealScar { territory } => {
            let scar = before
                .territory(territory)
                .scar
                .as_ref()
                .map(|s| s.kind.to_string())
                .or_else(|| {
                    game.scars
                        .iter()
                        .find(|s| s.territory == *territory)
                        .map(|s| s.scar.clone())
                });
            let text = match scar {
                Some(kind) => format!("healed the {kind} scar in {}", territory.name()),
                None => format!("healed the scar in {}", territory.name()),
            };
            Happening::new(ChangeKind::Heal, text).on(territory.clone())
        }
        Reward::ContinentBonus { continent, mark } => Happening::new(
            ChangeKind::ContinentBonus,
            format!(
                "changed {}'s bonus by {} (to {})",
                before.continent_name(*continent),
                mark.sign(),
                i32::from(continent.printed_bonus()) + i32::from(mark.delta())
            ),
        )
        .in_continent(*continent),
        Reward::Fortify { territory } => Happening::new(
            ChangeKind::Fortify,
            format!("fortified {}", place(before, territory.clone())),
        )
        .on(territory.clone()),
        Reward::DestroyCard { territory } => Happening::new(
            ChangeKind::DestroyCard,
            format!("destroyed {}'s territory card", territory.name()),
        )
        .on(territory.clone()),
    }
}

/// A territory named by its city where it has one: "Kyro (Egypt)".
fn place(campaign: &Campaign, territory: Territory) -> String {
    match &campaign.territory(&territory).city {
        Some(city) => format!("{} ({})", city.name, territory.name()),
        None => territory.name().to_string(),
    }
}

/// "Kyro's fortification (Egypt)".
fn fortification_of(campaign: &Campaign, territory: Territory) -> String {
    match &campaign.territory(&territory).city {
        Some(city) => format!("{}'s fortification ({})", city.name, territory.name()),
        None => format!("the fortification in {}", territory.name()),
    }
}

fn article(scar: &str) -> String {
    let vowel = scar
        .chars()
        .next()
        .is_some_and(|c| "AEIOUaeiou".contains(c));
    format!("{} {scar} scar", if vowel { "an" } else { "a" })
}

/// What an entry between games did (a game is not one: it changes nothing here).
fn between_games(before: &Campaign, entry: &Entry) -> Vec<Happening> {
    let with_faction = |mut h: Happening, faction: &Faction| {
        h.faction = Some(faction.clone());
        h
    };
    let one = match entry {
        Entry::Power { faction, power } => with_faction(
            Happening::new(
                ChangeKind::Power,
                format!(
                    "{faction} kept starting power {}",
                    power.letter().to_uppercase()
                ),
            ),
            faction,
        ),
        Entry::Coins { territories } => return first_coins(territories),
        Entry::PoolCapacity {
            pool,
            capacity,
            reason,
        } => capacity_set(pool, *capacity, reason),
        Entry::Game(_) => return Vec::new(),
        Entry::AddScarType {
            name,
            count,
            effect,
        } => scar_type_added(name, *count, effect.as_deref()),
        Entry::AddFaction { faction } => with_faction(
            Happening::new(ChangeKind::Faction, format!("added the faction {faction}")),
            faction,
        ),
        Entry::OpenPacket { packet, game } => packet_opened(*packet, *game),
        Entry::MarkFactionCard {
            faction,
            slot,
            text,
        } => with_faction(
            Happening::new(
                ChangeKind::FactionMark,
                format!("marked the {slot} slot of {faction}'s card: {text}"),
            ),
            faction,
        ),
        Entry::ScarFactionCard { faction, text } => with_faction(
            Happening::new(
                ChangeKind::FactionScar,
                format!("scarred {faction}'s card: {text}"),
            ),
            faction,
        ),
        Entry::NameWorld { name, by } => world_named(before, name, by),
        Entry::AddTerritory {
            territory,
            neighbours,
            continent,
        } => territory_added(territory.clone(), neighbours, *continent),
        Entry::Retire { person, retired } => {
            Happening::new(ChangeKind::Retire, retirement(*retired).to_string()).by(person)
        }
        Entry::Photo(_) | Entry::RemovePhoto { .. } => return super::describe_photo::photo(entry),
        Entry::Alias { alias, of } => Happening::new(
            ChangeKind::Alias,
            format!(
                "made \"{alias}\" the group's word for the {} {}",
                of.kind(),
                of.name()
            ),
        ),
        Entry::Rule { rule, on, reason } => Happening::new(
            ChangeKind::Rule,
            format!(
                "switched the house rule {rule} {} ({reason})",
                if *on { "on" } else { "off" }
            ),
        ),
    };
    vec![one]
}

fn retirement(retired: bool) -> &'static str {
    if retired {
        "retired from the lists of who plays next"
    } else {
        "came back to the lists of who plays next"
    }
}

fn territory_added(
    territory: Territory,
    neighbours: &[Territory],
    continent: Option<Continent>,
) -> Happening {
    let names: Vec<String> = neighbours.iter().map(|t| t.name().to_string()).collect();
    let mut happening = Happening::new(
        ChangeKind::AddTerritory,
        format!(
            "added {} to the map{}, bordering {}; its card joins the deck",
            territory.name(),
            continent.map_or(String::new(), |c| format!(" in {}", c.name())),
            crate::domain::vocabulary::words::all_of(&names)
        ),
    );
    happening.territory = Some(territory);
    happening.continent = continent;
    happening
}

fn first_coins(territories: &[Territory]) -> Vec<Happening> {
    territories
        .iter()
        .map(|t| {
            Happening::new(
                ChangeKind::Coin,
                format!("put a first coin on {}'s card", t.name()),
            )
            .on(t.clone())
        })
        .collect()
}

/// A pool's capacity set, and why (free text).
fn capacity_set(pool: &PoolKind, capacity: u32, reason: &str) -> Happening {
    let set = format!("set the {} pool to {capacity}", pool.key());
    let mut happening = Happening::new(ChangeKind::Pool, format!("{set} ({reason})"));
    happening.without_reason = Some(set);
    happening
}

fn packet_opened(packet: Packet, game: u32) -> Happening {
    let when = if game == 0 {
        "before game 1".to_string()
    } else {
        format!("after game {game}")
    };
    Happening::new(
        ChangeKind::Packet,
        format!("opened the {} packet {when}", packet.name()),
    )
}

fn scar_type_added(name: &str, count: u32, effect: Option<&str>) -> Happening {
    let effect = effect.map(|e| format!(": {e}")).unwrap_or_default();
    Happening::new(
        ChangeKind::ScarType,
        format!("added the scar type {name} ({count} stickers){effect}"),
    )
}

fn world_named(before: &Campaign, name: &str, by: &str) -> Happening {
    let (leaders, _) = before.most_signed();
    let roll_off = if leaders.len() > 1 {
        format!(", winning the roll-off among {}", leaders.join(", "))
    } else {
        String::new()
    };
    Happening::new(
        ChangeKind::WorldName,
        format!("named the world \"{name}\"{roll_off}"),
    )
    .by(by)
}

/// What sealed content changed during play.
fn event_happening(before: &Campaign, event: &PlayEvent) -> Happening {
    match event {
        PlayEvent::WorldCapital { territory, name } => Happening::new(
            ChangeKind::WorldCapital,
            format!("placed the world capital {name} in {}", territory.name()),
        )
        .on(territory.clone()),
        PlayEvent::Fortify { territory } => Happening::new(
            ChangeKind::EventFortify,
            format!("an event fortified {}", place(before, territory.clone())),
        )
        .on(territory.clone()),
        PlayEvent::DestroyCard { territory } => Happening::new(
            ChangeKind::EventDestroyCard,
            format!("an event destroyed {}'s territory card", territory.name()),
        )
        .on(territory.clone()),
        PlayEvent::Mark { territory, text } => Happening::new(
            ChangeKind::Mark,
            format!("marked {}: {text}", territory.name()),
        )
        .on(territory.clone()),
        PlayEvent::Fallout { territory } => Happening::new(
            ChangeKind::Fallout,
            format!(
                "fallout hit {}: its card destroyed{}, a fallout mark left",
                territory.name(),
                city_gone(before, territory.clone())
                    .map(|city| format!(", {city} gone"))
                    .unwrap_or_default()
            ),
        )
        .on(territory.clone()),
        PlayEvent::DestroyCity { territory } => Happening::new(
            ChangeKind::DestroyCity,
            format!(
                "an event destroyed {}",
                city_gone(before, territory.clone())
                    .unwrap_or_else(|| format!("the city in {}", territory.name()))
            ),
        )
        .on(territory.clone()),
    }
}

/// "the minor city Lima (Peru)": the city on the territory before the game, if any.
fn city_gone(before: &Campaign, territory: Territory) -> Option<String> {
    before.territory(&territory).city.as_ref().map(|city| {
        format!(
            "the {} {} ({})",
            city.kind.words(),
            city.name,
            territory.name()
        )
    })
}
