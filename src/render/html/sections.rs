//! The parts of a page: the map, the continents and the marks on the board, the statistics,
//! the signatures, and any report's tables; each table drawn by `table`.

use maud::{Markup, PreEscaped, html};

use super::Text;
use crate::domain::PoolKind;
use crate::domain::log::describe::capitalise;
use crate::domain::state::FORTIFICATION_BOXES;
use crate::render::Tabular;
use crate::render::svg::{self, PALETTES};
use crate::report::board::{BoardView, ContinentView, TerritoryView};
use crate::report::stats::StatsReport;

/// The map as it goes inside a page: the SVG without the XML declaration a file of its own
/// has.
pub fn map_svg(board: &BoardView) -> String {
    let svg = svg::map(board);
    match svg.find("<svg") {
        Some(start) => svg[start..].to_string(),
        None => svg,
    }
}

/// The map (drawn by `map_svg`) in a page, with what it shows said under it.
pub fn map_figure(svg: &str, caption: Option<&str>) -> Markup {
    html! {
        figure.map {
            (PreEscaped(svg))
            @if let Some(caption) = caption {
                figcaption { (Text(caption)) }
            }
        }
    }
}

/// The map (drawn by `map_svg`) at full size, for a phone to pan across: every label at
/// least 12 pixels high (the stylesheet's `figure.map.full`).
pub fn map_figure_full(svg: &str) -> Markup {
    html! {
        figure.map.full { (PreEscaped(svg)) }
    }
}

/// A table of cells already drawn: its caption, its headers, and which columns hold numbers
/// (aligned to the right).
pub(super) fn table(
    caption: Option<&str>,
    headers: &[&str],
    numbers: &[usize],
    rows: &[Vec<Markup>],
) -> Markup {
    let class = |i: usize| numbers.contains(&i).then_some("n");
    html! {
        div.scroll {
            table {
                @if let Some(caption) = caption {
                    caption { (Text(caption)) }
                }
                thead { tr { @for (i, header) in headers.iter().enumerate() { th class=[class(i)] { (Text(header)) } } } }
                tbody {
                    @for row in rows {
                        tr { @for (i, cell) in row.iter().enumerate() { td class=[class(i)] data-label=[headers.get(i)] { (cell) } } }
                    }
                }
            }
        }
    }
}

/// A report's lines and tables, as `render` gives them for a terminal, as HTML.
pub fn tables(report: &impl Tabular) -> Markup {
    html! {
        @for line in report.lines() {
            p.lines { (Text(&line)) }
        }
        @for drawn in report.tables() {
            @let headers: Vec<&str> = drawn.headers.iter().map(String::as_str).collect();
            @let pools = drawn.headers.first().is_some_and(|h| h == "Pool");
            @let rows: Vec<Vec<Markup>> = drawn.rows.iter().map(|row| row.iter().enumerate().map(|(i, cell)| {
                let words = if pools && i == 0 { pool_words(cell) } else { cell.clone() };
                html! { (Text(&words)) }
            }).collect()).collect();
            (table(drawn.title.as_deref(), &headers, &[], &rows))
        }
    }
}

/// A pool in people's words ("Continent names", "Bunker scars") where a table gives its key
/// (`continent_name`, `scar:Bunker`).
fn pool_words(key: &str) -> String {
    PoolKind::from_key(key).map_or_else(|| key.to_string(), |kind| capitalise(kind.describe()))
}

/// The bonus of a continent: "5", or "4 (3 +1)" when a sticker changed the printed 3.
fn bonus(view: &ContinentView) -> String {
    match view.bonus_change {
        Some(change) => format!("{} ({} {change:+})", view.bonus, view.printed_bonus),
        None => view.bonus.to_string(),
    }
}

/// The continents: each one's colour on the map, its name, who named it, its bonus and its
/// cities.
pub fn continents(board: &BoardView) -> Markup {
    let mut rows = Vec::new();
    for (i, c) in board.continents.iter().enumerate() {
        let colour = format!("background:{}", PALETTES[i % PALETTES.len()][0]);
        let name = html! {
            span.swatch style=(colour) {}
            @match &c.given_name {
                Some(given) => { strong { (Text(given)) } " " span.printed { (Text(c.name)) } }
                None => strong { (Text(c.name)) },
            }
        };
        let named = html! {
            @if let (Some(by), Some(game)) = (&c.named_by, c.named_in) {
                (Text(by)) ", game " (game)
            }
        };
        let here = board
            .territories
            .iter()
            .filter(|t| t.continent == Some(c.name));
        let cities = here.filter(|t| t.city.is_some()).count();
        rows.push(vec![name, named, html! { (bonus(c)) }, html! { (cities) }]);
    }
    let headers = ["Continent", "Named by", "Bonus", "Cities"];
    table(None, &headers, &[2, 3], &rows)
}

/// A territory's marks: a city, a scar, a fortification, a destroyed card, a mark written
/// on it, fallout; each as a chip of its kind.
fn chips(t: &TerritoryView) -> Vec<(&'static str, String)> {
    let mut chips = Vec::new();
    if let Some(c) = &t.city {
        let kind = c.kind.replace('_', " ");
        let (n, game) = (c.population, c.game);
        let text = format!("{} · {kind} city · population {n} · game {game}", c.name);
        chips.push(("chip city", text));
    }
    if let Some(s) = &t.scar {
        chips.push(("chip scar", format!("{} scar · game {}", s.kind, s.game)));
    }
    if let Some(f) = &t.fortification {
        let (left, game, of) = (f.boxes_left, f.game, FORTIFICATION_BOXES);
        // Every box ticked, the mark stays and the city is no longer fortified (rules §3),
        // as the board's table says "worn".
        let text = if left == 0 {
            format!("fortification worn · game {game}")
        } else {
            format!("fortified: {left}/{of} boxes left · game {game}")
        };
        chips.push(("chip fort", text));
    }
    if let Some(game) = t.card.destroyed_in {
        chips.push(("chip lost", format!("card destroyed · game {game}")));
    }
    if let Some(m) = &t.mark {
        chips.push(("chip scar", format!("{} · game {}", m.text, m.game)));
    }
    if let Some(game) = t.fallout_in {
        chips.push(("chip scar", format!("fallout · game {game}")));
    }
    chips
}

