//! Where each continent's label goes: the best place in the sea by it, clear of the labels
//! and notes already placed. Every place in steps of 5 is scored once for a continent and a
//! label's size and remembered for the process, best first; a label takes the first that
//! nothing placed overlaps. A story draws the board after every game, and most of its maps
//! place labels of the same sizes (`benches/story.sh` measures it).

use super::{MAP_H, MARGIN, Pt, REACH, Rect, WIDTH, centre, distance_to, overlaps, point};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::domain::{Continent, Territory};

/// How well a label sits there for a continent (lower is better), if it may sit there at
/// all: clear of every tile and plainly nearer its own continent than any other. `points`:
/// every printed territory's point, the continent's own (`own` of them) first.
fn label_score((points, own): (&[Pt], usize), rect: Rect, centre: Pt) -> Option<f64> {
    let (mine, others) = points.split_at(own);
    let own = nearest(mine, rect, TOO_NEAR)?;
    if own < REACH + 4.0 {
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

/// The places a label may take, by what decides them: the continent and the label's size,
/// as bits.
type PlacesKey = (Continent, [u64; 2]);

thread_local! {
    /// The places found so far: a story draws the board after every game, and most of its
    /// maps place labels of the same sizes (`benches/story.sh` measures it).
    static PLACES: RefCell<HashMap<PlacesKey, Rc<Vec<Rect>>>> = RefCell::default();
}

/// Where a label of this size goes for a continent: in the sea by it, clear of the labels
/// and notes already placed.
pub(super) fn place(continent: Continent, (w, h): Pt, taken: &[Rect]) -> Option<Rect> {
    let key: PlacesKey = (continent, [w.to_bits(), h.to_bits()]);
    let known = PLACES.with(|p| p.borrow().get(&key).cloned());
    let places = known.unwrap_or_else(|| {
        let found = Rc::new(places(continent, (w, h)));
        PLACES.with(|p| p.borrow_mut().insert(key, Rc::clone(&found)));
        found
    });
    places
        .iter()
        .copied()
        .find(|&rect| !taken.iter().any(|&t| overlaps(rect, t)))
}

/// Every place in the sea, in steps of 5, where a label of this size may sit for a
/// continent: the best first, and of places as good, the first found (left to right, top
/// to bottom).
fn places(continent: Continent, (w, h): Pt) -> Vec<Rect> {
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
    let mut scored: Vec<(f64, Rect)> = Vec::new();
    for gx in 0..=steps(WIDTH - w - 24.0) {
        for gy in 0..=steps(MAP_H - h - 16.0) {
            let rect = (
                f64::from(gx) * 5.0 + 12.0 - MARGIN,
                f64::from(gy) * 5.0 + 8.0,
                w,
                h,
            );
            if let Some(score) = label_score((&points, own), rect, centre) {
                scored.push((score, rect));
            }
        }
    }
    // A stable sort: places as good stay in the order found.
    scored.sort_by(|a, b| a.0.total_cmp(&b.0));
    scored.into_iter().map(|(_, rect)| rect).collect()
}
