//! `chronicle serve --allow-log` as a process on loopback: the logging address it prints,
//! scripts posting games against each other (each loser told with 409, none lost, none
//! twice), and a SIGKILL in the middle of confirms that leaves every confirmed game present
//! once and `check` clean.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use crate::common::TestEnv;

pub(crate) const KEY: &str = "loopbackk3yloopbackk3y";

/// `chronicle serve --allow-log` on loopback, any port: the process, the address, and the
/// logging address it printed.
pub(crate) fn serving(env: &TestEnv) -> (Child, String, String) {
    let mut child = env
        .process(&[
            "serve",
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--no-qr",
            "--allow-log",
        ])
        .env("CHRONICLE_SERVE_KEY", KEY)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chronicle serve starts");
    let mut lines = BufReader::new(child.stdout.take().expect("its stdout")).lines();
    let url = lines.next().expect("a line").expect("its first line");
    let logging = lines.next().expect("a line").expect("its second line");
    let authority = url
        .trim()
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    (child, authority, logging)
}

/// One request over a plain socket: the status and the body; none when the server is gone.
fn http(authority: &str, request: &str, body: &str) -> Option<(u16, String)> {
    let mut stream = TcpStream::connect(authority).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    write!(
        stream,
        "{request}Host: {authority}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    let mut text = String::new();
    stream.read_to_string(&mut text).ok()?;
    let (head, body) = text.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    Some((status, body.to_string()))
}

/// The head of the log, from `GET /api/head`.
fn head(authority: &str) -> Option<String> {
    let (_, body) = http(authority, "GET /api/head HTTP/1.1\r\n", "")?;
    let value: serde_json::Value = serde_json::from_str(&body).ok()?;
    value["head"].as_str().map(str::to_string)
}

const SHEET: &str = r#"{"date": "2026-11-28", "player": ["Ann=bear:won", "Bo=khan:held-on", "Chidi=saharan:eliminated"]}"#;

/// Posts the demo's next game as `device`, naming `head`: the status and the body.
fn post(authority: &str, head: &str, device: &str) -> Option<(u16, String)> {
    http(
        authority,
        &format!(
            "POST /api/games HTTP/1.1\r\nAuthorization: Bearer {KEY}\r\nIf-Match: \"{head}\"\r\nX-Chronicle-Device: {device}\r\nContent-Type: application/json\r\n"
        ),
        SHEET,
    )
}

/// Posters logging games against each other until `until`: the games each was told it
/// logged (201), and how many 409s they were told.
fn posters(authority: &str, count: usize, until: Instant) -> (Vec<u64>, usize) {
    std::thread::scope(|scope| {
        let threads: Vec<_> = (0..count)
            .map(|n| {
                scope.spawn(move || {
                    let (mut logged, mut lost) = (Vec::new(), 0);
                    while Instant::now() < until {
                        let Some(head) = head(authority) else { break };
                        match post(authority, &head, &format!("phone {n}")) {
                            Some((201, body)) => {
                                let game: serde_json::Value =
                                    serde_json::from_str(&body).expect("the game");
                                logged.push(game["game"].as_u64().expect("its number"));
                            }
                            Some((409, _)) => lost += 1,
                            Some((status, body)) => panic!("{status}: {body}"),
                            None => break,
                        }
                    }
                    (logged, lost)
                })
            })
            .collect();
        threads
            .into_iter()
            .map(|t| t.join().expect("a poster"))
            .fold((Vec::new(), 0), |(mut all, lost), (mine, l)| {
                all.extend(mine);
                (all, lost + l)
            })
    })
}

fn games(env: &TestEnv) -> Vec<u64> {
    let list = env.json(&["game", "list", "--format", "json"]);
    list["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["game"].as_u64().expect("a number"))
        .collect()
}

#[test]
fn the_logging_address_carries_the_key_and_only_it_writes() {
    let env = TestEnv::demo();
    let (mut child, authority, logging) = serving(&env);
    assert_eq!(
        logging,
        format!("Log a game: http://{authority}/log?key={KEY}")
    );
    let head = head(&authority).expect("the head");
    let refused = http(
        &authority,
        &format!("POST /api/games HTTP/1.1\r\nIf-Match: \"{head}\"\r\n"),
        SHEET,
    );
    assert_eq!(refused.map(|(s, _)| s), Some(403));
    let (status, body) = post(&authority, &head, "script").expect("an answer");
    assert_eq!(status, 201, "{body}");
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(games(&env).len(), 17);
}

#[test]
fn five_posters_for_a_bounded_time_lose_nothing_and_log_nothing_twice() {
    let env = TestEnv::demo();
    let (mut child, authority, _) = serving(&env);
    let (logged, lost) = posters(&authority, 5, Instant::now() + Duration::from_secs(4));
    let _ = child.kill();
    let _ = child.wait();
    let mut sorted = logged.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), logged.len(), "no game told twice: {logged:?}");
    let all = games(&env);
    assert_eq!(
        all.len(),
        16 + logged.len(),
        "every 201 is a game, and no other"
    );
    assert!(logged.iter().all(|g| all.contains(g)));
    assert!(lost > 0 || logged.len() < 2, "losers are told with 409");
    env.ok(&["check"]);
}

#[test]
fn a_sigkill_during_confirms_leaves_every_confirmed_game_once_and_check_clean() {
    let env = TestEnv::demo();
    let (mut child, authority, _) = serving(&env);
    let pid = child.id();
    let killer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(1500));
        let _ = std::process::Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
    });
    let (logged, _) = posters(&authority, 3, Instant::now() + Duration::from_secs(10));
    killer.join().expect("the killer");
    let _ = child.wait();
    let all = games(&env);
    assert!(
        !logged.is_empty(),
        "some games were confirmed before the kill"
    );
    assert!(
        logged.iter().all(|g| all.contains(g)),
        "{logged:?} in {all:?}"
    );
    assert!(
        all.len() >= 16 + logged.len(),
        "every confirmed game is there"
    );
    let numbers: Vec<u64> = (1..=all.len() as u64).collect();
    assert_eq!(all, numbers, "each game once, in order");
    env.ok(&["check"]);
}
