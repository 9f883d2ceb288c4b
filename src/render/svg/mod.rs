//! `export --format svg`: a map of the board drawn by chronicle: the six continents as
//! coloured regions of territory tiles, dashed lanes between neighbours whose tiles do not
//! touch, the marks the campaign left (cities, scars, fortifications, cards), a legend and
//! the signatures.
//!
//! The output depends on the board alone: the same board gives the same bytes.

use std::f64::consts::TAU;
use std::fmt::Write as _;

use crate::domain::{Continent, Territory};
use crate::report::board::{BoardView, ContinentView};

/// The canvas of the territory positions (`Territory::position`).
const MAP_W: f64 = 1200.0;
const MAP_H: f64 = 700.0;
/// Sea left and right of the positions' canvas, where lanes leave the map.
const MARGIN: f64 = 44.0;
const WIDTH: f64 = MAP_W + 2.0 * MARGIN;
/// Where the map starts below the title.
const MAP_TOP: f64 = 78.0;
/// How far a tile reaches from its territory's point, at most.
const REACH: f64 = 68.0;
/// Half the border between neighbours, of the seam between tiles of a continent that are
/// not neighbours, and of the sea between continents.
const BORDER: f64 = 1.2;
const SEAM: f64 = 4.5;
const SEA_GAP: f64 = 13.0;
const LANE: &str = "#1d5a8a";

/// The colours of each continent, in board order: its tiles, its region, its text.
pub(super) const PALETTES: [[&str; 3]; 6] = [
    ["#f6dc8c", "#d9b54a", "#6b4f00"],
    ["#f4b3a2", "#d9775e", "#7d2a17"],
    ["#b7cdef", "#7e9fd4", "#1f3f75"],
    ["#eac59c", "#c79257", "#6a3f12"],
    ["#bcdcaa", "#84b76b", "#2c5a1a"],
    ["#d7bde8", "#a783c4", "#4f2a6e"],
];

/// The class of the map's root element: every rule of its style starts with it, so that the
/// map embedded in a page styles nothing of the page.
pub(crate) const ROOT_CLASS: &str = "chronicle-map";

/// The rules of the map's style, each scoped to the root by `style`. The first sets what the
/// map's text would otherwise inherit from a page around it.
const RULES: [&str; 20] = [
    "{font:16px sans-serif;letter-spacing:normal;word-spacing:normal;text-transform:none}",
    " text{font-family:sans-serif;fill:#24313d}",
    " .lg{font-size:12px}",
    " .h{paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}",
    " .dw{fill:#fff}",
    " .tn{font-size:12px;font-weight:bold;text-anchor:middle}",
    " .cn{font-size:11px;font-style:italic}",
    " .mk{font-size:10px;font-weight:bold}",
    " .sc{font-size:10px;font-weight:bold;fill:#a4161a}",
    " .dg{font-size:9.5px;font-weight:bold;text-anchor:middle}",
    " .dl{fill:#7a7a7a}",
    " .hd{font-size:14px;font-weight:bold;letter-spacing:1px}",
    " .fa{font-size:10.5px;fill:#5a6773}",
    " .big{font-size:22px;font-weight:bold;font-family:serif;text-anchor:middle}",
    " .sm{font-size:11px;font-weight:bold;letter-spacing:0.5px;text-anchor:middle}",
    " .ti{font-size:30px;font-weight:bold;font-family:serif}",
    " .sub{font-size:15px;fill:#4a5a68}",
    " .by{font-size:12px;fill:#6b7883;text-anchor:end}",
    " .note{font-size:11px;font-weight:bold;fill:#1d5a8a;stroke:none}",
    " .who{font-size:12px;font-weight:bold;font-style:italic;font-family:serif}",
];

/// The map's style: every rule reaches only the map's own elements.
fn style() -> String {
    let mut style = String::new();
    for rule in RULES {
        let _ = write!(style, ".{ROOT_CLASS}{rule}");
    }
    style
}

