//! A photo of a game (the board after it, the table): the entry names the image by the
//! SHA-256 of its bytes, which are kept apart, once however often they are named (the
//! store's `photo_file`, a shared folder's `photos/`). What a photo is made of is worked out
//! before it is logged (`ledger::photo`): only the image, the right way up, with no
//! location or other personal data.

/// The most bytes a photo may have, as given (a phone's photo is 2 to 8 MB).
pub const MAX_PHOTO_BYTES: u64 = 20_000_000;

/// The kinds of image a photo may be, recognised by their bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageKind {
    Jpeg,
    Png,
    Webp,
}

impl ImageKind {
    pub const ALL: [ImageKind; 3] = [ImageKind::Jpeg, ImageKind::Png, ImageKind::Webp];

    /// Its media type, as stored and served (`image/jpeg`).
    pub const fn media_type(self) -> &'static str {
        match self {
            ImageKind::Jpeg => "image/jpeg",
            ImageKind::Png => "image/png",
            ImageKind::Webp => "image/webp",
        }
    }

    /// The file name's ending for its files (`jpg`).
    pub const fn extension(self) -> &'static str {
        match self {
            ImageKind::Jpeg => "jpg",
            ImageKind::Png => "png",
            ImageKind::Webp => "webp",
        }
    }

    /// The kind of a media type as stored.
    pub fn of_media_type(text: &str) -> Option<ImageKind> {
        ImageKind::ALL.into_iter().find(|k| k.media_type() == text)
    }

    /// The kind a file's first bytes say (JPEG's `FF D8 FF`, PNG's signature, WebP's
    /// `RIFF….WEBP`), whatever the file is called.
    pub fn of_bytes(bytes: &[u8]) -> Option<ImageKind> {
        if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(ImageKind::Jpeg)
        } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(ImageKind::Png)
        } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(ImageKind::Webp)
        } else {
            None
        }
    }
}

/// One stored image: its bytes' SHA-256 (64 lowercase hex digits), kind and size.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PhotoFile {
    pub sha256: String,
    pub kind: ImageKind,
    pub bytes: u64,
}

impl PhotoFile {
    /// The name of its file in a shared folder or beside an export (`<sha256>.jpg`).
    pub fn file_name(&self) -> String {
        format!("{}.{}", self.sha256, self.kind.extension())
    }

    /// Whether the text is a SHA-256 as written (64 lowercase hex digits).
    pub fn is_sha256(text: &str) -> bool {
        text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    }
}

/// A photo of game `game`: the copy pages show (at most 1,600 pixels on its long side),
/// the full-size image where the group kept it, a caption and who took it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Photo {
    pub game: u32,
    pub copy: PhotoFile,
    pub original: Option<PhotoFile>,
    pub caption: Option<String>,
    pub by: Option<String>,
}

/// How many hex digits of a photo's hash name it to a person (`3fa9c2e1`).
pub const PHOTO_ID_DIGITS: usize = 8;

impl Photo {
    /// What a person calls the photo: the first digits of its copy's hash.
    pub fn id(&self) -> &str {
        &self.copy.sha256[..PHOTO_ID_DIGITS.min(self.copy.sha256.len())]
    }

    /// Every file it names: the copy, then the original.
    pub fn files(&self) -> impl Iterator<Item = &PhotoFile> {
        std::iter::once(&self.copy).chain(self.original.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_is_known_by_its_first_bytes_only() {
        assert_eq!(
            ImageKind::of_bytes(&[0xFF, 0xD8, 0xFF, 0xE1]),
            Some(ImageKind::Jpeg)
        );
        assert_eq!(
            ImageKind::of_bytes(b"\x89PNG\r\n\x1a\n...."),
            Some(ImageKind::Png)
        );
        assert_eq!(
            ImageKind::of_bytes(b"RIFF\0\0\0\0WEBPVP8 "),
            Some(ImageKind::Webp)
        );
        assert_eq!(ImageKind::of_bytes(b"RIFF\0\0\0\0WAVEfmt "), None);
        assert_eq!(ImageKind::of_bytes(b"hello, this is text"), None);
        assert_eq!(ImageKind::of_bytes(b""), None);
    }
}
