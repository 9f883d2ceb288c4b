//! Where phones find the page: this machine's addresses on the local network, the one the
//! default route leaves from first.

use std::net::{IpAddr, Ipv4Addr, UdpSocket};

/// The page's address at each of this machine's addresses a phone may reach, best first
/// (see `ordered`): the interfaces as the system lists them (getifaddrs), and the address
/// of the default route.
pub fn lan_urls(port: u16) -> Vec<String> {
    let interfaces: Vec<Found> = if_addrs::get_if_addrs()
        .map(|all| {
            all.into_iter()
                .filter(|interface| !down(&interface.oper_status))
                .map(|interface| Found {
                    ip: interface.ip(),
                    point_to_point: interface.is_p2p,
                    name: interface.name,
                })
                .collect()
        })
        .unwrap_or_default();
    ordered(&interfaces, default_route_address())
        .into_iter()
        .map(|ip| page_url(ip, port))
        .collect()
}

/// Whether the system says an interface is down (a bridge with nothing plugged in, a
/// cable out): no phone reaches it.
fn down(status: &if_addrs::IfOperStatus) -> bool {
    use if_addrs::IfOperStatus::{Down, LowerLayerDown, NotPresent};
    matches!(status, Down | LowerLayerDown | NotPresent)
}

/// An address of one of this machine's interfaces: the interface's name, the address, and
/// whether the interface is a point-to-point link (a VPN's tunnel, whatever its name).
#[derive(Clone, Debug)]
struct Found {
    name: String,
    ip: IpAddr,
    point_to_point: bool,
}

/// The page's address at `ip`.
pub fn page_url(ip: IpAddr, port: u16) -> String {
    match ip {
        IpAddr::V4(v4) => format!("http://{v4}:{port}/"),
        IpAddr::V6(v6) => format!("http://[{v6}]:{port}/"),
    }
}

/// The address this machine sends from towards the internet, the one of the interface that
/// carries the default route: the system picks it for a UDP socket connected to a
/// documentation address (192.0.2.1). Connecting a UDP socket sends nothing. None without a
/// default route.
fn default_route_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    reachable(ip).then_some(ip)
}

/// How likely a phone at the table reaches an address; the first is the likeliest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Reach {
    /// The default route's address: the network this machine is on.
    DefaultRoute,
    /// A private range (10/8, 172.16/12, 192.168/16, IPv6 unique local): a home's network.
    Lan,
    /// Any other address of an ordinary interface.
    Other,
    /// A VPN, a container or virtual machine bridge, a carrier-grade NAT address (a mesh
    /// VPN's) or a self-assigned one: a phone on the Wi-Fi does not reach it.
    Apart,
}

/// The names the usual VPNs and container or virtual machine bridges give their interfaces.
const APART: &[&str] = &[
    "docker",
    "br-",
    "veth",
    "virbr",
    "lxcbr",
    "lxdbr",
    "cni",
    "flannel",
    "podman",
    "vboxnet",
    "vmnet",
    "tun",
    "tap",
    "wg",
    "tailscale",
    "utun",
    "zt",
    "ppp",
    "ipsec",
    "nordlynx",
];

/// Whether a phone could open an address at all: not loopback, not unspecified, not an
/// IPv6 link-local address (which needs the interface named).
fn reachable(ip: IpAddr) -> bool {
    !ip.is_loopback()
        && !ip.is_unspecified()
        && !matches!(ip, IpAddr::V6(v6) if v6.is_unicast_link_local())
}

/// Whether an interface's name is a tunnel's wherever the word stands (`cscotun0`,
/// `outline-tun0`, `wg0-mullvad`'s `wg` is a prefix).
const TUNNEL_WORDS: &[&str] = &["tun", "vpn"];

fn reach(found: &Found, default_route: Option<IpAddr>) -> Reach {
    let (name, ip) = (found.name.to_lowercase(), found.ip);
    let apart = found.point_to_point
        || APART.iter().any(|prefix| name.starts_with(prefix))
        || TUNNEL_WORDS.iter().any(|word| name.contains(word))
        || match ip {
            IpAddr::V4(v4) => {
                v4.is_link_local() || (v4.octets()[0] == 100 && (v4.octets()[1] & 0xc0) == 64)
            }
            IpAddr::V6(_) => false,
        };
    if apart {
        Reach::Apart
    } else if Some(ip) == default_route {
        Reach::DefaultRoute
    } else if match ip {
        IpAddr::V4(v4) => v4.is_private(),
        IpAddr::V6(v6) => v6.is_unique_local(),
    } {
        Reach::Lan
    } else {
        Reach::Other
    }
}

