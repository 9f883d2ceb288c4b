//! The phone form of `chronicle serve --allow-log` (`/log`), in process and without
//! JavaScript: a whole game posted screen by screen, each answer checked on its question (a
//! refusal beside it, what was typed kept, nothing written), the preview with the command
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

/// The question a page asks now, if it asks one.
fn step_of(page: &str) -> Option<String> {
    let at = page.find("data-step=\"")?;
    let rest = &page[at + 11..];
    Some(unescape(&rest[..rest.find('"')?]))
}

/// The questions a screen shows, in order.
fn questions(page: &str) -> Vec<String> {
    page.split("data-q=\"")
        .skip(1)
        .filter_map(|rest| rest.find('"').map(|end| unescape(&rest[..end])))
        .collect()
}

/// The part of a screen that shows question `q`.
fn fieldset<'a>(page: &'a str, q: &str) -> &'a str {
    let Some(at) = page.find(&format!("data-q=\"{}\"", encode_html(q))) else {
        return "";
    };
    let rest = &page[at..];
    &rest[..rest.find("</fieldset>").unwrap_or(rest.len())]
}

/// The carried fields of a page's form.
fn carried(page: &str) -> Vec<(String, String)> {
    ["form", "head", "answers", "screen"]
        .iter()
        .map(|n| (n.to_string(), input(page, n).unwrap_or_default()))
        .collect()
}

/// The field that answers question `q` with `value` on a page: the option of that value
/// when the page offers one, else what is typed into its box.
fn field_for(page: &str, q: &str, value: &str) -> (String, String) {
    let option = format!("value=\"={}\"", encode_html(value));
    let offered = page.contains(&format!("name=\"a.{}\" {option}", encode_html(q)))
        || (page.contains(&format!("<select name=\"a.{}\"", encode_html(q)))
            && page.contains(&format!("<option {option}")));
    if offered || !page.contains(&format!("name=\"t.{}\"", encode_html(q))) {
        (format!("a.{q}"), format!("={value}"))
    } else {
        (format!("t.{q}"), value.to_string())
    }
}

