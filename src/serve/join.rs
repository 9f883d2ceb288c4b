//! `/join`: the page's address as a big QR code and in words, for the laptop's screen or the
//! television, so that everyone at the table opens the page. The address is the one this
//! page was opened at, where that is a network address (it is the one the others reach),
//! else the one listened on, or this machine's best address on the local network (`lan`). The logging address, with
//! this run's key, is shown too, but only with `--allow-log` and only to a request that
//! holds the key, as the terminal shows it only to whoever started `serve`.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::State;
use axum::http::uri::Authority;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{Markup, PreEscaped, html};

use super::access::writer;
use super::html::{error, page};
use super::lan::{lan_urls, page_url};
use super::pages::html_type;
use super::qr::qr_svg;
use super::read::{Params, Part, Shared};
use crate::render::html::Text;

/// The address to join at: the `Host` this page was asked at when it names a network
/// address; else the address listened on (`--bind`) when it is one; else, listening on
/// every network, this machine's best address on the local network; else the `Host` as it
/// is.
fn join_address(host: &str, bind: IpAddr) -> String {
    let Ok(authority) = host.parse::<Authority>() else {
        return format!("http://{host}/");
    };
    let port = authority.port_u16().unwrap_or(80);
    let named = authority
        .host()
        .trim_start_matches('[')
        .trim_end_matches(']');
    let as_asked = || format!("http://{host}/");
    match named.parse::<IpAddr>() {
        Ok(ip) if !ip.is_loopback() && !ip.is_unspecified() => page_url(ip, port),
        _ if bind.is_loopback() => as_asked(),
        _ if !bind.is_unspecified() => page_url(bind, port),
        _ => lan_urls(port).into_iter().next().unwrap_or_else(as_asked),
    }
}

/// A QR code of `url` with the address in words under it.
fn code(url: &str) -> Markup {
    html! {
        figure.qr {
            @if let Some(svg) = qr_svg(url) { (PreEscaped(svg)) }
            figcaption { (Text(url)) }
        }
    }
}

/// `/join`.
pub(super) async fn join(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("127.0.0.1")
        .to_string();
    let drawn = tokio::task::spawn_blocking(move || -> (StatusCode, String) {
        let key = writer(&shared, &headers).ok().map(|w| w.key.clone());
        let query = Params::default().query(Part::Packets, shared.spoilers);
        let (campaign, head) = match shared.ask(&query) {
            Ok(answer) => (answer.campaign, answer.head.to_string()),
            Err(e) => {
                let words = super::said::words(&e);
                let body = page("chronicle", "Join", None, "0", None, error(&words));
                return (StatusCode::SERVICE_UNAVAILABLE, body.into_string());
            }
        };
        let address = join_address(&host, shared.bind);
        let content = html! {
            p.join { "Open " strong { (Text(&address)) } " on a phone on the same Wi-Fi, or scan the code with its camera." }
            (code(&address))
            @if let Some(key) = key {
                h2 { "Log a game" }
                p.join { "This address lets a phone write: show it only to the table (anyone with it can log a game until serve stops)." }
                (code(&format!("{address}log?key={key}")))
            }
        };
        let body = page(&campaign, "Join", None, &head, None, content);
        (StatusCode::OK, body.into_string())
    })
    .await;
    match drawn {
        Ok((status, body)) => (status, html_type(), body).into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVERY: IpAddr = IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED);

    #[test]
    fn the_address_is_the_one_the_page_was_asked_at_on_the_network() {
        assert_eq!(
            join_address("192.168.77.5:8765", EVERY),
            "http://192.168.77.5:8765/"
        );
        assert_eq!(
            join_address("[fd12:3456:789a::7]:8765", EVERY),
            "http://[fd12:3456:789a::7]:8765/"
        );
    }

    #[test]
    fn asked_on_this_machine_the_address_is_the_one_listened_on() {
        let bind = "192.168.77.5".parse().expect("an address");
        assert_eq!(
            join_address("localhost:8765", bind),
            "http://192.168.77.5:8765/"
        );
        let loopback = "127.0.0.1".parse().expect("an address");
        assert_eq!(
            join_address("127.0.0.1:8765", loopback),
            "http://127.0.0.1:8765/"
        );
    }

    #[test]
    fn asked_on_this_machine_listening_everywhere_the_address_is_one_the_others_reach() {
        let address = join_address("127.0.0.1:8765", EVERY);
        let lan = lan_urls(8765);
        assert_eq!(
            address,
            lan.first().map_or("http://127.0.0.1:8765/", String::as_str)
        );
    }
}
