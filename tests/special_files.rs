//! Files that are not regular files, made inside a test's temporary folder for the tests of
//! what chronicle refuses to read or replace: named pipes, sockets, device nodes, symbolic
//! links; and a way to run a command with a timeout, so that one that would wait forever on
//! a pipe fails the test instead of hanging it. Nothing here touches a real device.

use std::os::unix::net::UnixListener;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// A named pipe at `path` (`mkfifo`).
pub(crate) fn fifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {} failed", path.display());
}

/// A Unix socket at `path`; the file stays when the listener is dropped.
pub(crate) fn socket(path: &Path) {
    drop(UnixListener::bind(path).expect("a socket is bound"));
    assert!(path.exists());
}

/// Whether this process runs as root (the tests of permissions change with it).
pub(crate) fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|line| line.strip_prefix("Uid:"))
                .map(|uids| uids.split_whitespace().next() == Some("0"))
        })
        .unwrap_or(false)
}

/// A character device node at `path` with the numbers of /dev/null (1, 3), made only when
/// running as root and `mknod` works; otherwise a note is printed and false returned. Writing
/// into it, as into /dev/null, would be harmless; replacing it replaces only this node.
pub(crate) fn device(path: &Path) -> bool {
    if !is_root() {
        eprintln!("note: not root, so no device node is made; the device case is skipped");
        return false;
    }
    let made = Command::new("mknod")
        .arg(path)
        .args(["c", "1", "3"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        eprintln!("note: mknod failed here, so the device case is skipped");
    }
    made
}

/// What `path` is, in the words chronicle uses, for checking a file was left as it was.
pub(crate) fn kind(path: &Path) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let Ok(metadata) = std::fs::symlink_metadata(path) else {
        return "nothing";
    };
    let file_type = metadata.file_type();
    if file_type.is_symlink() {
        "a symbolic link"
    } else if file_type.is_fifo() {
        "a named pipe"
    } else if file_type.is_socket() {
        "a socket"
    } else if file_type.is_char_device() || file_type.is_block_device() {
        "a device"
    } else if file_type.is_dir() {
        "a folder"
    } else {
        "a regular file"
    }
}

/// The names in `folder`, sorted.
pub(crate) fn listing(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .expect("the folder can be listed")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Runs `command` (stdin closed) and waits at most `limit` for it; a command still running
/// then is killed (by its id) and the test fails, saying it hung. What it prints is read as
/// it comes, so a long output never holds it up.
pub(crate) fn output_within(mut command: Command, limit: Duration) -> Output {
    let child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let pid = child.id();
    let (done, outcome) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait_with_output());
    });
    let Ok(output) = outcome.recv_timeout(limit) else {
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
        panic!("{command:?} still ran after {limit:?}: it hung");
    };
    output.expect("the output")
}
