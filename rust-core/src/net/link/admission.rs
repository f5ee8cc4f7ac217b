//! The host's limits on connections that have proven nothing yet.
//!
//! Anyone on the network can open connections to the host, so none of
//! them may hold what a legitimate joiner needs. A connection is unproven
//! until its hello shows a proof of the session key (a resume) or its
//! pairing is confirmed; unproven connections must send a hello within
//! [`LinkConfig::hello_timeout`](super::LinkConfig::hello_timeout) and are
//! limited per address and in all. At a limit the host drops the oldest,
//! never the newest: an idle or half-open connection an attacker keeps is
//! always older than a joiner's that has just arrived, and a joiner sends
//! its hello at once. A resume proven by its hello leaves the unproven
//! ones, so a returning joiner never waits behind strangers.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};

use super::ConnId;
use super::connection::{Conn, State};

/// Unproven connections from one address (IPv6: one /64) at once.
pub const MAX_UNPROVEN_PER_ADDRESS: usize = 8;
/// Unproven connections at once, from every address.
pub const MAX_UNPROVEN: usize = 64;
/// Proven resumes finishing their handshake at once (replays of a
/// captured resume hello are the only way to have more than one).
pub const MAX_RESUMING: usize = 4;

/// The address as the limits count it: an IPv4 address, or an IPv6 /64,
/// which one device usually has to itself.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let prefix = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(Ipv6Addr::from(prefix))
        }
        v4 => v4,
    }
}

/// Whether the connection has proven nothing yet.
pub(super) fn is_unproven(conn: &Conn) -> bool {
    matches!(
        conn.state,
        State::AwaitHello | State::AwaitConfirm { pairing: true, .. }
    )
}

fn is_resuming(conn: &Conn) -> bool {
    matches!(conn.state, State::AwaitConfirm { pairing: false, .. })
}

/// The connection to drop so that every limit holds again, if one is
/// exceeded: the oldest of the fullest group. `conns` is oldest first.
pub(super) fn over_limit(conns: &[Conn]) -> Option<ConnId> {
    let mut per_address: HashMap<IpAddr, usize> = HashMap::new();
    for c in conns.iter().filter(|c| is_unproven(c)) {
        *per_address.entry(address_key(c.peer)).or_default() += 1;
    }
    let oldest_from = |key: IpAddr| {
        conns
            .iter()
            .find(|c| is_unproven(c) && address_key(c.peer) == key)
            .map(|c| c.id)
    };
    let (&fullest, &most) = per_address.iter().max_by_key(|(_, n)| **n)?;
    if most > MAX_UNPROVEN_PER_ADDRESS || per_address.values().sum::<usize>() > MAX_UNPROVEN {
        return oldest_from(fullest);
    }
    let resuming = conns.iter().filter(|c| is_resuming(c)).count();
    (resuming > MAX_RESUMING)
        .then(|| conns.iter().find(|c| is_resuming(c)).map(|c| c.id))
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    fn conn(id: ConnId, peer: [u8; 4]) -> Conn {
        Conn::new(id, IpAddr::from(peer), State::AwaitHello, Instant::now())
    }

    #[test]
    fn addresses_count_as_devices() {
        let v4: IpAddr = "10.1.2.3".parse().unwrap();
        assert_eq!(address_key(v4), v4);
        let mapped: IpAddr = "::ffff:10.1.2.3".parse().unwrap();
        assert_eq!(address_key(mapped), v4);
        let a: IpAddr = "fd00:1:2:3:aaaa::1".parse().unwrap();
        let b: IpAddr = "fd00:1:2:3:bbbb::2".parse().unwrap();
        let c: IpAddr = "fd00:1:2:4::1".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
        assert_ne!(address_key(a), address_key(c));
    }

    #[test]
    fn the_oldest_of_the_fullest_address_makes_room() {
        let mut conns: Vec<Conn> = (0..MAX_UNPROVEN_PER_ADDRESS as ConnId)
            .map(|i| conn(i, [10, 0, 0, 1]))
            .collect();
        conns.push(conn(100, [10, 0, 0, 2]));
        assert_eq!(over_limit(&conns), None);
        conns.push(conn(101, [10, 0, 0, 1]));
        assert_eq!(over_limit(&conns), Some(0));
    }

    #[test]
    fn past_the_total_the_most_represented_address_gives_way() {
        let mut conns = Vec::new();
        for i in 0..MAX_UNPROVEN as ConnId - 4 {
            conns.push(conn(i, [10, 1, (i / 200) as u8, (i % 200) as u8]));
        }
        for i in 0..4 {
            conns.push(conn(1000 + i, [10, 9, 9, 9]));
        }
        assert_eq!(over_limit(&conns), None);
        conns.push(conn(2000, [10, 8, 8, 8]));
        assert_eq!(over_limit(&conns), Some(1000));
    }
}
