//! The command line as clap builds it from `Cli`, with what the derive does not say in one
//! place: each command's examples (its help and its manual page show them), the options
//! that take free text (a value may start with `-`: a person called "-Cy", a note "--
//! quiet night"), and what each name completes to (`complete.rs`).

use clap::CommandFactory;

use super::Cli;
use super::complete::{Form, Kind};

/// Each command's examples, by its path: one to three command lines, each with what it does.
/// Each runs on the demo campaign (`tests/help_examples.rs` runs them all); one that needs
/// more says so in a comment here, and the test gives it that.
const EXAMPLES: &[(&str, &str)] = &[
    (
        "init",
        "  chronicle init                       # the campaign \"Earth\" on the standard board
  chronicle init \"Friday group\"        # a second campaign in the same database",
    ),
    // Needs a campaign called "Friday group".
    ("campaign use", "  chronicle campaign use \"Friday group\""),
    // Needs a campaign called Earth.
    (
        "campaign rename",
        "  chronicle campaign rename Earth \"Earth (2026)\"",
    ),
    // Needs a campaign before game 1.
    (
        "power",
        "  chronicle power bear a               # the Bear keeps power A
  chronicle power                      # which faction keeps which power",
    ),
    // Needs a campaign before game 1.
    (
        "coins",
        "  chronicle coins Iceland Iceland Greenland Peru Peru Brazil Egypt Egypt Ural Ural China China",
    ),
    (
        "game show",
        "  chronicle game show 3
  chronicle game show 3 --format csv --table changes",
    ),
    (
        "game photo add",
        "  chronicle game photo add 7 IMG_2041.jpg --caption \"Europe, all scars\" --by Ann
  chronicle game photo add 7 board.png --keep-original    # the full-size image kept too",
    ),
    (
        "game photo list",
        "  chronicle game photo list 7
  chronicle game photo list --format json",
    ),
    (
        "game photo show",
        "  chronicle game photo show 7.1 -o game-7.jpg    # game 7's first photo",
    ),
    (
        "game photo remove",
        "  chronicle game photo remove 7.1 --reason \"blurred\"",
    ),
    (
        "game undo",
        "  chronicle game undo --reason \"logged on the wrong campaign\" --yes",
    ),
    (
        "person rename",
        "  chronicle person rename Bo Robert    # every game Bo played reads Robert",
    ),
    // Needs a game with Annie at the table.
    (
        "person merge",
        "  chronicle person merge Annie Ann     # one person typed two ways",
    ),
    (
        "person retire",
        "  chronicle person retire Chidi        # left out of setup until Chidi plays again",
    ),
    (
        "board",
        "  chronicle board --continent Africa
  chronicle board --after 5            # the world as it was after game 5
  chronicle board --format csv --table pools",
    ),
    (
        "pool",
        "  chronicle pool
  chronicle pool --after 10",
    ),
    (
        "pool set",
        "  chronicle pool set major_city 6 --reason \"our box has six stickers\"",
    ),
    (
        "rule list",
        "  chronicle rule list --after 15    # the house rules as they stood after game 15",
    ),
    (
        "rule set",
        "  chronicle rule set adjacent-hq off --reason \"we allow HQs side by side\"",
    ),
    (
        "alias add",
        "  chronicle alias add Oz \"Eastern Australia\"
  chronicle alias add Bobby Bo         # a person's nickname",
    ),
    (
        "territory add",
        "  chronicle territory add Atlantis --neighbours Brazil,\"North Africa\"",
    ),
    (
        "history",
        "  chronicle history --territory Brazil # what ever happened to Brazil
  chronicle history --player Ann --faction bear
  chronicle history --game 7 --format csv",
    ),
    (
        "export",
        "  chronicle export -o earth.json --photos photos   # lossless, for import
  chronicle export --format md --spoilers none -o earth.md
  chronicle export --format csv --table history",
    ),
    // Needs the files earth.json and friends.json.
    (
        "import",
        "  chronicle import earth.json
  chronicle import earth.json --photos photos   # with the photos' images
  chronicle import friends.json --as \"Friends' Earth\" --use",
    ),
    (
        "scar-type add",
        "  chronicle scar-type add Mercenaries --count 2 --effect \"+1 troop when attacked\"",
    ),
    ("faction add", "  chronicle faction add \"The Mutants\""),
    (
        "faction mark",
        "  chronicle faction mark bear --slot 1 \"+1 on defence in Europe\"",
    ),
    (
        "faction scar",
        "  chronicle faction scar khan \"no attack on the first turn\"",
    ),
    (
        "world",
        "  chronicle world                      # who names the world after game 15",
    ),
    ("world name", "  chronicle world name Terra --by Ann"),
    // Needs the folder ~/Sync/risk and a git clone at ~/risk-log.
    (
        "sync",
        "  chronicle sync ~/Sync/risk --device laptop   # through a folder the group syncs
  chronicle sync ~/risk-log --git              # through a git clone",
    ),
    // Needs the folder ~/Sync/risk.
    ("sync status", "  chronicle sync status ~/Sync/risk"),
    // Needs a fork in ~/Sync/risk: laptop and phone each logged the next game.
    (
        "sync resolve",
        "  chronicle sync resolve ~/Sync/risk --keep laptop --yes
  chronicle sync resolve ~/Sync/risk --keep-both --order laptop,phone",
    ),
    ("backup", "  chronicle backup earth-2026-11-29.db"),
    (
        "undo",
        "  chronicle undo --reason \"typed the wrong territory\" --yes",
    ),
    (
        "check",
        "  chronicle check
  chronicle check --format csv --table campaigns",
    ),
    (
        "stats",
        "  chronicle stats
  chronicle stats --after 15 --format csv --table factions",
    ),
    (
        "setup",
        "  chronicle setup --players Ann,Bo,Cy  # tonight's table",
    ),
    ("packets", "  chronicle packets"),
    (
        "serve",
        "  chronicle serve                         # on the Wi-Fi: prints the address and a QR code
  chronicle serve --bind 127.0.0.1 --port 0   # this machine only, any free port
  chronicle serve --spoilers none         # for a screen outsiders see",
    ),
    (
        "recap",
        "  chronicle recap --format md          # to paste into the group chat
  chronicle recap --after 3               # the night before game 4
  chronicle recap --spoilers none         # nothing a packet brought",
    ),
    (
        "story",
        "  chronicle story                         # story.html in this folder, for a phone or A4
  chronicle story --format md -o book     # book/story.md and a map per game, for pandoc
  chronicle story --spoilers none -o -    # the page on stdout, nothing a packet brought",
    ),
    (
        "packets open",
        "  chronicle packets open \"Do not open\" --after-game 9",
    ),
    (
        "demo",
        "  chronicle demo
  chronicle --db demo.db demo",
    ),
    // Needs the folder ~/.config/fish/completions.
    (
        "completions",
        "  source <(COMPLETE=bash chronicle)            # bash, names from the campaign
  chronicle completions fish > ~/.config/fish/completions/chronicle.fish",
    ),
    (
        "man",
        "  chronicle man | man -l -
  chronicle man --dir ~/.local/share/man/man1",
    ),
    ("upgrade", "  chronicle upgrade"),
];

