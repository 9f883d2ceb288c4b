//! The phone form of `chronicle serve --allow-log` (`/log`), in process and without
//! JavaScript: a whole game posted step by step, each answer checked on its step (a refusal
//! beside the question, what was typed kept, nothing written), the preview with the command
//! line, Confirm once (a replay shows the result and writes nothing), the 409 page when the
//! log moved, the name of the phone in the history, its undo, and names shown as text.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};

use crate::common::TestEnv;
use crate::serve_write::{Answer, Server};

const HOST: &str = "127.0.0.1:8765";
const KEY: &str = "k3y0fthisrunk3y0fthisrun";

/// A phone: its cookies (this run's key, its name).
struct Phone {
    cookie: String,
}

impl Phone {
    fn named(name: &str) -> Phone {
        let hex: String = name.bytes().fold(String::new(), |mut hex, b| {
            let _ = write!(hex, "{b:02x}");
            hex
        });
        Phone {
            cookie: format!("chronicle_key={KEY}; chronicle_device={hex}"),
        }
    }

    fn get(&self, server: &Server, path: &str) -> Answer {
        server.ask(
            Request::get(path)
                .header(header::HOST, HOST)
                .header(header::COOKIE, &self.cookie)
                .body(Body::empty())
                .expect("a request"),
        )
    }

    fn post(&self, server: &Server, path: &str, fields: &[(String, String)]) -> Answer {
        let body = fields
            .iter()
            .map(|(n, v)| format!("{}={}", encode(n), encode(v)))
            .collect::<Vec<_>>()
            .join("&");
        server.ask(
            Request::post(path)
                .header(header::HOST, HOST)
                .header(header::ORIGIN, format!("http://{HOST}"))
                .header(header::COOKIE, &self.cookie)
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(Body::from(body))
                .expect("a request"),
        )
    }
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The value of the first input named `name` in a page.
fn input(page: &str, name: &str) -> Option<String> {
    let at = page.find(&format!("name=\"{name}\" value=\""))?;
    let rest = &page[at + name.len() + 15..];
    Some(unescape(&rest[..rest.find('"')?]))
}

/// The question a page asks, if it asks one.
fn step_of(page: &str) -> Option<String> {
    let at = page.find("data-step=\"")?;
    let rest = &page[at + 11..];
    Some(unescape(&rest[..rest.find('"')?]))
}

/// The carried fields of a page's form.
fn carried(page: &str) -> Vec<(String, String)> {
    ["form", "head", "answers", "at"]
        .iter()
        .map(|n| (n.to_string(), input(page, n).unwrap_or_default()))
        .collect()
}

/// Answers each question a page asks, from `answers` by question (else its default, the
/// value its form offers checked, or what its text box holds), until the preview; the
/// questions asked, in order, and the preview.
fn fill(phone: &Phone, server: &Server, answers: &BTreeMap<&str, &str>) -> (Vec<String>, Answer) {
    let mut page = phone.get(server, "/log");
    let mut asked = Vec::new();
    for _ in 0..80 {
        assert!(page.status.is_success(), "{}", page.body);
        let Some(step) = step_of(&page.body) else {
            return (asked, page);
        };
        asked.push(step.clone());
        let mut fields = carried(&page.body);
        fields.push(("step".into(), step.clone()));
        fields.push(("go".into(), "answer".into()));
        match answers.get(step.as_str()) {
            Some(value) if page.body.contains("name=\"typed\"") => {
                fields.push(("typed".into(), (*value).to_string()));
            }
            Some(value) => fields.push(("value".into(), (*value).to_string())),
            None => {
                if let Some(checked) = checked(&page.body) {
                    fields.push(checked);
                } else if let Some(text) = input(&page.body, "value") {
                    fields.push(("value".into(), text));
                }
            }
        }
        page = phone.post(server, "/log/step", &fields);
    }
    panic!("more than 80 questions: {asked:?}");
}

/// The option a page offers checked: (field, value).
fn checked(page: &str) -> Option<(String, String)> {
    let at = page.find(" checked")?;
    let tag = &page[page[..at].rfind("<input")?..at];
    let name = input_attr(tag, "name")?;
    Some((name, input_attr(tag, "value")?))
}

fn input_attr(tag: &str, attr: &str) -> Option<String> {
    let at = tag.find(&format!("{attr}=\""))?;
    let rest = &tag[at + attr.len() + 2..];
    Some(unescape(&rest[..rest.find('"')?]))
}

fn demo_answers() -> BTreeMap<&'static str, &'static str> {
    BTreeMap::from([
        ("date", "2026-11-30"),
        ("player-1", "Ann"),
        ("player-2", "Bo"),
        ("player-3", "Chidi"),
        ("player-4", ""),
        // No HQ recorded, though last game's comes first for the same faction.
        ("hq-1", ""),
        ("hq-2", ""),
        ("hq-3", ""),
        ("result:Ann", "won"),
        ("result:Bo", "held-on"),
        ("result:Chidi", "eliminated"),
        ("note", "Logged from a phone"),
    ])
}

#[test]
fn a_whole_game_posted_step_by_step_is_logged_once_with_the_phones_name() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let phone = Phone::named("Bo's phone");
    let before = env.dump();
    let (asked, preview) = fill(&phone, &server, &demo_answers());
    assert_eq!(asked.first().map(String::as_str), Some("date"), "{asked:?}");
    assert!(
        preview.body.contains("chronicle game log"),
        "{}",
        preview.body
    );
    assert!(
        preview
            .body
            .contains("--player &quot;Ann=Enclave of the Bear:won&quot;"),
        "the command line: {}",
        preview.body
    );
    assert_eq!(env.dump(), before, "nothing is written before Confirm");
    let confirm = carried(&preview.body);
    let done = phone.post(&server, "/log/confirm", &confirm);
    assert_eq!(done.status, StatusCode::CREATED, "{}", done.body);
    assert!(
        done.body.contains("Game 17 logged on Bo&#39;s phone.")
            || done.body.contains("Game 17 logged on Bo's phone."),
        "{}",
        done.body
    );
    let after = env.dump();
    let again = phone.post(&server, "/log/confirm", &confirm);
    assert_eq!(
        again.status,
        StatusCode::CREATED,
        "a replay shows the result"
    );
    assert_eq!(again.body, done.body);
    assert_eq!(env.dump(), after, "a replay writes nothing");
    let shown = env.json(&["game", "show", "17", "--format", "json"]);
    assert_eq!(shown["logged_by"], "Bo's phone");
    assert_eq!(shown["note"], "Logged from a phone");
}