/// A point on the canvas.
type Pt = (f64, f64);
/// A rectangle: left, top, width, height.
type Rect = (f64, f64, f64, f64);

/// The board as an SVG document: deterministic, well-formed XML.
pub fn map(board: &BoardView) -> String {
    let tiles: Vec<Vec<Pt>> = Territory::all().map(|t| tile(&t)).collect();
    let top = MAP_TOP + MAP_H + 16.0;
    let mut panel = String::new();
    let panel_h = legend(&mut panel, top, board).max(signatures(&mut panel, board, top));
    let (w, h) = (num(WIDTH), num(top + panel_h + 12.0));
    let name = esc(&board.campaign);
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" \
         class=\"{ROOT_CLASS}\" viewBox=\"0 0 {w} {h}\" role=\"img\">\n\
         <title>{name}: the board</title>\n<style>{}</style>\n{DEFS}\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#fbf8f1\"/>\n",
        style()
    );
    title(&mut out, board);
    let (x, y) = (num(MARGIN), num(MAP_TOP));
    let _ = writeln!(out, "<g transform=\"translate({x},{y})\">");
    sea(&mut out);
    regions(&mut out, &tiles, 1);
    regions(&mut out, &tiles, 0);
    let mut notes = lanes(&mut out, &tiles);
    let placed = added::places(board);
    notes.extend(added::room(&placed));
    added::islands(&mut out, board, &tiles, &placed);
    continent_labels(&mut out, board, notes);
    for view in &board.territories {
        let territory = Territory::named(&view.name);
        let at = added::at(&territory, &placed);
        match tile_of(&tiles, &territory) {
            Some(tile) => territory_marks(&mut out, view, at, tile),
            None => territory_marks(&mut out, view, at, &room::circle(at, added::ROOM)),
        }
    }
    out.push_str("</g>\n");
    out.push_str(&panel);
    out.push_str("</svg>\n");
    out
}

/// Text for XML, in an element or an attribute. Characters XML cannot hold become U+FFFD.
pub(super) fn esc(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            '\t' | '\n' | '\r' => escaped.push(' '),
            c if c < ' ' || c == '\u{FFFE}' || c == '\u{FFFF}' => escaped.push('\u{FFFD}'),
            c => escaped.push(c),
        }
    }
    escaped
}

/// A number with at most one decimal, never "-0".
fn num(value: f64) -> String {
    let text = format!("{:.1}", (value * 10.0).round() / 10.0 + 0.0);
    text.strip_suffix(".0").unwrap_or(&text).to_string()
}

/// Writes a text element of these classes; the text is escaped here.
fn text(out: &mut String, (x, y): Pt, c: &str, t: &str) {
    let (x, y, t) = (num(x), num(y), esc(t));
    let _ = writeln!(out, "<text x=\"{x}\" y=\"{y}\" class=\"{c}\">{t}</text>");
}

/// Writes a text of these classes, cut to `room` wide (its font is `size`); a text cut shows
/// its whole in a tooltip.
fn label(out: &mut String, (x, y): Pt, (c, size): (&str, f64), full: &str, room: f64) {
    let shown = fit(full, size, room);
    if shown == full {
        return text(out, (x, y), c, full);
    }
    let (x, y, shown, full) = (num(x), num(y), esc(&shown), esc(full));
    let _ = writeln!(
        out,
        "<text x=\"{x}\" y=\"{y}\" class=\"{c}\"><title>{full}</title>{shown}</text>"
    );
}

/// About how wide a text is drawn in a sans-serif font of this size: how the map sizes the
/// room of its labels (and how its tests measure them).
pub fn text_width(text: &str, size: f64) -> f64 {
    let width = |c: char| match c {
        '\u{1100}'..='\u{115F}'
        | '\u{2E80}'..='\u{A4CF}'
        | '\u{AC00}'..='\u{D7A3}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{FF00}'..='\u{FF60}'
        | '\u{1F300}'..='\u{1FAFF}' => 1.0,
        'i' | 'l' | 'j' | 'I' | '.' | ',' | '\'' | ' ' => 0.3,
        c if c.is_uppercase() || c == 'm' || c == 'w' => 0.7,
        _ => 0.57,
    };
    text.chars().map(width).sum::<f64>() * size
}

