//! Where each continent's label goes: the best place in the sea by it, clear of the labels
//! and notes already placed. Found by trying every place in steps of 5, and remembered for
//! the process, since a story draws the board after every game and most of its maps place
//! the same labels among the same notes (`benches/story.sh` measures it).

use super::{MAP_H, MARGIN, Pt, REACH, Rect, WIDTH, centre, distance_to, overlaps, point};
use crate::domain::{Continent, Territory};

/// How well a label sits there for a continent (lower is better), if it may sit there at
/// all: clear of every tile and plainly nearer its own continent than any other. `points`:
/// every printed territory's point, and whether it is the continent's.
fn label_score(points: &[(Pt, bool)], rect: Rect, centre: Pt) -> Option<f64> {
    let (mut own, mut other) = (f64::MAX, f64::MAX);
    for &(point, mine) in points {
        let distance = distance_to(rect, point);
        if mine {
            own = own.min(distance);
        } else {
            other = other.min(distance);
        }
    }
    let fine = own >= REACH + 4.0 && other >= own + 30.0;
    fine.then(|| own + 0.25 * distance_to(rect, centre))
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
    let points: Vec<(Pt, bool)> = Territory::all()
        .map(|t| (point(&t), t.printed_continent() == Some(continent)))
        .collect();
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
            if let Some(score) = label_score(&points, rect, centre)
                && best.is_none_or(|(s, _)| score < s)
            {
                best = Some((score, rect));
            }
        }
    }
    best.map(|(_, rect)| rect)
}
