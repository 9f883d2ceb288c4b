//! The flags of `chronicle game log`.

use crate::exchange::GameSheet;

// Players in seating order, clockwise; exactly one won. The winner chooses one reward (up
// to game 15); each player who held on may choose one. The summary below is the one `game
// --help` and `game log --help` print (the arguments are built when parsed, `cli::lazy`).
/// Record a finished game: players, results, rewards, what changed
#[derive(Debug, Default, clap::Args)]
#[command(
    after_help = EXAMPLE
)]
pub struct LogArgs {
    /// The day it was played, YYYY-MM-DD [default: today]
    #[arg(long)]
    pub date: Option<String>,

    /// A player, in seating order clockwise: NAME=FACTION:RESULT[@HQ], RESULT one of won,
    /// held-on, eliminated, knocked-out (at the end: counted as eliminated); FACTION by name
    /// or a word of it (bear, khan, saharan, balkania, mechaniker); HQ the starting territory
    #[arg(long = "player", value_name = "PLAYER")]
    pub players: Vec<String>,

    /// Winner's reward: name a continent
    #[arg(
        long,
        value_name = "CONTINENT=NAME",
        help_heading = "Winner's reward (one)"
    )]
    pub name_continent: Option<String>,

    /// Winner's reward: found and name a major city on a territory with no city
    #[arg(
        long,
        value_name = "TERRITORY=NAME",
        help_heading = "Winner's reward (one)"
    )]
    pub major_city: Option<String>,

    /// Winner's reward: heal the scar on a territory
    #[arg(long, value_name = "TERRITORY", help_heading = "Winner's reward (one)")]
    pub heal_scar: Option<String>,

    /// Winner's reward: change a continent's bonus by +1 or -1 (once per continent)
    #[arg(
        long,
        value_name = "CONTINENT=+1|-1",
        allow_hyphen_values = true,
        help_heading = "Winner's reward (one)"
    )]
    pub continent_bonus: Option<String>,

    /// Winner's reward: fortify a city
    #[arg(long, value_name = "TERRITORY", help_heading = "Winner's reward (one)")]
    pub fortify: Option<String>,

    /// Winner's reward: destroy a territory card for good
    #[arg(long, value_name = "TERRITORY", help_heading = "Winner's reward (one)")]
    pub destroy_card: Option<String>,

    /// The winner declines the reward they are entitled to (recorded as such)
    #[arg(long, help_heading = "Winner's reward (one)")]
    pub no_reward: bool,

    /// Held-on reward: found and name a minor city, as PLAYER:TERRITORY=NAME
    #[arg(
        long = "minor-city",
        value_name = "MINOR_CITY",
        help_heading = "Held-on rewards (one per player who held on)"
    )]
    pub minor_cities: Vec<String>,

    /// Held-on reward: add a resource (coin sticker) to a territory card, as PLAYER:TERRITORY
    #[arg(
        long = "upgrade",
        value_name = "UPGRADE",
        help_heading = "Held-on rewards (one per player who held on)"
    )]
    pub upgrades: Vec<String>,

    /// A scar placed during the game (repeatable); @PERSON: the player who placed it
    #[arg(
        long = "scar",
        value_name = "TERRITORY=TYPE[@PERSON]",
        help_heading = "During the game"
    )]
    pub scars: Vec<String>,

    /// Boxes ticked on a fortification during the game
    #[arg(
        long = "wear",
        value_name = "TERRITORY=N",
        help_heading = "During the game"
    )]
    pub wear: Vec<String>,

    /// A sealed packet opened (repeatable)
    #[arg(
        long = "opened",
        value_name = "PACKET",
        help_heading = "During the game"
    )]
    pub opened: Vec<String>,

    /// Sealed content: the world capital placed (population 5, on a territory with no city)
    #[arg(
        long,
        value_name = "TERRITORY=NAME",
        help_heading = "Sealed content, during the game"
    )]
    pub world_capital: Option<String>,

    /// Sealed content: an event fortifies a city (a mark from the fortification pool)
    #[arg(
        long = "event-fortify",
        value_name = "TERRITORY",
        help_heading = "Sealed content, during the game"
    )]
    pub event_fortify: Vec<String>,

    /// Sealed content: an event destroys a territory card
    #[arg(
        long = "event-destroy-card",
        value_name = "TERRITORY",
        help_heading = "Sealed content, during the game"
    )]
    pub event_destroy_card: Vec<String>,

    /// Sealed content: a mark your packet defines (one per territory)
    #[arg(
        long = "mark",
        value_name = "TERRITORY=TEXT",
        help_heading = "Sealed content, during the game"
    )]
    pub marks: Vec<String>,

    /// Sealed content: fallout hits a territory (card destroyed, city gone, a fallout mark)
    #[arg(
        long = "fallout",
        value_name = "TERRITORY",
        help_heading = "Sealed content, during the game"
    )]
    pub fallout: Vec<String>,

    /// Sealed content: an event destroys the city on a territory
    #[arg(
        long = "destroy-city",
        value_name = "TERRITORY",
        help_heading = "Sealed content, during the game"
    )]
    pub destroy_city: Vec<String>,

    /// Sealed content: an event card drawn, with the person it favoured or hit and what it
    /// did, as NAME[@PERSON][: WHAT] (repeatable)
    #[arg(
        long = "event",
        value_name = "EVENT",
        help_heading = "Sealed content, during the game"
    )]
    pub event_cards: Vec<String>,

    /// Sealed content: the game's mission card, and who completed it after @ (repeatable
    /// for private missions)
    #[arg(
        long = "mission",
        value_name = "TEXT[@PERSON]",
        help_heading = "Sealed content, during the game"
    )]
    pub missions: Vec<String>,

    /// Sealed content: who completed the game's one mission
    #[arg(
        long = "mission-done",
        value_name = "PERSON",
        help_heading = "Sealed content, during the game"
    )]
    pub mission_done: Vec<String>,

    /// What the draft gave a seat, once your group drafts: any of turn, placement, troops,
    /// coins, as NAME=turn:N,placement:N,troops:N,coins:N (repeatable, one per player)
    #[arg(long = "draft", value_name = "DRAFT", help_heading = "During the game")]
    pub draft: Vec<String>,

    /// A person new to the campaign whose name is close to a known one's: really new
    /// (repeatable)
    #[arg(long = "new-player", value_name = "NAME")]
    pub new_players: Vec<String>,

    /// A note about the game
    #[arg(long, help_heading = "During the game")]
    pub note: Option<String>,

    /// Read the game from a file (TOML or JSON) with these flags as its fields; see
    /// exports/game-sheet.toml
    #[arg(long, value_name = "FILE")]
    pub from: Option<std::path::PathBuf>,

    /// Check and show what would change; write nothing
    #[arg(long)]
    pub dry_run: bool,
}

