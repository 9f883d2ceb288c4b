//! The pages when the laptop sleeps, on the plain-HTTP address a phone at the table opens
//! (`http://laptop:PORT`), where a browser runs no service worker: the live script keeps each
//! page shown in the browser's storage and reads a tapped link itself. With the server
//! stopped, a page opened before is shown with a line saying how old it is, a page never
//! opened says it waits for the laptop while the page shown stays, and Back shows the page
//! before. The address is this machine's own name (the only names `serve` answers besides
//! its addresses), which Chromium is told is 127.0.0.1: no traffic leaves loopback.

use std::process::Command;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::common::{TestEnv, skipped};
use crate::serve_browser::{
    Killed, browser_with, chromedriver, chromium, free_port, log_game, runtime, serve, text,
};

/// This machine's name, as `serve` finds it, where it is not a secure origin of its own.
fn machine_name() -> Option<String> {
    let output = Command::new("uname").arg("-n").output().ok()?;
    let name = String::from_utf8(output.stdout).ok()?.trim().to_lowercase();
    let plain = !name.is_empty() && name != "localhost" && !name.ends_with(".localhost");
    plain.then_some(name)
}

/// The demo served on loopback at `url` (this machine's name and the port), and a
/// ChromeDriver for a phone that opens it: the name, the driver, its port. None where
/// Chromium or a name of the machine's own is missing (said).
struct Plain {
    env: TestEnv,
    port: u16,
    server: Killed,
    url: String,
    phone: (String, Killed, u16),
}

fn plain() -> Option<Plain> {
    let driver = chromium("the plain-HTTP address in a browser")?;
    let Some(name) = machine_name() else {
        skipped("this machine has no name of its own to open the pages by");
        return None;
    };
    let env = TestEnv::demo();
    let port = free_port();
    let server = serve(&env, port);
    let url = format!("http://{name}:{port}");
    let (driver, driver_port) = chromedriver(&driver);
    Some(Plain {
        env,
        port,
        server,
        url,
        phone: (name, driver, driver_port),
    })
}

/// A phone's browser (through the driver at `driver_port`) that finds this machine's
/// `name` at 127.0.0.1.
async fn phone(driver_port: u16, name: &str) -> Client {
    let rule = format!("--host-resolver-rules=MAP {name} 127.0.0.1");
    browser_with(
        &format!("http://127.0.0.1:{driver_port}"),
        true,
        &[rule.as_str()],
    )
    .await
}

async fn run(client: &Client, script: &str) -> Value {
    client
        .execute(script, Vec::new())
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// Taps the first link that `css` finds.
async fn tap(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|_| panic!("no link at {css}"))
        .click()
        .await
        .expect("tapped");
}

