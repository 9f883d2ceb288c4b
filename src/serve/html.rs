//! The served pages' HTML: the page, the stylesheet and the tables every HTML page of
//! chronicle has (`render::html`; a phone first: no horizontal scroll at 390 px, readable
//! at 1400), the served pages' navigation, and the few lines of script that keep a page
//! live. Everything is in the binary: nothing is loaded from the internet.

use maud::{Markup, PreEscaped, html};

use crate::render::html::{Link, Shell, Text, document, site_header};

pub(super) use crate::render::html::tables;

/// Keeps the page live (and asks for the service worker that keeps copies for when the
/// laptop sleeps, `offline.rs`; a copy shown says so until the server answers again; an
/// open page whose stream breaks says since when it is current, where no service worker
/// runs, on a phone reading the plain-HTTP address): the event stream says the log's head;
/// when it is not the page's,
/// the page reads itself again and shows the new `main` (and says so, `chronicle:main`, for
/// the television's turns). The stream is closed when the page is left or hidden (a browser
/// keeps a left page, stream and all, for Back, and opens at most six connections to one
/// server: the seventh page would wait) and opened again when the page is shown; the first
/// event of every connection is the head now, so a page shown again catches up.
const LIVE: &str = "
(function(){
var body=document.body,head=body.dataset.head,stream=null,seen=Date.now();
function refresh(){
 fetch(location.href,{cache:'no-store'}).then(function(r){return r.text();}).then(function(t){
  var d=new DOMParser().parseFromString(t,'text/html'),m=d.querySelector('main');
  if(!m)return;
  document.querySelector('main').replaceWith(m);
  head=d.body.dataset.head;body.dataset.head=head;
  document.dispatchEvent(new Event('chronicle:main'));
 });
}
function connect(){
 close();
 stream=new EventSource('/events');
 stream.addEventListener('head',function(e){
  var kept=document.querySelector('main p.offline');if(kept)kept.remove();
  seen=Date.now();
  if(e.data!==head)refresh();
 });
 stream.addEventListener('error',function(){
  var m=document.querySelector('main');
  if(!m||m.querySelector('p.offline'))return;
  var p=document.createElement('p');p.className='offline';p.setAttribute('role','status');
  p.textContent='The laptop is not answering (asleep, or serve stopped): this is the page as it was at '+new Date(seen).toLocaleTimeString()+'.';
  m.prepend(p);
 });
}
function close(){if(stream){stream.close();stream=null;}}
connect();
if('serviceWorker' in navigator)navigator.serviceWorker.register('/sw.js').catch(function(){});
window.addEventListener('pagehide',close);
window.addEventListener('pageshow',function(e){if(e.persisted||!stream)connect();});
document.addEventListener('visibilitychange',function(){if(document.visibilityState==='visible')connect();else close();});
})();
";

/// The television view shows one part at a time, in turn, every `{TURN}` seconds: the parts
/// are found again at each turn and when the live script shows a new `main`, so an update
/// keeps the turn. A part taller than the screen is drawn smaller until it fits (a long
/// recap), down to a floor.
const TV: &str = "
(function(){
var i=0;
function parts(){return document.querySelectorAll('main .tv-part');}
function fit(p){
 p.style.fontSize='';
 var size=parseFloat(getComputedStyle(p).fontSize);
 while(p.getBoundingClientRect().bottom>window.innerHeight&&size>12){size-=1;p.style.fontSize=size+'px';}
}
function show(){
 var all=parts();if(!all.length)return;i%=all.length;
 for(var k=0;k<all.length;k++)all[k].style.display=k===i?'block':'none';
 fit(all[i]);
}
show();
document.addEventListener('chronicle:main',show);
setInterval(function(){i+=1;show();},{TURN}000);
})();
";

/// How long the television shows each part, in seconds: `?tv=N`, else 20.
pub(super) fn tv_turn(asked: &str) -> u32 {
    asked
        .parse()
        .ok()
        .filter(|n| (2..=600).contains(n))
        .unwrap_or(20)
}

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

/// A whole page: the campaign's name, the navigation (keeping `?after=N`), the page's own
/// name (its title and its one `h1`), the content, the head it was drawn at, and the live
/// script (and, for a television, the turns of its parts every `tv` seconds); drawn in the
/// page every HTML page of chronicle has (`render::html`).
pub(super) fn page(
    campaign: &str,
    name: &str,
    after: Option<u32>,
    head: &str,
    tv: Option<u32>,
    content: Markup,
) -> Markup {
    let keep = after.map(|n| format!("after={n}"));
    let link = |to: &str| match (&keep, to.contains('?')) {
        (Some(keep), true) => format!("{to}&{keep}"),
        (Some(keep), false) => format!("{to}?{keep}"),
        (None, _) => to.to_string(),
    };
    let campaign = match after {
        Some(n) => format!("{campaign}, after game {n}"),
        None => campaign.to_string(),
    };
    let links = PAGES.map(|(to, page)| Link {
        to: link(to),
        name: page,
        current: page == name,
    });
    let shell = Shell {
        title: &format!("{name} · {campaign} · chronicle"),
        class: tv.map(|_| "tv"),
        head: Some(head),
    };
    let scripts = html! {
        script { (PreEscaped(LIVE)) }
        @if let Some(turn) = tv { script { (PreEscaped(TV.replace("{TURN}", &turn.to_string()))) } }
    };
    let content = html! {
        h1 { (Text(name)) }
        (content)
    };
    document(&shell, site_header(&campaign, &links), content, scripts)
}

/// An error in place of the content.
pub(super) fn error(text: &str) -> Markup {
    html! { div.error { p { (text) } } }
}
