//! A request is answered only when its `Host` names this machine: an IP address,
//! `localhost`, or the machine's own name (with `.local`, as phones find it on the network).
//! A page that another site's name points at this machine (DNS rebinding) is refused.

use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// This machine's name, as the system has it.
fn machine_name() -> Option<String> {
    let name = gethostname::gethostname()
        .to_string_lossy()
        .trim()
        .to_lowercase();
    (!name.is_empty()).then_some(name)
}

/// Whether a `Host` header (a name or an address, with a port or not) names this machine.
pub(super) fn allowed(host: &str, machine: Option<&str>) -> bool {
    let host = host.trim().to_lowercase();
    // "[::1]:8765", "[::1]", "10.0.0.5:8765", "laptop.local:8765"
    let bare = if let Some(rest) = host.strip_prefix('[') {
        match rest.split_once(']') {
            Some((address, _)) => return address.parse::<std::net::Ipv6Addr>().is_ok(),
            None => return false,
        }
    } else {
        host.rsplit_once(':')
            .filter(|(_, port)| port.chars().all(|c| c.is_ascii_digit()))
            .map_or(host.as_str(), |(name, _)| name)
    };
    if bare.parse::<std::net::IpAddr>().is_ok() || bare == "localhost" {
        return true;
    }
    machine.is_some_and(|m| bare == m || bare == format!("{m}.local"))
}

/// Refuses a request whose `Host` does not name this machine.
pub(super) async fn host(request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_string)
        .or_else(|| request.uri().authority().map(|a| a.as_str().to_string()));
    match host {
        Some(host) if allowed(&host, machine_name().as_deref()) => next.run(request).await,
        Some(host) => (
            StatusCode::FORBIDDEN,
            format!("{host} is not this machine's name or address: open the page by this machine's address.\n"),
        )
            .into_response(),
        None => (StatusCode::BAD_REQUEST, "A request names its Host.\n").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::allowed;

    #[test]
    fn this_machine_by_address_or_name_only() {
        for host in [
            "127.0.0.1:8765",
            "192.168.1.20",
            "[::1]:8765",
            "localhost:8765",
            "LAPTOP",
            "laptop.local:80",
        ] {
            assert!(allowed(host, Some("laptop")), "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:8765",
            "laptop.evil",
            "[nope]",
            "",
        ] {
            assert!(!allowed(host, Some("laptop")), "{host}");
        }
        assert!(!allowed("laptop", None));
    }
}
