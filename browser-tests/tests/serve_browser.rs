//! The served pages in a real browser: headless Chromium, driven through WebDriver
//! (Debian's `chromium-driver`), as a phone (390 × 844) and as a laptop (1400 × 900). No page
//! scrolls sideways; a page left open shows a game another process logs, within 2 seconds,
//! without a reload; and a page whose connection was cut (a phone that slept, the laptop's
//! server restarted) catches up when it is shown again. Screenshots are kept under the
//! tests' output folder. Skipped, with a notice, where Chromium or its driver is missing.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};

use crate::common::{TestEnv, skipped};

const PAGES: &[&str] = &[
    "/", "/board", "/map", "/history", "/stats", "/setup", "/packets", "/pools", "/games",
    "/games/6", "/world", "/join", "/?tv",
];

/// A program on the PATH or at one of Debian's places.
pub(crate) fn program(names: &[&str]) -> Option<String> {
    names.iter().find_map(|name| {
        let found = Command::new("sh")
            .args(["-c", &format!("command -v {name}")])
            .output()
            .ok()?;
        let path = String::from_utf8(found.stdout).ok()?.trim().to_string();
        (!path.is_empty()).then_some(path)
    })
}

/// Chromium's WebDriver, when Chromium and its driver are both here; else a notice that
/// the test (`what`) is skipped.
pub(crate) fn chromium(what: &str) -> Option<String> {
    let (Some(driver), Some(_)) = (
        program(&["chromedriver", "chromium-driver"]),
        program(&["chromium", "chromium-browser"]),
    ) else {
        skipped(&format!(
            "Chromium or chromium-driver is not installed: {what}"
        ));
        return None;
    };
    Some(driver)
}

/// A runtime of the test's own, to drive the browser on.
pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A free port on loopback.
pub(crate) fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    listener.local_addr().expect("its address").port()
}

/// Waits until something listens on `port`.
/// Chromium's WebDriver (`driver`) started on a free port of loopback, and that port, once
/// it listens; stopped when dropped.
pub(crate) fn chromedriver(driver: &str) -> (Killed, u16) {
    let port = free_port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Killed(child);
    listening(port);
    (driver, port)
}

pub(crate) fn listening(port: u16) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "nothing listens on {port}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

pub(crate) struct Killed(pub(crate) Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `chronicle serve` on loopback at `port`.
pub(crate) fn serve(env: &TestEnv, port: u16) -> Killed {
    let mut child = env
        .process(&[
            "serve",
            "--bind",
            "127.0.0.1",
            "--port",
            &port.to_string(),
            "--no-qr",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chronicle serve starts");
    let mut line = String::new();
    let stdout = child.stdout.take().expect("its stdout");
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("its first line");
    Killed(child)
}

/// A browser session: as a phone (`mobile`) or as a laptop window.
pub(crate) async fn browser(driver: &str, mobile: bool) -> Client {
    browser_with(driver, mobile, &[]).await
}

/// A browser session started with Chromium's own `flags` as well (`browser`).
pub(crate) async fn browser_with(driver: &str, mobile: bool, flags: &[&str]) -> Client {
    let chromium = program(&["chromium", "chromium-browser"]).unwrap_or_default();
    let mut args = vec![
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--window-size=1400,900",
    ];
    args.extend_from_slice(flags);
    let mut options = json!({ "binary": chromium, "args": args });
    if mobile {
        options["mobileEmulation"] =
            json!({"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2}});
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".to_string(), options);
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(capabilities)
        .connect(driver)
        .await
        .expect("a browser session")
}

/// The page's width against the window's: a page that scrolls sideways is wider.
pub(crate) async fn widths(client: &Client) -> (u64, u64) {
    let value = client
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth];",
            Vec::new(),
        )
        .await
        .expect("the widths");
    let n = |i: usize| value[i].as_u64().expect("a width");
    (n(0), n(1))
}

pub(crate) async fn text(client: &Client) -> String {
    let value: Value = client
        .execute("return document.body.innerText;", Vec::new())
        .await
        .expect("the page's text");
    value.as_str().unwrap_or_default().to_string()
}

/// Waits up to `within` for the open page to show `wanted`.
pub(crate) async fn shows(client: &Client, wanted: &str, within: Duration) -> Duration {
    let start = Instant::now();
    loop {
        let shown = text(client).await;
        if shown.contains(wanted) {
            return start.elapsed();
        }
        assert!(
            start.elapsed() < within,
            "the page did not show {wanted:?} within {within:?}; it shows:\n{shown}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub(crate) fn log_game(env: &TestEnv, date: &str) {
    env.ok(&[
        "game",
        "log",
        "--date",
        date,
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:eliminated",
    ]);
}

#[test]
fn the_pages_fit_a_phone_and_follow_writes_in_a_real_browser() {
    let Some(driver) = chromium("the browser test") else {
        return;
    };
    let env = TestEnv::demo();
    let port = free_port();
    let mut server = serve(&env, port);
    let url = format!("http://127.0.0.1:{port}");
    let (_driver, driver_port) = chromedriver(&driver);
    let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-screenshots");
    std::fs::create_dir_all(&shots).expect("a folder for screenshots");
    let runtime = runtime();
    runtime.block_on(async {
        let driver = format!("http://127.0.0.1:{driver_port}");
        for (mobile, name) in [(true, "390"), (false, "1400")] {
            let client = browser(&driver, mobile).await;
            for path in PAGES {
                client
                    .goto(&format!("{url}{path}"))
                    .await
                    .expect("the page");
                let (page, window) = widths(&client).await;
                assert!(
                    page <= window,
                    "{path} at {name}: {page} wide in a window of {window}"
                );
                let file = format!("{name}{}.png", path.replace(['/', '?'], "-"));
                let png = client.screenshot().await.expect("a screenshot");
                std::fs::write(shots.join(file), png).expect("the screenshot kept");
            }
            client.close().await.expect("closed");
        }

        // A phone with the board open sees the next game within 2 seconds.
        let client = browser(&driver, true).await;
        client
            .goto(&format!("{url}/board"))
            .await
            .expect("the board");
        shows(&client, "after 16 games", Duration::from_secs(5)).await;
        log_game(&env, "2026-05-01");
        let took = shows(&client, "after 17 games", Duration::from_secs(2)).await;
        println!("the open page showed game 17 {took:?} after it was logged");

        // The connection cut (the server restarted while the phone slept): a game logged
        // meanwhile is shown when the page is shown again.
        drop(server);
        log_game(&env, "2026-05-02");
        server = serve(&env, port);
        client
            .execute(
                "document.dispatchEvent(new Event('visibilitychange'));",
                Vec::new(),
            )
            .await
            .expect("shown again");
        shows(&client, "after 18 games", Duration::from_secs(5)).await;
        client.close().await.expect("closed");
        drop(server);
    });
}
