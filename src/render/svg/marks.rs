//! The marks drawn on the map (cities, cards, fortifications, scars), the legend and the
//! signatures panel.

use std::fmt::Write as _;

use super::{Pt, esc, fit, label, num, room, text, text_width, wrap};
use crate::domain::state::FORTIFICATION_BOXES;
use crate::report::board::{BoardView, CardView, CityView, TerritoryView};

/// The symbols, each drawn around (0, 0) and placed with `<use>`.
pub(super) const DEFS: &str = "<defs>\
<circle id=\"minor\" r=\"6.5\" fill=\"#fff\" stroke=\"#24313d\" stroke-width=\"1.5\"/>\
<circle id=\"signed\" r=\"8.5\" fill=\"#24313d\"/><circle id=\"major\" r=\"8.5\" fill=\"#9b1d20\" stroke=\"#fff\" stroke-width=\"1.5\"/>\
<polygon id=\"world_capital\" points=\"0,-10.5 3,-4.1 10,-3.2 4.8,1.6 6.2,8.5 0,5 -6.2,8.5 \
-4.8,1.6 -10,-3.2 -3,-4.1\" fill=\"#f2b705\" stroke=\"#5c4300\"/>\
<polygon id=\"scar\" points=\"0,-8 1.5,-3.5 5.7,-5.7 3.5,-1.5 8,0 3.5,1.5 5.7,5.7 1.5,3.5 0,8 \
-1.5,3.5 -5.7,5.7 -3.5,1.5 -8,0 -3.5,-1.5 -5.7,-5.7 -1.5,-3.5\" fill=\"#c1121f\" stroke=\"#fff\"/>\
<rect id=\"sealed\" x=\"-5.5\" y=\"-5.5\" width=\"11\" height=\"11\" transform=\"rotate(45)\" fill=\"#6a3d9a\" stroke=\"#fff\"/>\
<g id=\"fallout\"><circle r=\"7.5\" fill=\"#f2d200\" stroke=\"#24313d\"/>\
<path d=\"M0 0L-3.2-5.6A6.4 6.4 0 0 1 3.2-5.6ZM0 0L6.4 0A6.4 6.4 0 0 1 3.2 5.6ZM0 0L-3.2 5.6A6.4 6.4 0 0 1-6.4 0Z\" fill=\"#24313d\"/></g>\
<path id=\"fort\" d=\"M-6 6V-6h2.5v2.5h2.5v-2.5h2v2.5h2.5v-2.5h2.5V6Z\" fill=\"#3d434b\"/>\
<rect id=\"card\" x=\"-6\" y=\"-7.5\" width=\"12\" height=\"15\" rx=\"2\" fill=\"#fff\" stroke=\"#55606b\"/>\
<rect id=\"lost\" x=\"-6\" y=\"-7.5\" width=\"12\" height=\"15\" rx=\"2\" fill=\"#d9d9d9\" stroke=\"#55606b\"/>\
<path id=\"cross\" d=\"M-8 -9L8 9M8 -9L-8 9\" stroke=\"#d00000\" stroke-width=\"2.4\" stroke-linecap=\"round\"/>\
<path id=\"lane\" d=\"M-13 0h26\" stroke=\"#1d5a8a\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\
<g id=\"border\"><rect x=\"-15\" y=\"-10\" width=\"30\" height=\"20\" rx=\"4\" fill=\"#d9b54a\"/>\
<path d=\"M-13 -8h12.1v16h-12.1ZM0.9 -8h12.1v16h-12.1Z\" fill=\"#f6dc8c\"/></g>\
<g id=\"seam\"><rect x=\"-15\" y=\"-10\" width=\"30\" height=\"20\" rx=\"4\" fill=\"#d9b54a\"/>\
<path d=\"M-13 -8h9v16h-9ZM4 -8h9v16h-9Z\" fill=\"#f6dc8c\"/></g>\
<text id=\"region\" y=\"6\" style=\"font:bold 17px serif;fill:#2c5a1a;text-anchor:middle\">Aa</text>\
</defs>\n";

