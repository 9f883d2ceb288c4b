//! The command line: parse, call the store and the domain, print. One file per command;
//! [`Context`] decides the terminal facts once; [`CliError`] carries the error kinds and
//! their exit codes.

mod after;
mod alias;
mod backup;
pub mod bench;
mod board;
mod campaign;
mod check;
mod coins;
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
mod json;
mod lazy;
pub mod long_log;
mod output;
mod packets;
mod person;
mod pool;
mod power;
mod progress;
mod rule;
mod scar_type;
mod setup;
mod shell;
mod stats;
mod sync;
mod talk;
mod territory;
mod undo;
mod upgrade;
mod world;

use std::process::ExitCode;

use clap::error::ErrorKind as ClapErrorKind;
use clap::{CommandFactory, Parser, Subcommand};

pub use context::{Context, Terminal};
pub use error::{CliError, ErrorKind, exit};
pub use format::{ColorChoice, Format};
use lazy::{Lazy, Only};

/// chronicle: the ledger of a Risk Legacy campaign played on the physical board.
///
/// Log each game in a minute after the session; chronicle holds the rules, refuses what they
/// forbid, and tells you what the world looks like now.
#[derive(Debug, Parser)]
#[command(name = "chronicle", version, after_help = env::HELP, max_term_width = 100)]
pub struct Cli {
    /// The database file [default: $CHRONICLE_DB, else chronicle.db in your data folder]
    #[arg(long, global = true, value_name = "PATH")]
    pub db: Option<std::path::PathBuf>,

    /// The campaign to use [default: $CHRONICLE_CAMPAIGN, else the only one, or the one last
    /// used]
    #[arg(long, global = true, value_name = "NAME")]
    pub campaign: Option<String>,

    /// How to print data
    #[arg(long, global = true, value_enum, default_value_t = Format::Table)]
    pub format: Format,

    /// Colour in messages
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Never prompt; a missing answer is an error instead
    #[arg(long, global = true)]
    pub no_input: bool,

    /// Print long error messages whole
    #[arg(long, global = true)]
    pub verbose: bool,

    #[command(subcommand)]
    pub command: Only<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    Init(Lazy<init::Args>),
    /// Several campaigns in one database: list them, choose one
    #[command(subcommand)]
    Campaign(Lazy<campaign::Command>),
    Power(Lazy<power::Args>),
    Coins(Lazy<coins::Args>),
    /// The games: log one, correct one or insert a forgotten one, list them, show one
    #[command(subcommand)]
    Game(Lazy<game::Command>),
    /// People of the campaign: rename one, or merge one person typed two ways
    #[command(subcommand)]
    Person(Lazy<person::Command>),
    Board(Lazy<board::Args>),
    Pool(Lazy<pool::Args>),
    /// House rules a group may switch off: list them, switch one on or off
    #[command(subcommand)]
    Rule(Lazy<rule::Command>),
    /// A group's own words for names: add one, list them
    #[command(subcommand)]
    Alias(Lazy<alias::Command>),
    /// Territories sealed content adds to the map
    #[command(subcommand)]
    Territory(Lazy<territory::Command>),
    History(Lazy<history::Args>),
    Export(Lazy<export::Args>),
    Import(Lazy<import::Args>),
    /// Scar types found in sealed packets: add one, list them
    #[command(subcommand, name = "scar-type")]
    ScarType(Lazy<scar_type::Command>),
    /// Factions: add one found in a sealed packet, list them, mark or scar a faction card
    #[command(subcommand)]
    Faction(Lazy<faction::Command>),
    World(Lazy<world::Args>),
    Sync(Lazy<sync::Args>),
    Backup(Lazy<backup::Args>),
    Upgrade(Lazy<upgrade::Args>),
    Undo(Lazy<undo::Args>),
    Check(Lazy<check::Args>),
    Stats(Lazy<stats::Args>),
    Setup(Lazy<setup::Args>),
    Packets(Lazy<packets::Args>),
    Demo(Lazy<demo::Args>),
    Completions(Lazy<shell::CompletionsArgs>),
    Man(Lazy<shell::ManArgs>),
}

/// Runs chronicle with the process's arguments and returns its exit code.
pub fn main() -> ExitCode {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(error) => {
            let code = if error.use_stderr() {
                exit::USAGE
            } else {
                exit::DONE
            };
            // A closed pipe while printing help is not worth a word.
            let _ = error.print();
            return ExitCode::from(code);
        }
    };
    let terminal = match Terminal::new(cli.color, cli.no_input, cli.verbose) {
        Ok(terminal) => terminal,
        Err(error) => {
            error.print(&Terminal::plain());
            return ExitCode::from(error.code());
        }
    };
    match run(cli, terminal) {
        Ok(()) => ExitCode::from(exit::DONE),
        Err(error) => {
            error.print(&terminal);
            ExitCode::from(error.code())
        }
    }
}

