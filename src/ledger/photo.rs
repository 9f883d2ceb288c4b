//! A photo made ready for the log, from the bytes a person gave: recognised by its bytes
//! (JPEG, PNG or WebP, whatever the file is called), within the size a photo may have,
//! decoded whole (a truncated file is refused), turned the right way up as the phone
//! recorded, and written again without anything but the image (no EXIF, so no location,
//! no camera, no time): a copy for pages, at most [`COPY_LONG_SIDE`] pixels on its long
//! side, and the full-size image only where the group asks to keep it.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::codecs::webp::WebPEncoder;
use image::imageops::FilterType;
use image::metadata::Orientation;
use image::{DynamicImage, GrayImage, ImageDecoder, ImageFormat, ImageReader, RgbImage};

use crate::domain::entry::photo::{ImageKind, MAX_PHOTO_BYTES};
use crate::store::ImageBytes;

/// The long side of the copy pages show, in pixels.
pub const COPY_LONG_SIDE: u32 = 1600;
/// The JPEG quality of the copy pages show.
const COPY_QUALITY: u8 = 85;
/// The JPEG quality of a full-size image kept.
const ORIGINAL_QUALITY: u8 = 95;

/// Why bytes given as a photo cannot be one. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PhotoError {
    /// Not a JPEG, PNG or WebP: what the bytes look like instead.
    #[error("{name} is {what}, not a photo: a photo is a JPEG, PNG or WebP image.")]
    NotAnImage { name: String, what: String },
    #[error(
        "{name} is {bytes} bytes: a photo may have at most {limit} bytes (20 MB). Make it smaller first."
    )]
    TooLarge {
        name: String,
        bytes: u64,
        limit: u64,
    },
    /// The bytes begin as an image but do not decode (cut short, damaged).
    #[error("{name} begins as a {kind} image but cannot be read ({detail}): is it whole?")]
    Unreadable {
        name: String,
        kind: &'static str,
        detail: String,
    },
}

/// A photo ready for the log: the copy pages show and, where kept, the full-size image,
/// each its bytes named by their hash; the copy's size in pixels.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub copy: ImageBytes,
    pub original: Option<ImageBytes>,
    pub width: u32,
    pub height: u32,
}

/// Makes a photo ready from the bytes of the file `name` (named in errors only); the bytes
/// are let go as soon as they are decoded.
pub fn prepare(name: &str, bytes: Vec<u8>, keep_original: bool) -> Result<Prepared, PhotoError> {
    check_size(name, bytes.len() as u64)?;
    let kind = ImageKind::of_bytes(&bytes).ok_or_else(|| PhotoError::NotAnImage {
        name: name.to_string(),
        what: looks_like(&bytes),
    })?;
    let unreadable = |detail: String| PhotoError::Unreadable {
        name: name.to_string(),
        kind: kind_name(kind),
        detail,
    };
    if kind == ImageKind::Jpeg && !ends_as_jpeg(&bytes) {
        return Err(unreadable("it stops before its end marker".to_string()));
    }
    if kind == ImageKind::Jpeg
        && !keep_original
        && let Some((scaled, orientation)) = jpeg_scaled(&bytes).map_err(unreadable)?
    {
        drop(bytes);
        return copy_of(scaled, orientation).map_err(unreadable);
    }
    let reader = ImageReader::with_format(Cursor::new(&bytes), format(kind));
    let mut decoder = reader
        .into_decoder()
        .map_err(|e| unreadable(e.to_string()))?;
    let orientation = decoder
        .orientation()
        .map_err(|e| unreadable(e.to_string()))?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(|e| unreadable(e.to_string()))?;
    drop(bytes);
    image.apply_orientation(orientation);
    let original = keep_original
        .then(|| encode(&image, kind, ORIGINAL_QUALITY))
        .transpose()
        .map_err(unreadable)?;
    let copy = if image.width().max(image.height()) > COPY_LONG_SIDE {
        image.resize(COPY_LONG_SIDE, COPY_LONG_SIDE, FilterType::Triangle)
    } else {
        image
    };
    let (width, height) = (copy.width(), copy.height());
    let copy = encode(&copy, ImageKind::Jpeg, COPY_QUALITY).map_err(unreadable)?;
    Ok(Prepared {
        copy,
        original,
        width,
        height,
    })
}

