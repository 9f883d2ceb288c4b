//! Where the map draws its labels and marks, read back from the SVG: each territory's marks
//! and names inside its own tile (an island's clear of every tile), no label over another,
//! nothing outside the sea or the picture, and every shortened name whole in a tooltip. On
//! the demo campaign and on one of long names (a city on every territory, named at length,
//! scars and fortifications everywhere, continents given long names). Text widths are
//! estimated as the renderer estimates them (`chronicle::render::svg::text_width`).

use chronicle::cli::demo::demo_entries;
use chronicle::domain::Campaign;
use chronicle::render::svg::{map, text_width};
use chronicle::report::board::{
    BoardView, CityView, FortificationView, MarkView, ScarView, SignatureView,
};
use roxmltree::{Document, Node};

type Pt = (f64, f64);
/// left, top, right, bottom.
type Box4 = [f64; 4];

fn demo_board() -> BoardView {
    let entries = demo_entries().expect("the demo builds");
    let campaign = Campaign::replay(&entries).expect("the demo replays");
    BoardView::new("Demo", &campaign, None)
}

/// The demo with a long name wherever a name goes: a city founded on every territory (names
/// of 20 characters and more), a scar and a fortification on each, marks of sealed content,
/// continents named at length, long signatures.
fn long_board() -> BoardView {
    let mut board = demo_board();
    board.campaign = "The Long Campaign of the Extraordinarily Verbose Cartographers".into();
    for (i, view) in board.territories.iter_mut().enumerate() {
        let kind = ["minor", "major", "world_capital"][i % 3];
        let name = format!("Greater {} Metropolitan Harbour", view.name);
        assert!(name.chars().count() >= 20);
        view.city = Some(CityView {
            kind,
            name,
            founder: Some("Ann".into()),
            game: 1,
            population: 3,
        });
        view.scar = Some(ScarView {
            kind: "Ammunition Shortage Extraordinaire".into(),
            game: 2,
        });
        view.fortification = Some(FortificationView {
            boxes_left: 10,
            game: 3,
        });
        if i % 4 == 0 {
            view.mark = Some(MarkView {
                text: "Ruins of the Ancient Lighthouse Keepers".into(),
                game: 4,
            });
        }
    }
    for continent in &mut board.continents {
        continent.given_name = Some(format!(
            "The Most Serene Confederation of {}",
            continent.name
        ));
    }
    board.signatures.push(SignatureView {
        game: 17,
        player: "Maximiliana Wolkenkratzer-Sonnenschein".into(),
        faction: "The Enclave of the Bear and the Saharan Republic".into(),
        date: "2026-11-29".into(),
    });
    board
}

/// A drawn label or mark: what it is, whose it is (a territory's name, or "" for the
/// continents' labels and the notes), and the box it takes.
#[derive(Debug)]
struct Drawn {
    what: String,
    owner: String,
    bounds: Box4,
}

/// The font size of a text's classes, as the map's style sets them.
fn font_size(node: Node) -> f64 {
    if let Some(size) = node.attribute("style").and_then(|s| {
        let size = s.split("font-size:").nth(1)?;
        size.split("px").next()?.parse().ok()
    }) {
        return size;
    }
    let classes = node.attribute("class").unwrap_or("");
    let sizes = [
        ("tn", 12.0),
        ("cn", 11.0),
        ("mk", 10.0),
        ("sc", 10.0),
        ("dg", 9.5),
        ("note", 11.0),
        ("sm", 11.0),
        ("big", 22.0),
        ("lg", 12.0),
        ("hd", 14.0),
        ("fa", 10.5),
        ("who", 12.0),
        ("ti", 30.0),
        ("sub", 15.0),
        ("by", 12.0),
    ];
    let class = classes.split_whitespace().find_map(|c| {
        sizes
            .iter()
            .find(|(name, _)| *name == c)
            .map(|(_, size)| *size)
    });
    class.unwrap_or_else(|| panic!("a text of unknown size: {classes:?}"))
}

/// The text shown (a `<title>` is not shown).
fn shown(node: Node) -> String {
    node.descendants()
        .filter(Node::is_text)
        .filter(|n| n.parent().is_some_and(|p| p.tag_name().name() != "title"))
        .filter_map(|n| n.text())
        .collect()
}

fn number(node: Node, name: &str) -> f64 {
    node.attribute(name)
        .map_or(0.0, |v| v.parse().expect("a number"))
}

