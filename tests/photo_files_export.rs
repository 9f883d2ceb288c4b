//! Photos in the campaign file: `export --format json --photos DIR` writes each image the
//! file's photos name as `DIR/<sha256>.<ext>` (copies, originals, and a removed photo's,
//! which `undo` brings back); `import FILE --photos DIR` reads them back into a new
//! database with the same bytes; a file that is not the image its name says refuses the
//! import, named, with nothing written; a file missing is a photo not here yet.

use std::path::{Path, PathBuf};

use crate::common::TestEnv;
use crate::photo_files::{jpeg, png};

/// Adds a photo of `game` made of `bytes` (with `args`); its id.
fn add_photo(env: &TestEnv, game: &str, name: &str, bytes: &[u8], args: &[&str]) -> String {
    let path = env.dir().join(name);
    std::fs::write(&path, bytes).expect("the photo's file");
    let mut all = vec!["game", "photo", "add", game, path.to_str().unwrap()];
    all.extend_from_slice(args);
    env.ok(&all);
    let listed = env.json(&["game", "photo", "list", game, "--format", "json"]);
    listed["photos"].as_array().unwrap().last().unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The bytes `game photo show ID [--original]` writes.
fn shown(env: &TestEnv, id: &str, original: bool) -> Vec<u8> {
    let out = env.dir().join(format!("shown-{id}-{original}"));
    let mut args = vec!["game", "photo", "show", id, "-o", out.to_str().unwrap()];
    if original {
        args.push("--original");
    }
    env.ok(&args);
    std::fs::read(out).expect("the photo shown")
}

/// The demo with a photo of game 7 (its original kept) and one of game 16 removed; the
/// campaign file and the photo folder it was exported with, and the two photos' ids.
fn exported(env: &TestEnv) -> (PathBuf, PathBuf, String, String) {
    let kept = add_photo(
        env,
        "7",
        "board.png",
        &png(2000, 1000),
        &["--keep-original"],
    );
    let removed = add_photo(env, "16", "table.jpg", &jpeg(600, 400), &[]);
    env.ok(&["game", "photo", "remove", &removed, "--reason", "blurred"]);
    let file = env.dir().join("campaign.json");
    let folder = env.dir().join("photos");
    let (file_arg, folder_arg) = (file.to_str().unwrap(), folder.to_str().unwrap());
    env.test()
        .args(["export", "--format", "json", "-o", file_arg])
        .args(["--photos", folder_arg])
        .stderr_has("Wrote 3 photo files in")
        .run();
    (file, folder, kept, removed)
}

/// The files of a folder, by name.
fn names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .expect("the folder")
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

#[test]
fn photos_travel_beside_the_campaign_file_and_come_back_the_same() {
    let env = TestEnv::demo();
    let (file, folder, kept, removed) = exported(&env);
    // Each file is named by its bytes' hash: the copy and original of one photo, the copy
    // of the one removed.
    let written = names(&folder);
    assert_eq!(written.len(), 3, "{written:?}");
    for name in &written {
        let (hash, extension) = name.split_once('.').unwrap();
        let bytes = std::fs::read(folder.join(name)).unwrap();
        assert_eq!(chronicle::store::sha256(&bytes), hash);
        assert!(["jpg", "png"].contains(&extension), "{name}");
    }
    let text = std::fs::read_to_string(&file).unwrap();
    for name in &written {
        let hash = name.split('.').next().unwrap();
        assert!(text.contains(hash), "the campaign file names {name}");
    }

    let elsewhere = TestEnv::new();
    elsewhere
        .test()
        .args(["import", file.to_str().unwrap()])
        .args(["--photos", folder.to_str().unwrap()])
        .stderr_has("Kept 3 photo files from")
        .stderr_lacks("not here yet")
        .run();
    assert_eq!(shown(&elsewhere, &kept, false), shown(&env, &kept, false));
    assert_eq!(shown(&elsewhere, &kept, true), shown(&env, &kept, true));
    let listed = elsewhere.json(&["game", "photo", "list", "--format", "json"]);
    assert_eq!(listed["photos"].as_array().unwrap().len(), 1);
    assert_eq!(listed["photos"][0]["here"], true);
    // The photo removed comes back with `undo`, its bytes here too.
    elsewhere.ok(&["undo", "--yes"]);
    env.ok(&["undo", "--yes"]);
    assert_eq!(
        shown(&elsewhere, &removed, false),
        shown(&env, &removed, false)
    );
}

#[test]
fn a_tampered_photo_file_refuses_the_import_and_is_named() {
    let env = TestEnv::demo();
    let (file, folder, kept, _) = exported(&env);
    let listed = env.json(&["game", "photo", "list", "7", "--format", "json"]);
    let copy = format!(
        "{}.jpg",
        listed["photos"][0]["copy"]["sha256"].as_str().unwrap()
    );
    let mut bytes = std::fs::read(folder.join(&copy)).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x55;
    std::fs::write(folder.join(&copy), &bytes).unwrap();

    let elsewhere = TestEnv::demo();
    elsewhere
        .test()
        .args(["import", file.to_str().unwrap(), "--as", "Copy"])
        .args(["--photos", folder.to_str().unwrap()])
        .status(1)
        .stderr_has("A photo file is not the image the campaign file names")
        .stderr_has(&copy)
        .stderr_has("nothing was imported")
        .writes_nothing()
        .run();
    elsewhere.run_expect(1, &["game", "photo", "show", &kept, "-o", "x.jpg"]);
}

#[test]
fn a_photo_file_missing_is_a_photo_not_here_yet() {
    let env = TestEnv::demo();
    let (file, folder, kept, _) = exported(&env);
    let listed = env.json(&["game", "photo", "list", "7", "--format", "json"]);
    let copy = format!(
        "{}.jpg",
        listed["photos"][0]["copy"]["sha256"].as_str().unwrap()
    );
    std::fs::remove_file(folder.join(&copy)).unwrap();

    let elsewhere = TestEnv::new();
    elsewhere
        .test()
        .args(["import", file.to_str().unwrap()])
        .args(["--photos", folder.to_str().unwrap()])
        .stderr_has("Kept 2 photo files from")
        .stderr_has("1 photo file is not here yet")
        .stderr_has(&copy)
        .run();
    let listed = elsewhere.json(&["game", "photo", "list", "--format", "json"]);
    assert_eq!(listed["photos"][0]["id"], kept.as_str());
    assert_eq!(listed["photos"][0]["here"], false);
    // Its original came, and is shown.
    assert_eq!(shown(&elsewhere, &kept, true), shown(&env, &kept, true));
}

#[test]
fn photo_files_go_with_the_campaign_file_only() {
    let env = TestEnv::demo();
    env.test()
        .args(["export", "--format", "md", "--photos", "photos"])
        .status(2)
        .stderr_has("--photos writes the photo files beside the campaign file")
        .writes_nothing()
        .run();
    assert!(!env.dir().join("photos").exists());
}
