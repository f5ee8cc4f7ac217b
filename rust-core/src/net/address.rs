//! A host's address as a person types it on the join screen, and the port
//! a host listens on.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, TcpListener};

/// The port hosts listen on unless it is taken, so that a typed address
/// rarely needs one.
pub const DEFAULT_PORT: u16 = 41641;

/// What is wrong with a typed address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum AddressProblem {
    Empty,
    /// Not a port number from 1 to 65535.
    BadPort,
    /// Neither an IPv4 address, an IPv6 address in brackets, nor a host name.
    BadHost,
}

impl fmt::Display for AddressProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AddressProblem::Empty => "no address was given",
            AddressProblem::BadPort => "the port is not a number from 1 to 65535",
            AddressProblem::BadHost => "not an IP address or host name",
        })
    }
}

/// A host and port as typed: `192.168.1.20`, `192.168.1.20:40123`,
/// `[fe80::1]:40123`, `fe80::1`, `phone.local`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct HostAddress {
    pub host: String,
    pub port: u16,
}

impl fmt::Display for HostAddress {
    /// As a person would type it back: IPv6 in brackets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.host.contains(':') {
            write!(f, "[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{}:{}", self.host, self.port)
        }
    }
}

impl HostAddress {
    /// Reads a typed address; without a port it is [`DEFAULT_PORT`].
    pub fn parse(text: &str) -> Result<HostAddress, AddressProblem> {
        let text = text.trim();
        if text.is_empty() {
            return Err(AddressProblem::Empty);
        }
        let (host, port) = if let Some(rest) = text.strip_prefix('[') {
            let (host, after) = rest.split_once(']').ok_or(AddressProblem::BadHost)?;
            let port = match after {
                "" => None,
                _ => Some(after.strip_prefix(':').ok_or(AddressProblem::BadHost)?),
            };
            if !is_ipv6(host) {
                return Err(AddressProblem::BadHost);
            }
            (host, port)
        } else if is_ipv6(text) {
            // A bare IPv6 address: its colons are its own, there is no port.
            (text, None)
        } else {
            let (host, port) = match text.rsplit_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (text, None),
            };
            if host.parse::<Ipv4Addr>().is_err() && !is_host_name(host) {
                return Err(AddressProblem::BadHost);
            }
            (host, port)
        };
        let port = match port {
            None => DEFAULT_PORT,
            Some(p) => parse_port(p).ok_or(AddressProblem::BadPort)?,
        };
        Ok(HostAddress {
            host: host.to_owned(),
            port,
        })
    }
}

fn parse_port(text: &str) -> Option<u16> {
    if text.is_empty() || text.len() > 5 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u16>().ok().filter(|&p| p != 0)
}

/// An IPv6 address, with an optional zone (`fe80::1%wlan0`).
fn is_ipv6(text: &str) -> bool {
    let (address, zone) = match text.split_once('%') {
        Some((a, z)) => (a, Some(z)),
        None => (text, None),
    };
    let zone_ok = zone.is_none_or(|z| {
        !z.is_empty()
            && z.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
    });
    zone_ok && address.parse::<Ipv6Addr>().is_ok()
}

/// A DNS name of letters, digits and hyphens (`phone.local`), which is not
/// a mistyped IPv4 address.
fn is_host_name(host: &str) -> bool {
    if host.is_empty() || host.len() > 253 || host.bytes().all(|b| b.is_ascii_digit() || b == b'.')
    {
        return false;
    }
    host.strip_suffix('.')
        .unwrap_or(host)
        .split('.')
        .all(|label| {
            let bytes = label.as_bytes();
            (1..=63).contains(&bytes.len())
                && bytes
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || *b == b'-')
                && bytes[0] != b'-'
                && bytes[bytes.len() - 1] != b'-'
        })
}

/// Listens on every interface (the other phone is on the Wi-Fi): on `port`
/// when one is asked for, else on [`DEFAULT_PORT`] or, when that is taken,
/// any free port.
pub fn listen(port: Option<u16>) -> std::io::Result<TcpListener> {
    let any = IpAddr::V4(Ipv4Addr::UNSPECIFIED);
    match port {
        Some(port) => TcpListener::bind((any, port)),
        None => TcpListener::bind((any, DEFAULT_PORT)).or_else(|_| TcpListener::bind((any, 0))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<(String, u16), AddressProblem> {
        HostAddress::parse(text).map(|a| (a.host, a.port))
    }

    #[test]
    fn addresses_people_type() {
        let ok = |host: &str, port| Ok((host.to_owned(), port));
        assert_eq!(parsed(" 192.168.1.20:40123 "), ok("192.168.1.20", 40123));
        assert_eq!(parsed("192.168.1.20"), ok("192.168.1.20", DEFAULT_PORT));
        assert_eq!(parsed("[fe80::1]:40123"), ok("fe80::1", 40123));
        assert_eq!(parsed("[fe80::1%wlan0]"), ok("fe80::1%wlan0", DEFAULT_PORT));
        assert_eq!(parsed("fe80::1"), ok("fe80::1", DEFAULT_PORT));
        assert_eq!(
            parsed("::ffff:10.0.0.1"),
            ok("::ffff:10.0.0.1", DEFAULT_PORT)
        );
        assert_eq!(parsed("phone.local:9"), ok("phone.local", 9));
        assert_eq!(parsed("phone.local."), ok("phone.local.", DEFAULT_PORT));
    }

    #[test]
    fn what_is_wrong_with_an_address() {
        assert_eq!(parsed("  "), Err(AddressProblem::Empty));
        assert_eq!(parsed("10.0.0.1:0"), Err(AddressProblem::BadPort));
        assert_eq!(parsed("10.0.0.1:65536"), Err(AddressProblem::BadPort));
        assert_eq!(parsed("10.0.0.1:+80"), Err(AddressProblem::BadPort));
        assert_eq!(parsed("10.0.0.1:"), Err(AddressProblem::BadPort));
        assert_eq!(parsed("300.1.1.1"), Err(AddressProblem::BadHost));
        assert_eq!(parsed("10.0.0"), Err(AddressProblem::BadHost));
        assert_eq!(parsed("[fe80::1"), Err(AddressProblem::BadHost));
        assert_eq!(parsed("[10.0.0.1]:80"), Err(AddressProblem::BadHost));
        assert_eq!(parsed("[fe80::1]80"), Err(AddressProblem::BadHost));
        assert_eq!(parsed("-bad-.local"), Err(AddressProblem::BadHost));
        assert_eq!(parsed("a b"), Err(AddressProblem::BadHost));
        assert_eq!(parsed("fe80::1:80:x"), Err(AddressProblem::BadHost));
    }

    #[test]
    fn printed_as_typed() {
        let v6 = HostAddress::parse("[fe80::1]:7").unwrap();
        assert_eq!(v6.to_string(), "[fe80::1]:7");
        assert_eq!(HostAddress::parse(&v6.to_string()), Ok(v6));
        assert_eq!(
            HostAddress::parse("10.0.0.1").unwrap().to_string(),
            "10.0.0.1:41641"
        );
    }
}
