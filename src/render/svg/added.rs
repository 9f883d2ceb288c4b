//! Territories sealed content added: each drawn as an island in the sea nearest the middle
//! of its neighbours, clear of every printed tile, with a dashed sea line to each neighbour.

use std::fmt::Write as _;

use super::{LANE, MAP_H, MAP_W, Pt, REACH, exit, line, num, palette, point};
use crate::domain::{Continent, Territory};
use crate::report::board::{BoardView, TerritoryView};

/// An added island's radius.
pub(super) const ISLAND: f64 = 30.0;
/// The room of the marks drawn on an island: a circle clear of every printed tile, which
/// keeps `REACH + ISLAND + 6` from the island's centre (see `free_spot`).
pub(super) const ROOM: f64 = ISLAND + 5.0;

/// Where each added territory of the board is drawn, in the board's order.
pub(super) fn places(board: &BoardView) -> Vec<(Territory, Pt)> {
    let mut placed: Vec<(Territory, Pt)> = Vec::new();
    for view in &board.territories {
        let Some(added) = &view.added else { continue };
        let neighbours: Vec<Pt> = added
            .neighbours
            .iter()
            .map(|n| at(&Territory::named(n), &placed))
            .collect();
        let count = neighbours.len().max(1) as f64;
        let sum = neighbours
            .iter()
            .fold((0.0, 0.0), |s, p| (s.0 + p.0, s.1 + p.1));
        let middle = (sum.0 / count, sum.1 / count);
        placed.push((Territory::named(&view.name), free_spot(middle, &placed)));
    }
    placed
}

/// The room each island takes, kept clear of the continents' labels.
pub(super) fn room(placed: &[(Territory, Pt)]) -> impl Iterator<Item = super::Rect> + '_ {
    let reach = ISLAND + 8.0;
    placed
        .iter()
        .map(move |(_, p)| (p.0 - reach, p.1 - reach, 2.0 * reach, 2.0 * reach))
}

/// The point of a territory: printed, or where its island was placed.
pub(super) fn at(territory: &Territory, placed: &[(Territory, Pt)]) -> Pt {
    if territory.is_printed() {
        return point(territory);
    }
    placed
        .iter()
        .find(|(t, _)| t == territory)
        .map_or((MAP_W / 2.0, MAP_H / 2.0), |(_, p)| *p)
}

/// The spot nearest `wanted` where an island keeps clear of every printed tile, of the
/// islands already placed, and of the frame.
fn free_spot(wanted: Pt, placed: &[(Territory, Pt)]) -> Pt {
    let clear = |p: Pt| {
        let printed = Territory::all().all(|t| {
            let q = point(&t);
            (q.0 - p.0).hypot(q.1 - p.1) >= REACH + ISLAND + 6.0
        });
        let islands = placed
            .iter()
            .all(|(_, q)| (q.0 - p.0).hypot(q.1 - p.1) >= 2.0 * ISLAND + 50.0);
        printed && islands
    };
    let mut best: Option<(f64, Pt)> = None;
    let margin = ISLAND + 14.0;
    let mut y = margin;
    while y <= MAP_H - margin - 40.0 {
        let mut x = margin;
        while x <= MAP_W - margin {
            let distance = (x - wanted.0).hypot(y - wanted.1);
            if clear((x, y)) && best.is_none_or(|(d, _)| distance < d) {
                best = Some((distance, (x, y)));
            }
            x += 6.0;
        }
        y += 6.0;
    }
    best.map_or(wanted, |(_, p)| p)
}

/// The islands and their sea lines, under the marks drawn on them.
pub(super) fn islands(
    out: &mut String,
    board: &BoardView,
    tiles: &[Vec<Pt>],
    placed: &[(Territory, Pt)],
) {
    if placed.is_empty() {
        return;
    }
    let pen = "stroke-width=\"2\" stroke-dasharray=\"3 4\"";
    let _ = writeln!(out, "<g fill=\"none\" stroke=\"{LANE}\" {pen}>");
    for view in board.territories.iter().filter(|v| v.added.is_some()) {
        let here = at(&Territory::named(&view.name), placed);
        for name in view.added.iter().flat_map(|a| &a.neighbours) {
            let neighbour = Territory::named(name);
            let there = at(&neighbour, placed);
            let distance = (there.0 - here.0).hypot(there.1 - here.1).max(1.0);
            let towards = |from: Pt, to: Pt, by: f64| {
                (
                    from.0 + (to.0 - from.0) * by / distance,
                    from.1 + (to.1 - from.1) * by / distance,
                )
            };
            let end = match super::tile_of(tiles, &neighbour) {
                Some(tile) => exit(tile, there, here),
                None => towards(there, here, ISLAND),
            };
            line(out, towards(here, there, ISLAND), end);
        }
    }
    out.push_str("</g>\n");
    for view in board.territories.iter().filter(|v| v.added.is_some()) {
        island(out, view, at(&Territory::named(&view.name), placed));
    }
}

fn island(out: &mut String, view: &TerritoryView, (x, y): Pt) {
    let continent = view
        .continent
        .and_then(|name| Continent::all().find(|c| c.name() == name));
    let [fill, stroke, _] = continent.map_or(["#e8e2d0", "#a89f84", ""], palette);
    let _ = writeln!(
        out,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" \
         stroke-width=\"2\" class=\"added\"><title>{} (added to the map)</title></circle>",
        num(x),
        num(y),
        num(ISLAND),
        super::esc(&view.name)
    );
}
