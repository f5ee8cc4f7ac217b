//! A hostile device on the same network: guessing the code, jamming the
//! host with idle and half-open connections, intruding, forging resumes.

use std::net::{IpAddr, Ipv4Addr};

use super::*;
use crate::net::crypto::{ConnectionKeys, NONCE_LEN, Pake, PeerRole, Transcript, random_bytes};
use crate::net::frame::encode_frame;
use crate::net::message::{
    Handshake, HexBytes, Intent, MIN_PROTOCOL_VERSION, PROTOCOL_VERSION, RejectReason,
};
use crate::net::pairing::{GUESS_BURST, GUESS_REFILL};
use crate::net::sim::STEP;

/// One hour, the span the guessing bound is stated for.
const HOUR: Duration = Duration::from_secs(3600);
/// What the README promises: a joiner pairs, or resumes, this soon
/// however the host is jammed.
const TARGET: Duration = Duration::from_secs(5);

fn ip(a: u8, b: u8, c: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(10, a, b, c))
}

fn hello(intent: Intent) -> Vec<u8> {
    Handshake::Hello {
        protocol_version: PROTOCOL_VERSION,
        app_version: "attacker".into(),
        nonce: HexBytes(random_bytes::<NONCE_LEN>().to_vec()),
        intent,
    }
    .encode()
}

fn frame(payload: &[u8]) -> Vec<u8> {
    encode_frame(payload).unwrap()
}

fn reply(sim: &LinkSim, conn: ConnId, n: usize) -> Option<Handshake> {
    let frames = sim.raw(conn).frames();
    Handshake::decode(frames.get(n)?).ok()
}

/// What became of one guess.
#[derive(Debug, PartialEq)]
enum Outcome {
    /// Turned away before the code was checked.
    NotChecked(RejectReason),
    Wrong,
    Paired,
}

/// A guesser that speaks the real handshake with codes of its own. Its
/// SPAKE2 state is spent only when the host answers with a welcome.
struct Guesser {
    code: PairingCode,
    pending: Option<(Pake, Vec<u8>)>,
}

impl Guesser {
    fn new(code: PairingCode) -> Self {
        Guesser {
            code,
            pending: None,
        }
    }

    fn guess(&mut self, sim: &mut LinkSim, from: IpAddr) -> Outcome {
        let (pake, hello) = self.pending.take().unwrap_or_else(|| {
            let (pake, msg) = Pake::start(PeerRole::Joiner, self.code);
            let hello = hello(Intent::Pair {
                pake: HexBytes(msg),
            });
            (pake, hello)
        });
        let conn = sim.open_raw(from);
        sim.send_raw(conn, &frame(&hello));
        let outcome = match reply(sim, conn, 0) {
            Some(Handshake::Welcome {
                pake: Some(host_msg),
                ..
            }) => {
                let master = pake.finish(&host_msg.0).expect("a valid SPAKE2 message");
                let mut transcript = Transcript::new();
                transcript.add(&hello);
                transcript.add(&sim.raw(conn).frames()[0]);
                let keys = ConnectionKeys::derive(&master, &transcript);
                let proof = HexBytes(keys.confirmation(PeerRole::Joiner).to_vec());
                sim.send_raw(conn, &frame(&Handshake::Confirm { proof }.encode()));
                match reply(sim, conn, 1) {
                    Some(Handshake::Reject {
                        reason: RejectReason::WrongCode,
                    }) => Outcome::Wrong,
                    Some(Handshake::Reject { reason }) => Outcome::NotChecked(reason),
                    Some(Handshake::Confirm { .. }) => Outcome::Paired,
                    other => panic!("unexpected {other:?}"),
                }
            }
            Some(Handshake::Reject { reason }) => {
                self.pending = Some((pake, hello));
                Outcome::NotChecked(reason)
            }
            other => panic!("unexpected {other:?}"),
        };
        sim.close_raw(conn);
        sim.forget_closed_raw();
        outcome
    }
}

