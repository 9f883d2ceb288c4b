//! `chronicle serve`: the router called in process (every page, the API equal to the
//! commands' JSON, ETags, the checks of a shared network), and the binary on loopback (its
//! first line, the event stream that follows a write by another process).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode, header};
use chronicle::report::spoilers::Spoilers;
use chronicle::serve::{Options, Shared, router};
use serde_json::Value;
use tower::ServiceExt;

use crate::common::TestEnv;

fn options(env: &TestEnv, spoilers: Spoilers) -> Options {
    Options {
        db: env.db_path().to_path_buf(),
        campaign: None,
        bind: "127.0.0.1".parse().expect("an address"),
        port: 0,
        spoilers,
        poll: Duration::from_millis(100),
        writing: None,
    }
}

/// An answer of the router: status, headers, body.
struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

/// Asks the router of `env`'s campaign for `path`, as a browser on this machine would.
fn ask(env: &TestEnv, spoilers: Spoilers, request: Request<Body>) -> Answer {
    ask_with(&options(env, spoilers), request)
}

/// Asks the router of a run with these options.
fn ask_with(options: &Options, request: Request<Body>) -> Answer {
    let shared = Arc::new(Shared::open(options).expect("the campaign"));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async move {
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

fn get(path: &str) -> Request<Body> {
    Request::get(path)
        .header(header::HOST, "127.0.0.1:8765")
        .body(Body::empty())
        .expect("a request")
}

fn page(env: &TestEnv, path: &str) -> Answer {
    ask(env, Spoilers::Opened, get(path))
}

/// The part of a page that is its content, the map left out (it is the export's SVG).
fn content(body: &str) -> String {
    let start = body.find("<main>").expect("a main");
    let end = body.find("</main>").expect("its end");
    let main = &body[start..end + 7];
    match (main.find("<svg"), main.find("</svg>")) {
        (Some(a), Some(b)) => format!("{}[the map]{}", &main[..a], &main[b + 6..]),
        _ => main.to_string(),
    }
    .replace("><", ">\n<")
}

const PAGES: &[(&str, &str)] = &[
    ("/", "home"),
    ("/board", "board"),
    ("/map", "map"),
    ("/history", "history"),
    ("/history?territory=Egypt", "history-egypt"),
    ("/stats", "stats"),
    ("/setup", "setup"),
    ("/packets", "packets"),
    ("/pools", "pools"),
    ("/games", "games"),
    ("/games/6", "game-6"),
    ("/world", "world"),
    ("/board?after=5", "board-after-5"),
    ("/board?with=scar", "board-with-scar"),
    ("/?tv", "tv"),
];

#[test]
fn every_page_of_the_demo_is_served_as_html_with_its_head() {
    let env = TestEnv::demo();
    let head = env.json(&["board", "--format", "json"]);
    assert_eq!(head["campaign"], "Demo");
    for (path, name) in PAGES {
        let answer = page(&env, path);
        assert_eq!(answer.status, StatusCode::OK, "{path}: {}", answer.body);
        assert_eq!(
            answer.headers[header::CONTENT_TYPE],
            "text/html; charset=utf-8",
            "{path}"
        );
        let etag = answer.headers[header::ETAG].to_str().expect("an ETag");
        assert!(
            answer
                .body
                .contains(&format!("data-head=\"{}\"", etag.trim_matches('"'))),
            "{path}: the page carries its head"
        );
        for loaded in ["src=\"http", "href=\"http", "url(http", "@import"] {
            assert!(
                !answer.body.contains(loaded),
                "{path}: nothing from the internet"
            );
        }
        insta::assert_snapshot!(format!("page-{name}"), content(&answer.body));
    }
    let board = page(&env, "/board").body;
    let map = env.ok(&["export", "--format", "svg"]).stdout;
    let map = map
        .trim_start_matches("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        .trim();
    assert!(board.contains(map), "the board page shows the export's map");
}

/// The API's answer for `path` and the command's JSON for `args`.
/// `/join` asked at `host`, by a run with `--allow-log` and its key (`key`) or without, with
/// the key's cookie (`cookie`) or without.
fn join(env: &TestEnv, host: &str, key: Option<&str>, cookie: Option<&str>) -> Answer {
    let mut options = options(env, Spoilers::Opened);
    options.writing = key.map(|key| chronicle::serve::Writing {
        key: key.to_string(),
        clock: chronicle::ledger::Clock::real(),
    });
    let mut request = Request::get("/join").header(header::HOST, host);
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, format!("chronicle_key={cookie}"));
    }
    ask_with(&options, request.body(Body::empty()).expect("a request"))
}

#[test]
fn the_join_page_shows_the_address_it_was_opened_at_and_the_key_only_to_its_holder() {
    let env = TestEnv::demo();
    let answer = join(&env, "192.168.77.5:8765", None, None);
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert!(
        answer
            .body
            .contains("<title>Join · Demo · chronicle</title>")
    );
    // The one image on the page is the QR code.
    let drawn = content(&answer.body).replace("[the map]", "[the QR code]");
    insta::assert_snapshot!("page-join", drawn);
    let key = "0123456789abcdef0123456789abcdef";
    let logging = format!("http://192.168.77.5:8765/log?key={key}");
    let holder = join(&env, "192.168.77.5:8765", Some(key), Some(key));
    assert!(holder.body.contains(&logging), "{}", holder.body);
    assert_eq!(holder.body.matches("<svg").count(), 2);
    for (run, cookie) in [
        (None, Some(key)),
        (Some(key), None),
        (Some(key), Some("0123")),
    ] {
        let other = join(&env, "192.168.77.5:8765", run, cookie);
        assert_eq!(other.status, StatusCode::OK);
        assert!(!other.body.contains("log?key"), "{run:?} {cookie:?}");
        assert!(!other.body.contains(key), "{run:?} {cookie:?}");
        assert_eq!(other.body.matches("<svg").count(), 1);
    }
}

fn same_json(env: &TestEnv, path: &str, args: &[&str]) {
    let answer = page(env, path);
    assert_eq!(answer.status, StatusCode::OK, "{path}: {}", answer.body);
    assert_eq!(
        answer.headers[header::CONTENT_TYPE],
        "application/json",
        "{path}"
    );
    let mut command = args.to_vec();
    command.extend(["--format", "json"]);
    assert_eq!(
        answer.body,
        env.ok(&command).stdout,
        "{path} against {args:?}"
    );
}

#[test]
fn the_api_gives_exactly_the_commands_json() {
    let env = TestEnv::demo();
    same_json(&env, "/api/board", &["board"]);
    same_json(
        &env,
        "/api/board?continent=Africa",
        &["board", "--continent", "Africa"],
    );
    same_json(
        &env,
        "/api/board?with=scar,city",
        &["board", "--with", "scar", "--with", "city"],
    );
    same_json(&env, "/api/board?after=5", &["board", "--after", "5"]);
    same_json(&env, "/api/history", &["history"]);
    same_json(
        &env,
        "/api/history?player=Ann&kind=scar,major_city",
        &[
            "history",
            "--player",
            "Ann",
            "--kind",
            "scar",
            "--kind",
            "major_city",
        ],
    );
    same_json(
        &env,
        "/api/history?game=3&after=4",
        &["history", "--game", "3", "--after", "4"],
    );
    same_json(&env, "/api/stats", &["stats"]);
    same_json(&env, "/api/stats?after=10", &["stats", "--after", "10"]);
    same_json(&env, "/api/setup", &["setup"]);
    same_json(&env, "/api/packets", &["packets"]);
    same_json(&env, "/api/pool", &["pool"]);
    same_json(&env, "/api/games", &["game", "list"]);
    same_json(&env, "/api/games/3", &["game", "show", "3"]);
    same_json(&env, "/api/world", &["world"]);
    same_json(&env, "/api/recap", &["recap"]);
    same_json(&env, "/api/recap?after=7", &["recap", "--after", "7"]);
}

#[test]
fn every_answer_carries_the_head_and_a_request_holding_it_gets_304() {
    let env = TestEnv::demo();
    let head: Value = serde_json::from_str(&page(&env, "/api/head").body).expect("JSON");
    let etag = format!("\"{}\"", head["head"].as_str().expect("a head"));
    for path in ["/", "/board", "/api/board", "/api/head", "/games/2"] {
        let answer = page(&env, path);
        assert_eq!(answer.headers[header::ETAG], etag.as_str(), "{path}");
        let again = ask(
            &env,
            Spoilers::Opened,
            Request::get(path)
                .header(header::HOST, "localhost")
                .header(header::IF_NONE_MATCH, &etag)
                .body(Body::empty())
                .expect("a request"),
        );
        if path != "/api/head" {
            assert_eq!(again.status, StatusCode::NOT_MODIFIED, "{path}");
            assert!(again.body.is_empty(), "{path}");
        }
    }
    env.ok(&["game", "undo", "--yes", "--reason", "to see the head move"]);
    let moved = page(&env, "/board");
    assert_ne!(
        moved.headers[header::ETAG],
        etag.as_str(),
        "a write moves the head"
    );
}

#[test]
fn a_name_that_looks_like_markup_is_shown_as_text_on_every_page() {
    let env = TestEnv::new();
    env.init_set_up(&["init", "<b>Earth</b>"]);
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-02",
        "--major-city",
        "Egypt=<img src=x onerror=alert(1)>",
        "--player",
        "<script>alert(1)</script>=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Cy&Co=saharan:held-on",
    ]);
    for (path, _) in PAGES
        .iter()
        .filter(|(p, _)| !p.contains("after=5") && !p.contains("/games/6"))
    {
        let body = page(&env, path).body;
        for raw in ["<script>alert", "<img src=x", "<b>Earth"] {
            assert!(!body.contains(raw), "{path} shows {raw} raw");
        }
        assert!(
            body.contains("&lt;b&gt;Earth&lt;/b&gt;"),
            "{path}: the campaign's name as text"
        );
    }
    let game = page(&env, "/games/1").body;
    assert!(
        game.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{game}"
    );
}

