//! The device a script names in `X-Chronicle-Device` is kept whole whatever it is written
//! in: UTF-8 as sent, or percent-encoded; a name a history cannot show is refused with a
//! 400 that says why, and nothing is written. Never dropped to none.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::json;

use crate::common::TestEnv;
use crate::serve_write::{HOST, KEY, Server};

/// The demo's game 17, sent naming the device as `device` (raw bytes of the header).
fn logged_on(server: &Server, device: &[u8]) -> crate::serve_write::Answer {
    let sheet = json!({
        "date": "2026-11-30",
        "player": ["Ann=bear:won", "Bo=khan:held-on", "Chidi=saharan:eliminated"],
    })
    .to_string();
    server.ask(
        Request::post("/api/games")
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::AUTHORIZATION, format!("Bearer {KEY}"))
            .header(header::IF_MATCH, server.head())
            .header(
                "X-Chronicle-Device",
                axum::http::HeaderValue::from_bytes(device).expect("a header value"),
            )
            .body(Body::from(sheet))
            .expect("a request"),
    )
}

#[test]
fn a_device_named_in_utf8_or_percent_encoded_arrives_whole() {
    for (sent, kept) in [
        ("Zoë’s phone".as_bytes(), "Zoë’s phone"),
        (b"Zo%C3%AB%E2%80%99s%20phone".as_slice(), "Zoë’s phone"),
        (b"50%25 sure".as_slice(), "50% sure"),
        ("Офигеназия".as_bytes(), "Офигеназия"),
    ] {
        let env = TestEnv::demo();
        let server = Server::new(&env, true);
        let answer = logged_on(&server, sent);
        assert_eq!(
            answer.status,
            StatusCode::CREATED,
            "{kept}: {}",
            answer.body
        );
        assert_eq!(answer.json()["logged_by"], kept, "{}", answer.body);
        let shown = env.json(&["game", "show", "17", "--format", "json"]);
        assert_eq!(shown["logged_by"], kept);
    }
}

#[test]
fn a_device_name_that_cannot_be_shown_is_refused_with_why_and_nothing_is_written() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let before = env.dump();
    for sent in [
        b"Bo%0Aphone".as_slice(),
        b"%FF%FE".as_slice(),
        b"\xff\xfe".as_slice(),
    ] {
        let answer = logged_on(&server, sent);
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
        let error = answer.json()["error"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(error.starts_with("X-Chronicle-Device"), "{error}");
    }
    assert_eq!(env.dump(), before, "nothing written");
}
