//! The host's side of the link: shows the code, accepts connections.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use super::connection::{Conn, Incoming, State, nonce};
use super::reliable::Reliable;
use super::{ConnId, LinkConfig, LinkEvent, Output, SendError};
use crate::net::crypto::{
    ConnectionKeys, Pake, PeerRole, SESSION_ID_LEN, SessionId, SessionSecret, Transcript,
    random_bytes,
};
use crate::net::message::{
    Handshake, HexBytes, Intent, Message, PROTOCOL_VERSION, RejectReason, check_protocol,
};
use crate::net::pairing::{CodeGuard, PairingCode};

/// The host's side: shows the code, accepts connections.
pub struct Host {
    cfg: LinkConfig,
    guard: CodeGuard,
    pub(super) secret: Option<SessionSecret>,
    pub(super) conns: Vec<Conn>,
    active: Option<ConnId>,
    ever_connected: bool,
    lost_since: Option<Instant>,
    finished: bool,
    rel: Reliable,
    pub(super) out: VecDeque<Output>,
}

/// Handshakes a host runs at once; more connections are turned away.
pub(super) const MAX_PENDING: usize = 4;

impl Host {
    pub fn new(cfg: LinkConfig, code: PairingCode) -> Self {
        Host {
            cfg,
            guard: CodeGuard::new(code),
            secret: None,
            conns: Vec::new(),
            active: None,
            ever_connected: false,
            lost_since: None,
            finished: false,
            rel: Reliable::default(),
            out: VecDeque::new(),
        }
    }

    /// The code to show now.
    pub fn code(&self) -> PairingCode {
        self.guard.code()
    }

    pub fn is_paired(&self) -> bool {
        self.secret.is_some()
    }

    /// Whether the encrypted link is up and in step.
    pub fn is_connected(&self) -> bool {
        self.active
            .and_then(|a| self.conn_index(a))
            .is_some_and(|i| self.conns[i].is_synced())
    }

