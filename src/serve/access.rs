//! Who may write: only with `serve --allow-log`, only a request holding this run's key (the
//! cookie the logging address sets, or `Authorization: Bearer KEY` from a script), and only
//! from this server's own pages (`Origin`, when a browser sends one, names this server). A
//! phone that only saw the read-only address cannot write.

use std::sync::Arc;

use axum::extract::{Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use cookie::{Cookie, SameSite};
use serde::Deserialize;
use subtle::ConstantTimeEq;

use super::memory::Writing;
use super::read::Shared;

/// The cookie that holds this run's key on a phone.
pub(super) const KEY_COOKIE: &str = "chronicle_key";
/// The cookie that holds the name a phone gave itself ("Bo's phone").
pub(super) const DEVICE_COOKIE: &str = "chronicle_device";

/// A cookie's value from a request's `Cookie` headers.
pub(super) fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == name)
        .map(|c| c.value().to_string())
}

/// Text as a cookie's value: its UTF-8 bytes in hexadecimal (a name holds spaces and
/// apostrophes, which a cookie may not).
pub(super) fn to_cookie(text: &str) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    text.bytes()
        .flat_map(|b| [DIGITS[usize::from(b >> 4)], DIGITS[usize::from(b & 15)]])
        .map(char::from)
        .collect()
}

/// A cookie's value made by `to_cookie`, as text; none if it is not one.
pub(super) fn from_cookie(value: &str) -> Option<String> {
    let bytes = (0..value.len())
        .step_by(2)
        .map(|i| {
            value
                .get(i..i + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        })
        .collect::<Option<Vec<u8>>>()?;
    String::from_utf8(bytes).ok()
}

/// Two keys compared in a time that does not depend on where they differ.
fn same_key(given: &str, key: &str) -> bool {
    given.as_bytes().ct_eq(key.as_bytes()).into()
}

/// Whether a request holds this run's key.
pub(super) fn holds_key(headers: &HeaderMap, writing: &Writing) -> bool {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|v| v.trim().to_string());
    bearer
        .into_iter()
        .chain(cookie(headers, KEY_COOKIE))
        .any(|given| same_key(&given, &writing.key))
}

/// Whether the request comes from this server's own page, or from no page at all (a
/// script sends no `Origin`).
fn same_origin(headers: &HeaderMap) -> bool {
    if headers
        .get("sec-fetch-site")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|site| site == "cross-site")
    {
        return false;
    }
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return true;
    };
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    origin.eq_ignore_ascii_case(&format!("http://{host}"))
}

/// Why a write is refused before anything is read: 403 with the way out, or the writing
/// allowed.
pub(super) fn writer<'a>(
    shared: &'a Shared,
    headers: &HeaderMap,
) -> Result<&'a Writing, (StatusCode, String)> {
    let Some(writing) = &shared.writing else {
        return Err((
            StatusCode::FORBIDDEN,
            "Writing is off: this server only shows the campaign. Start it with `chronicle serve --allow-log` to log games from a phone.".to_string(),
        ));
    };
    if !same_origin(headers) {
        return Err((
            StatusCode::FORBIDDEN,
            "A write must come from this server's own page: the request's Origin names another site.".to_string(),
        ));
    }
    if !holds_key(headers, writing) {
        return Err((
            StatusCode::FORBIDDEN,
            "Writing needs this run's key: open the logging address `chronicle serve --allow-log` printed (it ends in ?key=…), or send `Authorization: Bearer KEY`.".to_string(),
        ));
    }
    Ok(writing)
}

/// A page's query, for the key it may carry.
#[derive(Deserialize)]
struct Given {
    key: Option<String>,
}

/// `?key=KEY` on any page: the key kept in a cookie for this server, and the page again
/// without it (so the key stays out of the history and of links shown to others).
pub(super) async fn key_from_address(
    State(shared): State<Arc<Shared>>,
    request: Request,
    next: Next,
) -> Response {
    let given = Query::<Given>::try_from_uri(request.uri())
        .ok()
        .and_then(|Query(given)| given.key);
    let Some(given) = given else {
        return next.run(request).await;
    };
    let Some(writing) = shared.writing.as_ref().filter(|w| same_key(&given, &w.key)) else {
        return (
            StatusCode::FORBIDDEN,
            "This key is not this run's: open the logging address `chronicle serve --allow-log` printed when it started.\n",
        )
            .into_response();
    };
    let given = &writing.key;
    let path = request.uri().path().to_string();
    let mut response = Redirect::to(&path).into_response();
    // Lax, not Strict: the page a scanned QR code opens (a navigation from another app)
    // must carry it; writes are POSTs, which another site's page cannot send with it, and
    // which `Origin` checks besides.
    let cookie = Cookie::build((KEY_COOKIE, given.as_str()))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .build();
    if let Ok(value) = HeaderValue::from_str(&cookie.to_string()) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
}
