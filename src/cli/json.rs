//! JSON as chronicle prints it: pretty, two spaces a level, byte for byte what
//! `serde_json::to_string_pretty` prints. It writes each line break with its indent at once
//! (serde_json writes the break, then the indent two spaces at a time): an export's JSON
//! is thousands of lines, and those small writes were a fifth of writing it.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::Formatter;

/// A comma, a line break, and the indent of the deepest level written in one piece.
const BREAK: &[u8] = b",\n                                                                ";

/// serde_json's pretty layout, each line's start written in one piece.
#[derive(Default)]
struct Indented {
    depth: usize,
    has_value: bool,
}

impl Indented {
    /// A line break (after a comma unless `first`) and the current level's indent.
    fn line<W: ?Sized + Write>(&self, out: &mut W, first: bool) -> io::Result<()> {
        let end = 2 + 2 * self.depth;
        let start = usize::from(first);
        if let Some(piece) = BREAK.get(start..end) {
            return out.write_all(piece);
        }
        out.write_all(&BREAK[start..2])?;
        (0..self.depth).try_for_each(|_| out.write_all(b"  "))
    }

    fn open<W: ?Sized + Write>(&mut self, out: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        out.write_all(bracket)
    }

    fn close<W: ?Sized + Write>(&mut self, out: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth -= 1;
        if self.has_value {
            self.line(out, true)?;
        }
        out.write_all(bracket)
    }
}

impl Formatter for Indented {
    fn begin_array<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.open(out, b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.close(out, b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> io::Result<()> {
        self.line(out, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _out: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.open(out, b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.close(out, b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> io::Result<()> {
        self.line(out, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        out.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _out: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

/// Writes `value` as pretty JSON with a final line break.
pub(super) fn write(out: &mut impl Write, value: &impl Serialize) -> Result<(), serde_json::Error> {
    let mut serializer = serde_json::Serializer::with_formatter(&mut *out, Indented::default());
    value.serialize(&mut serializer)?;
    out.write_all(b"\n").map_err(serde_json::Error::io)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn it_prints_what_serde_json_prints_pretty_at_every_depth() {
        let mut deep = json!({"leaf": [1, "two", null, {}, []]});
        for level in 0..40 {
            deep = json!({"level": level, "empty": {}, "list": [deep.clone(), {"a": "b\n\"c\""}]});
        }
        for value in [
            json!(null),
            json!([]),
            json!({}),
            json!([[]]),
            json!({"a": {}}),
            deep,
        ] {
            let mut ours = Vec::new();
            super::write(&mut ours, &value).expect("written");
            let theirs = serde_json::to_string_pretty(&value).expect("written") + "\n";
            assert_eq!(String::from_utf8(ours).expect("UTF-8"), theirs);
        }
    }
}
