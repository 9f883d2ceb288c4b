//! Photos as a phone gives them, made in the test: a JPEG with the EXIF a phone writes
//! (the camera's make, the orientation it was held in, and where it was taken), a PNG, and
//! files that only look like photos.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::{ImageFormat, Rgb, RgbImage};

/// Where the photo was taken, as GPS EXIF writes it: 51° 30' 26" N (these bytes must not
/// survive).
pub const LATITUDE: [u32; 6] = [51, 1, 30, 1, 26, 1];
/// The camera's make, in the EXIF.
pub const MAKE: &[u8] = b"PhoneCo Mark 7\0";

/// An image `width`×`height`, grey, with a red block in its top-left corner (to see which
/// way up it came out) and some texture so that it compresses as a photo does.
pub fn picture(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        if x < width / 4 && y < height / 4 {
            Rgb([220, 20, 20])
        } else {
            let v = 90 + ((x * 7 + y * 13) % 60) as u8;
            Rgb([v, v, v])
        }
    })
}

/// The picture as a JPEG.
pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, 90)
        .encode_image(&picture(width, height))
        .expect("a JPEG");
    out
}

/// The picture as a PNG.
pub fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    picture(width, height)
        .write_to(&mut out, ImageFormat::Png)
        .expect("a PNG");
    out.into_inner()
}

/// A JPEG as a phone held sideways writes it: the pixels as the sensor saw them, with EXIF
/// saying `orientation` (6: turn it a quarter clockwise to see it) and, with `gps`, where.
pub fn phone_jpeg(width: u32, height: u32, orientation: u16, gps: bool) -> Vec<u8> {
    let plain = jpeg(width, height);
    let exif = exif(orientation, gps);
    let mut app1 = vec![0xFF, 0xE1];
    app1.extend_from_slice(&u16::try_from(exif.len() + 2).unwrap().to_be_bytes());
    app1.extend_from_slice(&exif);
    // After the start of image marker.
    let mut out = plain[..2].to_vec();
    out.extend_from_slice(&app1);
    out.extend_from_slice(&plain[2..]);
    out
}

/// `Exif\0\0` and a little-endian TIFF: IFD0 with Make, Orientation and (with `gps`) a
/// pointer to a GPS IFD holding the latitude.
fn exif(orientation: u16, gps: bool) -> Vec<u8> {
    let mut t: Vec<u8> = b"II*\0".to_vec();
    t.extend_from_slice(&8u32.to_le_bytes());
    let entries: u16 = if gps { 3 } else { 2 };
    let ifd0_end = 8 + 2 + 12 * u32::from(entries) + 4;
    let make_at = ifd0_end;
    let gps_at = make_at + MAKE.len() as u32;
    t.extend_from_slice(&entries.to_le_bytes());
    // Make (ASCII), Orientation (SHORT), GPS IFD (LONG): in tag order.
    entry(&mut t, 0x010F, 2, MAKE.len() as u32, make_at);
    entry(
        &mut t,
        0x0112,
        3,
        1,
        u32::from(orientation), // a SHORT sits in the first two bytes, little-endian
    );
    if gps {
        entry(&mut t, 0x8825, 4, 1, gps_at);
    }
    t.extend_from_slice(&0u32.to_le_bytes());
    t.extend_from_slice(MAKE);
    if gps {
        // The GPS IFD: LatitudeRef "N", Latitude (3 RATIONALs).
        let latitude_at = gps_at + 2 + 12 * 2 + 4;
        t.extend_from_slice(&2u16.to_le_bytes());
        entry(&mut t, 0x0001, 2, 2, u32::from_le_bytes(*b"N\0\0\0"));
        entry(&mut t, 0x0002, 5, 3, latitude_at);
        t.extend_from_slice(&0u32.to_le_bytes());
        for n in LATITUDE {
            t.extend_from_slice(&n.to_le_bytes());
        }
    }
    let mut out = b"Exif\0\0".to_vec();
    out.extend_from_slice(&t);
    out
}

fn entry(t: &mut Vec<u8>, tag: u16, kind: u16, count: u32, value: u32) {
    t.extend_from_slice(&tag.to_le_bytes());
    t.extend_from_slice(&kind.to_le_bytes());
    t.extend_from_slice(&count.to_le_bytes());
    t.extend_from_slice(&value.to_le_bytes());
}

/// The latitude's bytes as the EXIF holds them.
pub fn latitude_bytes() -> Vec<u8> {
    LATITUDE.iter().flat_map(|n| n.to_le_bytes()).collect()
}

/// Whether `haystack` holds `needle`.
pub fn holds(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}