#[test]
fn the_checks_of_a_shared_network_hold() {
    let env = TestEnv::demo();
    let with_host = |host: &str, method: &str, path: &str| {
        ask(
            &env,
            Spoilers::Opened,
            Request::builder()
                .method(method)
                .uri(path)
                .header(header::HOST, host)
                .body(Body::empty())
                .expect("a request"),
        )
    };
    for host in ["evil.example", "evil.example:8765", "attacker.test"] {
        let answer = with_host(host, "GET", "/board");
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{host}");
        assert!(answer.body.contains("not this machine"), "{host}");
    }
    for host in [
        "127.0.0.1:8765",
        "localhost",
        "[::1]:8765",
        "192.168.1.20:8765",
    ] {
        assert_eq!(
            with_host(host, "GET", "/board").status,
            StatusCode::OK,
            "{host}"
        );
    }
    for method in ["POST", "PUT", "DELETE", "PATCH"] {
        let answer = with_host("localhost", method, "/board");
        assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED, "{method}");
    }
    assert_eq!(
        with_host("localhost", "HEAD", "/board").status,
        StatusCode::OK
    );
    let missing = with_host("localhost", "GET", "/nowhere");
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(
        missing.body.contains("There is no page /nowhere"),
        "{}",
        missing.body
    );
    let malformed = with_host("localhost", "GET", "/board?after=abc");
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
    let past = with_host("localhost", "GET", "/board?after=40");
    assert_eq!(past.status, StatusCode::BAD_REQUEST);
    assert!(past.body.contains("There is no game 40"), "{}", past.body);
    let unknown = with_host("localhost", "GET", "/api/history?territory=Atlantiss");
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert!(unknown.body.contains("\"error\""), "{}", unknown.body);
    assert_eq!(
        with_host("localhost", "GET", "/api/games/99").status,
        StatusCode::NOT_FOUND
    );
}

