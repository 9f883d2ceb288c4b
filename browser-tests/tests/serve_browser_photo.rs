//! A photo added from a phone in a real browser (headless Chromium as a phone, 390 × 844):
//! the logging address opened and the phone named, game 7's page shows the form to its
//! key's holder; a JPEG picked through the file input, a caption typed, the form sent; the
//! game's page then shows the photo, drawn (`naturalWidth > 0`), at most as wide as the
//! screen, with its caption and the phone it came from. Skipped, with a notice, where
//! Chromium or its driver is missing.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};

use crate::common::TestEnv;
use crate::serve_browser::{browser, chromedriver, chromium, runtime, shows, widths};
use crate::serve_browser_log::{named, serve};

/// A photo as a phone's camera takes one, 1200 × 900 (larger than a phone's screen).
fn photo() -> Vec<u8> {
    let picture = RgbImage::from_fn(1200, 900, |x, y| {
        if x < 300 && y < 225 {
            Rgb([200, 30, 30])
        } else {
            let v = 80 + ((x * 3 + y * 7) % 90) as u8;
            Rgb([v, v, v])
        }
    });
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, 90)
        .encode_image(&picture)
        .expect("a JPEG");
    out
}

/// Waits (at most `within`) until the photo on the page is drawn; its drawn width and
/// its width on the screen.
async fn drawn(client: &Client, within: Duration) -> (u64, u64) {
    let started = Instant::now();
    loop {
        let value = client
            .execute(
                "var i=document.querySelector('figure.photo img');return i&&i.complete&&i.naturalWidth>0?[i.naturalWidth,Math.round(i.getBoundingClientRect().width)]:null;",
                Vec::new(),
            )
            .await
            .expect("the script runs");
        if let Some(sizes) = value.as_array() {
            let n = |i: usize| sizes[i].as_u64().expect("a width");
            return (n(0), n(1));
        }
        assert!(
            started.elapsed() < within,
            "no photo was drawn within {within:?} on {:?}",
            client.current_url().await.map(|u| u.to_string())
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[test]
fn a_phone_picks_a_photo_of_a_game_and_its_page_then_shows_it() {
    let Some(driver) = chromium("the browser test") else {
        return;
    };
    let env = TestEnv::demo();
    let picked = tempfile::Builder::new()
        .prefix("IMG_")
        .suffix(".jpg")
        .tempfile()
        .expect("a file");
    std::fs::write(picked.path(), photo()).expect("the photo");
    let (_server, url) = serve(&env);
    let (_driver, driver_port) = chromedriver(&driver);
    runtime().block_on(async {
        let phone = browser(&format!("http://127.0.0.1:{driver_port}"), true).await;
        named(&phone, &url).await;
        phone
            .goto(&format!("{url}/games/7"))
            .await
            .expect("game 7's page");
        shows(&phone, "Add a photo of game 7", Duration::from_secs(5)).await;
        let input = phone
            .find(Locator::Css("form.photo input[type=file]"))
            .await
            .expect("the file input");
        input
            .send_keys(picked.path().to_str().expect("a UTF-8 path"))
            .await
            .expect("the photo picked");
        let caption = phone
            .find(Locator::Css("form.photo input[name=caption]"))
            .await
            .expect("the caption box");
        caption
            .send_keys("Europe after game 7")
            .await
            .expect("typed");
        phone
            .find(Locator::Css("form.photo button[type=submit]"))
            .await
            .expect("the button")
            .click()
            .await
            .expect("sent");
        let (natural, shown) = drawn(&phone, Duration::from_secs(10)).await;
        let at = phone.current_url().await.expect("an address").to_string();
        assert!(
            at.starts_with(&format!("{url}/games/7#photo-")),
            "the form led to {at}"
        );
        // The copy is the photo at its size (no larger than 1,600 px), drawn within the
        // screen.
        assert_eq!(natural, 1200);
        let (page, window) = widths(&phone).await;
        assert!(shown <= window && page <= window, "{shown} {page} {window}");
        shows(&phone, "Europe after game 7", Duration::from_secs(2)).await;
        shows(&phone, "Added on Bo's phone.", Duration::from_secs(2)).await;
        let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-screenshots");
        std::fs::create_dir_all(&shots).expect("a folder for screenshots");
        let png = phone.screenshot().await.expect("a screenshot");
        std::fs::write(shots.join("phone-game-photo.png"), png).expect("the screenshot kept");
        phone.close().await.expect("closed");
    });
    let listed = env.json(&["game", "photo", "list", "7", "--format", "json"]);
    assert_eq!(listed["photos"][0]["caption"], "Europe after game 7");
    assert_eq!(listed["photos"][0]["logged_by"], "Bo's phone");
}
