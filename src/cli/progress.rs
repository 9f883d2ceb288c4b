//! Progress for work that takes a while (an import, a sync, a check): after a second, an
//! indicatif spinner on stderr says what is being done and for how long, until it is done.
//! Never when stderr is not a terminal, so that a pipe or a log file gets messages only.

use std::sync::mpsc;
use std::time::Duration;

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long work runs before its progress is shown (`CHRONICLE_PROGRESS_AFTER_MS` changes
/// it, for tests).
fn delay() -> Duration {
    let ms = std::env::var("CHRONICLE_PROGRESS_AFTER_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    Duration::from_millis(ms)
}

/// Runs `work`, showing `what` ("Importing 20,000 entries") on stderr with a spinner once
/// it has taken longer than a second, when stderr is a terminal.
pub(super) fn while_working<T>(stderr_terminal: bool, what: &str, work: impl FnOnce() -> T) -> T {
    if !stderr_terminal {
        return work();
    }
    let (done, finished) = mpsc::channel::<()>();
    let what = what.to_string();
    let after = delay();
    // With no wait at all, the spinner is there before the work starts.
    let at_once = after.is_zero().then(|| spinner(what.clone()));
    let shower = std::thread::spawn(move || {
        let bar = match at_once {
            Some(bar) => bar,
            None if finished.recv_timeout(after).is_ok() => return,
            None => spinner(what),
        };
        // Until the work is done (or its end is dropped), indicatif turns the spinner.
        let _ = finished.recv();
        bar.finish_and_clear();
    });
    let result = work();
    let _ = done.send(());
    let _ = shower.join();
    result
}

/// A count as a person reads it: its thousands set apart ("50,022").
pub(super) fn count(n: usize) -> String {
    HumanCount(u64::try_from(n).unwrap_or(u64::MAX)).to_string()
}

/// A spinner on stderr saying what is being done, and for how long ("… for 3s").
fn spinner(what: String) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{spinner} {msg}… for {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    bar.set_style(style);
    bar.set_message(what);
    bar.enable_steady_tick(Duration::from_millis(100));
    bar
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_set_their_thousands_apart() {
        assert_eq!(count(0), "0");
        assert_eq!(count(22), "22");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(50_022), "50,022");
        assert_eq!(count(1_234_567), "1,234,567");
    }
}
