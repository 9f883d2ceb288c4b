//! A JPEG as a phone takes one, for timing what chronicle does with a photo
//! (`benches/photos.sh`): `width`×`height` pixels of soft light, shapes and grain, which
//! compress as a photo of a board does, at the JPEG quality that comes nearest to `bytes`
//! without going over (a 12-megapixel photo of 4 to 5 MB, as phones write them).
//!
//! cargo run --release --example photo -- 4000 3000 OUT.jpg [BYTES] [SEED]
//! (BYTES: 5000000; another SEED gives another photo, its grain different)

use std::path::PathBuf;

use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> u64 {
        args.get(i).map_or(default, |a| {
            a.parse().unwrap_or_else(|_| {
                eprintln!(
                    "usage: photo WIDTH HEIGHT OUT.jpg [BYTES] [SEED]: {a:?} is not a number"
                );
                std::process::exit(2)
            })
        })
    };
    let (Ok(width), Ok(height)) = (
        u32::try_from(number(0, 4000)),
        u32::try_from(number(1, 3000)),
    ) else {
        eprintln!("usage: photo WIDTH HEIGHT OUT.jpg [BYTES] [SEED]: the sides are too large");
        std::process::exit(2)
    };
    let out = PathBuf::from(args.get(2).map_or("photo.jpg", String::as_str));
    let target = number(3, 5_000_000);
    let picture = picture(width, height, number(4, 2041));
    // The highest quality whose file is not larger than the target (the size grows with
    // the quality), found by halving.
    let (mut low, mut high) = (1u8, 100u8);
    let mut best = encode(&picture, low);
    while low < high {
        let middle = low + (high - low).div_ceil(2);
        let bytes = encode(&picture, middle);
        if bytes.len() as u64 <= target {
            low = middle;
            best = bytes;
        } else {
            high = middle - 1;
        }
    }
    std::fs::write(&out, &best).expect("the photo is written");
    println!(
        "{}: {width}x{height}, quality {low}, {} bytes",
        out.display(),
        best.len()
    );
}

/// The picture at a JPEG quality.
fn encode(picture: &RgbImage, quality: u8) -> Vec<u8> {
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, quality)
        .encode_image(picture)
        .expect("a JPEG");
    out
}

/// Light falling across a table, the board's coloured shapes on it, and a sensor's grain:
/// smooth where a photo is smooth, with the fine noise that makes phone photos large.
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "each channel is clamped to 0..=255 before it is cast"
)]
fn picture(width: u32, height: u32, seed: u64) -> RgbImage {
    let mut grain = fastrand::Rng::with_seed(seed);
    let (w, h) = (f64::from(width), f64::from(height));
    RgbImage::from_fn(width, height, |x, y| {
        let (u, v) = (f64::from(x) / w, f64::from(y) / h);
        let light = 0.55 + 0.35 * (1.0 - ((u - 0.4).powi(2) + (v - 0.45).powi(2)).sqrt());
        // Territories: soft-edged cells of colour.
        let cell = ((u * 9.0).sin() * (v * 7.0).cos() * 3.0 + (u * v * 23.0).sin()) * 40.0;
        let noise = f64::from(grain.u8(..)) / 255.0 * 36.0 - 18.0;
        let channel = |base: f64, tint: f64| -> u8 {
            (base * light + cell * tint + noise).clamp(0.0, 255.0) as u8
        };
        Rgb([
            channel(200.0, 0.9),
            channel(170.0, 0.4),
            channel(120.0, -0.6),
        ])
    })
}
