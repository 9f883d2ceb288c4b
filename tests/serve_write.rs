//! `chronicle serve --allow-log`, writing: `POST /api/games` (a game sheet, as `game log
//! --from` reads it) answered in process with every status it has, the database unchanged
//! wherever nothing was to be written; the same entry as `game log` with the flags printed;
//! one game and one 409 of two confirms at once; a replay that writes nothing; who logged
//! it shown by `history`, `game show` and the export.

use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode, header};
use chronicle::report::spoilers::Spoilers;
use chronicle::serve::{Options, Shared, Writing, router};
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::common::TestEnv;

pub(crate) const KEY: &str = "k3y0fthisrunk3y0fthisrun";
pub(crate) const HOST: &str = "127.0.0.1:8765";

/// A server of `env`'s campaign in process, writing with `KEY` (or read-only).
pub(crate) struct Server {
    shared: Arc<Shared>,
    runtime: tokio::runtime::Runtime,
}

/// An answer: status, headers, body.
pub(crate) struct Answer {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: String,
}

impl Answer {
    pub(crate) fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

impl Server {
    pub(crate) fn new(env: &TestEnv, writing: bool) -> Server {
        Server::of(env.db_path(), writing)
    }

    /// A server of the database at `db`.
    pub(crate) fn of(db: &std::path::Path, writing: bool) -> Server {
        Server::showing(db, writing, Spoilers::Opened)
    }

    /// A server of the database at `db` that shows as much as `spoilers` allows.
    pub(crate) fn showing(db: &std::path::Path, writing: bool, spoilers: Spoilers) -> Server {
        let options = Options {
            db: db.to_path_buf(),
            campaign: None,
            bind: "127.0.0.1".parse().expect("an address"),
            port: 0,
            spoilers,
            poll: Duration::from_millis(100),
            writing: writing.then(|| Writing {
                key: KEY.to_string(),
                clock: chronicle::ledger::Clock::real(),
            }),
        };
        Server {
            shared: Arc::new(Shared::open(&options).expect("the campaign")),
            runtime: tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime"),
        }
    }

    pub(crate) fn ask(&self, request: Request<Body>) -> Answer {
        let shared = Arc::clone(&self.shared);
        self.runtime.block_on(async move {
            let response = router(shared).oneshot(request).await.expect("an answer");
            let status = response.status();
            let headers = response.headers().clone();
            let bytes = to_bytes(response.into_body(), usize::MAX)
                .await
                .expect("the body");
            Answer {
                status,
                headers,
                body: String::from_utf8(bytes.to_vec()).expect("UTF-8"),
            }
        })
    }

    /// The log's head, as `GET /api/head` gives it in its ETag.
    pub(crate) fn head(&self) -> String {
        let answer = self.ask(
            Request::get("/api/head")
                .header(header::HOST, HOST)
                .body(Body::empty())
                .expect("a request"),
        );
        answer.headers[header::ETAG]
            .to_str()
            .expect("an ETag")
            .to_string()
    }
}

/// A `POST /api/games` with the key, naming `head`, from the device "Bo's phone".
fn post(path: &str, head: Option<&str>, sheet: &str) -> axum::http::request::Builder {
    let mut request = Request::post(path)
        .header(header::HOST, HOST)
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::AUTHORIZATION, format!("Bearer {KEY}"))
        .header("X-Chronicle-Device", "Bo's phone");
    if let Some(head) = head {
        request = request.header(header::IF_MATCH, head);
    }
    let _ = sheet;
    request
}

fn send(server: &Server, builder: axum::http::request::Builder, sheet: &str) -> Answer {
    server.ask(
        builder
            .body(Body::from(sheet.to_string()))
            .expect("a request"),
    )
}

/// The demo's game 17: three players, no reward (none after game 15).
fn demo_sheet() -> String {
    json!({
        "date": "2026-11-30",
        "player": ["Ann=bear:won", "Bo=khan:held-on", "Chidi=saharan:eliminated"],
        "note": "Logged from a phone"
    })
    .to_string()
}

