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

/// Adds a photo of `game` to the campaign (a JPEG made here, `width` wide) with `args`;
/// its id.
fn add_photo(env: &TestEnv, game: &str, width: u32, args: &[&str]) -> String {
    let path = env.dir().join(format!("taken-{game}-{width}.jpg"));
    std::fs::write(&path, crate::photo_files::jpeg(width, 300)).expect("the photo's file");
    let mut all = vec!["game", "photo", "add", game, path.to_str().unwrap()];
    all.extend_from_slice(args);
    env.ok(&all);
    let listed = env.json(&["game", "photo", "list", game, "--format", "json"]);
    listed["photos"].as_array().unwrap().last().unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The bytes `game photo show ID` writes.
fn shown(env: &TestEnv, id: &str) -> Vec<u8> {
    let out = env.dir().join(format!("shown-{id}.jpg"));
    env.ok(&["game", "photo", "show", id, "-o", out.to_str().unwrap()]);
    std::fs::read(out).expect("the photo shown")
}

/// The images of a page: what each `<img src="…">` holds, decoded from its `data:` address.
fn images_of(page: &str) -> Vec<Vec<u8>> {
    use base64::Engine as _;
    page.split("<img src=\"")
        .skip(1)
        .map(|rest| {
            let source = &rest[..rest.find('"').expect("the address ends")];
            let data = source
                .strip_prefix("data:image/jpeg;base64,")
                .unwrap_or_else(|| panic!("a photo inside the page, not {}", &source[..40]));
            base64::engine::general_purpose::STANDARD
                .decode(data)
                .expect("base64")
        })
        .collect()
}

#[test]
fn the_games_photos_follow_their_maps_in_the_page_and_the_book() {
    let env = TestEnv::demo();
    let board = add_photo(
        &env,
        "7",
        400,
        &["--caption", "Europe, all scars", "--by", "Ann"],
    );
    let table = add_photo(&env, "16", 500, &[]);
    let (board_bytes, table_bytes) = (shown(&env, &board), shown(&env, &table));

    let text = book(&env, "book", &[]);
    let seventh = text.split("\n## Game 7, played ").nth(1).unwrap();
    let seventh = &seventh[..seventh.find("\n## ").unwrap()];
    let map = seventh
        .find("![The board after game 7](game-7.svg)")
        .unwrap();
    let photo = format!("![Europe, all scars (photo by Ann)](photo-{board}.jpg)");
    assert!(seventh.find(&photo).is_some_and(|at| at > map), "{seventh}");
    assert!(text.contains(&format!("![A photo of game 16](photo-{table}.jpg)")));
    let folder = env.dir().join("book");
    for (id, bytes) in [(&board, &board_bytes), (&table, &table_bytes)] {
        let written = std::fs::read(folder.join(format!("photo-{id}.jpg"))).expect("the photo");
        assert_eq!(
            chronicle::store::sha256(&written),
            chronicle::store::sha256(bytes)
        );
    }

    let page = env.ok(&["story", "-o", "-"]).stdout;
    assert_eq!(images_of(&page), vec![board_bytes, table_bytes]);
    assert_eq!(page.matches(" loading=\"lazy\"").count(), 2);
    // Each keeps its place before it loads: its size in pixels is on it.
    assert!(page.contains(" width=\"400\" height=\"300\" loading=\"lazy\""));
    assert!(page.contains(" width=\"500\" height=\"300\" loading=\"lazy\""));
    assert!(page.contains("<figcaption>Europe, all scars (photo by Ann)</figcaption>"));
    assert!(page.contains("figure.photo img{display:block;max-width:100%"));
    assert!(
        !page.contains("<link") && !page.contains("<script"),
        "nothing is loaded from anywhere"
    );
}

#[test]
fn a_photo_whose_bytes_are_not_here_is_named_in_its_place() {
    let env = TestEnv::demo();
    let id = add_photo(&env, "7", 400, &["--caption", "Europe, all scars"]);
    let file = env.dir().join("campaign.json");
    env.ok(&["export", "--format", "json", "-o", file.to_str().unwrap()]);
    let elsewhere = TestEnv::new();
    elsewhere.ok(&["import", file.to_str().unwrap()]);
    let text = book(&elsewhere, "book", &[]);
    let named = format!("A photo not here yet ({id}): Europe, all scars");
    assert!(text.contains(&format!("*{named}*")), "{text}");
    assert!(
        !elsewhere
            .dir()
            .join(format!("book/photo-{id}.jpg"))
            .exists()
    );
    let page = elsewhere.ok(&["story", "-o", "-"]).stdout;
    assert!(page.contains(&format!("<p class=\"photo-not-here\">{named}</p>")));
    assert!(!page.contains("<img"));
}

#[test]
fn a_spoiler_free_story_leaves_the_photos_out_and_says_so() {
    let env = TestEnv::demo();
    let id = add_photo(&env, "7", 400, &["--caption", "Europe, all scars"]);
    let text = book(&env, "none", &["--spoilers", "none"]);
    let page = env.ok(&["story", "--spoilers", "none", "-o", "-"]).stdout;
    let line = "1 photo of games left out: a photo of the board may show what came from packets.";
    for shown in [&text, &page] {
        assert!(shown.contains(line));
        let named: Vec<&str> = shown
            .lines()
            .filter(|l| l.contains(&id) || l.contains("Europe, all scars"))
            .collect();
        assert!(named.is_empty(), "{named:?}");
        assert!(!shown.contains("](photo-") && !shown.contains("<img"));
    }
    assert!(!env.dir().join(format!("none/photo-{id}.jpg")).exists());
}
