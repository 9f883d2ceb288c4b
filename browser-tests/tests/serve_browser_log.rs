//! The phone form in a real browser (headless Chromium as a phone, 390 × 844): the logging
//! address opened, the phone named, a five-player game with a winner's reward and two
//! held-on rewards answered question by question with taps and typing (with JavaScript, in
//! place on one page), the preview, Confirm;
//! a second phone with the board open shows the game within 2 seconds. Skipped, with a
//! notice, where Chromium or its driver is missing.

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};

use crate::common::{TestEnv, skipped};
use crate::serve_browser::{Killed, browser, chromedriver, free_port, program, shows};

const KEY: &str = "browserk3ybrowserk3y";

/// The answers by question: typed into the box, or the option tapped.
const ANSWERS: &[(&str, &str)] = &[
    ("date", "2026-11-20"),
    ("player-1", "Ann"),
    ("player-2", "Bo"),
    ("player-3", "Cy"),
    ("player-4", "Di"),
    ("player-5", "Ed"),
    ("hq-1", "Alaska"),
    ("hq-2", "Peru"),
    ("hq-3", "Egypt"),
    ("hq-4", "Ukraine"),
    ("hq-5", "Japan"),
    ("result:Di", "eliminated"),
    ("reward", "found a major city"),
    ("reward-target", "Quebec"),
    ("reward-name", "Kyro"),
    ("held-on:Bo", "found a minor city"),
    ("held-on:Bo:territory", "Brazil"),
    ("held-on:Bo:name", "Lima"),
    ("held-on:Cy", "add a resource to a card"),
    ("held-on:Cy:territory", "Congo"),
    ("held-on:Ed", "nothing"),
];

/// The question the page asks, if it asks one.
async fn step(client: &Client) -> Option<String> {
    let value = client
        .execute(
            "var f=document.querySelector('form.step[data-step]');return f?f.dataset.step:null;",
            Vec::new(),
        )
        .await
        .expect("the question");
    value.as_str().map(str::to_string)
}

/// Taps `css` and waits for the page it leads to (the content tapped on is marked, and the
/// next one is not, whether it came as a page or, with JavaScript, in place).
async fn tap(client: &Client, css: &str) {
    client
        .execute(
            "document.querySelector('main').dataset.left='1';",
            Vec::new(),
        )
        .await
        .expect("the page marked");
    client
        .find(Locator::Css(css))
        .await
        .expect("what to tap")
        .click()
        .await
        .expect("tapped");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let new = client
            .execute(
                "var m=document.querySelector('main');return document.readyState==='complete'&&!!m&&!m.dataset.left;",
                Vec::new(),
            )
            .await
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false);
        if new {
            return;
        }
        assert!(Instant::now() < deadline, "no page after tapping {css}");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// Answers the question asked now as a person would: types into its box, or taps the
/// option; then taps Next.
async fn answer(client: &Client, id: &str) {
    if let Some((_, value)) = ANSWERS.iter().find(|(q, _)| *q == id) {
        let boxed = client
            .find(Locator::Css("form.step input[type=text]"))
            .await;
        let option = client
            .find(Locator::Css(&format!(
                "form.step input[name=value][value=\"{value}\"]"
            )))
            .await;
        match (option, boxed) {
            (Ok(option), _) => option.click().await.expect("the option tapped"),
            (Err(_), Ok(boxed)) => {
                boxed.clear().await.expect("the box cleared");
                boxed.send_keys(value).await.expect("typed");
            }
            (Err(_), Err(_)) => panic!("{id}: nowhere to answer {value}"),
        }
    }
    tap(client, "form.step button[value=answer]").await;
}

#[test]
fn a_phone_logs_a_five_player_game_and_the_board_on_another_shows_it() {
    let (Some(driver), Some(_)) = (
        program(&["chromedriver", "chromium-driver"]),
        program(&["chromium", "chromium-browser"]),
    ) else {
        skipped("Chromium or chromium-driver is not installed: the phone form in a browser");
        return;
    };
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    let port = free_port();
    let mut child = env
        .process(&[
            "serve",
            "--bind",
            "127.0.0.1",
            "--port",
            &port.to_string(),
            "--no-qr",
            "--allow-log",
        ])
        .env("CHRONICLE_SERVE_KEY", KEY)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chronicle serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("its stdout"))
        .read_line(&mut line)
        .expect("its first line");
    let _server = Killed(child);
    let url = format!("http://127.0.0.1:{port}");
    let (_driver, driver_port) = chromedriver(&driver);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let driver = format!("http://127.0.0.1:{driver_port}");
        let board = browser(&driver, true).await;
        board
            .goto(&format!("{url}/board"))
            .await
            .expect("the board");
        let phone = browser(&driver, true).await;
        phone
            .goto(&format!("{url}/log?key={KEY}"))
            .await
            .expect("the logging address");
        let name = phone
            .find(Locator::Css("#device"))
            .await
            .expect("the name box");
        name.send_keys("Bo's phone").await.expect("typed");
        tap(&phone, "form.step button").await;
        // With JavaScript the form is one page: what a page of its own would forget stays.
        phone
            .execute("window.onePage=true;", Vec::new())
            .await
            .expect("the page marked");
        let mut asked = Vec::new();
        let deadline = Instant::now() + Duration::from_mins(2);
        while let Some(id) = step(&phone).await {
            assert!(Instant::now() < deadline && asked.len() < 80, "{asked:?}");
            asked.push(id.clone());
            answer(&phone, &id).await;
        }
        let preview = crate::serve_browser::text(&phone).await;
        assert!(
            preview.contains("chronicle game log"),
            "{preview}\n{asked:?}"
        );
        assert!(preview.contains("--major-city"), "{preview}");
        let one_page = phone
            .execute("return window.onePage===true;", Vec::new())
            .await
            .expect("the mark");
        assert_eq!(
            one_page,
            serde_json::Value::Bool(true),
            "each step shown in place"
        );
        tap(&phone, "#confirm").await;
        shows(
            &phone,
            "Game 1 logged on Bo's phone.",
            Duration::from_secs(5),
        )
        .await;
        let took = shows(&board, "Kyro", Duration::from_secs(2)).await;
        println!("the board on another phone showed the game {took:?} after Confirm");
        phone.close().await.expect("closed");
        board.close().await.expect("closed");
    });
    let game = env.json(&["game", "show", "1", "--format", "json"]);
    assert_eq!(game["logged_by"], "Bo's phone");
    assert_eq!(game["players"].as_array().map(Vec::len), Some(5));
    let changes = game["changes"].to_string();
    for wanted in ["Kyro", "Lima", "resource"] {
        assert!(changes.contains(wanted), "{wanted}: {changes}");
    }
}