/// The box of a text element: its width estimated as the renderer does, from a little above
/// the capitals to below the descenders.
fn text_box(node: Node) -> Box4 {
    let (x, y) = (number(node, "x"), number(node, "y"));
    let pieces: Vec<(String, f64)> = if node.children().any(|c| c.tag_name().name() == "tspan") {
        let spans = node.children().filter(|c| c.tag_name().name() == "tspan");
        spans.map(|s| (shown(s), font_size(s))).collect()
    } else {
        vec![(shown(node), font_size(node))]
    };
    let width: f64 = pieces.iter().map(|(t, s)| text_width(t, *s)).sum();
    let size = pieces.iter().map(|p| p.1).fold(0.0, f64::max);
    let classes = node.attribute("class").unwrap_or("");
    let anchored = |c: &str| classes.split_whitespace().any(|k| k == c);
    let left = if ["tn", "dg", "big", "sm"].iter().any(|c| anchored(c)) {
        x - width / 2.0
    } else if anchored("by") {
        x - width
    } else {
        x
    };
    let (top, bottom) = (y - 0.8 * size, y + 0.25 * size);
    match node.attribute("transform") {
        // rotate(90 x y): the text reads downwards from (x, y).
        Some(turn) if turn.starts_with("rotate(90 ") => {
            [x - (bottom - y), y, x + (y - top), y + width]
        }
        Some(other) => panic!("a text turned otherwise: {other}"),
        None => [left, top, left + width, bottom],
    }
}

/// The box of a placed symbol (half its width and height around where it is put).
fn use_box(node: Node) -> Box4 {
    let id = node
        .attribute("href")
        .expect("a symbol")
        .trim_start_matches('#');
    let (w, h) = match id {
        "minor" => (7.3, 7.3),
        "major" | "signed" => (9.3, 9.3),
        "world_capital" => (10.5, 10.5),
        "scar" | "sealed" | "fallout" => (8.0, 8.0),
        "fort" => (6.0, 6.0),
        "card" | "lost" => (6.5, 8.0),
        "cross" => (9.0, 10.0),
        "lane" => (13.0, 1.0),
        "border" | "seam" => (15.0, 10.0),
        "region" => (11.0, 12.0),
        other => panic!("an unknown symbol: {other}"),
    };
    let (x, y) = (number(node, "x"), number(node, "y"));
    [x - w, y - h, x + w, y + h]
}