/// The territories that carry a mark, each with its chips.
pub fn marks(board: &BoardView) -> Markup {
    let marked: Vec<(&TerritoryView, Vec<(&str, String)>)> = board
        .territories
        .iter()
        .map(|t| (t, chips(t)))
        .filter(|(_, chips)| !chips.is_empty())
        .collect();
    html! {
        h3 { "Marks on the board" }
        ul.marks {
            @for (t, chips) in &marked {
                li {
                    strong { (Text(&t.name)) }
                    @for (class, text) in chips {
                        " " span class=(class) { (Text(text)) }
                    }
                }
            }
            @if marked.is_empty() {
                li { "No territory carries a mark yet." }
            }
        }
    }
}

/// A win rate as a bar and a percentage.
fn rate(rate: f64) -> Markup {
    let percent = (rate * 100.0).round().clamp(0.0, 100.0);
    let width = format!("width:{:.0}px", percent * 0.6);
    html! { span.bar style=(width) {} (format!("{percent:.0}%")) }
}

/// Games out: eliminated, and of those how many knocked out at the end.
fn out(eliminated: u32, knocked_out: u32) -> Markup {
    html! {
        (eliminated)
        @if knocked_out > 0 { " (" (knocked_out) " knocked out)" }
    }
}

/// The first cells of a person's or a faction's row: name, games, won, held on, out, win rate.
fn record(name: &str, [games, won, held_on]: [u32; 3], out: Markup, win_rate: f64) -> Vec<Markup> {
    let mut row = vec![html! { (Text(name)) }];
    row.extend([games, won, held_on].map(|n| html! { (n) }));
    row.push(out);
    row.push(rate(win_rate));
    row
}

/// The players (with the missions completed and the event cards played, once a game has
/// one), the factions, their homelands and the pairs who played together.
pub fn statistics(stats: &StatsReport) -> Markup {
    let cards = stats.shows_cards();
    let mut people = vec![
        "Player", "Games", "Won", "Held on", "Out", "Win rate", "Best run", "Run now",
    ];
    if cards {
        people.extend(["Missions", "Events"]);
    }
    let mut players = Vec::new();
    for p in &stats.players {
        let out = out(p.eliminated, p.knocked_out);
        let mut row = record(&p.name, [p.games, p.won, p.held_on], out, p.win_rate);
        row.extend([p.longest_win_streak, p.current_streak].map(|n| html! { (n) }));
        if cards {
            row.extend([p.missions_completed, p.events].map(|n| html! { (n) }));
        }
        players.push(row);
    }
    let mut factions = Vec::new();
    for f in &stats.factions {
        let out = out(f.eliminated, f.knocked_out);
        let mut row = record(&f.name, [f.games, f.won, f.held_on], out, f.win_rate);
        row.push(html! {
            @if let Some(t) = &f.started_most {
                (Text(t)) " (" (f.started_most_times) "×)"
            }
        });
        factions.push(row);
    }
    let homelands: Vec<Vec<Markup>> = stats
        .standing
        .homelands
        .iter()
        .map(|h| {
            vec![
                html! { (Text(&h.faction)) },
                html! { (Text(h.continent.as_deref().unwrap_or("none (a tie)"))) },
                html! { (h.starts) },
            ]
        })
        .collect();
    let pairs: Vec<Vec<Markup>> = stats
        .head_to_head
        .iter()
        .map(|h| {
            vec![
                html! { (Text(&h.a)) " – " (Text(&h.b)) },
                html! { (h.games) },
                html! { (h.a_won) " – " (h.b_won) },
            ]
        })
        .collect();
    let sides = [
        "Faction",
        "Games",
        "Won",
        "Held on",
        "Out",
        "Win rate",
        "Started most in",
    ];
    let numbers: Vec<usize> = (1..people.len()).collect();
    html! {
        (table(Some("Players"), &people, &numbers, &players))
        (table(Some("Factions"), &sides, &[1, 2, 3, 4, 5], &factions))
        @if !homelands.is_empty() {
            (table(Some("Homelands (games 1–15)"), &["Faction", "Homeland", "Starts there"], &[2], &homelands))
        }
        (table(Some("Head to head"), &["Pair", "Games together", "Wins"], &[1, 2], &pairs))
    }
}

/// The games won, each with its winner's signature.
pub fn signatures(board: &BoardView) -> Markup {
    let rows: Vec<Vec<Markup>> = board
        .signatures
        .iter()
        .map(|s| {
            let to = format!("#game-{}", s.game);
            vec![
                html! { a href=(to) { (s.game) } },
                html! { (Text(&s.date)) },
                html! { strong { (Text(&s.player)) } },
                html! { (Text(&s.faction)) },
            ]
        })
        .collect();
    let headers = ["Game", "Date", "Signed by", "Faction"];
    html! {
        @if rows.is_empty() {
            p { "No game won yet: the board is unsigned." }
        } @else {
            (table(Some("Won and signed"), &headers, &[], &rows))
        }
    }
}
