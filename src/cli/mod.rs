//! The command line: parse, call the store and the domain, render. One file per command.

mod backup;
pub mod bench;
mod board;
mod campaign;
mod check;
mod coins;
mod context;
mod demo;
mod env;
mod error;
mod export;
mod faction;
mod fit;
mod game;
mod history;
mod import;
mod init;
mod lazy;
mod output;
mod packets;
mod pool;
mod power;
mod scar_type;
mod schema;
mod setup;
mod stats;
mod world;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};

pub use context::Context;
pub use error::{CliError, exit};
use lazy::Lazy;
pub use output::Format;
pub use schema::{campaign_schema, json_schemas};

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

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    Init(Lazy<init::Args>),
    /// Several campaigns in one database: list them, choose one
    #[command(subcommand)]
    Campaign(Lazy<campaign::Command>),
    Power(Lazy<power::Args>),
    Coins(Lazy<coins::Args>),
    /// The games: log one, list them, show one
    #[command(subcommand)]
    Game(Lazy<game::Command>),
    Board(Lazy<board::Args>),
    Pool(Lazy<pool::Args>),
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
    Backup(Lazy<backup::Args>),
    Check(Lazy<check::Args>),
    Stats(Lazy<stats::Args>),
    Setup(Lazy<setup::Args>),
    Packets(Lazy<packets::Args>),
    Demo(Lazy<demo::Args>),
}

impl Command {
    /// Whether the command writes to the database.
    pub fn writes(&self) -> bool {
        match self {
            Command::Init(_) | Command::Demo(_) | Command::Import(_) => true,
            Command::Campaign(command) => matches!(**command, campaign::Command::Use { .. }),
            Command::Power(args) => args.faction.is_some(),
            Command::Coins(args) => !args.territories.is_empty(),
            Command::Game(command) => match &**command {
                game::Command::Log(args) => !args.dry_run,
                game::Command::Undo(_) => true,
                game::Command::List | game::Command::Show { .. } => false,
            },
            Command::Board(_)
            | Command::Export(_)
            | Command::History(_)
            | Command::Stats(_)
            | Command::Setup(_) => false,
            Command::Packets(args) => args.command.is_some(),
            Command::ScarType(command) => !matches!(**command, scar_type::Command::List),
            Command::Faction(command) => !matches!(**command, faction::Command::List),
            Command::World(args) => args.command.is_some(),
            Command::Backup(_) | Command::Check(_) => false,
            Command::Pool(args) => args.command.is_some(),
        }
    }
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
    let color = match cli.color {
        ColorChoice::Never => false,
        _ if env::no_color() => false,
        ColorChoice::Always => true,
        ColorChoice::Auto => std::io::IsTerminal::is_terminal(&std::io::stderr()),
    };
    let writes = cli.command.writes();
    match run(cli) {
        Ok(()) => ExitCode::from(exit::DONE),
        Err(error) => {
            error.report(color, writes);
            ExitCode::from(error.code())
        }
    }
}

/// Parses the command line. Each subcommand's arguments are built only when clap needs
/// them (see `Lazy`), so the help that lists every subcommand with its summary builds them
/// all first.
fn parse() -> Result<Cli, clap::Error> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    match Cli::try_parse_from(&args) {
        Err(error)
            if matches!(
                error.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
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

/// Runs one parsed command.
pub fn run(cli: Cli) -> Result<(), CliError> {
    let context = Context::new(&cli)?;
    match cli.command {
        Command::Init(Lazy(args)) => init::run(&context, args),
        Command::Campaign(Lazy(command)) => campaign::run(&context, command),
        Command::Power(Lazy(args)) => power::run(&context, args),
        Command::Coins(Lazy(args)) => coins::run(&context, args),
        Command::Game(Lazy(command)) => game::run(&context, command),
        Command::Board(Lazy(args)) => board::run(&context, args),
        Command::Pool(Lazy(args)) => pool::run(&context, args),
        Command::History(Lazy(args)) => history::run(&context, args),
        Command::Export(Lazy(args)) => export::run(&context, args),
        Command::Import(Lazy(args)) => import::run(&context, args),
        Command::ScarType(Lazy(command)) => scar_type::run(&context, command),
        Command::Faction(Lazy(command)) => faction::run(&context, command),
        Command::World(Lazy(args)) => world::run(&context, args),
        Command::Backup(Lazy(args)) => backup::run(&context, args),
        Command::Check(Lazy(args)) => check::run(&context, args),
        Command::Stats(Lazy(args)) => stats::run(&context, args),
        Command::Setup(Lazy(args)) => setup::run(&context, args),
        Command::Packets(Lazy(args)) => packets::run(&context, args),
        Command::Demo(Lazy(args)) => demo::run(&context, args),
    }
}
