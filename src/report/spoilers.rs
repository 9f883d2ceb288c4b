//! `export --spoilers opened|none` for the report and the page: which packets were opened so
//! far, and, for a report shared with groups that have not opened them, everything that
//! came from packets left out (factions and scar types added, faction card marks, group
//! marks, fallout, map additions, the world capital, the packets' events, event cards and
//! missions).

use super::export::{CampaignExport, PacketsNote};
use crate::domain::faction::STANDARD_FACTIONS;
use crate::domain::pool::standard_pools;

/// How much of the packets' contents a report shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spoilers {
    /// Everything, with the packets opened so far named at the top.
    Opened,
    /// Nothing that came from a packet: only how many were opened.
    None,
}

/// The words that stand for a faction from a packet in a spoiler-free report.
pub(crate) const SEALED_FACTION: &str = "a faction from a packet";

/// The change kinds that only packets make.
const SEALED_KINDS: &[&str] = &[
    "world_capital",
    "event_fortify",
    "event_destroy_card",
    "mark",
    "fallout",
    "destroy_city",
    "packet",
    "scar_type",
    "faction",
    "faction_mark",
    "faction_scar",
    "add_territory",
    "event",
    "mission",
];

impl CampaignExport {
    /// Notes the packets opened for the report's header, and with `Spoilers::None` leaves
    /// out anything that came from a packet.
    pub(crate) fn with_spoilers(&mut self, spoilers: Spoilers) {
        let opened: Vec<(String, u32)> = self
            .campaign
            .packets_opened()
            .iter()
            .map(|p| (p.packet.name().to_string(), p.game))
            .collect();
        let hidden = spoilers == Spoilers::None;
        let note = PacketsNote {
            count: opened.len(),
            opened: if hidden { Vec::new() } else { opened },
            hidden,
        };
        if hidden {
            self.leave_out_packets();
        }
        self.packets = Some(note);
    }

    fn leave_out_packets(&mut self) {
        let standard_pools: Vec<String> = standard_pools().iter().map(|p| p.kind.key()).collect();
        let standard_scar = |kind: &str| standard_pools.contains(&format!("scar:{kind}"));
        let added: Vec<&str> = self
            .campaign
            .added_territories()
            .iter()
            .map(|a| a.territory.name())
            .collect();
        let sealed_factions: Vec<String> = self
            .campaign
            .factions()
            .iter()
            .map(ToString::to_string)
            .filter(|f| STANDARD_FACTIONS.iter().all(|s| s.name != f))
            .collect();
        let hide = |text: &str| {
            sealed_factions.iter().fold(text.to_string(), |t, f| {
                t.replace(f.as_str(), SEALED_FACTION)
            })
        };
        let board = &mut self.board;
        board.territories.retain(|t| t.added.is_none());
        for t in &mut board.territories {
            t.mark = None;
            t.fallout_in = None;
            t.city = t.city.take().filter(|c| c.kind != "world_capital");
            t.scar = t.scar.take().filter(|s| standard_scar(&s.kind));
            t.marked = t.city.is_some() || t.scar.is_some();
        }
        board.pools.retain(|p| standard_pools.contains(&p.kind));
        let shown = |kind: &str, text: &str, territory: Option<&str>| {
            let sealed_scar = kind == "scar" && !standard_scar_in(text, &standard_pools);
            !SEALED_KINDS.contains(&kind)
                && !sealed_scar
                && territory.is_none_or(|t| !added.contains(&t))
        };
        self.history
            .0
            .retain(|e| shown(&e.kind, &e.text, e.territory.as_deref()));
        for entry in &mut self.history.0 {
            entry.text = hide(&entry.text);
            entry.faction = entry.faction.take().map(|f| hide(&f));
        }
        for game in &mut self.games {
            game.opened.clear();
            game.event_cards.clear();
            game.missions.clear();
            game.changes
                .retain(|c| shown(c.kind, &c.text, c.territory.as_deref()));
            for change in &mut game.changes {
                change.text = hide(&change.text);
            }
            for player in &mut game.players {
                player.faction = hide(&player.faction);
                player.hq = player.hq.take().filter(|t| !added.contains(&t.as_str()));
            }
            game.reward = game.reward.take().map(|r| hide(&r));
        }
        let stats = &mut self.stats;
        for player in &mut stats.players {
            player.missions_completed = 0;
            player.events = 0;
        }
        stats
            .factions
            .retain(|f| STANDARD_FACTIONS.iter().any(|s| s.name == f.name));
        if let Some(lead) = &mut stats.standing.lead_faction {
            lead.faction = hide(&lead.faction);
        }
        stats
            .standing
            .homelands
            .retain(|h| STANDARD_FACTIONS.iter().any(|s| s.name == h.faction));
    }
}

/// Whether a scar's words name a standard scar type ("placed a Bunker scar").
fn standard_scar_in(text: &str, standard_pools: &[String]) -> bool {
    standard_pools
        .iter()
        .filter_map(|k| k.strip_prefix("scar:"))
        .any(|scar| text.contains(scar))
}
