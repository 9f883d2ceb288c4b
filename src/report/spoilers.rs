//! `--spoilers opened|none`, for every report people read (the recap, the Markdown report,
//! the page, the served pages): which packets were opened so far and, for a report shared
//! with people who have not opened them, everything that came from packets left out. One
//! place decides what is sealed: the factions, scar types and territories packets added,
//! the world capital, group marks, fallout, the draft, event cards and missions, faction
//! card marks. Packets are named only by their envelope. Free text (notes, reasons) cannot
//! be judged, so it is left out too unless asked for (`--notes`).

use super::board::BoardView;
use super::corrections::CorrectionView;
use super::export::{CampaignExport, PacketsNote};
use super::game::GameView;
use super::history::HistoryEntry;
use super::pools::PoolRow;
use super::recap::Recap;
use super::setup::SetupReport;
use super::standing::Standing;
use super::stats::StatsReport;
use crate::domain::board::faction::STANDARD_FACTIONS;
use crate::domain::state::CityKind;
use crate::domain::vocabulary::pool::standard_pools;
use crate::domain::{Campaign, PoolKind, Refusal, Territory};

/// How much of the packets' contents a report shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spoilers {
    /// Everything, with the packets opened so far named at the top.
    Opened,
    /// Nothing that came out of a packet: which were opened and when, each named as on its
    /// envelope, and no more.
    None,
}

/// The words that stand for a faction from a packet in a spoiler-free report.
pub const SEALED_FACTION: &str = "a faction from a packet";

/// The change kinds that only packets make.
const SEALED_KINDS: &[&str] = &[
    "world_capital",
    "event_fortify",
    "event_destroy_card",
    "mark",
    "fallout",
    "destroy_city",
    "draft",
    "scar_type",
    "faction",
    "faction_mark",
    "faction_scar",
    "add_territory",
    "sea_line",
    "event",
    "mission",
];

/// What a campaign's packets brought, by name: what a spoiler-free report must not show.
pub struct Sealed {
    /// Factions added from packets: shown as [`SEALED_FACTION`].
    factions: Vec<String>,
    /// Every other name that came from a packet (scar types, added territories, the world
    /// capital, group marks, faction card marks, event cards): a line naming one is left
    /// out.
    names: Vec<String>,
}

impl Sealed {
    /// What `campaign`'s packets brought.
    pub fn of(campaign: &Campaign) -> Sealed {
        let standard: Vec<String> = standard_pools().iter().map(|p| p.kind.key()).collect();
        let factions: Vec<String> = campaign
            .factions()
            .iter()
            .map(ToString::to_string)
            .filter(|f| STANDARD_FACTIONS.iter().all(|s| s.name != f))
            .collect();
        let mut names: Vec<String> = campaign
            .scar_types()
            .filter(|s| !standard.contains(&PoolKind::Scar((*s).clone()).key()))
            .map(ToString::to_string)
            .collect();
        names.extend(
            campaign
                .added_territories()
                .iter()
                .map(|a| a.territory.name().to_string()),
        );
        for territory in campaign.territories() {
            let state = campaign.territory(&territory);
            if let Some(city) = state
                .city
                .as_ref()
                .filter(|c| c.kind == CityKind::WorldCapital)
            {
                names.push(city.name.to_string());
            }
            if let Some((text, _)) = &state.mark {
                names.push(text.to_string());
            }
        }
        for faction in campaign.factions() {
            if let Some(card) = campaign.faction_card(faction) {
                names.extend(card.marks.iter().map(|(_, text, _)| text.clone()));
                names.extend(card.scar.iter().map(|(text, _)| text.clone()));
            }
        }
        names.extend(campaign.event_cards().map(str::to_string));
        names.retain(|n| !n.trim().is_empty());
        Sealed { factions, names }
    }

    /// Whether a line names something a packet brought (a faction aside).
    pub fn names_any(&self, text: &str) -> bool {
        self.names.iter().any(|n| text.contains(n.as_str()))
    }

    /// Whether a change of this kind, in these words, may be shown.
    pub fn shows(&self, kind: &str, text: &str, territory: Option<&str>) -> bool {
        !SEALED_KINDS.contains(&kind)
            && !self.names_any(text)
            && territory.is_none_or(|t| !self.names.iter().any(|n| n == t))
    }

    /// The text with every faction from a packet named as [`SEALED_FACTION`].
    pub fn hide(&self, text: &str) -> String {
        self.factions.iter().fold(text.to_string(), |t, f| {
            t.replace(f.as_str(), SEALED_FACTION)
        })
    }

    /// The territory a spoiler-free report is asked about, answered as the box's board
    /// answers: a territory a packet added is as unknown as a misspelt one, and the names
    /// suggested are the box's alone, so that no answer tells whether a name is sealed.
    pub fn find_territory(&self, campaign: &Campaign, given: &str) -> Result<Territory, Refusal> {
        match campaign.find_territory(given) {
            Ok(found) if !self.names.iter().any(|n| n == found.name()) => Ok(found),
            _ => Territory::find(given),
        }
    }

    /// Every name a spoiler-free report must not show: factions and the rest.
    pub fn every_name(&self) -> impl Iterator<Item = &str> {
        self.factions.iter().chain(&self.names).map(String::as_str)
    }
}

impl CampaignExport {
    /// Notes the packets opened for the report's header, and with `Spoilers::None` leaves
    /// out anything that came from a packet, and free text unless `notes`.
    pub fn with_spoilers(&mut self, spoilers: Spoilers, notes: bool) {
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
            self.leave_out_packets(notes);
        }
        self.packets = Some(note);
    }

    fn leave_out_packets(&mut self, notes: bool) {
        let sealed = Sealed::of(&self.campaign);
        sealed.board(&mut self.board);
        sealed.history(&mut self.history.0, notes);
        sealed.games(&mut self.games, notes);
        sealed.stats(&mut self.stats);
    }
}

