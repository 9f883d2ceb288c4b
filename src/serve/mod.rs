//! `chronicle serve`: the campaign as a page every phone at the table opens, on the local
//! network, live. The page is a view of the log, never a copy of it: each request reads the
//! database (one snapshot), builds the same read models as the commands (`report`) and draws
//! them with the same code as the exports (`render`). With `--allow-log` only, a game is
//! logged from a phone's form or a script through the ledger's `log_game`, the same write as
//! `game log` (`api`, `phone`), by a request that holds this run's key (`access`), and a
//! photo of a game is added from a phone's camera (`photo_add`, through the ledger's
//! `add_photo`, as `game photo add`). A game's page shows its photos (`photo_html`), whose
//! bytes are served by hash only where a photo of the log names them (`photos`); `/story`
//! is the page `chronicle story` writes (`story`).
//!
//! The web stack (axum on a tokio runtime of one thread) lives only here and only runs in
//! `serve`; the database work runs on tokio's blocking threads with the store as it is.

mod access;
mod api;
mod backup;
mod carried;
mod connections;
mod guard;
mod history_html;
mod html;
mod join;
mod lan;
mod links;
mod live;
mod map_cache;
mod memory;
mod offline;
mod pages;
mod person_page;
mod phone;
mod phone_html;
mod phone_kept;
mod phone_screen;
mod phone_script;
mod phone_undo;
mod photo_add;
mod photo_html;
mod photos;
mod qr;
mod read;
mod routes;
mod said;
mod screens;
mod story;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

pub use lan::{lan_urls, page_url};
pub use memory::Writing;
pub use qr::qr_text;
pub use read::Shared;
pub use routes::router;
pub use said::Refused;

use crate::report::spoilers::Spoilers;
use crate::store::StoreError;

/// The port `serve` takes when none is given.
pub const DEFAULT_PORT: u16 = 8765;

/// What `chronicle serve` serves, and where.
#[derive(Clone, Debug)]
pub struct Options {
    /// The database file.
    pub db: PathBuf,
    /// The campaign (the one `--campaign` names, else the only or the current one).
    pub campaign: Option<String>,
    pub bind: IpAddr,
    /// 0 for any free port.
    pub port: u16,
    pub spoilers: Spoilers,
    /// How often the database is asked whether another process wrote to it.
    pub poll: std::time::Duration,
    /// Writing from a page or a script (`--allow-log`); none: read-only.
    pub writing: Option<Writing>,
}

/// Why serving stopped or could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(
        "Port {port} of {bind} is in use: give another with --port N, or --port 0 for any free one."
    )]
    PortInUse { bind: IpAddr, port: u16 },
    #[error(
        "Cannot listen on {bind}:{port}: {detail}. Give another address with --bind (127.0.0.1 keeps it on this machine)."
    )]
    CannotListen {
        bind: IpAddr,
        port: u16,
        detail: String,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("The web server stopped: {0}")]
    Io(#[from] std::io::Error),
}

/// Where the server listens, once it does.
#[derive(Clone, Debug)]
pub struct Ready {
    pub addr: SocketAddr,
}

/// Serves until Ctrl-C: see `run`.
pub fn run_until_ctrl_c(options: Options, ready: impl FnOnce(&Ready)) -> Result<(), ServeError> {
    run(options, ready, async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

/// Serves until `stop` resolves: binds, says where (`ready`), polls the
/// database for other processes' writes, and answers requests on one thread.
pub fn run(
    options: Options,
    ready: impl FnOnce(&Ready),
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    // The database must open, and hold the campaign, before anything listens.
    let shared = Arc::new(read::Shared::open(&options)?);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind((options.bind, options.port))
            .await
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::AddrInUse => ServeError::PortInUse {
                    bind: options.bind,
                    port: options.port,
                },
                _ => ServeError::CannotListen {
                    bind: options.bind,
                    port: options.port,
                    detail: e.to_string(),
                },
            })?;
        ready(&Ready {
            addr: listener.local_addr()?,
        });
        let poller = live::watch(Arc::clone(&shared), options.poll);
        let app = router(Arc::clone(&shared));
        let stopping = Arc::clone(&shared);
        tokio::spawn(async move {
            stop.await;
            // The event streams end, so that no open page keeps the server up.
            stopping.stop();
        });
        connections::serve(listener, app, shared.stopped.subscribe()).await;
        shared.stop();
        let _ = poller.join();
        Ok(())
    })
}
