//! Territories as the game form offers them: with the city on them and the names
//! players use, so typing "quebec" or "siam" finds them as the flags do.

use crate::domain::{AliasOf, Campaign, Territory};

/// A territory with its city, for choosing: "Egypt: Kyro"; the names players use for it
/// are there to be found by typing: "Eastern Canada (Quebec)".
pub fn place(state: &Campaign, territory: &Territory) -> String {
    let name = label(state, territory);
    match &state.territory(territory).city {
        Some(city) => format!("{name}: {}", city.name),
        None => name,
    }
}

/// A territory's name with the names players use for it and the group's own words for it
/// (`alias add`): "Southeast Asia (Siam)".
pub fn label(state: &Campaign, territory: &Territory) -> String {
    let group = state.aliases().filter_map(|(alias, of)| match of {
        AliasOf::Territory(t) if t == territory => Some(alias),
        _ => None,
    });
    let other: Vec<&str> = territory.aliases().iter().copied().chain(group).collect();
    if other.is_empty() {
        territory.name().to_string()
    } else {
        format!("{} ({})", territory.name(), other.join(", "))
    }
}