impl Sealed {
    /// The board without what packets brought: added territories, the world capital,
    /// group marks, fallout (and the card it destroyed), scars of types from packets, the
    /// pools of those types; factions from packets in the signatures hidden.
    pub fn board(&self, board: &mut BoardView) {
        board.territories.retain(|t| t.added.is_none());
        for t in &mut board.territories {
            // A card fallout destroyed is part of the fallout.
            if t.fallout_in.is_some() && t.card.destroyed_in == t.fallout_in {
                t.card.destroyed = false;
                t.card.destroyed_in = None;
            }
            t.mark = None;
            t.fallout_in = None;
            t.city = t.city.take().filter(|c| c.kind != "world_capital");
            t.scar = t.scar.take().filter(|s| !self.names_any(&s.kind));
            t.marked = t.city.is_some() || t.scar.is_some();
        }
        self.pools(&mut board.pools);
        for s in &mut board.signatures {
            s.faction = self.hide(&s.faction);
        }
    }

    /// Only the pools of the box.
    pub fn pools(&self, pools: &mut Vec<PoolRow>) {
        let standard: Vec<String> = standard_pools().iter().map(|p| p.kind.key()).collect();
        pools.retain(|p| standard.contains(&p.kind));
    }

    /// The history's changes a spoiler-free report shows, factions from packets hidden, and
    /// the reasons changes were made or taken back left out unless `notes` (free text).
    pub fn history(&self, history: &mut Vec<HistoryEntry>, notes: bool) {
        history.retain(|e| self.shows(&e.kind, &e.text, e.territory.as_deref()));
        for entry in history {
            if let (Some(without), false) = (entry.without_reason.take(), notes) {
                entry.text = without;
            }
            entry.text = self.hide(&entry.text);
            entry.faction = entry.faction.take().map(|f| self.hide(&f));
        }
    }

    /// Games without what packets brought (and without their notes unless `notes`).
    pub fn games(&self, games: &mut [GameView], notes: bool) {
        for game in games {
            self.game(game, notes);
        }
    }

    /// One game without what packets brought (and without its note unless `notes`), and
    /// without its photos; the packets opened are named by their envelope only.
    pub fn game(&self, game: &mut GameView, notes: bool) {
        game.event_cards.clear();
        game.missions.clear();
        game.changes
            .retain(|c| self.shows(c.kind, &c.text, c.territory.as_deref()));
        for change in &mut game.changes {
            change.text = self.hide(&change.text);
        }
        for player in &mut game.players {
            player.faction = self.hide(&player.faction);
            player.hq = player.hq.take().filter(|t| !self.names_any(t));
        }
        game.reward = game
            .reward
            .take()
            .filter(|r| !self.names_any(r))
            .map(|r| self.hide(&r));
        if !notes {
            game.note = None;
        }
        // A photo of the board may show what packets brought, and pixels cannot be
        // redacted.
        game.photos.clear();
    }

    /// The photos of games, of which a spoiler-free report shows none (see `game`).
    pub fn photos(&self, photos: &mut Vec<super::photos::PhotoView>) {
        photos.clear();
    }

    /// Statistics without factions from packets, missions and event cards.
    pub fn stats(&self, stats: &mut StatsReport) {
        for player in &mut stats.players {
            player.missions_completed = 0;
            player.events = 0;
        }
        stats
            .factions
            .retain(|f| STANDARD_FACTIONS.iter().any(|s| s.name == f.name));
        self.standing(&mut stats.standing);
    }

    /// The lead faction hidden when it came from a packet; homelands of those left out.
    pub fn standing(&self, standing: &mut Standing) {
        if let Some(lead) = &mut standing.lead_faction {
            lead.faction = self.hide(&lead.faction);
        }
        standing
            .homelands
            .retain(|h| STANDARD_FACTIONS.iter().any(|s| s.name == h.faction));
    }

    /// The setup without territories added from packets, the pools of the box only.
    pub fn setup(&self, setup: &mut SetupReport) {
        for person in &mut setup.people {
            person.legal_starts.retain(|t| !self.names_any(t));
            person.other_territories.retain(|t| !self.names_any(t));
            person.own_major_cities.retain(|t| !self.names_any(t));
        }
        self.pools(&mut setup.stock);
        self.standing(&mut setup.standing);
    }
}

impl Sealed {
    /// The corrections that name nothing a packet brought, factions from packets hidden,
    /// and without their reasons unless `notes`.
    pub fn corrections(&self, corrections: &mut Vec<CorrectionView>, notes: bool) {
        corrections.retain(|c| !self.names_any(&c.text));
        for correction in corrections {
            correction.text = self.hide(&correction.text);
            if !notes {
                correction.reason = None;
            }
        }
    }
}

impl Recap {
    /// With `Spoilers::None`, leaves out anything that came from a packet, and free text
    /// (the note, the reasons of corrections) unless `notes`.
    pub fn with_spoilers(&mut self, campaign: &Campaign, spoilers: Spoilers, notes: bool) {
        if spoilers == Spoilers::Opened {
            return;
        }
        let sealed = Sealed::of(campaign);
        if let Some(game) = &mut self.last_game {
            sealed.game(game, notes);
        }
        sealed.history(&mut self.changes, notes);
        sealed.corrections(&mut self.corrections, notes);
        sealed.standing(&mut self.standing.factions);
        for reminder in &mut self.setup {
            if let Some(starts) = &mut reminder.few_legal_starts {
                starts.retain(|t| !sealed.names_any(t));
            }
        }
    }
}
