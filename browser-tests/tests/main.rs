//! The served pages in a real browser: headless Chromium driven through WebDriver, against
//! `chronicle serve` on 127.0.0.1. One test binary; each file beside this one is a module of
//! it (`cargo test -p chronicle-browser-tests`). Each test skips, with a notice, where
//! Chromium or its driver is missing.

// Linted as the code is, but a test reads as one walk through the pages, however long.
#![allow(clippy::too_many_lines)]

mod common;
mod serve_browser;
mod serve_browser_kept;
mod serve_browser_log;
mod serve_browser_offline;
mod serve_browser_phone;
mod serve_browser_photo;
mod serve_browser_plain;
mod serve_browser_tv;
mod story_browser;
