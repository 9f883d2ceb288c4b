//! The room a territory's marks have: the part of its tile (or of the sea around its island)
//! each row of marks can take, so that no mark or name reaches another territory.

use super::{Pt, edges};

/// Kept between a mark and the edge of its room.
const INSET: f64 = 2.0;

/// Where a horizontal line crosses a convex polygon: its left and right ends, if it does.
fn chord(polygon: &[Pt], y: f64) -> Option<Pt> {
    let mut span: Option<Pt> = None;
    for (a, b) in edges(polygon) {
        if (a.1 - y) * (b.1 - y) > 0.0 || (a.1 - b.1).abs() < 1e-9 {
            continue;
        }
        let x = a.0 + (b.0 - a.0) * (y - a.1) / (b.1 - a.1);
        span = Some(span.map_or((x, x), |(lo, hi)| (lo.min(x), hi.max(x))));
    }
    span
}

/// The left and right ends a row from `top` to `bottom` can take inside a convex room, kept
/// off its edges; the left end is past the right one where the row has no room at all.
pub(super) fn span(room: &[Pt], (top, bottom): Pt) -> Pt {
    match (chord(room, top - INSET), chord(room, bottom + INSET)) {
        (Some(high), Some(low)) => (high.0.max(low.0) + INSET, high.1.min(low.1) - INSET),
        _ => (0.0, -1.0),
    }
}

/// A row of marks to place: its height, the width it wants, the width it needs at least.
pub(super) type Wants = (f64, f64, f64);

/// The top of a block of rows centred as near `y` as it can be while every row has the
/// room it wants, or failing that the least cut; with how short the rows fall of the room
/// they need and of the room they want.
pub(super) fn settle(room: &[Pt], y: f64, rows: &[Wants]) -> (Pt, f64) {
    let height: f64 = rows.iter().map(|r| r.0).sum();
    let centred = y - height / 2.0;
    let mut best = ((f64::MAX, f64::MAX), centred);
    for step in 0..=40 {
        let shift = f64::from((step + 1) / 2 * 2) * if step % 2 == 0 { 1.0 } else { -1.0 };
        let mut top = centred + shift;
        let (mut needed, mut wanted) = (0.0, 0.0);
        for &(h, wants, needs) in rows {
            let (lo, hi) = span(room, (top, top + h));
            needed += (needs - (hi - lo)).max(0.0);
            wanted += (wants - (hi - lo)).max(0.0);
            top += h;
        }
        let short = (needed, wanted);
        if short.0 < best.0.0 - 0.01 || (short.0 <= best.0.0 + 0.01 && short.1 < best.0.1 - 0.01) {
            best = (short, centred + shift);
        }
        if needed <= 0.0 && wanted <= 0.0 {
            break;
        }
    }
    best
}

/// Where a row `width` wide starts: centred on `x`, moved inside its span if it must.
pub(super) fn start(x: f64, width: f64, (lo, hi): Pt) -> f64 {
    let left = x - width / 2.0;
    if hi - width <= lo {
        return if hi > lo { lo } else { left };
    }
    left.clamp(lo, hi - width)
}

/// The room around an island: a circle clear of every printed tile.
pub(super) fn circle((x, y): Pt, radius: f64) -> Vec<Pt> {
    let corner = |i: u32| f64::from(i) * std::f64::consts::TAU / 32.0;
    (0..32)
        .map(corner)
        .map(|a| (x + radius * a.cos(), y + radius * a.sin()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SQUARE: [Pt; 4] = [(0.0, 0.0), (100.0, 0.0), (100.0, 50.0), (0.0, 50.0)];

    #[test]
    fn a_row_takes_the_tile_less_its_inset() {
        assert_eq!(span(&SQUARE, (10.0, 20.0)), (2.0, 98.0));
        let (lo, hi) = span(&SQUARE, (60.0, 70.0));
        assert!(lo > hi, "below the tile there is no room");
    }

    #[test]
    fn a_row_moves_inside_its_span_and_a_block_inside_its_room() {
        assert!((start(95.0, 20.0, (2.0, 98.0)) - 78.0).abs() < 1e-9);
        assert!((start(50.0, 20.0, (2.0, 98.0)) - 40.0).abs() < 1e-9);
        // Two rows of 20 centred on y = 45 would leave the square: they move up.
        let (short, top) = settle(&SQUARE, 45.0, &[(20.0, 50.0, 20.0), (20.0, 50.0, 20.0)]);
        assert_eq!(short, (0.0, 0.0));
        assert!(top + 40.0 <= 48.0 && top >= 2.0, "{top}");
    }
}
