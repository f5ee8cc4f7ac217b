//! A simulated network for the tests of every layer above the sockets.
//!
//! It wires one host-side and one joiner-side [`Machine`] together as the
//! socket driver would, but in one thread and on a fake clock the test
//! steps: frames arrive in order, whole; every connection can be cut after
//! any number of delivered frames; the network can go silent or refuse
//! connections; and the test can open raw connections of its own to the
//! host, as an attacker on the same network would.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use super::frame::FrameDecoder;
use super::link::{ConnId, Output};
use super::tcp::Machine;

/// The address the host sees the joiner connect from.
pub const JOINER_ADDR: IpAddr = IpAddr::V4(Ipv4Addr::new(192, 168, 1, 20));
/// How far one [`Sim::step`] moves the clock.
pub const STEP: Duration = Duration::from_millis(100);

/// A connection the test opened to the host by hand.
#[derive(Debug, Default)]
pub struct Raw {
    /// Bytes the host sent on it.
    pub received: Vec<u8>,
    /// The host closed it.
    pub closed: bool,
}

impl Raw {
    /// The whole frames received so far.
    pub fn frames(&self) -> Vec<Vec<u8>> {
        let mut decoder = FrameDecoder::new();
        decoder.push(&self.received);
        std::iter::from_fn(|| decoder.next_frame().ok().flatten()).collect()
    }
}

/// Two machines joined by a simulated network and a fake clock.
pub struct Sim<H: Machine, J: Machine> {
    pub host: H,
    pub joiner: J,
    pub now: Instant,
    /// The joiner's connection id → the host's id for the same connection.
    links: HashMap<ConnId, ConnId>,
    next_host_conn: ConnId,
    /// Whether the joiner's connection attempts succeed.
    pub reachable: bool,
    /// Whether bytes get through (a dead Wi-Fi drops them silently).
    pub delivering: bool,
    /// Cut every link once this many more frames have been delivered.
    pub cut_after: Option<usize>,
    /// Whether that cut closes the connections (as a reboot or a killed
    /// process does) or only silences the network (a device vanished).
    pub cut_closes: bool,
    /// Frames delivered between the two machines so far.
    pub delivered: usize,
    pub host_events: Vec<H::Event>,
    pub joiner_events: Vec<J::Event>,
    /// The test's own connections, by the host's id.
    raw: HashMap<ConnId, Raw>,
}

impl<H: Machine, J: Machine> Sim<H, J> {
    /// Wires the two machines together and runs until both are quiet.
    pub fn new(host: H, joiner: J) -> Self {
        Self::with_cut(host, joiner, None)
    }

    /// Like [`Sim::new`], with every link cut after `cut_after` frames.
    pub fn with_cut(host: H, joiner: J, cut_after: Option<usize>) -> Self {
        Self::build(host, joiner, cut_after, true)
    }

    /// The host alone on the network: the joiner's first attempt fails,
    /// and the test puts another joiner in with [`Sim::replace_joiner`].
    pub fn host_alone(host: H, joiner: J) -> Self {
        let mut sim = Self::build(host, joiner, None, false);
        sim.reachable = true;
        sim
    }

    fn build(host: H, joiner: J, cut_after: Option<usize>, reachable: bool) -> Self {
        let mut sim = Sim {
            host,
            joiner,
            now: Instant::now(),
            links: HashMap::new(),
            next_host_conn: 100,
            reachable,
            delivering: true,
            cut_after,
            cut_closes: true,
            delivered: 0,
            host_events: Vec::new(),
            joiner_events: Vec::new(),
            raw: HashMap::new(),
        };
        sim.pump();
        sim
    }

    pub fn host_conn(&self, joiner_conn: ConnId) -> Option<ConnId> {
        self.links.get(&joiner_conn).copied()
    }

    pub fn joiner_conn(&self, host_conn: ConnId) -> Option<ConnId> {
        self.links
            .iter()
            .find(|(_, h)| **h == host_conn)
            .map(|(j, _)| *j)
    }

    /// The joiner's open connections.
    pub fn joiner_conns(&self) -> Vec<ConnId> {
        self.links.keys().copied().collect()
    }

    fn deliver(&mut self) -> bool {
        if !self.delivering {
            return false;
        }
        match &mut self.cut_after {
            Some(0) => {
                self.cut_after = None;
                if self.cut_closes {
                    self.cut();
                } else {
                    self.delivering = false;
                }
                return false;
            }
            Some(n) => *n -= 1,
            None => {}
        }
        self.delivered += 1;
        true
    }

    /// Closes every connection between the two, as a router reboot would.
    pub fn cut(&mut self) {
        let now = self.now;
        for (jc, hc) in std::mem::take(&mut self.links) {
            self.host.on_closed(hc, now);
            self.joiner.on_closed(jc, now);
        }
    }

