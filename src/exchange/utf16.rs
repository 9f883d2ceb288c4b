//! Campaign files saved as UTF-16 (as some Windows editors save text): recognised by their
//! byte-order mark, or by the `{` they start with, and read as the same text in UTF-8.

/// The order of a UTF-16 file's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Order {
    Little,
    Big,
}

/// The byte order of a file that starts as UTF-16 does (a byte-order mark, or a JSON
/// file's first character with a zero byte beside it), else none.
pub(super) fn order(head: &[u8]) -> Option<Order> {
    match head {
        [0xFF, 0xFE, ..] | [b'{' | b'[' | b' ' | b'\n' | b'\r' | b'\t', 0, ..] => {
            Some(Order::Little)
        }
        [0xFE, 0xFF, ..] | [0, b'{' | b'[' | b' ' | b'\n' | b'\r' | b'\t', ..] => Some(Order::Big),
        _ => None,
    }
}

/// The text of a UTF-16 file (its byte-order mark left out), or why it cannot be read.
pub(super) fn decode(order: Order, bytes: &[u8]) -> Result<String, String> {
    if !bytes.len().is_multiple_of(2) {
        return Err("it is UTF-16 with an odd number of bytes".to_string());
    }
    let units = bytes.chunks_exact(2).map(|pair| match order {
        Order::Little => u16::from_le_bytes([pair[0], pair[1]]),
        Order::Big => u16::from_be_bytes([pair[0], pair[1]]),
    });
    let text: String = char::decode_utf16(units)
        .collect::<Result<_, _>>()
        .map_err(|_| "it is UTF-16 with a broken character".to_string())?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(&text).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(text: &str, order: Order, mark: bool) -> Vec<u8> {
        let mut units: Vec<u16> = Vec::new();
        if mark {
            units.push(0xFEFF);
        }
        units.extend(text.encode_utf16());
        units
            .iter()
            .flat_map(|u| match order {
                Order::Little => u.to_le_bytes(),
                Order::Big => u.to_be_bytes(),
            })
            .collect()
    }

    #[test]
    fn both_orders_with_or_without_a_mark_are_read() {
        let text = "{\"name\": \"Офигеназия 漢字 🎲\"}";
        for order in [Order::Little, Order::Big] {
            for mark in [true, false] {
                let bytes = utf16(text, order, mark);
                assert_eq!(super::order(&bytes), Some(order), "{order:?} {mark}");
                assert_eq!(decode(order, &bytes).as_deref(), Ok(text));
            }
        }
        assert_eq!(super::order(b"{\"a\": 1}"), None);
        assert_eq!(super::order(b"\xEF\xBB\xBF{"), None);
    }

    #[test]
    fn a_broken_file_is_refused() {
        assert!(decode(Order::Little, &[0xFF, 0xFE, b'{']).is_err());
        // A lone high surrogate.
        assert!(decode(Order::Little, &[0x00, 0xD8, b'{', 0]).is_err());
    }
}