#[test]
fn a_refused_answer_is_said_on_its_step_with_what_was_typed_and_nothing_written() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let phone = Phone::named("Bo's phone");
    let before = env.dump();
    let mut answers = demo_answers();
    answers.insert("date", "2027-13-40");
    let mut page = phone.get(&server, "/log");
    assert_eq!(step_of(&page.body).as_deref(), Some("date"));
    let mut fields = carried(&page.body);
    fields.extend([
        ("step".to_string(), "date".to_string()),
        ("go".to_string(), "answer".to_string()),
        ("value".to_string(), "2027-13-40".to_string()),
    ]);
    page = phone.post(&server, "/log/step", &fields);
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.body
    );
    assert_eq!(step_of(&page.body).as_deref(), Some("date"), "asked again");
    assert!(page.body.contains("role=\"alert\""), "{}", page.body);
    assert_eq!(
        input(&page.body, "value").as_deref(),
        Some("2027-13-40"),
        "kept"
    );
    assert_eq!(env.dump(), before);
}

/// The demo's answers posted up to question `id` (its defaults where they give none): the
/// page that asks it.
fn up_to(phone: &Phone, server: &Server, id: &str) -> Answer {
    let answers = demo_answers();
    let mut page = phone.get(server, "/log");
    for _ in 0..40 {
        let step = step_of(&page.body).expect("a question");
        if step == id {
            return page;
        }
        let mut fields = carried(&page.body);
        fields.push(("step".into(), step.clone()));
        fields.push(("go".into(), "answer".into()));
        match answers.get(step.as_str()) {
            Some(v) if page.body.contains("name=\"typed\"") => {
                fields.push(("typed".into(), (*v).into()));
            }
            Some(v) => fields.push(("value".into(), (*v).into())),
            None => fields.extend(checked(&page.body)),
        }
        page = phone.post(server, "/log/step", &fields);
    }
    panic!("{id} is never asked: {}", page.body);
}