/// The options whose value is text a person types: taken even when it starts with `-`.
const FREE_TEXT: &[&str] = &[
    "players",
    "name_continent",
    "major_city",
    "minor_cities",
    "upgrades",
    "scars",
    "marks",
    "world_capital",
    "draft",
    "new_players",
    "note",
    "reason",
    "effect",
    "by",
    "name",
    "device",
];

const TERRITORY: Form = Form::one(Kind::Territory);
const CONTINENT: Form = Form::one(Kind::Continent);
const FACTION: Form = Form::one(Kind::Faction);
const PERSON: Form = Form::one(Kind::Person);
const PLAYER: Form = Form(&[
    (Kind::Person, Some('=')),
    (Kind::Faction, Some(':')),
    (Kind::Result, Some('@')),
    (Kind::Territory, None),
]);
const TERRITORY_IS: Form = Form(&[(Kind::Territory, Some('=')), (Kind::Person, None)]);
const SCAR: Form = Form(&[
    (Kind::Territory, Some('=')),
    (Kind::ScarType, Some('@')),
    (Kind::Person, None),
]);
const CONTINENT_IS: Form = Form(&[(Kind::Continent, Some('=')), (Kind::Person, None)]);
const PERSON_TERRITORY: Form = Form(&[(Kind::Person, Some(':')), (Kind::Territory, None)]);