/// A JPEG decoded at the smallest of the scales a JPEG's blocks allow (1/8, 1/4, 1/2 or
/// whole) that keeps its long side at least [`COPY_LONG_SIDE`], with the orientation it
/// records. A phone's 12-megapixel photo is decoded at 2000×1500 rather than whole (36 MB
/// of pixels, and about three times that to resample them), so that adding a photo, on a
/// laptop or from `serve`, takes about four times the photo's size in memory
/// (`benches/photos.sh`). None for a JPEG this decoder does not give as 8-bit grey or colour
/// (CMYK, 16-bit): the whole decode takes it.
fn jpeg_scaled(bytes: &[u8]) -> Result<Option<(DynamicImage, Orientation)>, String> {
    use jpeg_decoder::{Decoder, PixelFormat};
    let side = u16::try_from(COPY_LONG_SIDE).unwrap_or(u16::MAX);
    let mut decoder = Decoder::new(bytes);
    decoder.scale(side, side).map_err(|e| e.to_string())?;
    let pixels = decoder.decode().map_err(|e| e.to_string())?;
    let info = decoder.info().ok_or("no image in it")?;
    let orientation = decoder
        .exif_data()
        .and_then(Orientation::from_exif_chunk)
        .unwrap_or(Orientation::NoTransforms);
    drop(decoder);
    let (width, height) = (u32::from(info.width), u32::from(info.height));
    let too_short = || "fewer pixels than it says".to_string();
    let image = match info.pixel_format {
        PixelFormat::RGB24 => DynamicImage::ImageRgb8(
            RgbImage::from_raw(width, height, pixels).ok_or_else(too_short)?,
        ),
        PixelFormat::L8 => DynamicImage::ImageLuma8(
            GrayImage::from_raw(width, height, pixels).ok_or_else(too_short)?,
        ),
        PixelFormat::L16 | PixelFormat::CMYK32 => return Ok(None),
    };
    Ok(Some((image, orientation)))
}

/// The copy of a JPEG decoded at a reduced scale: brought down to [`COPY_LONG_SIDE`] (less
/// than twice that: a box filter is enough, without a float copy), turned the right way
/// up, written again.
fn copy_of(scaled: DynamicImage, orientation: Orientation) -> Result<Prepared, String> {
    let mut copy = if scaled.width().max(scaled.height()) > COPY_LONG_SIDE {
        scaled.thumbnail(COPY_LONG_SIDE, COPY_LONG_SIDE)
    } else {
        scaled
    };
    copy.apply_orientation(orientation);
    let (width, height) = (copy.width(), copy.height());
    Ok(Prepared {
        copy: encode(&copy, ImageKind::Jpeg, COPY_QUALITY)?,
        original: None,
        width,
        height,
    })
}

/// Refused past the size a photo may have (before reading a file whole, too).
pub fn check_size(name: &str, bytes: u64) -> Result<(), PhotoError> {
    if bytes > MAX_PHOTO_BYTES {
        return Err(PhotoError::TooLarge {
            name: name.to_string(),
            bytes,
            limit: MAX_PHOTO_BYTES,
        });
    }
    Ok(())
}

/// The image written as `kind`, with nothing but its pixels.
fn encode(image: &DynamicImage, kind: ImageKind, quality: u8) -> Result<ImageBytes, String> {
    let mut out = Vec::new();
    let written = match kind {
        // Grey and colour as they are; anything else (alpha, 16 bits) as 8-bit colour.
        ImageKind::Jpeg => match image {
            DynamicImage::ImageRgb8(_) | DynamicImage::ImageLuma8(_) => {
                image.write_with_encoder(JpegEncoder::new_with_quality(&mut out, quality))
            }
            other => DynamicImage::ImageRgb8(other.to_rgb8())
                .write_with_encoder(JpegEncoder::new_with_quality(&mut out, quality)),
        },
        ImageKind::Png => image.write_with_encoder(PngEncoder::new(&mut out)),
        ImageKind::Webp => image
            .to_rgba8()
            .write_with_encoder(WebPEncoder::new_lossless(&mut out)),
    };
    written.map_err(|e| e.to_string())?;
    Ok(ImageBytes::of(kind, out))
}

/// Whether a JPEG reaches its end marker (`FF D9`), allowing bytes some phones add after it.
fn ends_as_jpeg(bytes: &[u8]) -> bool {
    bytes
        .windows(2)
        .rev()
        .take(64 * 1024)
        .any(|w| w == [0xFF, 0xD9])
}

fn format(kind: ImageKind) -> ImageFormat {
    match kind {
        ImageKind::Jpeg => ImageFormat::Jpeg,
        ImageKind::Png => ImageFormat::Png,
        ImageKind::Webp => ImageFormat::WebP,
    }
}

fn kind_name(kind: ImageKind) -> &'static str {
    match kind {
        ImageKind::Jpeg => "JPEG",
        ImageKind::Png => "PNG",
        ImageKind::Webp => "WebP",
    }
}

/// What bytes that are no photo look like, in words.
fn looks_like(bytes: &[u8]) -> String {
    let starts = |magic: &[u8]| bytes.starts_with(magic);
    let brand = bytes.get(4..12);
    let what = if bytes.is_empty() {
        "empty"
    } else if brand.is_some_and(|b| {
        b.starts_with(b"ftyp")
            && [b"heic", b"heix", b"mif1", b"hevc"]
                .iter()
                .any(|h| &b[4..8] == *h)
    }) {
        "a HEIC image (an iPhone's own format: share it as JPEG, or set the camera to Most Compatible)"
    } else if starts(b"GIF8") {
        "a GIF image"
    } else if starts(b"%PDF") {
        "a PDF document"
    } else if starts(b"PK\x03\x04") {
        "a ZIP archive"
    } else if starts(b"BM") {
        "a BMP image"
    } else if starts(b"II*\0") || starts(b"MM\0*") {
        "a TIFF image"
    } else if starts(b"SQLite format 3\0") {
        "an SQLite database"
    } else if std::str::from_utf8(bytes).is_ok() {
        "text"
    } else {
        "not an image chronicle knows"
    };
    what.to_string()
}
