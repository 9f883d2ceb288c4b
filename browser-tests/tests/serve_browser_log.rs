//! The phone form in a real browser (headless Chromium as a phone, 390 × 844, JavaScript
//! on): the logging address opened, the phone named, then game 2 of a campaign, five
//! players with a winner's reward, three held-on rewards, a scar and a note, answered as a
//! person would, every tap and key counted (and printed): the whole in no more than 12
//! screens and 60 taps and keys besides the note, nothing chosen that the person did not
//! choose, Next and Confirm on the screen whenever they are pressed. The preview, Confirm;
//! a second phone with the board open shows the game within 2 seconds. Skipped, with a
//! notice, where Chromium or its driver is missing.

use std::io::{BufRead, BufReader};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};

use crate::common::TestEnv;
use crate::serve_browser::{Killed, browser, chromedriver, chromium, free_port, runtime, shows};

pub(crate) const KEY: &str = "browserk3ybrowserk3y";

/// The most screens, and taps and keys, the game may take (the note typed aside).
const SCREENS: usize = 12;
const TAPS_AND_KEYS: usize = 60;

/// Game 1, logged at the laptop: Ann, Bo, Cy, Di and Ed are known to the campaign.
pub(crate) const GAME_1: &[&str] = &[
    "game",
    "log",
    "--date",
    "2026-11-20",
    "--player",
    "Ann=bear:won@Alaska",
    "--player",
    "Bo=khan:held-on@Peru",
    "--player",
    "Cy=saharan:held-on@Egypt",
    "--player",
    "Di=balkania:eliminated@Ukraine",
    "--player",
    "Ed=mechaniker:held-on@Japan",
    "--major-city",
    "Quebec=Kyro",
    "--minor-city",
    "Bo:Brazil=Lima",
    "--upgrade",
    "Cy:Congo",
];

/// A phone in the browser, and what a person did on it: each tap and key sent, each
/// screen shown.
pub(crate) struct Counted {
    pub(crate) client: Client,
    pub(crate) taps: usize,
    pub(crate) keys: usize,
    pub(crate) note: usize,
    /// The times the screen was moved to bring what to tap into sight.
    pub(crate) swipes: usize,
    pub(crate) screens: Vec<String>,
}

impl Counted {
    pub(crate) fn new(client: Client) -> Counted {
        Counted {
            client,
            taps: 0,
            keys: 0,
            note: 0,
            swipes: 0,
            screens: Vec::new(),
        }
    }

    async fn run(&self, script: &str) -> serde_json::Value {
        self.client
            .execute(script, Vec::new())
            .await
            .expect("the script runs")
    }