// Needs a campaign set up for game 1 (`tests/help_examples.rs`).
const EXAMPLE: &str = "\
Examples:
  chronicle game log --date 2026-03-14 \\
    --player \"Ann=bear:won@Alaska\" \\
    --player \"Bob=khan:held-on@Peru\" \\
    --player \"Cy=saharan:eliminated\" \\
    --major-city \"Egypt=Kyro\" \\
    --minor-city \"Bob:Peru=Lima Nova\" \\
    --scar \"Brazil=Bunker\"";

impl LogArgs {
    /// The game the flags give, as a game sheet (each flag is the sheet field of its name).
    pub(crate) fn sheet(&self) -> GameSheet {
        GameSheet {
            date: self.date.clone(),
            players: self.players.clone(),
            name_continent: self.name_continent.clone(),
            major_city: self.major_city.clone(),
            heal_scar: self.heal_scar.clone(),
            continent_bonus: self.continent_bonus.clone(),
            fortify: self.fortify.clone(),
            destroy_card: self.destroy_card.clone(),
            no_reward: self.no_reward,
            minor_cities: self.minor_cities.clone(),
            upgrades: self.upgrades.clone(),
            scars: self.scars.clone(),
            wear: self.wear.clone(),
            opened: self.opened.clone(),
            world_capital: self.world_capital.clone(),
            event_fortify: self.event_fortify.clone(),
            event_destroy_card: self.event_destroy_card.clone(),
            marks: self.marks.clone(),
            fallout: self.fallout.clone(),
            destroy_city: self.destroy_city.clone(),
            event_cards: self.event_cards.clone(),
            missions: self.missions.clone(),
            mission_done: self.mission_done.clone(),
            draft: self.draft.clone(),
            new_players: self.new_players.clone(),
            note: self.note.clone(),
        }
    }

    /// The arguments with the game of `sheet` (`--from`, `--dry-run` and the `--new-player`
    /// given on the command line stay).
    pub(crate) fn with_sheet(mut self, sheet: GameSheet) -> LogArgs {
        self.date = sheet.date;
        self.players = sheet.players;
        self.name_continent = sheet.name_continent;
        self.major_city = sheet.major_city;
        self.heal_scar = sheet.heal_scar;
        self.continent_bonus = sheet.continent_bonus;
        self.fortify = sheet.fortify;
        self.destroy_card = sheet.destroy_card;
        self.no_reward = sheet.no_reward;
        self.minor_cities = sheet.minor_cities;
        self.upgrades = sheet.upgrades;
        self.scars = sheet.scars;
        self.wear = sheet.wear;
        self.opened = sheet.opened;
        self.world_capital = sheet.world_capital;
        self.event_fortify = sheet.event_fortify;
        self.event_destroy_card = sheet.event_destroy_card;
        self.marks = sheet.marks;
        self.fallout = sheet.fallout;
        self.destroy_city = sheet.destroy_city;
        self.event_cards = sheet.event_cards;
        self.missions = sheet.missions;
        self.mission_done = sheet.mission_done;
        self.draft = sheet.draft;
        self.new_players.extend(sheet.new_players);
        self.note = sheet.note;
        self
    }
}
