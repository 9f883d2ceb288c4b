//! Where phones find the page: this machine's addresses on the local network, and a QR code
//! of one for a terminal.

use std::net::IpAddr;

use qrcode::QrCode;
use qrcode::render::unicode::Dense1x2;

/// The page's address at each of this machine's addresses that is not loopback, IPv4 first.
pub fn lan_urls(port: u16) -> Vec<String> {
    let mut addresses: Vec<IpAddr> = local_ip_address::list_afinet_netifas()
        .map(|all| all.into_iter().map(|(_, ip)| ip).collect())
        .unwrap_or_default();
    addresses.retain(|ip| !ip.is_loopback() && !ip.is_unspecified());
    addresses.sort_by_key(|ip| (ip.is_ipv6(), *ip));
    addresses.dedup();
    addresses
        .into_iter()
        .filter(|ip| !matches!(ip, IpAddr::V6(v6) if (v6.segments()[0] & 0xffc0) == 0xfe80))
        .map(|ip| match ip {
            IpAddr::V4(v4) => format!("http://{v4}:{port}/"),
            IpAddr::V6(v6) => format!("http://[{v6}]:{port}/"),
        })
        .collect()
}

/// A QR code of `url` in half-height blocks, to scan off a terminal.
pub fn qr_text(url: &str) -> Option<String> {
    let code = QrCode::new(url.as_bytes()).ok()?;
    Some(
        code.render::<Dense1x2>()
            .dark_color(Dense1x2::Light)
            .light_color(Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
}
