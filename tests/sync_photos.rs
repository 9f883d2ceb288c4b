//! Photos travel with sync: the images of the photos in the log go through the shared
//! folder's `photos/<sha256>.jpg` (and a git clone's), each device ending with the same
//! bytes; an image no device has shared yet is "not here yet"; a file whose bytes are not
//! what its name says is refused, named and left where it is; and only the files a device
//! needs are read.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::group::{Group, SHARED};
use crate::common::skipped as notice;
use crate::photo_files::{jpeg, png};
use crate::sync_git::{git, has_git, status, two_clones};

/// Adds a photo of game 7 on `device` from the image `bytes` written to `name` (its
/// original kept too with `original`); returns the photo as `game photo list` names it.
fn add_photo(group: &Group, device: &str, name: &str, bytes: &[u8], original: bool) -> Value {
    let path = group.env.dir().join(name);
    std::fs::write(&path, bytes).expect("the photo's file");
    let mut args = vec!["game", "photo", "add", "7", path.to_str().unwrap()];
    if original {
        args.push("--keep-original");
    }
    group.ok(device, &args);
    photos(group, device).pop().expect("the photo added")
}

/// The photos of the log on `device`, as `game photo list --format json` gives them.
fn photos(group: &Group, device: &str) -> Vec<Value> {
    group
        .ok(device, &["game", "photo", "list", "--format", "json"])
        .json()["photos"]
        .as_array()
        .expect("a list")
        .clone()
}

/// The bytes `game photo show ID -o FILE` writes on `device` (the original with
/// `original`), as their SHA-256.
fn shown(group: &Group, device: &str, id: &str, original: bool) -> String {
    let out = group
        .env
        .dir()
        .join(format!("{device}-{id}-{original}.out"));
    let out_arg = out.to_str().unwrap().to_string();
    let mut args = vec!["game", "photo", "show", id, "-o", out_arg.as_str()];
    if original {
        args.push("--original");
    }
    group.ok(device, &args);
    chronicle::store::sha256(&std::fs::read(&out).expect("the photo shown"))
}

/// The file of an image in the shared folder at `dir`, as the photo's view names it.
fn image_file(dir: &Path, image: &Value) -> PathBuf {
    let sha = image["sha256"].as_str().unwrap();
    let extension = match image["media_type"].as_str().unwrap() {
        "image/png" => "png",
        "image/webp" => "webp",
        _ => "jpg",
    };
    dir.join("photos").join(format!("{sha}.{extension}"))
}

fn shared(group: &Group) -> PathBuf {
    group.env.dir().join(SHARED)
}

#[test]
fn two_devices_through_a_folder_end_with_the_same_photo_bytes() {
    let group = Group::demo(&["laptop", "phone"]);
    // Wider than a copy may be: the copy and the original are two images.
    let photo = add_photo(&group, "laptop", "board.jpg", &jpeg(2000, 1000), true);
    let id = photo["id"].as_str().unwrap();
    let went = group.sync(0, "laptop");
    assert_eq!(went[0]["photos"]["sent"], 2, "{went:#}");
    for image in [&photo["copy"], &photo["original"]] {
        assert!(image_file(&shared(&group), image).is_file());
    }

    let status = group
        .ok("phone", &["sync", "status", SHARED, "--format", "json"])
        .json();
    assert_eq!(status[0]["photos"]["received"], 2, "{status:#}");
    let came = group.sync(0, "phone");
    assert_eq!(came[0]["photos"]["received"], 2, "{came:#}");
    assert_eq!(came[0]["photos"]["not_here"], 0);
    assert_eq!(came[0]["photos"]["refused"], serde_json::json!([]));

    let on_phone = photos(&group, "phone");
    assert_eq!(on_phone.len(), 1);
    assert_eq!(on_phone[0]["here"], true);
    assert_eq!(on_phone[0]["copy"], photo["copy"]);
    for original in [false, true] {
        let laptop = shown(&group, "laptop", id, original);
        assert_eq!(laptop, shown(&group, "phone", id, original));
        let named = if original { "original" } else { "copy" };
        assert_eq!(laptop, photo[named]["sha256"].as_str().unwrap());
    }

    // Nothing left to do: both say so, and exit 0.
    for device in ["laptop", "phone", "laptop"] {
        let again = group.sync(0, device);
        assert_eq!(again[0]["photos"]["received"], 0, "{again:#}");
        assert_eq!(again[0]["photos"]["sent"], 0, "{again:#}");
    }
    let text = group.ok("phone", &["sync", SHARED]);
    assert!(!text.stdout.contains("Photos:"), "{}", text.stdout);
}