/// What each option or argument completes to, by its id: (the commands it is in, `*` for
/// any; the id; the form).
const COMPLETED: &[(&str, &str, Form)] = &[
    ("*", "players", PLAYER),
    ("*", "name_continent", CONTINENT_IS),
    ("*", "continent_bonus", CONTINENT_IS),
    ("*", "major_city", TERRITORY_IS),
    ("*", "heal_scar", TERRITORY),
    ("*", "fortify", TERRITORY),
    ("*", "destroy_card", TERRITORY),
    ("*", "minor_cities", PERSON_TERRITORY),
    ("*", "upgrades", PERSON_TERRITORY),
    ("*", "scars", SCAR),
    ("*", "wear", TERRITORY_IS),
    ("*", "opened", Form::one(Kind::Packet)),
    ("*", "world_capital", TERRITORY_IS),
    ("*", "event_fortify", TERRITORY),
    ("*", "event_destroy_card", TERRITORY),
    ("*", "marks", TERRITORY_IS),
    ("*", "fallout", TERRITORY),
    ("*", "destroy_city", TERRITORY),
    ("*", "campaign", Form::one(Kind::Campaign)),
    ("*", "territory", TERRITORY),
    ("*", "territories", TERRITORY),
    ("*", "neighbours", TERRITORY),
    ("*", "continent", CONTINENT),
    ("*", "player", PERSON),
    ("*", "faction", FACTION),
    ("*", "by", PERSON),
    ("setup", "players", PERSON),
    ("campaign use", "name", Form::one(Kind::Campaign)),
    ("campaign rename", "old", Form::one(Kind::Campaign)),
    ("person rename", "old", PERSON),
    ("person merge", "from", PERSON),
    ("person merge", "into", PERSON),
    ("person retire", "name", PERSON),
    ("rule set", "name", Form::one(Kind::HouseRule)),
    ("packets open", "packet", Form::one(Kind::Packet)),
    ("alias add", "name", Form::one(Kind::AnyName)),
];

/// The whole command line: `Cli` with its examples, free-text options and completions.
pub(super) fn command() -> clap::Command {
    decorate(Cli::command(), "")
}

/// A command and those under it, `path` its words after `chronicle` ("game log").
fn decorate(mut command: clap::Command, path: &str) -> clap::Command {
    if let Some((_, examples)) = EXAMPLES.iter().find(|(p, _)| *p == path) {
        command = command.after_help(format!("Examples:\n{examples}"));
    }
    command = command.mut_args(|arg| {
        let id = arg.get_id().as_str().to_string();
        let mut arg = arg;
        if FREE_TEXT.contains(&id.as_str()) && !arg.is_positional() {
            arg = arg.allow_hyphen_values(true);
        }
        let form = COMPLETED
            .iter()
            .find(|(at, name, _)| *at == path && *name == id)
            .or_else(|| {
                COMPLETED
                    .iter()
                    .find(|(at, name, _)| *at == "*" && *name == id)
            });
        match form {
            Some((_, _, form)) => arg.add(form.completer()),
            None => arg,
        }
    });
    let names: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        let under = if path.is_empty() {
            name.clone()
        } else {
            format!("{path} {name}")
        };
        command = command.mut_subcommand(&name, |sub| decorate(sub, &under));
    }
    command
}
