//! `chronicle serve` and photos, the router called in process: `/photos/<sha256>.<ext>`
//! gives only the images photos standing in the log name, with their type and a lasting
//! `ETag`; a game's page shows its photos (and, to the key's holder, the form that adds
//! one); nothing of photos under `--spoilers none`; `POST /api/games/N/photos` adds a photo
//! with the key and refuses without it, for what is not a photo and for too many bytes,
//! the database as it was; `/story` is the story's page.

use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, to_bytes};
use axum::http::{HeaderMap, Request, StatusCode, header};
use chronicle::report::spoilers::Spoilers;
use chronicle::serve::{Options, Shared, Writing, router};
use serde_json::Value;
use tower::ServiceExt;

use crate::common::TestEnv;
use crate::photo_files::{jpeg, png};

const KEY: &str = "ph0t0k3yofthisrunph0t0k3y";
const HOST: &str = "127.0.0.1:8765";

/// An answer of the router, its body as bytes.
struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: Vec<u8>,
}

impl Answer {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.text()))
    }

    fn header(&self, name: header::HeaderName) -> &str {
        self.headers
            .get(&name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_else(|| panic!("no {name}"))
    }
}

/// Asks a run of `env`'s database (writing with `KEY` where `writing`).
fn ask(env: &TestEnv, spoilers: Spoilers, writing: bool, request: Request<Body>) -> Answer {
    ask_all(env, spoilers, writing, vec![request])
        .pop()
        .expect("an answer")
}

/// Asks one run of `env`'s database each request in turn.
fn ask_all(
    env: &TestEnv,
    spoilers: Spoilers,
    writing: bool,
    requests: Vec<Request<Body>>,
) -> Vec<Answer> {
    let options = Options {
        db: env.db_path().to_path_buf(),
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
    let shared = Arc::new(Shared::open(&options).expect("the campaign"));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async move {
        let mut answers = Vec::new();
        for request in requests {
            let response = router(Arc::clone(&shared))
                .oneshot(request)
                .await
                .expect("an answer");
            let status = response.status();
            let headers = response.headers().clone();
            let body = to_bytes(response.into_body(), usize::MAX)
                .await
                .expect("the body")
                .to_vec();
            answers.push(Answer {
                status,
                headers,
                body,
            });
        }
        answers
    })
}

fn get(path: &str) -> axum::http::request::Builder {
    Request::get(path).header(header::HOST, HOST)
}

fn read(env: &TestEnv, spoilers: Spoilers, path: &str) -> Answer {
    ask(env, spoilers, false, get(path).body(Body::empty()).unwrap())
}

/// Adds a photo of game 7 with the command line; its entry in `game photo list`.
fn added(env: &TestEnv, bytes: &[u8], caption: &str) -> Value {
    let path = env.dir().join("board.jpg");
    std::fs::write(&path, bytes).expect("the file");
    env.ok(&[
        "game",
        "photo",
        "add",
        "7",
        path.to_str().unwrap(),
        "--caption",
        caption,
        "--by",
        "Ann",
    ]);
    photos(env).pop().expect("the photo")
}

fn photos(env: &TestEnv) -> Vec<Value> {
    env.json(&["game", "photo", "list", "--format", "json"])["photos"]
        .as_array()
        .expect("photos")
        .clone()
}

/// What a refused write must leave as it was: the history and the photos.
fn state(env: &TestEnv) -> (String, String) {
    (
        env.ok(&["history", "--format", "json"]).stdout,
        env.ok(&["game", "photo", "list", "--format", "json"])
            .stdout,
    )
}

