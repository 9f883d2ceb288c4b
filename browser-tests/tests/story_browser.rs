//! `chronicle story`'s page in a real browser: headless Chromium opens the demo's story as a
//! phone (390 × 844) and nothing scrolls sideways, every chapter is there with its map; then
//! Chromium prints it to PDF on A4, and there is a page at least for each chapter (each
//! starts a page). Skipped, with a notice, where Chromium or its driver is missing.

use std::process::Command;

use crate::common::{TestEnv, skipped};
use crate::serve_browser::{browser, chromedriver, program, runtime, widths};

/// The demo's games: one chapter each.
const CHAPTERS: usize = 16;

#[test]
fn the_story_fits_a_phone_and_prints_a_page_per_chapter() {
    let (Some(driver), Some(chromium)) = (
        program(&["chromedriver", "chromium-driver"]),
        program(&["chromium", "chromium-browser"]),
    ) else {
        skipped("Chromium or chromium-driver is not installed: the story's browser test");
        return;
    };
    let env = TestEnv::demo();
    let folder = tempfile::tempdir().expect("a folder for the page");
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
}