/// A territory typed on the phone is found as the flags find it: "e. aus" is Eastern
/// Australia, not Western; "us", either United States, is asked about, neither chosen.
#[test]
fn a_territory_typed_on_the_phone_is_the_one_the_flags_take() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let phone = Phone::named("Bo's phone");
    let page = up_to(&phone, &server, "hq-1");
    let post = |typed: &str| {
        let mut fields = carried(&page.body);
        fields.extend([
            ("step".to_string(), "hq-1".to_string()),
            ("go".to_string(), "answer".to_string()),
            ("typed".to_string(), typed.to_string()),
        ]);
        phone.post(&server, "/log/step", &fields)
    };
    let asked = post("us");
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
    assert_eq!(step_of(&asked.body).as_deref(), Some("hq-1"));
    assert!(
        asked.body.contains("could be any of these"),
        "{}",
        asked.body
    );
    let offered = |name: &str| asked.body.contains(&format!("value=\"{name}\">"));
    assert!(offered("Western United States") && offered("Eastern United States"));
    assert!(!asked.body.contains(" checked"), "{}", asked.body);
    let taken = post("e. aus");
    assert_eq!(
        step_of(&taken.body).as_deref(),
        Some("player-2"),
        "{}",
        taken.body
    );
    let answers = input(&taken.body, "answers").unwrap_or_default();
    assert!(
        answers.contains("\"hq-1\":\"Eastern Australia\""),
        "{answers}"
    );
}

#[test]
fn an_illegal_hq_is_refused_on_the_hq_step() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let phone = Phone::named("Bo's phone");
    let before = env.dump();
    let page = up_to(&phone, &server, "hq-2");
    let mut fields = carried(&page.body);
    fields.extend([
        ("step".to_string(), "hq-2".to_string()),
        ("go".to_string(), "answer".to_string()),
        ("typed".to_string(), "Peru".to_string()),
    ]);
    let refused = phone.post(&server, "/log/step", &fields);
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert_eq!(step_of(&refused.body).as_deref(), Some("hq-2"));
    assert!(
        refused.body.contains("not a legal start"),
        "{}",
        refused.body
    );
    assert!(refused.body.contains("§3"), "{}", refused.body);
    assert_eq!(env.dump(), before);
}

#[test]
fn a_name_close_to_someone_known_is_asked_about() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let phone = Phone::named("Bo's phone");
    let mut answers = demo_answers();
    answers.insert("player-1", "Anm");
    let (asked, _) = fill(&phone, &server, &answers);
    assert!(asked.iter().any(|s| s == "same-1"), "{asked:?}");
}

#[test]
fn a_confirm_after_another_write_gets_the_409_page_and_can_be_checked_again() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let (bo, cy) = (Phone::named("Bo's phone"), Phone::named("Cy's phone"));
    let (_, first) = fill(&bo, &server, &demo_answers());
    let (_, second) = fill(&cy, &server, &demo_answers());
    let done = bo.post(&server, "/log/confirm", &carried(&first.body));
    assert_eq!(done.status, StatusCode::CREATED, "{}", done.body);
    let after = env.dump();
    let moved = cy.post(&server, "/log/confirm", &carried(&second.body));
    assert_eq!(moved.status, StatusCode::CONFLICT, "{}", moved.body);
    assert!(
        moved
            .body
            .contains("Game 17 was logged on Bo&#39;s phone at")
            || moved.body.contains("Game 17 was logged on Bo's phone at"),
        "{}",
        moved.body
    );
    assert_eq!(env.dump(), after, "the 409 wrote nothing");
    let mut fields = carried(&moved.body);
    fields.push(("go".into(), "recheck".into()));
    let again = cy.post(&server, "/log/step", &fields);
    assert!(again.status.is_success(), "{}", again.body);
    assert!(
        again.body.contains("Game 18") || again.body.contains("game log"),
        "{}",
        again.body
    );
}