#[test]
fn the_route_gives_a_photo_of_the_log_with_its_type_and_etag_and_nothing_else() {
    let env = TestEnv::demo();
    let photo = added(&env, &jpeg(400, 200), "Europe, all scars");
    let sha = photo["copy"]["sha256"].as_str().unwrap().to_string();
    let id = photo["id"].as_str().unwrap();
    let out = env.dir().join("copy.jpg");
    env.ok(&["game", "photo", "show", id, "-o", out.to_str().unwrap()]);
    let copy = std::fs::read(&out).expect("the copy");

    let path = format!("/photos/{sha}.jpg");
    let served = read(&env, Spoilers::Opened, &path);
    assert_eq!(served.status, StatusCode::OK, "{}", served.text());
    assert_eq!(served.header(header::CONTENT_TYPE), "image/jpeg");
    assert_eq!(served.header(header::ETAG), format!("\"{sha}\""));
    assert_eq!(
        served.header(header::CACHE_CONTROL),
        "public, max-age=31536000, immutable"
    );
    assert_eq!(served.body, copy);

    let again = ask(
        &env,
        Spoilers::Opened,
        false,
        get(&path)
            .header(header::IF_NONE_MATCH, format!("\"{sha}\""))
            .body(Body::empty())
            .unwrap(),
    );
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());

    // The same hash under another kind's name, a hash no photo names, and what is no hash.
    let unknown = "0".repeat(64);
    for path in [
        format!("/photos/{sha}.png"),
        format!("/photos/{unknown}.jpg"),
        format!("/photos/{}.jpg", &sha[..8]),
        "/photos/..%2Fchronicle.db".to_string(),
    ] {
        let answer = read(&env, Spoilers::Opened, &path);
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{path}");
    }

    // Its bytes stay in the database once the photo is removed, but no photo names them.
    env.ok(&["game", "photo", "remove", id, "--reason", "blurred"]);
    let removed = read(&env, Spoilers::Opened, &path);
    assert_eq!(removed.status, StatusCode::NOT_FOUND, "{}", removed.text());
    // `undo` brings the photo back, and with it its image.
    env.ok(&["undo", "--yes"]);
    let back = read(&env, Spoilers::Opened, &path);
    assert_eq!(back.status, StatusCode::OK, "{}", back.text());
}

