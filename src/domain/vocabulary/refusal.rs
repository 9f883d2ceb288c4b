//! Why the rules refuse a change: each refusal names the rule broken and what the group can
//! do instead.

use thiserror::Error;

use super::kinds::{HeldOnKind, RewardKind};
use super::packet::Packet;
use super::pool::PoolKind;
use super::refusal_parts::{among, nouns, plural, setup_incomplete, unknown};
use super::words::{all_of, one_of as list};

pub use super::refusal_parts::{
    Added, NameProblem, Part, RecordProblem, RewardGiven, TextProblem, WayOut,
};

/// A change the rules do not allow. Nothing is applied when one is returned.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Refusal {
    #[error("{}", unknown(what, given, closest))]
    UnknownName {
        what: &'static str,
        given: String,
        closest: Vec<String>,
    },

    #[error(
        "\"{given}\" could be several {}: {}. Give more of the name.",
        nouns(what),
        list(candidates)
    )]
    AmbiguousName {
        what: &'static str,
        given: String,
        candidates: Vec<String>,
    },

    #[error("The {what} \"{name}\" cannot be used: {problem}. Give a name of 1 to 60 characters.")]
    BadName {
        what: &'static str,
        name: String,
        problem: NameProblem,
    },

    #[error(
        "{what} are settled before game 1 (rules §2); this campaign has played {games} game{}, so that step is closed.",
        plural(*games)
    )]
    SetupClosed { what: &'static str, games: u32 },

    #[error(
        "{faction} already keeps power {} (rules §2: each faction chooses once, for the whole campaign).",
        power.to_uppercase()
    )]
    PowerChosen { faction: String, power: String },

    #[error(
        "Twelve first coins go on territory cards (rules §2); {placed} are placed, so {} more fit, not {adding}.",
        12u32.saturating_sub(*placed)
    )]
    TooManyFirstCoins { placed: u32, adding: u32 },

    #[error(
        "At most 2 of the first coins go on one card (rules §2, house rule two-coins-a-card); {territory} would get {count}. Put the others on other cards."
    )]
    TooManyCoinsOnCard { territory: String, count: u8 },

    #[error("{}", setup_incomplete(powers_missing, *coins_missing))]
    SetupIncomplete {
        powers_missing: Vec<String>,
        coins_missing: u32,
    },

    #[error(
        "{second}'s HQ in {second_hq} is next to {first}'s in {first_hq}: no HQ next to another player's HQ (rules §3, house rule adjacent-hq)."
    )]
    AdjacentHq {
        first: String,
        first_hq: String,
        second: String,
        second_hq: String,
    },

    #[error("The house rule {rule} is {} already.", if *on { "on" } else { "off" })]
    RuleUnchanged { rule: &'static str, on: bool },

    #[error("A game has 3 to 5 players (rules §4); this one lists {count}.")]
    PlayerCount { count: usize },

    #[error("{person} is listed twice; each player is a different person (rules §4).")]
    SamePersonTwice { person: String },

    #[error(
        "{faction} is played by both {first} and {second}; each player plays a different faction (rules §4)."
    )]
    SameFactionTwice {
        faction: String,
        first: String,
        second: String,
    },

    #[error(
        "A game has exactly one winner (rules §4); this one has {}.",
        if winners.is_empty() { "none".to_string() } else { format!("{} ({})", winners.len(), winners.join(", ")) }
    )]
    WinnerCount { winners: Vec<String> },

    #[error(
        "Game {game} is dated {date}, before game {} ({previous}); games are logged in the order they were played.",
        game - 1
    )]
    DateBeforeLastGame {
        game: u32,
        date: String,
        previous: String,
    },

    #[error(
        "{territory} is not a legal start for {person}: it has {mark} (rules §3: a player starts on an unmarked territory or on a major city they founded). Choose another HQ."
    )]
    IllegalStart {
        person: String,
        territory: String,
        mark: String,
    },

    #[error(
        "{territory} is not a legal start for {person}: it has the world capital {city} (rules §3: a city marks its territory, house rule world-capital-hq). Choose another HQ."
    )]
    CapitalStart {
        person: String,
        territory: String,
        city: String,
    },

    #[error(
        "{faction} joined at game {joined}; game {game} is before that (a faction a packet adds plays from the game after it was added). Seat a faction the campaign had by game {game}."
    )]
    FactionNotYet {
        faction: String,
        joined: u32,
        game: u32,
    },

    #[error(
        "Game {game} records a draft, but the draft cards come in the Minor cities packet (rules §6b), which {}. Log the game without the draft.",
        match opened { Some(at) => format!("opened only in game {at}"), None => "is not open".to_string() }
    )]
    DraftSealed { game: u32, opened: Option<u32> },

    #[error(
        "Fallout hit {territory} in game {game}: its card is destroyed and a fallout mark stays for good, so no city is founded there (rules §6b). Choose another territory."
    )]
    CityOnFallout { territory: String, game: u32 },

    #[error("{first} and {second} both start in {territory}; each HQ is a different territory.")]
    SameHq {
        territory: String,
        first: String,
        second: String,
    },

    #[error(
        "{territory} already has a {scar} scar (from game {game}); a scar never covers another scar (rules §3). Scar another territory, or heal this one first."
    )]
    AlreadyScarred {
        territory: String,
        scar: String,
        game: u32,
    },

    #[error("The pool of {} is empty: {capacity} of {capacity} used (rules §3–§4: every mark comes from a fixed pool). {way_out}", kind.describe())]
    PoolEmpty {
        kind: PoolKind,
        capacity: u32,
        way_out: WayOut,
    },

    #[error(
        "The last of the {} went to {earlier}, who sits before {person} clockwise from the winner (rules §4.5: clockwise order decides who gets the last mark). {person} may choose the other held-on reward.",
        kind.describe()
    )]
    LastMarkTaken {
        kind: PoolKind,
        person: String,
        earlier: String,
    },

    #[error(
        "{territory} has no fortification to wear (rules §3: wear is ticked on a fortified city).{}",
        among("Fortified now", fortified)
    )]
    NotFortified {
        territory: String,
        fortified: Vec<String>,
    },

    #[error("{territory}'s fortification has {left} box{} left, so {boxes} cannot be ticked (rules §3). When the last box is ticked the city is no longer fortified.", if *left == 1 { "" } else { "es" })]
    WearPastBoxes {
        territory: String,
        boxes: u8,
        left: u8,
    },

    #[error("Wear on {territory} must tick at least 1 box.")]
    NoWear { territory: String },

    #[error(
        "Game {game} comes after game 15: winner and held-on rewards stop after the 15th game (rules §5)."
    )]
    RewardsOver { game: u32, given: RewardGiven },

    #[error(
        "{winner} won game {game} and chooses exactly one reward (rules §4.4); none was given. Possible now: {}.",
        list(&possible.iter().map(|k| k.words().to_string()).collect::<Vec<_>>())
    )]
    RewardMissing {
        winner: String,
        game: u32,
        possible: Vec<RewardKind>,
    },

    #[error(
        "{continent} was named \"{name}\" by {by} in game {game}; a named continent is never renamed (rules §4.4).{}",
        among("Unnamed continents", unnamed)
    )]
    ContinentNamed {
        continent: String,
        name: String,
        by: String,
        game: u32,
        unnamed: Vec<String>,
    },

    #[error("There is already a {what} called \"{name}\" ({place}); choose another name.")]
    NameTaken {
        what: &'static str,
        name: String,
        place: String,
    },

    #[error(
        "{territory} already has the {kind} {city}; a city never covers another city (rules §3).{}",
        among("Territories nearby with no city", nearby)
    )]
    HasCity {
        territory: String,
        kind: &'static str,
        city: String,
        nearby: Vec<String>,
    },

    #[error("{territory} has no scar to heal (rules §4.4: a scar cover goes on a scar).{}", if scarred.is_empty() { " No territory is scarred now: choose another reward.".to_string() } else { among("Scarred now", scarred) })]
    NotScarred {
        territory: String,
        scarred: Vec<String>,
    },

    #[error(
        "{continent}'s bonus was changed already ({mark} in game {game}); a continent's bonus changes at most once (rules §4.4).{}",
        among("Unchanged continents", unchanged)
    )]
    BonusChanged {
        continent: String,
        mark: &'static str,
        game: u32,
        unchanged: Vec<String>,
    },

    #[error("{territory} has no city; only a city can be fortified (rules §4.4).{}", if cities.is_empty() { " There is no city on the board yet: choose another reward.".to_string() } else { among("Cities", cities) })]
    NoCity {
        territory: String,
        cities: Vec<String>,
    },

    #[error(
        "{territory}'s card was destroyed in game {game}; a destroyed card is gone for good (rules §4.4) and takes no resources. Choose another territory."
    )]
    CardDestroyed { territory: String, game: u32 },

    #[error(
        "{territory}'s card holds {resources} resources, the most a card holds (rules §4.5). Choose another card."
    )]
    CardFull { territory: String, resources: u8 },

    #[error(
        "{person} did not play game {game}; only players who held on choose a held-on reward (rules §4.5).{}",
        among("Players who held on", held_on)
    )]
    NotAPlayer {
        person: String,
        game: u32,
        held_on: Vec<String>,
    },

    #[error(
        "{person} won game {game} and takes the winner's reward, not a held-on reward (rules §4.5)."
    )]
    WinnerHeldOnReward { person: String, game: u32 },

    #[error(
        "{person} was eliminated in game {game}; eliminated players never choose a reward (rules §4.5)."
    )]
    EliminatedReward { person: String, game: u32 },

    #[error(
        "{person} chose {count} held-on rewards; each player who held on chooses one (rules §4.5). Keep one of them."
    )]
    TwoHeldOnRewards { person: String, count: usize },

    #[error("The {} packet was opened {} game {game}; a packet opens once.", packet.name(), if *between { "after" } else { "in" })]
    PacketOpened {
        packet: Packet,
        game: u32,
        /// Opened between games, after game `game` (`packets open`), not during it.
        between: bool,
    },

    #[error("The {} packet opens when {} (rules §6); {progress}. Open it when that happens.", packet.name(), packet.condition())]
    PacketNotYet { packet: Packet, progress: String },

    #[error("The pool of {} has {used} used already, so it cannot hold fewer; give a capacity of at least {used}.", kind.describe())]
    CapacityBelowUsed {
        kind: PoolKind,
        capacity: u32,
        used: u32,
    },

    #[error("The pool of {} holds {capacity} already; nothing would change.", kind.describe())]
    CapacityUnchanged { kind: PoolKind, capacity: u32 },

    #[error(
        "A pool holds at most 999 marks; {capacity} is more than any box. Give the number your box holds."
    )]
    CapacityTooLarge { capacity: u32 },

    #[error("Say why {what} changes (it is kept in the campaign's history).")]
    MissingReason { what: &'static str },

    #[error("There is already a {what} called \"{name}\"; each is added once.")]
    AlreadyAdded { what: Added, name: String },

    #[error("A scar type comes with 1 to 99 stickers, not {count}.")]
    ScarCount { count: u32 },

    #[error(
        "A packet opened between games is opened after one of the games played (0 to {played}), not after game {game}."
    )]
    PacketGame { game: u32, played: u32 },

    #[error("A photo is of a game played (1 to {played}), not of game {game}.")]
    PhotoGame { game: u32, played: u32 },

    #[error("This photo ({id}) is already one of game {game}'s.")]
    PhotoTwice { id: String, game: u32 },

    #[error("Game {game} has no photo {id} to remove.")]
    NoPhoto { id: String, game: u32 },

    #[error("\"{given}\" is not a photo's SHA-256 (64 hex digits, lowercase).")]
    BadPhotoHash { given: String },

    #[error("A photo of {bytes} bytes is larger than the {limit} bytes (20 MB) a photo may have.")]
    PhotoTooLarge { bytes: u64, limit: u64 },

    #[error(
        "{faction}'s card already has a mark in its {slot} slot (\"{text}\"); one mark per colour of slot."
    )]
    SlotTaken {
        faction: String,
        slot: String,
        text: String,
    },

    #[error("{faction}'s card already has a scar (\"{text}\"); one scar per faction card.")]
    CardScarred { faction: String, text: String },

    #[error("The world was named \"{name}\" by {by} already; it is named once.")]
    WorldNamed { name: String, by: String },

    #[error("The world is named after game 15 (rules §5); this campaign has played {games} game{}.", plural(*games))]
    WorldTooEarly { games: u32 },

    #[error("The person with the most signatures names the world (rules §5); {person} has {signatures}, while {} {} {most}. On a tie, the tied players roll off.", all_of(leaders), if leaders.len() == 1 { "has" } else { "have" })]
    NotTheMostSigned {
        person: String,
        signatures: usize,
        leaders: Vec<String>,
        most: usize,
    },

    #[error("The world capital is placed when the World capital packet opens; it is not open.")]
    WorldCapitalSealed,

    #[error("{what} comes from a sealed packet ({}), and none of them is open (rules §6g).", packets.iter().map(|p| p.name()).collect::<Vec<_>>().join(", "))]
    SealedNotOpen {
        what: &'static str,
        packets: Vec<Packet>,
    },

    #[error(
        "{what} of game {game} cannot come from the {} packet{}: game {game} opened {} at its end, after its cards were drawn (the 9th minor city and a second signature are made when a game ends; rules §6g). {} cards are drawn from game {} on.",
        all_of(&packets.iter().map(|p| p.name().to_string()).collect::<Vec<_>>()),
        if packets.len() == 1 { "" } else { "s" },
        if packets.len() == 1 { "it" } else { "them" },
        if packets.len() == 1 { "Its" } else { "Their" },
        game + 1
    )]
    PacketOpenedAtGameEnd {
        what: &'static str,
        packets: Vec<Packet>,
        game: u32,
    },

    #[error("{territory} already has a mark (\"{text}\"); one group mark per territory.")]
    TerritoryMarked { territory: String, text: String },

    #[error("{name} is on the map already; a territory is added once.")]
    TerritoryOnMap { name: String },

    #[error("\"{name}\" already names {territory}; an added territory needs a name of its own.")]
    TerritoryNameTaken { name: String, territory: String },

    #[error("{name} needs at least one neighbour: name the territories its sea lines reach.")]
    TerritoryWithoutNeighbours { name: String },

    #[error("{person} is {} already.", if *retired { "retired" } else { "not retired" })]
    RetiredAlready { person: String, retired: bool },

    #[error("\"{alias}\" already stands for the {what} {name}; an alias stands for one name.")]
    AliasTaken {
        alias: String,
        what: &'static str,
        name: String,
    },

    #[error("Fallout hit {territory} in game {game} already; its fallout mark stays (rules §6b).")]
    FalloutAgain { territory: String, game: u32 },

    #[error("{territory} has no city to destroy (rules §6b). Cities: {}.", if cities.is_empty() { "none".to_string() } else { list(cities) })]
    NoCityToDestroy {
        territory: String,
        cities: Vec<String>,
    },

    #[error("{winner} declined the reward and also chose one ({}); it is one or the other (rules §4.4).", kind.words())]
    DeclinedAndChose { winner: String, kind: RewardKind },

    #[error(
        "Game {game} gives the winner no reward to decline (rules §5: the rewards stop after game 15)."
    )]
    NothingToDecline { game: u32 },

    #[error("Held-on players get nothing now (rules §4.5): every minor city and every coin sticker is used; {person} cannot take {}.", kind.words())]
    HeldOnPoolsEmpty { person: String, kind: HeldOnKind },

    #[error(
        "{person} did not play game {game}, so {what} (rules §4). Players: {}.",
        all_of(players)
    )]
    NotAtTheTable {
        person: String,
        game: u32,
        what: String,
        /// The part of the game that names them.
        about: Part,
        players: Vec<String>,
    },

    #[error(
        "The draft gives {person} {what} {given}; with {players} players it runs from 1 to {players}."
    )]
    DraftOutOfRange {
        person: String,
        what: &'static str,
        given: u8,
        players: usize,
    },

    #[error("The draft gives {what} {given} to both {first} and {second}; each seat has its own.")]
    DraftTwice {
        what: &'static str,
        given: u8,
        first: String,
        second: String,
    },

    #[error("The {what} cannot be used: {problem}.")]
    BadText {
        what: &'static str,
        problem: TextProblem,
    },

    #[error("The {what} \"{given}\" is not a moment of the form 2026-11-29T20:00:00Z (RFC 3339).")]
    BadTimestamp { what: &'static str, given: String },

    #[error(
        "The game's date {date} is after {today}, the latest day a game may be dated (today, or the day after for an entry another machine wrote, whose today may be ahead); a game is logged once it has been played."
    )]
    GameAfterToday { date: String, today: String },

    #[error("Two entries of the log have one identity (entry {seq} repeats one).")]
    EntryTwice { seq: u32 },

    #[error(
        "No entry of the log has the identity {id} (entries refer only to entries written before them)."
    )]
    UnknownEntry { id: String },

    #[error(
        "Entry {seq} is a correction, not an entry added to the log; only an entry added can be replaced or have one placed before it."
    )]
    NotAnEntry { seq: u32 },

    #[error(
        "An entry is replaced by one of its own kind (a game by a game); entry {seq} is of another."
    )]
    ReplacedByOtherKind { seq: u32 },

    #[error("Entry {seq} takes an entry back; taking back is not itself taken back.")]
    TakeBackTakenBack { seq: u32 },

    #[error("Entry {seq} was taken back already.")]
    TakenBackTwice { seq: u32 },

    #[error(
        "\"{id}\" is not an entry's identity (a UUID such as 0192b1c4-7f3e-7a10-9c2d-4e5f60718293)."
    )]
    BadId { id: String },

    #[error(
        "There is no game {game}: this campaign has played {played} game{}.",
        plural(*played)
    )]
    NoGame { game: u32, played: u32 },

    #[error("{name} is already written that way.")]
    SameName { name: String },

    #[error(
        "{to} already plays in this campaign: a person typed two ways is merged into one, not renamed to the other."
    )]
    PersonExists { from: String, to: String },

    #[error(
        "{from} and {into} both sat at game {game}, so they are two people: only one person typed two ways is merged."
    )]
    SatTogether {
        from: String,
        into: String,
        game: u32,
    },

    #[error(
        "The log forks: entries {one} and {other} both end a branch written after the same entry, and nothing says which one the log ends at."
    )]
    Forks { one: u32, other: u32 },

    #[error(
        "{device} wrote entries on more than one branch of the fork, so its name does not say which branch."
    )]
    DeviceOnBranches { device: String },

    #[error("A fork's resolution keeps no branch; it keeps one or more, in order.")]
    JoinKeepsNothing,

    #[error(
        "A fork's resolution joins the tips of different branches; {tip} was written after {other}, on one branch, so this resolves no fork."
    )]
    JoinOfNoFork { tip: String, other: String },

    #[error("The record is not one chronicle writes: {problem}.")]
    BadRecord { problem: RecordProblem },

    #[error("After the correction, {what} breaks a rule: {refusal}")]
    LaterBreaks {
        /// The later entry in words: "game 7", or what it did and where it sits.
        what: String,
        /// Its game, when it is one.
        game: Option<u32>,
        refusal: Box<Refusal>,
    },
}
