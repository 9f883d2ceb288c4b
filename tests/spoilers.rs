//! `export --spoilers opened|none` for the report and the page: the packets opened so far
//! at the top, and with `none` nothing that came from a packet (a faction and a scar type
//! added, a group mark, fallout, a territory added to the map, the world capital).

use crate::common::TestEnv;

/// What came from packets in the campaign `sealed` builds, as a report would name it.
pub(crate) const FROM_PACKETS: &[&str] = &[
    "Sirens of Zanzibar",
    "Poison Gas",
    "Atlantis",
    "Glowing rune",
    "Nova Roma",
    "fallout",
];

/// The demo, then a faction, a scar type and a territory from packets, and a game that
/// uses all of them with a group mark, fallout and the world capital.
pub(crate) fn sealed() -> TestEnv {
    let env = TestEnv::demo();
    env.ok(&["faction", "add", "Sirens of Zanzibar"]);
    env.ok(&["scar-type", "add", "Poison Gas", "--count", "3"]);
    env.ok(&["territory", "add", "Atlantis", "--neighbours", "Brazil"]);
    env.ok(&["packets", "open", "world capital"]);
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-05-02",
        "--player",
        "Ann=Sirens:won@Atlantis",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:eliminated",
        "--scar",
        "Peru=Poison Gas",
        "--mark",
        "Iceland=Glowing rune",
        "--fallout",
        "Ontario",
        "--world-capital",
        "Argentina=Nova Roma",
    ]);
    env
}

/// The report's text, and the page's text without its map's legend of symbols (which
/// names every kind of mark a board can have, opened or not).
fn reports(env: &TestEnv, spoilers: &str) -> [String; 2] {
    let md = env
        .ok(&["export", "--format", "md", "--spoilers", spoilers])
        .stdout;
    let html = env
        .ok(&["export", "--format", "html", "--spoilers", spoilers])
        .stdout;
    // The map's symbols and its legend, from LEGEND to SIGNATURES, are the same on
    // every board.
    let without_legend = html
        .lines()
        .filter(|l| !l.starts_with("<defs>"))
        .scan(false, |in_legend, line| {
            if line.contains(">LEGEND<") {
                *in_legend = true;
            } else if line.contains(">SIGNATURES<") {
                *in_legend = false;
            }
            Some((!*in_legend).then_some(line))
        })
        .flatten()
        .collect::<Vec<_>>()
        .join("\n");
    [md, without_legend]
}

#[test]
fn a_spoiler_free_report_leaves_out_everything_from_packets() {
    let env = sealed();
    for (format, text) in ["md", "html"].iter().zip(reports(&env, "none")) {
        for name in FROM_PACKETS {
            assert!(
                !text.to_lowercase().contains(&name.to_lowercase()),
                "--spoilers none, {format}: {name:?} is shown"
            );
        }
        assert!(
            text.contains("4 packets opened so far; this report leaves out what came from them."),
            "{format}: the header"
        );
        // What the printed game gives stays: Ann's win, the board's cities.
        assert!(text.contains("Kyro") && text.contains("Ann"), "{format}");
        assert!(
            text.contains("a faction from a packet"),
            "{format}: Ann's faction"
        );
    }
}

#[test]
fn the_report_names_the_packets_opened_so_far_by_default() {
    let env = sealed();
    for (format, text) in ["md", "html"].iter().zip(reports(&env, "opened")) {
        assert!(
            text.contains("Packets opened so far: First elimination (game 2), Second signature (game 4), Minor cities (game 6), World capital (game 16)."),
            "{format}: the header"
        );
        for name in FROM_PACKETS {
            assert!(
                text.to_lowercase().contains(&name.to_lowercase()),
                "{format}: {name}"
            );
        }
    }
    let default = env.ok(&["export", "--format", "md"]).stdout;
    assert_eq!(default, reports(&env, "opened")[0]);
}

#[test]
fn spoilers_go_with_the_report_and_the_page_only() {
    let env = TestEnv::demo();
    for format in ["json", "svg", "bgstats"] {
        let run = env.run_expect(2, &["export", "--format", format, "--spoilers", "none"]);
        assert!(
            run.stderr.contains("it goes with --format md or html"),
            "{}",
            run.stderr
        );
    }
}