#[test]
fn a_games_page_shows_its_photos_at_their_size_with_caption_and_who_took_them() {
    let env = TestEnv::demo();
    let photo = added(&env, &jpeg(400, 200), "Europe, all scars");
    let sha = photo["copy"]["sha256"].as_str().unwrap();
    let page = read(&env, Spoilers::Opened, "/games/7");
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    assert!(
        html.contains(&format!(
            r#"<img src="/photos/{sha}.jpg" loading="lazy" alt="Europe, all scars" width="400" height="200">"#
        )),
        "{html}"
    );
    assert!(
        html.contains(
            "<figcaption>Europe, all scars<span class=\"aside by\">Taken by Ann.</span></figcaption>"
        ),
        "{html}"
    );
    // The photo is shown as a picture, not also as a line of text.
    assert!(!html.contains(&format!("Photo {}", &sha[..8])), "{html}");
    // A reader without the key has no form to add one.
    assert!(!html.contains("type=\"file\""), "{html}");

    let api = read(&env, Spoilers::Opened, "/api/games/7").json();
    assert_eq!(api["photos"][0]["copy"]["sha256"], sha);
    assert_eq!(api["photos"][0]["here"], true);

    // A photo with no caption is described by its game.
    added(&env, &png(60, 90), "");
    let html = read(&env, Spoilers::Opened, "/games/7").text();
    assert!(
        html.contains(r#"alt="Photo of game 7" width="60" height="90""#),
        "{html}"
    );
}

#[test]
fn with_spoilers_none_no_photo_is_shown_named_or_served() {
    let env = TestEnv::demo();
    let photo = added(&env, &jpeg(400, 200), "Khan's scar on Egypt");
    let sha = photo["copy"]["sha256"].as_str().unwrap();
    let served = read(&env, Spoilers::None, &format!("/photos/{sha}.jpg"));
    assert_eq!(served.status, StatusCode::NOT_FOUND);
    let html = read(&env, Spoilers::None, "/games/7").text();
    assert!(
        html.contains("Photos are left out: a photo of the board may show what packets brought."),
        "{html}"
    );
    assert!(!html.contains("<img") && !html.contains(sha), "{html}");
    for path in ["/api/games/7", "/api/games"] {
        let text = read(&env, Spoilers::None, path).text();
        assert!(!text.contains(sha), "{path}: {text}");
    }
    // Not even the key's holder gets the form.
    let holder = ask(
        &env,
        Spoilers::None,
        true,
        get("/games/7")
            .header(header::COOKIE, format!("chronicle_key={KEY}"))
            .body(Body::empty())
            .unwrap(),
    );
    assert!(!holder.text().contains("type=\"file\""));
}

/// A form's body as a browser sends it: a file in `photo`, and `caption`.
fn multipart(name: &str, bytes: &[u8], caption: &str) -> (String, Vec<u8>) {
    let boundary = "----chroniclephotoform7MA4YWxkTrZu0gW";
    let mut body = Vec::new();
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"{name}\"\r\nContent-Type: image/jpeg\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(
        format!(
            "\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\n{caption}\r\n--{boundary}--\r\n"
        )
        .as_bytes(),
    );
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// `POST /api/games/N/photos` from a script with the key (`key`) as the phone "Bo's phone".
fn post_photo(env: &TestEnv, game: u32, key: Option<&str>, form: (String, Vec<u8>)) -> Answer {
    let mut request = Request::post(format!("/api/games/{game}/photos"))
        .header(header::HOST, HOST)
        .header(header::CONTENT_TYPE, form.0)
        .header("X-Chronicle-Device", "Bo's phone");
    if let Some(key) = key {
        request = request.header(header::AUTHORIZATION, format!("Bearer {key}"));
    }
    ask(
        env,
        Spoilers::Opened,
        true,
        request.body(Body::from(form.1)).unwrap(),
    )
}

#[test]
fn a_photo_is_added_with_the_key_only_and_shown_by_the_command_line() {
    let env = TestEnv::demo();
    let before = state(&env);
    let picture = jpeg(800, 600);

    let refused = post_photo(
        &env,
        7,
        None,
        multipart("IMG_1.jpg", &picture, "After game 7"),
    );
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text());
    assert!(refused.json()["error"].as_str().unwrap().contains("key"));
    let wrong = post_photo(
        &env,
        7,
        Some("not-the-key"),
        multipart("IMG_1.jpg", &picture, ""),
    );
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    assert_eq!(state(&env), before);

    let added = post_photo(
        &env,
        7,
        Some(KEY),
        multipart("IMG_1.jpg", &picture, "After game 7"),
    );
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.text());
    let photo = added.json();
    assert_eq!(photo["game"], 7);
    assert_eq!(photo["caption"], "After game 7");
    assert_eq!(photo["logged_by"], "Bo's phone");
    assert_eq!(photo["here"], true);
    assert_eq!(photo["copy"]["media_type"], "image/jpeg");

    let listed = photos(&env);
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0], photo);
    let shown = env.ok(&["game", "photo", "list", "7"]).stdout;
    assert!(shown.contains(photo["id"].as_str().unwrap()), "{shown}");

    // The raw bytes, with the caption in the query, as a script may send them.
    let raw = ask(
        &env,
        Spoilers::Opened,
        true,
        Request::post("/api/games/5/photos?caption=The%20table")
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, "image/png")
            .header(header::AUTHORIZATION, format!("Bearer {KEY}"))
            .body(Body::from(png(120, 80)))
            .unwrap(),
    );
    assert_eq!(raw.status, StatusCode::CREATED, "{}", raw.text());
    assert_eq!(raw.json()["caption"], "The table");
    assert_eq!(raw.json()["game"], 5);
    assert_eq!(photos(&env).len(), 2);
}

