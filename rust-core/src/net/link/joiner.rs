//! The joiner's side of the link: connects with the code, reconnects on
//! its own.

use std::collections::VecDeque;
use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};

use super::connection::{Conn, Incoming, State, nonce};
use super::reliable::Reliable;
use super::resume::ResumeState;
use super::{ConnId, LinkConfig, LinkEvent, Output, SendError};
use crate::net::crypto::{ConnectionKeys, Pake, PeerRole, SessionId, SessionSecret, Transcript};
use crate::net::message::{
    Handshake, HexBytes, Intent, Message, PROTOCOL_VERSION, RejectReason, check_protocol,
};
use crate::net::pairing::PairingCode;

/// The joiner's side: connects with the code, reconnects on its own.
pub struct Joiner {
    cfg: LinkConfig,
    /// The code typed; none when resuming from a saved state.
    code: Option<PairingCode>,
    /// Set once the host proved the session; kept for reconnection.
    pub(super) secret: Option<SessionSecret>,
    /// Derived but not yet confirmed by the host: a cut at the last step
    /// leaves the host paired and us unsure, so we try to resume with it.
    tentative: Option<SessionSecret>,
    conn: Option<Conn>,
    connecting: Option<ConnId>,
    next_id: ConnId,
    retry_at: Option<Instant>,
    backoff: Duration,
    /// When the host first answered `Busy` to this pairing.
    busy_since: Option<Instant>,
    ever_connected: bool,
    lost_since: Option<Instant>,
    finished: bool,
    rel: Reliable,
    pub(super) out: VecDeque<Output>,
}

impl Joiner {
    /// Starts joining: the first output asks the driver to connect.
    pub fn new(cfg: LinkConfig, code: PairingCode) -> Self {
        let mut j = Joiner {
            cfg,
            code: Some(code),
            secret: None,
            tentative: None,
            conn: None,
            connecting: None,
            next_id: 0,
            retry_at: None,
            backoff: Duration::ZERO,
            busy_since: None,
            ever_connected: false,
            lost_since: None,
            finished: false,
            rel: Reliable::default(),
            out: VecDeque::new(),
        };
        j.connect();
        j
    }

    /// Comes back to a paired session from a state saved by an earlier
    /// process (see [`ResumeState`]): no code, and the game has until
    /// `adjourn_after` from `now` to reconnect.
    pub fn resume(cfg: LinkConfig, state: ResumeState, now: Instant) -> Self {
        let mut j = Joiner {
            cfg,
            code: None,
            rel: state.reliable(),
            secret: Some(state.session),
            tentative: None,
            conn: None,
            connecting: None,
            next_id: 0,
            retry_at: None,
            backoff: Duration::ZERO,
            busy_since: None,
            ever_connected: true,
            lost_since: Some(now),
            finished: false,
            out: VecDeque::new(),
        };
        j.connect();
        j
    }

    /// What a new process needs to resume this link: the session and the
    /// exactly-once state. `None` until the host has confirmed the pairing.
    pub fn resume_state(&self) -> Option<ResumeState> {
        let session = self.secret.clone()?;
        Some(ResumeState::new(session, &self.rel))
    }

    /// Whether the host has acknowledged every message sent so far.
    pub fn all_acknowledged(&self) -> bool {
        self.rel.outbox.is_empty()
    }

    /// Whether the encrypted link is up and in step.
    pub fn is_connected(&self) -> bool {
        self.conn.as_ref().is_some_and(Conn::is_synced)
    }

