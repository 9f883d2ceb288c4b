//! Photos of games: a phone's photo comes out the right way up with no location or camera
//! data; what is not a photo, a photo cut short and one too large are refused with the
//! database as it was; adding, removing, `undo` and the history; what `game show` and
//! `game photo list` say of them.

use image::{GenericImageView, ImageDecoder, ImageReader};

use crate::common::TestEnv;
use crate::photo_files::{MAKE, holds, jpeg, latitude_bytes, phone_jpeg, png};

/// Writes `bytes` to `name` in the test's folder; its path as an argument.
fn file(env: &TestEnv, name: &str, bytes: &[u8]) -> String {
    let path = env.dir().join(name);
    std::fs::write(&path, bytes).expect("the file");
    path.to_str().unwrap().to_string()
}

/// What a refused command must leave as it was: the history and the photos.
fn state(env: &TestEnv) -> (String, String) {
    (
        env.ok(&["history", "--format", "json"]).stdout,
        env.ok(&["game", "photo", "list", "--format", "json"])
            .stdout,
    )
}

fn photos(env: &TestEnv, game: Option<&str>) -> Vec<serde_json::Value> {
    let mut args = vec!["game", "photo", "list", "--format", "json"];
    args.extend(game);
    env.json(&args)["photos"].as_array().unwrap().clone()
}