#[test]
fn an_hour_of_wrong_codes_from_one_address_and_from_fifty_gets_few_checked() {
    let mut sim = Sim::host_alone(host(CODE), joiner(CODE));
    let wrong = code(CODE + 1);
    let mut flooder = Guesser::new(wrong);
    let mut swarm: Vec<Guesser> = (0..50).map(|_| Guesser::new(wrong)).collect();
    let mut checked = 0;
    let steps = (HOUR.as_millis() / STEP.as_millis()) as usize;
    for step in 0..steps {
        // One address guesses at every step; fifty others take turns.
        let mut outcomes = vec![flooder.guess(&mut sim, ip(0, 0, 1))];
        let k = step % swarm.len();
        outcomes.push(swarm[k].guess(&mut sim, ip(0, 1, k as u8)));
        for o in outcomes {
            assert_ne!(o, Outcome::Paired);
            if o == Outcome::Wrong {
                checked += 1;
            }
        }
        sim.step();
    }
    let bound = GUESS_BURST as usize + (HOUR.as_secs() / GUESS_REFILL.as_secs()) as usize;
    assert!(checked <= bound, "{checked} codes checked in an hour");
    assert_eq!(sim.host.endpoint.wrong_codes(), checked as u32);
    assert_eq!(
        count(&sim.host_events, |e| matches!(
            e,
            LinkEvent::WrongCode { .. }
        )),
        checked
    );
    assert!(
        count(&sim.host_events, |e| *e
            == LinkEvent::Dropped {
                peer: ip(0, 0, 1),
                cause: DropCause::Throttled
            })
            > 1000
    );
    assert_eq!(
        sim.host.endpoint.code(),
        code(CODE),
        "the code the user typed still holds"
    );
}

#[test]
fn the_right_code_pairs_while_one_address_floods_wrong_ones() {
    let mut sim = Sim::host_alone(host(CODE), joiner(CODE));
    let mut flooder = Guesser::new(code(CODE + 1));
    for _ in 0..100 {
        flooder.guess(&mut sim, ip(0, 0, 1));
        sim.step();
    }
    sim.replace_joiner(joiner(CODE), false);
    let mut waited = Duration::ZERO;
    while !sim.joiner.endpoint.is_connected() {
        assert!(waited < TARGET, "{:?}", events(&sim.joiner_events));
        flooder.guess(&mut sim, ip(0, 0, 1));
        sim.step();
        waited += STEP;
    }
    assert!(sim.host.endpoint.is_paired());
}

#[test]
fn a_mistyped_code_then_the_right_one_pairs_after_a_short_pause() {
    let mut sim = sim(CODE, 111111);
    assert_eq!(
        events(&sim.joiner_events),
        vec![LinkEvent::RefusedByHost(RejectReason::WrongCode)]
    );
    assert!(saw(&sim.host_events, &LinkEvent::WrongCode { attempts: 1 }));
    // Typed again at once: the host asks this address to wait a second,
    // and the joiner tries again by itself.
    sim.replace_joiner(joiner(CODE), false);
    assert!(!sim.joiner.endpoint.is_connected());
    assert!(sim.run_until(Duration::from_secs(3), |s| s.joiner.endpoint.is_connected()));
}

#[test]
fn a_host_whose_user_asks_for_a_new_code_shows_it_and_only_it_pairs() {
    let mut sim = Sim::host_alone(host(CODE), joiner(CODE));
    let renewed = sim.host.endpoint.renew_code();
    sim.pump();
    assert!(saw(&sim.host_events, &LinkEvent::CodeRenewed(renewed)));
    sim.replace_joiner(joiner(CODE), false);
    assert!(
        !sim.host.endpoint.is_paired(),
        "the old code no longer works"
    );
    sim.run_for(Duration::from_secs(2));
    sim.replace_joiner(BareLink::new(Joiner::new(cfg(), renewed)), false);
    assert!(sim.run_until(Duration::from_secs(3), |s| s.joiner.endpoint.is_connected()));
}

/// An attacker who keeps 50 connections open that say nothing (or half
/// a frame header), from 50 addresses or from one, and renews a pairing
/// handshake it never finishes.
struct Jammer {
    spread: bool,
    idle: Vec<ConnId>,
    half_open: Vec<u8>,
    renewed_at: Option<Duration>,
    elapsed: Duration,
}

