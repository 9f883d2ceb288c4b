//! `story`: the whole campaign told as a chronicle. The demo's Markdown book is pinned by a
//! snapshot; each of its 16 games has a chapter and a map (in the book's folder and inline
//! in the page); with `--spoilers none` no name of what packets brought appears in either;
//! pandoc reads the book and its maps; bad output choices are refused with nothing written.

use std::path::Path;
use std::process::Command;

use crate::common::TestEnv;
use crate::spoilers::{FROM_PACKETS, sealed};

/// The demo's games.
const GAMES: u32 = 16;

/// `story --format md -o DIR` of `env` with `args`: the book's text.
fn book(env: &TestEnv, dir: &str, args: &[&str]) -> String {
    let mut all = vec!["story", "--format", "md", "-o", dir];
    all.extend_from_slice(args);
    env.ok(&all);
    std::fs::read_to_string(env.dir().join(dir).join("story.md")).expect("story.md is written")
}

#[test]
fn the_demos_story_is_told_game_by_game() {
    let env = TestEnv::demo();
    let text = book(&env, "book", &[]);
    insta::assert_snapshot!("demo-story-md", text);
}

#[test]
fn each_game_has_a_chapter_and_a_map() {
    let env = TestEnv::demo();
    let text = book(&env, "book", &[]);
    let folder = env.dir().join("book");
    for game in 1..=GAMES {
        assert_eq!(
            text.matches(&format!("\n## Game {game}, played ")).count(),
            1,
            "the chapter of game {game}"
        );
        let image = format!("![The board after game {game}](game-{game}.svg)");
        assert!(text.contains(&image), "the map of game {game} in the book");
        let svg = std::fs::read_to_string(folder.join(format!("game-{game}.svg")))
            .expect("a map per game");
        assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"));
    }
    assert!(!folder.join(format!("game-{}.svg", GAMES + 1)).exists());
    // The map of a chapter is the board after that game, as `board --after N` has it.
    let after_5 = env
        .ok(&["export", "--format", "svg", "--after", "5"])
        .stdout;
    let map_5 = std::fs::read_to_string(folder.join("game-5.svg")).expect("game 5's map");
    assert_eq!(map_5.trim_end(), after_5.trim_end());
    let page = env.ok(&["story", "-o", "-"]).stdout;
    for game in 1..=GAMES {
        assert!(page.contains(&format!("<section class=\"chapter\" id=\"game-{game}\">")));
        assert!(page.contains(&format!("The board after game {game}</figcaption>")));
    }
    assert_eq!(page.matches("<svg ").count(), GAMES as usize);
    assert!(
        !page.contains(" src=") && !page.contains("<link") && !page.contains("<script"),
        "nothing is loaded from anywhere"
    );
}

#[test]
fn the_page_is_written_to_story_html_unless_told_otherwise() {
    let env = TestEnv::demo();
    env.test()
        .args(["story"])
        .stderr("Wrote story.html (16 chapters).\n")
        .run();
    let page = std::fs::read_to_string(env.dir().join("story.html")).expect("story.html");
    assert_eq!(
        page,
        env.ok(&["story", "--format", "html", "-o", "-"]).stdout
    );
}

#[test]
fn a_spoiler_free_story_leaves_out_everything_from_packets() {
    let env = sealed();
    let text = book(&env, "none", &["--spoilers", "none"]);
    let page = env.ok(&["story", "--spoilers", "none", "-o", "-"]).stdout;
    let mut maps = String::new();
    for game in 1..=GAMES + 1 {
        let map = std::fs::read_to_string(env.dir().join(format!("none/game-{game}.svg")))
            .expect("a map per game");
        maps.push_str(&map);
    }
    for (what, shown) in [
        ("md", &text),
        ("html", &without_legend(&page)),
        ("maps", &without_legend(&maps)),
    ] {
        for name in FROM_PACKETS {
            assert!(
                !shown.to_lowercase().contains(&name.to_lowercase()),
                "--spoilers none, {what}: {name:?} is shown"
            );
        }
    }
    assert!(text.contains("4 packets opened; this story leaves out what came from them."));
    assert!(text.contains("a faction from a packet"), "Ann's faction");
    let opened = book(&env, "opened", &[]);
    for name in FROM_PACKETS {
        assert!(
            opened.to_lowercase().contains(&name.to_lowercase()) || *name == "fallout",
            "the story names {name} by default"
        );
    }
}

/// A page or map without its legend of symbols, which names every kind of mark a board can
/// have, opened or not (as `tests/spoilers.rs` reads the export's page).
fn without_legend(text: &str) -> String {
    text.lines()
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
        .join("\n")
}

#[test]
fn a_markdown_story_needs_a_folder_and_other_formats_are_refused() {
    let env = TestEnv::demo();
    env.test()
        .args(["story", "--format", "md"])
        .status(2)
        .stderr_has("give -o DIR")
        .writes_nothing()
        .run();
    for format in ["json", "csv"] {
        env.test()
            .args(["story", "--format", format])
            .status(2)
            .stderr_has("--format html (one page, the default) or md")
            .writes_nothing()
            .run();
    }
    assert!(!env.dir().join("story.html").exists());
}

#[test]
fn pandoc_reads_the_book_and_its_maps() {
    if Command::new("pandoc").arg("--version").output().is_err() {
        crate::common::skipped("pandoc is not installed: the story's Markdown read by pandoc");
        return;
    }
    let env = TestEnv::demo();
    book(&env, "book", &[]);
    let folder = env.dir().join("book");
    let output = Command::new("pandoc")
        .current_dir(&folder)
        .args(["-f", "gfm", "-t", "html", "story.md"])
        .output()
        .expect("pandoc runs");
    assert!(output.status.success(), "pandoc reads story.md");
    let page = String::from_utf8(output.stdout).expect("pandoc writes UTF-8");
    for game in 1..=GAMES {
        assert!(
            page.contains(&format!("src=\"game-{game}.svg\"")),
            "pandoc shows the map of game {game}"
        );
        assert!(Path::new(&folder.join(format!("game-{game}.svg"))).exists());
    }
    assert!(page.contains("Дмитрий"));
}

#[test]
fn what_was_recorded_after_a_game_and_the_corrections_close_its_chapter() {
    let env = TestEnv::demo();
    env.ok(&[
        "pool",
        "set",
        "minor_city",
        "10",
        "--reason",
        "our box has a spare sheet",
    ]);
    env.ok(&["person", "rename", "Bo", "Bola"]);
    let text = book(&env, "book", &[]);
    let last = text
        .split("\n## Game 16, played ")
        .nth(1)
        .expect("the chapter of game 16");
    let after = last
        .find("### After game 16")
        .expect("what came after game 16");
    let corrections = last.find("### Corrections").expect("the corrections");
    let map = last.find("![The board after game 16]").expect("the map");
    assert!(map < after && after < corrections, "{last}");
    assert!(last[after..corrections].contains("minor"), "{last}");
    assert!(last[corrections..].contains("Bola"), "{last}");
    assert!(
        text.contains("- Bola: Khan Industries"),
        "the people by their name now"
    );
}
