//! The served pages as a phone lives on them (390 × 844): tapping from page to page through
//! the menu and Back never waits, however many pages were opened before (a page left keeps
//! no connection open).

use std::time::{Duration, Instant};

use fantoccini::wd::TimeoutConfiguration;
use fantoccini::{Client, Locator};

use crate::common::{TestEnv, skipped};
use crate::serve_browser::{browser, chromedriver, free_port, program, serve};

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
    let (Some(driver), Some(_)) = (
        program(&["chromedriver", "chromium-driver"]),
        program(&["chromium", "chromium-browser"]),
    ) else {
        skipped("Chromium or chromium-driver is not installed: the browser test");
        return;
    };
    let env = TestEnv::demo();
    let port = free_port();
    let _server = serve(&env, port);
    let url = format!("http://127.0.0.1:{port}");
    let (_driver, driver_port) = chromedriver(&driver);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
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
        client.close().await.expect("closed");
    });
}
