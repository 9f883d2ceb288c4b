//! The served pages as a phone lives on them (390 × 844): tapping from page to page through
//! the menu and Back never waits, however many pages were opened before (a page left keeps
//! no connection open); every page has its own title and one `h1`, its tables keep their
//! words whole, its links are a finger's size, it names pools in words, and the map opens
//! at full size with labels a phone reads.

use std::time::{Duration, Instant};

use fantoccini::wd::TimeoutConfiguration;
use fantoccini::{Client, Locator};

use crate::common::TestEnv;
use serde_json::json;

use crate::serve_browser::{
    browser, chromedriver, chromium, free_port, log_game, runtime, serve, shows, text,
};

/// The longest a page may take to open after a tap.
const QUICK: Duration = Duration::from_secs(3);

/// Waits (at most a few seconds) until the page at `url` is loaded; how long the tap took.
async fn opened(client: &Client, url: &str, started: Instant) -> Duration {
    let deadline = started + Duration::from_secs(10);
    loop {
        let state = client
            .execute(
                "return document.readyState==='complete' && location.href;",
                Vec::new(),
            )
            .await
            .ok();
        if state.as_ref().and_then(|v| v.as_str()) == Some(url) {
            return started.elapsed();
        }
        assert!(Instant::now() < deadline, "{url} did not open within 10 s");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The menu's links on the page shown: their addresses.
async fn menu(client: &Client) -> Vec<String> {
    let mut links = Vec::new();
    for link in client
        .find_all(Locator::Css("nav a"))
        .await
        .expect("the menu")
    {
        let to = link.prop("href").await.expect("a link's address");
        links.push(to.expect("an address"));
    }
    links
}

#[test]
fn a_phone_taps_through_every_page_twice_and_back_without_waiting() {
    let Some(driver) = chromium("the browser test") else {
        return;
    };
    let env = TestEnv::demo();
    let port = free_port();
    let _server = serve(&env, port);
    let url = format!("http://127.0.0.1:{port}");
    let (_driver, driver_port) = chromedriver(&driver);
    let runtime = runtime();
    runtime.block_on(async {
        let client = browser(&format!("http://127.0.0.1:{driver_port}"), true).await;
        // A page that waits for a connection fails the tap rather than hanging the test.
        let timeouts = TimeoutConfiguration::new(None, Some(Duration::from_secs(10)), None);
        client.update_timeouts(timeouts).await.expect("timeouts");
        client
            .goto(&format!("{url}/"))
            .await
            .expect("the first page");
        let entries = menu(&client).await;
        assert_eq!(entries.len(), 10, "the menu: {entries:?}");
        let mut slowest = Duration::ZERO;
        let mut taps = 0;
        for round in 0..2 {
            for (i, to) in entries.iter().enumerate() {
                let links = client
                    .find_all(Locator::Css("nav a"))
                    .await
                    .expect("the menu");
                let started = Instant::now();
                let tapped = links[i].click().await;
                let took = opened(&client, to, started).await;
                assert!(
                    tapped.is_ok() && took < QUICK,
                    "tap {taps} (round {round}) to {to} took {took:?}: {tapped:?}"
                );
                slowest = slowest.max(took);
                taps += 1;
            }
            for back in 0..3 {
                let before = entries[entries.len() - 2 - back].clone();
                let started = Instant::now();
                client.back().await.expect("back");
                let took = opened(&client, &before, started).await;
                assert!(took < QUICK, "Back to {before} took {took:?}");
                slowest = slowest.max(took);
                taps += 1;
            }
        }
        println!("{taps} pages opened by taps and Back, the slowest in {slowest:?}");

        // A page gone back to (from the browser's cache, its stream closed meanwhile) shows
        // a game logged while another page was open.
        client
            .goto(&format!("{url}/board"))
            .await
            .expect("the board");
        shows(&client, "after 16 games", QUICK).await;
        let stats = client
            .find(Locator::Css("nav a[href='/stats']"))
            .await
            .expect("the menu's Stats");
        stats.click().await.expect("tapped");
        opened(&client, &format!("{url}/stats"), Instant::now()).await;
        log_game(&env, "2026-05-01");
        client.back().await.expect("back");
        shows(&client, "after 17 games", QUICK).await;
        client.close().await.expect("closed");
    });
}

/// Every page a phone opens from the menu, a game, the map at full size, and the join page.
const PAGES: &[&str] = &[
    "/",
    "/board",
    "/map",
    "/history",
    "/history?kind=event,mission",
    "/stats",
    "/setup",
    "/packets",
    "/pools",
    "/games",
    "/games/6",
    "/world",
    "/join",
];

/// The words of the page's table cells that are split over two lines.
const BROKEN_WORDS: &str = "
var broken=[];
document.querySelectorAll('td,th,caption').forEach(function(cell){
 var head=cell.closest('thead');
 if(head&&head.getBoundingClientRect().width<=1)return;
 var walker=document.createTreeWalker(cell,NodeFilter.SHOW_TEXT),node;
 while((node=walker.nextNode())){
  var words=/\\S+/g,m;
  while((m=words.exec(node.data))){
   var range=document.createRange();
   range.setStart(node,m.index);range.setEnd(node,m.index+m[0].length);
   var lines={};
   Array.from(range.getClientRects()).forEach(function(r){if(r.width>0)lines[Math.round(r.top)]=1;});
   if(Object.keys(lines).length>1)broken.push(m[0]);
  }
 }
});
return broken;";

/// The page's links a finger cannot tap surely: those smaller than 44 × 44 pixels.
const SMALL_LINKS: &str = "
return Array.from(document.querySelectorAll('a')).filter(function(a){return a.getClientRects().length;})
 .map(function(a){var r=a.getBoundingClientRect();return a.textContent+' '+Math.round(r.width)+'x'+Math.round(r.height);})
 .filter(function(t){var m=t.match(/ (\\d+)x(\\d+)$/);return +m[1]<44||+m[2]<44;});";

/// The size on the screen, in pixels, of the map's smallest label.
const SMALLEST_LABEL: &str = "
var svg=document.querySelector('figure.map svg'),scale=svg.getScreenCTM().a,least=1e9;
svg.querySelectorAll('text,tspan').forEach(function(t){
 if(!t.textContent.trim())return;
 least=Math.min(least,parseFloat(getComputedStyle(t).fontSize)*scale);
});
return least;";

/// What a pool is called in the database; never on a page.
const POOL_KEYS: &[&str] = &[
    "continent_name",
    "major_city",
    "minor_city",
    "scar_cover",
    "bonus_plus",
    "bonus_minus",
    "coin_sticker",
    "world_capital",
    "scar:",
];

#[test]
fn every_page_reads_on_a_phone_in_whole_words_with_its_own_title_and_fingers_sized_links() {
    let Some(driver) = chromium("the browser test") else {
        return;
    };
    let env = TestEnv::demo();
    let port = free_port();
    let _server = serve(&env, port);
    let url = format!("http://127.0.0.1:{port}");
    let (_driver, driver_port) = chromedriver(&driver);
    let runtime = runtime();
    runtime.block_on(async {
        let client = browser(&format!("http://127.0.0.1:{driver_port}"), true).await;
        let mut titles: Vec<String> = Vec::new();
        let mut wrong: Vec<String> = Vec::new();
        for path in PAGES {
            client
                .goto(&format!("{url}{path}"))
                .await
                .expect("the page");
            let title = client.title().await.expect("its title");
            if titles.contains(&title) {
                wrong.push(format!("{path}: the title {title:?} is another page's"));
            }
            titles.push(title);
            let h1 = client
                .find_all(Locator::Css("h1"))
                .await
                .expect("the headings");
            if h1.len() != 1 {
                wrong.push(format!("{path}: {} h1", h1.len()));
            }
            let broken = client
                .execute(BROKEN_WORDS, Vec::new())
                .await
                .expect("the words");
            if broken != json!([]) {
                wrong.push(format!("{path}: words split over two lines: {broken}"));
            }
            let small = client
                .execute(SMALL_LINKS, Vec::new())
                .await
                .expect("the links");
            if small != json!([]) {
                wrong.push(format!("{path}: links under 44 × 44 pixels: {small}"));
            }
            let shown = text(&client).await;
            for key in POOL_KEYS.iter().filter(|key| shown.contains(**key)) {
                wrong.push(format!("{path} shows the pool key {key}"));
            }
        }
        assert!(wrong.is_empty(), "on a phone:\n{}", wrong.join("\n"));
        // A laptop's window keeps the tables' words whole too.
        let laptop = browser(&format!("http://127.0.0.1:{driver_port}"), false).await;
        for path in PAGES {
            laptop
                .goto(&format!("{url}{path}"))
                .await
                .expect("the page");
            let broken = laptop
                .execute(BROKEN_WORDS, Vec::new())
                .await
                .expect("the words");
            assert_eq!(
                broken,
                json!([]),
                "{path} at 1400: words split over two lines"
            );
        }
        laptop.close().await.expect("closed");
        client.goto(&format!("{url}/map")).await.expect("the map");
        let least = client
            .execute(SMALLEST_LABEL, Vec::new())
            .await
            .expect("the labels")
            .as_f64()
            .expect("a size");
        assert!(least >= 12.0, "the map's smallest label is {least} px");
        client
            .goto(&format!("{url}/pools"))
            .await
            .expect("the pools");
        let shown = text(&client).await;
        assert!(
            shown.contains("Continent names") && shown.contains("Bunker scars"),
            "the pools in words:\n{shown}"
        );
        client.close().await.expect("closed");
    });
}
