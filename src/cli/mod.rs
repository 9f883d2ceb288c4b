//! The command line: parse, ask the ledger, print. One file per command (the guided prompt
//! in `prompt/`); [`Context`] decides the terminal facts once; [`CliError`] carries the
//! error kinds and their exit codes.

mod after;
mod alias;
mod backup;
mod board;
mod campaign;
mod check;
mod coins;
mod colour;
mod command;
mod complete;
mod complete_shells;
mod context;
pub mod demo;
mod env;
mod error;
mod explain;
mod export;
mod faction;
mod format;
mod game;
mod history;
mod import;
mod init;
mod ledger_said;
mod output;
mod packets;
mod person;
mod photo_folder;
mod pool;
mod power;
mod progress;
mod prompt;
mod recap;
mod rule;
mod scar_type;
#[cfg(feature = "serve")]
mod serve;
mod setup;
mod shell;
mod stats;
mod story;
mod sync;
mod talk;
mod territory;
mod undo;
mod upgrade;
mod world;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{FromArgMatches, Parser, Subcommand};

pub use colour::Colour;
pub use context::{Context, Terminal};
pub use error::{CliError, ErrorKind, exit};
pub use format::{ColorChoice, Format};

/// The ledger of a Risk Legacy campaign played on the physical board
///
/// Log each game in a minute after the session; chronicle holds the rules, refuses what they
/// forbid, and tells you what the world looks like now.
#[derive(Debug, Parser)]
#[command(name = "chronicle", version, after_help = env::help(), max_term_width = 100)]
pub struct Cli {
    /// The database file [default: $CHRONICLE_DB, else chronicle.db in your data folder]
    #[arg(long, global = true, value_name = "PATH")]
    pub db: Option<std::path::PathBuf>,

    /// The campaign to use [default: $CHRONICLE_CAMPAIGN, else the only one, or the one last
    /// used]
    #[arg(long, global = true, value_name = "NAME")]
    pub campaign: Option<String>,

    /// How to print data [default: table]
    #[arg(long, global = true, value_enum)]
    pub format: Option<Format>,

    /// Colour in messages, table titles, help and errors (auto: see "Environment" in
    /// `chronicle --help`)
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Never prompt; a missing answer is an error instead
    #[arg(long, global = true)]
    pub no_input: bool,

    /// Print long error messages whole
    #[arg(long, global = true)]
    pub verbose: bool,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    Init(init::Args),
    /// Several campaigns in one database: list them, choose one
    #[command(subcommand)]
    Campaign(campaign::Command),
    Power(power::Args),
    Coins(coins::Args),
    /// The games: log one, correct one or insert a forgotten one, list them, show one
    #[command(subcommand)]
    Game(game::Command),
    /// People of the campaign: rename one, or merge one person typed two ways
    #[command(subcommand)]
    Person(person::Command),
    Board(board::Args),
    Pool(pool::Args),
    /// House rules a group may switch off: list them, switch one on or off
    #[command(subcommand)]
    Rule(rule::Command),
    /// A group's own words for names: add one, list them
    #[command(subcommand)]
    Alias(alias::Command),
    /// Territories sealed content adds to the map
    #[command(subcommand)]
    Territory(territory::Command),
    History(history::Args),
    Export(export::Args),
    Import(import::Args),
    /// Scar types found in sealed packets: add one, list them
    #[command(subcommand, name = "scar-type")]
    ScarType(scar_type::Command),
    /// Factions: add one found in a sealed packet, list them, mark or scar a faction card
    #[command(subcommand)]
    Faction(faction::Command),
    World(world::Args),
    Sync(sync::Args),
    Backup(backup::Args),
    Upgrade(upgrade::Args),
    Undo(undo::Args),
    Check(check::Args),
    Stats(stats::Args),
    Setup(setup::Args),
    Packets(packets::Args),
    Recap(recap::Args),
    Story(story::Args),
    #[cfg(feature = "serve")]
    Serve(serve::Args),
    Demo(demo::Args),
    Completions(shell::CompletionsArgs),
    Man(shell::ManArgs),
}

/// Runs chronicle with the process's arguments and returns its exit code.
pub fn main() -> ExitCode {
    shell::complete_if_asked();
    let args: Vec<OsString> = std::env::args_os().collect();
    let cli = match parse(args) {
        Ok(cli) => cli,
        Err(code) => return ExitCode::from(code),
    };
    let colour = Colour::decide(cli.color, env::colour_vars());
    let (terminal, warning) = Terminal::new(colour, cli.no_input, cli.verbose);
    if let Some(warning) = warning
        && cli.format.unwrap_or(Format::Table) == Format::Table
        && prints_data(&cli.command)
    {
        talk::warn(colour.stderr, &warning);
    }
    match run(cli, terminal) {
        Ok(()) => ExitCode::from(exit::DONE),
        Err(error) => {
            error.print(&terminal);
            ExitCode::from(error.code())
        }
    }
}

