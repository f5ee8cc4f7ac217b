//! Pairing, talking, delivery news, outages and garbage on a live link.

use super::*;
use crate::net::channel::ChannelError;
use crate::net::frame::encode_frame;
use crate::net::link::connection::State;
use crate::net::message::ErrorCode;
use crate::net::sim::JOINER_ADDR;
use proptest::prelude::*;
use std::time::Instant;

#[test]
fn pairs_and_talks_both_ways() {
    let mut sim = sim(CODE, CODE);
    let up = LinkEvent::Connected { resumed: false };
    assert_eq!(events(&sim.host_events), vec![up.clone()]);
    assert_eq!(events(&sim.joiner_events), vec![up]);
    sim.host.endpoint.send(&mv(0)).unwrap();
    sim.joiner.endpoint.send(&mv(1)).unwrap();
    sim.pump();
    assert_eq!(messages(&sim.joiner_events), vec![mv(0)]);
    assert_eq!(messages(&sim.host_events), vec![mv(1)]);
    // Heartbeats keep an idle link alive and never surface as messages.
    sim.run_for(Duration::from_secs(20));
    assert!(sim.host.endpoint.is_connected() && sim.joiner.endpoint.is_connected());
    assert_eq!(messages(&sim.host_events), vec![mv(1)]);
}

#[test]
fn the_sender_learns_when_everything_it_sent_has_arrived() {
    let mut sim = sim(CODE, CODE);
    assert!(sim.host.endpoint.all_acknowledged());
    // The link is down: the message waits, unacknowledged.
    sim.delivering = false;
    sim.host.endpoint.send(&mv(0)).unwrap();
    sim.host.endpoint.send(&mv(1)).unwrap();
    sim.pump();
    assert!(!sim.host.endpoint.all_acknowledged());
    sim.run_for(cfg().link_timeout + Duration::from_secs(1));
    assert!(!sim.host.endpoint.all_acknowledged());
    sim.delivering = true;
    let acked = |s: &LinkSim| saw(&s.host_events, &LinkEvent::AllAcknowledged);
    assert!(sim.run_until(Duration::from_secs(5), acked));
    assert!(sim.host.endpoint.all_acknowledged());
    assert_eq!(messages(&sim.joiner_events), vec![mv(0), mv(1)]);
    assert_eq!(
        count(&sim.host_events, |e| *e == LinkEvent::AllAcknowledged),
        1
    );
    // The joiner's side works the same way.
    sim.joiner.endpoint.send(&mv(2)).unwrap();
    assert!(!sim.joiner.endpoint.all_acknowledged());
    let acked = |s: &LinkSim| saw(&s.joiner_events, &LinkEvent::AllAcknowledged);
    assert!(sim.run_until(Duration::from_secs(3), acked));
    assert!(sim.joiner.endpoint.all_acknowledged());
}