fn encode_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The first option a question offers, as a person picks one ("no" where it asks yes or
/// no), or its box left empty: (field, value).
fn first_option(page: &str, q: &str) -> Option<(String, String)> {
    let name = format!("name=\"a.{}\" value=\"", encode_html(q));
    if page.contains(&format!("{name}=no\"")) {
        return Some((format!("a.{q}"), "=no".to_string()));
    }
    if let Some(at) = page.find(&name) {
        let rest = &page[at + name.len()..];
        return Some((format!("a.{q}"), unescape(&rest[..rest.find('"')?])));
    }
    let Some(select) = page.find(&format!("<select name=\"a.{}\"", encode_html(q))) else {
        // A box left empty.
        return page
            .contains(&format!("name=\"t.{}\"", encode_html(q)))
            .then(|| (format!("t.{q}"), String::new()));
    };
    let rest = &page[select..];
    let at = rest.find("<option value=\"=")?;
    let rest = &rest[at + 15..];
    Some((format!("a.{q}"), unescape(&rest[..rest.find('"')?])))
}

/// The fields that answer, on `page`, every question shown that `answers` answers (the
/// one asked now with its first option when they do not), going on.
fn answered(page: &str, answers: &BTreeMap<&str, &str>) -> Vec<(String, String)> {
    let mut fields = carried(page);
    let open = step_of(page);
    for q in questions(page) {
        match answers.get(q.as_str()) {
            Some(value) => fields.push(field_for(page, &q, value)),
            None if open.as_deref() == Some(q.as_str()) => fields.extend(first_option(page, &q)),
            None => {}
        }
    }
    fields.push(("go".into(), "next".into()));
    fields
}

/// Answers each question the screens ask, from `answers` by question (else the first
/// option offered), until the preview; the questions asked, in order, and the preview.
fn fill(phone: &Phone, server: &Server, answers: &BTreeMap<&str, &str>) -> (Vec<String>, Answer) {
    let mut page = phone.get(server, "/log");
    let mut asked = Vec::new();
    for _ in 0..80 {
        assert!(page.status.is_success(), "{}", page.body);
        if !page.body.contains("class=\"screen\"") {
            return (asked, page);
        }
        asked.extend(step_of(&page.body));
        page = phone.post(server, "/log/step", &answered(&page.body, answers));
    }
    panic!("more than 80 posts: {asked:?}");
}

fn demo_answers() -> BTreeMap<&'static str, &'static str> {
    BTreeMap::from([
        ("date", "2026-11-30"),
        ("player-1", "Ann"),
        ("player-2", "Bo"),
        ("player-3", "Chidi"),
        ("player-4", ""),
        ("faction-1", "Enclave of the Bear"),
        ("faction-2", "Khan Industries"),
        ("faction-3", "Saharan Republic"),
        ("winner", "Ann"),
        ("scar-1", "no"),
        ("wear-1", "no"),
        ("result:Bo", "held-on"),
        ("result:Chidi", "eliminated"),
        ("note", "Logged from a phone"),
    ])
}

#[test]
fn a_whole_game_posted_screen_by_screen_is_logged_once_with_the_phones_name() {
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
    assert!(
        done.body.contains(r#"action="/api/games/17/photos""#),
        "the form that adds a photo of the game: {}",
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
fn a_refused_answer_is_said_beside_its_question_with_what_was_typed_and_nothing_written() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let phone = Phone::named("Bo's phone");
    let before = env.dump();
    let mut answers = demo_answers();
    answers.insert("date", "2027-13-40");
    let mut page = phone.get(&server, "/log");
    assert_eq!(step_of(&page.body).as_deref(), Some("date"));
    page = phone.post(&server, "/log/step", &answered(&page.body, &answers));
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.body
    );
    assert_eq!(step_of(&page.body).as_deref(), Some("date"), "asked again");
    assert!(page.body.contains("role=\"alert\""), "{}", page.body);
    assert_eq!(
        input(&page.body, "t.date").as_deref(),
        Some("2027-13-40"),
        "kept"
    );
    assert_eq!(env.dump(), before);
}

/// The demo's answers posted until question `id` shows (the first option where they give
/// none): the screen that shows it.
fn up_to(phone: &Phone, server: &Server, id: &str) -> Answer {
    let answers = demo_answers();
    let mut page = phone.get(server, "/log");
    for _ in 0..40 {
        if questions(&page.body).iter().any(|q| q == id) {
            return page;
        }
        page = phone.post(server, "/log/step", &answered(&page.body, &answers));
    }
    panic!(
        "{id} is never asked: {}",
        page.body.split("<form").nth(1).unwrap_or_default()
    );
}

/// A name typed into question `q`'s box on `page`, posted as the screen is filled in.
fn typed(phone: &Phone, server: &Server, page: &Answer, q: &str, text: &str) -> Answer {
    let mut fields = carried(&page.body);
    fields.extend([
        (format!("t.{q}"), text.to_string()),
        ("go".to_string(), "fill".to_string()),
    ]);
    phone.post(server, "/log/step", &fields)
}

/// Nothing that states a fact of the game is chosen for the person: "Who won?" shows with
/// no one chosen, and Next without an answer asks for one and records nothing.
#[test]
fn who_won_is_never_chosen_for_the_person() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let phone = Phone::named("Bo's phone");
    let page = up_to(&phone, &server, "winner");
    let winner = fieldset(&page.body, "winner");
    assert!(
        !winner.is_empty() && !winner.contains(" checked"),
        "{winner}"
    );
    let mut fields = carried(&page.body);
    fields.push(("go".to_string(), "next".to_string()));
    let again = phone.post(&server, "/log/step", &fields);
    assert_eq!(
        again.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        again.body
    );
    assert!(
        fieldset(&again.body, "winner").contains("This needs an answer to go on."),
        "{}",
        again.body
    );
    let answers = input(&again.body, "answers").unwrap_or_default();
    assert!(!answers.contains("winner"), "{answers}");
}

/// Back from the preview goes a screen at a time, every answer kept; Next from there goes
/// a screen at a time too, not past screens the person may have come back to check.
#[test]
fn back_and_next_go_a_screen_at_a_time_with_every_answer() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let phone = Phone::named("Bo's phone");
    let (_, preview) = fill(&phone, &server, &demo_answers());
    let answers = input(&preview.body, "answers").expect("the answers");
    let go = |page: &Answer, go: &str| {
        let mut fields = carried(&page.body);
        fields.push(("go".to_string(), go.to_string()));
        phone.post(&server, "/log/step", &fields)
    };
    let mut page = go(&preview, "back");
    let mut shown = Vec::new();
    for _ in 0..3 {
        shown.extend(input(&page.body, "screen"));
        assert_eq!(input(&page.body, "answers").as_ref(), Some(&answers));
        page = go(&page, "back");
    }
    assert_eq!(
        shown,
        ["3", "1", "0"],
        "the rewards screen has no question here"
    );
    let next = go(&page, "next");
    assert_eq!(next.status, StatusCode::OK, "{}", next.body);
    assert_eq!(input(&next.body, "screen").as_deref(), Some("1"));
    assert_eq!(input(&next.body, "answers").as_ref(), Some(&answers));
    // The phone's Back and forward (`go=to`): any screen up to the first with a question
    // without an answer; the preview once every question has one.
    let to = |page: &Answer, screen: &str| {
        let mut fields = carried(&page.body);
        fields.extend([
            ("go".to_string(), "to".to_string()),
            ("to".to_string(), screen.to_string()),
        ]);
        phone.post(&server, "/log/step", &fields)
    };
    let forward = to(&next, "4");
    assert!(forward.body.contains("id=\"confirm\""), "{}", forward.body);
    assert_eq!(input(&forward.body, "answers"), Some(answers));
    // Another phone's new form, nothing answered: no further than its first screen.
    let cy = Phone::named("Cy's phone");
    let fresh = cy.get(&server, "/log");
    let mut fields = carried(&fresh.body);
    fields.extend([
        ("go".to_string(), "to".to_string()),
        ("to".to_string(), "3".to_string()),
    ]);
    let capped = cy.post(&server, "/log/step", &fields);
    assert_eq!(input(&capped.body, "screen").as_deref(), Some("0"));
}

