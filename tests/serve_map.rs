//! `chronicle serve` draws the map once per log head: the pages read at one head show the
//! map kept from the first, and a game logged by another process makes the next page show
//! the new map, the export's at the new head; a board read `?after=N` keeps its own map.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Child;
use std::time::Duration;

use crate::common::TestEnv;
use crate::serve::stop;

/// `chronicle serve` on loopback, any port: the process and the host and port it printed.
fn serving(env: &TestEnv) -> (Child, String) {
    let (child, url) = crate::serve::serving(env, &[]);
    (child, crate::serve::authority(&url))
}

/// The map a page of the server at `authority` shows (its `<svg>…</svg>`).
fn served_map(authority: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(authority).expect("a connection");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("a timeout");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n"
    )
    .expect("the request");
    let mut text = String::new();
    stream.read_to_string(&mut text).expect("the answer");
    assert!(text.starts_with("HTTP/1.1 200"), "{path}: {text}");
    map_in(&text).unwrap_or_else(|| panic!("{path} shows no map"))
}

/// The `<svg>…</svg>` in `text`.
fn map_in(text: &str) -> Option<String> {
    let start = text.find("<svg")?;
    let end = text.find("</svg>")? + "</svg>".len();
    Some(text[start..end].to_string())
}

/// The map `chronicle export --format svg` draws of the campaign now.
fn exported_map(env: &TestEnv) -> String {
    map_in(&env.ok(&["export", "--format", "svg"]).stdout).expect("the export's map")
}

#[test]
fn a_game_logged_by_another_process_shows_its_map_on_the_next_page() {
    let env = TestEnv::demo();
    let (child, at) = serving(&env);
    let after_five = served_map(&at, "/board?after=5");
    let before = exported_map(&env);
    for path in ["/", "/board", "/map", "/", "/board"] {
        assert_eq!(served_map(&at, path), before, "{path}: the map now");
    }
    assert_ne!(
        after_five, before,
        "the board after game 5 is not the board now"
    );
    assert_eq!(
        served_map(&at, "/board?after=5"),
        after_five,
        "a board read after game 5 keeps its own map"
    );

    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-05-01",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:eliminated",
    ]);
    let after = exported_map(&env);
    assert_ne!(after, before, "the game changed the map");
    for path in ["/board", "/", "/map"] {
        assert_eq!(served_map(&at, path), after, "{path}: the new map");
    }
    assert_eq!(served_map(&at, "/board?after=5"), after_five);
    stop(child);
}
