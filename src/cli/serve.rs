//! `chronicle serve [--port N] [--bind ADDR] [--no-qr] [--spoilers opened|none]`: the
//! campaign as a live page every phone on the same network opens. The first line on stdout
//! is the address to open.

use std::io::{IsTerminal, Write};
use std::net::IpAddr;

use super::context::Context;
use super::error::CliError;
use super::export::SpoilersArg;
use super::output::say;
use crate::report::spoilers::Spoilers;
use crate::serve::{DEFAULT_PORT, Options, Ready, ServeError, lan_urls, qr_text};
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
    /// Print no QR code (none is printed when stdout is not a terminal)
    #[arg(long)]
    pub no_qr: bool,
    /// `opened` shows what the group has opened; `none` shows nothing a packet brought, for
    /// a screen people outside the group see [default: opened]
    #[arg(long, value_enum, value_name = "WHICH")]
    pub spoilers: Option<SpoilersArg>,
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
    };
    let qr = !args.no_qr && std::io::stdout().is_terminal();
    crate::serve::run_until_ctrl_c(options, |ready| announce(ready, qr)).map_err(|error| {
        match error {
            ServeError::Store(store) => store.into(),
            ServeError::PortInUse { .. } | ServeError::CannotListen { .. } => {
                CliError::usage(error.to_string())
            }
            ServeError::Io(_) => CliError::input(error.to_string()),
        }
    })?;
    say("Stopped serving.");
    Ok(())
}

/// The address to open first (on stdout, at once, for scripts), then the others, a QR code
/// of the first network address, and what usually keeps a phone from reaching it.
fn announce(ready: &Ready, qr: bool) {
    let port = ready.addr.port();
    let ip = ready.addr.ip();
    let lan = if ip.is_unspecified() {
        lan_urls(port)
    } else {
        Vec::new()
    };
    let first = match (ip.is_unspecified(), lan.first()) {
        (true, Some(url)) => url.clone(),
        (true, None) => format!("http://127.0.0.1:{port}/"),
        (false, _) if ip.is_ipv6() => format!("http://[{ip}]:{port}/"),
        (false, _) => format!("http://{ip}:{port}/"),
    };
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{first}");
    for url in lan.iter().skip(1) {
        let _ = writeln!(out, "{url}");
    }
    if qr
        && !lan.is_empty()
        && let Some(code) = qr_text(&first)
    {
        let _ = writeln!(out, "{code}");
    }
    let _ = out.flush();
    if ip.is_loopback() {
        say("Serving on this machine only (--bind 127.0.0.1). Ctrl-C stops.");
    } else {
        say(
            "Open it on a phone on the same Wi-Fi. If it does not load: a guest network often keeps devices apart (client isolation), and a firewall may block the port. Ctrl-C stops.",
        );
    }
}
