//! `/photos/<sha256>.<ext>`: the bytes of an image a photo standing in the log names
//! (never any other hash the database holds), kept by browsers for good (the name is the
//! content's hash, so it never changes). Under `--spoilers none` no photo is served: a
//! photo of the board may show what packets brought, and pixels cannot be left out as
//! words can (`photo_html` says so on the pages).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use headers::{HeaderMapExt, IfNoneMatch};

use super::pages::held;
use super::photo_html::LEFT_OUT;
use super::read::{BUSY, Shared};
use crate::ledger::photo_image;
use crate::report::spoilers::Spoilers;
use crate::store::{Access, Store};

/// `GET /photos/<sha256>.<ext>`: the image, with its type and its hash as its `ETag`; 404
/// for a name no photo of the log gives, and for every name under `--spoilers none`.
pub(super) async fn image(
    State(shared): State<Arc<Shared>>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Response {
    if shared.spoilers == Spoilers::None {
        return not_here(LEFT_OUT);
    }
    let wanted = headers.typed_get::<IfNoneMatch>();
    let found = tokio::task::spawn_blocking(move || {
        let store = Store::open(&shared.db, Access::Read, BUSY)?;
        photo_image(&store, shared.campaign(), &name)
    })
    .await;
    let image = match found {
        Ok(Ok(Some(image))) => image,
        Ok(Ok(None)) => {
            return not_here(
                "No photo of this campaign is this file (or its bytes are not here yet).",
            );
        }
        Ok(Err(e)) => {
            return (super::said::status(&e), super::said::words(&e)).into_response();
        }
        Err(_) => {
            return (
                StatusCode::INTERNAL_SERVER_ERROR,
                "The photo could not be read.",
            )
                .into_response();
        }
    };
    let etag = format!("\"{}\"", image.file.sha256);
    let kept = [
        (
            header::ETAG,
            HeaderValue::from_str(&etag).unwrap_or(HeaderValue::from_static("\"0\"")),
        ),
        (
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ),
    ];
    if wanted.as_ref().is_some_and(|w| held(w, &etag)) {
        return (StatusCode::NOT_MODIFIED, kept).into_response();
    }
    let media_type = [(
        header::CONTENT_TYPE,
        HeaderValue::from_static(image.file.kind.media_type()),
    )];
    (kept, media_type, image.bytes).into_response()
}

fn not_here(words: &str) -> Response {
    (StatusCode::NOT_FOUND, format!("{words}\n")).into_response()
}