#[test]
fn the_phone_that_logged_the_latest_game_takes_it_back_and_no_other() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let (bo, cy) = (Phone::named("Bo's phone"), Phone::named("Cy's phone"));
    let (_, preview) = fill(&bo, &server, &demo_answers());
    let done = bo.post(&server, "/log/confirm", &carried(&preview.body));
    assert_eq!(done.status, StatusCode::CREATED, "{}", done.body);
    let undo = vec![
        (
            "entry".to_string(),
            input(&done.body, "entry").expect("the entry"),
        ),
        (
            "head".to_string(),
            input(&done.body, "head").expect("the head"),
        ),
        ("reason".to_string(), "logged twice".to_string()),
    ];
    let after = env.dump();
    let refused = cy.post(&server, "/log/undo", &undo);
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    assert_eq!(env.dump(), after);
    let taken = bo.post(&server, "/log/undo", &undo);
    assert_eq!(taken.status, StatusCode::OK, "{}", taken.body);
    let games = env.json(&["game", "list", "--format", "json"]);
    assert_eq!(games["games"].as_array().map(Vec::len), Some(16));
    let history = env.ok(&["history", "--game", "17"]).stdout;
    assert!(history.contains("logged twice"), "{history}");
}

#[test]
fn a_phone_without_the_key_or_from_another_site_cannot_use_the_form() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let stranger = Phone {
        cookie: "chronicle_device=426f".to_string(),
    };
    assert_eq!(stranger.get(&server, "/log").status, StatusCode::FORBIDDEN);
    let phone = Phone::named("Bo's phone");
    let (_, preview) = fill(&phone, &server, &demo_answers());
    let before = env.dump();
    let answer = server.ask(
        Request::post("/log/confirm")
            .header(header::HOST, HOST)
            .header(header::ORIGIN, "http://evil.example")
            .header(header::COOKIE, &phone.cookie)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(
                carried(&preview.body)
                    .iter()
                    .map(|(n, v)| format!("{}={}", encode(n), encode(v)))
                    .collect::<Vec<_>>()
                    .join("&"),
            ))
            .expect("a request"),
    );
    assert_eq!(answer.status, StatusCode::FORBIDDEN, "{}", answer.body);
    assert_eq!(env.dump(), before);
    let read_only = Server::new(&env, false);
    assert_eq!(phone.get(&read_only, "/log").status, StatusCode::FORBIDDEN);
}

#[test]
fn a_name_that_looks_like_markup_is_shown_as_text() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let phone = Phone::named("<script>alert(1)</script>");
    let page = phone.get(&server, "/log");
    assert!(!page.body.contains("<script>alert"), "{}", page.body);
    assert!(
        page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{}",
        page.body
    );
    let mut answers = demo_answers();
    answers.insert("player-3", "<b>Zed</b>");
    let (_, preview) = fill(&phone, &server, &answers);
    assert!(!preview.body.contains("<b>Zed"), "{}", preview.body);
}

#[test]
fn two_phones_and_the_laptop_log_the_next_three_games_and_agree() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let (bo, cy) = (Phone::named("Bo's phone"), Phone::named("Cy's phone"));
    // Dated no later than the laptop's today (`CHRONICLE_NOW` of the tests).
    let mut answers = demo_answers();
    answers.insert("date", "2026-11-28");
    let (_, preview) = fill(&bo, &server, &answers);
    let done = bo.post(&server, "/log/confirm", &carried(&preview.body));
    assert_eq!(done.status, StatusCode::CREATED, "{}", done.body);
    env.ok(&[
        "game",
        "log",
        "--date",
        "2026-11-28",
        "--player",
        "Ann=bear:won",
        "--player",
        "Bo=khan:held-on",
        "--player",
        "Chidi=saharan:eliminated",
    ]);
    let (_, preview) = fill(&cy, &server, &answers);
    let done = cy.post(&server, "/log/confirm", &carried(&preview.body));
    assert_eq!(done.status, StatusCode::CREATED, "{}", done.body);
    env.ok(&["check"]);
    let by: Vec<serde_json::Value> = (17..=19)
        .map(|n| {
            env.json(&["game", "show", &n.to_string(), "--format", "json"])["logged_by"].clone()
        })
        .collect();
    assert_eq!(
        by,
        vec![
            serde_json::json!("Bo's phone"),
            serde_json::Value::Null,
            serde_json::json!("Cy's phone")
        ]
    );
    let page = bo.get(&server, "/api/games");
    let served: serde_json::Value = serde_json::from_str(&page.body).expect("JSON");
    assert_eq!(
        served,
        env.json(&["game", "list", "--format", "json"]),
        "the page and the laptop agree"
    );
}
