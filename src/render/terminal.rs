//! Text for a terminal: what chronicle prints on stderr (and stored text it repeats)
//! never sends a control character raw.

use std::fmt::Write as _;

/// The longest piece of quoted input a message repeats whole.
const QUOTED_MAX: usize = 80;

/// A message as it can safely go to a terminal: control characters someone typed are shown
/// escaped (`\u{1b}`), never sent raw, and a long piece of quoted input is shortened.
pub fn printable(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4096));
    for (index, piece) in message.split('"').enumerate() {
        if index > 0 {
            out.push('"');
        }
        let quoted = index % 2 == 1;
        let count = piece.chars().count();
        if quoted && count > QUOTED_MAX {
            let head: String = piece.chars().take(QUOTED_MAX / 2).collect();
            let tail: String = piece.chars().skip(count - QUOTED_MAX / 4).collect();
            out.push_str(&escaped(&head));
            let _ = write!(
                out,
                "…({} characters)…",
                count - QUOTED_MAX / 2 - QUOTED_MAX / 4
            );
            out.push_str(&escaped(&tail));
        } else {
            out.push_str(&escaped(piece));
        }
    }
    out
}

fn escaped(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
