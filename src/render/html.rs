//! `export --format html`: one self-contained page (inline SVG and CSS, no script, nothing
//! loaded from anywhere): the map, the continents, the history as a timeline, the statistics
//! and the signatures. It reads on a phone and prints on paper.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::svg::{PALETTES, esc};
use crate::domain::Faction;
use crate::domain::log::describe::capitalise;
use crate::domain::state::FORTIFICATION_BOXES;
use crate::report::board::{BoardView, ContinentView, TerritoryView};
use crate::report::game::GameView;
use crate::report::history::{History, HistoryEntry};
use crate::report::stats::StatsReport;

/// What the page shows.
pub struct Page<'a> {
    pub board: &'a BoardView,
    pub games: &'a [GameView],
    pub history: &'a History,
    pub stats: &'a StatsReport,
    /// What the page says of the packets opened so far.
    pub packets: Option<&'a crate::report::export::PacketsNote>,
}

const STYLE: &str = "
:root{--ink:#24313d;--muted:#5a6773;--paper:#fbf8f1;--card:#fff;--line:#e3dccb;--accent:#9b1d20;--gold:#d9b54a}
:not(svg *){box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--paper);color:var(--ink);font:16px/1.5 serif}
main{max-width:1120px;margin:0 auto;padding:16px 16px 40px;overflow-wrap:anywhere}
h1,h2,h3,nav,table,.meta,.players,.subtitle,.chip,footer{font-family:sans-serif}
header{border-bottom:3px double var(--ink);padding:8px 0 12px}
h1{font-size:2.2em;line-height:1.15;margin:0;font-family:serif;overflow-wrap:anywhere}
.subtitle{color:var(--muted);margin:4px 0 0}
nav{display:flex;flex-wrap:wrap;gap:6px 16px;margin-top:10px;font-size:.9em}
nav a{color:var(--accent);text-decoration:none;font-weight:bold}
section{margin:28px 0}
h2{font-size:1.15em;letter-spacing:.08em;text-transform:uppercase;border-bottom:1px solid var(--line);padding-bottom:4px;margin:0 0 12px}
h3{font-size:1.05em;margin:14px 0 6px}
figure.map{margin:0;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:6px}
figure.map>svg{display:block;width:100%;max-width:100%;height:auto}
figcaption{font:13px/1.4 sans-serif;color:var(--muted);padding:4px}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;font-size:14px;line-height:1.35;background:var(--card);overflow-wrap:normal}
caption{text-align:left;font-weight:bold;padding:10px 0 6px}
th,td{padding:5px 8px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
th{background:#f1ece0;font-size:12px;text-transform:uppercase;letter-spacing:.04em}
.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.swatch{display:inline-block;width:.8em;height:.8em;border-radius:3px;margin-right:6px;vertical-align:-1px}
.bar{display:inline-block;height:.55em;background:var(--gold);border-radius:2px;margin-right:6px}
.printed{color:var(--muted);font-size:.9em}
td a{color:var(--accent);font-weight:bold}
ul.marks{list-style:none;padding:0;margin:0;columns:2 330px;column-gap:24px}
ul.marks li{break-inside:avoid;padding:4px 0;border-bottom:1px dotted var(--line)}
.chip{display:inline-block;font-size:12px;border-radius:10px;padding:0 8px;margin:2px 2px 0 0;background:#f1ece0}
.chip.city{background:#fde9c4}.chip.scar{background:#f9d4d4;color:#8a1016}.chip.fort{background:#dde3ea}.chip.lost{background:#e6e6e6;text-decoration:line-through}
ol.timeline{list-style:none;margin:0 0 0 8px;padding:0;border-left:3px solid var(--line)}
ol.timeline>li{position:relative;padding:0 0 20px 20px}
ol.timeline>li::before{content:'';position:absolute;left:-10px;top:4px;width:11px;height:11px;border-radius:50%;background:var(--ink);border:3px solid var(--paper)}
ol.timeline>li.between::before{background:#9aa5ae}
ol.timeline>li.undo::before{background:var(--accent)}
ol.timeline h3{margin:0}
.meta{color:var(--muted);font-size:.85em;font-weight:normal;margin-left:8px}
.winner{margin:2px 0 6px;font-family:sans-serif;font-size:.95em}
.players{list-style:none;display:flex;flex-wrap:wrap;gap:6px;padding:0;margin:6px 0}
.players li{background:var(--card);border:1px solid var(--line);border-radius:14px;padding:1px 10px;font-size:13px}
.players li.won{background:#fff3c4;border-color:var(--gold);font-weight:bold}
.players li.eliminated,.players li.knocked-out{color:var(--muted);background:#f1ece0}
ul.changes{margin:4px 0;padding-left:20px}
li.k-scar::marker,li.k-wear::marker{color:#c1121f}li.k-major_city::marker,li.k-minor_city::marker{color:var(--gold)}
.undo p{color:var(--accent);margin:4px 0}
.game-note{font-style:italic;color:var(--muted);margin:4px 0}
.between ul.changes{color:var(--muted);font-size:.93em}
footer{margin-top:36px;color:var(--muted);font-size:12px;border-top:1px solid var(--line);padding-top:8px}
@media (max-width:600px){body{font-size:15px}main{padding:10px}h1{font-size:1.6em}th,td{padding:4px 5px}}
@media print{@page{margin:12mm}body{background:#fff;font-size:11pt}main{max-width:none;padding:0}nav{display:none}
figure.map{border:none;padding:0}section{margin:14pt 0}
h2,h3{break-after:avoid}ol.timeline>li,tr,ul.marks li{break-inside:avoid}#map{break-after:page}th,.chip,.players li{background:none}}
";

/// The page as one HTML document.
pub fn page(page: &Page<'_>) -> String {
    let board = page.board;
    let (version, name) = (env!("CARGO_PKG_VERSION"), esc(&board.campaign));
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"chronicle {version}\">\n<title>{name}</title>\n\
         <style>{STYLE}</style>\n</head>\n<body>\n<main>\n"
    );
    header(&mut out, board);
    if let Some(packets) = page.packets {
        let _ = writeln!(out, "<p class=\"packets\">{}</p>", esc(&packets.sentence()));
    }
    map_section(&mut out, board);
    continents(&mut out, board);
    timeline(&mut out, page.games, page.history);
    statistics(&mut out, page.stats);
    signatures(&mut out, board);
    let _ = write!(
        out,
        "<footer>Recorded with chronicle {version}, a ledger for a Risk Legacy campaign played \
         on the physical board.</footer>\n</main>\n</body>\n</html>\n"
    );
    out
}

fn plural(count: u32, one: &str) -> String {
    match count {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    }
}

fn header(out: &mut String, board: &BoardView) {
    let mut sub = vec![format!("{} played", plural(board.games_played, "game"))];
    if let Some(world) = &board.world_name {
        sub.insert(0, format!("The World of {world}"));
    }
    let (name, sub) = (esc(&board.campaign), esc(&sub.join(" · ")));
    let links = [
        ("map", "Map"),
        ("continents", "Continents"),
        ("history", "History"),
        ("statistics", "Statistics"),
        ("signatures", "Signatures"),
    ];
    let nav: String = links
        .map(|(id, title)| format!("<a href=\"#{id}\">{title}</a>"))
        .concat();
    let _ = write!(
        out,
        "<header>\n<h1>{name}</h1>\n<p class=\"subtitle\">A Risk Legacy campaign · {sub}</p>\n\
         <nav>{nav}</nav>\n</header>\n"
    );
}

fn map_section(out: &mut String, board: &BoardView) {
    let svg = super::svg::map(board);
    let svg = svg.find("<svg").map_or(svg.as_str(), |start| &svg[start..]);
    let games = plural(board.games_played, "game");
    let _ = write!(
        out,
        "<section id=\"map\">\n<h2>The board</h2>\n<figure class=\"map\">\n{svg}<figcaption>The \
         board after {games}: cities, scars, fortifications and territory cards as they stand.\
         </figcaption>\n</figure>\n</section>\n"
    );
}

/// The bonus of a continent: "5", or "4 (3 +1)" when a sticker changed the printed 3.
fn bonus(view: &ContinentView) -> String {
    match view.bonus_change {
        Some(change) => format!("{} ({} {change:+})", view.bonus, view.printed_bonus),
        None => view.bonus.to_string(),
    }
}

fn continents(out: &mut String, board: &BoardView) {
    out.push_str("<section id=\"continents\">\n<h2>Continents</h2>\n");
    let mut rows = Vec::new();
    for (i, c) in board.continents.iter().enumerate() {
        let colour = PALETTES[i % PALETTES.len()][0];
        let swatch = format!("<span class=\"swatch\" style=\"background:{colour}\"></span>");
        let name = match &c.given_name {
            Some(given) => format!(
                "<strong>{}</strong> <span class=\"printed\">{}</span>",
                esc(given),
                esc(c.name)
            ),
            None => format!("<strong>{}</strong>", esc(c.name)),
        };
        let named = match (&c.named_by, c.named_in) {
            (Some(by), Some(game)) => format!("{}, game {game}", esc(by)),
            _ => String::new(),
        };
        let here = board
            .territories
            .iter()
            .filter(|t| t.continent == Some(c.name));
        let cities = here.filter(|t| t.city.is_some()).count().to_string();
        rows.push(vec![swatch + &name, named, esc(&bonus(c)), cities]);
    }
    table(out, "", "Continent,Named by,Bonus,Cities", "ttnn", &rows);
    marks(out, &board.territories);
    out.push_str("</section>\n");
}

/// The territories that carry a mark: a city, a scar, a fortification, a destroyed card.
fn marks(out: &mut String, territories: &[TerritoryView]) {
    let chip = |class: &str, text: String| format!("<span class=\"chip {class}\">{text}</span>");
    let mut items = Vec::new();
    for t in territories {
        let mut chips = Vec::new();
        if let Some(c) = &t.city {
            let (name, kind) = (esc(&c.name), esc(&c.kind.replace('_', " ")));
            let (n, game) = (c.population, c.game);
            chips.push(chip(
                "city",
                format!("{name} · {kind} city · population {n} · game {game}"),
            ));
        }
        if let Some(s) = &t.scar {
            chips.push(chip(
                "scar",
                format!("{} scar · game {}", esc(&s.kind), s.game),
            ));
        }
        if let Some(f) = &t.fortification {
            let (left, game, of) = (f.boxes_left, f.game, FORTIFICATION_BOXES);
            chips.push(chip(
                "fort",
                format!("fortified: {left}/{of} boxes left · game {game}"),
            ));
        }
        if let Some(game) = t.card.destroyed_in {
            chips.push(chip("lost", format!("card destroyed · game {game}")));
        }
        if let Some(m) = &t.mark {
            chips.push(chip("scar", format!("{} · game {}", esc(&m.text), m.game)));
        }
        if let Some(game) = t.fallout_in {
            chips.push(chip("scar", format!("fallout · game {game}")));
        }
        if !chips.is_empty() {
            items.push(format!(
                "<li><strong>{}</strong> {}</li>\n",
                esc(&t.name),
                chips.join(" ")
            ));
        }
    }
    if items.is_empty() {
        items.push("<li>No territory carries a mark yet.</li>\n".to_string());
    }
    let items = items.concat();
    let _ = write!(
        out,
        "<h3>Marks on the board</h3>\n<ul class=\"marks\">\n{items}</ul>\n"
    );
}

/// One stop of the timeline.
enum Stop<'a> {
    Game(&'a GameView),
    /// Changes made between games (powers, coins, ...), after the game given if any.
    Between(Option<u32>, Vec<&'a HistoryEntry>),
    Undo(&'a HistoryEntry),
}

/// The timeline in the order things were recorded: each game where its first change stands,
/// the changes between games, the games taken back.
fn stops<'a>(games: &'a [GameView], history: &'a History) -> Vec<Stop<'a>> {
    let mut stops: Vec<Stop> = Vec::new();
    let mut shown: BTreeSet<u32> = BTreeSet::new();
    let mut last_game: Option<u32> = None;
    for entry in &history.0 {
        match (entry.kind.as_str(), entry.game) {
            ("undo", _) => stops.push(Stop::Undo(entry)),
            (_, Some(number)) => {
                if shown.insert(number)
                    && let Some(game) = games.iter().find(|g| g.game == number)
                {
                    stops.push(Stop::Game(game));
                    last_game = Some(number);
                }
            }
            (_, None) => match stops.last_mut() {
                Some(Stop::Between(_, entries)) => entries.push(entry),
                _ => stops.push(Stop::Between(last_game, vec![entry])),
            },
        }
    }
    let left = games.iter().filter(|g| !shown.contains(&g.game));
    stops.extend(left.map(Stop::Game));
    stops
}

fn timeline(out: &mut String, games: &[GameView], history: &History) {
    out.push_str("<section id=\"history\">\n<h2>History</h2>\n");
    let stops = stops(games, history);
    if stops.is_empty() {
        out.push_str("<p>Nothing has happened yet.</p>\n</section>\n");
        return;
    }
    out.push_str("<ol class=\"timeline\">\n");
    for stop in &stops {
        match stop {
            Stop::Game(game) => game_stop(out, game),
            Stop::Between(after, entries) => between_stop(out, *after, entries),
            Stop::Undo(entry) => {
                let title = entry.game.map_or("An entry taken back".to_string(), |g| {
                    format!("Game {g} taken back")
                });
                let (title, date, text) = (
                    esc(&title),
                    esc(&entry.date),
                    esc(&capitalise(entry.text.clone())),
                );
                let _ = writeln!(
                    out,
                    "<li class=\"undo\"><h3>{title}<span class=\"meta\">{date}</span></h3><p>{text}</p></li>"
                );
            }
        }
    }
    out.push_str("</ol>\n</section>\n");
}

fn game_stop(out: &mut String, game: &GameView) {
    let (n, date) = (game.game, esc(&game.date));
    let _ = writeln!(
        out,
        "<li class=\"game\" id=\"game-{n}\"><h3>Game {n}<span class=\"meta\">{date}</span></h3>"
    );
    if let Some(winner) = game.players.iter().find(|p| p.result == "won") {
        let (who, faction) = (esc(&winner.person), esc(&winner.faction));
        let reward = game
            .reward
            .as_ref()
            .map_or(String::new(), |r| format!(" — {}", esc(r)));
        let _ = writeln!(
            out,
            "<p class=\"winner\">Won by <strong>{who}</strong> ({faction}){reward}</p>"
        );
    }
    out.push_str("<ul class=\"players\">");
    for p in &game.players {
        let hq =
            p.hq.as_deref()
                .map_or(String::new(), |hq| format!(" · HQ {}", esc(hq)));
        let named = Faction::new(p.faction.as_str());
        let short = named.short_name();
        let faction = if short == p.faction {
            esc(short)
        } else {
            format!("<abbr title=\"{}\">{}</abbr>", esc(&p.faction), esc(short))
        };
        let who = esc(&p.person);
        let (class, result) = (esc(p.result), esc(&p.result.replace('-', " ")));
        let _ = write!(
            out,
            "<li class=\"{class}\">{who} · {faction} · {result}{hq}</li>"
        );
    }
    out.push_str("</ul>\n<ul class=\"changes\">\n");
    for change in &game.changes {
        let _ = writeln!(
            out,
            "<li class=\"k-{}\">{}</li>",
            esc(change.kind),
            esc(&change.text)
        );
    }
    out.push_str("</ul>\n");
    if let Some(note) = &game.note {
        let _ = writeln!(out, "<p class=\"game-note\">{}</p>", esc(note));
    }
    out.push_str("</li>\n");
}

fn between_stop(out: &mut String, after: Option<u32>, entries: &[&HistoryEntry]) {
    let title = after.map_or("Before the first game".to_string(), |g| {
        format!("After game {g}")
    });
    let _ = writeln!(
        out,
        "<li class=\"between\"><h3>{title}</h3>\n<ul class=\"changes\">"
    );
    for entry in entries {
        let text = match &entry.person {
            Some(person) => format!("{person} {}", entry.text),
            None => capitalise(entry.text.clone()),
        };
        let _ = writeln!(
            out,
            "<li class=\"k-{}\">{}</li>",
            esc(&entry.kind),
            esc(&text)
        );
    }
    out.push_str("</ul>\n</li>\n");
}

/// A win rate as a bar and a percentage.
fn rate(rate: f64) -> String {
    let percent = (rate * 100.0).round().clamp(0.0, 100.0);
    let width = percent * 0.6;
    format!("<span class=\"bar\" style=\"width:{width:.0}px\"></span>{percent:.0}%")
}

/// The first cells of a person's or a faction's row: name, games, won, held on, out, win rate.
fn record(name: &str, numbers: [u32; 4], win_rate: f64) -> Vec<String> {
    let mut row = vec![esc(name)];
    row.extend(numbers.map(|n| n.to_string()));
    row.push(rate(win_rate));
    row
}

const PLAYERS: &str = "Player,Games,Won,Held on,Out,Win rate,Best run,Run now";
const FACTIONS: &str = "Faction,Games,Won,Held on,Out,Win rate,Started most in";

fn statistics(out: &mut String, stats: &StatsReport) {
    out.push_str("<section id=\"statistics\">\n<h2>Statistics</h2>\n");
    let mut rows = Vec::new();
    for p in &stats.players {
        let mut row = record(
            &p.name,
            [p.games, p.won, p.held_on, p.eliminated],
            p.win_rate,
        );
        row.extend([p.longest_win_streak, p.current_streak].map(|n| n.to_string()));
        rows.push(row);
    }
    table(out, "Players", PLAYERS, "tnnnnnnn", &rows);
    rows.clear();
    for f in &stats.factions {
        let mut row = record(
            &f.name,
            [f.games, f.won, f.held_on, f.eliminated],
            f.win_rate,
        );
        let started = f
            .started_most
            .as_ref()
            .map(|t| (esc(t), f.started_most_times));
        row.push(started.map_or(String::new(), |(t, n)| format!("{t} ({n}×)")));
        rows.push(row);
    }
    table(out, "Factions", FACTIONS, "tnnnnnt", &rows);
    rows.clear();
    for h in &stats.head_to_head {
        let (a, b, games) = (esc(&h.a), esc(&h.b), h.games.to_string());
        rows.push(vec![
            format!("{a} – {b}"),
            games,
            format!("{} – {}", h.a_won, h.b_won),
        ]);
    }
    table(
        out,
        "Head to head",
        "Pair,Games together,Wins",
        "tnn",
        &rows,
    );
    out.push_str("</section>\n");
}

/// A table of cells already in HTML: its headers separated by commas, and `numbers` marking
/// with an `n` each column of numbers.
fn table(out: &mut String, caption: &str, headers: &str, numbers: &str, rows: &[Vec<String>]) {
    let class = |i: usize| match numbers.as_bytes().get(i) {
        Some(b'n') => " class=\"n\"",
        _ => "",
    };
    out.push_str("<div class=\"scroll\"><table>\n");
    if !caption.is_empty() {
        let _ = writeln!(out, "<caption>{}</caption>", esc(caption));
    }
    out.push_str("<thead><tr>");
    for (i, header) in headers.split(',').enumerate() {
        let _ = write!(out, "<th{}>{}</th>", class(i), esc(header));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in rows {
        out.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            let _ = write!(out, "<td{}>{cell}</td>", class(i));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table></div>\n");
}

fn signatures(out: &mut String, board: &BoardView) {
    out.push_str("<section id=\"signatures\">\n<h2>Signatures</h2>\n");
    let mut rows = Vec::new();
    for s in &board.signatures {
        let game = format!("<a href=\"#game-{g}\">{g}</a>", g = s.game);
        let who = format!("<strong>{}</strong>", esc(&s.player));
        rows.push(vec![game, esc(&s.date), who, esc(&s.faction)]);
    }
    if rows.is_empty() {
        out.push_str("<p>No game won yet: the board is unsigned.</p>\n");
    } else {
        table(
            out,
            "Won and signed",
            "Game,Date,Signed by,Faction",
            "",
            &rows,
        );
    }
    out.push_str("</section>\n");
}