    /// Waits until what was tapped or typed is posted and its answer shown.
    pub(crate) async fn settled(&self) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let done = self
                .run("return document.readyState==='complete'&&!document.body.dataset.busy&&!!document.querySelector('main');")
                .await;
            if done == serde_json::Value::Bool(true) {
                return;
            }
            assert!(Instant::now() < deadline, "the page never settled");
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    }

    /// The question `q` as it first shows: nothing in it chosen but an option that records
    /// nothing.
    async fn nothing_chosen(&self, q: &str) {
        let script = format!(
            "var f=document.querySelector('fieldset[data-q=\"{q}\"]');if(!f)return 'missing';\
             if(f.querySelector('input:checked'))return 'checked';\
             var s=f.querySelector('select');if(s&&s.value!==''&&s.value!=='=')return 'selected';return 'ok';"
        );
        assert_eq!(
            self.run(&script).await,
            "ok",
            "{q} shows with an answer chosen"
        );
    }

    /// Taps option `value` of question `q`.
    pub(crate) async fn tap(&mut self, q: &str, value: &str) {
        self.nothing_chosen(q).await;
        self.click(&format!(
            "fieldset[data-q=\"{q}\"] input[value=\"={value}\"]"
        ))
        .await;
        self.settled().await;
    }

    /// Picks `value` from the list of question `q`: the list opened, the option tapped.
    pub(crate) async fn pick(&mut self, q: &str, value: &str) {
        self.nothing_chosen(q).await;
        self.click(&format!("fieldset[data-q=\"{q}\"] select"))
            .await;
        self.click(&format!(
            "fieldset[data-q=\"{q}\"] select option[value=\"={value}\"]"
        ))
        .await;
        self.settled().await;
    }

    /// Types `text` into the box of question `q` (the note's keys are counted apart).
    pub(crate) async fn type_in(&mut self, q: &str, text: &str) {
        let boxed = self
            .client
            .find(Locator::Css(&format!("input[name=\"t.{q}\"]")))
            .await
            .unwrap_or_else(|_| panic!("the box of {q}"));
        boxed.send_keys(text).await.expect("typed");
        if q == "note" {
            self.note += text.chars().count();
        } else {
            self.keys += text.chars().count();
        }
        self.settled().await;
    }

    async fn click(&mut self, css: &str) {
        // Out of sight, or under the buttons held at the bottom: the screen is moved first.
        let hidden = format!(
            "var e=document.querySelector('{css}');if(!e||e.tagName==='OPTION')return false;var b=e.getBoundingClientRect(),g=document.querySelector('div.go'),t=g?g.getBoundingClientRect().top:window.innerHeight;\
             if(b.top>=0&&b.bottom<=t)return false;e.scrollIntoView({{block:'center'}});return true;"
        );
        if self.run(&hidden).await == serde_json::Value::Bool(true) {
            self.swipes += 1;
        }
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|_| panic!("nothing to tap at {css}"))
            .click()
            .await
            .expect("tapped");
        self.taps += 1;
    }

    /// What the screen is: its number, or the preview.
    pub(crate) async fn screen(&self) -> String {
        let value = self
            .run("var f=document.querySelector('form.screen');return f?'screen '+f.dataset.screen:(document.querySelector('#confirm')?'preview':'other');")
            .await;
        value.as_str().unwrap_or_default().to_string()
    }

    /// Taps `css` (Next, Confirm), seen on the screen without scrolling first, and notes
    /// the screen it leads to.
    pub(crate) async fn go(&mut self, css: &str) {
        let script = format!(
            "var b=document.querySelector('{css}').getBoundingClientRect();return b.top>=0&&b.bottom<=window.innerHeight;"
        );
        assert_eq!(
            self.run(&script).await,
            serde_json::Value::Bool(true),
            "{css} is off the screen on {}",
            self.screen().await
        );
        self.leave(css).await;
    }

    /// Taps `css`, wherever it is on the page, and notes the screen it leads to.
    pub(crate) async fn leave(&mut self, css: &str) {
        self.run("document.querySelector('main').dataset.left='1';")
            .await;
        self.click(css).await;
        let deadline = Instant::now() + Duration::from_secs(10);
        while self
            .run("var m=document.querySelector('main');return !m||!!m.dataset.left;")
            .await
            == serde_json::Value::Bool(true)
        {
            assert!(Instant::now() < deadline, "nothing after tapping {css}");
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
        self.settled().await;
        let now = self.screen().await;
        if self.screens.last() != Some(&now) {
            self.screens.push(now);
        }
    }
}

/// `chronicle serve --allow-log` on a free port of 127.0.0.1: the server, and its address.
pub(crate) fn serve(env: &TestEnv) -> (Killed, String) {
    let port = free_port();
    let mut child: Child = env
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
    (Killed(child), format!("http://127.0.0.1:{port}"))
}

/// The logging address opened on `phone` and the phone named.
pub(crate) async fn named(phone: &Client, url: &str) {
    phone
        .goto(&format!("{url}/log?key={KEY}"))
        .await
        .expect("the logging address");
    let name = phone
        .find(Locator::Css("#device"))
        .await
        .expect("the name box");
    name.send_keys("Bo's phone").await.expect("typed");
    name.send_keys("\u{e007}").await.expect("Enter");
    shows(phone, "Who played", Duration::from_secs(5)).await;
}

/// The table of game 2: each seat's person, faction and HQ.
pub(crate) const TABLE: [(&str, &str, &str); 5] = [
    ("Ann", "Enclave of the Bear", "Alaska"),
    ("Bo", "Khan Industries", "Peru"),
    ("Cy", "Saharan Republic", "Egypt"),
    ("Di", "Imperial Balkania", "Madagascar"),
    ("Ed", "Die Mechaniker", "Japan"),
];

/// The first screen of game 2: today, and the table.
pub(crate) async fn seat_the_table(phone: &mut Counted) {
    phone.tap("date", "2026-11-29").await;
    for (n, (person, faction, hq)) in TABLE.iter().enumerate() {
        let n = n + 1;
        phone.tap(&format!("player-{n}"), person).await;
        phone.tap(&format!("faction-{n}"), faction).await;
        phone.pick(&format!("hq-{n}"), hq).await;
    }
}

