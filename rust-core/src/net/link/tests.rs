use super::connection::State;
use super::*;
use crate::net::channel::ChannelError;
use crate::net::crypto::NONCE_LEN;
use crate::net::frame::encode_frame;
use crate::net::message::MoveMsg;
use crate::net::message::{ErrorCode, Handshake, HexBytes, Intent, PROTOCOL_VERSION, RejectReason};
use crate::net::pairing::PairingCode;
use proptest::prelude::*;
use std::collections::HashMap;
use std::time::{Duration, Instant};

const CODE: u32 = 424242;

fn code(n: u32) -> PairingCode {
    PairingCode::from_number(n).unwrap()
}

fn cfg() -> LinkConfig {
    LinkConfig {
        app_version: "test".into(),
        adjourn_after: Duration::from_secs(30),
        ..LinkConfig::default()
    }
}

fn mv(ply: u32) -> Message {
    Message::Move(MoveMsg {
        ply,
        uci: "e2e4".into(),
        position_hash: 7,
        think_time_ms: 100,
    })
}

/// Host and joiner joined by a simulated network and a fake clock.
struct Sim {
    host: Host,
    joiner: Joiner,
    now: Instant,
    /// Joiner connection id → host connection id.
    links: HashMap<ConnId, ConnId>,
    next_host_conn: ConnId,
    /// Whether connection attempts succeed.
    reachable: bool,
    /// Whether bytes get through (a dead Wi-Fi drops them silently).
    delivering: bool,
    /// Cut every link when this many more frames have been delivered.
    cut_after: Option<usize>,
    host_events: Vec<LinkEvent>,
    joiner_events: Vec<LinkEvent>,
}

impl Sim {
    fn new(host_code: u32, joiner_code: u32) -> Self {
        Self::with_cut(host_code, joiner_code, None)
    }

    fn with_cut(host_code: u32, joiner_code: u32, cut_after: Option<usize>) -> Self {
        let mut sim = Sim {
            host: Host::new(cfg(), code(host_code)),
            joiner: Joiner::new(cfg(), code(joiner_code)),
            now: Instant::now(),
            links: HashMap::new(),
            next_host_conn: 100,
            reachable: true,
            delivering: true,
            cut_after,
            host_events: Vec::new(),
            joiner_events: Vec::new(),
        };
        sim.pump();
        sim
    }

    fn host_conn(&self, jc: ConnId) -> Option<ConnId> {
        self.links.get(&jc).copied()
    }

    fn joiner_conn(&self, hc: ConnId) -> Option<ConnId> {
        self.links.iter().find(|(_, h)| **h == hc).map(|(j, _)| *j)
    }

    fn deliver(&mut self) -> bool {
        if !self.delivering {
            return false;
        }
        match &mut self.cut_after {
            Some(0) => {
                self.cut_after = None;
                self.cut();
                false
            }
            Some(n) => {
                *n -= 1;
                true
            }
            None => true,
        }
    }

    fn cut(&mut self) {
        let now = self.now;
        for (jc, hc) in std::mem::take(&mut self.links) {
            self.host.on_closed(hc, now);
            self.joiner.on_closed(jc, now);
        }
    }