    /// Puts `joiner` in place of the current one, which is gone as a killed
    /// process is: its connections close when `closes` (the system closes
    /// them), otherwise they go silent (the device vanished). The new one
    /// has the network back.
    pub fn replace_joiner(&mut self, joiner: J, closes: bool) -> J {
        self.delivering = true;
        let now = self.now;
        for (_, hc) in std::mem::take(&mut self.links) {
            if closes {
                self.host.on_closed(hc, now);
            }
        }
        let old = std::mem::replace(&mut self.joiner, joiner);
        self.pump();
        old
    }

    /// Opens a connection of the test's own to the host from `addr`.
    pub fn open_raw(&mut self, addr: IpAddr) -> ConnId {
        let conn = self.next_host_conn;
        self.next_host_conn += 1;
        self.raw.insert(conn, Raw::default());
        let now = self.now;
        self.host
            .on_accepted_from(conn, SocketAddr::new(addr, 50_000), now);
        self.pump();
        conn
    }

    /// Sends bytes on a raw connection, if the host has not closed it.
    pub fn send_raw(&mut self, conn: ConnId, bytes: &[u8]) {
        if self.raw.get(&conn).is_some_and(|r| !r.closed) {
            let now = self.now;
            self.host.on_bytes(conn, bytes, now);
            self.pump();
        }
    }

    /// Closes a raw connection from the test's side.
    pub fn close_raw(&mut self, conn: ConnId) {
        if let Some(r) = self.raw.get_mut(&conn)
            && !r.closed
        {
            r.closed = true;
            let now = self.now;
            self.host.on_closed(conn, now);
            self.pump();
        }
    }

    pub fn raw(&self, conn: ConnId) -> &Raw {
        &self.raw[&conn]
    }

    /// Forgets raw connections the host closed (a long attack opens many).
    pub fn forget_closed_raw(&mut self) {
        self.raw.retain(|_, r| !r.closed);
    }

    /// Carries out what both machines asked for until both are quiet.
    pub fn pump(&mut self) {
        let now = self.now;
        loop {
            let mut busy = false;
            while let Some(o) = self.host.poll_output() {
                busy = true;
                match o {
                    Output::Transmit { conn, bytes } => {
                        if let Some(r) = self.raw.get_mut(&conn) {
                            if !r.closed {
                                r.received.extend_from_slice(&bytes);
                            }
                        } else if let Some(jc) = self.joiner_conn(conn)
                            && self.deliver()
                        {
                            self.joiner.on_bytes(jc, &bytes, now);
                        }
                    }
                    Output::Close { conn } => {
                        if let Some(r) = self.raw.get_mut(&conn) {
                            r.closed = true;
                        } else if let Some(jc) = self.joiner_conn(conn) {
                            self.links.remove(&jc);
                            self.joiner.on_closed(jc, now);
                        }
                    }
                    Output::Connect { .. } => panic!("the host never connects"),
                    Output::Event(e) => self.host_events.push(e),
                }
            }
            while let Some(o) = self.joiner.poll_output() {
                busy = true;
                match o {
                    Output::Connect { conn } => {
                        if self.reachable {
                            let hc = self.next_host_conn;
                            self.next_host_conn += 1;
                            self.links.insert(conn, hc);
                            let from = SocketAddr::new(JOINER_ADDR, 40_000);
                            self.host.on_accepted_from(hc, from, now);
                            self.joiner.on_connected(conn, now);
                        } else {
                            self.joiner.on_connect_failed(conn, now);
                        }
                    }
                    Output::Transmit { conn, bytes } => {
                        if let Some(hc) = self.host_conn(conn)
                            && self.deliver()
                        {
                            self.host.on_bytes(hc, &bytes, now);
                        }
                    }
                    Output::Close { conn } => {
                        if let Some(hc) = self.links.remove(&conn) {
                            self.host.on_closed(hc, now);
                        }
                    }
                    Output::Event(e) => self.joiner_events.push(e),
                }
            }
            if !busy {
                return;
            }
        }
    }

    /// Moves the clock one [`STEP`], ticks both machines and pumps.
    pub fn step(&mut self) {
        self.now += STEP;
        let now = self.now;
        self.host.on_tick(now);
        self.joiner.on_tick(now);
        self.pump();
    }

    /// Steps the clock for `d`.
    pub fn run_for(&mut self, d: Duration) {
        let end = self.now + d;
        while self.now < end {
            self.step();
        }
    }

    /// Steps until `done` holds, for at most `limit`; whether it held.
    pub fn run_until(&mut self, limit: Duration, mut done: impl FnMut(&Self) -> bool) -> bool {
        let end = self.now + limit;
        while !done(self) {
            if self.now >= end {
                return false;
            }
            self.step();
        }
        true
    }
}
