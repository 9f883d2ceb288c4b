//! The addresses the served pages link to, each name in them percent-encoded: a path with
//! its query, a person's page.

use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};

/// A path with its query, each value percent-encoded.
pub(super) fn query(path: &str, pairs: &[(&str, String)]) -> String {
    let query: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{k}={}", utf8_percent_encode(v, NON_ALPHANUMERIC)))
        .collect();
    if query.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{}", query.join("&"))
    }
}

/// The path of a person's page.
pub(super) fn person_path(name: &str) -> String {
    format!("/people/{}", utf8_percent_encode(name, NON_ALPHANUMERIC))
}
