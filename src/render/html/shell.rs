//! The page around every HTML page chronicle draws, the export's and the served ones alike:
//! the document's head with the one stylesheet, the header with the campaign's name and the
//! navigation, then the content. Everything is inline: nothing is loaded from anywhere.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::Text;

/// The stylesheet of every page. No rule reaches into the map (`figure.map>svg` sizes it),
/// which carries its own style, scoped to `.chronicle-map`.
pub const STYLE: &str = "
:root{--ink:#24313d;--muted:#5a6773;--paper:#fbf8f1;--card:#fff;--line:#e3dccb;--accent:#9b1d20;--gold:#d9b54a}
:not(svg *){box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--paper);color:var(--ink);font:16px/1.5 serif}
header,main,footer{max-width:1120px;margin:0 auto;padding:0 16px;overflow-wrap:anywhere}
main{padding-top:12px;padding-bottom:40px}
h1,h2,h3,nav,table,.meta,.players,.subtitle,.chip,footer,form,pre{font-family:sans-serif}
header{border-bottom:3px double var(--ink);padding-top:24px;padding-bottom:12px}
h1{font-size:2.2em;line-height:1.15;margin:0;font-family:serif;overflow-wrap:anywhere}
.subtitle{color:var(--muted);margin:4px 0 0}
nav{display:flex;flex-wrap:wrap;gap:6px 16px;margin-top:10px;font-size:.9em}
nav a{color:var(--accent);text-decoration:none;font-weight:bold}
header.site{padding-top:10px;padding-bottom:6px}
header.site nav{gap:0 4px;margin-top:2px}
header.site nav a{display:inline-flex;align-items:center;justify-content:center;min-height:44px;min-width:44px;padding:0 6px}
p.campaign{font:bold 1.35em/1.2 serif;margin:0;overflow-wrap:anywhere}
main>h1{font-size:1.6em;margin:6px 0 12px}
a.tap{display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;padding:0 10px;margin:0 4px 4px 0;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--accent);font-weight:bold;text-decoration:none}
a.tap.on{background:#fde9c4;border-color:var(--gold)}
p.offline{background:#fde9c4;border:1px solid var(--gold);border-radius:6px;padding:8px 10px;font-family:sans-serif}
.filters{margin:0 0 16px}.filters details{margin:0 0 4px}.filters summary{min-height:44px;display:flex;align-items:center;font:bold .95em sans-serif;color:var(--muted);cursor:pointer}
figure.map.full{overflow:auto;max-height:85vh}
figure.map.full{--map-width:1640px;--map-most:none}
figure.qr{margin:12px auto;width:min(92vw,72vh,640px);text-align:center}
figure.qr figcaption{font:bold 1.2em/1.4 sans-serif;color:var(--ink);overflow-wrap:anywhere}
p.join{font-size:1.15em}
nav a[aria-current]{text-decoration:underline}
section{margin:28px 0}
h2{font-size:1.15em;border-bottom:1px solid var(--line);padding-bottom:4px;margin:0 0 12px}
section>h2{letter-spacing:.08em;text-transform:uppercase}
h3{font-size:1.05em;margin:14px 0 6px}
p.lines{margin:6px 0;color:var(--muted)}
figure.map{margin:0;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:6px}
figure.map>svg{display:block;width:var(--map-width,100%);max-width:var(--map-most,100%);height:var(--map-height,auto)}
figcaption{font:13px/1.4 sans-serif;color:var(--muted);padding:4px}
.scroll{overflow-x:auto;max-width:100%;margin:0 0 12px}
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
p.aside{color:var(--muted);font-size:.92em;margin:6px 0}
.between ul.changes{color:var(--muted);font-size:.93em}
div.error{background:#fff3f0;border:1px solid #e4b9ae;padding:12px;margin:12px 0}
form.step label{display:block;padding:8px 6px;border-bottom:1px solid var(--line);background:var(--card)}
form.step input[type=text]{width:100%;font-size:1.05rem;padding:8px;margin:6px 0}
form.step button{font-size:1.05rem;padding:10px 16px;margin:12px 8px 0 0}
pre.command{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--card);border:1px solid var(--line);padding:8px;font-size:.85rem}
footer{margin-top:36px;color:var(--muted);font-size:12px;border-top:1px solid var(--line);padding-top:8px;padding-bottom:16px}
body.tv{font-size:28px}
body.tv header,body.tv main>h1{display:none}
body.tv main{max-width:none;padding:16px 32px}
body.tv .tv-part{display:block}
body.tv .recap{columns:2 600px;column-gap:64px}
body.tv .recap h2{break-after:avoid}
body.tv .recap li{break-inside:avoid}
body.tv figure.map{--map-height:calc(100vh - 48px)}
@media (max-width:600px){body{font-size:15px}header,main,footer{padding-left:10px;padding-right:10px}h1{font-size:1.6em}th,td{padding:4px 5px}
table,tbody,tr,td,caption{display:block;width:100%}
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
tr{border-bottom:2px solid var(--line);padding:4px 0}
td{position:relative;border:none;padding:3px 6px 3px 42%;text-align:left;min-height:1.6em}
td.n{text-align:left;white-space:normal}
td:empty{display:none}
td::before{content:attr(data-label);position:absolute;left:6px;width:38%;font-size:12px;line-height:1.7;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}}
@media print{@page{margin:12mm}body{background:#fff;font-size:11pt}header,main,footer{max-width:none;padding:0}nav{display:none}
figure.map{border:none;padding:0}section{margin:14pt 0}
h2,h3{break-after:avoid}ol.timeline>li,tr,ul.marks li{break-inside:avoid}#map{break-after:page}th,.chip,.players li{background:none}}
";

/// What a page says of itself: its title, the class of its body and the log's head it was
/// drawn at (a served page, which the live script compares with the server's).
pub struct Shell<'a> {
    pub title: &'a str,
    pub class: Option<&'a str>,
    pub head: Option<&'a str>,
    /// The page's own rules, after the stylesheet every page has (the story's print rules);
    /// empty for most pages.
    pub style: &'a str,
}

/// A whole page: the head with the stylesheet, `header`, the content in `main`, then
/// `after` (the export's footer, a served page's scripts).
pub fn document(shell: &Shell<'_>, header: Markup, content: Markup, after: Markup) -> Markup {
    let generator = format!("chronicle {}", env!("CARGO_PKG_VERSION"));
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="generator" content=(generator);
                title { (Text(shell.title)) }
                style { (PreEscaped(STYLE)) (PreEscaped(shell.style)) }
            }
            body class=[shell.class] data-head=[shell.head] {
                (header)
                main { (content) }
                (after)
            }
        }
    }
}

/// A link of the navigation: where it leads, its name, and whether it is the page shown.
pub struct Link<'a> {
    pub to: String,
    pub name: &'a str,
    pub current: bool,
}

/// The header: the campaign's name, what is said under it, and the links to its parts.
pub fn header(title: &str, subtitle: Option<&str>, links: &[Link<'_>]) -> Markup {
    html! {
        header {
            h1 { (Text(title)) }
            @if let Some(subtitle) = subtitle {
                p.subtitle { (Text(subtitle)) }
            }
            nav {
                @for link in links {
                    a href=(link.to) aria-current=[link.current.then_some("page")] { (Text(link.name)) }
                }
            }
        }
    }
}

/// The header of a served page, whose own name is its `h1`: the campaign's name, and the
/// links to the other pages.
pub fn site_header(campaign: &str, links: &[Link<'_>]) -> Markup {
    html! {
        header.site {
            p.campaign { (Text(campaign)) }
            nav {
                @for link in links {
                    a href=(link.to) aria-current=[link.current.then_some("page")] { (Text(link.name)) }
                }
            }
        }
    }
}
