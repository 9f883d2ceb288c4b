//! The television view (`/?tv`) on a 1920 × 1080 screen: the recap and the map in turn, each
//! within the screen, and still in turn after games are logged by another process while it
//! is shown.

use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};

use crate::common::TestEnv;
use crate::serve_browser::{chromedriver, chromium, free_port, log_game, program, runtime, serve};

/// A browser session whose page is 1920 × 1080, as a television shows it.
async fn television(driver: &str) -> Client {
    let chromium = program(&["chromium", "chromium-browser"]).unwrap_or_default();
    let options = json!({
        "binary": chromium,
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1920,1080"],
        "mobileEmulation": {"deviceMetrics": {
            "width": 1920, "height": 1080, "pixelRatio": 1, "mobile": false, "touch": false
        }},
    });
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".to_string(), options);
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(capabilities)
        .connect(driver)
        .await
        .expect("a browser session")
}

/// What the screen shows now: the window's size, the page's height, and for each part
/// whether it is shown, and its top, bottom and right edges.
const SHOWN: &str = "
return {
 width: window.innerWidth, height: window.innerHeight,
 page: document.documentElement.scrollHeight,
 parts: Array.from(document.querySelectorAll('main .tv-part')).map(function(p){
  var r=p.getBoundingClientRect();
  return [getComputedStyle(p).display!=='none', r.top, r.bottom, r.right];
 })
};";

/// Watches the screen for up to `within`: at every look exactly one part is shown, within
/// the screen, and the page no taller than the screen; passes once every part was shown.
async fn alternates(client: &Client, when: &str, within: Duration) {
    let start = Instant::now();
    let mut seen: Vec<bool> = Vec::new();
    loop {
        let now: Value = client.execute(SHOWN, Vec::new()).await.expect("the screen");
        let (width, height) = (now["width"].as_f64(), now["height"].as_f64());
        let (width, height) = (width.expect("a width"), height.expect("a height"));
        assert!((width, height) == (1920.0, 1080.0), "the screen: {now}");
        let parts = now["parts"].as_array().expect("the parts");
        assert!(parts.len() >= 2, "{when}: the parts: {now}");
        seen.resize(parts.len(), false);
        let shown: Vec<usize> = (0..parts.len())
            .filter(|&i| parts[i][0].as_bool() == Some(true))
            .collect();
        assert!(shown.len() == 1, "{when}: one part at a time: {now}");
        let part = &parts[shown[0]];
        let edge = |i: usize| part[i].as_f64().expect("an edge");
        assert!(
            edge(1) >= 0.0 && edge(2) <= height && edge(3) <= width,
            "{when}: part {} is not within the screen: {now}",
            shown[0]
        );
        let page = now["page"].as_f64().expect("the page's height");
        assert!(page <= height, "{when}: the page is {page} tall: {now}");
        seen[shown[0]] = true;
        if seen.iter().all(|s| *s) {
            return;
        }
        assert!(
            start.elapsed() < within,
            "{when}: not every part was shown within {within:?} (seen: {seen:?})"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Waits up to 5 s for the page to show a head other than `before`; the new head.
async fn updated(client: &Client, before: &str) -> String {
    let start = Instant::now();
    loop {
        let head = client
            .execute("return document.body.dataset.head;", Vec::new())
            .await
            .expect("the page's head");
        let head = head.as_str().unwrap_or_default().to_string();
        if head != before {
            return head;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the page did not update"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[test]
fn the_television_shows_each_part_within_the_screen_in_turn_after_live_updates() {
    let Some(driver) = chromium("the browser test") else {
        return;
    };
    let env = TestEnv::demo();
    let port = free_port();
    let _server = serve(&env, port);
    let (_driver, driver_port) = chromedriver(&driver);
    let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-screenshots");
    std::fs::create_dir_all(&shots).expect("a folder for screenshots");
    let runtime = runtime();
    runtime.block_on(async {
        let client = television(&format!("http://127.0.0.1:{driver_port}")).await;
        // Each part for 2 seconds.
        client
            .goto(&format!("http://127.0.0.1:{port}/?tv=2"))
            .await
            .expect("the television view");
        let turns = Duration::from_secs(7);
        alternates(&client, "at first", turns).await;
        let png = client.screenshot().await.expect("a screenshot");
        std::fs::write(shots.join("tv-1920.png"), png).expect("the screenshot kept");
        let mut head = client
            .execute("return document.body.dataset.head;", Vec::new())
            .await
            .expect("the page's head")
            .as_str()
            .unwrap_or_default()
            .to_string();
        for (n, date) in ["2026-05-01", "2026-05-02", "2026-05-03"]
            .iter()
            .enumerate()
        {
            log_game(&env, date);
            head = updated(&client, &head).await;
            alternates(&client, &format!("after update {}", n + 1), turns).await;
        }
        client.close().await.expect("closed");
    });
}