#[test]
fn post_games_answers_each_case_and_writes_only_a_game_it_may() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let head = server.head();
    let sheet = demo_sheet();
    let before = env.dump();

    let cases: Vec<(&str, axum::http::request::Builder, String, StatusCode)> = vec![
        (
            "no key",
            Request::post("/api/games")
                .header(header::HOST, HOST)
                .header(header::IF_MATCH, &head),
            sheet.clone(),
            StatusCode::FORBIDDEN,
        ),
        (
            "a wrong key",
            Request::post("/api/games")
                .header(header::HOST, HOST)
                .header(header::AUTHORIZATION, "Bearer not-the-key-of-this-run")
                .header(header::IF_MATCH, &head),
            sheet.clone(),
            StatusCode::FORBIDDEN,
        ),
        (
            "another site's page",
            post("/api/games", Some(&head), &sheet).header(header::ORIGIN, "http://evil.example"),
            sheet.clone(),
            StatusCode::FORBIDDEN,
        ),
        (
            "no If-Match",
            post("/api/games", None, &sheet),
            sheet.clone(),
            StatusCode::PRECONDITION_REQUIRED,
        ),
        (
            "not a sheet",
            post("/api/games", Some(&head), ""),
            "{\"players\": 3}".to_string(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "not JSON",
            post("/api/games", Some(&head), ""),
            "date = 2026".to_string(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "an old head",
            post(
                "/api/games",
                Some("\"3:0192a0a0-0000-7000-8000-000000000000\""),
                "",
            ),
            sheet.clone(),
            StatusCode::CONFLICT,
        ),
    ];
    for (what, builder, body, status) in cases {
        let answer = send(&server, builder, &body);
        assert_eq!(answer.status, status, "{what}: {}", answer.body);
        assert!(
            answer.json()["error"].is_string(),
            "{what}: {}",
            answer.body
        );
        assert_eq!(env.dump(), before, "{what}: nothing is written");
    }

    let dry = send(&server, post("/api/games?dry_run=1", None, ""), &sheet);
    assert_eq!(dry.status, StatusCode::OK, "{}", dry.body);
    assert_eq!(dry.json()["written"], false);
    assert_eq!(dry.json()["game"]["game"], 17);
    assert_eq!(env.dump(), before, "a dry run writes nothing");

    let logged = send(&server, post("/api/games", Some(&head), ""), &sheet);
    assert_eq!(logged.status, StatusCode::CREATED, "{}", logged.body);
    let shown = env.json(&["game", "show", "17", "--format", "json"]);
    assert_eq!(logged.json(), shown, "201 gives the game as `game show 17`");
    assert_eq!(shown["logged_by"], "Bo's phone");
}

#[test]
fn a_refusal_names_its_rule_and_field_and_writes_nothing() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let head = server.head();
    let before = env.dump();
    let refusals = [
        (
            "an illegal HQ",
            json!({"player": ["Ann=bear:won", "Bo=khan:held-on@Peru", "Chidi=saharan:eliminated"]}),
            "IllegalStart",
            Some("§3"),
        ),
        (
            "a reward after game 15",
            json!({"player": ["Ann=bear:won", "Bo=khan:held-on", "Chidi=saharan:eliminated"],
                   "minor-city": ["Bo:Brazil=Nova"]}),
            "RewardsOver",
            Some("§5"),
        ),
        (
            "a name unknown",
            json!({"player": ["Ann=bear:won", "Bo=khan:held-on", "Chidi=saharan:eliminated"],
                   "scar": ["Perru=Bunker"]}),
            "UnknownName",
            None,
        ),
        ("no player", json!({"note": "nobody"}), "input", None),
    ];
    for (what, sheet, refusal, rule) in refusals {
        let answer = send(
            &server,
            post("/api/games", Some(&head), ""),
            &sheet.to_string(),
        );
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{what}: {}",
            answer.body
        );
        let said = answer.json();
        assert_eq!(said["refusal"], refusal, "{what}: {said}");
        if let Some(rule) = rule {
            assert_eq!(said["rule"], rule, "{what}: {said}");
        }
        assert!(said["field"].is_string(), "{what}: a field: {said}");
        assert_eq!(said["message"], said["error"], "{what}");
        assert_eq!(env.dump(), before, "{what}: nothing is written");
    }
}