/// The addresses a phone may reach, best first: the default route's address, then the
/// private ranges of a home's network, then the other addresses, then VPNs and container
/// bridges (by their interfaces' names, or a point-to-point link); IPv4 before IPv6, then
/// in order, each once. The default route's address comes first even when the interfaces
/// are not known, but never when its interface is a VPN's (a phone on the Wi-Fi does not
/// reach it, and a VPN that carries the default route is the usual case).
fn ordered(interfaces: &[Found], default_route: Option<IpAddr>) -> Vec<IpAddr> {
    let mut addresses: Vec<(Reach, IpAddr)> = interfaces
        .iter()
        .filter(|found| reachable(found.ip))
        .map(|found| (reach(found, default_route), found.ip))
        .collect();
    if let Some(ip) = default_route.filter(|ip| reachable(*ip))
        && !interfaces.iter().any(|found| found.ip == ip)
    {
        addresses.push((Reach::DefaultRoute, ip));
    }
    addresses.sort_by_key(|(reach, ip)| (*reach, ip.is_ipv6(), *ip));
    let mut ordered: Vec<IpAddr> = Vec::with_capacity(addresses.len());
    for (_, ip) in addresses {
        if !ordered.contains(&ip) {
            ordered.push(ip);
        }
    }
    ordered
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Interfaces as the system lists them: name and address; a name ending in `(p2p)` is
    /// a point-to-point link.
    fn interfaces(list: &[(&str, &str)]) -> Vec<Found> {
        list.iter()
            .map(|(name, ip)| Found {
                name: name.trim_end_matches(" (p2p)").to_string(),
                ip: ip.parse().expect("an address"),
                point_to_point: name.ends_with(" (p2p)"),
            })
            .collect()
    }

    fn urls(list: &[(&str, &str)], default_route: Option<&str>) -> Vec<String> {
        let default_route = default_route.map(|ip| ip.parse().expect("an address"));
        ordered(&interfaces(list), default_route)
            .into_iter()
            .map(|ip| page_url(ip, 8765))
            .collect()
    }

    #[test]
    fn the_wi_fi_comes_before_a_vpn_that_sorts_first_by_number_and_a_docker_bridge() {
        let list = [
            ("docker0", "172.17.0.1"),
            ("tun0 (p2p)", "10.8.0.2"),
            ("wlp0s20f3", "192.168.77.5"),
            ("br-5e0c1a2b3c4d", "172.18.0.1"),
            ("veth1a2b3c", "169.254.12.7"),
        ];
        let wanted = [
            "http://192.168.77.5:8765/",
            "http://10.8.0.2:8765/",
            "http://169.254.12.7:8765/",
            "http://172.17.0.1:8765/",
            "http://172.18.0.1:8765/",
        ];
        // The VPN carries the default route (all traffic through it), or the Wi-Fi does.
        assert_eq!(urls(&list, Some("10.8.0.2")), wanted);
        assert_eq!(urls(&list, Some("192.168.77.5")), wanted);
        assert_eq!(urls(&list, None), wanted);
    }

    #[test]
    fn a_vpn_of_a_name_not_known_is_known_by_its_point_to_point_link_or_its_tunnel() {
        for vpn in ["gpd0 (p2p)", "cscotun0", "outline-tun0", "CloudflareVPN"] {
            let list = [(vpn, "10.8.0.2"), ("en0", "192.168.77.5")];
            assert_eq!(
                urls(&list, Some("10.8.0.2")),
                ["http://192.168.77.5:8765/", "http://10.8.0.2:8765/"],
                "{vpn}"
            );
        }
    }

    #[test]
    fn the_default_route_comes_first_then_the_home_network_then_vpns_and_bridges() {
        let list = [
            ("lo", "127.0.0.1"),
            ("docker0", "172.17.0.1"),
            ("wg0", "10.8.0.2"),
            ("tailscale0", "100.101.102.103"),
            ("eth0", "192.168.1.20"),
            ("wlan0", "192.168.50.7"),
            ("wlan0", "fe80::1c2d:3e4f:5a6b:7c8d"),
            ("wlan0", "fd12:3456:789a::7"),
            ("lo", "::1"),
        ];
        assert_eq!(
            urls(&list, Some("192.168.50.7")),
            [
                "http://192.168.50.7:8765/",
                "http://192.168.1.20:8765/",
                "http://[fd12:3456:789a::7]:8765/",
                "http://10.8.0.2:8765/",
                "http://100.101.102.103:8765/",
                "http://172.17.0.1:8765/",
            ]
        );
    }

    #[test]
    fn without_a_default_route_the_home_network_comes_before_a_public_address() {
        let list = [
            ("enp3s0", "203.0.113.9"),
            ("virbr0", "192.168.122.1"),
            ("wlp2s0", "10.0.0.12"),
        ];
        assert_eq!(
            urls(&list, None),
            [
                "http://10.0.0.12:8765/",
                "http://203.0.113.9:8765/",
                "http://192.168.122.1:8765/",
            ]
        );
    }

    #[test]
    fn a_default_route_through_a_vpn_does_not_come_first() {
        let list = [("wg0", "10.8.0.2"), ("wlan0", "192.168.1.4")];
        assert_eq!(
            urls(&list, Some("10.8.0.2")),
            ["http://192.168.1.4:8765/", "http://10.8.0.2:8765/"]
        );
    }

    #[test]
    fn the_default_route_is_shown_when_the_interfaces_are_not_known() {
        assert_eq!(urls(&[], Some("192.168.1.4")), ["http://192.168.1.4:8765/"]);
        assert!(urls(&[("lo", "127.0.0.1")], None).is_empty());
    }

    #[test]
    fn an_address_on_two_interfaces_is_listed_once() {
        let list = [("eth0", "192.168.1.4"), ("eth0", "192.168.1.4")];
        assert_eq!(urls(&list, None), ["http://192.168.1.4:8765/"]);
    }
}
