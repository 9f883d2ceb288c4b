//! `chronicle demo`: a sample campaign of sixteen games, built through the same flags and
//! rules as `game log`, in its own database file.

use clap::Parser;

use super::context::{Context, create_folder, open_store, writing};
use super::env;
use super::error::CliError;
use super::game;
use super::game::LogArgs;
use super::output::{print, say};
use crate::domain::vocabulary::names::CampaignName;
use crate::domain::{Campaign, CheckedLog, Entry, Power, Territory};
use crate::report::board::BoardView;
use crate::store::{Access, mint_id};

/// Build the sample campaign "Demo" in its own database (or the --db given), replacing an
/// earlier demo, and print its board
#[derive(Debug, clap::Args)]
pub struct Args {}

const NAME: &str = "Demo";

/// One step of the demo, as a group would type it.
enum Step {
    Power(&'static str, Power),
    Coins(&'static [&'static str]),
    /// The flags of `chronicle game log`.
    Game(&'static [&'static str]),
}

const STEPS: &[Step] = &[
    Step::Power("bear", Power::A),
    Step::Power("khan", Power::B),
    Step::Power("saharan", Power::A),
    Step::Power("balkania", Power::B),
    Step::Power("mechaniker", Power::A),
    Step::Coins(&[
        "Egypt",
        "Egypt",
        "Brazil",
        "China",
        "Peru",
        "Peru",
        "Alaska",
        "Japan",
        "Argentina",
        "Indonesia",
        "India",
        "Great Britain",
    ]),
    Step::Game(&[
        "--date",
        "2026-01-10",
        "--player",
        "Ann=bear:won@Alaska",
        "--player",
        "Bo=khan:held-on@Peru",
        "--player",
        "Chidi=saharan:held-on@Egypt",
        "--player",
        "Дмитрий=balkania:held-on@Japan",
        "--major-city",
        "Egypt=Kyro",
        "--minor-city",
        "Bo:Peru=Lima Nova",
        "--upgrade",
        "Chidi:Egypt",
        "--minor-city",
        "Дмитрий:Japan=Edo",
        "--scar",
        "Brazil=Bunker",
        "--note",
        "The first game: Ann's bear took the north.",
    ]),
    Step::Game(&[
        "--date",
        "2026-01-17",
        "--player",
        "Bo=khan:won@Argentina",
        "--player",
        "Ann=bear:held-on@Alaska",
        "--player",
        "Chidi=saharan:eliminated@Madagascar",
        "--player",
        "Дмитрий=balkania:held-on@China",
        "--name-continent",
        "South America=Amazonia",
        "--minor-city",
        "Ann:Alaska=Nome",
        "--upgrade",
        "Дмитрий:China",
        "--scar",
        "Ural=Ammo Shortage",
        "--opened",
        "First elimination",
    ]),
    Step::Game(&[
        "--date",
        "2026-01-24",
        "--player",
        "Chidi=saharan:won@Madagascar",
        "--player",
        "Ann=bear:held-on@Ontario",
        "--player",
        "Bo=khan:held-on@Venezuela",
        "--player",
        "Eun-ji=mechaniker:held-on@Scandinavia",
        "--fortify",
        "Egypt",
        "--upgrade",
        "Ann:Ontario",
        "--minor-city",
        "Bo:Venezuela=Caracas Vieja",
        "--minor-city",
        "Eun-ji:Scandinavia=Čechy",
    ]),
    Step::Game(&[
        "--date",
        "2026-01-31",
        "--player",
        "Ann=bear:won@Egypt",
        "--player",
        "Bo=khan:held-on@Argentina",
        "--player",
        "Chidi=saharan:held-on@Madagascar",
        "--player",
        "Eun-ji=mechaniker:eliminated@Iceland",
        "--heal-scar",
        "Brazil",
        "--upgrade",
        "Bo:Argentina",
        "--minor-city",
        "Chidi:Madagascar=Tana",
        "--scar",
        "Siam=Ammo Shortage",
        "--wear",
        "Egypt=3",
        "--opened",
        "Second signature",
    ]),
    Step::Game(&[
        "--date",
        "2026-02-07",
        "--player",
        "Дмитрий=balkania:won@India",
        "--player",
        "Ann=bear:held-on@Yakutsk",
        "--player",
        "Bo=khan:held-on@Alberta",
        "--player",
        "Chidi=saharan:held-on@Indonesia",
        "--continent-bonus",
        "Asia=-1",
        "--minor-city",
        "Ann:Yakutsk=Ice Harbour",
        "--minor-city",
        "Bo:Kamchatka=Petro",
        "--upgrade",
        "Chidi:Indonesia",
    ]),
    Step::Game(&[
        "--date",
        "2026-02-14",
        "--player",
        "Eun-ji=mechaniker:won@Western Europe",
        "--player",
        "Дмитрий=balkania:held-on@Mongolia",
        "--player",
        "Ann=bear:eliminated",
        "--player",
        "Bo=khan:held-on@Ukraine",
        "--name-continent",
        "Europe=Офигеназия",
        "--minor-city",
        "Дмитрий:Mongolia=Ulaan",
        "--upgrade",
        "Bo:Russia",
        "--wear",
        "Egypt=2",
        "--opened",
        "Minor cities",
        "--note",
        "The ninth minor city: the Minor cities packet opened.",
    ]),
    Step::Game(&[
        "--date",
        "2026-02-21",
        "--player",
        "Bo=khan:won",
        "--player",
        "Chidi=saharan:held-on",
        "--player",
        "Eun-ji=mechaniker:held-on",
        "--player",
        "Дмитрий=balkania:held-on",
        "--destroy-card",
        "Brazil",
        "--upgrade",
        "Chidi:Egypt",
        "--upgrade",
        "Eun-ji:Western Europe",
        "--upgrade",
        "Дмитрий:China",
        "--scar",
        "Greenland=Bunker",
    ]),
    Step::Game(&[
        "--date",
        "2026-02-28",
        "--player",
        "Chidi=saharan:won",
        "--player",
        "Ann=bear:held-on",
        "--player",
        "Bo=khan:held-on",
        "--continent-bonus",
        "Africa=+1",
        "--upgrade",
        "Ann:Alaska",
        "--upgrade",
        "Bo:Peru",
        "--wear",
        "Egypt=5",
    ]),
    Step::Game(&[
        "--date",
        "2026-03-07",
        "--player",
        "Ann=bear:won@Egypt",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Дмитрий=balkania:held-on",
        "--player",
        "Eun-ji=mechaniker:eliminated",
        "--fortify",
        "Egypt",
        "--upgrade",
        "Bo:Argentina",
        "--upgrade",
        "Дмитрий:Japan",
        "--scar",
        "Kamchatka=Bunker",
        "--note",
        "Kyro's old fortification was worn out; Ann fortified it anew.",
    ]),
    Step::Game(&[
        "--date",
        "2026-03-14",
        "--player",
        "Eun-ji=mechaniker:won",
        "--player",
        "Ann=bear:held-on",
        "--player",
        "Chidi=saharan:held-on",
        "--player",
        "Bo=khan:held-on",
        "--major-city",
        "Western Europe=Lutetia",
        "--upgrade",
        "Ann:Ontario",
        "--upgrade",
        "Chidi:Madagascar",
    ]),
    Step::Game(&[
        "--date",
        "2026-03-21",
        "--player",
        "Дмитрий=balkania:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Eun-ji=mechaniker:held-on",
        "--name-continent",
        "Asia=Великая Степь",
        "--upgrade",
        "Bo:Venezuela",
        "--upgrade",
        "Eun-ji:Scandinavia",
        "--wear",
        "Egypt=4",
    ]),
    Step::Game(&[
        "--date",
        "2026-03-28",
        "--player",
        "Bo=khan:won",
        "--player",
        "Chidi=saharan:held-on",
        "--player",
        "Ann=bear:held-on",
        "--player",
        "Дмитрий=balkania:eliminated",
        "--heal-scar",
        "Greenland",
        "--upgrade",
        "Chidi:Indonesia",
        "--upgrade",
        "Ann:Yakutsk",
    ]),
    Step::Game(&[
        "--date",
        "2026-04-04",
        "--player",
        "Chidi=saharan:won",
        "--player",
        "Eun-ji=mechaniker:held-on",
        "--player",
        "Bo=khan:held-on",
        "--major-city",
        "Congo=Nyota",
        "--upgrade",
        "Eun-ji:Western Europe",
    ]),
    Step::Game(&[
        "--date",
        "2026-04-11",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:held-on",
        "--player",
        "Дмитрий=balkania:held-on",
        "--name-continent",
        "North America=Cybertron",
        "--upgrade",
        "Bo:Peru",
        "--upgrade",
        "Дмитрий:Mongolia",
    ]),
    Step::Game(&[
        "--date",
        "2026-04-18",
        "--player",
        "Bo=khan:won",
        "--player",
        "Ann=bear:held-on",
        "--player",
        "Eun-ji=mechaniker:held-on",
        "--fortify",
        "Japan",
        "--upgrade",
        "Ann:Great Britain",
        "--note",
        "The fifteenth game: rewards stop here.",
    ]),
    Step::Game(&[
        "--date",
        "2026-04-25",
        "--player",
        "Chidi=saharan:won",
        "--player",
        "Ann=bear:held-on",
        "--player",
        "Bo=khan:eliminated",
        "--scar",
        "India=Ammo Shortage",
        "--wear",
        "Japan=2",
        "--note",
        "After game 15 the world still scars.",
    ]),
];