/// Waits, at most 5 seconds, until the page shown is `path` (with its query), its `main`
/// headed `name`; returns the page's text.
async fn on(client: &Client, path: &str, name: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let shown = run(
            client,
            "var h=document.querySelector('main h1');return [location.pathname+location.search,h?h.innerText:''];",
        )
        .await;
        if shown == json!([path, name]) {
            return text(client).await;
        }
        assert!(
            Instant::now() < deadline,
            "not on {path} ({name}) within 5 s: {shown}\n{}",
            text(client).await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits, at most 5 seconds, until the page shows `wanted`; returns its text.
async fn says(client: &Client, wanted: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let shown = text(client).await;
        if shown.contains(wanted) {
            return shown;
        }
        assert!(
            Instant::now() < deadline,
            "the page did not say {wanted:?} within 5 s:\n{shown}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The paths of the pages kept in the browser's storage, sorted.
async fn kept(client: &Client) -> Vec<String> {
    let value = run(
        client,
        "return Object.keys(localStorage).filter(function(k){return k.indexOf('chronicle-page:')===0;}).map(function(k){return k.slice(15);}).sort();",
    )
    .await;
    serde_json::from_value(value).expect("a list of paths")
}

#[test]
fn on_a_plain_http_address_the_pages_tapped_are_kept_and_shown_when_the_server_is_stopped() {
    let Some(Plain {
        env,
        port,
        server,
        url,
        phone: (name, _driver, driver_port),
    }) = plain()
    else {
        return;
    };
    let runtime = runtime();
    runtime.block_on(async {
        let client = phone(driver_port, &name).await;
        client.goto(&format!("{url}/")).await.expect("the first page");
        on(&client, "/", "Tonight").await;
        let origin = run(
            &client,
            "return [window.isSecureContext, !!(navigator.serviceWorker && navigator.serviceWorker.controller)];",
        )
        .await;
        assert_eq!(
            origin,
            json!([false, false]),
            "a plain-HTTP origin, no service worker"
        );
        // Marks this document: a tap the script answers keeps it, a navigation would not.
        run(&client, "window.tapped = 'in place'; return true;").await;

        tap(&client, "nav a[href='/history']").await;
        on(&client, "/history", "History").await;
        tap(&client, "nav a[href='/stats']").await;
        on(&client, "/stats", "Stats").await;
        let marked = run(
            &client,
            "var a=document.querySelector('nav a[aria-current]');return a?a.innerText:'';",
        )
        .await;
        assert_eq!(marked, json!("Stats"), "the menu marks the page shown");
        tap(&client, "main a[href='/people/Ann']").await;
        let ann = on(&client, "/people/Ann", "Ann").await;
        assert!(ann.contains("Head to head"), "{ann}");
        let current = run(
            &client,
            "return [window.tapped, document.title, window.scrollY];",
        )
        .await;
        assert_eq!(current[0], json!("in place"), "taps read in place: {current}");
        assert!(
            current[1].as_str().unwrap_or_default().starts_with("Ann · "),
            "the title follows: {current}"
        );
        assert_eq!(current[2], json!(0), "at the top: {current}");
        assert_eq!(
            kept(&client).await,
            ["/", "/history", "/people/Ann", "/stats"],
            "each page shown is kept"
        );

        // Back shows the page before, from the server.
        client.back().await.expect("back");
        on(&client, "/stats", "Stats").await;
        let stats = text(&client).await;
        assert!(!stats.contains("not answering"), "{stats}");
        // A page shown by a tap stays live: a game logged elsewhere is shown on it.
        log_game(&env, "2026-05-01");
        says(&client, "after 17 games").await;

        // A page the server does not have is its answer, as a navigation would show it.
        run(
            &client,
            "var a=document.createElement('a');a.href='/nowhere';a.id='nowhere';a.textContent='nowhere';document.querySelector('main').append(a);return true;",
        )
        .await;
        tap(&client, "#nowhere").await;
        let nowhere = on(&client, "/nowhere", "No such page").await;
        assert!(nowhere.contains("There is no page /nowhere"), "{nowhere}");
        assert!(
            !kept(&client).await.contains(&"/nowhere".to_string()),
            "an error is not kept"
        );

        drop(server);
        tap(&client, "nav a[href='/history']").await;
        let history = on(&client, "/history", "History").await;
        assert!(
            history.contains(
                "The laptop is not answering (asleep, or serve stopped): this is the page as it was less than a minute ago, at "
            ),
            "the kept page says how old it is: {history}"
        );
        let line = run(
            &client,
            "var p=document.querySelector('main p.offline[role=status]');return p?p.innerText:'';",
        )
        .await;
        assert!(
            line.as_str().unwrap_or_default().contains("as it was"),
            "the line is a status: {line}"
        );

        // A page never opened: it waits for the laptop, and History stays.
        tap(&client, "nav a[href='/pools']").await;
        let waiting = says(&client, "that page was never opened on this phone").await;
        assert!(waiting.contains("Waiting for the laptop"), "{waiting}");
        on(&client, "/history", "History").await;

        // Back, with the server stopped: a page never kept waits for the laptop, and the
        // page before it is shown as kept, with its age.
        client.back().await.expect("back");
        let nowhere = on(&client, "/nowhere", "Waiting for the laptop").await;
        assert!(
            nowhere.contains("this page was never opened on this phone"),
            "{nowhere}"
        );
        client.back().await.expect("back");
        let stats = on(&client, "/stats", "Stats").await;
        assert!(
            stats.contains("this is the page as it was less than a minute ago"),
            "{stats}"
        );
        assert_eq!(
            run(&client, "return window.tapped;").await,
            json!("in place")
        );

        // The server back: the line goes and the page is the server's again.
        let _server = serve(&env, port);
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let shown = run(
                &client,
                "return [!!document.querySelector('main p.offline'), document.body.dataset.head];",
            )
            .await;
            if shown[0] == json!(false) && shown[1] != json!("") {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "the line stays 10 s after the server is back: {shown}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        on(&client, "/stats", "Stats").await;
        client.close().await.expect("closed");
    });
}

#[test]
fn on_a_plain_http_address_the_last_40_pages_are_kept_and_a_full_storage_makes_room() {
    let Some(Plain {
        env: _env,
        port: _,
        server: _server,
        url,
        phone: (name, _driver, driver_port),
    }) = plain()
    else {
        return;
    };
    let runtime = runtime();
    runtime.block_on(async {
        let client = phone(driver_port, &name).await;
        client.goto(&format!("{url}/stats")).await.expect("stats");
        on(&client, "/stats", "Stats").await;
        // 40 pages kept before, all older than Stats.
        run(
            &client,
            "for(var i=0;i<40;i++)localStorage.setItem('chronicle-page:/before/'+i,JSON.stringify({main:'<main><h1>Before</h1></main>',title:'Before',at:i}));return true;",
        )
        .await;
        tap(&client, "main a[href='/people/Ann']").await;
        on(&client, "/people/Ann", "Ann").await;
        let pages = kept(&client).await;
        assert_eq!(pages.len(), 40, "{pages:?}");
        for path in ["/people/Ann", "/stats", "/before/2", "/before/39"] {
            assert!(pages.contains(&path.to_string()), "{path} kept: {pages:?}");
        }
        for path in ["/before/0", "/before/1"] {
            assert!(!pages.contains(&path.to_string()), "{path} dropped: {pages:?}");
        }

        // The storage filled to the last kilobyte with old pages: the next page makes room
        // by dropping the oldest.
        let filled = run(
            &client,
            "localStorage.clear();var n=0;[1<<20,1<<14,1<<10].forEach(function(size){for(var i=0;i<100;i++){\
             try{localStorage.setItem('chronicle-page:/old/'+n,JSON.stringify({main:'<main>'+'x'.repeat(size)+'</main>',title:'Old',at:n}));n++;}catch(e){break;}}});return n;",
        )
        .await;
        let filled = filled.as_u64().expect("a count");
        assert!(filled > 2, "the storage took {filled} old pages");
        tap(&client, "nav a[href='/stats']").await;
        on(&client, "/stats", "Stats").await;
        let pages = kept(&client).await;
        assert!(pages.contains(&"/stats".to_string()), "{pages:?}");
        assert!(!pages.contains(&"/old/0".to_string()), "{pages:?}");
        assert!(pages.len() <= 40, "{pages:?}");
        client.close().await.expect("closed");
    });
}