    fn pump(&mut self) {
        let now = self.now;
        loop {
            let mut busy = false;
            while let Some(o) = self.host.poll_output() {
                busy = true;
                match o {
                    Output::Transmit { conn, bytes } => {
                        if let Some(jc) = self.joiner_conn(conn)
                            && self.deliver()
                        {
                            self.joiner.on_bytes(jc, &bytes, now);
                        }
                    }
                    Output::Close { conn } => {
                        if let Some(jc) = self.joiner_conn(conn) {
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
                            self.host.on_accepted(hc, now);
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

    /// Advances the fake clock in small steps, ticking both sides.
    fn run_for(&mut self, d: Duration) {
        let end = self.now + d;
        while self.now < end {
            self.now += Duration::from_millis(100);
            self.host.on_tick(self.now);
            self.joiner.on_tick(self.now);
            self.pump();
        }
    }

    fn host_saw(&self, e: &LinkEvent) -> bool {
        self.host_events.contains(e)
    }

    fn joiner_saw(&self, e: &LinkEvent) -> bool {
        self.joiner_events.contains(e)
    }

    fn messages(events: &[LinkEvent]) -> Vec<Message> {
        events
            .iter()
            .filter_map(|e| match e {
                LinkEvent::Message(m) => Some(m.clone()),
                _ => None,
            })
            .collect()
    }
}

#[test]
fn pairs_and_talks_both_ways() {
    let mut sim = Sim::new(CODE, CODE);
    let up = LinkEvent::Connected { resumed: false };
    assert_eq!(sim.host_events, vec![up.clone()]);
    assert_eq!(sim.joiner_events, vec![up]);
    sim.host.send(&mv(0)).unwrap();
    sim.joiner.send(&mv(1)).unwrap();
    sim.pump();
    assert_eq!(Sim::messages(&sim.joiner_events), vec![mv(0)]);
    assert_eq!(Sim::messages(&sim.host_events), vec![mv(1)]);
    // Heartbeats keep an idle link alive and never surface as messages.
    sim.run_for(Duration::from_secs(20));
    assert!(sim.host.is_connected() && sim.joiner.is_connected());
    assert_eq!(sim.host_events.len(), 2);
}

#[test]
fn wrong_code_is_refused_and_renews_the_code_after_three_tries() {
    let mut host = Host::new(cfg(), code(CODE));
    let mut sim = Sim::new(CODE, 111111);
    assert_eq!(
        sim.joiner_events,
        vec![LinkEvent::RefusedByHost(RejectReason::WrongCode)]
    );
    assert!(sim.joiner.is_finished());
    assert!(sim.host_saw(&LinkEvent::WrongCode { attempts: 1 }));
    assert!(!sim.host.is_paired());
    // Two more wrong tries with the same host: the code changes.
    std::mem::swap(&mut sim.host, &mut host);
    for attempt in 1..=3 {
        sim.joiner = Joiner::new(cfg(), code(111111));
        sim.pump();
        assert!(sim.host_saw(&LinkEvent::WrongCode { attempts: attempt }));
    }
    let renewed = sim.host.code();
    assert_ne!(renewed, code(CODE));
    assert!(sim.host_saw(&LinkEvent::CodeRenewed(renewed)));
    sim.joiner = Joiner::new(cfg(), code(CODE));
    sim.pump();
    assert!(!sim.host.is_paired(), "the old code no longer works");
    sim.joiner = Joiner::new(cfg(), renewed);
    sim.pump();
    assert!(sim.host.is_paired() && sim.joiner.is_connected());
}

#[test]
fn a_third_device_cannot_join_a_paired_host() {
    let mut sim = Sim::new(CODE, CODE);
    let mut intruder = Joiner::new(cfg(), code(CODE));
    let Some(Output::Connect { conn }) = intruder.poll_output() else {
        panic!("joiner connects first")
    };
    let now = sim.now;
    sim.host.on_accepted(999, now);
    intruder.on_connected(conn, now);
    let Some(Output::Transmit { bytes, .. }) = intruder.poll_output() else {
        panic!("hello")
    };
    sim.host.on_bytes(999, &bytes, now);
    let mut refused = false;
    while let Some(o) = sim.host.poll_output() {
        match o {
            Output::Transmit { conn: 999, bytes } => intruder.on_bytes(conn, &bytes, now),
            Output::Event(LinkEvent::Refused(RejectReason::AlreadyPaired)) => refused = true,
            _ => {}
        }
    }
    assert!(refused);
    let events: Vec<_> = std::iter::from_fn(|| intruder.poll_output()).collect();
    assert!(events.contains(&Output::Event(LinkEvent::RefusedByHost(
        RejectReason::AlreadyPaired
    ))));
    sim.host.send(&mv(0)).unwrap();
    sim.pump();
    assert_eq!(Sim::messages(&sim.joiner_events), vec![mv(0)]);
}

/// Feeds raw frames to the host on a new connection, returns its replies.
fn raw_to_host(host: &mut Host, conn: ConnId, frames: &[Vec<u8>], now: Instant) -> Vec<Output> {
    host.on_accepted(conn, now);
    for f in frames {
        host.on_bytes(conn, f, now);
    }
    std::iter::from_fn(|| host.poll_output()).collect()
}

fn rejected_with(outputs: &[Output], reason: RejectReason) -> bool {
    outputs.contains(&Output::Event(LinkEvent::Refused(reason)))
}

#[test]
fn a_resume_without_the_session_key_is_refused_and_harmless() {
    let mut sim = Sim::new(CODE, CODE);
    let id = sim.host.secret.as_ref().unwrap().id;
    let hello = Handshake::Hello {
        protocol_version: PROTOCOL_VERSION,
        app_version: "x".into(),
        nonce: HexBytes(vec![1; NONCE_LEN]),
        intent: Intent::Resume {
            session_id: id.into(),
        },
    };
    let confirm = Handshake::Confirm {
        proof: HexBytes(vec![0; 32]),
    };
    let frames = [
        encode_frame(&hello.encode()).unwrap(),
        encode_frame(&confirm.encode()).unwrap(),
    ];
    let now = sim.now;
    let out = raw_to_host(&mut sim.host, 500, &frames, now);
    assert!(rejected_with(&out, RejectReason::AuthenticationFailed));
    sim.host.send(&mv(3)).unwrap();
    sim.pump();
    assert_eq!(Sim::messages(&sim.joiner_events), vec![mv(3)]);
}

#[test]
fn incompatible_and_malformed_handshakes_are_refused_with_a_reason() {
    let now = Instant::now();
    let mut host = Host::new(cfg(), code(CODE));
    let hello = Handshake::Hello {
        protocol_version: 99,
        app_version: "9.0".into(),
        nonce: HexBytes(vec![1; NONCE_LEN]),
        intent: Intent::Pair {
            pake: HexBytes(vec![0; 33]),
        },
    };
    let out = raw_to_host(&mut host, 1, &[encode_frame(&hello.encode()).unwrap()], now);
    assert!(rejected_with(
        &out,
        RejectReason::IncompatibleProtocol {
            min_supported: 1,
            max_supported: PROTOCOL_VERSION,
            offered: 99
        }
    ));
    let out = raw_to_host(
        &mut host,
        2,
        &[encode_frame(b"GET / HTTP/1.1").unwrap()],
        now,
    );
    assert!(rejected_with(&out, RejectReason::Malformed));
    let bad_pake = Handshake::Hello {
        protocol_version: PROTOCOL_VERSION,
        app_version: "x".into(),
        nonce: HexBytes(vec![1; NONCE_LEN]),
        intent: Intent::Pair {
            pake: HexBytes(vec![0; 5]),
        },
    };
    let out = raw_to_host(
        &mut host,
        3,
        &[encode_frame(&bad_pake.encode()).unwrap()],
        now,
    );
    assert!(rejected_with(&out, RejectReason::Malformed));
    // An oversized frame header closes the connection at once.
    let out = raw_to_host(&mut host, 4, &[vec![0xff; 8]], now);
    assert!(out.contains(&Output::Close { conn: 4 }));
    assert_eq!(host.code(), code(CODE), "no wrong attempt was counted");
    // A silent connection is closed when the handshake time runs out.
    let out = raw_to_host(&mut host, 5, &[], now);
    assert!(out.is_empty());
    host.on_tick(now + cfg().handshake_timeout);
    assert_eq!(host.poll_output(), Some(Output::Close { conn: 5 }));
}

#[test]
fn forged_replayed_and_garbled_frames_are_refused_without_breaking_the_link() {
    let mut sim = Sim::new(CODE, CODE);
    sim.host.send(&mv(0)).unwrap();
    let Some(Output::Transmit { conn, bytes }) = sim.host.poll_output() else {
        panic!("sealed frame")
    };
    let jc = sim.joiner_conn(conn).unwrap();
    let now = sim.now;
    let mut tampered = bytes.clone();
    *tampered.last_mut().unwrap() ^= 0x80;
    sim.joiner.on_bytes(jc, &tampered, now);
    sim.joiner.on_bytes(jc, &bytes, now);
    sim.joiner.on_bytes(jc, &bytes, now);
    // A frame sealed with the right key around bytes that are not a message.
    let Some(i) = sim.host.conn_index(conn) else {
        panic!("active conn")
    };
    let State::Established { channel, .. } = &mut sim.host.conns[i].state else {
        panic!("established")
    };
    let garbage = encode_frame(&channel.seal(b"{\"type\":\"castle\"}").unwrap()).unwrap();
    sim.joiner.on_bytes(jc, &garbage, now);
    sim.pump();
    let violations: Vec<_> = sim
        .joiner_events
        .iter()
        .filter_map(|e| match e {
            LinkEvent::Violation(v) => Some(v.clone()),
            _ => None,
        })
        .collect();
    // The channel's first frame each way was the resume.
    assert!(matches!(
        violations[0],
        Violation::Channel(ChannelError::Tampered { seq: 1 })
    ));
    assert_eq!(
        violations[1],
        Violation::Channel(ChannelError::Replayed {
            seq: 1,
            expected: 2
        })
    );
    assert!(matches!(violations[2], Violation::Decode(_)));
    assert_eq!(Sim::messages(&sim.joiner_events), vec![mv(0)]);
    assert!(matches!(
        Sim::messages(&sim.host_events)[..],
        [Message::Error {
            code: ErrorCode::Malformed,
            ..
        }]
    ));
    sim.host.send(&mv(2)).unwrap();
    sim.pump();
    assert_eq!(Sim::messages(&sim.joiner_events), vec![mv(0), mv(2)]);
}

#[test]
fn a_silent_outage_is_detected_and_the_joiner_comes_back() {
    let mut sim = Sim::new(CODE, CODE);
    sim.delivering = false;
    sim.reachable = false;
    sim.run_for(cfg().link_timeout + Duration::from_millis(200));
    assert!(sim.host_saw(&LinkEvent::LinkLost));
    assert!(sim.joiner_saw(&LinkEvent::LinkLost));
    sim.run_for(Duration::from_secs(5));
    sim.delivering = true;
    sim.reachable = true;
    sim.run_for(Duration::from_secs(3));
    let back = LinkEvent::Connected { resumed: true };
    assert!(sim.host_saw(&back) && sim.joiner_saw(&back));
    sim.joiner.send(&mv(5)).unwrap();
    sim.pump();
    assert_eq!(Sim::messages(&sim.host_events), vec![mv(5)]);
}

#[test]
fn a_peer_that_never_returns_adjourns_the_game_on_both_sides() {
    let mut sim = Sim::new(CODE, CODE);
    sim.delivering = false;
    sim.reachable = false;
    sim.run_for(cfg().adjourn_after + cfg().link_timeout + Duration::from_secs(1));
    assert!(sim.host_saw(&LinkEvent::Adjourned));
    assert!(sim.joiner_saw(&LinkEvent::Adjourned));
    assert!(sim.host.is_finished() && sim.joiner.is_finished());
}

#[test]
fn an_unreachable_host_fails_first_contact_cleanly() {
    let mut joiner = Joiner::new(cfg(), code(CODE));
    let Some(Output::Connect { conn }) = joiner.poll_output() else {
        panic!("connect")
    };
    joiner.on_connect_failed(conn, Instant::now());
    assert_eq!(
        joiner.poll_output(),
        Some(Output::Event(LinkEvent::Unreachable))
    );
    assert!(joiner.is_finished());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The fuzz target's property, for every test run: bytes from a
    /// stranger never panic the host and never pair.
    #[test]
    fn arbitrary_bytes_never_pair(
        chunks in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..300), 0..8)
    ) {
        let now = Instant::now();
        let mut host = Host::new(cfg(), code(CODE));
        host.on_accepted(1, now);
        for c in &chunks {
            host.on_bytes(1, c, now);
        }
        while host.poll_output().is_some() {}
        prop_assert!(!host.is_paired());
    }

    /// Well-framed garbage injected into a live link is refused and
    /// changes nothing: no message appears, the link stays up.
    #[test]
    fn injected_frames_change_nothing(
        frames in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 1..300), 1..6)
    ) {
        let mut sim = Sim::new(CODE, CODE);
        let jc = *sim.links.keys().next().unwrap();
        let now = sim.now;
        for f in &frames {
            sim.joiner.on_bytes(jc, &encode_frame(f).unwrap(), now);
        }
        sim.pump();
        prop_assert!(Sim::messages(&sim.joiner_events).is_empty());
        prop_assert!(sim.joiner.is_connected());
        sim.host.send(&mv(0)).unwrap();
        sim.pump();
        prop_assert_eq!(Sim::messages(&sim.joiner_events), vec![mv(0)]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Cutting every link after any number of delivered frames, during
    /// the handshake or the game, ends with both sides connected on the
    /// same session and every message delivered exactly once, or (if
    /// first contact itself was cut) with a clean, final failure.
    #[test]
    fn cut_anywhere_then_resume_or_fail_cleanly(cut in 0usize..14, outage_ms in 0u64..6000) {
        let mut sim = Sim::with_cut(CODE, CODE, Some(cut));
        let mut sent_by_host = Vec::new();
        let mut sent_by_joiner = Vec::new();
        for ply in 0..6u32 {
            sim.run_for(Duration::from_millis(outage_ms / 6));
            // Sends never wait for the link: what cannot go now goes
            // after the reconnection.
            if ply % 2 == 0 {
                sim.host.send(&mv(ply)).unwrap();
                sent_by_host.push(mv(ply));
            } else if sim.joiner.send(&mv(ply)).is_ok() {
                sent_by_joiner.push(mv(ply));
            }
            sim.pump();
        }
        sim.run_for(Duration::from_secs(8));
        if sim.joiner.is_finished() {
            prop_assert!(sim.joiner_events.iter().any(|e| matches!(
                e,
                LinkEvent::Unreachable | LinkEvent::RefusedByHost(_)
            )), "{:?}", sim.joiner_events);
            let was_up = sim.joiner_saw(&LinkEvent::Connected { resumed: false });
            prop_assert!(!was_up || sim.host.is_paired());
        } else {
            prop_assert!(sim.host.is_connected() && sim.joiner.is_connected(),
                "host {:?} joiner {:?}", sim.host_events, sim.joiner_events);
            prop_assert_eq!(&sim.host.secret, &sim.joiner.secret);
            // Every message arrived exactly once, in order.
            prop_assert_eq!(Sim::messages(&sim.joiner_events), sent_by_host.clone());
            prop_assert_eq!(Sim::messages(&sim.host_events), sent_by_joiner.clone());
            sim.host.send(&mv(100)).unwrap();
            sim.joiner.send(&mv(101)).unwrap();
            sim.pump();
            prop_assert_eq!(Sim::messages(&sim.joiner_events).last().cloned(), Some(mv(100)));
            prop_assert_eq!(Sim::messages(&sim.host_events).last().cloned(), Some(mv(101)));
        }
    }
}