/// The `game log` flags of a demo game, parsed as the command line would.
#[derive(Parser)]
#[command(name = "game-log")]
struct DemoGame {
    #[command(flatten)]
    args: LogArgs,
}

/// The demo's log, each entry made from its step against the campaign so far.
pub fn demo_entries() -> Result<Vec<Entry>, CliError> {
    let mut campaign = Campaign::new();
    let mut entries = Vec::with_capacity(STEPS.len());
    for step in STEPS {
        let entry = match step {
            Step::Power(faction, power) => Entry::Power {
                faction: campaign.find_faction(faction)?,
                power: *power,
            },
            Step::Coins(territories) => Entry::Coins {
                territories: territories
                    .iter()
                    .map(|t| Territory::find(t))
                    .collect::<Result<_, _>>()?,
            },
            Step::Game(flags_given) => {
                let parsed = DemoGame::try_parse_from(
                    std::iter::once("game-log").chain(flags_given.iter().copied()),
                )
                .map_err(|e| CliError::bug(format!("A game of the demo does not parse: {e}")))?;
                let date = game::sheet::date(parsed.args.date.as_deref(), chrono::NaiveDate::MAX)?;
                Entry::Game(Box::new(game::sheet::game(&parsed.args, &campaign, date)?))
            }
        };
        entries.push(campaign.apply(&entry)?.entry);
    }
    Ok(entries)
}