#[test]
fn forged_replayed_and_garbled_frames_are_refused_without_breaking_the_link() {
    let mut sim = sim(CODE, CODE);
    sim.host.endpoint.send(&mv(0)).unwrap();
    let Some(Output::Transmit { conn, bytes }) = sim.host.endpoint.poll_output() else {
        panic!("sealed frame")
    };
    let jc = sim.joiner_conn(conn).unwrap();
    let now = sim.now;
    let mut tampered = bytes.clone();
    *tampered.last_mut().unwrap() ^= 0x80;
    let joiner = &mut sim.joiner.endpoint;
    joiner.on_bytes(jc, &tampered, now);
    joiner.on_bytes(jc, &bytes, now);
    joiner.on_bytes(jc, &bytes, now);
    // A frame sealed with the right key around bytes that are not a message.
    let host = &mut sim.host.endpoint;
    let i = host.conn_index(conn).expect("active conn");
    let State::Established { channel, .. } = &mut host.conns[i].state else {
        panic!("established")
    };
    let garbage = encode_frame(&channel.seal(b"{\"type\":\"castle\"}").unwrap()).unwrap();
    sim.joiner.endpoint.on_bytes(jc, &garbage, now);
    sim.pump();
    let violations: Vec<_> = events(&sim.joiner_events)
        .into_iter()
        .filter_map(|e| match e {
            LinkEvent::Violation(v) => Some(v),
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
    assert_eq!(messages(&sim.joiner_events), vec![mv(0)]);
    assert!(matches!(
        messages(&sim.host_events)[..],
        [Message::Error {
            code: ErrorCode::Malformed,
            ..
        }]
    ));
    sim.host.endpoint.send(&mv(2)).unwrap();
    sim.pump();
    assert_eq!(messages(&sim.joiner_events), vec![mv(0), mv(2)]);
}

#[test]
fn a_silent_outage_is_detected_and_the_joiner_comes_back() {
    let mut sim = sim(CODE, CODE);
    sim.delivering = false;
    sim.reachable = false;
    sim.run_for(cfg().link_timeout + Duration::from_millis(200));
    assert!(saw(&sim.host_events, &LinkEvent::LinkLost));
    assert!(saw(&sim.joiner_events, &LinkEvent::LinkLost));
    sim.run_for(Duration::from_secs(5));
    sim.delivering = true;
    sim.reachable = true;
    sim.run_for(Duration::from_secs(3));
    let back = LinkEvent::Connected { resumed: true };
    assert!(saw(&sim.host_events, &back) && saw(&sim.joiner_events, &back));
    sim.joiner.endpoint.send(&mv(5)).unwrap();
    sim.pump();
    assert_eq!(messages(&sim.host_events), vec![mv(5)]);
}

#[test]
fn a_peer_that_never_returns_adjourns_the_game_on_both_sides() {
    let mut sim = sim(CODE, CODE);
    sim.delivering = false;
    sim.reachable = false;
    sim.run_for(cfg().adjourn_after + cfg().link_timeout + Duration::from_secs(1));
    assert!(saw(&sim.host_events, &LinkEvent::Adjourned));
    assert!(saw(&sim.joiner_events, &LinkEvent::Adjourned));
    assert!(sim.host.endpoint.is_finished() && sim.joiner.endpoint.is_finished());
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
        host.on_accepted_from(1, JOINER_ADDR, now);
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
        let mut sim = sim(CODE, CODE);
        let jc = sim.joiner_conns()[0];
        let now = sim.now;
        for f in &frames {
            sim.joiner.endpoint.on_bytes(jc, &encode_frame(f).unwrap(), now);
        }
        sim.pump();
        prop_assert!(messages(&sim.joiner_events).is_empty());
        prop_assert!(sim.joiner.endpoint.is_connected());
        sim.host.endpoint.send(&mv(0)).unwrap();
        sim.pump();
        prop_assert_eq!(messages(&sim.joiner_events), vec![mv(0)]);
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
        let mut sim = Sim::with_cut(host(CODE), joiner(CODE), Some(cut));
        let mut sent_by_host = Vec::new();
        let mut sent_by_joiner = Vec::new();
        for ply in 0..6u32 {
            sim.run_for(Duration::from_millis(outage_ms / 6));
            // Sends never wait for the link: what cannot go now goes
            // after the reconnection.
            if ply % 2 == 0 {
                sim.host.endpoint.send(&mv(ply)).unwrap();
                sent_by_host.push(mv(ply));
            } else if sim.joiner.endpoint.send(&mv(ply)).is_ok() {
                sent_by_joiner.push(mv(ply));
            }
            sim.pump();
        }
        sim.run_for(Duration::from_secs(8));
        if sim.joiner.endpoint.is_finished() {
            prop_assert!(events(&sim.joiner_events).iter().any(|e| matches!(
                e,
                LinkEvent::Unreachable | LinkEvent::RefusedByHost(_)
            )), "{:?}", sim.joiner_events);
            let was_up = saw(&sim.joiner_events, &LinkEvent::Connected { resumed: false });
            prop_assert!(!was_up || sim.host.endpoint.is_paired());
        } else {
            prop_assert!(sim.host.endpoint.is_connected() && sim.joiner.endpoint.is_connected(),
                "host {:?} joiner {:?}", sim.host_events, sim.joiner_events);
            prop_assert_eq!(&sim.host.endpoint.secret, &sim.joiner.endpoint.secret);
            // Every message arrived exactly once, in order.
            prop_assert_eq!(messages(&sim.joiner_events), sent_by_host.clone());
            prop_assert_eq!(messages(&sim.host_events), sent_by_joiner.clone());
            sim.host.endpoint.send(&mv(100)).unwrap();
            sim.joiner.endpoint.send(&mv(101)).unwrap();
            sim.pump();
            prop_assert_eq!(messages(&sim.joiner_events).last().cloned(), Some(mv(100)));
            prop_assert_eq!(messages(&sim.host_events).last().cloned(), Some(mv(101)));
        }
    }
}