#[test]
fn a_phone_logs_a_five_player_game_in_a_few_screens_and_taps_and_another_shows_it() {
    let Some(driver) = chromium("the phone form in a browser") else {
        return;
    };
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    env.ok(GAME_1);
    let (_server, url) = serve(&env);
    let (_driver, driver_port) = chromedriver(&driver);
    let runtime = runtime();
    runtime.block_on(async {
        let driver = format!("http://127.0.0.1:{driver_port}");
        let board = browser(&driver, true).await;
        board
            .goto(&format!("{url}/board"))
            .await
            .expect("the board");
        let client = browser(&driver, true).await;
        named(&client, &url).await;
        // With JavaScript the form is one page: what a page of its own would forget stays.
        client
            .execute("window.onePage=true;", Vec::new())
            .await
            .expect("the page marked");
        let mut phone = Counted::new(client);
        phone.screens.push(phone.screen().await);
        seat_the_table(&mut phone).await;
        phone.go("#next").await;
        // How it went: Cy won, Di was eliminated; a Bunker in Greenland, one scar only.
        phone.tap("winner", "Cy").await;
        for (person, result) in [
            ("Ann", "held-on"),
            ("Bo", "held-on"),
            ("Di", "eliminated"),
            ("Ed", "held-on"),
        ] {
            phone.tap(&format!("result:{person}"), result).await;
        }
        phone.tap("scar-1", "yes").await;
        phone.pick("scar-1-territory", "Greenland").await;
        phone.tap("scar-1-type", "Bunker").await;
        phone.tap("scar-2", "no").await;
        phone.go("#next").await;
        // The rewards: Cy's major city; clockwise from Cy, Ed, Ann and Bo held on.
        phone.tap("reward", "found a major city").await;
        phone.pick("reward-target", "Egypt").await;
        phone.type_in("reward-name", "Giza").await;
        phone
            .tap("held-on:Ed", "add a resource to a card")
            .await;
        phone.pick("held-on:Ed:territory", "Japan").await;
        phone.tap("held-on:Ann", "found a minor city").await;
        phone.pick("held-on:Ann:territory", "Alaska").await;
        phone.type_in("held-on:Ann:name", "Nome").await;
        phone
            .tap("held-on:Bo", "add a resource to a card")
            .await;
        phone.pick("held-on:Bo:territory", "Peru").await;
        phone.go("#next").await;
        phone.type_in("note", "Close one.").await;
        phone.go("#next").await;
        let preview = crate::serve_browser::text(&phone.client).await;
        assert!(
            preview.contains("chronicle game log"),
            "{preview}\n{:?}",
            phone.screens
        );
        assert!(preview.contains("--major-city"), "{preview}");
        phone.go("#confirm").await;
        let counted = phone.taps + phone.keys;
        println!(
            "game 2 on a phone: {} screens ({:?}), {} taps + {} keys = {counted} (and {} keys of the note), {} swipes",
            phone.screens.len(),
            phone.screens,
            phone.taps,
            phone.keys,
            phone.note,
            phone.swipes
        );
        let one_page = phone
            .client
            .execute("return window.onePage===true;", Vec::new())
            .await
            .expect("the mark");
        assert_eq!(
            one_page,
            serde_json::Value::Bool(true),
            "each screen shown in place"
        );
        shows(
            &phone.client,
            "Game 2 logged on Bo's phone.",
            Duration::from_secs(5),
        )
        .await;
        assert!(
            phone.screens.len() <= SCREENS,
            "{} screens: {:?}",
            phone.screens.len(),
            phone.screens
        );
        assert!(counted <= TAPS_AND_KEYS, "{counted} taps and keys");
        let took = shows(&board, "Giza", Duration::from_secs(2)).await;
        println!("the board on another phone showed the game {took:?} after Confirm");
        phone.client.close().await.expect("closed");
        board.close().await.expect("closed");
    });
    let game = env.json(&["game", "show", "2", "--format", "json"]);
    assert_eq!(game["logged_by"], "Bo's phone");
    assert_eq!(game["players"].as_array().map(Vec::len), Some(5));
    assert_eq!(game["note"], "Close one.");
    let changes = game["changes"].to_string();
    for wanted in ["Giza", "Nome", "Bunker", "resource"] {
        assert!(changes.contains(wanted), "{wanted}: {changes}");
    }
}

/// On a campaign's first game nobody is known yet: a name typed, then Enter, seats them and
/// asks their faction, nothing chosen for them.
#[test]
fn a_name_typed_on_the_phone_seats_someone_new() {
    let Some(driver) = chromium("the phone form in a browser") else {
        return;
    };
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    let (_server, url) = serve(&env);
    let (_driver, driver_port) = chromedriver(&driver);
    let runtime = runtime();
    runtime.block_on(async {
        let driver = format!("http://127.0.0.1:{driver_port}");
        let client = browser(&driver, true).await;
        named(&client, &url).await;
        let mut phone = Counted::new(client);
        phone.tap("date", "2026-11-29").await;
        phone.type_in("player-1", "Ann\u{e007}").await;
        phone.settled().await;
        shows(&phone.client, "Ann's faction", Duration::from_secs(5)).await;
        phone.nothing_chosen("faction-1").await;
        let answers = phone
            .client
            .execute(
                "return document.querySelector('input[name=answers]').value;",
                Vec::new(),
            )
            .await
            .expect("the answers");
        assert!(
            answers
                .as_str()
                .unwrap_or_default()
                .contains("\"player-1\":\"Ann\""),
            "{answers}"
        );
        phone.client.close().await.expect("closed");
    });
}