pub fn run(context: &Context, _args: Args) -> Result<(), CliError> {
    let (path, store, log) = writing(|| {
        let path = if let Some(path) = context.db_flag() {
            path.clone()
        } else {
            let path = env::demo_db()?;
            create_folder(&path)?;
            path
        };
        let stamp = context.clock.stamp();
        let fixed = context.clock.fixed();
        let log = CheckedLog::from_entries(&demo_entries()?, &stamp, |seq| {
            mint_id(&stamp, fixed.then_some((0, seq)))
        })?;
        let mut store = open_store(&path, Access::Create)?;
        store.replace_demo(&CampaignName::new(NAME)?, &stamp, &log)?;
        Ok((path, store, log))
    })?;
    let campaign = log.campaign();
    print(&BoardView::new(NAME, campaign, None), context)?;
    let alone = store.campaigns()?.len() == 1;
    let db = if alone {
        format!("--db \"{}\"", path.display())
    } else {
        format!("--db \"{}\" --campaign {NAME}", path.display())
    };
    say(&format!(
        "\nThe demo campaign \"{NAME}\" ({} games) is in {}. Explore it:\n  chronicle {db} board --continent Africa\n  chronicle {db} game list\n  chronicle {db} game show 6\n  chronicle {db} pool\n  chronicle {db} board --format json",
        campaign.games_played(),
        path.display()
    ));
    Ok(())
}