/// Places a symbol of `DEFS`.
fn put(out: &mut String, id: &str, (x, y): Pt) {
    let (x, y) = (num(x), num(y));
    let _ = writeln!(out, "<use href=\"#{id}\" x=\"{x}\" y=\"{y}\"/>");
}

/// A small number centred on a symbol, in the class's colour (dg dark, dw white, dl grey).
fn digit(out: &mut String, (x, y): Pt, n: u32, c: &str) {
    let (x, y) = (num(x), num(y + 3.4));
    let _ = writeln!(out, "<text x=\"{x}\" y=\"{y}\" class=\"dg {c}\">{n}</text>");
}

/// A city's symbol, with its name as a tooltip where the name is not written beside it.
fn city_mark(out: &mut String, (kind, tip): (&str, Option<&str>), n: u8, (x, y): Pt) {
    let (id, class) = match kind {
        "major" => ("major", "dw"),
        "world_capital" => ("world_capital", ""),
        _ => ("minor", ""),
    };
    match tip {
        Some(tip) => titled(out, id, (x, y), tip),
        None => put(out, id, (x, y)),
    }
    digit(out, (x, y + 0.5), n.into(), class);
}

fn card_mark(out: &mut String, n: u8, destroyed: bool, at: Pt) {
    put(out, if destroyed { "lost" } else { "card" }, at);
    digit(out, at, n.into(), if destroyed { "dl" } else { "" });
    if destroyed {
        put(out, "cross", at);
    }
}