#[test]
fn a_phones_photo_comes_out_the_right_way_up_with_no_location() {
    let env = TestEnv::demo();
    let taken = phone_jpeg(400, 200, 6, true);
    assert!(holds(&taken, &latitude_bytes()) && holds(&taken, MAKE));
    let path = file(&env, "IMG_2041.jpg", &taken);
    let added = env.ok(&[
        "game",
        "photo",
        "add",
        "7",
        &path,
        "--caption",
        "Europe, all scars",
        "--by",
        "Ann",
    ]);
    assert!(added.stderr.contains("to game 7 of"), "{}", added.stderr);
    let listed = photos(&env, Some("7"));
    assert_eq!(listed.len(), 1);
    let id = listed[0]["id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 8);
    assert_eq!(listed[0]["caption"], "Europe, all scars");
    assert_eq!(listed[0]["by"], "Ann");
    assert_eq!(listed[0]["here"], true);
    assert_eq!(listed[0]["copy"]["media_type"], "image/jpeg");

    let out = env.dir().join("out.jpg");
    env.ok(&["game", "photo", "show", &id, "-o", out.to_str().unwrap()]);
    let kept = std::fs::read(&out).unwrap();
    // The bytes kept are the ones the list names.
    assert_eq!(
        chronicle::store::sha256(&kept),
        listed[0]["copy"]["sha256"].as_str().unwrap()
    );
    assert_eq!(
        kept.len() as u64,
        listed[0]["copy"]["bytes"].as_u64().unwrap()
    );
    // No location, no camera, no EXIF at all.
    assert!(!holds(&kept, &latitude_bytes()));
    assert!(!holds(&kept, MAKE));
    assert!(!holds(&kept, b"Exif\0\0"));
    let mut decoder = ImageReader::new(std::io::Cursor::new(&kept))
        .with_guessed_format()
        .unwrap()
        .into_decoder()
        .unwrap();
    assert!(decoder.exif_metadata().unwrap().is_none());
    // Turned a quarter clockwise: 200 wide, 400 tall, the red corner now at the top right.
    let image = ImageReader::new(std::io::Cursor::new(&kept))
        .with_guessed_format()
        .unwrap()
        .decode()
        .unwrap();
    assert_eq!(image.dimensions(), (200, 400));
    let red = |x: u32, y: u32| {
        let p = image.get_pixel(x, y);
        p[0] > 150 && p[1] < 90 && p[2] < 90
    };
    assert!(red(190, 10), "the red corner is at the top right");
    assert!(!red(10, 10) && !red(10, 390) && !red(190, 390));
}

#[test]
fn a_large_photo_is_kept_as_a_copy_of_1600_pixels_and_the_original_only_when_asked() {
    let env = TestEnv::demo();
    let path = file(&env, "board.png", &png(2400, 1200));
    env.ok(&["game", "photo", "add", "16", &path]);
    let copy = &photos(&env, Some("16"))[0];
    assert!(copy["original"].is_null());
    let out = env.dir().join("copy.jpg");
    let id = copy["id"].as_str().unwrap();
    env.ok(&["game", "photo", "show", id, "-o", out.to_str().unwrap()]);
    let image = image::open(&out).unwrap();
    assert_eq!(image.dimensions(), (1600, 800));
    let refused = env.run_expect(
        1,
        &["game", "photo", "show", id, "--original", "-o", "x.png"],
    );
    assert!(
        refused.stderr.contains("--keep-original"),
        "{}",
        refused.stderr
    );

    // A camera's JPEG: decoded at half its size, then brought down to 1,600.
    let path = file(&env, "camera.jpg", &jpeg(3300, 2200));
    env.ok(&["game", "photo", "add", "15", &path]);
    let out = env.dir().join("camera-copy.jpg");
    env.ok(&["game", "photo", "show", "15.1", "-o", out.to_str().unwrap()]);
    assert_eq!(image::open(&out).unwrap().dimensions(), (1600, 1067));

    let path = file(&env, "board-2.jpg", &jpeg(2000, 1000));
    env.ok(&["game", "photo", "add", "16", &path, "--keep-original"]);
    let both = &photos(&env, Some("16"))[1];
    assert_eq!(both["original"]["media_type"], "image/jpeg");
    let out = env.dir().join("original.jpg");
    let id = both["id"].as_str().unwrap();
    env.ok(&[
        "game",
        "photo",
        "show",
        id,
        "--original",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(image::open(&out).unwrap().dimensions(), (2000, 1000));
}

#[test]
fn what_is_not_a_whole_photo_is_refused_with_the_database_as_it_was() {
    let env = TestEnv::demo();
    let before = state(&env);
    let text = file(
        &env,
        "board.jpg",
        b"Game 7: Ann won with the Saharan Republic.\n",
    );
    let refused = env.run_expect(1, &["game", "photo", "add", "7", &text]);
    assert!(
        refused.stderr.contains("board.jpg is text, not a photo")
            && refused.stderr.contains("JPEG, PNG or WebP"),
        "{}",
        refused.stderr
    );
    let whole = jpeg(300, 200);
    let cut = file(&env, "cut.jpg", &whole[..whole.len() / 2]);
    let refused = env.run_expect(1, &["game", "photo", "add", "7", &cut]);
    assert!(
        refused
            .stderr
            .contains("cut.jpg begins as a JPEG image but cannot be read"),
        "{}",
        refused.stderr
    );
    let mut big = jpeg(64, 64);
    big.resize(30 * 1024 * 1024, 0);
    let big = file(&env, "big.jpg", &big);
    let refused = env.run_expect(1, &["game", "photo", "add", "7", &big]);
    assert!(
        refused.stderr.contains("at most 20000000 bytes (20 MB)"),
        "{}",
        refused.stderr
    );
    // A good photo with a bad one: neither is added.
    let good = file(&env, "good.jpg", &jpeg(100, 80));
    env.run_expect(1, &["game", "photo", "add", "7", &good, &text]);
    // A game not played, and the same photo twice.
    let refused = env.run_expect(1, &["game", "photo", "add", "17", &good]);
    assert!(
        refused.stderr.contains("not of game 17"),
        "{}",
        refused.stderr
    );
    assert_eq!(state(&env), before);
    // A dry run writes nothing.
    let would = env.ok(&["game", "photo", "add", "7", &good, "--dry-run"]);
    assert!(would.stderr.contains("Would add"), "{}", would.stderr);
    assert_eq!(state(&env), before);
    env.ok(&["game", "photo", "add", "7", &good]);
    let refused = env.run_expect(1, &["game", "photo", "add", "7", &good]);
    assert!(
        refused.stderr.contains("is already one of game 7's"),
        "{}",
        refused.stderr
    );
    // A new photo with one the game has: neither is written.
    let after_one = state(&env);
    let other = file(&env, "other.jpg", &jpeg(90, 60));
    env.run_expect(1, &["game", "photo", "add", "7", &other, &good]);
    assert_eq!(state(&env), after_one);
}

#[test]
fn a_photo_added_removed_and_brought_back_is_in_the_history() {
    let env = TestEnv::demo();
    let path = file(&env, "night.jpg", &jpeg(120, 90));
    env.ok(&[
        "game",
        "photo",
        "add",
        "5",
        &path,
        "--caption",
        "The end",
        "--by",
        "Bo",
    ]);
    let id = photos(&env, None)[0]["id"].as_str().unwrap().to_string();
    let history = env.json(&["history", "--format", "json"]);
    let added = history
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "photo")
        .expect("the photo in the history");
    assert_eq!(added["person"], "Bo");
    assert_eq!(
        added["text"],
        format!("added a photo of game 5 ({id}): The end")
    );
    let shown = env.ok(&["game", "show", "5"]).stdout;
    assert!(
        shown.contains(&format!("Photo {id} by Bo: The end")),
        "{shown}"
    );
    let game = env.json(&["game", "show", "5", "--format", "json"]);
    assert_eq!(game["photos"][0]["id"], id.as_str());

    // Too short an id finds nothing; an id nobody has names the ones there are.
    let refused = env.run_expect(1, &["game", "photo", "remove", "ffffffff"]);
    assert!(refused.stderr.contains(&id), "{}", refused.stderr);
    env.ok(&["game", "photo", "remove", &id, "--reason", "blurred"]);
    assert!(photos(&env, None).is_empty());
    assert!(!env.ok(&["game", "show", "5"]).stdout.contains("Photo"));
    let history = env.ok(&["history"]).stdout;
    assert!(
        history.contains(&format!("removed the photo {id} of game 5: blurred")),
        "{history}"
    );
    // `undo` takes the removal back: the photo is there again.
    env.ok(&["undo", "--yes"]);
    assert_eq!(photos(&env, None).len(), 1);
}

#[test]
fn a_game_with_a_photo_is_taken_back_once_its_photo_is() {
    let env = TestEnv::demo();
    let path = file(&env, "last.jpg", &jpeg(120, 90));
    env.ok(&["game", "photo", "add", "16", &path]);
    let refused = env.run_expect(1, &["game", "undo", "--yes"]);
    assert!(
        refused.stderr.contains("cannot be taken back"),
        "{}",
        refused.stderr
    );
    assert!(
        refused.stderr.contains("chronicle undo"),
        "{}",
        refused.stderr
    );
    env.ok(&["undo", "--yes"]);
    assert!(photos(&env, None).is_empty());
    env.ok(&["game", "undo", "--yes"]);
}