/// The text cut to fit a width, with an ellipsis when cut.
fn fit(text: &str, size: f64, width: f64) -> String {
    if text_width(text, size) <= width {
        return text.to_string();
    }
    let mut cut = String::new();
    for c in text.chars() {
        cut.push(c);
        if text_width(&cut, size) + size * 0.6 > width {
            cut.pop();
            break;
        }
    }
    format!("{}…", cut.trim_end())
}

fn palette(continent: Continent) -> [&'static str; 3] {
    PALETTES[continent.index() % PALETTES.len()]
}

/// Where a printed territory is drawn.
/// A printed territory's tile; none for an added one, which is drawn as an island.
fn tile_of<'a>(tiles: &'a [Vec<Pt>], territory: &Territory) -> Option<&'a [Pt]> {
    territory
        .printed_index()
        .and_then(|at| tiles.get(at))
        .map(Vec::as_slice)
}

fn point(territory: &Territory) -> Pt {
    let (x, y) = territory.position().unwrap_or((600, 350));
    (f64::from(x), f64::from(y))
}

fn title(out: &mut String, board: &BoardView) {
    let games = match board.games_played {
        1 => "1 game played".to_string(),
        n => format!("{n} games played"),
    };
    let sub = match &board.world_name {
        Some(world) => format!("The World of {world} · {games}"),
        None => games,
    };
    label(
        out,
        (24.0, 40.0),
        ("ti", 30.0),
        &board.campaign,
        WIDTH - 60.0,
    );
    label(out, (24.0, 64.0), ("sub", 15.0), &sub, 800.0);
    let by = "A Risk Legacy campaign · drawn by chronicle";
    text(out, (WIDTH - 24.0, 64.0), "by", by);
}

fn sea(out: &mut String) {
    let (x, r) = (num(8.0 - MARGIN), num(MAP_W + MARGIN - 8.0));
    let _ = writeln!(
        out,
        "<rect x=\"{x}\" y=\"0\" width=\"{}\" height=\"{MAP_H}\" rx=\"10\" fill=\"#d4e6f1\" \
         stroke=\"#9dbfd6\"/>\n<path d=\"M{x} 140H{r}M{x} 280H{r}M{x} 420H{r}M{x} 560H{r}\" \
         stroke=\"#c3dbea\"/>",
        num(WIDTH - 16.0)
    );
}

/// Keeps the part of a convex polygon where `normal · p <= limit`.
fn clip(polygon: &[Pt], normal: Pt, limit: f64) -> Vec<Pt> {
    let side = |p: Pt| normal.0 * p.0 + normal.1 * p.1 - limit;
    let mut kept = Vec::with_capacity(polygon.len() + 2);
    for (a, b) in edges(polygon) {
        let (sa, sb) = (side(a), side(b));
        if sa <= 0.0 {
            kept.push(a);
        }
        if (sa < 0.0 && sb > 0.0) || (sa > 0.0 && sb < 0.0) {
            let t = sa / (sa - sb);
            kept.push((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t));
        }
    }
    kept
}

fn edges(polygon: &[Pt]) -> impl Iterator<Item = (Pt, Pt)> + '_ {
    let next = move |i: usize| polygon[(i + 1) % polygon.len()];
    (0..polygon.len()).map(move |i| (polygon[i], next(i)))
}

