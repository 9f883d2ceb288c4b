//! Territories as the guided prompt offers them: with the city on them and the names
//! players use, so typing "quebec" or "siam" finds them as the flags do.

use crate::domain::{Campaign, Territory};

/// A territory with its city, for choosing: "Egypt: Kyro"; the names players use for it
/// are there to be found by typing: "Eastern Canada (Quebec)".
pub(super) fn place(state: &Campaign, territory: Territory) -> String {
    let name = label(territory);
    match &state.territory(territory).city {
        Some(city) => format!("{name}: {}", city.name),
        None => name,
    }
}

/// A territory's name with the names players use for it: "Southeast Asia (Siam)".
pub(super) fn label(territory: Territory) -> String {
    match territory.aliases() {
        [] => territory.name().to_string(),
        aliases => format!("{} ({})", territory.name(), aliases.join(", ")),
    }
}