#[test]
fn a_reward_whose_pool_is_empty_is_refused_on_its_field() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    env.ok(&[
        "pool",
        "set",
        "major_city",
        "0",
        "--reason",
        "the stickers were lost",
    ]);
    let server = Server::new(&env, true);
    let head = server.head();
    let before = env.dump();
    let sheet = json!({
        "date": "2026-11-20",
        "player": ["Ann=bear:won@Alaska", "Bo=khan:held-on@Peru", "Cy=saharan:eliminated@Egypt"],
        "major-city": "Quebec=Kyro"
    });
    let answer = send(
        &server,
        post("/api/games", Some(&head), ""),
        &sheet.to_string(),
    );
    assert_eq!(
        answer.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        answer.body
    );
    let said = answer.json();
    assert_eq!(said["refusal"], "PoolEmpty", "{said}");
    assert_eq!(said["rule"], "§3–§4", "{said}");
    assert_eq!(said["field"], "major-city", "{said}");
    assert_eq!(env.dump(), before);
}

#[test]
fn without_allow_log_nothing_is_written_even_with_a_key() {
    let env = TestEnv::demo();
    let server = Server::new(&env, false);
    let head = server.head();
    let before = env.dump();
    let answer = send(&server, post("/api/games", Some(&head), ""), &demo_sheet());
    assert_eq!(answer.status, StatusCode::FORBIDDEN, "{}", answer.body);
    assert!(answer.body.contains("--allow-log"), "{}", answer.body);
    assert_eq!(env.dump(), before);
}

#[test]
fn a_replayed_post_gets_the_first_answer_and_writes_nothing() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let head = server.head();
    let sheet = demo_sheet();
    let first = send(
        &server,
        post("/api/games", Some(&head), "").header("Idempotency-Key", "tap-1"),
        &sheet,
    );
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    let after = env.dump();
    let again = send(
        &server,
        post("/api/games", Some(&head), "").header("Idempotency-Key", "tap-1"),
        &sheet,
    );
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.body);
    assert_eq!(again.body, first.body);
    assert_eq!(env.dump(), after, "the replay wrote nothing");
    let without_key = send(&server, post("/api/games", Some(&head), ""), &sheet);
    assert_eq!(
        without_key.status,
        StatusCode::CONFLICT,
        "{}",
        without_key.body
    );
    let changed = without_key.json()["changed"][0]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        changed.starts_with("Game 17 was logged on Bo's phone at "),
        "{changed}"
    );
    assert_eq!(env.dump(), after);
}

#[test]
fn a_key_whose_sheet_was_refused_writes_the_fixed_sheet() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let head = server.head();
    let before = env.dump();
    let refused =
        json!({"player": ["Ann=bear:won", "Bo=khan:held-on@Peru", "Chidi=saharan:eliminated"]});
    let first = send(
        &server,
        post("/api/games", Some(&head), "").header("Idempotency-Key", "tap-2"),
        &refused.to_string(),
    );
    assert_eq!(
        first.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        first.body
    );
    assert_eq!(env.dump(), before);
    let fixed = send(
        &server,
        post("/api/games", Some(&head), "").header("Idempotency-Key", "tap-2"),
        &demo_sheet(),
    );
    assert_eq!(fixed.status, StatusCode::CREATED, "{}", fixed.body);
    assert_eq!(fixed.json()["game"], 17, "{}", fixed.body);
    let after = env.dump();
    assert_ne!(after, before, "the fixed sheet was written");
    let again = send(
        &server,
        post("/api/games", Some(&head), "").header("Idempotency-Key", "tap-2"),
        &demo_sheet(),
    );
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.body);
    assert_eq!(
        again.body, fixed.body,
        "the written game is the key's answer"
    );
    assert_eq!(env.dump(), after);
}

