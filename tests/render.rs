//! The renderers of the map and the page, on the demo campaign, through the library.

use chronicle::cli::demo::demo_entries;
use chronicle::domain::log::history::Filter;
use chronicle::domain::{Campaign, Entry, LoggedEntry, TakenBack};
use chronicle::render::html::{Page, page};
use chronicle::render::svg::map;
use chronicle::report::board::BoardView;
use chronicle::report::history::{game_views, history};
use chronicle::report::stats::StatsReport;

fn demo_board() -> BoardView {
    let entries = demo_entries().expect("the demo builds");
    let campaign = Campaign::replay(&entries).expect("the demo replays");
    BoardView::new("Demo", &campaign, None)
}

/// Every text of the document, element by element.
fn texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("the map is well-formed XML");
    let texts = doc
        .descendants()
        .filter_map(|n| n.text().filter(|_| n.is_text()));
    texts.map(str::to_string).collect()
}

#[test]
fn the_demo_map_is_well_formed_deterministic_svg() {
    let svg = map(&demo_board());
    let doc = roxmltree::Document::parse(&svg).expect("the map is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert!(root.attribute("viewBox").is_some());
    // It scales to the viewport it is shown in: no fixed size.
    assert_eq!(root.attribute("width"), None);
    assert_eq!(root.attribute("height"), None);
    assert_eq!(svg.matches("http").count(), 1, "nothing but the namespace");
    assert_eq!(
        svg,
        map(&demo_board()),
        "the same board gives the same bytes"
    );
}

#[test]
fn every_territory_and_city_is_on_the_map() {
    let board = demo_board();
    let texts = texts(&map(&board));
    for t in &board.territories {
        assert!(texts.contains(&t.name), "{}", t.name);
        if let Some(city) = &t.city {
            assert!(texts.contains(&city.name), "{}", city.name);
        }
    }
    let cities = board.territories.iter().filter(|t| t.city.is_some());
    assert!(cities.count() >= 5, "the demo has cities to draw");
    for signature in &board.signatures {
        assert!(texts.iter().any(|text| text.contains(&signature.player)));
    }
}

#[test]
fn names_with_markup_are_escaped() {
    let odd = "<&>\"' \u{1}x";
    let mut board = demo_board();
    board.campaign = format!("Tom {odd}");
    board.world_name = Some(odd.to_string());
    board.continents[0].given_name = Some(odd.to_string());
    board.signatures[0].player = odd.to_string();
    let city = board.territories.iter_mut().find_map(|t| t.city.as_mut());
    city.expect("the demo has a city").name = odd.to_string();
    let scar = board.territories.iter_mut().find_map(|t| t.scar.as_mut());
    scar.expect("the demo has a scar").kind = odd.to_string();
    let svg = map(&board);
    let texts = texts(&svg);
    let shown = "<&>\"' \u{FFFD}x";
    assert!(
        texts.iter().filter(|t| t.contains(shown)).count() >= 5,
        "{texts:?}"
    );
    assert!(!svg.contains("<&>"));
}

/// The demo campaign as the store would load it, its last `taken_back` entries taken back.
fn demo_page(name: &str, taken_back: usize) -> String {
    let mut game = 0;
    let mut log: Vec<LoggedEntry> = Vec::new();
    for (seq, entry) in demo_entries()
        .expect("the demo builds")
        .into_iter()
        .enumerate()
    {
        game += u32::from(matches!(entry, Entry::Game(_)));
        let number = matches!(entry, Entry::Game(_)).then_some(game);
        let at = "2026-05-01T10:00:00Z".to_string();
        let (seq, taken_back) = (seq as u32 + 1, None);
        log.push(LoggedEntry {
            id: chronicle::domain::EntryId(format!("00000000-0000-7000-8000-{seq:012}").into()),
            seq,
            game: number,
            recorded_at: at,
            logged_by: None,
            dated_by: None,
            entry: entry.into(),
            taken_back,
            exempt: false,
        });
    }
    let mut back = log.split_off(log.len() - taken_back);
    for entry in &mut back {
        let (at, reason) = (
            "2026-05-02T09:00:00Z".to_string(),
            Some("<&> typo".to_string()),
        );
        entry.taken_back = Some(TakenBack { at, reason });
    }
    let campaign = Campaign::replay(log.iter().map(|e| &*e.entry)).expect("the demo replays");
    let board = BoardView::new(name, &campaign, None);
    let games = game_views(&log).expect("the games are described");
    let all: Vec<LoggedEntry> = log.iter().chain(&back).cloned().collect();
    let history = history(&all, &Filter::default()).expect("the history is told");
    let stats = StatsReport::new(name, &log, &campaign);
    page(&Page {
        board: &board,
        games: &games,
        history: &history,
        stats: &stats,
        packets: None,
    })
}

#[test]
fn the_page_loads_nothing_and_runs_nothing() {
    let html = demo_page("Demo", 0);
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(!html.to_lowercase().contains("<script"));
    let outside = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    for banned in [
        "http://", "https://", "@import", "url(", "<link", "<img", "<iframe",
    ] {
        assert!(!outside.contains(banned), "{banned}");
    }
    assert!(html.contains("<meta name=\"viewport\""));
    assert!(html.contains("@media print"));
}

#[test]
fn the_page_shows_the_map_every_game_and_the_stats() {
    let html = demo_page("Demo", 0);
    let start = html.find("<svg").expect("the map is inline");
    let end = html.find("</svg>").expect("the map ends") + "</svg>".len();
    roxmltree::Document::parse(&html[start..end]).expect("the inline map is well-formed");
    for n in 1..=16 {
        assert!(html.contains(&format!("<li class=\"game\" id=\"game-{n}\"><h3>Game {n}<")));
    }
    for section in ["continents", "history", "statistics", "signatures"] {
        assert!(
            html.contains(&format!("<section id=\"{section}\">")),
            "{section}"
        );
    }
    for text in [
        "Players",
        "Factions",
        "Head to head",
        "Дмитрий",
        "Enclave of the Bear",
    ] {
        assert!(html.contains(text), "{text}");
    }
    assert!(html.contains("Before the first game"));
}

#[test]
fn a_game_taken_back_shows_in_the_timeline() {
    let html = demo_page("Demo", 1);
    assert!(html.contains("Game 16 taken back"), "the undo is shown");
    assert!(html.contains("&lt;&amp;&gt; typo"));
    assert!(!html.contains("id=\"game-16\""));
}

#[test]
fn names_are_escaped() {
    let html = demo_page("Tom <&> \"Jerry's\"", 0);
    assert!(html.contains("<title>Tom &lt;&amp;&gt; &quot;Jerry&#39;s&quot;</title>"));
    assert!(!html.contains("<&>"));
}

/// The selectors of a style sheet, those inside `@media` included.
fn selectors(css: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = css;
    while let Some(open) = rest.find('{') {
        let head = rest[..open].trim_start_matches(|c: char| c == '}' || c.is_whitespace());
        rest = &rest[open + 1..];
        if head.starts_with("@media") {
            continue;
        }
        let close = rest.find('}').expect("each rule is closed");
        rest = &rest[close + 1..];
        if !head.starts_with('@') {
            found.extend(head.split(',').map(|s| s.trim().to_string()));
        }
    }
    found
}

/// The class names and the element names a selector names.
fn named_in(selector: &str) -> (Vec<String>, Vec<String>) {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect()
    };
    let classes = selector.split('.').skip(1).map(ident).collect();
    let compounds = selector.split([' ', '>', '+', '~', '(']);
    let types = compounds.map(ident).filter(|t| !t.is_empty()).collect();
    (classes, types)
}

