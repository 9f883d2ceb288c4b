//! The connections `serve` accepts, each answered by hyper's HTTP/1 with a time limit on a
//! request's head: a connection that sends no request, or half a head, within
//! [`HEAD_READ`] is closed, so that idle or stalled clients cannot hold the server's
//! connections open. A request's body that stops coming for as long (half a photo sent,
//! then silence) is given up too: the request is refused and the connection closed. A
//! response being sent (the event stream's, however long) is not a request being read, and
//! is not cut.

use std::pin::pin;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinSet;
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutBody};

/// How long a connection may take to send a request's head, counted from when the server
/// waits for one (a new connection, or one kept alive after an answer).
pub(super) const HEAD_READ: Duration = Duration::from_secs(10);

/// Answers the connections of `listener` with `app` until `stop` is true; then each
/// connection finishes the answer it is giving and closes, and this returns when all have.
pub(super) async fn serve(listener: TcpListener, app: Router, stop: watch::Receiver<bool>) {
    let mut connections = JoinSet::new();
    let mut stopping = pin!(stopped(stop.clone()));
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stopping => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            // Too many open files, or the like: wait for some to close.
            Err(e) if !is_connection_error(&e) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
            Err(_) => continue,
        };
        connections.spawn(answer(stream, app.clone(), stop.clone()));
        while connections.try_join_next().is_some() {}
    }
    while connections.join_next().await.is_some() {}
}

/// One connection, answered until it closes, its head read in time, or the server stops.
async fn answer(stream: tokio::net::TcpStream, app: Router, stop: watch::Receiver<bool>) {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEAD_READ);
    // Each request's body read with a time limit between its parts (a slow upload that keeps
    // coming is not cut).
    let app = tower::ServiceBuilder::new()
        .layer(RequestBodyTimeoutLayer::new(HEAD_READ))
        .map_request(|request: Request<TimeoutBody<Incoming>>| request.map(Body::new))
        .service(app);
    let mut connection =
        pin!(builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(app)));
    tokio::select! {
        _ = connection.as_mut() => return,
        () = stopped(stop) => connection.as_mut().graceful_shutdown(),
    }
    let _ = connection.await;
}

/// Resolves once the server is stopping.
async fn stopped(mut stop: watch::Receiver<bool>) {
    let _ = stop.wait_for(|stopping| *stopping).await;
}

/// Whether an error of `accept` is the one connection's, not the listener's.
fn is_connection_error(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::ConnectionRefused
            | std::io::ErrorKind::ConnectionAborted
            | std::io::ErrorKind::ConnectionReset
    )
}