#[test]
fn two_confirms_at_once_give_one_game_and_one_409() {
    let env = TestEnv::demo();
    let head = Server::new(&env, true).head();
    let answers: Vec<StatusCode> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..2)
            .map(|_| {
                let (env, head) = (&env, head.clone());
                scope.spawn(move || {
                    // Each its own server: two phones, or a phone and another process.
                    let server = Server::new(env, true);
                    send(&server, post("/api/games", Some(&head), ""), &demo_sheet()).status
                })
            })
            .collect();
        threads
            .into_iter()
            .map(|t| t.join().expect("a thread"))
            .collect()
    });
    let mut sorted = answers.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        vec![StatusCode::CREATED, StatusCode::CONFLICT],
        "{answers:?}"
    );
    let games = env.json(&["game", "list", "--format", "json"]);
    assert_eq!(games["games"].as_array().map(Vec::len), Some(17));
}

#[test]
fn the_entry_is_the_one_game_log_makes_with_the_printed_flags() {
    let by_phone = TestEnv::new();
    by_phone.init_set_up(&["init"]);
    let by_flags = TestEnv::new();
    by_flags.init_set_up(&["init"]);
    let flags = [
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
    let mut args = vec!["game", "log"];
    args.extend(flags);
    by_flags.ok(&args);
    let sheet = json!({
        "date": "2026-11-20",
        "player": ["Ann=bear:won@Alaska", "Bo=khan:held-on@Peru", "Cy=saharan:held-on@Egypt",
                   "Di=balkania:eliminated@Ukraine", "Ed=mechaniker:held-on@Japan"],
        "major-city": "Quebec=Kyro",
        "minor-city": ["Bo:Brazil=Lima"],
        "upgrade": ["Cy:Congo"]
    });
    let server = Server::new(&by_phone, true);
    let head = server.head();
    let answer = send(
        &server,
        post("/api/games", Some(&head), ""),
        &sheet.to_string(),
    );
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
    let entry = |env: &TestEnv| {
        let mut game = env.json(&["game", "show", "1", "--format", "json"]);
        let object = game.as_object_mut().expect("an object");
        object.remove("recorded_at");
        object.remove("logged_by");
        game
    };
    assert_eq!(entry(&by_phone), entry(&by_flags));
    assert_eq!(
        by_phone.json(&["board", "--format", "json"]),
        by_flags.json(&["board", "--format", "json"])
    );
}

#[test]
fn who_logged_it_is_shown_and_kept_by_export_and_import() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let head = server.head();
    let answer = send(&server, post("/api/games", Some(&head), ""), &demo_sheet());
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
    let history = env.json(&["history", "--game", "17", "--format", "json"]);
    assert!(
        history
            .as_array()
            .expect("a list")
            .iter()
            .all(|change| change["logged_by"] == "Bo's phone"),
        "{history}"
    );
    let table = env.ok(&["history", "--game", "17"]).stdout;
    assert!(table.contains("logged on Bo's phone"), "{table}");
    let shown = env.ok(&["game", "show", "17"]).stdout;
    assert!(shown.contains("Logged on Bo's phone."), "{shown}");
    let file = env.dir().join("campaign.json");
    let file = file.to_str().expect("a path");
    env.ok(&["export", "--output", file]);
    let text = std::fs::read_to_string(file).expect("the file");
    assert!(text.contains("\"logged_by\": \"Bo's phone\""), "{text}");
    let other = TestEnv::new();
    other.ok(&["import", file]);
    let again = other.json(&["game", "show", "17", "--format", "json"]);
    assert_eq!(again["logged_by"], "Bo's phone");
}