/// A territory's tile: the part of the board nearer to it than to any other territory,
/// within its reach; a thin border parts it from its neighbours, a seam from the other
/// tiles of its continent, the sea from other continents.
fn tile(territory: &Territory) -> Vec<Pt> {
    let (x, y) = point(territory);
    let corner = |i: u32| f64::from(i) * TAU / 32.0;
    let circle = (0..32)
        .map(corner)
        .map(|a| (x + REACH * a.cos(), y + REACH * a.sin()));
    let mut polygon: Vec<Pt> = circle.collect();
    for other in Territory::all().filter(|o| o != territory) {
        let (ox, oy) = point(&other);
        let distance = (ox - x).hypot(oy - y);
        if distance > 2.0 * REACH {
            continue;
        }
        let neighbours = territory.printed_neighbours().any(|n| n == other);
        let same = other.printed_continent() == territory.printed_continent();
        let gap = match (same, neighbours) {
            (false, _) => SEA_GAP,
            (true, true) => BORDER,
            (true, false) => SEAM,
        };
        let normal = ((ox - x) / distance, (oy - y) / distance);
        let limit = normal.0 * (x + ox) / 2.0 + normal.1 * (y + oy) / 2.0 - gap;
        polygon = clip(&polygon, normal, limit);
    }
    // Inside the sea by more than half the width of the region drawn around the tiles.
    let inset = 12.0;
    polygon = clip(&polygon, (0.0, -1.0), -inset);
    polygon = clip(&polygon, (0.0, 1.0), MAP_H - inset);
    polygon = clip(&polygon, (-1.0, 0.0), MARGIN - 8.0 - inset);
    clip(&polygon, (1.0, 0.0), MAP_W + MARGIN - 8.0 - inset)
}

fn path(polygon: &[Pt]) -> String {
    let corners: Vec<String> = polygon
        .iter()
        .map(|p| format!("{} {}", num(p.0), num(p.1)))
        .collect();
    format!("M{}Z", corners.join("L"))
}

/// The tiles of each continent in its colour `shade` (0: tiles; 1: the region, drawn wide
/// behind them so that they merge into one soft blob).
fn regions(out: &mut String, tiles: &[Vec<Pt>], shade: usize) {
    let pen = [
        "stroke-width=\"1.5\"",
        "stroke-width=\"14\" stroke-linejoin=\"round\"",
    ];
    for continent in Continent::all() {
        let colour = palette(continent)[shade];
        let stroke = if shade == 0 { "#fffdf6" } else { colour };
        let _ = writeln!(
            out,
            "<g fill=\"{colour}\" stroke=\"{stroke}\" {}>",
            pen[shade]
        );
        for territory in continent.territories() {
            let (d, name) = (
                path(tile_of(tiles, &territory).unwrap_or_default()),
                esc(territory.name()),
            );
            let _ = writeln!(out, "<path d=\"{d}\"><title>{name}</title></path>");
        }
        out.push_str("</g>\n");
    }
}

/// Whether the tiles of two neighbours share a border a few points long: whether their
/// edges along the line halfway between them overlap.
fn touching(a: &[Pt], b: &[Pt], (pa, pb): (Pt, Pt)) -> bool {
    let distance = (pb.0 - pa.0).hypot(pb.1 - pa.1);
    let (nx, ny) = ((pb.0 - pa.0) / distance, (pb.1 - pa.1) / distance);
    let half = nx * (pa.0 + pb.0) / 2.0 + ny * (pa.1 + pb.1) / 2.0;
    let span = |tile: &[Pt]| {
        let on = tile
            .iter()
            .filter(|p| (nx * p.0 + ny * p.1 - half).abs() <= BORDER + 0.5);
        let along = on.map(|p| nx * p.1 - ny * p.0);
        along.fold((f64::MAX, f64::MIN), |(lo, hi), t| (lo.min(t), hi.max(t)))
    };
    let ((a0, a1), (b0, b1)) = (span(a), span(b));
    a1.min(b1) - a0.max(b0) >= 8.0
}

