//! The HTML and SVG exports of the demo, drawn by a real browser where one is installed:
//! Chromium, headless, takes a screenshot, and the picture must not be blank. Without
//! /usr/bin/chromium the exports are still written and checked as text, and the screenshots
//! are skipped with a note.

use std::collections::BTreeSet;
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::TestEnv;

const CHROMIUM: &str = "/usr/bin/chromium";

/// Builds the demo in its own database and exports it in this format to `file`.
fn export_demo(env: &TestEnv, format: &str, file: &str) -> PathBuf {
    let db = env.dir().join("demo.db");
    let db = db.to_str().expect("the temporary path is UTF-8");
    env.ok(&["demo", "--db", db]);
    let out = env.dir().join(file);
    let path = out.to_str().expect("the temporary path is UTF-8");
    env.ok(&["--db", db, "export", "--format", format, "-o", path]);
    out
}

/// Chromium's screenshot of a file, or None (with a note) where Chromium is not installed.
fn screenshot(page: &Path, png: &Path, size: &str) -> Option<()> {
    if !Path::new(CHROMIUM).exists() {
        println!(
            "note: {CHROMIUM} is not installed; the screenshot of {} is skipped",
            page.display()
        );
        return None;
    }
    let profile = tempfile::tempdir().expect("a temporary browser profile");
    let mut child = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
        ])
        .args([
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("--window-size={size}"))
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let started = Instant::now();
    while child
        .try_wait()
        .expect("chromium can be waited for")
        .is_none()
    {
        if started.elapsed() > Duration::from_secs(180) {
            let _ = child.kill();
            panic!("chromium took more than three minutes to take a screenshot");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        png.exists(),
        "chromium wrote no screenshot of {}",
        page.display()
    );
    Some(())
}

/// The share of pixels that are not (near) white, and how many colours the picture has.
fn ink(png: &Path) -> (f64, usize) {
    let file = BufReader::new(File::open(png).expect("the screenshot opens"));
    let mut decoder = png::Decoder::new(file);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("the screenshot is a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader
        .next_frame(&mut pixels)
        .expect("the screenshot decodes");
    let samples = info.color_type.samples();
    let (mut inked, mut colours, mut count) = (0usize, BTreeSet::new(), 0usize);
    for pixel in pixels[..info.buffer_size()].chunks_exact(samples) {
        let rgb = match samples {
            1 | 2 => [pixel[0]; 3],
            _ => [pixel[0], pixel[1], pixel[2]],
        };
        count += 1;
        inked += usize::from(rgb.iter().any(|&c| c < 235));
        colours.insert(rgb.map(|c| c >> 3));
    }
    (inked as f64 / count.max(1) as f64, colours.len())
}

#[test]
fn the_demo_page_is_drawn_by_a_browser() {
    let env = TestEnv::new();
    let page = export_demo(&env, "html", "page.html");
    let html = std::fs::read_to_string(&page).expect("the page is written");
    assert!(html.contains("<svg") && !html.contains("<script"));
    let png = env.dir().join("page.png");
    if screenshot(&page, &png, "1280,2000").is_none() {
        return;
    }
    let (share, colours) = ink(&png);
    println!("{png:?}: {:.1}% inked, {colours} colours", share * 100.0);
    assert!(
        share > 0.15,
        "the page looks blank: {:.1}% inked",
        share * 100.0
    );
    assert!(colours >= 24, "the page has only {colours} colours");
}

#[test]
fn the_demo_map_is_drawn_by_a_browser() {
    let env = TestEnv::new();
    let map = export_demo(&env, "svg", "map.svg");
    let svg = std::fs::read_to_string(&map).expect("the map is written");
    assert!(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    let png = env.dir().join("map.png");
    if screenshot(&map, &png, "1288,1010").is_none() {
        return;
    }
    let (share, colours) = ink(&png);
    println!("{png:?}: {:.1}% inked, {colours} colours", share * 100.0);
    assert!(
        share > 0.5,
        "the map looks blank: {:.1}% inked",
        share * 100.0
    );
    assert!(colours >= 24, "the map has only {colours} colours");
}
