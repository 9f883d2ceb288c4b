//! Homelands and the lead faction, as `setup` and `stats` show them.

use crate::domain::Faction;
use crate::render::tabular::Table;
use crate::report::standing::Standing;

/// "Lead faction: Khan Industries (4 wins)." or why there is none.
pub(super) fn lead_line(standing: &Standing) -> String {
    match &standing.lead_faction {
        Some(lead) => format!(
            "Lead faction: {} ({} win{}).",
            lead.faction,
            lead.wins,
            if lead.wins == 1 { "" } else { "s" }
        ),
        None if standing.homelands.is_empty() => "No lead faction yet.".to_string(),
        None => "No lead faction: a tie for the most wins.".to_string(),
    }
}

/// Each faction's homeland, when any faction has started somewhere in games 1–15.
pub(super) fn homeland_table(standing: &Standing) -> Option<Table> {
    if standing.homelands.is_empty() {
        return None;
    }
    let mut table = Table::new(&["Faction", "Homeland", "Starts there"]);
    for h in &standing.homelands {
        table.row(vec![
            Faction::new(h.faction.as_str()).short_name().to_string(),
            h.continent
                .clone()
                .unwrap_or_else(|| "none (a tie)".to_string()),
            h.starts.to_string(),
        ]);
    }
    Some(table.titled("Homelands (games 1-15)"))
}