/// About where the segment from inside a convex polygon towards `to` leaves it.
fn exit(polygon: &[Pt], from: Pt, to: Pt) -> Pt {
    let at = |t: f64| (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t);
    let side = |p: Pt, (a, b): (Pt, Pt)| (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
    let inside = |p: Pt| edges(polygon).all(|e| side(p, e) >= 0.0);
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..20 {
        let middle = f64::midpoint(lo, hi);
        *(if inside(at(middle)) { &mut lo } else { &mut hi }) = middle;
    }
    at(lo)
}

/// The neighbours whose tiles share no border, linked by dashed lanes from coast to coast. A
/// lane that would cross the whole map (Alaska and Kamchatka) leaves by both edges instead.
/// Returns where the notes at the edges are.
fn lanes(out: &mut String, tiles: &[Vec<Pt>]) -> Vec<Rect> {
    let mut notes = Vec::new();
    let pen = "stroke-width=\"2\" stroke-dasharray=\"6 4\"";
    let _ = writeln!(out, "<g fill=\"none\" stroke=\"{LANE}\" {pen}>");
    for a in Territory::all() {
        for b in a.printed_neighbours().filter(|b| *b > a) {
            let (a, b) = (a.clone(), b);
            let (ta, tb) = (tile_of(tiles, &a), tile_of(tiles, &b));
            let (ta, tb) = (ta.unwrap_or_default(), tb.unwrap_or_default());
            let (pa, pb) = (point(&a), point(&b));
            if (pa.0 - pb.0).abs() > MAP_W / 2.0 {
                let west_east = if pa.0 < pb.0 { (a, b) } else { (b, a) };
                notes.extend(edge_lanes(out, tiles, west_east));
            } else if !touching(ta, tb, (pa, pb)) {
                line(out, exit(ta, pa, pb), exit(tb, pb, pa));
            }
        }
    }
    out.push_str("</g>\n");
    notes
}

/// A lane leaving the map by both edges, each end with a note read downwards along the
/// edge: "to Kamchatka". Returns where the notes are.
fn edge_lanes(
    out: &mut String,
    tiles: &[Vec<Pt>],
    (west, east): (Territory, Territory),
) -> Vec<Rect> {
    let (w, e) = (point(&west), point(&east));
    let (left, right) = (8.0 - MARGIN, MAP_W + MARGIN - 8.0);
    let y = w.1 + (e.1 - w.1) * (w.0 - left) / (w.0 - left + right - e.0);
    let mut notes = Vec::new();
    for (from, edge, to) in [(&west, left, &east), (&east, right, &west)] {
        let coast = exit(
            tile_of(tiles, from).unwrap_or_default(),
            point(from),
            (edge, y),
        );
        line(out, coast, (edge, y));
        let x = edge + if edge < 0.0 { 14.0 } else { -14.0 };
        let note = format!("to {}", fit(to.name(), 11.0, 150.0));
        notes.push((x - 12.0, y, 24.0, text_width(&note, 11.0) + 10.0));
        let tip = if note == format!("to {}", to.name()) {
            String::new()
        } else {
            format!("<title>to {}</title>", esc(to.name()))
        };
        let (x, ny, note) = (num(x), num(y + 10.0), esc(&note));
        let turn = format!("transform=\"rotate(90 {x} {ny})\"");
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"{ny}\" {turn} class=\"note\">{tip}{note}</text>"
        );
    }
    notes
}

fn line(out: &mut String, a: Pt, b: Pt) {
    let (x1, y1, x2, y2) = (num(a.0), num(a.1), num(b.0), num(b.1));
    let _ = writeln!(out, "<path d=\"M{x1} {y1}L{x2} {y2}\"/>");
}

/// The distance from a point to a rectangle (0 inside it).
fn distance_to(rect: Rect, p: Pt) -> f64 {
    let dx = (rect.0 - p.0).max(p.0 - (rect.0 + rect.2)).max(0.0);
    let dy = (rect.1 - p.1).max(p.1 - (rect.1 + rect.3)).max(0.0);
    dx.hypot(dy)
}

