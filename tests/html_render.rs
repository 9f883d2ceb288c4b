//! The HTML and SVG exports of the demo, drawn by a real browser where one is installed:
//! headless Chromium takes screenshots (the page 1400 and 400 pixels wide, the map), which
//! must not be blank and are kept current in `exports/` (`demo-page-1400.png`,
//! `demo-page-400.png`, `demo-map.png`: written again when they look different, never a
//! failure for a few pixels), and measures the page in a frame 1400, 400 and 360 pixels
//! wide: no wider than the frame, the map's texts drawn as in the map alone, the game notes
//! in the page's style. Without /usr/bin/chromium the exports are still written and checked
//! as text, and the rest is skipped with a note.

use std::collections::BTreeSet;
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::TestEnv;

const CHROMIUM: &str = "/usr/bin/chromium";

/// Whether Chromium is installed; where it is not, says so, for `what` is skipped.
fn chromium_here(what: &str) -> bool {
    if Path::new(CHROMIUM).exists() {
        return true;
    }
    println!("note: {CHROMIUM} is not installed; {what} is skipped");
    eprintln!("note: {CHROMIUM} is not installed; {what} is skipped");
    false
}

/// Runs headless Chromium on a file with these arguments, its output written to `output`;
/// it must end within three minutes.
fn chromium(page: &Path, args: &[String], output: &Path) {
    let profile = tempfile::tempdir().expect("a temporary browser profile");
    let mut child = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--hide-scrollbars",
        ])
        .args([
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .stdout(File::create(output).expect("chromium's output can be written"))
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let started = Instant::now();
    while child
        .try_wait()
        .expect("chromium can be waited for")
        .is_none()
    {
        if started.elapsed() > Duration::from_mins(3) {
            let _ = child.kill();
            panic!(
                "chromium took more than three minutes on {}",
                page.display()
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Chromium's screenshot of a file, or None (with a note) where Chromium is not installed.
fn screenshot(page: &Path, png: &Path, size: &str) -> Option<()> {
    if !chromium_here(&format!("the screenshot of {}", page.display())) {
        return None;
    }
    let args = [
        format!("--screenshot={}", png.display()),
        format!("--window-size={size}"),
    ];
    chromium(page, &args, &png.with_extension("out"));
    assert!(
        png.exists(),
        "chromium wrote no screenshot of {}",
        page.display()
    );
    Some(())
}

/// A picture's width, height and pixels (RGB).
fn pixels(png: &Path) -> (u32, u32, Vec<[u8; 3]>) {
    let file = BufReader::new(File::open(png).expect("the picture opens"));
    let mut decoder = png::Decoder::new(file);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("the picture is a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader.next_frame(&mut buffer).expect("the picture decodes");
    let samples = info.color_type.samples();
    let rgb = buffer[..info.buffer_size()]
        .chunks_exact(samples)
        .map(|pixel| match samples {
            1 | 2 => [pixel[0]; 3],
            _ => [pixel[0], pixel[1], pixel[2]],
        })
        .collect();
    (info.width, info.height, rgb)
}

/// The share of pixels that are not (near) white, and how many colours the picture has.
fn ink(png: &Path) -> (f64, usize) {
    let (_, _, pixels) = pixels(png);
    let inked = pixels.iter().filter(|p| p.iter().any(|&c| c < 235)).count();
    let colours: BTreeSet<[u8; 3]> = pixels.iter().map(|p| p.map(|c| c >> 3)).collect();
    (inked as f64 / pixels.len().max(1) as f64, colours.len())
}

/// Checks a screenshot is no blank picture: enough of it inked, in enough colours.
fn not_blank(png: &Path, least_ink: f64) {
    let (share, colours) = ink(png);
    println!(
        "{}: {:.1}% inked, {colours} colours",
        png.display(),
        share * 100.0
    );
    assert!(
        share > least_ink,
        "{} looks blank: {:.1}% inked",
        png.display(),
        share * 100.0
    );
    assert!(
        colours >= 24,
        "{} has only {colours} colours",
        png.display()
    );
}

/// Keeps the committed screenshot `exports/NAME` current: writes this one there (as a
/// well-compressed RGB PNG) when it is missing or looks different, in size or in more than
/// 2% of its pixels; pixels drawn a little otherwise (another Chromium, other fonts) leave it
/// alone, and a difference never fails the test.
fn keep_current(png: &Path, name: &str) {
    let committed = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("exports")
        .join(name);
    let (width, height, new) = pixels(png);
    if committed.exists() {
        let (old_width, old_height, old) = pixels(&committed);
        let moved =
            |(a, b): (&[u8; 3], &[u8; 3])| a.iter().zip(b).any(|(x, y)| x.abs_diff(*y) > 48);
        let changed = old.iter().zip(&new).filter(|&pair| moved(pair)).count();
        let share = changed as f64 / new.len().max(1) as f64;
        if (old_width, old_height) == (width, height) && share <= 0.02 {
            println!("{name} is current ({:.2}% of pixels differ)", share * 100.0);
            return;
        }
    }
    let file = std::io::BufWriter::new(File::create(&committed).expect("exports/ is writable"));
    let mut encoder = png::Encoder::new(file, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    let mut writer = encoder.write_header().expect("a PNG header");
    writer
        .write_image_data(new.as_flattened())
        .expect("the screenshot is written");
    println!("note: {} written anew", committed.display());
    eprintln!("note: {} written anew", committed.display());
}

/// Builds the demo in its own database and exports its page and its map.
fn export_page_and_map(env: &TestEnv) -> (PathBuf, PathBuf) {
    let db = env.dir().join("demo.db");
    let db = db.to_str().expect("the temporary path is UTF-8");
    env.ok(&["demo", "--db", db]);
    let files = ["html", "svg"].map(|format| {
        let out = env.dir().join(format!("demo.{format}"));
        let path = out.to_str().expect("the temporary path is UTF-8");
        env.ok(&["--db", db, "export", "--format", format, "-o", path]);
        out
    });
    let [page, map] = files;
    (page, map)
}

/// What Chromium measures of a page shown in a frame `width` pixels wide, beside the map
/// shown alone: `overflow` (how much wider than the frame the page is), the elements that
/// reach past it, `note` (the font size and weight of a game's note), `texts` (the map's
/// texts) and `restyled` (how many are drawn in another font or colour in the page than
/// alone).
const PROBE: &str = r#"<!DOCTYPE html><html><head><script>
var loaded = 0;
function measure() {
  if (++loaded < 2) return;
  var frame = document.getElementById('page'), doc = frame.contentDocument, view = frame.contentWindow;
  var root = doc.documentElement, width = root.clientWidth, wide = [];
  doc.querySelectorAll('body *').forEach(function (e) {
    if (e.closest('svg') || e.closest('.scroll')) return;
    if (e.getBoundingClientRect().right > width + 0.5 && wide.length < 6) wide.push(e.tagName + '.' + e.className);
  });
  var props = ['font-size', 'font-weight', 'font-style', 'font-family', 'fill', 'letter-spacing', 'text-anchor'];
  var inPage = doc.querySelectorAll('svg text');
  var alone = document.getElementById('map').contentDocument.querySelectorAll('text');
  var mapView = document.getElementById('map').contentWindow, restyled = 0;
  for (var i = 0; i < Math.min(inPage.length, alone.length); i++) {
    var a = view.getComputedStyle(inPage[i]), b = mapView.getComputedStyle(alone[i]);
    if (props.some(function (p) { return a.getPropertyValue(p) !== b.getPropertyValue(p); })) restyled++;
  }
  var note = doc.querySelector('.game-note'), style = note ? view.getComputedStyle(note) : null;
  document.getElementById('out').textContent = 'overflow=' + (root.scrollWidth - width) +
    ';texts=' + inPage.length + '/' + alone.length + ';restyled=' + restyled +
    ';note=' + (style ? style.fontSize + ' ' + style.fontWeight : 'none') + ';wide=' + wide.join(' ');
}
</script></head><body style="margin:0">
<iframe id="page" src="PAGE" onload="measure()" style="width:WIDTHpx;height:1400px;border:0"></iframe>
<iframe id="map" src="MAP" onload="measure()" style="width:1300px;height:1100px;border:0"></iframe>
<pre id="out">not measured</pre></body></html>
"#;

/// Chromium's measures of the page `width` wide beside the map (see `PROBE`), by name.
fn measure(page: &Path, map: &Path, width: u32) -> std::collections::BTreeMap<String, String> {
    let probe = page.with_file_name(format!("probe-{width}.html"));
    let html = PROBE
        .replace("PAGE", &format!("file://{}", page.display()))
        .replace("MAP", &format!("file://{}", map.display()))
        .replace("WIDTH", &width.to_string());
    std::fs::write(&probe, html).expect("the probe is written");
    let dump = probe.with_extension("dom");
    let args = [
        "--allow-file-access-from-files",
        "--virtual-time-budget=10000",
        "--window-size=1400,1000",
        "--dump-dom",
    ];
    chromium(&probe, &args.map(String::from), &dump);
    let dom = std::fs::read_to_string(&dump).expect("chromium dumped the page");
    let out = dom
        .split("<pre id=\"out\">")
        .nth(1)
        .and_then(|rest| rest.split("</pre>").next())
        .unwrap_or_else(|| panic!("no measures in {dom}"));
    println!("{} at {width} px: {out}", page.display());
    out.split(';')
        .filter_map(|pair| pair.split_once('='))
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .collect()
}

/// The page `width` wide: no wider than its frame, the map drawn as alone, the game notes
/// in the page's own style.
fn holds(page: &Path, map: &Path, width: u32) {
    let measured = measure(page, map, width);
    let overflow: i64 = measured["overflow"].parse().expect("a number of pixels");
    assert!(
        overflow <= 0,
        "at {width} px the page is {overflow} px wider than the screen: {}",
        measured["wide"]
    );
    let (in_page, alone) = measured["texts"].split_once('/').expect("two counts");
    assert_eq!(in_page, alone, "the page shows the map's every text");
    assert!(
        in_page.parse::<u32>().expect("a count") > 100,
        "{measured:?}"
    );
    assert_eq!(
        measured["restyled"], "0",
        "the page changes how the map's texts are drawn"
    );
    let note = &measured["note"];
    assert!(
        note.ends_with(" 400") && !note.starts_with("11px"),
        "a game's note is drawn {note}, not in the page's text"
    );
}

#[test]
fn the_demo_page_holds_at_1400_and_400_pixels_and_its_screenshots_are_current() {
    let env = TestEnv::new();
    let (page, map) = export_page_and_map(&env);
    let html = std::fs::read_to_string(&page).expect("the page is written");
    assert!(html.contains("<svg") && !html.contains("<script"));
    if !chromium_here("the demo page in a browser (and its screenshots in exports/)") {
        return;
    }
    for (width, height) in [(1400, 1400), (400, 1800)] {
        holds(&page, &map, width);
        let png = env.dir().join(format!("page-{width}.png"));
        screenshot(&page, &png, &format!("{width},{height}")).expect("chromium is here");
        not_blank(&png, 0.15);
        keep_current(&png, &format!("demo-page-{width}.png"));
    }
}

#[test]
fn a_page_of_long_names_holds_on_a_phone() {
    let env = TestEnv::new();
    let (page, map) = export_page_and_map(&env);
    if !chromium_here("the page of long names in a browser") {
        return;
    }
    // Names of one word each, longer than a phone is wide, wherever a name goes.
    let long = "Дмитрий-Александрович-Константинопольский-Великолепный";
    let html = std::fs::read_to_string(&page).expect("the page is written");
    let html = html
        .replace("Дмитрий", long)
        .replace(
            "Enclave of the Bear",
            "EnclaveOfTheBearOfTheNorthernMountainsAndTheSea",
        )
        .replace(
            ">Demo<",
            ">TheLongestCampaignNameThatAGroupEverGaveToTheirBoard<",
        );
    assert!(html.contains(long));
    let page = env.dir().join("long.html");
    std::fs::write(&page, html).expect("the page of long names is written");
    for width in [400, 360] {
        holds(&page, &map, width);
    }
}

#[test]
fn the_demo_map_is_drawn_by_a_browser() {
    let env = TestEnv::new();
    let (_, map) = export_page_and_map(&env);
    let svg = std::fs::read_to_string(&map).expect("the map is written");
    assert!(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    let png = env.dir().join("map.png");
    if screenshot(&map, &png, "1288,1014").is_none() {
        return;
    }
    not_blank(&png, 0.5);
    keep_current(&png, "demo-map.png");
}