/// One row of what is drawn at a territory.
enum Row<'a> {
    City(&'a CityView),
    Name(&'a str),
    /// The card, and the fortification's boxes left if fortified.
    Card(&'a CardView, Option<String>),
    /// A scar or a mark of sealed content: its symbol and its words.
    Line(&'static str, String),
}

impl Row<'_> {
    fn height(&self) -> f64 {
        match self {
            Row::City(_) | Row::Card(..) => 19.0,
            Row::Name(_) => 13.0,
            Row::Line(..) => 16.0,
        }
    }

    /// The width of its symbol and of the gap before its text, and the text's width.
    fn widths(&self) -> Pt {
        match self {
            Row::City(city) => (23.0, text_width(&city.name, 11.0)),
            Row::Name(name) => (0.0, text_width(name, 12.0)),
            Row::Card(_, None) => (14.0, 0.0),
            Row::Card(_, Some(boxes)) => (38.0, text_width(boxes, 10.0)),
            Row::Line(_, words) => (18.0, text_width(words, 10.0)),
        }
    }

    /// The width it takes at the least: its symbol alone, or a few letters of a name.
    fn least(&self) -> f64 {
        match self {
            Row::City(_) => 20.0,
            Row::Name(_) => 30.0,
            Row::Card(_, None) => 14.0,
            Row::Card(_, Some(_)) => 36.0,
            Row::Line(..) => 17.0,
        }
    }

    /// Draws the row from `top`, centred on `x` as near as its span (left, right) lets it; a
    /// text longer than the span is cut, and shows its whole in a tooltip. Where no text
    /// fits beside its symbol, the symbol is drawn alone, its text in its tooltip.
    fn draw(&self, out: &mut String, (x, top): Pt, span: Pt) {
        let (symbol, words) = self.widths();
        let room = (span.1 - span.0 - symbol).max(0.0);
        let alone = !matches!(self, Row::Name(_)) && room < 16.0 && words > 0.0;
        let width = if alone {
            self.least()
        } else {
            symbol + words.min(room)
        };
        let left = room::start(x, width, span);
        match self {
            Row::City(city) if alone => {
                let at = (left + 10.0, top + 9.5);
                city_mark(out, (city.kind, Some(&city.name)), city.population, at);
            }
            Row::City(city) => {
                let at = (left + 10.0, top + 9.5);
                city_mark(out, (city.kind, None), city.population, at);
                label(
                    out,
                    (left + 23.0, top + 13.5),
                    ("cn h", 11.0),
                    &city.name,
                    room,
                );
            }
            Row::Name(name) => {
                let middle = left + width / 2.0;
                label(out, (middle, top + 10.5), ("tn h", 12.0), name, room);
            }
            Row::Card(card, boxes) => {
                let at = (left + 7.0, top + 9.5);
                card_mark(out, card.resources, card.destroyed, at);
                if let Some(boxes) = boxes {
                    let fort = (left + 29.0, top + 9.5);
                    if alone {
                        titled(out, "fort", fort, &format!("{boxes} boxes left"));
                    } else {
                        put(out, "fort", fort);
                        text(out, (left + 38.0, top + 13.0), "mk h", boxes);
                    }
                }
            }
            Row::Line(symbol, words) if alone => {
                titled(out, symbol, (left + 8.0, top + 8.0), words);
            }
            Row::Line(symbol, words) => {
                put(out, symbol, (left + 8.0, top + 8.0));
                label(out, (left + 18.0, top + 11.5), ("sc h", 10.0), words, room);
            }
        }
    }
}

/// Places a symbol of `DEFS` with a tooltip.
fn titled(out: &mut String, id: &str, (x, y): Pt, tip: &str) {
    let (x, y, tip) = (num(x), num(y), esc(tip));
    let _ = writeln!(
        out,
        "<use href=\"#{id}\" x=\"{x}\" y=\"{y}\"><title>{tip}</title></use>"
    );
}

/// The rows of what is drawn at a territory, top to bottom: the city (or below the name,
/// if not `city_first`), the name (on two lines if `two` and long), the card and
/// fortification, the scar, the marks of sealed content.
fn rows(view: &TerritoryView, (city_first, two): (bool, bool)) -> Vec<Row<'_>> {
    let mut rows: Vec<Row> = Vec::new();
    let city = view.city.iter().map(Row::City);
    if city_first {
        rows.extend(city.clone());
    }
    if two {
        rows.extend(wrap(&view.name).into_iter().map(Row::Name));
    } else {
        rows.push(Row::Name(&view.name));
    }
    if !city_first {
        rows.extend(city);
    }
    let boxes = view.fortification.as_ref().map(|f| f.boxes_left);
    let boxes = boxes.map(|b| format!("{b}/{FORTIFICATION_BOXES}"));
    rows.push(Row::Card(&view.card, boxes));
    let scar = view.scar.as_ref().map(|s| ("scar", s.kind.clone()));
    let lines = scar.into_iter().chain(sealed_lines(view));
    rows.extend(lines.map(|(symbol, words)| Row::Line(symbol, words)));
    rows
}

/// What is drawn at a territory, centred on its point as near as its room (the territory's
/// tile) lets it, each row inside the room: the city above the name, or below where it has
/// more room there; the name on two lines where it is long and the room lets it, else on
/// one; a text too long for its row is cut.
pub(super) fn territory_marks(out: &mut String, view: &TerritoryView, (x, y): Pt, tile: &[Pt]) {
    let orders = [(true, true), (true, false), (false, true), (false, false)];
    let settled = orders.map(|order| {
        let rows = rows(view, order);
        let wants: Vec<room::Wants> = rows
            .iter()
            .map(|r| (r.height(), r.widths().0 + r.widths().1, r.least()))
            .collect();
        let (short, top) = room::settle(tile, y, &wants);
        (short, top, rows)
    });
    let best = settled
        .into_iter()
        .reduce(|best, next| if next.0 < best.0 { next } else { best });
    let (_, mut top, rows) = best.expect("four orders");
    let group = esc(&view.name);
    let _ = writeln!(out, "<g class=\"territory\" data-territory=\"{group}\">");
    for row in &rows {
        let span = room::span(tile, (top, top + row.height()));
        row.draw(out, (x, top), span);
        top += row.height();
    }
    out.push_str("</g>\n");
}

/// The marks sealed content left, each with its symbol: the group's mark, fallout.
fn sealed_lines(view: &TerritoryView) -> Vec<(&'static str, String)> {
    let mark = view.mark.as_ref().map(|m| ("sealed", m.text.clone()));
    let fallout = view.fallout_in.map(|_| ("fallout", "fallout".to_string()));
    mark.into_iter().chain(fallout).collect()
}

/// The legend: the symbol, the number drawn on it if any, and what it means.
const LEGEND: [(&str, u8, &str); 13] = [
    ("minor", 1, "Minor city (population inside)"),
    ("major", 2, "Major city"),
    ("world_capital", 3, "World capital"),
    ("scar", 0, "Scar, with its type"),
    ("sealed", 0, "A mark your group's sealed content defines"),
    ("fallout", 0, "Fallout: card destroyed, city gone"),
    ("fort", 0, "Fortification: boxes left of 10"),
    ("card", 2, "Territory card: its resources"),
    ("lost", 1, "Card destroyed"),
    ("border", 0, "Thin border: neighbours"),
    ("seam", 0, "Wide seam: not neighbours"),
    ("lane", 0, "Neighbours whose tiles do not touch"),
    ("region", 0, "Continent: name given, printed name, bonus"),
];

/// The legend, left of the signatures; returns its height. The marks only sealed content
/// makes (the world capital, a group mark, fallout) are in it only when the board has them.
pub(super) fn legend(out: &mut String, top: f64, board: &BoardView) -> f64 {
    let on_board = |id: &str| match id {
        "world_capital" => board
            .territories
            .iter()
            .any(|t| t.city.as_ref().is_some_and(|c| c.kind == "world_capital")),
        "sealed" => board.territories.iter().any(|t| t.mark.is_some()),
        "fallout" => board.territories.iter().any(|t| t.fallout_in.is_some()),
        _ => true,
    };
    let shown: Vec<&(&str, u8, &str)> = LEGEND.iter().filter(|(id, _, _)| on_board(id)).collect();
    text(out, (24.0, top + 16.0), "hd", "LEGEND");
    let rows = shown.len().div_ceil(2);
    for (i, &&(id, n, label)) in shown.iter().enumerate() {
        let x = if i < rows { 24.0 } else { 364.0 };
        let at = (x + 16.0, top + 40.0 + (i % rows) as f64 * 24.0);
        match id {
            "minor" | "major" | "world_capital" => city_mark(out, (id, None), n, at),
            "card" | "lost" => card_mark(out, n, id == "lost", at),
            _ => put(out, id, at),
        }
        text(out, (x + 40.0, at.1 + 4.0), "lg", label);
    }
    40.0 + rows as f64 * 24.0
}

/// The signatures in two columns, right of the legend; returns their height.
pub(super) fn signatures(out: &mut String, board: &BoardView, top: f64) -> f64 {
    let left = 740.0;
    text(out, (left, top + 16.0), "hd", "SIGNATURES");
    if board.signatures.is_empty() {
        text(out, (left, top + 40.0), "lg", "No game won yet.");
        return 52.0;
    }
    let per_column = board.signatures.len().div_ceil(2).max(5);
    for (i, signature) in board.signatures.iter().enumerate() {
        let x = left + (i / per_column) as f64 * 262.0;
        let y = top + 38.0 + (i % per_column) as f64 * 19.0;
        put(out, "signed", (x + 9.0, y));
        digit(out, (x + 9.0, y), signature.game, "dw");
        let who = fit(&signature.player, 12.0, 100.0);
        let faction = fit(&signature.faction, 10.5, 216.0 - text_width(&who, 12.0));
        let tip = if who == signature.player && faction == signature.faction {
            String::new()
        } else {
            let whole = format!("{} · {}", signature.player, signature.faction);
            format!("<title>{}</title>", esc(&whole))
        };
        let (tx, ty, who, faction) = (num(x + 24.0), num(y + 4.0), esc(&who), esc(&faction));
        let _ = writeln!(
            out,
            "<text x=\"{tx}\" y=\"{ty}\">{tip}<tspan class=\"who\">{who}</tspan>\
             <tspan class=\"fa\"> {faction}</tspan></text>"
        );
    }
    38.0 + per_column as f64 * 19.0
}