fn overlaps(a: Rect, b: Rect) -> bool {
    let m = 10.0;
    a.0 < b.0 + b.2 + m && b.0 < a.0 + a.2 + m && a.1 < b.1 + b.3 + m && b.1 < a.1 + a.3 + m
}

/// The middle of a continent's territories.
fn centre(continent: Continent) -> Pt {
    let own: Vec<Pt> = continent.territories().map(|t| point(&t)).collect();
    let count = own.len().max(1) as f64;
    let sum = own.iter().fold((0.0, 0.0), |s, p| (s.0 + p.0, s.1 + p.1));
    (sum.0 / count, sum.1 / count)
}

/// The bonus now: "+5", or "+4 (3 +1)" when a sticker changed the printed 3.
fn bonus_text(view: &ContinentView) -> String {
    match view.bonus_change {
        Some(change) => format!("bonus {:+} ({} {change:+})", view.bonus, view.printed_bonus),
        None => format!("bonus {:+}", view.bonus),
    }
}

/// Each continent's name in the sea beside it: the given name big, the printed name small,
/// and its bonus.
fn continent_labels(out: &mut String, board: &BoardView, mut taken: Vec<Rect>) {
    for view in &board.continents {
        let Some(continent) = Continent::all().find(|c| c.name() == view.name) else {
            continue;
        };
        let name = view.given_name.as_deref().unwrap_or(view.name);
        let small = match &view.given_name {
            Some(_) => format!("{} · {}", view.name.to_uppercase(), bonus_text(view)),
            None => bonus_text(view),
        };
        let sized = |(size, room): (f64, f64)| {
            let big = fit(name, size, room);
            let width = text_width(&big, size).max(text_width(&small, 11.5)) + 12.0;
            (big, size, (width, size + 22.0))
        };
        let sizes = [(22.0, 300.0), (18.0, 220.0), (15.0, 160.0)].map(sized);
        let placed = sizes.iter().find_map(|(big, size, room)| {
            place(continent, *room, &taken).map(|rect| (big.clone(), *size, rect))
        });
        // Nowhere in the sea: over the continent itself, in the smallest size.
        let (big, size, rect) = placed.unwrap_or_else(|| {
            let (big, size, (w, h)) = sized((15.0, 160.0));
            let (x, y) = centre(continent);
            (big, size, (x - w / 2.0, y - h / 2.0, w, h))
        });
        taken.push(rect);
        let (x, ink) = (num(rect.0 + rect.2 / 2.0), palette(continent)[2]);
        let (y1, y2) = (num(rect.1 + size), num(rect.1 + size + 16.0));
        let tip = if big == name {
            String::new()
        } else {
            format!("<title>{}</title>", esc(name))
        };
        let (big, small, style) = (
            esc(&big),
            esc(&small),
            format!("fill:{ink};font-size:{size}px"),
        );
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"{y1}\" class=\"big h\" style=\"{style}\">{tip}{big}</text>\
             <text x=\"{x}\" y=\"{y2}\" class=\"sm h\" style=\"fill:{ink}\">{small}</text>"
        );
    }
}

/// A name on one line, or two when long.
fn wrap(name: &str) -> Vec<&str> {
    let middle = name.len() / 2;
    let spaces = name.match_indices(' ').map(|(i, _)| i);
    match spaces.min_by_key(|&i| i.abs_diff(middle)) {
        Some(i) if name.chars().count() > 13 => vec![&name[..i], &name[i + 1..]],
        _ => vec![name],
    }
}

mod added;
mod marks;
mod place;
mod room;

use marks::{DEFS, legend, signatures, territory_marks};
use place::place;

#[cfg(test)]
mod tests {
    use super::num;

    #[test]
    fn numbers_have_at_most_one_decimal() {
        assert_eq!(num(-0.01), "0");
        assert_eq!(num(12.0), "12");
        assert_eq!(num(2.345_6), "2.3");
        assert_eq!(num(-2.25), "-2.3");
    }
}
