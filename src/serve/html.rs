//! The served pages' HTML: one layout (a phone first: no horizontal scroll at 390 px,
//! readable at 1400), the tables of any report as `render` gives them, and the few lines of
//! script that keep a page live. Everything is in the binary: nothing is loaded from the
//! internet. maud escapes every piece of text.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use crate::render::Tabular;

pub(super) const STYLE: &str = "
:root{--ink:#1d2430;--muted:#5b6573;--line:#d7dce3;--bg:#f6f7f9;--accent:#8a2b1d}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:var(--ink);background:var(--bg)}
header{background:var(--ink);color:#fff;padding:10px 14px}
header h1{font-size:1.15rem;margin:0 0 6px}
nav{display:flex;flex-wrap:wrap;gap:4px 12px}
nav a{color:#fff;text-decoration:none;font-size:.95rem}
nav a[aria-current]{text-decoration:underline}
main{max-width:1100px;margin:0 auto;padding:12px 14px 40px}
h2{font-size:1.05rem;margin:22px 0 8px}
p.lines{margin:6px 0;color:var(--muted)}
table{width:100%;border-collapse:collapse;background:#fff;margin:0 0 12px;font-size:.92rem}
th,td{border:1px solid var(--line);padding:5px 7px;text-align:left;vertical-align:top;overflow-wrap:anywhere;hyphens:auto}
@media (max-width:480px){table{font-size:.82rem}th,td{padding:3px 4px}}
th{background:#eef1f5}
.map svg{width:100%;height:auto;display:block;background:#fff;border:1px solid var(--line)}
.note{color:var(--muted);font-size:.9rem}
.error{background:#fff3f0;border:1px solid #e4b9ae;padding:12px}
form.step label{display:block;padding:8px 6px;border-bottom:1px solid var(--line);background:#fff}
form.step input[type=text]{width:100%;font-size:1.05rem;padding:8px;margin:6px 0}
form.step button{font-size:1.05rem;padding:10px 16px;margin:12px 8px 0 0}
pre.command{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid var(--line);padding:8px;font-size:.85rem}
body.tv{font-size:28px}
body.tv h2{font-size:1.25em}
body.tv header,body.tv nav{display:none}
body.tv main{max-width:none}
body.tv .tv-part{display:block}
";

/// Keeps the page live: the event stream says the log's head; when it is not the page's,
/// the page reads itself again and shows the new `main`. A phone that wakes reconnects, and
/// the first event of every connection is the head now.
const LIVE: &str = "
(function(){
var body=document.body,head=body.dataset.head,stream=null;
function refresh(){
 fetch(location.href,{cache:'no-store'}).then(function(r){return r.text();}).then(function(t){
  var d=new DOMParser().parseFromString(t,'text/html'),m=d.querySelector('main');
  if(!m)return;
  document.querySelector('main').replaceWith(m);
  head=d.body.dataset.head;body.dataset.head=head;
 });
}
function connect(){
 if(stream)stream.close();
 stream=new EventSource('/events');
 stream.addEventListener('head',function(e){if(e.data!==head)refresh();});
}
connect();
document.addEventListener('visibilitychange',function(){if(document.visibilityState==='visible')connect();});
})();
";

/// The television view shows one part at a time, in turn.
const TV: &str = "
(function(){
var parts=document.querySelectorAll('.tv-part'),i=0;
if(parts.length<2)return;
function show(){for(var k=0;k<parts.length;k++)parts[k].style.display=k===i?'block':'none';i=(i+1)%parts.length;}
show();setInterval(show,20000);
})();
";

/// The pages of the navigation, with their paths.
const PAGES: [(&str, &str); 10] = [
    ("/", "Tonight"),
    ("/board", "Board"),
    ("/history", "History"),
    ("/stats", "Stats"),
    ("/setup", "Setup"),
    ("/packets", "Packets"),
    ("/pools", "Pools"),
    ("/games", "Games"),
    ("/world", "World"),
    ("/history?kind=event,mission", "Events"),
];

/// A whole page: the campaign's name, the navigation (keeping `?after=N`), the content,
/// the head it was drawn at, and the live script.
pub(super) fn page(
    campaign: &str,
    path: &str,
    after: Option<u32>,
    head: &str,
    tv: bool,
    content: Markup,
) -> Markup {
    let keep = after.map(|n| format!("after={n}"));
    let link = |to: &str| match (&keep, to.contains('?')) {
        (Some(keep), true) => format!("{to}&{keep}"),
        (Some(keep), false) => format!("{to}?{keep}"),
        (None, _) => to.to_string(),
    };
    let title = match after {
        Some(n) => format!("{campaign}, after game {n}"),
        None => campaign.to_string(),
    };
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · chronicle" }
                style { (PreEscaped(STYLE)) }
            }
            body class=[tv.then_some("tv")] data-head=(head) {
                header {
                    h1 { (title) }
                    nav {
                        @for (to, name) in PAGES {
                            a href=(link(to)) aria-current=[(to == path).then_some("page")] { (name) }
                        }
                    }
                }
                main { (content) }
                script { (PreEscaped(LIVE)) }
                @if tv { script { (PreEscaped(TV)) } }
            }
        }
    }
}

/// A report's lines and tables, as `render` gives them for a terminal, as HTML.
pub(super) fn tables(report: &impl Tabular) -> Markup {
    html! {
        @for line in report.lines() {
            p.lines { (line) }
        }
        @for table in report.tables() {
            @if let Some(title) = &table.title {
                h2 { (title) }
            }
            table {
                thead { tr { @for h in &table.headers { th { (h) } } } }
                tbody {
                    @for row in &table.rows {
                        tr { @for cell in row { td { (cell) } } }
                    }
                }
            }
        }
    }
}

/// An error in place of the content.
pub(super) fn error(text: &str) -> Markup {
    html! { div.error { p { (text) } } }
}
