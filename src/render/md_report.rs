//! `export --format md`: a printable campaign report in Markdown.

use std::fmt::Write as _;

use super::md::text as md;
use crate::report::export::CampaignExport;

fn table(out: &mut String, headers: &[&str], rows: impl IntoIterator<Item = Vec<String>>) {
    let _ = writeln!(out, "| {} |", headers.join(" | "));
    let _ = writeln!(out, "|{}|", vec!["---"; headers.len()].join("|"));
    for row in rows {
        let cells: Vec<String> = row.iter().map(|c| md(c)).collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out.push('\n');
}

pub(crate) fn campaign_report(campaign: &CampaignExport) -> String {
    let mut out = String::new();
    for section in [
        heading,
        continents,
        cities,
        scars,
        sealed_marks,
        fortifications,
        destroyed_cards,
        factions,
        signatures,
        games,
        statistics,
    ] {
        section(&mut out, campaign);
    }
    out.trim_end().to_string() + "\n"
}

/// The title, the world's name and what the report is.
fn heading(out: &mut String, campaign: &CampaignExport) {
    let board = &campaign.board;
    let _ = writeln!(out, "# {}\n", md(&board.campaign));
    if let Some(world) = &board.world_name {
        let _ = writeln!(out, "**The World of {}**\n", md(world));
    }
    let _ = writeln!(
        out,
        "A Risk Legacy campaign of {} game{}, as recorded by chronicle.\n",
        board.games_played,
        if board.games_played == 1 { "" } else { "s" }
    );
    if let Some(packets) = &campaign.packets {
        let _ = writeln!(out, "*{}*\n", md(&packets.sentence()));
    }
}

/// Each continent with its name and bonus.
fn continents(out: &mut String, campaign: &CampaignExport) {
    let board = &campaign.board;
    out.push_str("## Continents\n\n");
    table(
        out,
        &["Continent", "Name", "Named by", "Bonus"],
        board.continents.iter().map(|c| {
            let named = match (&c.named_by, c.named_in) {
                (Some(by), Some(game)) => format!("{by}, game {game}"),
                _ => String::new(),
            };
            let bonus = match c.bonus_change {
                Some(change) => format!("{} ({} {change:+})", c.bonus, c.printed_bonus),
                None => c.bonus.to_string(),
            };
            vec![
                c.name.to_string(),
                c.given_name.clone().unwrap_or_default(),
                named,
                bonus,
            ]
        }),
    );
}

/// Every city.
fn cities(out: &mut String, campaign: &CampaignExport) {
    let board = &campaign.board;
    let cities: Vec<_> = board
        .territories
        .iter()
        .filter_map(|t| t.city.as_ref().map(|c| (t, c)))
        .collect();
    out.push_str("## Cities\n\n");
    if cities.is_empty() {
        out.push_str("No city yet.\n\n");
    } else {
        table(
            out,
            &["City", "Kind", "Territory", "Founded by", "Game"],
            cities.iter().map(|(t, c)| {
                vec![
                    c.name.clone(),
                    c.kind.replace('_', " "),
                    t.name.clone(),
                    c.founder.clone().unwrap_or_default(),
                    c.game.to_string(),
                ]
            }),
        );
    }
}

/// The scars that stand.
fn scars(out: &mut String, campaign: &CampaignExport) {
    let board = &campaign.board;
    let scars: Vec<_> = board
        .territories
        .iter()
        .filter_map(|t| t.scar.as_ref().map(|s| (t, s)))
        .collect();
    out.push_str("## Scars\n\n");
    if scars.is_empty() {
        out.push_str("No scar stands.\n\n");
    } else {
        table(
            out,
            &["Territory", "Scar", "Game"],
            scars
                .iter()
                .map(|(t, s)| vec![t.name.clone(), s.kind.clone(), s.game.to_string()]),
        );
    }
}

/// The marks sealed content left: the group's marks and fallout.
fn sealed_marks(out: &mut String, campaign: &CampaignExport) {
    let marked: Vec<_> = campaign
        .board
        .territories
        .iter()
        .filter(|t| t.mark.is_some() || t.fallout_in.is_some())
        .collect();
    if marked.is_empty() {
        return;
    }
    out.push_str("## Sealed marks\n\n");
    table(
        out,
        &["Territory", "Mark"],
        marked
            .iter()
            .map(|t| vec![t.name.clone(), crate::render::views::sealed_marks(t)]),
    );
}

/// The fortifications and their boxes.
fn fortifications(out: &mut String, campaign: &CampaignExport) {
    let board = &campaign.board;
    let forts: Vec<_> = board
        .territories
        .iter()
        .filter_map(|t| t.fortification.as_ref().map(|f| (t, f)))
        .collect();
    out.push_str("## Fortifications\n\n");
    if forts.is_empty() {
        out.push_str("No fortification.\n\n");
    } else {
        table(
            out,
            &["Territory", "City", "Boxes left", "Fortified in game"],
            forts.iter().map(|(t, f)| {
                let city = t.city.as_ref().map(|c| c.name.clone()).unwrap_or_default();
                vec![
                    t.name.clone(),
                    city,
                    f.boxes_left.to_string(),
                    f.game.to_string(),
                ]
            }),
        );
    }
}

/// The territory cards destroyed.
fn destroyed_cards(out: &mut String, campaign: &CampaignExport) {
    let board = &campaign.board;
    out.push_str("## Destroyed cards\n\n");
    let destroyed: Vec<String> = board
        .territories
        .iter()
        .filter_map(|t| {
            t.card
                .destroyed_in
                .map(|g| format!("- {} (game {g})", md(&t.name)))
        })
        .collect();
    if destroyed.is_empty() {
        out.push_str("No card destroyed.\n\n");
    } else {
        out.push_str(&destroyed.join("\n"));
        out.push_str("\n\n");
    }
}

/// The factions with their powers and card marks.
fn factions(out: &mut String, campaign: &CampaignExport) {
    out.push_str("## Factions\n\n");
    let campaign_state = &campaign.campaign;
    table(
        out,
        &["Faction", "Starting power", "Card marks", "Card scar"],
        campaign_state
            .factions()
            .iter()
            .filter(|f| shown(campaign, f))
            .map(|f| {
                // Faction card marks and scars come from packets.
                let hidden = campaign.packets.as_ref().is_some_and(|p| p.hidden);
                let card = campaign_state.faction_card(f).filter(|_| !hidden);
                let marks: Vec<String> = card
                    .map(|c| {
                        c.marks
                            .iter()
                            .map(|(slot, text, _)| format!("{slot}: {text}"))
                            .collect()
                    })
                    .unwrap_or_default();
                vec![
                    f.to_string(),
                    campaign_state
                        .power(f)
                        .map_or(String::new(), |p| p.letter().to_uppercase()),
                    marks.join("; "),
                    card.and_then(|c| c.scar.as_ref().map(|(text, _)| text.clone()))
                        .unwrap_or_default(),
                ]
            }),
    );
}

/// Whether the report shows the faction: a printed one, or any when it shows what came from
/// packets.
fn shown(campaign: &CampaignExport, faction: &crate::domain::Faction) -> bool {
    let hidden = campaign.packets.as_ref().is_some_and(|p| p.hidden);
    !hidden || crate::domain::board::faction::standard(faction).is_some()
}

/// Who signed the board.
fn signatures(out: &mut String, campaign: &CampaignExport) {
    let board = &campaign.board;
    out.push_str("## Signatures\n\n");
    table(
        out,
        &["Game", "Date", "Signed by", "Faction"],
        board.signatures.iter().map(|s| {
            vec![
                s.game.to_string(),
                s.date.clone(),
                s.player.clone(),
                s.faction.clone(),
            ]
        }),
    );
}

/// Every game, with what it changed.
fn games(out: &mut String, campaign: &CampaignExport) {
    out.push_str("## Games\n\n");
    for game in &campaign.games {
        let changes: Vec<String> = game.changes.iter().map(|c| md(&c.text)).collect();
        let _ = writeln!(
            out,
            "- **Game {}** ({}): {}.",
            game.game,
            game.date,
            changes.join("; ")
        );
        if let Some(note) = &game.note {
            let _ = writeln!(out, "  *{}*", md(note));
        }
    }
    out.push('\n');
}

/// How people and factions fared.
fn statistics(out: &mut String, campaign: &CampaignExport) {
    let stats = &campaign.stats;
    out.push_str("## Statistics\n\n");
    table(
        out,
        &[
            "Player",
            "Games",
            "Won",
            "Held on",
            "Eliminated",
            "Win rate",
            "Longest win streak",
        ],
        stats.players.iter().map(|p| {
            vec![
                p.name.clone(),
                p.games.to_string(),
                p.won.to_string(),
                p.held_on.to_string(),
                p.eliminated.to_string(),
                format!("{:.0}%", p.win_rate * 100.0),
                p.longest_win_streak.to_string(),
            ]
        }),
    );
    table(
        out,
        &[
            "Faction",
            "Games",
            "Won",
            "Held on",
            "Eliminated",
            "Win rate",
            "Started most in",
        ],
        stats.factions.iter().map(|f| {
            vec![
                f.name.clone(),
                f.games.to_string(),
                f.won.to_string(),
                f.held_on.to_string(),
                f.eliminated.to_string(),
                format!("{:.0}%", f.win_rate * 100.0),
                f.started_most.clone().unwrap_or_default(),
            ]
        }),
    );
}
