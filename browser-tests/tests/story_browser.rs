//! `chronicle story`'s page in a real browser: headless Chromium opens the demo's story, with
//! two photos of games, as a phone (390 × 844) and nothing scrolls sideways, every chapter
//! is there with its map, and each photo shows (from inside the page) no wider than the
//! phone; then Chromium prints it to PDF on A4, and there is a page at least for each
//! chapter (each starts a page) and the photos are printed. Skipped, with a notice, where
//! Chromium or its driver is missing.

use std::process::Command;

use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};

use crate::common::{TestEnv, skipped};
use crate::serve_browser::{browser, chromedriver, program, runtime, widths};

/// The demo's games: one chapter each.
const CHAPTERS: usize = 16;

/// A photo of `width`×`height` pixels, as a JPEG, with some texture.
fn photo(width: u32, height: u32) -> Vec<u8> {
    let picture = RgbImage::from_fn(width, height, |x, y| {
        let v = 80 + u8::try_from((x * 7 + y * 13) % 90).expect("below 90");
        Rgb([v, v / 2, 200 - v])
    });
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, 85)
        .encode_image(&picture)
        .expect("a JPEG");
    out
}

/// Adds a photo of `game`, `width` pixels wide, to the campaign.
fn add_photo(env: &TestEnv, folder: &std::path::Path, game: &str, width: u32) {
    let path = folder.join(format!("photo-of-{game}.jpg"));
    std::fs::write(&path, photo(width, width * 2 / 3)).expect("the photo's file");
    let path = path.to_str().expect("a UTF-8 path");
    env.ok(&["game", "photo", "add", game, path, "--caption", "The board"]);
}

#[test]
fn the_story_with_photos_fits_a_phone_and_prints_a_page_per_chapter() {
    let (Some(driver), Some(chromium)) = (
        program(&["chromedriver", "chromium-driver"]),
        program(&["chromium", "chromium-browser"]),
    ) else {
        skipped("Chromium or chromium-driver is not installed: the story's browser test");
        return;
    };
    let env = TestEnv::demo();
    let folder = tempfile::tempdir().expect("a folder for the page");
    add_photo(&env, folder.path(), "3", 1600);
    add_photo(&env, folder.path(), "16", 900);
    let page = folder.path().join("story.html");
    std::fs::write(&page, env.ok(&["story", "-o", "-"])).expect("the page is written");
    let url = format!("file://{}", page.display());
    let (_driver, driver_port) = chromedriver(&driver);
    let runtime = runtime();
    runtime.block_on(async {
        let client = browser(&format!("http://127.0.0.1:{driver_port}"), true).await;
        client.goto(&url).await.expect("the story opens");
        let (wide, window) = widths(&client).await;
        assert!(wide <= window, "the story is {wide} wide at {window}");
        let counted = client
            .execute(
                "return [document.querySelectorAll('section.chapter').length, \
                 document.querySelectorAll('section.chapter figure.map svg').length];",
                Vec::new(),
            )
            .await
            .expect("the chapters counted");
        assert_eq!(counted, serde_json::json!([CHAPTERS, CHAPTERS]));
        // Each photo, scrolled to in turn, is decoded from the page and fits the window.
        let mut photos = Vec::new();
        for index in 0..2 {
            let measure = format!(
                "const img = document.querySelectorAll('figure.photo img')[{index}];
                 img.scrollIntoView();
                 return [img.complete ? img.naturalWidth : 0,
                   Math.ceil(img.getBoundingClientRect().width), window.innerWidth];"
            );
            let mut photo = serde_json::Value::Null;
            for _ in 0..50 {
                photo = client
                    .execute(&measure, Vec::new())
                    .await
                    .expect("the photo measured");
                if photo[0].as_u64().is_some_and(|w| w > 0) {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            }
            photos.push(photo);
        }
        let count = client
            .execute(
                "return document.querySelectorAll('figure.photo img').length;",
                Vec::new(),
            )
            .await
            .expect("the photos counted");
        assert_eq!(count, serde_json::json!(2));
        for (photo, natural) in photos.iter().zip([1600, 900]) {
            let n = |i: usize| photo[i].as_u64().expect("a width");
            assert_eq!(n(0), natural, "the photo is decoded whole");
            assert!(n(1) <= n(2), "a photo {} wide in a window {}", n(1), n(2));
        }
        let (wide, window) = widths(&client).await;
        assert!(
            wide <= window,
            "with its photos, the story is {wide} wide at {window}"
        );
        client.close().await.expect("the browser closes");
    });
    let pdf = folder.path().join("story.pdf");
    let printed = Command::new(&chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
            &format!("--print-to-pdf={}", pdf.display()),
            &url,
        ])
        .output()
        .expect("chromium prints");
    assert!(printed.status.success(), "chromium --print-to-pdf failed");
    let bytes = std::fs::read(&pdf).expect("the PDF is written");
    let text = String::from_utf8_lossy(&bytes);
    let pages = text.matches("/Type /Page").count() - text.matches("/Type /Pages").count();
    assert!(
        pages > CHAPTERS,
        "{pages} pages for a title page and {CHAPTERS} chapters"
    );
    let images = text.matches("/Subtype /Image").count();
    assert!(images >= 2, "{images} images printed for 2 photos");
}