    pub fn is_finished(&self) -> bool {
        self.finished
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

    fn connect(&mut self) {
        let conn = self.next_id;
        self.next_id += 1;
        self.connecting = Some(conn);
        self.retry_at = None;
        self.out.push_back(Output::Connect { conn });
    }

    pub fn on_connected(&mut self, conn: ConnId, now: Instant) {
        if self.finished || self.connecting != Some(conn) {
            self.out.push_back(Output::Close { conn });
            return;
        }
        self.connecting = None;
        let nonce = nonce();
        let (intent, pake) = match (self.secret.as_ref().or(self.tentative.as_ref()), self.code) {
            (Some(secret), _) => (
                Intent::Resume {
                    session_id: secret.id.into(),
                    proof: HexBytes(secret.resume_proof(&nonce.0).to_vec()),
                },
                None,
            ),
            (None, Some(code)) => {
                let (state, msg) = Pake::start(PeerRole::Joiner, code);
                (
                    Intent::Pair {
                        pake: HexBytes(msg),
                    },
                    Some(state),
                )
            }
            // Built from a saved session, which is never forgotten.
            (None, None) => return self.finish_with(LinkEvent::Unreachable),
        };
        let hello = Handshake::Hello {
            protocol_version: PROTOCOL_VERSION,
            app_version: self.cfg.app_version.clone(),
            nonce,
            intent,
        }
        .encode();
        let c = Conn::new(
            conn,
            IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            State::AwaitWelcome {
                hello: hello.clone(),
                pake,
            },
            now,
        );
        c.transmit(&hello, &mut self.out);
        self.conn = Some(c);
    }

    pub fn on_connect_failed(&mut self, conn: ConnId, now: Instant) {
        if self.connecting != Some(conn) {
            return;
        }
        self.connecting = None;
        self.retry_or_give_up(now, LinkEvent::Unreachable);
    }

    /// After a failed attempt: try again while a session may be resumed,
    /// otherwise finish with `first_contact_failure`.
    fn retry_or_give_up(&mut self, now: Instant, first_contact_failure: LinkEvent) {
        if self.secret.is_none() && self.tentative.is_none() {
            self.finish_with(first_contact_failure);
            return;
        }
        // The first attempt after a loss is immediate: most losses are one
        // dropped connection, not a host gone away.
        self.retry_at = Some(now + self.backoff);
        let (first, most) = self.cfg.reconnect_delay;
        self.backoff = (self.backoff * 2).clamp(first, most);
    }

    fn finish_with(&mut self, e: LinkEvent) {
        if let Some(c) = self.conn.take() {
            self.out.push_back(Output::Close { conn: c.id });
        }
        self.connecting = None;
        self.retry_at = None;
        self.finished = true;
        self.event(e);
    }

    pub fn on_bytes(&mut self, conn: ConnId, bytes: &[u8], now: Instant) {
        let Some(c) = self.conn.as_mut().filter(|c| c.id == conn) else {
            return;
        };
        c.decoder.push(bytes);
        loop {
            let Some(c) = self.conn.as_mut().filter(|c| c.id == conn) else {
                return;
            };
            match c.decoder.next_frame() {
                Ok(None) => return,
                Ok(Some(frame)) => self.on_frame(&frame, now),
                Err(_) => {
                    self.lose_conn(now);
                    return;
                }
            }
        }
    }

    fn on_frame(&mut self, frame: &[u8], now: Instant) {
        let Some(c) = self.conn.as_mut() else {
            return;
        };
        if c.is_established() {
            match c.receive_sealed(frame, now, &mut self.rel, &mut self.out) {
                Incoming::Nothing => {}
                Incoming::Event(e) => self.event(e),
                Incoming::Broken(v) => {
                    self.event(LinkEvent::Violation(v));
                    self.lose_conn(now);
                }
                Incoming::Synced => {
                    let resumed = self.ever_connected;
                    self.ever_connected = true;
                    self.event(LinkEvent::Connected { resumed });
                }
            }
            return;
        }
        let msg = match Handshake::decode(frame) {
            Ok(m) => m,
            Err(_) => return self.lose_conn(now),
        };
        let state = std::mem::replace(&mut c.state, State::AwaitHello);
        match (state, msg) {
            (_, Handshake::Reject { reason }) => self.on_reject(reason, now),
            (
                State::AwaitWelcome { hello, pake },
                Handshake::Welcome {
                    protocol_version,
                    session_id,
                    pake: host_pake,
                    ..
                },
            ) => {
                if let Err(reason) = check_protocol(protocol_version) {
                    return self.finish_with(LinkEvent::RefusedByHost(reason));
                }
                let id = SessionId::from(&session_id);
                let (secret, pairing) = match (pake, host_pake, &self.secret, &self.tentative) {
                    (Some(state), Some(host_msg), None, None) => match state.finish(&host_msg.0) {
                        Ok(master) => (SessionSecret::new(id, master), true),
                        Err(_) => return self.lose_conn(now),
                    },
                    (None, None, Some(s), _) | (None, None, None, Some(s)) if s.id == id => {
                        (s.clone(), false)
                    }
                    _ => return self.lose_conn(now),
                };
                let mut transcript = Transcript::new();
                transcript.add(&hello);
                transcript.add(frame);
                let keys = ConnectionKeys::derive(secret.master(), &transcript);
                if pairing {
                    self.tentative = Some(secret.clone());
                }
                let Some(c) = self.conn.as_mut() else {
                    return;
                };
                c.send_handshake(
                    &Handshake::Confirm {
                        proof: HexBytes(keys.confirmation(PeerRole::Joiner).to_vec()),
                    },
                    &mut self.out,
                );
                c.state = State::AwaitConfirm {
                    keys,
                    secret,
                    pairing,
                };
            }
            (State::AwaitConfirm { keys, secret, .. }, Handshake::Confirm { proof }) => {
                if !keys.verify_confirmation(PeerRole::Host, &proof.0) {
                    return self
                        .finish_with(LinkEvent::RefusedByHost(RejectReason::AuthenticationFailed));
                }
                c.establish(PeerRole::Joiner, &keys, &self.rel, now, &mut self.out);
                self.secret = Some(secret);
                self.tentative = None;
                self.lost_since = None;
                self.backoff = Duration::ZERO;
                self.busy_since = None;
            }
            _ => self.lose_conn(now),
        }
    }

    fn on_reject(&mut self, reason: RejectReason, now: Instant) {
        if let Some(c) = self.conn.take() {
            self.out.push_back(Output::Close { conn: c.id });
        }
        match reason {
            // The host never confirmed our pairing: pair again with the code.
            RejectReason::UnknownSession if self.secret.is_none() && self.tentative.is_some() => {
                self.tentative = None;
                self.connect();
            }
            // A resume raced with a half-open old connection or a replay:
            // try again shortly.
            RejectReason::Busy if self.secret.is_some() || self.tentative.is_some() => {
                self.retry_or_give_up(now, LinkEvent::Unreachable)
            }
            // Pairing paused, or crowded by strangers: try again for a while.
            RejectReason::Busy => {
                let since = *self.busy_since.get_or_insert(now);
                if now.saturating_duration_since(since) >= self.cfg.busy_patience {
                    return self.finish_with(LinkEvent::RefusedByHost(RejectReason::Busy));
                }
                let (first, most) = self.cfg.reconnect_delay;
                self.backoff = (self.backoff * 2).clamp(first, most);
                self.retry_at = Some(now + self.backoff);
            }
            reason => self.finish_with(LinkEvent::RefusedByHost(reason)),
        }
    }

    /// The current connection failed: close it and reconnect (or give up
    /// if there is nothing to resume).
    fn lose_conn(&mut self, now: Instant) {
        let Some(c) = self.conn.take() else {
            return;
        };
        self.out.push_back(Output::Close { conn: c.id });
        self.after_loss(c.is_established(), now);
    }

    fn after_loss(&mut self, was_established: bool, now: Instant) {
        if was_established {
            self.lost_since = Some(now);
            self.event(LinkEvent::LinkLost);
        }
        self.retry_or_give_up(now, LinkEvent::Unreachable);
    }

    pub fn on_closed(&mut self, conn: ConnId, now: Instant) {
        if self.conn.as_ref().is_some_and(|c| c.id == conn) {
            let c = self.conn.take().expect("checked above");
            self.after_loss(c.is_established(), now);
        }
    }

    pub fn on_tick(&mut self, now: Instant) {
        if self.finished {
            return;
        }
        if let Some(c) = self.conn.as_mut() {
            let alive = if c.is_established() {
                c.heartbeat(&self.cfg, now, &self.rel, &mut self.out)
            } else {
                now.saturating_duration_since(c.opened) < self.cfg.handshake_timeout
            };
            if !alive {
                self.lose_conn(now);
            }
        }
        if self
            .lost_since
            .is_some_and(|t| now.saturating_duration_since(t) >= self.cfg.adjourn_after)
        {
            self.lost_since = None;
            self.finish_with(LinkEvent::Adjourned);
            return;
        }
        if self.retry_at.is_some_and(|t| now >= t)
            && self.conn.is_none()
            && self.connecting.is_none()
        {
            self.connect();
        }
    }

    /// Closes the link for good.
    pub fn close(&mut self) {
        if let Some(c) = self.conn.take() {
            self.out.push_back(Output::Close { conn: c.id });
        }
        self.connecting = None;
        self.retry_at = None;
        self.finished = true;
    }

    /// Sends a message to the host: now if the link is up, otherwise as
    /// soon as it is back.
    pub fn send(&mut self, msg: &Message) -> Result<(), SendError> {
        if self.finished {
            return Err(SendError::Closed);
        }
        let packet = self.rel.push(msg)?;
        if let Some(c) = self.conn.as_mut().filter(|c| c.is_synced()) {
            c.seal_and_send(&packet, &mut self.out);
        }
        Ok(())
    }

    pub fn rtt(&self) -> Option<Duration> {
        self.conn.as_ref().and_then(|c| c.rtt)
    }

    pub fn next_deadline(&self) -> Option<Instant> {
        let conn = self.conn.as_ref().map(|c| c.deadline(&self.cfg));
        let adjourn = self.lost_since.map(|t| t + self.cfg.adjourn_after);
        conn.into_iter().chain(adjourn).chain(self.retry_at).min()
    }
}