/// The command line parsed; else clap's help, version or usage error printed in the colour
/// `--color` and the environment decide, and the exit code to end with.
fn parse(args: Vec<OsString>) -> Result<Cli, u8> {
    let colour = Colour::decide(colour::flag_in(&args), env::colour_vars());
    let command = command::command().color(colour::for_clap(colour.stderr));
    let parsed = command
        .try_get_matches_from(args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    parsed.map_err(|error| {
        let text = error.render().ansi().to_string();
        if error.use_stderr() {
            colour::to_stderr(colour.stderr, &text);
            exit::USAGE
        } else {
            // A closed pipe while printing help is not worth a word.
            let _ = colour::to_stdout(colour.stdout, &text);
            exit::DONE
        }
    })
}

/// Whether the command prints data, which `--format` shapes; the others print messages
/// only, on stderr.
fn prints_data(command: &Command) -> bool {
    use Command as C;
    match command {
        C::Init(_)
        | C::Person(_)
        | C::Territory(_)
        | C::Import(_)
        | C::Backup(_)
        | C::Upgrade(_)
        | C::Undo(_)
        | C::Completions(_)
        | C::Man(_) => false,
        C::Campaign(command) => matches!(command, campaign::Command::List),
        C::Power(args) => args.faction.is_none(),
        C::Coins(args) => args.territories.is_empty(),
        C::Game(command) => !matches!(
            command,
            game::Command::Undo(_)
                | game::Command::Photo(
                    game::photo::Command::Add(_)
                        | game::photo::Command::Show(_)
                        | game::photo::Command::Remove(_)
                )
        ),
        C::Pool(args) => args.command.is_none(),
        C::Rule(command) => matches!(command, rule::Command::List { .. }),
        C::Alias(command) => matches!(command, alias::Command::List),
        C::ScarType(command) => matches!(command, scar_type::Command::List),
        C::Faction(command) => matches!(command, faction::Command::List),
        C::World(args) => args.command.is_none(),
        C::Packets(args) => args.command.is_none(),
        C::Board(_)
        | C::History(_)
        | C::Export(_)
        | C::Sync(_)
        | C::Check(_)
        | C::Stats(_)
        | C::Setup(_)
        | C::Demo(_)
        | C::Recap(_)
        | C::Story(_) => true,
        #[cfg(feature = "serve")]
        C::Serve(_) => false,
    }
}

/// Runs one parsed command.
pub fn run(cli: Cli, terminal: Terminal) -> Result<(), CliError> {
    let format = cli.format.unwrap_or(Format::Table);
    if format != Format::Table && !prints_data(&cli.command) {
        return Err(CliError::usage(format!(
            "This command prints messages, not data, so --format {} has nothing to shape; leave it out (the commands that print data, such as board, history, stats, setup and the list commands, take table, json, csv or md).",
            format.key()
        ))
        .nothing_written());
    }
    if matches!(cli.command, Command::Export(_)) && cli.format == Some(Format::Table) {
        return Err(CliError::usage(
            "export writes a file: --format json (the default), csv, md, svg, html or bgstats. A table is for the terminal: `chronicle board`, `chronicle history` and the other read commands print one.",
        )
        .nothing_written());
    }
    let context = Context::new(cli.db.clone(), cli.campaign.clone(), format, terminal)?;
    match cli.command {
        Command::Init(args) => init::run(&context, args),
        Command::Campaign(command) => campaign::run(&context, command),
        Command::Power(args) => power::run(&context, args),
        Command::Coins(args) => coins::run(&context, args),
        Command::Game(command) => game::run(&context, command),
        Command::Person(command) => person::run(&context, command),
        Command::Board(args) => board::run(&context, args),
        Command::Pool(args) => pool::run(&context, args),
        Command::Rule(command) => rule::run(&context, command),
        Command::Alias(command) => alias::run(&context, command),
        Command::Territory(command) => territory::run(&context, command),
        Command::History(args) => history::run(&context, args),
        Command::Export(args) => export::run(&context, args),
        Command::Import(args) => import::run(&context, args),
        Command::ScarType(command) => scar_type::run(&context, command),
        Command::Faction(command) => faction::run(&context, command),
        Command::World(args) => world::run(&context, args),
        Command::Sync(args) => sync::run(&context, args),
        Command::Backup(args) => backup::run(&context, args),
        Command::Upgrade(args) => upgrade::run(&context, args),
        Command::Undo(args) => undo::run(&context, args),
        Command::Check(args) => check::run(&context, args),
        Command::Stats(args) => stats::run(&context, args),
        Command::Setup(args) => setup::run(&context, args),
        Command::Packets(args) => packets::run(&context, args),
        Command::Recap(args) => recap::run(&context, args),
        Command::Story(args) => story::run(&context, args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(&context, args),
        Command::Demo(args) => demo::run(&context, args),
        Command::Completions(args) => shell::completions(&args),
        Command::Man(args) => shell::man(&args),
    }
}
