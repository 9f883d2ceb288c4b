//! Pages readable when the laptop sleeps: `/sw.js`, a service worker over the whole server
//! (`/`), from the next page opened (a page open before it came is left alone). Each page a
//! phone opens is asked of the server first; a page that comes keeps a
//! copy on the phone (the last 40 pages, each with the time it was drawn). When the server
//! does not answer (the laptop asleep, `serve` stopped), the copy is shown with a line
//! saying how old it is; a page never opened on this phone says so. The logging form, which
//! only the laptop can answer, says that it waits for the laptop. Nothing else is touched:
//! the event stream, the API, the backup and the writes go to the server as ever.
//!
//! A browser runs a service worker only on a secure origin: `http://127.0.0.1` and
//! `http://localhost`, or `https`. On a plain-HTTP network address the live script keeps
//! the pages itself instead (`html.rs`): the pages opened in that browser are shown, with
//! the same line, when a link to them is tapped; a reload there needs the laptop.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

/// How long ago a copy was drawn, in words ("12 minutes ago"): said by the service worker
/// and by the live script (`html.rs`) alike.
pub(super) const AGO: &str = "
function ago(ms){
 var m=Math.round(ms/60000),h=Math.round(m/60),d=Math.round(h/24);
 if(m<1)return 'less than a minute ago';
 if(m<60)return m+(m===1?' minute':' minutes')+' ago';
 if(h<48)return h+(h===1?' hour':' hours')+' ago';
 return d+' days ago';
}";

/// The service worker (`{AGO}` is `AGO`).
const WORKER: &str = r#"
var KEPT='chronicle-pages',MOST=40;
self.addEventListener('install',function(){self.skipWaiting();});
function html(text,status){return new Response(text,{status:status||200,headers:{'Content-Type':'text/html; charset=utf-8'}});}
{AGO}
function keep(url,res){
 return res.text().then(function(t){
  return caches.open(KEPT).then(function(c){
   return c.delete(url).then(function(){
    return c.put(url,new Response(t,{headers:{'Content-Type':'text/html; charset=utf-8','X-Kept-At':String(Date.now())}}));
   }).then(function(){return c.keys();}).then(function(keys){
    return Promise.all(keys.slice(0,Math.max(0,keys.length-MOST)).map(function(k){return c.delete(k);}));
   });
  });
 });
}
function page(text){
 return '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Waiting for the laptop · chronicle</title></head>'
  +'<body style="font:18px/1.5 sans-serif;margin:24px"><main><h1>Waiting for the laptop</h1><p class="offline">'+text+'</p></main></body></html>';
}
function kept(url){
 return caches.open(KEPT).then(function(c){return c.match(url);}).then(function(res){
  if(!res)return html(page('The laptop is not answering (asleep, or serve stopped), and this page was never opened on this phone. The pages opened before can be read; this one comes back when the laptop does.'),503);
  var at=+res.headers.get('X-Kept-At');
  return res.text().then(function(t){
   var line='<p class="offline" role="status">The laptop is not answering (asleep, or serve stopped): this is the page as it was '+ago(Date.now()-at)+', at '+new Date(at).toLocaleString()+'.</p>';
   return html(t.replace('<main>','<main>'+line));
  });
 });
}
self.addEventListener('fetch',function(e){
 var r=e.request,u=new URL(r.url);
 if(r.mode!=='navigate'||u.origin!==location.origin)return;
 if(/^\/log(\/|$)/.test(u.pathname)){
  e.respondWith(fetch(r).catch(function(){
   return html(page('Logging waits for the laptop: it is asleep, or serve stopped. The answers given so far are kept on the laptop; open the form again when it is awake.'),503);
  }));
  return;
 }
 if(r.method!=='GET'||u.searchParams.has('key')||/^\/(api|events|backup)(\/|$)/.test(u.pathname))return;
 e.respondWith(fetch(r).then(function(res){
  if(res.ok&&(res.headers.get('Content-Type')||'').indexOf('text/html')===0){e.waitUntil(keep(u.href,res.clone()));}
  return res;
 }).catch(function(){return kept(u.href);}));
});
"#;

/// `/sw.js`: the service worker, as JavaScript, over the whole server.
pub(super) async fn worker() -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/javascript; charset=utf-8"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (
                header::HeaderName::from_static("service-worker-allowed"),
                HeaderValue::from_static("/"),
            ),
        ],
        WORKER.replace("{AGO}", AGO),
    )
        .into_response()
}
