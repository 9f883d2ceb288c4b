//! `chronicle serve [--port N] [--bind ADDR] [--address ADDR] [--no-qr] [--spoilers
//! opened|none] [--allow-log]`: the campaign as a live page every phone on the same network
//! opens. The first line on stdout is the address to open; with `--allow-log`, a line `Log a
//! game: ADDRESS/log?key=KEY` follows, the address that lets a phone write.

use std::io::{IsTerminal, Write};
use std::net::IpAddr;

use super::context::Context;
use super::error::CliError;
use super::export::SpoilersArg;
use super::output::say;
use crate::report::spoilers::Spoilers;
use crate::serve::{
    DEFAULT_PORT, Options, Ready, ServeError, Writing, lan_urls, page_url, qr_text,
};
use crate::store::Access;

/// Serve the campaign as a live page on the local network: the board, the recap, every
/// report, for phones at the table (read-only)
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The port to listen on; 0 takes any free one (the first line printed says which)
    #[arg(long, default_value_t = DEFAULT_PORT, value_name = "N")]
    pub port: u16,
    /// The address to listen on: 0.0.0.0 for every network this machine is on, 127.0.0.1
    /// to keep the page on this machine
    #[arg(long, default_value = "0.0.0.0", value_name = "ADDR")]
    pub bind: IpAddr,
    /// The address shown first and put in the QR code, where the machine's own pick (the
    /// address of the interface of the default route) is not the one phones reach
    #[arg(long, value_name = "ADDR")]
    pub address: Option<IpAddr>,
    /// Print no QR code (none is printed when stdout is not a terminal)
    #[arg(long)]
    pub no_qr: bool,
    /// `opened` shows what the group has opened; `none` shows nothing a packet brought, for
    /// a screen people outside the group see [default: opened]
    #[arg(long, value_enum, value_name = "WHICH")]
    pub spoilers: Option<SpoilersArg>,
    /// Let phones at the table log a game (and take back the one they logged): prints a
    /// second address that carries a secret key for this run (`CHRONICLE_SERVE_KEY` gives
    /// one); only a request with the key writes, through the same rules as `game log`
    #[arg(long)]
    pub allow_log: bool,
}

/// This run's key: `CHRONICLE_SERVE_KEY`, else a random one.
fn key() -> Result<String, CliError> {
    match std::env::var("CHRONICLE_SERVE_KEY") {
        Ok(key) if key.len() >= 16 && key.chars().all(|c| c.is_ascii_alphanumeric()) => Ok(key),
        Ok(_) => Err(CliError::usage(
            "CHRONICLE_SERVE_KEY is a key of at least 16 letters and digits.",
        )),
        Err(_) => Ok(format!(
            "{}{}",
            uuid::Uuid::new_v4().simple(),
            uuid::Uuid::new_v4().simple()
        )),
    }
}

pub(super) fn run(context: &Context, args: Args) -> Result<(), CliError> {
    let options = Options {
        db: context.db_path(Access::Read)?,
        campaign: context.campaign.clone(),
        bind: args.bind,
        port: args.port,
        spoilers: args
            .spoilers
            .map_or(Spoilers::Opened, SpoilersArg::spoilers),
        poll: std::time::Duration::from_millis(250),
        writing: if args.allow_log {
            Some(Writing {
                key: key()?,
                clock: context.clock,
            })
        } else {
            None
        },
    };
    let qr = !args.no_qr && std::io::stdout().is_terminal();
    let key = options.writing.as_ref().map(|w| w.key.clone());
    let address = args.address;
    crate::serve::run_until_ctrl_c(options, |ready| {
        announce(ready, address, qr, key.as_deref());
    })
    .map_err(|error| match error {
        ServeError::Store(store) => store.into(),
        ServeError::PortInUse { .. } | ServeError::CannotListen { .. } => {
            CliError::usage(error.to_string())
        }
        ServeError::Io(_) => CliError::input(error.to_string()),
    })?;
    say("Stopped serving.");
    Ok(())
}

/// The address to open first (on stdout, at once, for scripts): `--address`, else the
/// address of the default route's interface; then the others, a QR code of the first
/// network address, and what usually keeps a phone from reaching it.
fn announce(ready: &Ready, address: Option<IpAddr>, qr: bool, key: Option<&str>) {
    let port = ready.addr.port();
    let ip = ready.addr.ip();
    let lan = if ip.is_unspecified() {
        lan_urls(port)
    } else {
        Vec::new()
    };
    let chosen = address.map(|address| page_url(address, port));
    let first = match (&chosen, ip.is_unspecified(), lan.first()) {
        (Some(url), _, _) | (None, true, Some(url)) => url.clone(),
        (None, true, None) => page_url(IpAddr::from([127, 0, 0, 1]), port),
        (None, false, _) => page_url(ip, port),
    };
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{first}");
    for url in lan.iter().filter(|url| **url != first) {
        let _ = writeln!(out, "{url}");
    }
    if qr
        && (chosen.is_some() || !lan.is_empty())
        && let Some(code) = qr_text(&first)
    {
        let _ = writeln!(out, "{code}");
    }
    if let Some(key) = key {
        let logging = format!("{first}log?key={key}");
        let _ = writeln!(out, "Log a game: {logging}");
        if qr && let Some(code) = qr_text(&logging) {
            let _ = writeln!(out, "{code}");
        }
    }
    let _ = out.flush();
    if key.is_some() {
        say(
            "The \"Log a game\" address lets a phone write: show it only to the table (anyone with it can log a game until serve stops).",
        );
    }
    if ip.is_loopback() {
        say("Serving on this machine only (--bind 127.0.0.1). Ctrl-C stops.");
    } else {
        say(&format!(
            "Open it on a phone on the same Wi-Fi, or show {first}join on a screen the table sees (a big QR code). If it does not load: a guest network often keeps devices apart (client isolation), and a firewall may block the port. Ctrl-C stops."
        ));
    }
}