#[test]
fn with_spoilers_none_no_page_names_what_a_packet_brought() {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    env.ok(&["packets", "open", "world capital"]);
    env.ok(&["faction", "add", "Mutants"]);
    env.ok(&["territory", "add", "Atlantis", "--neighbours", "Brazil"]);
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-01-03",
        "--no-reward",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=mutants:held-on",
        "--player",
        "Cy=saharan:held-on",
        "--world-capital",
        "Atlantis=Poseidonia",
        "--note",
        "Mutants rising",
    ]);
    for (path, _) in PAGES
        .iter()
        .filter(|(p, _)| !p.contains("after=5") && !p.contains("/games/6"))
    {
        for path in [
            path.to_string(),
            format!("/api{path}")
                .replace("/api/?tv", "/api/recap")
                .replace("/api/pools", "/api/pool"),
        ] {
            if path == "/api/" {
                continue;
            }
            let answer = ask(&env, Spoilers::None, get(&path));
            for sealed in ["Mutants", "Atlantis", "Poseidonia"] {
                assert!(!answer.body.contains(sealed), "{path} names {sealed}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// The binary on loopback
// ---------------------------------------------------------------------------------------

/// `chronicle serve` on loopback, any port: the process and the address it printed first.
pub(crate) fn serving(env: &TestEnv, more: &[&str]) -> (Child, String) {
    let mut args = vec!["serve", "--bind", "127.0.0.1", "--port", "0", "--no-qr"];
    args.extend_from_slice(more);
    let mut child = env
        .process(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chronicle serve starts");
    let stdout = child.stdout.take().expect("its stdout");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("its first line");
    let url = line.trim().to_string();
    assert!(
        url.starts_with("http://127.0.0.1:") && url.ends_with('/'),
        "{url:?}"
    );
    (child, url)
}

/// The host and port of an address `http://127.0.0.1:PORT/`.
pub(crate) fn authority(url: &str) -> String {
    url.trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string()
}

/// A GET over a plain socket: the status line and the body.
fn http_get(url: &str, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(authority(url)).expect("a connection");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("a timeout");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        authority(url)
    )
    .expect("the request");
    let mut text = String::new();
    stream.read_to_string(&mut text).expect("the answer");
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (
        head.lines().next().unwrap_or_default().to_string(),
        body.to_string(),
    )
}

/// Stops serve as Ctrl-C does, within a bounded wait: how it ended.
pub(crate) fn stop(mut child: Child) -> std::process::ExitStatus {
    let _ = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(status) = child.try_wait().expect("a status") {
            return status;
        }
        assert!(Instant::now() < deadline, "serve did not stop on Ctrl-C");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_write_by_another_process_reaches_the_event_stream_within_two_seconds() {
    let env = TestEnv::demo();
    let (child, url) = serving(&env, &[]);
    let (status, home) = http_get(&url, "/");
    assert!(status.contains("200"), "{status}");
    assert!(home.contains("Demo: game 16"), "{home}");
    let head: Value = serde_json::from_str(&http_get(&url, "/api/head").1).expect("JSON");
    let head = head["head"].as_str().expect("a head").to_string();

    let mut events = TcpStream::connect(authority(&url)).expect("a connection");
    events
        .set_read_timeout(Some(Duration::from_secs(5)))
        .expect("a timeout");
    write!(
        events,
        "GET /events HTTP/1.1\r\nHost: {}\r\n\r\n",
        authority(&url)
    )
    .expect("asked");
    let mut reader = BufReader::new(events);
    let mut heads = Vec::new();
    let read_head = |reader: &mut BufReader<TcpStream>| -> String {
        let mut line = String::new();
        loop {
            line.clear();
            reader.read_line(&mut line).expect("an event line");
            if let Some(data) = line.strip_prefix("data: ") {
                return data.trim().to_string();
            }
        }
    };
    heads.push(read_head(&mut reader));
    assert_eq!(heads[0], head, "the first event is the head now");
    let written = Instant::now();
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-05-01",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:eliminated",
    ]);
    let moved = read_head(&mut reader);
    let took = written.elapsed();
    assert_ne!(moved, head);
    assert!(
        took < Duration::from_secs(2),
        "the event came {took:?} after the write"
    );
    let (_, board) = http_get(&url, "/games");
    assert!(board.contains("/games/17"), "the new game is shown");
    let status = stop(child);
    assert!(status.success(), "{status:?}");
}

#[test]
fn a_port_in_use_is_a_clear_usage_error() {
    let env = TestEnv::demo();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = taken.local_addr().expect("its address").port().to_string();
    env.test()
        .args(["serve", "--bind", "127.0.0.1", "--port", &port, "--no-qr"])
        .status(2)
        .stderr_has(format!(
            "Port {port} of 127.0.0.1 is in use: give another with --port N"
        ))
        .run();
}

#[test]
fn the_history_page_lists_the_newest_first_with_its_filters_as_plain_links() {
    let env = TestEnv::demo();
    let whole = page(&env, "/history").body;
    let last = whole.find("id=\"game-16\"").expect("game 16");
    let first = whole.find("id=\"game-1\"").expect("game 1");
    assert!(last < first, "the last game stands above the first");
    for link in [
        "href=\"/history?game=3\"",
        "href=\"/history?player=Ann\"",
        "href=\"/history?player=%D0%94%D0%BC%D0%B8%D1%82%D1%80%D0%B8%D0%B9\"",
        "href=\"/history?territory=Egypt\"",
        "href=\"/history?territory=Great%20Britain\"",
        "href=\"/history?kind=scar\"",
    ] {
        assert!(whole.contains(link), "the history links {link}");
    }
    // A filter tapped keeps the others, and each in force has a link that drops it.
    let narrowed = page(&env, "/history?player=Ann&territory=Egypt").body;
    assert!(
        narrowed.contains("href=\"/history?territory=Egypt\""),
        "drop Ann"
    );
    assert!(
        narrowed.contains("href=\"/history?player=Ann\""),
        "drop Egypt"
    );
    assert!(narrowed.contains("href=\"/history?game=1&amp;player=Ann&amp;territory=Egypt\""));
    let rows: Vec<&str> = narrowed.split("data-label=\"Game\">").skip(1).collect();
    let games: Vec<u32> = rows
        .iter()
        .filter_map(|r| r.split('<').next()?.parse().ok())
        .collect();
    assert!(games.len() > 1, "Ann's changes in Egypt: {games:?}");
    assert!(
        games.windows(2).all(|w| w[0] >= w[1]),
        "newest first: {games:?}"
    );
    // `person` is `player`, as the command's --person is its --player; the API keeps the
    // command's order.
    assert_eq!(
        content(&page(&env, "/history?person=Ann").body),
        content(&page(&env, "/history?player=Ann").body)
    );
    same_json(
        &env,
        "/api/history?person=Ann",
        &["history", "--player", "Ann"],
    );
}

/// `/backup` asked of a run with `--allow-log` and its key `key` (or without), holding
/// `bearer` (or nothing).
fn backup(env: &TestEnv, key: Option<&str>, bearer: Option<&str>) -> Answer {
    let mut options = options(env, Spoilers::Opened);
    options.writing = key.map(|key| chronicle::serve::Writing {
        key: key.to_string(),
        clock: chronicle::ledger::Clock::fixed_at("2026-12-07T13:00:00Z").expect("a time"),
    });
    let mut request = Request::get("/backup").header(header::HOST, "127.0.0.1:8765");
    if let Some(bearer) = bearer {
        request = request.header(header::AUTHORIZATION, format!("Bearer {bearer}"));
    }
    ask_with(&options, request.body(Body::empty()).expect("a request"))
}

#[test]
fn the_backup_is_the_campaign_file_for_the_keys_holder_only() {
    let env = TestEnv::demo();
    for (key, bearer) in [
        (None, None),
        (None, Some("k3y")),
        (Some("k3y"), None),
        (Some("k3y"), Some("other")),
    ] {
        let refused = backup(&env, key, bearer);
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{key:?} {bearer:?}");
        assert!(refused.body.contains("this run's key"), "{}", refused.body);
        assert!(!refused.body.contains("chronicle-campaign"));
    }
    let answer = backup(&env, Some("k3y"), Some("k3y"));
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(answer.headers[header::CONTENT_TYPE], "application/json");
    assert_eq!(
        answer.headers[header::CONTENT_DISPOSITION],
        "attachment; filename=\"Demo-2026-12-07.json\""
    );
    let mut given: Value = serde_json::from_str(&answer.body).expect("JSON");
    assert_eq!(given["exported_at"], "2026-12-07T13:00:00Z");
    let mut written = env.json(&["export", "--format", "json"]);
    given["exported_at"] = Value::Null;
    written["exported_at"] = Value::Null;
    assert_eq!(
        given, written,
        "the backup is what export --format json writes"
    );
    // It imports as a campaign of its own.
    let file = env.dir().join("backup.json");
    std::fs::write(&file, &answer.body).expect("the file written");
    env.ok(&["import", file.to_str().expect("UTF-8"), "--as", "Restored"]);
}

#[test]
fn a_person_has_a_page_of_their_games_factions_streaks_and_head_to_head() {
    let env = TestEnv::demo();
    let stats = env.json(&["stats", "--format", "json"]);
    let ann = stats["players"]
        .as_array()
        .expect("players")
        .iter()
        .find(|p| p["name"] == "Ann")
        .expect("Ann's line")
        .clone();
    let api = page(&env, "/api/people/ann");
    assert_eq!(api.status, StatusCode::OK, "{}", api.body);
    let given: Value = serde_json::from_str(&api.body).expect("JSON");
    assert_eq!(
        given["stats"], ann,
        "the person's line is the stats command's"
    );
    let games: Vec<u64> = given["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["game"].as_u64().expect("a number"))
        .collect();
    assert_eq!(games.len() as u64, ann["games"].as_u64().expect("games"));
    assert!(
        games.windows(2).all(|w| w[0] > w[1]),
        "newest first: {games:?}"
    );
    let bo = given["head_to_head"]
        .as_array()
        .expect("head to head")
        .iter()
        .find(|h| h["other"] == "Bo")
        .expect("Ann against Bo");
    let pair = stats["head_to_head"]
        .as_array()
        .expect("pairs")
        .iter()
        .find(|h| (h["a"] == "Ann" && h["b"] == "Bo") || (h["a"] == "Bo" && h["b"] == "Ann"))
        .expect("the pair");
    assert_eq!(bo["games"], pair["games"]);

    let shown = page(&env, "/people/Ann");
    assert_eq!(shown.status, StatusCode::OK);
    insta::assert_snapshot!("page-person-ann", content(&shown.body));
    let dmitry = page(&env, "/people/%D0%94%D0%BC%D0%B8%D1%82%D1%80%D0%B8%D0%B9");
    assert_eq!(dmitry.status, StatusCode::OK);
    assert!(dmitry.body.contains("<h1>Дмитрий</h1>"));
    // The page is linked from the statistics, each game and the history of the person.
    for path in ["/stats", "/games/1", "/history?player=Ann"] {
        assert!(
            page(&env, path).body.contains("href=\"/people/Ann\""),
            "{path}"
        );
    }
    let nobody = page(&env, "/people/Annn");
    assert!(nobody.status.is_client_error(), "{:?}", nobody.status);
    assert!(
        nobody.body.contains("Ann"),
        "the closest name: {}",
        nobody.body
    );
}

#[test]
fn the_service_worker_is_served_as_javascript_over_the_whole_server() {
    let env = TestEnv::demo();
    let answer = page(&env, "/sw.js");
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(
        answer.headers[header::CONTENT_TYPE],
        "text/javascript; charset=utf-8"
    );
    assert_eq!(answer.headers["service-worker-allowed"], "/");
    assert!(answer.body.contains("addEventListener('fetch'"));
    assert!(
        page(&env, "/board")
            .body
            .contains("navigator.serviceWorker.register('/sw.js')"),
        "every page asks for it"
    );
}
