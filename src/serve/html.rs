//! The served pages' HTML: the page, the stylesheet and the tables every HTML page of
//! chronicle has (`render::html`; a phone first: no horizontal scroll at 390 px, readable
//! at 1400), the served pages' navigation, and the few lines of script that keep a page
//! live (and, on a plain-HTTP address, keep the pages shown for when the laptop sleeps).
//! Everything is in the binary: nothing is loaded from the internet.

use maud::{Markup, PreEscaped, html};

use crate::render::html::{Link, Shell, Text, document, site_header};

pub(super) use crate::render::html::tables;

/// Keeps the page live (and asks for the service worker that keeps copies for when the
/// laptop sleeps, `offline.rs`; a copy shown says so until the server answers again): the
/// event stream says the log's head; when it is not the page's, the page reads itself again
/// and shows the new `main` (and says so, `chronicle:main`, for the television's turns). An
/// open page whose stream breaks says since when it is current. The stream is closed when
/// the page is left or hidden (a browser keeps a left page, stream and all, for Back, and
/// opens at most six connections to one server: the seventh page would wait) and opened
/// again when the page is shown; the first event of every connection is the head now, so a
/// page shown again catches up.
///
/// Where no service worker can come (a plain-HTTP network address, as a phone at the table
/// opens), the script keeps the pages itself, for this browser only: each page shown saves
/// its header, `main`, title and the time it was drawn in `localStorage` under its path and
/// query (the last 40; a full storage drops the oldest). A tap on a link to one of the
/// server's pages reads it with `fetch` and shows it in place (`history` keeps Back and
/// Forward); when the server does not answer, the saved copy is shown with a line saying
/// how old it is, and a page never saved says it waits for the laptop (above the page
/// shown after a tap; in the page's place after Back). A page being read again for a new
/// head is not shown once another page is.
/// The logging form, the API, the backup, the stream, the story (a page of its own, too
/// large to keep), the photos and an address with a key are never saved nor read this way. Where a service worker can run, navigation is the browser's.
const LIVE: &str = "
(function(){
var body=document.body,head=body.dataset.head,stream=null,seen=Date.now(),asked=0;
var own=!navigator.serviceWorker,KEY='chronicle-page:',MOST=40,shown=where(location);
function where(u){return u.pathname+u.search;}
function ours(u){return u.origin===location.origin&&!u.searchParams.has('key')&&!/^\\/(log|api|backup|events|story|photos|sw\\.js)(\\/|$)/.test(u.pathname);}
{AGO}
function line(text){var p=document.createElement('p');p.className='offline';p.setAttribute('role','status');p.textContent=text;return p;}
function read(k){try{return JSON.parse(localStorage.getItem(k));}catch(e){return null;}}
function saved(){var all=[];for(var i=0;i<localStorage.length;i++){var k=localStorage.key(i);if(k&&k.indexOf(KEY)===0)all.push(k);}return all;}
function drop(){
 var o=null,at=Infinity;
 saved().forEach(function(k){var p=read(k),t=p&&p.at||0;if(t<at){at=t;o=k;}});
 if(o)localStorage.removeItem(o);
 return !!o;
}
function save(){
 var h=document.querySelector('header'),m=document.querySelector('main');
 if(!own||!m||!ours(new URL(location.href)))return;
 var k=KEY+where(location),page=JSON.stringify({header:h?h.outerHTML:'',main:m.outerHTML,title:document.title,at:Date.now()});
 try{
  localStorage.removeItem(k);
  for(;;){try{localStorage.setItem(k,page);break;}catch(e){if(!drop())return;}}
  while(saved().length>MOST)drop();
 }catch(e){}
}
function show(header,main,title,to,push){
 var h=document.querySelector('header');if(h&&header)h.replaceWith(header);
 document.querySelector('main').replaceWith(main);
 document.title=title;
 if(push)history.pushState({page:to},'',to);
 shown=to;window.scrollTo(0,0);
 document.dispatchEvent(new Event('chronicle:main'));
}
function go(to,push){
 var n=++asked;
 fetch(to,{cache:'no-store'}).then(function(r){
  if(!/^text\\/html/.test(r.headers.get('Content-Type')||''))return leave(to,push);
  return r.text().then(function(t){
   if(n!==asked)return;
   var d=new DOMParser().parseFromString(t,'text/html'),m=d.querySelector('main');
   if(!m||d.body.className!==body.className)return leave(to,push);
   head=d.body.dataset.head;body.dataset.head=head||'';seen=Date.now();
   show(d.querySelector('header'),m,d.title,where(new URL(r.url)),push);
   if(r.ok)save();
  });
 }).catch(function(){if(n===asked)kept(to,push);});
}
function leave(to,push){if(push)location.assign(to);else location.replace(to);}
function kept(to,push){
 var p=read(KEY+to),t=document.createElement('template'),w,that=push?'that':'this';
 if(p&&p.main){
  t.innerHTML=(p.header||'')+p.main;
  w=line('The laptop is not answering (asleep, or serve stopped): this is the page as it was '+ago(Date.now()-p.at)+', at '+new Date(p.at).toLocaleTimeString([],{hour:'2-digit',minute:'2-digit'})+'.');
 }else{
  w=line('Waiting for the laptop: it is not answering (asleep, or serve stopped), and '+that+' page was never opened on this phone. The pages opened before can be read; '+that+' one comes back when the laptop does.');
  if(push){
   var o=document.getElementById('waiting');if(o)o.remove();
   w.id='waiting';document.querySelector('main').prepend(w);w.scrollIntoView({block:'nearest'});
   return;
  }
  t.innerHTML='<main><h1>Waiting for the laptop</h1></main>';
  p={title:'Waiting for the laptop · chronicle',at:Date.now()};
 }
 var main=t.content.querySelector('main');
 main.prepend(w);head=null;seen=p.at;
 show(t.content.querySelector('header'),main,p.title,to,push);
}
function refresh(){
 var at=shown;
 fetch(location.href,{cache:'no-store'}).then(function(r){return r.text();}).then(function(t){
  var d=new DOMParser().parseFromString(t,'text/html'),m=d.querySelector('main');
  if(!m||at!==shown)return;
  document.querySelector('main').replaceWith(m);
  head=d.body.dataset.head;body.dataset.head=head;
  document.dispatchEvent(new Event('chronicle:main'));
  save();
 });
}
function connect(){
 close();
 stream=new EventSource('/events');
 stream.addEventListener('head',function(e){
  document.querySelectorAll('main p.offline').forEach(function(p){p.remove();});
  seen=Date.now();
  if(e.data!==head)refresh();
 });
 stream.addEventListener('error',function(){
  var m=document.querySelector('main');
  if(!m||m.querySelector('p.offline'))return;
  m.prepend(line('The laptop is not answering (asleep, or serve stopped): this is the page as it was at '+new Date(seen).toLocaleTimeString()+'.'));
 });
}
function close(){if(stream){stream.close();stream=null;}}
connect();
if(own){
 history.replaceState({page:shown},'');
 save();
 document.addEventListener('click',function(e){
  if(e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
  var a=e.target.closest&&e.target.closest('a[href]');
  if(!a||a.target||a.hasAttribute('download'))return;
  var u=new URL(a.getAttribute('href'),location.href);
  if(!ours(u)||(u.hash&&where(u)===shown))return;
  e.preventDefault();
  go(where(u),true);
 });
 window.addEventListener('popstate',function(e){if(e.state&&e.state.page&&e.state.page!==shown)go(e.state.page,false);});
}else navigator.serviceWorker.register('/sw.js').catch(function(){});
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
        style: "",
    };
    let scripts = html! {
        script { (PreEscaped(LIVE.replace("{AGO}", super::offline::AGO))) }
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
