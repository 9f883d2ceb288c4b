//! The map, drawn once per log head. Drawing the board's SVG is most of what `/` and
//! `/board` cost (about 100 ms of CPU against 1–2 ms for the rest of the page), and every
//! open page reads itself again after each write: the map is drawn for the first request
//! at a head and kept for the next ones. A map depends on the board alone, so the key is
//! what the board depends on: the log's head (never the text of a page), how far it is read
//! (`?after=N`), what it may show (`--spoilers`), and the board's own parameters. A write
//! moves the head, so the next request draws the new map; the few maps kept are the ones
//! asked for last.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use crate::ledger::{Query, View};
use crate::report::spoilers::Spoilers;

/// How many maps are kept: the map now, at full size or not, and a few read `?after=N`.
const KEPT: usize = 4;

/// What a map is drawn from: the log's head it was read at and the board's question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct MapKey {
    pub head: String,
    pub after: Option<u32>,
    pub spoilers: Spoilers,
    pub continent: Option<String>,
    pub with: Vec<String>,
}

impl MapKey {
    /// The key of the map of the board `query` asks for, read at `head` (`None`: `query`
    /// is not the board's).
    pub(super) fn of(head: &str, query: &Query) -> Option<MapKey> {
        let View::Board { continent, with } = &query.view else {
            return None;
        };
        Some(MapKey {
            head: head.to_string(),
            after: query.after,
            spoilers: query.spoilers,
            continent: continent.clone(),
            with: with.clone(),
        })
    }
}

/// The maps drawn last, the one asked for last first.
#[derive(Default)]
pub(super) struct MapCache {
    maps: Mutex<VecDeque<(MapKey, Arc<String>)>>,
}

impl MapCache {
    /// The map of `key`, as kept, or drawn now by `draw` and kept (`None`: it could not be
    /// drawn, and nothing is kept). The maps are held while one is drawn, so that the pages
    /// reading themselves again after a write wait for one drawing instead of each making
    /// its own.
    pub(super) fn map(
        &self,
        key: MapKey,
        draw: impl FnOnce() -> Option<String>,
    ) -> Option<Arc<String>> {
        // A drawing that panicked left the maps as they were: nothing is kept half-made.
        let mut maps = self.maps.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(at) = maps.iter().position(|(k, _)| *k == key) {
            let kept = maps.remove(at)?;
            let map = Arc::clone(&kept.1);
            maps.push_front(kept);
            return Some(map);
        }
        let map = Arc::new(draw()?);
        maps.push_front((key, Arc::clone(&map)));
        maps.truncate(KEPT);
        Some(map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(head: &str, after: Option<u32>) -> MapKey {
        MapKey {
            head: head.to_string(),
            after,
            spoilers: Spoilers::Opened,
            continent: None,
            with: Vec::new(),
        }
    }

    #[test]
    fn a_map_is_drawn_once_per_key_and_again_for_a_new_head() {
        let cache = MapCache::default();
        let mut drawn = 0;
        for _ in 0..3 {
            let map = cache.map(key("16:a", None), || {
                drawn += 1;
                Some("map at 16".to_string())
            });
            assert_eq!(map.as_deref().map(String::as_str), Some("map at 16"));
        }
        assert_eq!(drawn, 1, "one head, one drawing");
        let map = cache.map(key("17:b", None), || Some("map at 17".to_string()));
        assert_eq!(map.as_deref().map(String::as_str), Some("map at 17"));
        let map = cache.map(key("16:a", Some(5)), || Some("map after 5".to_string()));
        assert_eq!(map.as_deref().map(String::as_str), Some("map after 5"));
    }

    #[test]
    fn only_the_maps_asked_for_last_are_kept() {
        let cache = MapCache::default();
        for n in 0..10 {
            cache.map(key(&format!("{n}:x"), None), || Some(n.to_string()));
        }
        cache.map(key("6:x", None), || Some("6".to_string()));
        let kept = cache.maps.lock().expect("the maps");
        assert_eq!(kept.len(), KEPT);
        let heads: Vec<&str> = kept.iter().map(|(k, _)| k.head.as_str()).collect();
        assert_eq!(heads, ["6:x", "9:x", "8:x", "7:x"]);
    }

    #[test]
    fn the_key_is_what_the_board_depends_on_and_only_a_board_has_one() {
        let board = |after, spoilers, continent: Option<&str>| Query {
            view: View::Board {
                continent: continent.map(str::to_string),
                with: Vec::new(),
            },
            after,
            spoilers,
        };
        let now = MapKey::of("16:a", &board(None, Spoilers::Opened, None));
        assert_eq!(now, Some(key("16:a", None)));
        for other in [
            MapKey::of("17:b", &board(None, Spoilers::Opened, None)),
            MapKey::of("16:a", &board(Some(5), Spoilers::Opened, None)),
            MapKey::of("16:a", &board(None, Spoilers::None, None)),
            MapKey::of("16:a", &board(None, Spoilers::Opened, Some("Asia"))),
        ] {
            assert!(other.is_some() && other != now, "{other:?}");
        }
        let stats = Query {
            view: View::Stats,
            after: None,
            spoilers: Spoilers::Opened,
        };
        assert_eq!(MapKey::of("16:a", &stats), None);
    }

    #[test]
    fn a_map_that_cannot_be_drawn_is_not_kept() {
        let cache = MapCache::default();
        assert!(cache.map(key("1:a", None), || None).is_none());
        let map = cache.map(key("1:a", None), || Some("drawn".to_string()));
        assert_eq!(map.as_deref().map(String::as_str), Some("drawn"));
    }
}
