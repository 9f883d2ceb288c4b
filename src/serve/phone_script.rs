//! The form's own look (options as chips, Next held at the bottom), and the few lines that
//! make the phone form one page with JavaScript: a screen's answer tapped or typed is posted
//! in the background (`go=fill`: an option at once, a text once typing pauses, a name to
//! search for once it is left) and the screen drawn again with the questions it opens (an
//! option tapped empties the box of its question, which would win over it); Next, Back and
//! Confirm are posted in the background and their answer shown in place, each screen a
//! place in the browser's history, so that the phone's Back and forward move between
//! screens (`go=to`) as they would between pages. Only the answer to the latest post is
//! shown (and kept on the server: each post says when it was sent), and what is being typed
//! stays as typed. Without JavaScript, or if a post fails, the forms are plain forms.

/// The script of every page of the form.
pub(super) const ONE_PAGE: &str = r"
(function(){
if(!window.fetch||!window.FormData||!window.URLSearchParams||!window.DOMParser)return;
var latest=0,timer=null,inflight=0;
function busy(){if(timer||inflight)document.body.dataset.busy='1';else delete document.body.dataset.busy;}
function post(f,go,popped){
 var body=new URLSearchParams(new FormData(f));(go||[]).forEach(function(p){body.set(p[0],p[1]);});body.set('sent',String(Date.now()));
 var mine=++latest;inflight++;busy();
 return fetch(f.action,{method:'POST',body:body,credentials:'same-origin'}).then(function(r){return r.text();}).then(function(t){
  inflight--;if(mine===latest)show(t,f,popped);busy();
 },function(){inflight--;busy();if(mine===latest)f.submit();});
}
function place(m){var s=m&&m.querySelector('input[name=screen]');return s?s.value:null;}
function show(t,f,popped){
 var d=new DOMParser().parseFromString(t,'text/html'),m=d.querySelector('main');
 if(!m){f.submit();return;}
 var old=document.querySelector('main'),was=old.querySelector('form.screen'),a=document.activeElement;
 var typing=a&&a.type==='text'&&a.name&&a.form?[a.name,a.value,a.selectionEnd]:null;
 old.replaceWith(m);document.title=d.title;
 var now=m.querySelector('form.screen');
 if(typing){var e=m.querySelector('input[type=text][name=\''+typing[0].replace(/'/g,'\\\'')+'\']');if(e){e.value=typing[1];e.focus();try{e.setSelectionRange(typing[2],typing[2]);}catch(x){}}}
 if(!was||!now||was.dataset.screen!==now.dataset.screen){window.scrollTo(0,0);}
 else{var q=m.querySelector('fieldset[data-open]');if(q&&!typing&&q.scrollIntoView)q.scrollIntoView({block:'nearest'});}
 var at=place(m);
 if(!popped&&at!==null&&!(history.state&&history.state.place===at))history.pushState({place:at},'',location.pathname);
 document.dispatchEvent(new CustomEvent('shown'));
}
function fill(f){if(timer){clearTimeout(timer);timer=null;}post(f,[['go','fill']]);}
document.addEventListener('change',function(e){
 var t=e.target,f=t.form;if(!f||!f.matches('form.screen'))return;
 if(t.type==='text'&&!t.dataset.search)return;
 if(t.type!=='text'){var q=t.closest('fieldset'),b=q&&q.querySelector('input[type=text]');if(b)b.value='';}
 fill(f);
});
document.addEventListener('input',function(e){
 var f=e.target.form;if(!f||!f.matches('form.screen')||e.target.type!=='text'||e.target.dataset.search)return;
 if(timer)clearTimeout(timer);timer=setTimeout(function(){timer=null;fill(f);},600);busy();
});
document.addEventListener('submit',function(e){
 var f=e.target;if(!f.matches||!f.matches('form.step,form.screen'))return;
 e.preventDefault();if(timer){clearTimeout(timer);timer=null;}
 post(f,e.submitter&&e.submitter.name?[[e.submitter.name,e.submitter.value]]:null);
});
history.replaceState({place:place(document.querySelector('main'))},'');
window.addEventListener('popstate',function(e){
 if(!e.state||e.state.place===null||e.state.place===undefined)return;
 var f=document.querySelector('form.screen,form.step[action$=step]');
 if(!f){location.reload();return;}
 if(timer){clearTimeout(timer);timer=null;}
 post(f,[['go','to'],['to',e.state.place]],true);
});
})();
";

/// The form's own look: options as chips to tap, and the buttons that go on held at the
/// bottom of the screen, in reach of a thumb.
pub(super) const LOOK: &str = "
form.screen fieldset{border:0;border-bottom:1px solid var(--line);margin:0;padding:10px 0;scroll-margin-bottom:90px}
form.screen legend{font-weight:bold;padding:0}
form.screen fieldset[data-open] legend{color:var(--accent)}
form.screen label.tap{display:inline-block;border:1px solid var(--line);background:var(--card);border-radius:18px;padding:7px 12px;margin:4px 4px 0 0}
form.screen label.tap:has(input:checked){background:#fff3c4;border-color:var(--gold);font-weight:bold}
form.screen label.tap input{margin:0 6px 0 0}
form.screen select,form.screen input[type=text]{width:100%;font-size:1.05rem;padding:8px;margin:6px 0 0}
div.go{position:sticky;bottom:0;display:flex;gap:8px;background:var(--paper);border-top:1px solid var(--line);padding:8px 0;margin-top:12px}
div.go button,div.go form{flex:1;margin:0}
div.go button{width:100%;font-size:1.1rem;padding:12px}
div.go .on{order:2;font-weight:bold}
";
