//! The link's tests, on the simulated network of [`crate::net::sim`].

mod attack;
mod basics;
mod resume;

use super::*;
use crate::net::message::{MoveMsg, RejectReason};
use crate::net::pairing::PairingCode;
use crate::net::sim::Sim;
use crate::net::tcp::{BareLink, LinkNotice};
use std::time::Duration;

const CODE: u32 = 424242;

type LinkSim = Sim<BareLink<Host>, BareLink<Joiner>>;

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

fn host(host_code: u32) -> BareLink<Host> {
    BareLink::new(Host::new(cfg(), code(host_code)))
}

fn joiner(joiner_code: u32) -> BareLink<Joiner> {
    BareLink::new(Joiner::new(cfg(), code(joiner_code)))
}

/// A host and a joiner with these codes, run until both are quiet.
fn sim(host_code: u32, joiner_code: u32) -> LinkSim {
    Sim::new(host(host_code), joiner(joiner_code))
}

/// The link events among a machine's notices.
fn events(notices: &[LinkNotice]) -> Vec<LinkEvent> {
    notices
        .iter()
        .filter_map(|n| match n {
            LinkNotice::Link(e) => Some(e.clone()),
            LinkNotice::NotSent(_) => None,
        })
        .collect()
}

fn saw(notices: &[LinkNotice], e: &LinkEvent) -> bool {
    notices.contains(&LinkNotice::Link(e.clone()))
}

/// The messages delivered, in order.
fn messages(notices: &[LinkNotice]) -> Vec<Message> {
    events(notices)
        .into_iter()
        .filter_map(|e| match e {
            LinkEvent::Message(m) => Some(m),
            _ => None,
        })
        .collect()
}

fn count(notices: &[LinkNotice], want: impl Fn(&LinkEvent) -> bool) -> usize {
    events(notices).iter().filter(|e| want(e)).count()
}