    /// True once adjourned or closed: the driver can stop.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    pub fn poll_output(&mut self) -> Option<Output> {
        self.out.pop_front()
    }

    fn event(&mut self, e: LinkEvent) {
        self.out.push_back(Output::Event(e));
    }

    pub(super) fn conn_index(&self, id: ConnId) -> Option<usize> {
        self.conns.iter().position(|c| c.id == id)
    }

    pub fn on_accepted(&mut self, conn: ConnId, now: Instant) {
        let pending = self.conns.iter().filter(|c| !c.is_established()).count();
        if self.finished || pending >= MAX_PENDING {
            let c = Conn::new(conn, State::AwaitHello, now);
            c.send_handshake(
                &Handshake::Reject {
                    reason: RejectReason::Busy,
                },
                &mut self.out,
            );
            self.out.push_back(Output::Close { conn });
            return;
        }
        self.conns.push(Conn::new(conn, State::AwaitHello, now));
    }

    pub fn on_bytes(&mut self, conn: ConnId, bytes: &[u8], now: Instant) {
        let Some(i) = self.conn_index(conn) else {
            return;
        };
        self.conns[i].decoder.push(bytes);
        loop {
            let Some(i) = self.conn_index(conn) else {
                return;
            };
            match self.conns[i].decoder.next_frame() {
                Ok(None) => return,
                Ok(Some(frame)) => self.on_frame(i, &frame, now),
                Err(_) => {
                    self.drop_conn(conn, now);
                    return;
                }
            }
        }
    }

    fn reject(&mut self, i: usize, reason: RejectReason) {
        let c = self.conns.remove(i);
        c.send_handshake(
            &Handshake::Reject {
                reason: reason.clone(),
            },
            &mut self.out,
        );
        self.out.push_back(Output::Close { conn: c.id });
        self.event(LinkEvent::Refused(reason));
    }

    fn on_frame(&mut self, i: usize, frame: &[u8], now: Instant) {
        if self.conns[i].is_established() {
            let conn = &mut self.conns[i];
            match conn.receive_sealed(frame, now, &mut self.rel, &mut self.out) {
                Incoming::Nothing => {}
                Incoming::Event(e) => self.event(e),
                Incoming::Broken(v) => {
                    let id = conn.id;
                    self.event(LinkEvent::Violation(v));
                    self.drop_conn(id, now);
                }
                Incoming::Synced => {
                    let resumed = self.ever_connected;
                    self.ever_connected = true;
                    self.event(LinkEvent::Connected { resumed });
                }
            }
            return;
        }
        let Ok(msg) = Handshake::decode(frame) else {
            return self.reject(i, RejectReason::Malformed);
        };
        let state = std::mem::replace(&mut self.conns[i].state, State::AwaitHello);
        match (state, msg) {
            (
                State::AwaitHello,
                Handshake::Hello {
                    protocol_version,
                    intent,
                    ..
                },
            ) => {
                if let Err(reason) = check_protocol(protocol_version) {
                    return self.reject(i, reason);
                }
                self.on_hello(i, frame, intent);
            }
            (
                State::AwaitConfirm {
                    keys,
                    secret,
                    pairing,
                },
                Handshake::Confirm { proof },
            ) => {
                if !keys.verify_confirmation(PeerRole::Joiner, &proof.0) {
                    if pairing {
                        let attempts = self.guard.wrong_attempts() + 1;
                        let renewed = self.guard.record_wrong_attempt();
                        self.event(LinkEvent::WrongCode { attempts });
                        if let Some(code) = renewed {
                            self.event(LinkEvent::CodeRenewed(code));
                        }
                        return self.reject(i, RejectReason::WrongCode);
                    }
                    return self.reject(i, RejectReason::AuthenticationFailed);
                }
                if pairing && self.secret.is_some() {
                    return self.reject(i, RejectReason::AlreadyPaired);
                }
                let conn = &mut self.conns[i];
                conn.send_handshake(
                    &Handshake::Confirm {
                        proof: HexBytes(keys.confirmation(PeerRole::Host).to_vec()),
                    },
                    &mut self.out,
                );
                conn.establish(PeerRole::Host, &keys, &self.rel, now, &mut self.out);
                let id = conn.id;
                self.secret = Some(secret);
                // A proven joiner replaces a connection the host still
                // believes alive (the joiner saw it die first).
                if let Some(old) = self.active.replace(id) {
                    if let Some(j) = self.conn_index(old) {
                        self.conns.remove(j);
                    }
                    self.out.push_back(Output::Close { conn: old });
                }
                self.lost_since = None;
            }
            _ => self.reject(i, RejectReason::Malformed),
        }
    }

    /// Answers a compatible hello. The joiner's nonce needs no handling of
    /// its own: it is part of the hello bytes that enter the transcript.
    fn on_hello(&mut self, i: usize, hello: &[u8], intent: Intent) {
        let (secret, pake_reply, pairing) = match intent {
            Intent::Pair { pake } => {
                if self.secret.is_some() {
                    return self.reject(i, RejectReason::AlreadyPaired);
                }
                let other_pairing = self.conns.iter().enumerate().any(|(j, c)| {
                    j != i && matches!(c.state, State::AwaitConfirm { pairing: true, .. })
                });
                if other_pairing {
                    return self.reject(i, RejectReason::Busy);
                }
                let (state, reply) = Pake::start(PeerRole::Host, self.guard.code());
                let Ok(master) = state.finish(&pake.0) else {
                    return self.reject(i, RejectReason::Malformed);
                };
                let id = SessionId(random_bytes::<SESSION_ID_LEN>());
                (SessionSecret::new(id, master), Some(reply), true)
            }
            Intent::Resume { session_id } => match &self.secret {
                Some(secret) if secret.id == SessionId::from(&session_id) => {
                    (secret.clone(), None, false)
                }
                _ => return self.reject(i, RejectReason::UnknownSession),
            },
        };
        let welcome = Handshake::Welcome {
            protocol_version: PROTOCOL_VERSION,
            app_version: self.cfg.app_version.clone(),
            nonce: nonce(),
            session_id: secret.id.into(),
            pake: pake_reply.map(HexBytes),
        }
        .encode();
        let mut transcript = Transcript::new();
        transcript.add(hello);
        transcript.add(&welcome);
        let keys = ConnectionKeys::derive(secret.master(), &transcript);
        let conn = &mut self.conns[i];
        conn.transmit(&welcome, &mut self.out);
        conn.state = State::AwaitConfirm {
            keys,
            secret,
            pairing,
        };
    }

    fn drop_conn(&mut self, conn: ConnId, now: Instant) {
        self.out.push_back(Output::Close { conn });
        self.on_closed(conn, now);
    }

    /// The driver saw the connection close (or fail).
    pub fn on_closed(&mut self, conn: ConnId, now: Instant) {
        if let Some(i) = self.conn_index(conn) {
            self.conns.remove(i);
        }
        if self.active == Some(conn) {
            self.active = None;
            self.lost_since = Some(now);
            self.event(LinkEvent::LinkLost);
        }
    }

    pub fn on_tick(&mut self, now: Instant) {
        if self.finished {
            return;
        }
        let mut dead = Vec::new();
        for c in &mut self.conns {
            let alive = if c.is_established() {
                c.heartbeat(&self.cfg, now, &self.rel, &mut self.out)
            } else {
                now.saturating_duration_since(c.opened) < self.cfg.handshake_timeout
            };
            if !alive {
                dead.push(c.id);
            }
        }
        for id in dead {
            self.drop_conn(id, now);
        }
        if self
            .lost_since
            .is_some_and(|t| now.saturating_duration_since(t) >= self.cfg.adjourn_after)
        {
            self.lost_since = None;
            self.shut(LinkEvent::Adjourned);
        }
    }

    fn shut(&mut self, last: LinkEvent) {
        for c in self.conns.drain(..) {
            self.out.push_back(Output::Close { conn: c.id });
        }
        self.active = None;
        self.finished = true;
        self.event(last);
    }

    /// Closes everything for good (after a `Leave` was sent, or on quit).
    pub fn close(&mut self) {
        for c in self.conns.drain(..) {
            self.out.push_back(Output::Close { conn: c.id });
        }
        self.active = None;
        self.finished = true;
    }

    /// Sends a message to the joiner: now if the link is up, otherwise as
    /// soon as the joiner is back.
    pub fn send(&mut self, msg: &Message) -> Result<(), SendError> {
        if self.finished {
            return Err(SendError::Closed);
        }
        let packet = self.rel.push(msg)?;
        if let Some(i) = self.active.and_then(|a| self.conn_index(a))
            && self.conns[i].is_synced()
        {
            self.conns[i].seal_and_send(&packet, &mut self.out);
        }
        Ok(())
    }

    pub fn rtt(&self) -> Option<Duration> {
        let active = self.conn_index(self.active?)?;
        self.conns[active].rtt
    }

    /// When `on_tick` next has something to do.
    pub fn next_deadline(&self) -> Option<Instant> {
        let conns = self.conns.iter().map(|c| c.deadline(&self.cfg));
        let adjourn = self.lost_since.map(|t| t + self.cfg.adjourn_after);
        conns.chain(adjourn).min()
    }
}
