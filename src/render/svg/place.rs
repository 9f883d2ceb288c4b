//! Where each continent's label goes: the best place in the sea by it, clear of the labels
//! and notes already placed. Found by trying every place in steps of 5, and remembered for
//! the process, since a story draws the board after every game and most of its maps place
//! the same labels among the same notes (`benches/story.sh` measures it).

use super::{MAP_H, MARGIN, Pt, REACH, Rect, WIDTH, centre, distance_to, overlaps, point};
use crate::domain::{Continent, Territory};

/// How well a label sits there for a continent (lower is better), if it may sit there at
/// all: clear of every tile and plainly nearer its own continent than any other; none, too,
/// where it could not score under `best`. `points`: every printed territory's point, the
/// continent's own (`own` of them) first.
fn label_score(
    (points, own): (&[Pt], usize),
    rect: Rect,
    centre: Pt,
    best: Option<f64>,
) -> Option<f64> {
    let (mine, others) = points.split_at(own);
    let own = nearest(mine, rect, TOO_NEAR)?;
    // A score is its own distance and more: no better than `best` here.
    if own < REACH + 4.0 || best.is_some_and(|best| own >= best) {
        return None;
    }
    let other = nearest(others, rect, (own + 30.0) * (own + 30.0) * SURELY)?;
    let fine = other >= own + 30.0;
    fine.then(|| own + 0.25 * distance_to(rect, centre))
}

/// The distance of the point nearest the rectangle, found by the square of its distance
/// and then measured as `distance_to` measures it (one `hypot`, not one a point); as far as
/// can be among none; none when a point is surely nearer than the square `least`.
fn nearest(points: &[Pt], rect: Rect, least: f64) -> Option<f64> {
    let mut found: Option<(f64, Pt)> = None;
    for &point in points {
        let (dx, dy) = offsets(rect, point);
        let square = dx * dx + dy * dy;
        if square < least {
            return None;
        }
        if found.is_none_or(|(s, _)| square < s) {
            found = Some((square, (dx, dy)));
        }
    }
    Some(found.map_or(f64::MAX, |(_, (dx, dy))| dx.hypot(dy)))
}

/// Under 1 by more than `hypot`'s rounding: a square times this is surely under it.
const SURELY: f64 = 1.0 - 1e-9;

/// The square of a distance surely under `REACH + 4` (by more than `hypot`'s rounding): a
/// label that near its own continent's point sits on it.
const TOO_NEAR: f64 = (REACH + 4.0) * (REACH + 4.0) * SURELY;

/// How far a point is from a rectangle along each axis (0 inside it), as `distance_to`
/// works it out.
fn offsets(rect: Rect, p: Pt) -> Pt {
    let dx = (rect.0 - p.0).max(p.0 - (rect.0 + rect.2)).max(0.0);
    let dy = (rect.1 - p.1).max(p.1 - (rect.1 + rect.3)).max(0.0);
    (dx, dy)
}

/// How many steps of 5 fit in a length (none in a negative one).
fn steps(length: f64) -> u32 {
    let mut steps = 0;
    while f64::from(steps + 1) * 5.0 <= length {
        steps += 1;
    }
    steps
}

/// A label's place, by what decides it: the continent, the label's size and the places
/// already taken, as bits.
type PlaceKey = (Continent, [u64; 2], Vec<[u64; 4]>);

thread_local! {
    /// The places found so far: a story draws the board after every game, and most of its
    /// maps place the same labels among the same notes (`benches/story.sh` measures it).
    static PLACED: std::cell::RefCell<std::collections::HashMap<PlaceKey, Option<Rect>>> =
        std::cell::RefCell::default();
}

/// Where a label of this size goes for a continent: in the sea by it, clear of the labels
/// and notes already placed.
pub(super) fn place(continent: Continent, (w, h): Pt, taken: &[Rect]) -> Option<Rect> {
    let key: PlaceKey = (
        continent,
        [w.to_bits(), h.to_bits()],
        taken
            .iter()
            .map(|t| [t.0.to_bits(), t.1.to_bits(), t.2.to_bits(), t.3.to_bits()])
            .collect(),
    );
    if let Some(placed) = PLACED.with(|p| p.borrow().get(&key).copied()) {
        return placed;
    }
    let placed = search(continent, (w, h), taken);
    PLACED.with(|p| p.borrow_mut().insert(key, placed));
    placed
}

/// The best place of every place in the sea, in steps of 5.
fn search(continent: Continent, (w, h): Pt, taken: &[Rect]) -> Option<Rect> {
    let centre = centre(continent);
    // The continent's own points first: a place too near one of them is left at once.
    let (mut points, mut own): (Vec<Pt>, usize) = (Vec::new(), 0);
    for territory in Territory::all() {
        if territory.printed_continent() == Some(continent) {
            points.insert(own, point(&territory));
            own += 1;
        } else {
            points.push(point(&territory));
        }
    }
    let mut best: Option<(f64, Rect)> = None;
    for gx in 0..=steps(WIDTH - w - 24.0) {
        for gy in 0..=steps(MAP_H - h - 16.0) {
            let rect = (
                f64::from(gx) * 5.0 + 12.0 - MARGIN,
                f64::from(gy) * 5.0 + 8.0,
                w,
                h,
            );
            if taken.iter().any(|&t| overlaps(rect, t)) {
                continue;
            }
            if let Some(score) = label_score((&points, own), rect, centre, best.map(|b| b.0))
                && best.is_none_or(|(s, _)| score < s)
            {
                best = Some((score, rect));
            }
        }
    }
    best.map(|(_, rect)| rect)
}