impl Jammer {
    fn new(spread: bool) -> Self {
        let (_, msg) = Pake::start(PeerRole::Joiner, code(1));
        Jammer {
            spread,
            idle: Vec::new(),
            half_open: frame(&hello(Intent::Pair {
                pake: HexBytes(msg),
            })),
            renewed_at: None,
            elapsed: Duration::ZERO,
        }
    }

    /// Tops the idle connections up to 50 and renews the half-open
    /// handshake every second, then moves the clock one step.
    fn step(&mut self, sim: &mut LinkSim) {
        self.idle.retain(|&c| !sim.raw(c).closed);
        for n in self.idle.len()..50 {
            let c = sim.open_raw(ip(1, 0, if self.spread { n as u8 } else { 0 }));
            if n % 2 == 0 {
                sim.send_raw(c, &[0, 0]);
            }
            self.idle.push(c);
        }
        if self
            .renewed_at
            .is_none_or(|t| self.elapsed >= t + Duration::from_secs(1))
        {
            self.renewed_at = Some(self.elapsed);
            let c = sim.open_raw(ip(2, 0, (self.elapsed.as_secs() % 8) as u8));
            sim.send_raw(c, &self.half_open);
        }
        sim.step();
        self.elapsed += STEP;
    }

    /// Jams until `done` holds; how long that took, at most `limit`.
    fn until(
        &mut self,
        sim: &mut LinkSim,
        limit: Duration,
        done: impl Fn(&LinkSim) -> bool,
    ) -> Option<Duration> {
        let start = self.elapsed;
        while !done(sim) {
            if self.elapsed - start >= limit {
                return None;
            }
            self.step(sim);
        }
        Some(self.elapsed - start)
    }
}

fn dropped(sim: &LinkSim, cause: DropCause) -> usize {
    count(
        &sim.host_events,
        |e| matches!(e, LinkEvent::Dropped { cause: c, .. } if *c == cause),
    )
}

#[test]
fn idle_and_half_open_connections_cannot_keep_a_joiner_from_pairing() {
    for spread in [true, false] {
        let mut sim = Sim::host_alone(host(CODE), joiner(CODE));
        let mut jammer = Jammer::new(spread);
        for _ in 0..30 {
            jammer.step(&mut sim);
        }
        sim.replace_joiner(joiner(CODE), false);
        let took = jammer.until(&mut sim, TARGET, |s| s.joiner.endpoint.is_connected());
        assert!(took.is_some(), "{:?}", events(&sim.joiner_events));
        // Idle connections from many addresses time out; from one, the
        // oldest make room for the newest first.
        assert_eq!(dropped(&sim, DropCause::NoHello) > 0, spread);
        assert_eq!(dropped(&sim, DropCause::Crowded) > 0, !spread);
    }
}

#[test]
fn idle_and_half_open_connections_cannot_keep_a_joiner_from_resuming() {
    for spread in [true, false] {
        let mut sim = sim(CODE, CODE);
        let mut jammer = Jammer::new(spread);
        sim.delivering = false;
        sim.reachable = false;
        jammer.until(&mut sim, Duration::from_secs(6), |_| false);
        assert!(saw(&sim.joiner_events, &LinkEvent::LinkLost));
        sim.delivering = true;
        sim.reachable = true;
        let back = LinkEvent::Connected { resumed: true };
        let took = jammer.until(&mut sim, TARGET, |s| saw(&s.joiner_events, &back));
        assert!(took.is_some(), "{:?}", events(&sim.joiner_events));
    }
}

#[test]
fn a_third_device_cannot_join_a_paired_host() {
    let mut sim = sim(CODE, CODE);
    let mut intruder = Guesser::new(code(CODE));
    assert_eq!(
        intruder.guess(&mut sim, ip(3, 0, 1)),
        Outcome::NotChecked(RejectReason::AlreadyPaired)
    );
    assert!(saw(
        &sim.host_events,
        &LinkEvent::Refused(RejectReason::AlreadyPaired)
    ));
    sim.host.endpoint.send(&mv(0)).unwrap();
    sim.pump();
    assert_eq!(messages(&sim.joiner_events), vec![mv(0)]);
}

