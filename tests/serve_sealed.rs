//! `chronicle serve`'s reads as a client that already holds the head, or that must not learn
//! what the packets hold, gets them in process: 304 for a head it holds (`/api/head` and the
//! JSON reads), no reason of a change or of a taking back under `--spoilers none` (nor in
//! the HTML export), and a sealed territory's name answered as an unknown one.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use chronicle::report::spoilers::Spoilers;

use crate::common::TestEnv;
use crate::serve_write::{Answer, HOST, Server};

fn get(path: &str, holding: Option<&str>) -> Request<Body> {
    let mut request = Request::get(path).header(header::HOST, HOST);
    if let Some(etag) = holding {
        request = request.header(header::IF_NONE_MATCH, etag);
    }
    request.body(Body::empty()).expect("a request")
}

fn ask(server: &Server, path: &str, holding: Option<&str>) -> Answer {
    server.ask(get(path, holding))
}

#[test]
fn a_request_holding_the_head_gets_304_from_the_head_and_the_json_reads() {
    let env = TestEnv::demo();
    let server = Server::new(&env, false);
    let head = server.head();
    for path in ["/api/head", "/api/board", "/api/history", "/api/games/3"] {
        let held = ask(&server, path, Some(&head));
        assert_eq!(
            held.status,
            StatusCode::NOT_MODIFIED,
            "{path}: {}",
            held.body
        );
        assert!(held.body.is_empty(), "{path}: {}", held.body);
        assert_eq!(held.headers[header::ETAG], head.as_str(), "{path}");
        let listed = ask(&server, path, Some(&format!("\"0:other\", {head}")));
        assert_eq!(
            listed.status,
            StatusCode::NOT_MODIFIED,
            "{path}: one of a list"
        );
        let old = ask(
            &server,
            path,
            Some("\"3:0192a0a0-0000-7000-8000-000000000000\""),
        );
        assert_eq!(old.status, StatusCode::OK, "{path}: an old head");
        assert!(!old.body.is_empty(), "{path}");
        let fresh = ask(&server, path, None);
        assert_eq!(fresh.status, StatusCode::OK, "{path}");
        assert_eq!(fresh.body, old.body, "{path}");
    }
    env.ok(&["game", "undo", "--yes"]);
    let moved = ask(&server, "/api/head", Some(&head));
    assert_eq!(
        moved.status,
        StatusCode::OK,
        "the head moved: {}",
        moved.body
    );
    assert_ne!(moved.headers[header::ETAG], head.as_str());
}

#[test]
fn with_spoilers_none_no_reason_is_shown_by_the_pages_or_the_export() {
    let env = TestEnv::demo();
    env.ok(&["game", "undo", "--yes", "--reason", "Bo was not out"]);
    env.ok(&[
        "pool",
        "set",
        "major_city",
        "20",
        "--reason",
        "the stickers were lost",
    ]);
    let reasons = ["Bo was not out", "the stickers were lost"];
    let opened = Server::showing(env.db_path(), false, Spoilers::Opened);
    let sealed = Server::showing(env.db_path(), false, Spoilers::None);
    for path in ["/history", "/api/history", "/history?kind=undo,pool"] {
        let shown = ask(&opened, path, None);
        let hidden = ask(&sealed, path, None);
        assert_eq!(hidden.status, StatusCode::OK, "{path}: {}", hidden.body);
        for reason in reasons {
            assert!(shown.body.contains(reason), "{path}: opened shows {reason}");
            assert!(!hidden.body.contains(reason), "{path}: none shows {reason}");
        }
    }
    let history = ask(&sealed, "/api/history?kind=undo,pool", None).json();
    let texts: Vec<&str> = history
        .as_array()
        .expect("a list")
        .iter()
        .map(|e| e["text"].as_str().expect("a text"))
        .collect();
    assert_eq!(texts.len(), 2, "{texts:?}");
    assert!(
        texts[0].starts_with("took back game 16, in which: "),
        "{texts:?}"
    );
    assert!(texts[0].ends_with("playing Khan Industries"), "{texts:?}");
    assert_eq!(texts[1], "set the major_city pool to 20", "{texts:?}");

    let page = env.dir().join("page.html");
    let page_arg = page.to_str().expect("a path");
    env.ok(&[
        "export",
        "--format",
        "html",
        "--spoilers",
        "none",
        "-o",
        page_arg,
    ]);
    let exported = std::fs::read_to_string(&page).expect("the page");
    for reason in reasons {
        assert!(!exported.contains(reason), "the export shows {reason}");
    }
    env.ok(&[
        "export",
        "--format",
        "html",
        "--spoilers",
        "none",
        "--notes",
        "-o",
        page_arg,
    ]);
    let with_notes = std::fs::read_to_string(&page).expect("the page");
    for reason in reasons {
        assert!(with_notes.contains(reason), "--notes keeps {reason}");
    }
}

#[test]
fn with_spoilers_none_a_sealed_territory_is_answered_as_an_unknown_one() {
    let env = TestEnv::new();
    env.init_set_up(&["init", "Earth"]);
    env.ok(&["territory", "add", "Atlantis", "--neighbours", "Brazil"]);
    let opened = Server::showing(env.db_path(), false, Spoilers::Opened);
    let sealed = Server::showing(env.db_path(), false, Spoilers::None);
    for page in ["/history", "/api/history"] {
        let known = ask(&opened, &format!("{page}?territory=Atlantis"), None);
        assert_eq!(known.status, StatusCode::OK, "{page}: {}", known.body);
        let asked = ask(&sealed, &format!("{page}?territory=Atlantis"), None);
        let unknown = ask(&sealed, &format!("{page}?territory=Atlantix"), None);
        assert_eq!(
            asked.status,
            StatusCode::BAD_REQUEST,
            "{page}: {}",
            asked.body
        );
        assert_eq!(unknown.status, asked.status, "{page}: {}", unknown.body);
        assert_eq!(
            asked.body.replace("Atlantis", "NAME"),
            unknown.body.replace("Atlantix", "NAME"),
            "{page}: the same answer"
        );
        assert!(
            !unknown.body.contains("Atlantis"),
            "{page}: {}",
            unknown.body
        );
    }
}