/// The corners of a path drawn as `Mx yLx y…Z`.
fn corners(d: &str) -> Vec<Pt> {
    let d = d.trim_start_matches('M').trim_end_matches('Z');
    d.split('L')
        .map(|p| {
            let (x, y) = p.split_once(' ').expect("x y");
            (x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect()
}

/// Everything the map draws inside its sea: the tiles by territory, the islands, the labels.
struct Map {
    tiles: Vec<(String, Vec<Pt>)>,
    islands: Vec<(String, Pt, f64)>,
    drawn: Vec<Drawn>,
    /// The sea, and the picture in the sea's coordinates.
    sea: Box4,
    picture: Box4,
    /// Labels outside the sea (title, legend, signatures), in the picture's coordinates.
    panel: Vec<Drawn>,
}

fn element_box(node: Node) -> Option<Box4> {
    match node.tag_name().name() {
        "text" => Some(text_box(node)),
        "use" => Some(use_box(node)),
        _ => None,
    }
}

fn read(svg: &str) -> Map {
    let doc = Document::parse(svg).expect("the map is well-formed");
    let root = doc.root_element();
    let view: Vec<f64> = root
        .attribute("viewBox")
        .expect("a viewBox")
        .split(' ')
        .map(|v| v.parse().expect("a number"))
        .collect();
    let group = root
        .children()
        .find(|n| {
            n.attribute("transform")
                .is_some_and(|t| t.starts_with("translate("))
        })
        .expect("the map's group");
    let shift: Vec<f64> = group.attribute("transform").unwrap()["translate(".len()..]
        .trim_end_matches(')')
        .split(',')
        .map(|v| v.parse().expect("a number"))
        .collect();
    let sea = group
        .children()
        .find(|n| n.tag_name().name() == "rect")
        .expect("the sea");
    let (sx, sy) = (number(sea, "x"), number(sea, "y"));
    let sea = [
        sx,
        sy,
        sx + number(sea, "width"),
        sy + number(sea, "height"),
    ];
    let picture = [
        view[0] - shift[0],
        view[1] - shift[1],
        view[2] - shift[0],
        view[3] - shift[1],
    ];
    let mut map = Map {
        tiles: Vec::new(),
        islands: Vec::new(),
        drawn: Vec::new(),
        sea,
        picture,
        panel: Vec::new(),
    };
    for node in group.children().filter(Node::is_element) {
        let tag = node.tag_name().name();
        if tag == "g" && node.attribute("stroke-width") == Some("1.5") {
            for path in node.children().filter(|n| n.tag_name().name() == "path") {
                let name = path.first_element_child().and_then(|t| t.text());
                let d = path.attribute("d").expect("a path");
                map.tiles
                    .push((name.expect("a tile's title").into(), corners(d)));
            }
        } else if tag == "g" && node.attribute("class") == Some("territory") {
            let owner = node.attribute("data-territory").expect("whose marks");
            for mark in node.children().filter(Node::is_element) {
                let bounds = element_box(mark).expect("a text or a symbol");
                let what = format!("{} {:?}", mark.tag_name().name(), shown(mark));
                map.drawn.push(Drawn {
                    what,
                    owner: owner.into(),
                    bounds,
                });
            }
        } else if tag == "circle" && node.attribute("class") == Some("added") {
            let title = node.first_element_child().and_then(|t| t.text()).unwrap();
            let name = title.trim_end_matches(" (added to the map)").to_string();
            let at = (number(node, "cx"), number(node, "cy"));
            map.islands.push((name, at, number(node, "r")));
        } else if tag == "text" {
            map.drawn.push(Drawn {
                what: format!("text {:?}", shown(node)),
                owner: String::new(),
                bounds: text_box(node),
            });
        }
    }
    for node in root.children().filter(Node::is_element) {
        if let Some(bounds) = element_box(node) {
            let bounds = [
                bounds[0] - shift[0],
                bounds[1] - shift[1],
                bounds[2] - shift[0],
                bounds[3] - shift[1],
            ];
            let what = format!("{} {:?}", node.tag_name().name(), shown(node));
            map.panel.push(Drawn {
                what,
                owner: String::new(),
                bounds,
            });
        }
    }
    assert!(map.tiles.len() >= 42, "{} tiles", map.tiles.len());
    map
}

/// Whether a point is inside a convex polygon, or within `slack` of it.
fn inside(polygon: &[Pt], (x, y): Pt, slack: f64) -> bool {
    let area: f64 = polygon
        .iter()
        .zip(polygon.iter().cycle().skip(1))
        .map(|(a, b)| a.0 * b.1 - b.0 * a.1)
        .sum();
    let turn = area.signum();
    polygon
        .iter()
        .zip(polygon.iter().cycle().skip(1))
        .all(|(a, b)| {
            let length = (b.0 - a.0).hypot(b.1 - a.1).max(1e-9);
            let cross = (b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0);
            turn * cross / length >= -slack
        })
}

fn box_corners(b: Box4) -> [Pt; 4] {
    [(b[0], b[1]), (b[2], b[1]), (b[2], b[3]), (b[0], b[3])]
}

/// Whether a box and a convex polygon overlap by more than `slack` (no axis parts them).
fn overlaps_tile(b: Box4, polygon: &[Pt], slack: f64) -> bool {
    let corners = box_corners(b);
    let mut axes: Vec<Pt> = vec![(1.0, 0.0), (0.0, 1.0)];
    for (a, c) in polygon.iter().zip(polygon.iter().cycle().skip(1)) {
        let length = (c.0 - a.0).hypot(c.1 - a.1);
        if length > 1e-6 {
            axes.push(((a.1 - c.1) / length, (c.0 - a.0) / length));
        }
    }
    axes.iter().all(|&(ax, ay)| {
        let project = |p: &Pt| ax * p.0 + ay * p.1;
        let range = |points: &mut dyn Iterator<Item = f64>| {
            points.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
        };
        let (b0, b1) = range(&mut corners.iter().map(project));
        let (p0, p1) = range(&mut polygon.iter().map(project));
        b1.min(p1) - b0.max(p0) > slack
    })
}

fn boxes_overlap(a: Box4, b: Box4) -> bool {
    a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5
}

fn within(b: Box4, frame: Box4) -> bool {
    b[0] >= frame[0] - 0.1
        && b[1] >= frame[1] - 0.1
        && b[2] <= frame[2] + 0.1
        && b[3] <= frame[3] + 0.1
}

/// What lies where it should not, one line each.
fn misplaced(map: &Map) -> Vec<String> {
    let mut wrong = Vec::new();
    for drawn in &map.drawn {
        let own = map.tiles.iter().find(|(name, _)| *name == drawn.owner);
        if let Some((name, tile)) = own
            && let Some(corner) = box_corners(drawn.bounds)
                .into_iter()
                .find(|&c| !inside(tile, c, 0.3))
        {
            wrong.push(format!(
                "{} of {name} leaves its tile at {corner:?}",
                drawn.what
            ));
        }
        for (name, tile) in &map.tiles {
            if *name != drawn.owner && overlaps_tile(drawn.bounds, tile, 0.3) {
                let whose = &drawn.owner;
                wrong.push(format!("{} of {whose:?} is over {name}", drawn.what));
            }
        }
        for other in &map.drawn {
            let theirs = other.owner != drawn.owner || drawn.owner.is_empty();
            if theirs && !std::ptr::eq(other, drawn) && boxes_overlap(drawn.bounds, other.bounds) {
                wrong.push(format!("{} is over {}", drawn.what, other.what));
            }
        }
        if !within(drawn.bounds, map.sea) {
            wrong.push(format!("{} leaves the sea: {:?}", drawn.what, drawn.bounds));
        }
    }
    for (name, tile) in &map.tiles {
        // The region is drawn 14 wide around the tiles: 7 beyond their edge.
        for &(x, y) in tile {
            if !within([x - 7.0, y - 7.0, x + 7.0, y + 7.0], map.sea) {
                wrong.push(format!("{name}'s tile leaves the sea at ({x}, {y})"));
            }
        }
    }
    for (name, (x, y), r) in &map.islands {
        if !within([x - r, y - r, x + r, y + r], map.sea) {
            wrong.push(format!("the island {name} leaves the sea"));
        }
    }
    for drawn in &map.panel {
        if !within(drawn.bounds, map.picture) {
            wrong.push(format!(
                "{} leaves the picture: {:?}",
                drawn.what, drawn.bounds
            ));
        }
    }
    wrong
}

#[test]
fn the_demo_map_keeps_every_label_on_its_territory_and_inside_the_frame() {
    let map = read(&map(&demo_board()));
    let wrong = misplaced(&map);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let drawn_marks = map.drawn.iter().filter(|d| !d.owner.is_empty()).count();
    assert!(drawn_marks > 120, "only {drawn_marks} marks were read");
}

#[test]
fn long_names_keep_to_their_territory_and_inside_the_frame() {
    let board = long_board();
    let map = read(&map(&board));
    let wrong = misplaced(&map);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Where a city's name has no room beside its mark (with a scar, a fortification and a
    // mark of sealed content beside it), the mark is drawn alone with the name as tooltip.
    let named = map.drawn.iter().filter(|d| d.what.contains("\"Greater "));
    let (named, all) = (named.count(), board.territories.len());
    assert!(
        named * 4 >= all * 3,
        "only {named} of {all} cities are named"
    );
}

/// Every text of the map cut short ends with "…" and has its whole in a `<title>`.
fn tooltips(svg: &str) -> (usize, Vec<String>) {
    let doc = Document::parse(svg).expect("the map is well-formed");
    let (mut cut, mut wrong) = (0, Vec::new());
    for text in doc.descendants().filter(|n| n.tag_name().name() == "text") {
        let shown = shown(text);
        if !shown.contains('…') {
            continue;
        }
        cut += 1;
        let title = text.children().find(|c| c.tag_name().name() == "title");
        let whole = title.and_then(|t| t.text()).unwrap_or("");
        let parts = shown.split('…').map(str::trim).filter(|p| !p.is_empty());
        let told = parts.clone().all(|part| whole.contains(part));
        if !told || whole.chars().count() <= shown.chars().count() {
            wrong.push(format!("{shown:?} has the tooltip {whole:?}"));
        }
    }
    (cut, wrong)
}

#[test]
fn every_shortened_name_is_whole_in_its_tooltip() {
    let board = long_board();
    let svg = map(&board);
    let (cut, wrong) = tooltips(&svg);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(
        cut >= 30,
        "only {cut} names were cut: the case does not test much"
    );
    for view in &board.territories {
        let city = &view.city.as_ref().expect("a city").name;
        assert!(
            svg.contains(&format!(">{city}<")),
            "{city} is nowhere whole"
        );
    }
    assert!(svg.contains("<title>Maximiliana Wolkenkratzer-Sonnenschein · The Enclave"));
    let (_, wrong) = tooltips(&map(&demo_board()));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