#[test]
fn who_logged_it_travels_with_sync_to_another_device() {
    let env = TestEnv::new();
    std::fs::create_dir(env.dir().join("shared")).expect("a shared folder");
    env.ok(&["--db", "a.db", "demo"]);
    env.ok(&["--db", "a.db", "sync", "shared", "--device", "a"]);
    env.ok(&["--db", "b.db", "sync", "shared", "--device", "b"]);
    let server = Server::of(&env.dir().join("a.db"), true);
    let head = server.head();
    let answer = send(&server, post("/api/games", Some(&head), ""), &demo_sheet());
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
    env.ok(&["--db", "a.db", "sync", "shared"]);
    env.ok(&["--db", "b.db", "sync", "shared"]);
    let game = env.json(&["--db", "b.db", "game", "show", "17", "--format", "json"]);
    assert_eq!(game["logged_by"], "Bo's phone");
}

#[test]
fn each_refusal_of_a_game_names_the_field_it_is_about_in_the_domains_words() {
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-03",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Cy=saharan:held-on",
        "--no-reward",
        "--opened",
        "World capital",
        "--opened",
        "Three missiles",
        "--world-capital",
        "Egypt=Capitol",
    ]);
    env.ok(&[
        "pool",
        "set",
        "minor_city",
        "0",
        "--reason",
        "the stickers were lost",
    ]);
    let server = Server::new(&env, true);
    let head = server.head();
    let before = env.dump();
    let table = ["Ann=bear:won", "Bo=khan:held-on", "Cy=saharan:held-on"];
    let knocked_out = ["Ann=bear:won", "Bo=khan:held-on", "Cy=saharan:knocked-out"];
    let cases = [
        (
            "an event card naming someone not at the table",
            json!({"player": table, "no-reward": true, "event": ["Agent of Chaos@Zed"]}),
            "NotAtTheTable",
            "§4",
            "event",
        ),
        (
            "a mission completed by someone not at the table",
            json!({"player": table, "no-reward": true, "mission": ["hold 3 continents@Zed"]}),
            "NotAtTheTable",
            "§4",
            "mission",
        ),
        (
            "a knocked-out player's resource",
            json!({"player": knocked_out, "no-reward": true, "upgrade": ["Cy:Brazil"]}),
            "EliminatedReward",
            "§4.5",
            "upgrade",
        ),
        (
            "a knocked-out player's minor city",
            json!({"player": knocked_out, "no-reward": true, "minor-city": ["Cy:Brazil=Nova"]}),
            "EliminatedReward",
            "§4.5",
            "minor-city",
        ),
        (
            "an HQ on the world capital",
            json!({"player": ["Bo=khan:won@Egypt", "Ann=bear:held-on", "Cy=saharan:held-on"],
                   "no-reward": true}),
            "CapitalStart",
            "§3",
            "player",
        ),
        (
            "a minor city of an empty pool",
            json!({"player": table, "no-reward": true, "minor-city": ["Bo:Brazil=Nova"]}),
            "PoolEmpty",
            "§3–§4",
            "minor-city",
        ),
        (
            "a mission's text holding a control character",
            json!({"player": table, "no-reward": true, "mission": ["hold\u{7}on"]}),
            "BadText",
            "",
            "mission",
        ),
    ];
    for (what, sheet, refusal, rule, field) in cases {
        let answer = send(
            &server,
            post("/api/games", Some(&head), ""),
            &sheet.to_string(),
        );
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{what}: {}",
            answer.body
        );
        let said = answer.json();
        assert_eq!(said["refusal"], refusal, "{what}: {said}");
        let rule = if rule.is_empty() {
            json!(null)
        } else {
            json!(rule)
        };
        assert_eq!(said["rule"], rule, "{what}: {said}");
        assert_eq!(said["field"], field, "{what}: {said}");
        let message = said["message"].as_str().expect("a message");
        assert!(!message.contains("--"), "{what}: a flag in {message}");
        assert_eq!(said["message"], said["error"], "{what}");
        assert_eq!(env.dump(), before, "{what}: nothing is written");
    }
}
