//! The rules: `apply`, the one place a campaign changes, and each part of the game it
//! holds to them: what is possible now (`legal`), the people at the table (`table`), the
//! gates of what may be logged next (`gates`), the end of a game (`rewards`), what sealed
//! packets add (`sealed`), house rules switched (`switches`), territories added (`map`),
//! a group's own names (`alias`), event cards and missions (`cards`), photos of games
//! (`photos`).

pub(super) mod alias;
pub(super) mod apply;
pub mod cards;
pub(super) mod gates;
pub(super) mod legal;
pub mod map;
pub(super) mod photos;
pub(super) mod rewards;
pub(super) mod sealed;
pub(super) mod switches;
pub(super) mod table;
