//! The same packet opened between the same games on two devices is one fact: when both
//! openings come into one log (a sync, a fork kept whole), the later of the two is out of
//! the log, saying which one stands, and kept in the history.

use super::{Body, LogRecord};
use crate::domain::entry::Entry;

/// Why a packet opening is out of the log: another device recorded the same one first.
pub(crate) fn same_opening(seq: u32) -> String {
    format!("the same opening as entry {seq}, recorded on another device")
}

/// The openings that repeat one another device recorded first, in the log's order
/// (`order`: the records that add entries; `out`: whether each record is out of the log
/// already), each with why it is out.
pub(in crate::domain) fn repeated(
    records: &[LogRecord],
    order: &[usize],
    out: &[bool],
) -> Vec<(usize, String)> {
    fn device(record: &LogRecord) -> Option<&str> {
        record.origin.as_ref().map(|o| o.device.as_str())
    }
    let mut seen: Vec<usize> = Vec::new();
    let mut repeated = Vec::new();
    for &i in order {
        let Body::Add(added) = &records[i].body else {
            continue;
        };
        if out[i] || !matches!(**added, Entry::OpenPacket { .. }) {
            continue;
        }
        let first = seen.iter().copied().find(|&s| {
            records[s].added() == Some(&**added)
                && device(&records[s]).is_some()
                && device(&records[i]).is_some()
                && device(&records[s]) != device(&records[i])
        });
        match first {
            Some(first) => repeated.push((i, same_opening(records[first].seq))),
            None => seen.push(i),
        }
    }
    repeated
}
