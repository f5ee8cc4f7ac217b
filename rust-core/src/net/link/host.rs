//! The host's side of the link: shows the code, accepts connections.

use std::collections::VecDeque;
use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};

use super::admission;
use super::connection::{Conn, Incoming, State, nonce};
use super::reliable::Reliable;
use super::{ConnId, DropCause, LinkConfig, LinkEvent, Output, SendError};
use crate::net::crypto::{
    ConnectionKeys, Pake, PeerRole, SESSION_ID_LEN, SessionId, SessionSecret, Transcript,
    random_bytes,
};
use crate::net::message::{
    Handshake, HexBytes, Intent, Message, PROTOCOL_VERSION, RejectReason, check_protocol,
};
use crate::net::pairing::{CodeGuard, PairingCode};

/// Resume hellos remembered, so that a captured one cannot be replayed.
const RESUME_NONCES_KEPT: usize = 256;

/// The host's side: shows the code, accepts connections.
pub struct Host {
    cfg: LinkConfig,
    guard: CodeGuard,
    pub(super) secret: Option<SessionSecret>,
    /// Oldest first.
    pub(super) conns: Vec<Conn>,
    active: Option<ConnId>,
    ever_connected: bool,
    lost_since: Option<Instant>,
    finished: bool,
    rel: Reliable,
    resume_nonces: VecDeque<Vec<u8>>,
    pub(super) out: VecDeque<Output>,
}

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
            resume_nonces: VecDeque::new(),
            out: VecDeque::new(),
        }
    }

    /// The code to show now.
    pub fn code(&self) -> PairingCode {
        self.guard.code()
    }

    /// Draws a new code (the user asked for one, say because the old one
    /// was seen); announced with [`LinkEvent::CodeRenewed`].
    pub fn renew_code(&mut self) -> PairingCode {
        let code = self.guard.renew();
        self.event(LinkEvent::CodeRenewed(code));
        code
    }

    /// Wrong codes tried so far, for the host's screen.
    pub fn wrong_codes(&self) -> u32 {
        self.guard.wrong_attempts()
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

    /// Whether the joiner has acknowledged every message sent so far.
    pub fn all_acknowledged(&self) -> bool {
        self.rel.outbox.is_empty()
    }

    pub fn poll_output(&mut self) -> Option<Output> {
        let o = self.out.pop_front()?;
        if matches!(o, Output::Event(LinkEvent::Message(_))) {
            self.rel.taken();
        }
        Some(o)
    }

    fn event(&mut self, e: LinkEvent) {
        self.out.push_back(Output::Event(e));
    }

    pub(super) fn conn_index(&self, id: ConnId) -> Option<usize> {
        self.conns.iter().position(|c| c.id == id)
    }

    /// A connection came in from an address the driver did not give.
    pub fn on_accepted(&mut self, conn: ConnId, now: Instant) {
        self.on_accepted_from(conn, IpAddr::V4(Ipv4Addr::UNSPECIFIED), now)
    }

    /// A connection came in from `peer`.
    pub fn on_accepted_from(&mut self, conn: ConnId, peer: IpAddr, now: Instant) {
        let c = Conn::new(conn, peer.to_canonical(), State::AwaitHello, now);
        if self.finished {
            let busy = Handshake::Reject {
                reason: RejectReason::Busy,
            };
            c.send_handshake(&busy, &mut self.out);
            self.out.push_back(Output::Close { conn });
            return;
        }
        self.conns.push(c);
        self.enforce_limits();
    }

    /// Drops the oldest unproven connections while a limit is exceeded.
    fn enforce_limits(&mut self) {
        while let Some(victim) = admission::over_limit(&self.conns) {
            let Some(i) = self.conn_index(victim) else {
                return;
            };
            self.turn_away(i, DropCause::Crowded);
        }
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
                    if !self.conns[i].is_established() {
                        let peer = self.conns[i].peer;
                        self.event(LinkEvent::Dropped {
                            peer,
                            cause: DropCause::BadFrame,
                        });
                    }
                    self.drop_conn(conn, now);
                    return;
                }
            }
        }
    }

    /// Closes connection `i` with a `Busy` answer (so a joiner tries again).
    fn turn_away(&mut self, i: usize, cause: DropCause) {
        let c = self.conns.remove(i);
        let busy = Handshake::Reject {
            reason: RejectReason::Busy,
        };
        c.send_handshake(&busy, &mut self.out);
        self.out.push_back(Output::Close { conn: c.id });
        self.event(LinkEvent::Dropped {
            peer: c.peer,
            cause,
        });
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
                    nonce,
                    intent,
                    ..
                },
            ) => {
                if let Err(reason) = check_protocol(protocol_version) {
                    return self.reject(i, reason);
                }
                self.on_hello(i, frame, &nonce.0, intent, now);
            }
            (
                State::AwaitConfirm {
                    keys,
                    secret,
                    pairing,
                },
                Handshake::Confirm { proof },
            ) => self.on_confirm(i, keys, secret, pairing, &proof.0, now),
            _ => self.reject(i, RejectReason::Malformed),
        }
    }

    /// Answers a compatible hello. The joiner's nonce needs no handling of
    /// its own when pairing: it is part of the hello bytes that enter the
    /// transcript.
    fn on_hello(
        &mut self,
        i: usize,
        hello: &[u8],
        joiner_nonce: &[u8],
        intent: Intent,
        now: Instant,
    ) {
        let peer = admission::address_key(self.conns[i].peer);
        let (secret, pake_reply, pairing) = match intent {
            Intent::Pair { pake } => {
                if self.secret.is_some() {
                    return self.reject(i, RejectReason::AlreadyPaired);
                }
                // Checked before any work: a paused guesser costs nothing.
                if self.guard.may_check(peer, now).is_err() {
                    return self.turn_away(i, DropCause::Throttled);
                }
                let (state, reply) = Pake::start(PeerRole::Host, self.guard.code());
                let Ok(master) = state.finish(&pake.0) else {
                    return self.reject(i, RejectReason::Malformed);
                };
                let id = SessionId(random_bytes::<SESSION_ID_LEN>());
                (SessionSecret::new(id, master), Some(reply), true)
            }
            Intent::Resume { session_id, proof } => match &self.secret {
                Some(secret) if secret.id == SessionId::from(&session_id) => {
                    if !secret.verify_resume_proof(joiner_nonce, &proof.0)
                        || self.resume_nonces.iter().any(|n| n == joiner_nonce)
                    {
                        return self.reject(i, RejectReason::AuthenticationFailed);
                    }
                    if self.resume_nonces.len() == RESUME_NONCES_KEPT {
                        self.resume_nonces.pop_front();
                    }
                    self.resume_nonces.push_back(joiner_nonce.to_vec());
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
        // A proven resume has left the unproven connections; it may push
        // an older resume (a replay) out.
        self.enforce_limits();
    }

    fn on_confirm(
        &mut self,
        i: usize,
        keys: ConnectionKeys,
        secret: SessionSecret,
        pairing: bool,
        proof: &[u8],
        now: Instant,
    ) {
        if pairing {
            // The budget may have been spent by other handshakes since the
            // hello; a code is never checked beyond it.
            let peer = admission::address_key(self.conns[i].peer);
            if self.guard.may_check(peer, now).is_err() {
                return self.turn_away(i, DropCause::Throttled);
            }
            if !keys.verify_confirmation(PeerRole::Joiner, proof) {
                self.guard.record_wrong_attempt(peer, now);
                let attempts = u8::try_from(self.guard.wrong_attempts()).unwrap_or(u8::MAX);
                self.event(LinkEvent::WrongCode { attempts });
                return self.reject(i, RejectReason::WrongCode);
            }
            if self.secret.is_some() {
                return self.reject(i, RejectReason::AlreadyPaired);
            }
        } else if !keys.verify_confirmation(PeerRole::Joiner, proof) {
            return self.reject(i, RejectReason::AuthenticationFailed);
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
        // A proven joiner replaces a connection the host still believes
        // alive (the joiner saw it die first, or was restarted).
        if let Some(old) = self.active.replace(id) {
            if let Some(j) = self.conn_index(old) {
                self.conns.remove(j);
            }
            self.out.push_back(Output::Close { conn: old });
        }
        self.lost_since = None;
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
            if c.is_established() {
                if !c.heartbeat(&self.cfg, now, &self.rel, &mut self.out) {
                    dead.push((c.id, None));
                }
            } else if now >= c.deadline(&self.cfg) {
                let cause = match c.state {
                    State::AwaitHello => DropCause::NoHello,
                    _ => DropCause::HandshakeTimeout,
                };
                dead.push((c.id, Some((c.peer, cause))));
            }
        }
        for (id, dropped) in dead {
            if let Some((peer, cause)) = dropped {
                self.event(LinkEvent::Dropped { peer, cause });
            }
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
        self.close();
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