#[test]
fn what_is_no_photo_too_many_bytes_and_a_game_not_played_are_refused_and_nothing_written() {
    let env = TestEnv::demo();
    let before = state(&env);

    let text = post_photo(
        &env,
        7,
        Some(KEY),
        multipart("notes.txt", b"Ann won, Bo held on.\n", ""),
    );
    assert_eq!(
        text.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        text.text()
    );
    let said = text.json()["error"].as_str().unwrap().to_string();
    assert!(said.contains("notes.txt is text, not a photo"), "{said}");

    let huge = vec![0xFF_u8; 30_000_000];
    let form = post_photo(&env, 7, Some(KEY), multipart("huge.jpg", &huge, ""));
    assert_eq!(
        form.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "{}",
        form.text()
    );
    assert!(form.json()["error"].as_str().unwrap().contains("20 MB"));
    let raw = ask(
        &env,
        Spoilers::Opened,
        true,
        Request::post("/api/games/7/photos")
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, "image/jpeg")
            .header(header::AUTHORIZATION, format!("Bearer {KEY}"))
            .body(Body::from(huge))
            .unwrap(),
    );
    assert_eq!(raw.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", raw.text());

    let unplayed = post_photo(
        &env,
        99,
        Some(KEY),
        multipart("board.jpg", &jpeg(64, 64), ""),
    );
    assert!(
        unplayed.status.is_client_error(),
        "{} {}",
        unplayed.status,
        unplayed.text()
    );

    let empty = post_photo(
        &env,
        7,
        Some(KEY),
        (
            "multipart/form-data; boundary=b".to_string(),
            b"--b\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nx\r\n--b--\r\n"
                .to_vec(),
        ),
    );
    assert_eq!(
        empty.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        empty.text()
    );
    assert_eq!(state(&env), before);
}

