//! One TCP connection of a link: its handshake state, its encrypted
//! channel once established, and its heartbeat.

use std::collections::VecDeque;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use super::reliable::Reliable;
use super::{ConnId, LinkConfig, LinkEvent, Output, Violation};
use crate::net::channel::{ChannelError, SecureChannel};
use crate::net::crypto::{ConnectionKeys, NONCE_LEN, Pake, PeerRole, SessionSecret, random_bytes};
use crate::net::frame::{FrameDecoder, encode_frame};
use crate::net::message::{ErrorCode, Handshake, HexBytes, Message, Packet};

pub(super) enum State {
    /// Host: waiting for the joiner's hello.
    AwaitHello,
    /// Joiner: hello sent.
    AwaitWelcome { hello: Vec<u8>, pake: Option<Pake> },
    /// Either side: keys derived, waiting for the peer's proof.
    AwaitConfirm {
        keys: ConnectionKeys,
        secret: SessionSecret,
        pairing: bool,
    },
    /// Encrypted; `synced` once the peer's `Resume` has arrived and
    /// everything it missed has been sent again.
    Established {
        channel: SecureChannel,
        synced: bool,
    },
}

pub(super) struct Conn {
    pub(super) id: ConnId,
    /// Where it comes from (the host counts unproven connections by
    /// address; the joiner's own connection has no use for it).
    pub(super) peer: IpAddr,
    pub(super) decoder: FrameDecoder,
    pub(super) state: State,
    pub(super) opened: Instant,
    pub(super) last_recv: Instant,
    pub(super) last_ping: Instant,
    pub(super) next_ping_id: u32,
    pub(super) ping_sent: Option<(u32, Instant)>,
    pub(super) rtt: Option<Duration>,
}

/// What an established connection's incoming frame turned into.
pub(super) enum Incoming {
    Nothing,
    /// A frame went missing from the stream: nothing more on this
    /// connection can be accepted, so it must be replaced.
    Broken(Violation),
    /// The peer's `Resume` arrived: the link is fully up.
    Synced,
    Event(LinkEvent),
}

impl Conn {
    pub(super) fn new(id: ConnId, peer: IpAddr, state: State, now: Instant) -> Self {
        Conn {
            id,
            peer,
            decoder: FrameDecoder::new(),
            state,
            opened: now,
            last_recv: now,
            last_ping: now,
            next_ping_id: 0,
            ping_sent: None,
            rtt: None,
        }
    }

    pub(super) fn is_established(&self) -> bool {
        matches!(self.state, State::Established { .. })
    }

    pub(super) fn is_synced(&self) -> bool {
        matches!(self.state, State::Established { synced: true, .. })
    }

    pub(super) fn transmit(&self, payload: &[u8], out: &mut VecDeque<Output>) {
        // Every caller bounds its payload below the frame limit.
        if let Ok(bytes) = encode_frame(payload) {
            out.push_back(Output::Transmit {
                conn: self.id,
                bytes,
            });
        }
    }

    pub(super) fn send_handshake(&self, msg: &Handshake, out: &mut VecDeque<Output>) {
        self.transmit(&msg.encode(), out);
    }

    /// Switches to the encrypted channel and tells the peer what arrived.
    pub(super) fn establish(
        &mut self,
        role: PeerRole,
        keys: &ConnectionKeys,
        rel: &Reliable,
        now: Instant,
        out: &mut VecDeque<Output>,
    ) {
        self.state = State::Established {
            channel: SecureChannel::new(role, keys),
            synced: false,
        };
        self.last_recv = now;
        self.last_ping = now;
        let resume = Packet::Resume {
            received: rel.delivered,
        };
        self.seal_and_send(&resume.encode(), out);
    }

    pub(super) fn seal_and_send(&mut self, plaintext: &[u8], out: &mut VecDeque<Output>) {
        let State::Established { channel, .. } = &mut self.state else {
            return;
        };
        if let Ok(sealed) = channel.seal(plaintext) {
            self.transmit(&sealed, out);
        }
    }

