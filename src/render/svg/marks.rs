//! The marks drawn on the map (cities, cards, fortifications, scars), the legend and the
//! signatures panel.

use std::fmt::Write as _;

use super::{Pt, esc, fit, num, text, text_width, wrap};
use crate::domain::state::FORTIFICATION_BOXES;
use crate::report::board::{BoardView, TerritoryView};

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
<text id=\"region\" y=\"6\" class=\"big\" style=\"font-size:17px;fill:#2c5a1a\">Aa</text>\
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

fn city_mark(out: &mut String, kind: &str, n: u8, (x, y): Pt) {
    let (id, class) = match kind {
        "major" => ("major", "dw"),
        "world_capital" => ("world_capital", ""),
        _ => ("minor", ""),
    };
    put(out, id, (x, y));
    digit(out, (x, y + 0.5), n.into(), class);
}

fn card_mark(out: &mut String, n: u8, destroyed: bool, at: Pt) {
    put(out, if destroyed { "lost" } else { "card" }, at);
    digit(out, at, n.into(), if destroyed { "dl" } else { "" });
    if destroyed {
        put(out, "cross", at);
    }
}

/// What is drawn at a territory, top to bottom, centred on its point: the city, the name,
/// the card and fortification, the scar.
pub(super) fn territory_marks(out: &mut String, view: &TerritoryView, (x, y): Pt) {
    let names = wrap(view.name);
    let city_h = if view.city.is_some() { 19.0 } else { 0.0 };
    let scar_h = if view.scar.is_some() { 16.0 } else { 0.0 };
    let sealed = sealed_lines(view);
    let sealed_h = 16.0 * sealed.len() as f64;
    let mut top = y - (city_h + 13.0 * names.len() as f64 + 19.0 + scar_h + sealed_h) / 2.0;
    if let Some(city) = &view.city {
        let name = fit(&city.name, 11.0, 96.0);
        let left = x - f64::midpoint(23.0, text_width(&name, 11.0));
        city_mark(out, city.kind, city.population, (left + 10.0, top + 9.5));
        text(out, (left + 23.0, top + 13.5), "cn h", &name);
    }
    top += city_h;
    for line in names {
        text(out, (x, top + 10.5), "tn h", line);
        top += 13.0;
    }
    let boxes = view.fortification.as_ref().map(|f| f.boxes_left);
    let boxes = boxes.map(|b| format!("{b}/{FORTIFICATION_BOXES}"));
    let fort_w = boxes.as_ref().map_or(0.0, |b| 22.0 + text_width(b, 10.0));
    let left = x - f64::midpoint(14.0, fort_w);
    let card = &view.card;
    card_mark(out, card.resources, card.destroyed, (left + 7.0, top + 9.5));
    if let Some(boxes) = boxes {
        put(out, "fort", (left + 29.0, top + 9.5));
        text(out, (left + 38.0, top + 13.0), "mk h", &boxes);
    }
    if let Some(scar) = &view.scar {
        let kind = fit(&scar.kind, 10.0, 110.0);
        let left = x - f64::midpoint(18.0, text_width(&kind, 10.0));
        put(out, "scar", (left + 8.0, top + 27.0));
        text(out, (left + 18.0, top + 30.5), "sc h", &kind);
        top += scar_h;
    }
    for (symbol, words) in sealed {
        let words = fit(&words, 10.0, 110.0);
        let left = x - f64::midpoint(18.0, text_width(&words, 10.0));
        put(out, symbol, (left + 8.0, top + 27.0));
        text(out, (left + 18.0, top + 30.5), "sc h", &words);
        top += 16.0;
    }
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

/// The legend, left of the signatures; returns its height.
pub(super) fn legend(out: &mut String, top: f64) -> f64 {
    text(out, (24.0, top + 16.0), "hd", "LEGEND");
    let rows = LEGEND.len().div_ceil(2);
    for (i, &(id, n, label)) in LEGEND.iter().enumerate() {
        let x = if i < rows { 24.0 } else { 364.0 };
        let at = (x + 16.0, top + 40.0 + (i % rows) as f64 * 24.0);
        match id {
            "minor" | "major" | "world_capital" => city_mark(out, id, n, at),
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
        let (tx, ty, who, faction) = (num(x + 24.0), num(y + 4.0), esc(&who), esc(&faction));
        let _ = writeln!(
            out,
            "<text x=\"{tx}\" y=\"{ty}\"><tspan class=\"who\">{who}</tspan>\
             <tspan class=\"fa\"> {faction}</tspan></text>"
        );
    }
    38.0 + per_column as f64 * 19.0
}