/// A territory typed on the phone is found as the flags find it: "e. aus" is Eastern
/// Australia, not Western; "us", either United States, is asked about, neither chosen.
#[test]
fn a_territory_typed_on_the_phone_is_the_one_the_flags_take() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let phone = Phone::named("Bo's phone");
    let page = up_to(&phone, &server, "hq-1");
    let asked = typed(&phone, &server, &page, "hq-1", "us");
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
    let hq = fieldset(&asked.body, "hq-1");
    assert!(hq.contains("could be any of these"), "{}", asked.body);
    let offered = |name: &str| hq.contains(&format!("name=\"a.hq-1\" value=\"={name}\">"));
    assert!(offered("Western United States") && offered("Eastern United States"));
    assert!(!hq.contains(" checked"), "{hq}");
    let taken = typed(&phone, &server, &page, "hq-1", "e. aus");
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
fn an_illegal_hq_is_refused_beside_the_hq_question() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let phone = Phone::named("Bo's phone");
    let before = env.dump();
    let page = up_to(&phone, &server, "hq-2");
    let refused = typed(&phone, &server, &page, "hq-2", "Peru");
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    let hq = fieldset(&refused.body, "hq-2");
    assert!(hq.contains("not a legal start"), "{}", refused.body);
    assert!(
        hq.contains("value=\"Peru\""),
        "what was typed is kept: {hq}"
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
    answers.insert("same-1", "yes");
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

/// The files a phone's unfinished games are kept in, beside the database.
fn kept_files(env: &TestEnv) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(env.dir())
        .expect("the folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.contains("-unfinished-phone-"))
        .collect();
    names.sort();
    names
}

/// A phone's answers are kept on the server after each screen: the form opened again (a
/// reload, Back then forward) is where it was, with every answer, for that phone only;
/// starting again is asked once, then discards them; the game written discards them too.
#[test]
fn a_phones_answers_are_kept_on_the_server_until_the_game_is_written() {
    let env = TestEnv::demo();
    let server = Server::new(&env, true);
    let (bo, cy) = (Phone::named("Bo's phone"), Phone::named("Cy's phone"));
    let before = env.dump();
    let page = up_to(&bo, &server, "winner");
    let answers = input(&page.body, "answers").expect("the answers");
    assert!(answers.contains("\"player-3\":\"Chidi\""), "{answers}");
    assert_eq!(kept_files(&env).len(), 1, "{:?}", kept_files(&env));
    let again = bo.get(&server, "/log");
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert_eq!(input(&again.body, "answers"), Some(answers.clone()));
    assert_eq!(input(&again.body, "form"), input(&page.body, "form"));
    assert_eq!(step_of(&again.body).as_deref(), Some("winner"));
    assert_eq!(
        input(&again.body, "screen"),
        input(&page.body, "screen"),
        "the same screen"
    );
    let other = cy.get(&server, "/log");
    assert_eq!(input(&other.body, "answers").as_deref(), Some("{}"));
    assert_eq!(env.dump(), before, "answers kept are not written");
    // Starting again is asked once; until the person is sure, the answers stay.
    let asked = bo.post(&server, "/log/again", &[]);
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
    assert!(asked.body.contains("Start again?"), "{}", asked.body);
    assert_eq!(
        input(&bo.get(&server, "/log").body, "answers"),
        Some(answers)
    );
    let sure = bo.post(&server, "/log/again", &[("sure".into(), "1".into())]);
    assert_eq!(sure.status, StatusCode::SEE_OTHER, "{}", sure.body);
    assert_eq!(
        input(&bo.get(&server, "/log").body, "answers").as_deref(),
        Some("{}")
    );
    assert!(kept_files(&env).is_empty(), "{:?}", kept_files(&env));
    // A game written leaves nothing kept.
    let (_, preview) = fill(&bo, &server, &demo_answers());
    assert_eq!(kept_files(&env).len(), 1);
    assert!(
        preview.body.contains("action=\"/log/again\""),
        "the preview offers to start again: {}",
        preview.body
    );
    let done = bo.post(&server, "/log/confirm", &carried(&preview.body));
    assert_eq!(done.status, StatusCode::CREATED, "{}", done.body);
    assert!(kept_files(&env).is_empty(), "{:?}", kept_files(&env));
    let next = bo.get(&server, "/log");
    assert!(next.body.contains("Game 18"), "{}", next.body);
}
