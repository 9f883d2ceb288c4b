//! `chronicle export --format json|csv|md|svg|html [-o FILE]`: the whole campaign.

use std::path::{Path, PathBuf};

use super::context::Context;
use super::error::CliError;
use super::format::Format;
use super::output::{out, say};
use super::photo_folder;
use crate::exchange::CampaignFile;
use crate::files::{self, Symlinks};
use crate::ledger::{exported_log, named_images};
use crate::render::csv_export::{self, CsvTable};
use crate::render::{bgstats, html, md_report, svg};
use crate::report::export::CampaignExport;
use crate::report::spoilers::Spoilers;
use crate::store::Access;

use super::after::{AfterArgs, check_after};

/// Export the whole campaign: json (lossless, for `import`), csv (a folder of tables), md (a
/// printable report), svg (a map of the board), html (one self-contained page) or bgstats
/// (a BG Stats link per game)
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where to write: a file (a folder for csv), or - for stdout [default: stdout]
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// Write through the output if it is a symbolic link (replacing the file it points at)
    #[arg(long)]
    pub follow_symlink: bool,
    /// With --format csv: print one table on stdout (territories, continents, games, players,
    /// history)
    #[arg(long, value_name = "NAME")]
    pub table: Option<String>,
    /// With md or html: `opened` names the packets opened so far at the top; `none` leaves
    /// out everything that came from packets, for groups that have not opened them
    /// [default: opened]
    #[arg(long, value_enum, value_name = "WHICH")]
    pub spoilers: Option<SpoilersArg>,
    /// With --spoilers none: keep the games' notes (free text, which may name what a packet
    /// brought, is left out otherwise)
    #[arg(long)]
    pub notes: bool,
    /// With --format json: write the images of the file's photos (each copy, and the
    /// original where kept) into this folder as <sha256>.<ext>, for `import --photos`
    #[arg(long, value_name = "DIR")]
    pub photos: Option<PathBuf>,
    #[command(flatten)]
    pub time: AfterArgs,
}

/// How much of the packets' contents a report shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SpoilersArg {
    /// Everything, with the packets opened so far named at the top
    Opened,
    /// Nothing that came out of a packet: which were opened and when, each named as on its
    /// envelope, and no more
    None,
}

impl SpoilersArg {
    pub(super) fn spoilers(self) -> Spoilers {
        match self {
            SpoilersArg::Opened => Spoilers::Opened,
            SpoilersArg::None => Spoilers::None,
        }
    }
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let format = match context.format {
        Format::Table => Format::Json,
        other => other,
    };
    let (info, stored) = context.read()?;
    if format == Format::Json && args.time.after.is_some() {
        return Err(CliError::usage(
            "The campaign file holds the whole log (import works out any moment of it); --after goes with md, csv, svg and html.",
        ));
    }
    check_after(args.time.after, &stored.entries)?;
    if args.photos.is_some() && format != Format::Json {
        return Err(CliError::usage(
            "--photos writes the photo files beside the campaign file: it goes with --format json.",
        ));
    }
    if args.spoilers.is_some() && !matches!(format, Format::Md | Format::Html) {
        return Err(CliError::usage(
            "--spoilers shapes a report for people: it goes with --format md or html.",
        ));
    }
    let log = exported_log(stored);
    let named = named_images(&log.records);
    let mut export = CampaignExport::new(
        &info.name,
        &info.created_at,
        log,
        format != Format::Json,
        args.time.after,
    )?;
    if matches!(format, Format::Md | Format::Html) {
        export.with_spoilers(
            args.spoilers
                .map_or(Spoilers::Opened, SpoilersArg::spoilers),
            args.notes,
        );
    }
    let output = args.output.as_deref().filter(|o| o.as_os_str() != "-");
    let symlinks = if args.follow_symlink {
        Symlinks::Follow
    } else {
        Symlinks::Refuse
    };
    if format == Format::Csv {
        return csv(&export, output, args.table.as_deref(), symlinks);
    }
    if args.table.is_some() {
        return Err(CliError::usage("--table goes with --format csv."));
    }
    let text = match format {
        Format::Md => md_report::campaign_report(&export),
        Format::Svg => svg::map(&export.board),
        Format::Bgstats => bgstats::links(&info.uid, &export),
        Format::Html => html::page(&html::Page {
            board: &export.board,
            games: &export.games,
            history: &export.history,
            stats: &export.stats,
            packets: export.packets.as_ref(),
        }),
        Format::Json | Format::Table | Format::Csv => {
            CampaignFile::new(&export, &info.uid, &context.clock.stamp())
                .to_json()
                .map_err(|e| {
                    CliError::bug(format!("The campaign file could not be written: {e}."))
                })?
        }
    };
    match output {
        Some(path) => {
            files::write(path, symlinks, text.as_bytes())?;
            say(&format!("Wrote {}.", path.display()));
        }
        None => out(&text)?,
    }
    match &args.photos {
        Some(folder) => photo_folder::write(&context.open(Access::Read)?, folder, &named),
        None => Ok(()),
    }
}

/// `export --format csv -o DIR`: the five tables into a folder, or one of them on stdout
/// with `--table NAME`.
fn csv(
    export: &CampaignExport,
    folder: Option<&Path>,
    only: Option<&str>,
    symlinks: Symlinks,
) -> Result<(), CliError> {
    if let Some(name) = only {
        let table = CsvTable::find(name).ok_or_else(|| {
            let names: Vec<&str> = CsvTable::ALL.iter().map(|t| t.name()).collect();
            CliError::usage(format!(
                "There is no table \"{}\"; the tables are {}.",
                name.trim().trim_end_matches(".csv").to_lowercase(),
                names.join(", ")
            ))
        })?;
        return out(&csv_export::table(export, table)?);
    }
    let Some(folder) = folder else {
        return Err(CliError::usage(
            "A CSV export is a folder of tables: give -o DIR, or --table NAME for one table on stdout.",
        ));
    };
    files::folder(folder, symlinks)?;
    for table in CsvTable::ALL {
        files::write(
            &folder.join(format!("{}.csv", table.name())),
            symlinks,
            csv_export::table(export, table)?.as_bytes(),
        )?;
    }
    say(&format!(
        "Wrote {} tables in {}.",
        CsvTable::ALL.len(),
        folder.display()
    ));
    Ok(())
}