/// Parses the command line: first with a tree that holds only the subcommand the line
/// names (`parse_only`), then, if that does not parse it, with the whole tree, whose
/// messages are printed. Each subcommand's arguments are built only when clap needs them
/// (see `Lazy`), so the help that lists every subcommand with its summary builds them all
/// first.
fn parse() -> Result<Cli, clap::Error> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(cli) = lazy::parse_only::<Cli, Command>(&args) {
        return Ok(cli);
    }
    match Cli::try_parse_from(&args) {
        Err(error)
            if matches!(
                error.kind(),
                ClapErrorKind::DisplayHelp
                    | ClapErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) =>
        {
            let mut command = Cli::command();
            command.build();
            match command.try_get_matches_from(&args) {
                Err(full) => Err(full),
                Ok(_) => Err(error),
            }
        }
        parsed => parsed,
    }
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
        C::Campaign(Lazy(command)) => matches!(command, campaign::Command::List),
        C::Power(Lazy(args)) => args.faction.is_none(),
        C::Coins(Lazy(args)) => args.territories.is_empty(),
        C::Game(Lazy(command)) => !matches!(command, game::Command::Undo(_)),
        C::Pool(Lazy(args)) => args.command.is_none(),
        C::Rule(Lazy(command)) => matches!(command, rule::Command::List { .. }),
        C::Alias(Lazy(command)) => matches!(command, alias::Command::List),
        C::ScarType(Lazy(command)) => matches!(command, scar_type::Command::List),
        C::Faction(Lazy(command)) => matches!(command, faction::Command::List),
        C::World(Lazy(args)) => args.command.is_none(),
        C::Packets(Lazy(args)) => args.command.is_none(),
        C::Board(_)
        | C::History(_)
        | C::Export(_)
        | C::Sync(_)
        | C::Check(_)
        | C::Stats(_)
        | C::Setup(_)
        | C::Demo(_) => true,
    }
}

/// Runs one parsed command.
pub fn run(cli: Cli, terminal: Terminal) -> Result<(), CliError> {
    if cli.format != Format::Table && !prints_data(&cli.command.0) {
        return Err(CliError::usage(format!(
            "This command prints messages, not data, so --format {} has nothing to shape; leave it out (the commands that print data, such as board, history, stats, setup and the list commands, take table, json, csv or md).",
            cli.format.key()
        ))
        .nothing_written());
    }
    let context = Context::new(cli.db.clone(), cli.campaign.clone(), cli.format, terminal)?;
    match cli.command.0 {
        Command::Init(Lazy(args)) => init::run(&context, args),
        Command::Campaign(Lazy(command)) => campaign::run(&context, command),
        Command::Power(Lazy(args)) => power::run(&context, args),
        Command::Coins(Lazy(args)) => coins::run(&context, args),
        Command::Game(Lazy(command)) => game::run(&context, command),
        Command::Person(Lazy(command)) => person::run(&context, command),
        Command::Board(Lazy(args)) => board::run(&context, args),
        Command::Pool(Lazy(args)) => pool::run(&context, args),
        Command::Rule(Lazy(command)) => rule::run(&context, command),
        Command::Alias(Lazy(command)) => alias::run(&context, command),
        Command::Territory(Lazy(command)) => territory::run(&context, command),
        Command::History(Lazy(args)) => history::run(&context, args),
        Command::Export(Lazy(args)) => export::run(&context, args),
        Command::Import(Lazy(args)) => import::run(&context, args),
        Command::ScarType(Lazy(command)) => scar_type::run(&context, command),
        Command::Faction(Lazy(command)) => faction::run(&context, command),
        Command::World(Lazy(args)) => world::run(&context, args),
        Command::Sync(Lazy(args)) => sync::run(&context, args),
        Command::Backup(Lazy(args)) => backup::run(&context, args),
        Command::Upgrade(Lazy(args)) => upgrade::run(&context, args),
        Command::Undo(Lazy(args)) => undo::run(&context, args),
        Command::Check(Lazy(args)) => check::run(&context, args),
        Command::Stats(Lazy(args)) => stats::run(&context, args),
        Command::Setup(Lazy(args)) => setup::run(&context, args),
        Command::Packets(Lazy(args)) => packets::run(&context, args),
        Command::Demo(Lazy(args)) => demo::run(&context, args),
        Command::Completions(Lazy(args)) => shell::completions(&args),
        Command::Man(Lazy(args)) => shell::man(&args),
    }
}