#[test]
fn an_image_not_shared_yet_is_not_here_yet_until_its_file_arrives() {
    let group = Group::demo(&["laptop", "phone"]);
    let photo = add_photo(&group, "laptop", "board.png", &png(300, 200), false);
    group.sync(0, "laptop");
    // The sync tool brought the log before the image.
    let file = image_file(&shared(&group), &photo["copy"]);
    let held = group.env.dir().join("held-back");
    std::fs::rename(&file, &held).unwrap();

    for _ in 0..2 {
        let report = group.sync(0, "phone");
        assert_eq!(report[0]["photos"]["not_here"], 1, "{report:#}");
        assert_eq!(report[0]["photos"]["received"], 0);
        assert_eq!(photos(&group, "phone")[0]["here"], false);
    }
    let text = group.ok("phone", &["sync", SHARED]);
    assert!(
        text.stdout.contains(
            "Photos: 1 image not here yet (the device that added the photo has not synced it yet)."
        ),
        "{}",
        text.stdout
    );

    // A sync that otherwise brings nothing still sees the image arrive.
    std::fs::rename(&held, &file).unwrap();
    let report = group.sync(0, "phone");
    assert_eq!(report[0]["photos"]["received"], 1, "{report:#}");
    assert_eq!(report[0]["photos"]["not_here"], 0);
    assert_eq!(photos(&group, "phone")[0]["here"], true);
}

