//! Messages for the person, not data: to stderr.

/// Says something on stderr.
pub(super) fn say(text: &str) {
    eprintln!("{text}");
}
