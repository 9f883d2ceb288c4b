//! The pages when the laptop sleeps: a phone that opened pages keeps them (the service
//! worker, `/sw.js`); with the server stopped, opening one again shows it with a line saying
//! how old it is, a page never opened says it waits for the laptop, and so does the
//! logging form.

use std::time::{Duration, Instant};

use fantoccini::Client;
use serde_json::Value;

use crate::common::TestEnv;
use crate::serve_browser::{browser, chromedriver, chromium, free_port, runtime, serve, text};

/// Waits, a bounded time, until the service worker controls the page (opening it again
/// until it does).
async fn controlled(client: &Client, url: &str) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let on: Value = client
            .execute("return !!navigator.serviceWorker.controller;", Vec::new())
            .await
            .expect("the worker asked");
        if on == Value::Bool(true) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "no service worker controls {url} within 15 s"
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
        client.goto(url).await.expect("the page again");
    }
}

#[test]
fn pages_a_phone_opened_are_read_with_their_age_when_the_server_is_stopped() {
    let Some(driver) = chromium("the browser test") else {
        return;
    };
    let env = TestEnv::demo();
    let port = free_port();
    let server = serve(&env, port);
    let url = format!("http://127.0.0.1:{port}");
    let (_driver, driver_port) = chromedriver(&driver);
    let runtime = runtime();
    runtime.block_on(async {
        let client = browser(&format!("http://127.0.0.1:{driver_port}"), true).await;
        client.goto(&format!("{url}/stats")).await.expect("stats");
        controlled(&client, &format!("{url}/stats")).await;
        for path in ["/history", "/people/Ann", "/stats"] {
            client
                .goto(&format!("{url}{path}"))
                .await
                .expect("the page");
        }
        let online = text(&client).await;
        assert!(!online.contains("not answering"), "{online}");

        drop(server);
        // The page open says so at once, without a reload (as on a phone where no service
        // worker runs): its event stream broke.
        let mut open = String::new();
        for _ in 0..50 {
            open = text(&client).await;
            if open.contains("The laptop is not answering") {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        assert!(
            open.contains("The laptop is not answering") && open.contains("as it was at"),
            "the open page says since when it is current: {open}"
        );
        client.refresh().await.expect("reloaded");
        let stats = text(&client).await;
        assert!(stats.contains("Stats"), "the page kept: {stats}");
        assert!(
            stats.contains("The laptop is not answering")
                && stats.contains("this is the page as it was less than a minute ago"),
            "the page says how old it is: {stats}"
        );
        client
            .goto(&format!("{url}/people/Ann"))
            .await
            .expect("Ann's page");
        let ann = text(&client).await;
        assert!(
            ann.contains("Head to head") && ann.contains("as it was"),
            "{ann}"
        );
        client.goto(&format!("{url}/pools")).await.expect("pools");
        let never = text(&client).await;
        assert!(
            never.contains("never opened on this phone"),
            "a page not kept: {never}"
        );
        client.goto(&format!("{url}/log")).await.expect("the form");
        let log = text(&client).await;
        assert!(log.contains("Logging waits for the laptop"), "{log}");
        client.close().await.expect("closed");
    });
}