#[test]
fn an_image_gone_from_the_folder_is_written_again_by_a_device_that_has_it() {
    let group = Group::demo(&["laptop", "phone"]);
    let photo = add_photo(&group, "laptop", "board.jpg", &jpeg(300, 200), false);
    group.sync(0, "laptop");
    group.sync(0, "phone");
    // Both agree now: the next sync of each answers from memory.
    group.sync(0, "phone");
    let file = image_file(&shared(&group), &photo["copy"]);
    let bytes = std::fs::read(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    let report = group.sync(0, "phone");
    assert_eq!(report[0]["photos"]["sent"], 1, "{report:#}");
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
}

#[test]
fn a_file_whose_bytes_are_not_its_name_is_refused_named_and_left_there() {
    let group = Group::demo(&["laptop", "phone"]);
    let photo = add_photo(&group, "laptop", "board.jpg", &jpeg(300, 200), false);
    group.sync(0, "laptop");
    let file = image_file(&shared(&group), &photo["copy"]);
    // Damaged on the way: one byte changed, the size the same.
    let mut planted = std::fs::read(&file).unwrap();
    let middle = planted.len() / 2;
    planted[middle] ^= 0x55;
    std::fs::write(&file, &planted).unwrap();
    let name = format!("photos/{}", file.file_name().unwrap().to_string_lossy());

    let report = group.sync(1, "phone");
    let refused = &report[0]["photos"]["refused"];
    assert_eq!(refused.as_array().map(Vec::len), Some(1), "{report:#}");
    assert_eq!(refused[0]["file"], name.as_str());
    assert!(
        refused[0]["why"]
            .as_str()
            .unwrap()
            .contains("not the image its name says"),
        "{report:#}"
    );
    assert_eq!(report[0]["photos"]["not_here"], 1);
    assert_eq!(photos(&group, "phone")[0]["here"], false);
    // Left for a person to look at, as it was.
    assert_eq!(std::fs::read(&file).unwrap(), planted);

    let text = group.expect(1, "phone", &["sync", SHARED]);
    assert!(
        text.stdout.contains("Photo files refused"),
        "{}",
        text.stdout
    );
    assert!(text.stdout.contains(&name), "{}", text.stdout);
    assert!(text.stderr.contains(&name), "{}", text.stderr);
    assert!(text.stderr.contains("not here yet"), "{}", text.stderr);

    // Cut short: refused by its size, before a byte of it is read.
    std::fs::write(&file, &planted[..middle]).unwrap();
    let report = group.sync(1, "phone");
    let why = report[0]["photos"]["refused"][0]["why"].as_str().unwrap();
    assert!(why.contains(&format!("it holds {middle} bytes")), "{why}");
    assert_eq!(photos(&group, "phone")[0]["here"], false);
    assert_eq!(std::fs::read(&file).unwrap(), &planted[..middle]);
}

#[test]
fn a_sync_reads_only_the_image_files_it_needs() {
    let group = Group::demo(&["laptop", "phone"]);
    let first = add_photo(&group, "laptop", "first.jpg", &jpeg(300, 200), false);
    group.sync(0, "laptop");
    group.sync(0, "phone");
    let second = add_photo(&group, "laptop", "second.jpg", &jpeg(320, 200), false);
    group.sync(0, "laptop");

    // Garbage under the name of an image the phone already has, and under a name no photo
    // of the log has: had either been read, it would be refused and named.
    let had = image_file(&shared(&group), &first["copy"]);
    std::fs::write(&had, b"not the first photo").unwrap();
    let nobodys = shared(&group)
        .join("photos")
        .join(format!("{}.jpg", "0".repeat(64)));
    std::fs::write(&nobodys, b"nobody's photo").unwrap();

    let report = group.sync(0, "phone");
    assert_eq!(report[0]["photos"]["received"], 1, "{report:#}");
    assert_eq!(report[0]["photos"]["refused"], serde_json::json!([]));
    let on_phone = photos(&group, "phone");
    assert!(on_phone.iter().all(|p| p["here"] == true), "{on_phone:#?}");
    let id = second["id"].as_str().unwrap();
    assert_eq!(
        shown(&group, "phone", id, false),
        second["copy"]["sha256"].as_str().unwrap()
    );
    // Neither file is written over.
    assert_eq!(std::fs::read(&had).unwrap(), b"not the first photo");
    assert_eq!(std::fs::read(&nobodys).unwrap(), b"nobody's photo");
}

#[test]
fn photos_travel_through_a_git_clone() {
    if !has_git() {
        return notice("git is not installed");
    }
    let group = two_clones();
    let photo = add_photo(&group, "laptop", "board.jpg", &jpeg(2000, 1000), true);
    let id = photo["id"].as_str().unwrap();
    let went = group.ok(
        "laptop",
        &["sync", "laptop-clone", "--git", "--format", "json"],
    );
    assert_eq!(went.json()[0]["photos"]["sent"], 2, "{}", went.stdout);
    let came = group.ok("desk", &["sync", "desk-clone", "--git", "--format", "json"]);
    assert_eq!(came.json()[0]["photos"]["received"], 2, "{}", came.stdout);
    assert_eq!(photos(&group, "desk")[0]["here"], true);
    for original in [false, true] {
        assert_eq!(
            shown(&group, "laptop", id, original),
            shown(&group, "desk", id, original)
        );
    }
    let tracked = git(&group, &["-C", "desk-clone", "ls-files", "photos"]);
    assert_eq!(tracked.lines().count(), 2, "{tracked}");
    for clone in ["laptop-clone", "desk-clone"] {
        assert_eq!(
            status(&group, clone),
            "",
            "{clone} has changes not committed"
        );
    }
}

#[test]
fn an_image_a_plain_sync_left_in_the_clone_is_committed_by_the_next_sync_through_git() {
    if !has_git() {
        return notice("git is not installed");
    }
    let group = two_clones();
    add_photo(&group, "laptop", "board.jpg", &jpeg(300, 200), false);
    group.ok("laptop", &["sync", "laptop-clone"]);
    // A file that is not the image its name says is not shared.
    let planted = format!("laptop-clone/photos/{}.jpg", "a".repeat(64));
    std::fs::write(group.env.dir().join(&planted), b"not a photo").unwrap();

    group.ok("laptop", &["sync", "laptop-clone", "--git"]);
    let came = group.ok("desk", &["sync", "desk-clone", "--git", "--format", "json"]);
    assert_eq!(came.json()[0]["photos"]["received"], 1, "{}", came.stdout);
    let tracked = git(&group, &["-C", "laptop-clone", "ls-files", "photos"]);
    assert_eq!(tracked.lines().count(), 1, "{tracked}");
    assert!(!tracked.contains(&"a".repeat(64)), "{tracked}");
}

#[test]
fn a_device_joining_takes_the_photos_with_the_campaign() {
    let group = Group::demo(&["laptop"]);
    let photo = add_photo(&group, "laptop", "board.jpg", &jpeg(300, 200), false);
    group.sync(0, "laptop");
    let joined = group.ok(
        "desk",
        &["sync", SHARED, "--device", "desk", "--format", "json"],
    );
    assert_eq!(
        joined.json()[0]["photos"]["received"],
        1,
        "{}",
        joined.stdout
    );
    let on_desk = photos(&group, "desk");
    assert_eq!(on_desk[0]["here"], true);
    let id = photo["id"].as_str().unwrap();
    assert_eq!(
        shown(&group, "desk", id, false),
        photo["copy"]["sha256"].as_str().unwrap()
    );
}

#[cfg(unix)]
#[test]
fn a_photos_folder_that_is_a_link_is_refused_and_nothing_goes_through_it() {
    let group = Group::demo(&["laptop", "phone"]);
    add_photo(&group, "laptop", "board.jpg", &jpeg(300, 200), false);
    let elsewhere = group.env.dir().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, shared(&group).join("photos")).unwrap();

    let report = group.sync(1, "laptop");
    let refused = &report[0]["photos"]["refused"];
    assert_eq!(refused[0]["file"], "photos/", "{report:#}");
    assert!(
        refused[0]["why"]
            .as_str()
            .unwrap()
            .contains("symbolic link"),
        "{report:#}"
    );
    assert_eq!(report[0]["photos"]["sent"], 0);
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
    // The log went out all the same.
    let phone = group.sync(1, "phone");
    assert_eq!(phone[0]["received"].as_array().map(Vec::len), Some(1));
    assert_eq!(photos(&group, "phone")[0]["here"], false);
}