    /// Handles one frame on an established connection.
    pub(super) fn receive_sealed(
        &mut self,
        payload: &[u8],
        now: Instant,
        rel: &mut Reliable,
        out: &mut VecDeque<Output>,
    ) -> Incoming {
        let State::Established { channel, synced } = &mut self.state else {
            return Incoming::Nothing;
        };
        let plaintext = match channel.open(payload) {
            Ok(p) => p,
            // A forged or replayed frame may sit beside the genuine stream,
            // but a gap means a genuine frame was altered or dropped.
            Err(e @ ChannelError::OutOfOrder { .. }) => {
                return Incoming::Broken(Violation::Channel(e));
            }
            Err(e) => return Incoming::Event(LinkEvent::Violation(Violation::Channel(e))),
        };
        self.last_recv = now;
        let packet = match Packet::decode(&plaintext) {
            Ok(p) => p,
            Err(e) => {
                if *synced
                    && let Ok(reply) = rel.push(&Message::Error {
                        code: ErrorCode::Malformed,
                        detail: e.to_string(),
                    })
                {
                    self.seal_and_send(&reply, out);
                }
                return Incoming::Event(LinkEvent::Violation(Violation::Decode(e)));
            }
        };
        match packet {
            Packet::Resume { received } => {
                if *synced {
                    return Incoming::Event(LinkEvent::Violation(Violation::UnexpectedResume));
                }
                *synced = true;
                acknowledged(rel, received, out);
                for p in rel.pending() {
                    self.seal_and_send(&p, out);
                }
                Incoming::Synced
            }
            Packet::Data { seq, ack, msg } => {
                acknowledged(rel, ack, out);
                let expected = rel.received + 1;
                if seq < expected {
                    // Re-sent after a reconnection, but it had arrived.
                    Incoming::Nothing
                } else if seq > expected {
                    Incoming::Event(LinkEvent::Violation(Violation::Gap { seq, expected }))
                } else {
                    rel.received = seq;
                    Incoming::Event(LinkEvent::Message(msg))
                }
            }
            Packet::Ping { id, ack } => {
                acknowledged(rel, ack, out);
                self.seal_and_send(&Packet::Pong { id }.encode(), out);
                Incoming::Nothing
            }
            Packet::Pong { id } => {
                if let Some((sent_id, sent_at)) = self.ping_sent
                    && sent_id == id
                {
                    self.ping_sent = None;
                    let sample = now.saturating_duration_since(sent_at);
                    self.rtt = Some(self.rtt.map_or(sample, |r| (r * 7 + sample) / 8));
                }
                Incoming::Nothing
            }
        }
    }

    /// Heartbeat for an established connection; `false` if the link is dead.
    pub(super) fn heartbeat(
        &mut self,
        cfg: &LinkConfig,
        now: Instant,
        rel: &Reliable,
        out: &mut VecDeque<Output>,
    ) -> bool {
        if now.saturating_duration_since(self.last_recv) >= cfg.link_timeout {
            return false;
        }
        if now.saturating_duration_since(self.last_ping) >= cfg.heartbeat_interval {
            let id = self.next_ping_id;
            self.next_ping_id = id.wrapping_add(1);
            self.last_ping = now;
            self.ping_sent = Some((id, now));
            let ping = Packet::Ping {
                id,
                ack: rel.delivered,
            };
            self.seal_and_send(&ping.encode(), out);
        }
        true
    }

    pub(super) fn deadline(&self, cfg: &LinkConfig) -> Instant {
        match self.state {
            State::Established { .. } => {
                (self.last_recv + cfg.link_timeout).min(self.last_ping + cfg.heartbeat_interval)
            }
            State::AwaitHello => self.opened + cfg.hello_timeout,
            _ => self.opened + cfg.handshake_timeout,
        }
    }
}

/// Takes the peer's acknowledgement, telling the layer above when it
/// leaves nothing unacknowledged.
fn acknowledged(rel: &mut Reliable, ack: u64, out: &mut VecDeque<Output>) {
    if rel.acknowledged(ack) {
        out.push_back(Output::Event(LinkEvent::AllAcknowledged));
    }
}

pub(super) fn nonce() -> HexBytes<NONCE_LEN> {
    HexBytes(random_bytes::<NONCE_LEN>().to_vec())
}
