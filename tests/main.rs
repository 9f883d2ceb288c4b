//! chronicle's integration tests, in one test binary: each file beside this one is a module
//! of it (`cargo test --test main rules::` runs one). One binary links once and runs every
//! test on one pool of threads; the test at the end fails when a file under `tests/` is
//! not declared here, so that no test is silently left out.

// Tests are linted as the code is, but for these: a test reads as one transcript or one
// table of cases, however long; the numbers cast in tests are small counts, seeds and
// boxes; proptest's indexes are lent as they are kept in the cases; and the shared helpers
// of `common` are `pub` to the modules that use them.
#![allow(
    clippy::too_many_lines,
    clippy::trivially_copy_pass_by_ref,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    clippy::many_single_char_names,
    unreachable_pub
)]

mod architecture;
mod bad_input;
mod cli;
mod colour;
mod common;
mod completion_shells;
mod concurrent_reads;
mod conventions;
mod corrections;
mod csv_sheets;
mod database_paths;
mod documented;
mod entry_checks;
mod environment;
mod everyday_queries;
mod exports;
mod exports_bgstats;
mod exports_escaping;
mod file_reads;
mod file_writes;
mod free_text;
mod game_facts;
mod game_form;
mod game_sheet;
mod guided;
mod guided_budget;
mod guided_keys;
mod guided_night;
mod guided_slips;
mod help_examples;
mod html_render;
mod import_board;
mod import_limits;
mod invariants;
mod invisible_names;
mod list_names;
mod map_layout;
mod markdown_pandoc;
mod messages;
mod mutated_import;
mod names;
mod one_count;
mod open_cases;
mod photo_files;
mod photo_files_export;
mod photos;
mod progress;
mod queries;
mod read_only;
mod recap;
mod record_checks;
mod reference;
mod refusal_data;
mod reliability;
mod renames;
mod render;
mod rewrite_properties;
mod rewrites;
mod rules;
mod rules_rewrites;
mod rules_sealed_and_house;
mod schema_agrees;
mod schema_and_import;
mod schemas_strict;
mod sealed;
#[cfg(feature = "serve")]
mod serve;
#[cfg(feature = "serve")]
mod serve_device_names;
#[cfg(feature = "serve")]
mod serve_loopback_writes;
#[cfg(feature = "serve")]
mod serve_map;
#[cfg(feature = "serve")]
mod serve_phone;
mod serve_photos;
#[cfg(feature = "serve")]
mod serve_sealed;
#[cfg(feature = "serve")]
mod serve_time_limits;
#[cfg(feature = "serve")]
mod serve_write;
mod special_files;
mod spoilers;
mod story;
mod sync;
mod sync_crash;
mod sync_git;
mod sync_git_crash;
mod sync_git_safety;
mod sync_identity;
mod sync_never_silent;
mod sync_photos;
mod sync_poison;
mod sync_properties;
mod sync_resolve;
mod sync_restores;
mod sync_skew;
mod sync_unchanged;
mod terminal_width;
mod territory_add;
mod transcripts;
mod undo;

use std::path::{Path, PathBuf};

/// The modules a Rust file declares (`mod NAME;` or `pub mod NAME;`, one a line).
fn declared_modules(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file)
        .unwrap_or_else(|e| panic!("{} cannot be read: {e}", file.display()));
    text.lines()
        .filter_map(|line| {
            let line = line.trim();
            let line = line.strip_prefix("pub ").unwrap_or(line);
            let line = line.strip_prefix("pub(crate) ").unwrap_or(line);
            line.strip_prefix("mod ")?
                .strip_suffix(';')
                .map(|name| name.trim().to_string())
        })
        .collect()
}

/// Every `.rs` file under `dir`, at any depth.
fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the tests folder can be read") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

#[test]
fn every_file_under_tests_is_a_module_of_this_binary() {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut files = Vec::new();
    rust_files(&tests, &mut files);
    files.sort();
    let mut forgotten = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&tests).expect("under tests/");
        if relative == Path::new("main.rs") {
            continue;
        }
        // `a/mod.rs` is the module `a`, declared in the file of the folder holding `a`;
        // `a/b.rs` is the module `b`, declared in `a/mod.rs` or `a.rs`.
        let (name, folder) = if file.file_name().is_some_and(|n| n == "mod.rs") {
            let folder = file.parent().expect("a folder");
            (folder.file_name(), folder.parent().expect("a parent"))
        } else {
            (file.file_stem(), file.parent().expect("a folder"))
        };
        let name = name.expect("a name").to_string_lossy().into_owned();
        let parent = if folder == tests {
            tests.join("main.rs")
        } else if folder.join("mod.rs").is_file() {
            folder.join("mod.rs")
        } else {
            folder.with_extension("rs")
        };
        if !parent.is_file() || !declared_modules(&parent).contains(&name) {
            forgotten.push(format!(
                "{} (add `mod {name};` to {})",
                relative.display(),
                parent.strip_prefix(&tests).unwrap_or(&parent).display()
            ));
        }
    }
    assert!(
        forgotten.is_empty(),
        "files under tests/ that no test binary builds:\n{}",
        forgotten.join("\n")
    );
}