#[test]
fn resumes_without_the_session_key_or_replayed_are_refused_and_harmless() {
    let mut sim = sim(CODE, CODE);
    let secret = sim.host.endpoint.secret.clone().unwrap();
    let forged = hello(Intent::Resume {
        session_id: secret.id.into(),
        proof: HexBytes(vec![0; 32]),
    });
    let c = sim.open_raw(ip(3, 0, 2));
    sim.send_raw(c, &frame(&forged));
    assert_eq!(
        reply(&sim, c, 0),
        Some(Handshake::Reject {
            reason: RejectReason::AuthenticationFailed
        })
    );
    // A genuine resume hello seen on the network and sent again.
    let nonce = random_bytes::<NONCE_LEN>();
    let genuine = Handshake::Hello {
        protocol_version: PROTOCOL_VERSION,
        app_version: "x".into(),
        nonce: HexBytes(nonce.to_vec()),
        intent: Intent::Resume {
            session_id: secret.id.into(),
            proof: HexBytes(secret.resume_proof(&nonce).to_vec()),
        },
    };
    let first = sim.open_raw(ip(3, 0, 3));
    sim.send_raw(first, &frame(&genuine.encode()));
    assert!(matches!(
        reply(&sim, first, 0),
        Some(Handshake::Welcome { .. })
    ));
    let replay = sim.open_raw(ip(3, 0, 3));
    sim.send_raw(replay, &frame(&genuine.encode()));
    assert_eq!(
        reply(&sim, replay, 0),
        Some(Handshake::Reject {
            reason: RejectReason::AuthenticationFailed
        })
    );
    // Without the key the welcome is of no use: its confirm fails.
    let confirm = Handshake::Confirm {
        proof: HexBytes(vec![0; 32]),
    };
    sim.send_raw(first, &frame(&confirm.encode()));
    assert!(sim.raw(first).closed);
    sim.host.endpoint.send(&mv(3)).unwrap();
    sim.pump();
    assert_eq!(messages(&sim.joiner_events), vec![mv(3)]);
    assert!(sim.joiner.endpoint.is_connected());
}

#[test]
fn incompatible_malformed_and_silent_connections_are_refused_or_dropped() {
    let mut sim = Sim::host_alone(host(CODE), joiner(CODE));
    let mut refused_with = |bytes: &[u8], reason: RejectReason| {
        let c = sim.open_raw(ip(4, 0, 1));
        sim.send_raw(c, bytes);
        assert_eq!(reply(&sim, c, 0), Some(Handshake::Reject { reason }));
        assert!(sim.raw(c).closed);
    };
    let old = Handshake::Hello {
        protocol_version: 99,
        app_version: "9.0".into(),
        nonce: HexBytes(vec![1; NONCE_LEN]),
        intent: Intent::Pair {
            pake: HexBytes(vec![0; 33]),
        },
    };
    refused_with(
        &frame(&old.encode()),
        RejectReason::IncompatibleProtocol {
            min_supported: MIN_PROTOCOL_VERSION,
            max_supported: PROTOCOL_VERSION,
            offered: 99,
        },
    );
    refused_with(&frame(b"GET / HTTP/1.1"), RejectReason::Malformed);
    let bad_pake = hello(Intent::Pair {
        pake: HexBytes(vec![0; 5]),
    });
    refused_with(&frame(&bad_pake), RejectReason::Malformed);
    // An oversized frame header closes the connection at once.
    let c = sim.open_raw(ip(4, 0, 2));
    sim.send_raw(c, &[0xff; 8]);
    assert!(sim.raw(c).closed);
    assert!(saw(
        &sim.host_events,
        &LinkEvent::Dropped {
            peer: ip(4, 0, 2),
            cause: DropCause::BadFrame
        }
    ));
    assert_eq!(sim.host.endpoint.wrong_codes(), 0, "no code was checked");
    // A silent connection is dropped when the hello time runs out.
    let silent = sim.open_raw(ip(4, 0, 3));
    sim.run_for(cfg().hello_timeout - STEP);
    assert!(!sim.raw(silent).closed);
    sim.run_for(STEP * 2);
    assert!(sim.raw(silent).closed);
    assert!(saw(
        &sim.host_events,
        &LinkEvent::Dropped {
            peer: ip(4, 0, 3),
            cause: DropCause::NoHello
        }
    ));
}
