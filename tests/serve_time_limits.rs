//! `chronicle serve` on 127.0.0.1 closes a connection that sends no request, half a
//! request's head, or half a body and then nothing, within its time limit (ten seconds), and
//! keeps the event stream, which is an answer being sent, open past it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::Child;
use std::time::{Duration, Instant};

use crate::common::TestEnv;
use crate::serve::stop;

/// The time limit on a request's head, and the longest any test here waits past it.
const LIMIT: Duration = Duration::from_secs(10);
const GRACE: Duration = Duration::from_secs(10);
/// The least time a closed connection was held: the limit, less a second of timers' slack.
const AT_LEAST: Duration = Duration::from_secs(9);

/// `chronicle serve` on loopback, any port: the process and the host and port it printed.
fn serving(env: &TestEnv) -> (Child, String) {
    let (child, url) = crate::serve::serving(env, &[]);
    (child, crate::serve::authority(&url))
}

/// A connection that has sent `sent`, read until the server closes it: what it answered
/// and when it closed, counted from the connection.
fn held_open(authority: &str, sent: &str) -> (String, Duration) {
    let opened = Instant::now();
    let mut stream = TcpStream::connect(authority).expect("a connection");
    stream
        .set_read_timeout(Some(LIMIT + GRACE))
        .expect("a timeout");
    stream.write_all(sent.as_bytes()).expect("sent");
    let mut answer = Vec::new();
    let read = stream.read_to_end(&mut answer);
    let closed = opened.elapsed();
    if let Err(e) = read {
        assert!(
            !matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ),
            "still open after {closed:?}"
        );
    }
    (String::from_utf8_lossy(&answer).to_string(), closed)
}

#[test]
fn an_idle_or_half_sent_request_is_closed_after_the_time_limit() {
    let env = TestEnv::demo();
    let (child, authority) = serving(&env);
    let half = format!("GET / HTTP/1.1\r\nHost: {authority}\r\nAccept: text/h");
    let idle = std::thread::spawn({
        let authority = authority.clone();
        move || held_open(&authority, "")
    });
    let (answer, closed) = held_open(&authority, &half);
    assert!(!answer.contains("200 OK"), "{answer}");
    assert!(closed >= AT_LEAST, "closed after {closed:?}");
    assert!(closed < LIMIT + GRACE, "closed after {closed:?}");
    let (answer, closed) = idle.join().expect("the idle connection");
    assert!(answer.is_empty() || !answer.contains("200 OK"), "{answer}");
    assert!(closed >= AT_LEAST, "closed after {closed:?}");

    // A whole request is answered as ever.
    let whole = format!("GET /api/head HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
    let (answer, _) = held_open(&authority, &whole);
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    stop(child);
}

#[test]
fn the_event_stream_stays_open_past_the_time_limit() {
    let env = TestEnv::demo();
    let (child, authority) = serving(&env);
    let mut events = TcpStream::connect(&authority).expect("a connection");
    events
        .set_read_timeout(Some(LIMIT + GRACE))
        .expect("a timeout");
    write!(events, "GET /events HTTP/1.1\r\nHost: {authority}\r\n\r\n").expect("asked");
    let mut reader = BufReader::new(events);
    let read_head = |reader: &mut BufReader<TcpStream>| -> String {
        let mut line = String::new();
        loop {
            line.clear();
            let read = reader.read_line(&mut line).expect("an event line");
            assert!(read > 0, "the stream was closed");
            if let Some(data) = line.strip_prefix("data: ") {
                return data.trim().to_string();
            }
        }
    };
    let first = read_head(&mut reader);
    std::thread::sleep(LIMIT + Duration::from_secs(2));
    env.ok(&["game", "undo", "--yes"]);
    let moved = read_head(&mut reader);
    assert_ne!(moved, first, "the stream says the new head");
    stop(child);
}

#[test]
fn a_body_that_stops_coming_is_given_up_after_the_time_limit_and_nothing_is_written() {
    use crate::serve_loopback_writes::{KEY, serving};
    let env = TestEnv::demo();
    let before = env.ok(&["history", "--format", "json"]).stdout;
    let (child, authority, _) = serving(&env);
    // A photo's post with the key, its length said, a tenth of it sent, then silence.
    let head = format!(
        "POST /api/games/7/photos HTTP/1.1\r\nHost: {authority}\r\nAuthorization: Bearer {KEY}\r\nContent-Type: image/jpeg\r\nContent-Length: 100000\r\n\r\n"
    );
    let sent = format!("{head}{}", "x".repeat(10_000));
    let (answer, closed) = held_open(&authority, &sent);
    assert!(!answer.contains(" 201 "), "{answer}");
    assert!(closed >= AT_LEAST, "closed after {closed:?}");
    assert!(closed < LIMIT + GRACE, "closed after {closed:?}");
    stop(child);
    assert_eq!(env.ok(&["history", "--format", "json"]).stdout, before);
}