#[test]
fn the_map_and_the_page_do_not_style_each_other() {
    let html = demo_page("Demo", 0);
    let start = html.find("<svg").expect("the map is inline");
    let end = html.find("</svg>").expect("the map ends") + "</svg>".len();
    let doc = roxmltree::Document::parse(&html[start..end]).expect("the map parses");
    let root = doc.root_element();
    assert_eq!(root.attribute("class"), Some("chronicle-map"));
    // Every rule of the map's style reaches the map's elements alone.
    let style = doc.descendants().find(|n| n.has_tag_name("style"));
    let map_css = style.and_then(|s| s.text()).expect("the map's style");
    let map_selectors = selectors(map_css);
    assert!(map_selectors.len() >= 15, "{map_selectors:?}");
    for selector in &map_selectors {
        assert!(
            selector == ".chronicle-map" || selector.starts_with(".chronicle-map "),
            "{selector} is not scoped to the map"
        );
    }
    // And no rule of the page's reaches into the map: none names a class the map uses, or
    // one of its elements, and `*` leaves the map out.
    let map_classes: std::collections::BTreeSet<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("class"))
        .flat_map(str::split_whitespace)
        .collect();
    let map_elements: std::collections::BTreeSet<&str> = doc
        .descendants()
        .filter(roxmltree::Node::is_element)
        .map(|n| n.tag_name().name())
        .collect();
    assert!(map_classes.contains("note") && map_elements.contains("text"));
    let head = &html[..html.find("</head>").expect("a head")];
    let page_css = &head[head.find("<style>").expect("the page's style") + 7..];
    let page_selectors = selectors(&page_css[..page_css.find("</style>").expect("its end")]);
    assert!(page_selectors.len() >= 40, "{page_selectors:?}");
    for selector in &page_selectors {
        let (classes, types) = named_in(&selector.replace(":not(svg *)", ""));
        for class in classes {
            assert!(
                !map_classes.contains(class.as_str()),
                "{selector} styles the map's .{class}"
            );
        }
        for name in types {
            let own = name == "svg" && selector == "figure.map>svg";
            assert!(
                own || !map_elements.contains(name.as_str()),
                "{selector} styles the map's {name}"
            );
        }
        assert!(
            !selector.replace(":not(svg *)", "").contains('*'),
            "{selector} reaches the map"
        );
    }
}
