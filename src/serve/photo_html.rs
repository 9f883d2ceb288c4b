//! Photos on a game's page: each the copy at its size (so that the page keeps its place
//! while it loads), its caption and who took it, "not here yet" for one whose bytes have
//! not come; a line in their place under `--spoilers none` (a photo of the board may show
//! what packets brought); and, for the key's holder, the form that adds one from a phone's
//! camera (`photo_add`), a plain form that needs no script.

use std::collections::HashMap;

use maud::{Markup, PreEscaped, html};

use crate::domain::entry::photo::ImageKind;
use crate::domain::entry::validate::MAX_CAPTION_CHARS;
use crate::report::photos::PhotoView;
use crate::report::spoilers::Spoilers;

/// What a page says in place of the photos under `--spoilers none`.
pub(super) const LEFT_OUT: &str =
    "Photos are left out: a photo of the board may show what packets brought.";

/// The photos' look: as wide as the page at most, their own shape kept.
const PHOTOS_LOOK: &str = "figure.photo{margin:12px 0}figure.photo img{display:block;max-width:100%;height:auto;border-radius:8px}figure.photo figcaption{margin-top:4px}figure.photo span.by{display:block}";

/// The form's look: a field a line, in reach of a thumb.
const FORM_LOOK: &str = "form.photo{margin:16px 0}form.photo label{display:block;margin:8px 0 4px}form.photo input{width:100%;font-size:1.05rem;padding:8px 0}form.photo button{font-size:1.05rem;padding:10px 16px;margin:12px 0 0}";

/// A game's photos on its page: each the copy (at its size, where its bytes are here, so
/// the page does not jump as it loads), its caption and who took it; "not here yet" for
/// one whose bytes have not come; a line instead under `--spoilers none`.
pub(super) fn photos_of_game(
    game: u32,
    shown: &[PhotoView],
    sizes: &HashMap<String, (u32, u32)>,
    spoilers: Spoilers,
) -> Markup {
    if spoilers == Spoilers::None {
        return html! { p.aside { (LEFT_OUT) } };
    }
    if shown.is_empty() {
        return html! {};
    }
    html! {
        style { (PreEscaped(PHOTOS_LOOK)) }
        h2 { "Photos" }
        @for photo in shown {
            figure.photo id=(format!("photo-{}", photo.id)) {
                @if photo.here {
                    @let alt = photo.caption.clone().unwrap_or_else(|| format!("Photo of game {game}"));
                    @let size = sizes.get(&photo.copy.sha256);
                    img src=(format!("/photos/{}.{}", photo.copy.sha256, extension(photo)))
                        loading="lazy" alt=(alt)
                        width=[size.map(|s| s.0)] height=[size.map(|s| s.1)];
                } @else {
                    p.aside { "Photo " (photo.id) " is not here yet: its entry came before its bytes (a sync brings them)." }
                }
                figcaption {
                    @if let Some(caption) = &photo.caption { (caption) }
                    @if let Some(by) = &photo.by { span.aside.by { "Taken by " (by) "." } }
                    @else if let Some(device) = &photo.logged_by { span.aside.by { "Added on " (device) "." } }
                }
            }
        }
    }
}

/// The file name's ending of a photo's copy (`jpg`), from its media type.
fn extension(photo: &PhotoView) -> &'static str {
    ImageKind::of_media_type(photo.copy.media_type).map_or("jpg", |kind| kind.extension())
}

/// The form that adds a photo of game `game` from a phone: the camera (or a file) and an
/// optional caption, posted as a plain form (no script needed).
pub(super) fn add_form(game: u32) -> Markup {
    html! {
        style { (PreEscaped(FORM_LOOK)) }
        form.photo method="post" action=(format!("/api/games/{game}/photos")) enctype="multipart/form-data" {
            h2 { "Add a photo of game " (game) }
            label for="photo-file" { "Photo" }
            input #photo-file type="file" name="photo" accept="image/*" capture="environment" required;
            label for="photo-caption" { "Caption (optional)" }
            input #photo-caption type="text" name="caption" maxlength=(MAX_CAPTION_CHARS);
            button type="submit" { "Add the photo" }
        }
    }
}