#[test]
fn a_phones_form_goes_back_to_the_game_and_another_sites_page_is_refused() {
    let env = TestEnv::demo();
    let holder = |path: &str| {
        ask(
            &env,
            Spoilers::Opened,
            true,
            get(path)
                .header(header::COOKIE, format!("chronicle_key={KEY}"))
                .body(Body::empty())
                .unwrap(),
        )
    };
    let page = holder("/games/7");
    let html = page.text();
    assert!(
        html.contains(r#"<form class="photo" method="post" action="/api/games/7/photos" enctype="multipart/form-data">"#),
        "{html}"
    );
    assert!(
        html.contains(r#"accept="image/*" capture="environment""#),
        "{html}"
    );
    // The holder's page is another page than a reader's: its ETag says so.
    let reader = read(&env, Spoilers::Opened, "/games/7");
    assert_ne!(page.header(header::ETAG), reader.header(header::ETAG));

    let form = |origin: &str| {
        let (kind, body) = multipart("IMG_2.jpg", &jpeg(300, 300), "Ann's photo");
        ask(
            &env,
            Spoilers::Opened,
            true,
            Request::post("/api/games/7/photos")
                .header(header::HOST, HOST)
                .header(header::ORIGIN, origin)
                .header(header::ACCEPT, "text/html,application/xhtml+xml")
                .header(
                    header::COOKIE,
                    format!("chronicle_key={KEY}; chronicle_device=426f27732070686f6e65"),
                )
                .header(header::CONTENT_TYPE, kind)
                .body(Body::from(body))
                .unwrap(),
        )
    };
    let elsewhere = form("http://evil.example");
    assert_eq!(elsewhere.status, StatusCode::FORBIDDEN);
    assert!(
        elsewhere.text().contains("another site"),
        "{}",
        elsewhere.text()
    );
    assert!(photos(&env).is_empty());

    let sent = form("http://127.0.0.1:8765");
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.text());
    let listed = photos(&env);
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["logged_by"], "Bo's phone");
    assert_eq!(
        sent.header(header::LOCATION),
        format!("/games/7#photo-{}", listed[0]["id"].as_str().unwrap())
    );
    assert!(
        holder("/games/7")
            .text()
            .contains("<figcaption>Ann's photo")
    );

    // The same photo again is refused on a page that leads back.
    let twice = form("http://127.0.0.1:8765");
    assert_eq!(
        twice.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        twice.text()
    );
    assert!(
        twice.text().contains(r#"href="/games/7""#),
        "{}",
        twice.text()
    );
    assert_eq!(photos(&env).len(), 1);
}

#[test]
fn the_story_is_served_with_the_runs_spoilers() {
    let env = TestEnv::demo();
    let opened = read(&env, Spoilers::Opened, "/story");
    assert_eq!(opened.status, StatusCode::OK);
    assert_eq!(
        opened.header(header::CONTENT_TYPE),
        "text/html; charset=utf-8"
    );
    let told = env.ok(&["story", "-o", "-"]).stdout;
    assert_eq!(opened.text(), told);
    let sealed = read(&env, Spoilers::None, "/story").text();
    let none = env.ok(&["story", "-o", "-", "--spoilers", "none"]).stdout;
    assert_eq!(sealed, none);
    assert_ne!(sealed, told);

    let etag = opened.header(header::ETAG).to_string();
    let again = ask(
        &env,
        Spoilers::Opened,
        false,
        get("/story")
            .header(header::IF_NONE_MATCH, etag)
            .body(Body::empty())
            .unwrap(),
    );
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    // The history leads to it.
    let history = read(&env, Spoilers::Opened, "/history").text();
    assert!(
        history.contains(r#"<a class="tap" href="/story">"#),
        "{history}"
    );
}

#[test]
fn a_photo_whose_bytes_are_not_here_yet_says_so_and_is_not_served() {
    let env = TestEnv::demo();
    let photo = added(&env, &jpeg(400, 200), "Europe, all scars");
    let sha = photo["copy"]["sha256"].as_str().unwrap().to_string();
    // As on a device that a sync brought the entry to before the bytes.
    let db = rusqlite::Connection::open(env.db_path()).expect("the database");
    db.execute("DELETE FROM photo_file WHERE sha256 = ?1", [&sha])
        .expect("the bytes gone");
    drop(db);
    let html = read(&env, Spoilers::Opened, "/games/7").text();
    assert!(
        html.contains(&format!(
            "Photo {} is not here yet: its entry came before its bytes (a sync brings them).",
            &sha[..8]
        )),
        "{html}"
    );
    assert!(!html.contains("<img"), "{html}");
    assert!(html.contains("<figcaption>Europe, all scars"), "{html}");
    let served = read(&env, Spoilers::Opened, &format!("/photos/{sha}.jpg"));
    assert_eq!(served.status, StatusCode::NOT_FOUND);
    assert_eq!(
        read(&env, Spoilers::Opened, "/api/games/7").json()["photos"][0]["here"],
        false
    );
}

#[test]
fn a_photo_sent_again_under_its_idempotency_key_gets_the_same_answer_and_writes_nothing() {
    let env = TestEnv::demo();
    let request = || {
        let (kind, body) = multipart("IMG_3.jpg", &jpeg(200, 100), "Once");
        Request::post("/api/games/7/photos")
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, kind)
            .header(header::AUTHORIZATION, format!("Bearer {KEY}"))
            .header("Idempotency-Key", "photo-of-game-7")
            .body(Body::from(body))
            .unwrap()
    };
    let before = state(&env);
    let answers = ask_all(&env, Spoilers::Opened, true, vec![request(), request()]);
    assert_eq!(
        answers[0].status,
        StatusCode::CREATED,
        "{}",
        answers[0].text()
    );
    assert_eq!(
        answers[1].status,
        StatusCode::CREATED,
        "{}",
        answers[1].text()
    );
    assert_eq!(answers[1].body, answers[0].body);
    assert_ne!(state(&env), before);
    assert_eq!(photos(&env).len(), 1);
    // Without its key, the same photo again is refused by the rules: nothing is added.
    let (kind, body) = multipart("IMG_3.jpg", &jpeg(200, 100), "Twice");
    let again = ask(
        &env,
        Spoilers::Opened,
        true,
        Request::post("/api/games/7/photos")
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, kind)
            .header(header::AUTHORIZATION, format!("Bearer {KEY}"))
            .body(Body::from(body))
            .unwrap(),
    );
    assert_eq!(
        again.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        again.text()
    );
    assert_eq!(photos(&env).len(), 1);
}
