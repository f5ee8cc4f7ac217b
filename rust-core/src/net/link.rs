//! Sans-IO link state machines: the host and the joiner.
//!
//! They own the handshake, the encrypted channel, heartbeats and
//! reconnection, and touch no socket and no clock: a driver feeds them
//! connection events, received bytes and the current time, and carries out
//! the [`Output`]s they queue (send bytes, close or open a connection) and
//! hands their [`LinkEvent`]s up. Tests drive both ends with a fake clock.
//!
//! Handshake (joiner J, host H; frames in plaintext until the last step):
//! 1. J → H `Hello{versions, nonce, Pair{spake2 msg} | Resume{session id}}`
//! 2. H → J `Welcome{versions, nonce, session id, spake2 msg?}` or `Reject`
//! 3. J → H `Confirm{proof}`: an HMAC under a key derived from the master
//!    secret and the transcript of 1 and 2
//! 4. H → J `Confirm{proof}` if J's proof verifies, else `Reject{WrongCode}`
//!
//! A wrong code thus fails at step 4 with nothing the joiner can test
//! offline; the host counts it and renews its code after
//! [`MAX_WRONG_ATTEMPTS`](super::pairing::MAX_WRONG_ATTEMPTS). Resuming
//! reuses the master secret with fresh nonces, so no code is needed and no
//! old frame is valid.

use std::collections::VecDeque;
use std::fmt;
use std::time::{Duration, Instant};

use super::channel::{ChannelError, MAX_PLAINTEXT_LEN, SecureChannel};
use super::crypto::{
    ConnectionKeys, NONCE_LEN, Pake, Role, SESSION_ID_LEN, SessionId, SessionSecret, Transcript,
    random_bytes,
};
use super::frame::{FrameDecoder, encode_frame};
use super::message::{
    DecodeError, ErrorCode, Handshake, HexBytes, Intent, Message, PROTOCOL_VERSION, Packet,
    RejectReason, check_protocol,
};
use super::pairing::{CodeGuard, PairingCode};

/// Names one TCP connection for as long as the driver keeps it.
pub type ConnId = u64;

/// Timings of the link.
#[derive(Debug, Clone)]
pub struct LinkConfig {
    /// Stated in the handshake so the other side can show it.
    pub app_version: String,
    /// A ping is sent this long after the previous one.
    pub heartbeat_interval: Duration,
    /// With nothing authentic received for this long the link is lost.
    pub link_timeout: Duration,
    /// A connection must complete its handshake within this time.
    pub handshake_timeout: Duration,
    /// After the link is lost, the peer has this long to come back before
    /// the game is adjourned.
    pub adjourn_after: Duration,
    /// Shortest and longest pause between the joiner's reconnection
    /// attempts after the first, which is immediate.
    pub reconnect_delay: (Duration, Duration),
}

impl Default for LinkConfig {
    fn default() -> Self {
        LinkConfig {
            app_version: env!("CARGO_PKG_VERSION").to_owned(),
            heartbeat_interval: Duration::from_millis(1000),
            link_timeout: Duration::from_millis(4000),
            handshake_timeout: Duration::from_secs(10),
            adjourn_after: Duration::from_secs(120),
            reconnect_delay: (Duration::from_millis(100), Duration::from_secs(2)),
        }
    }
}

/// A refused frame or message, logged and otherwise ignored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// A sealed frame failed authentication or ordering.
    Channel(ChannelError),
    /// An authentic frame whose message could not be decoded.
    Decode(DecodeError),
    /// An authentic message numbered past the next one.
    Gap { seq: u64, expected: u64 },
    /// A second `Resume` on one connection.
    UnexpectedResume,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Channel(e) => e.fmt(f),
            Violation::Decode(e) => e.fmt(f),
            Violation::Gap { seq, expected } => {
                write!(f, "message {seq} arrived where {expected} was expected")
            }
            Violation::UnexpectedResume => f.write_str("a second resume on one connection"),
        }
    }
}

/// What the link reports to the game above it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkEvent {
    /// Host: a joiner typed a wrong code (`attempts` with the current code).
    WrongCode { attempts: u8 },
    /// Host: too many wrong codes; this new one must be shown instead.
    CodeRenewed(PairingCode),
    /// Host: a connection was turned away (third device, bad resume, …).
    Refused(RejectReason),
    /// Joiner: the host turned us away. Final.
    RefusedByHost(RejectReason),
    /// Joiner: the host could not be reached for first contact. Final.
    Unreachable,
    /// The encrypted link is up; `resumed` when it was up before.
    Connected { resumed: bool },
    /// An authentic, well-formed message from the peer.
    Message(Message),
    /// A frame was refused; the link stays up.
    Violation(Violation),
    /// The link dropped; the joiner reconnects, the host waits.
    LinkLost,
    /// The peer did not come back in time. Final.
    Adjourned,
}

/// Something for the driver to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output<E = LinkEvent> {
    Transmit {
        conn: ConnId,
        bytes: Vec<u8>,
    },
    Close {
        conn: ConnId,
    },
    /// Joiner: open a connection to the host and report it under this id.
    Connect {
        conn: ConnId,
    },
    Event(E),
}

impl<E> Output<E> {
    /// The same output with its event (if any) converted.
    pub fn map_event<F>(self, f: impl FnOnce(E) -> F) -> Output<F> {
        match self {
            Output::Transmit { conn, bytes } => Output::Transmit { conn, bytes },
            Output::Close { conn } => Output::Close { conn },
            Output::Connect { conn } => Output::Connect { conn },
            Output::Event(e) => Output::Event(f(e)),
        }
    }
}

/// Why a message could not be sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SendError {
    /// The link was closed or adjourned for good.
    Closed,
    /// The message is larger than a frame can carry.
    TooLarge,
}

impl fmt::Display for SendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SendError::Closed => f.write_str("the link to the other device is closed"),
            SendError::TooLarge => f.write_str("message too large"),
        }
    }
}

impl std::error::Error for SendError {}

/// Exactly-once, in-order delivery of game messages across connections:
/// every message is numbered and kept until the peer acknowledges it, and
/// a new connection starts by telling the peer what arrived, so it re-sends
/// the rest.
#[derive(Debug, Default)]
struct Reliable {
    /// Number of the last message sent.
    sent: u64,
    /// Sent but not yet acknowledged, oldest first.
    outbox: VecDeque<(u64, Message)>,
    /// Number of the last message delivered.
    received: u64,
}

impl Reliable {
    fn acknowledged(&mut self, ack: u64) {
        while self.outbox.front().is_some_and(|(seq, _)| *seq <= ack) {
            self.outbox.pop_front();
        }
    }

    /// Numbers `msg`, keeps it, and returns the packet to send.
    fn push(&mut self, msg: &Message) -> Result<Vec<u8>, SendError> {
        let seq = self.sent + 1;
        let packet = Packet::Data {
            seq,
            ack: self.received,
            msg: msg.clone(),
        }
        .encode();
        if packet.len() > MAX_PLAINTEXT_LEN {
            return Err(SendError::TooLarge);
        }
        self.sent = seq;
        self.outbox.push_back((seq, msg.clone()));
        Ok(packet)
    }
}

enum State {
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

struct Conn {
    id: ConnId,
    decoder: FrameDecoder,
    state: State,
    opened: Instant,
    last_recv: Instant,
    last_ping: Instant,
    next_ping_id: u32,
    ping_sent: Option<(u32, Instant)>,
    rtt: Option<Duration>,
}

/// What an established connection's incoming frame turned into.
enum Incoming {
    Nothing,
    /// A frame went missing from the stream: nothing more on this
    /// connection can be accepted, so it must be replaced.
    Broken(Violation),
    /// The peer's `Resume` arrived: the link is fully up.
    Synced,
    Event(LinkEvent),
}

impl Conn {
    fn new(id: ConnId, state: State, now: Instant) -> Self {
        Conn {
            id,
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

    fn is_established(&self) -> bool {
        matches!(self.state, State::Established { .. })
    }

    fn is_synced(&self) -> bool {
        matches!(self.state, State::Established { synced: true, .. })
    }

    fn transmit(&self, payload: &[u8], out: &mut VecDeque<Output>) {
        // Every caller bounds its payload below the frame limit.
        if let Ok(bytes) = encode_frame(payload) {
            out.push_back(Output::Transmit {
                conn: self.id,
                bytes,
            });
        }
    }

    fn send_handshake(&self, msg: &Handshake, out: &mut VecDeque<Output>) {
        self.transmit(&msg.encode(), out);
    }

    /// Switches to the encrypted channel and tells the peer what arrived.
    fn establish(
        &mut self,
        role: Role,
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
            received: rel.received,
        };
        self.seal_and_send(&resume.encode(), out);
    }

    fn seal_and_send(&mut self, plaintext: &[u8], out: &mut VecDeque<Output>) {
        let State::Established { channel, .. } = &mut self.state else {
            return;
        };
        if let Ok(sealed) = channel.seal(plaintext) {
            self.transmit(&sealed, out);
        }
    }

    /// Handles one frame on an established connection.
    fn receive_sealed(
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
                rel.acknowledged(received);
                let pending: Vec<Vec<u8>> = rel
                    .outbox
                    .iter()
                    .map(|(seq, msg)| {
                        Packet::Data {
                            seq: *seq,
                            ack: rel.received,
                            msg: msg.clone(),
                        }
                        .encode()
                    })
                    .collect();
                for p in pending {
                    self.seal_and_send(&p, out);
                }
                Incoming::Synced
            }
            Packet::Data { seq, ack, msg } => {
                rel.acknowledged(ack);
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
                rel.acknowledged(ack);
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
    fn heartbeat(
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
                ack: rel.received,
            };
            self.seal_and_send(&ping.encode(), out);
        }
        true
    }

    fn deadline(&self, cfg: &LinkConfig) -> Instant {
        if self.is_established() {
            (self.last_recv + cfg.link_timeout).min(self.last_ping + cfg.heartbeat_interval)
        } else {
            self.opened + cfg.handshake_timeout
        }
    }
}

fn nonce() -> HexBytes<NONCE_LEN> {
    HexBytes(random_bytes::<NONCE_LEN>().to_vec())
}

/// The host's side: shows the code, accepts connections.
pub struct Host {
    cfg: LinkConfig,
    guard: CodeGuard,
    secret: Option<SessionSecret>,
    conns: Vec<Conn>,
    active: Option<ConnId>,
    ever_connected: bool,
    lost_since: Option<Instant>,
    finished: bool,
    rel: Reliable,
    out: VecDeque<Output>,
}

/// Handshakes a host runs at once; more connections are turned away.
const MAX_PENDING: usize = 4;

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

    fn conn_index(&self, id: ConnId) -> Option<usize> {
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
                if !keys.verify_confirmation(Role::Joiner, &proof.0) {
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
                        proof: HexBytes(keys.confirmation(Role::Host).to_vec()),
                    },
                    &mut self.out,
                );
                conn.establish(Role::Host, &keys, &self.rel, now, &mut self.out);
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
                let (state, reply) = Pake::start(Role::Host, self.guard.code());
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

/// The joiner's side: connects with the code, reconnects on its own.
pub struct Joiner {
    cfg: LinkConfig,
    code: PairingCode,
    /// Set once the host proved the session; kept for reconnection.
    secret: Option<SessionSecret>,
    /// Derived but not yet confirmed by the host: a cut at the last step
    /// leaves the host paired and us unsure, so we try to resume with it.
    tentative: Option<SessionSecret>,
    conn: Option<Conn>,
    connecting: Option<ConnId>,
    next_id: ConnId,
    retry_at: Option<Instant>,
    backoff: Duration,
    ever_connected: bool,
    lost_since: Option<Instant>,
    finished: bool,
    rel: Reliable,
    out: VecDeque<Output>,
}

impl Joiner {
    /// Starts joining: the first output asks the driver to connect.
    pub fn new(cfg: LinkConfig, code: PairingCode) -> Self {
        let backoff = Duration::ZERO;
        let mut j = Joiner {
            cfg,
            code,
            secret: None,
            tentative: None,
            conn: None,
            connecting: None,
            next_id: 0,
            retry_at: None,
            backoff,
            ever_connected: false,
            lost_since: None,
            finished: false,
            rel: Reliable::default(),
            out: VecDeque::new(),
        };
        j.connect();
        j
    }

    /// Whether the encrypted link is up and in step.
    pub fn is_connected(&self) -> bool {
        self.conn.as_ref().is_some_and(Conn::is_synced)
    }

    pub fn is_finished(&self) -> bool {
        self.finished
    }

    pub fn poll_output(&mut self) -> Option<Output> {
        self.out.pop_front()
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
        let (intent, pake) = match self.secret.as_ref().or(self.tentative.as_ref()) {
            Some(secret) => (
                Intent::Resume {
                    session_id: secret.id.into(),
                },
                None,
            ),
            None => {
                let (state, msg) = Pake::start(Role::Joiner, self.code);
                (
                    Intent::Pair {
                        pake: HexBytes(msg),
                    },
                    Some(state),
                )
            }
        };
        let hello = Handshake::Hello {
            protocol_version: PROTOCOL_VERSION,
            app_version: self.cfg.app_version.clone(),
            nonce: nonce(),
            intent,
        }
        .encode();
        let c = Conn::new(
            conn,
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
                        proof: HexBytes(keys.confirmation(Role::Joiner).to_vec()),
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
                if !keys.verify_confirmation(Role::Host, &proof.0) {
                    return self
                        .finish_with(LinkEvent::RefusedByHost(RejectReason::AuthenticationFailed));
                }
                c.establish(Role::Joiner, &keys, &self.rel, now, &mut self.out);
                self.secret = Some(secret);
                self.tentative = None;
                self.lost_since = None;
                self.backoff = Duration::ZERO;
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
            // A resume raced with a half-open old connection or another
            // handshake: try again shortly.
            RejectReason::Busy if self.secret.is_some() => {
                self.retry_or_give_up(now, LinkEvent::Unreachable)
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

/// What the host and the joiner have in common, so the game above and the
/// socket driver below can work with either.
pub trait Endpoint: Send + 'static {
    /// A connection came in (only the host listens).
    fn on_accepted(&mut self, conn: ConnId, now: Instant);
    /// A connection asked for with [`Output::Connect`] is open.
    fn on_connected(&mut self, conn: ConnId, now: Instant);
    /// A connection asked for with [`Output::Connect`] could not be opened.
    fn on_connect_failed(&mut self, conn: ConnId, now: Instant);
    fn on_bytes(&mut self, conn: ConnId, bytes: &[u8], now: Instant);
    /// The connection was closed by the peer or failed.
    fn on_closed(&mut self, conn: ConnId, now: Instant);
    fn on_tick(&mut self, now: Instant);
    fn poll_output(&mut self) -> Option<Output>;
    /// When `on_tick` next has something to do.
    fn next_deadline(&self) -> Option<Instant>;
    /// Sends a message over the encrypted link.
    fn send(&mut self, msg: &Message) -> Result<(), SendError>;
    /// Closes everything for good.
    fn close(&mut self);
    fn is_connected(&self) -> bool;
    /// True once adjourned, refused or closed: the driver can stop.
    fn is_finished(&self) -> bool;
    /// Smoothed round-trip time measured by the heartbeats.
    fn rtt(&self) -> Option<Duration>;
}

macro_rules! endpoint_via_inherent {
    ($t:ty) => {
        fn on_bytes(&mut self, conn: ConnId, bytes: &[u8], now: Instant) {
            <$t>::on_bytes(self, conn, bytes, now)
        }
        fn on_closed(&mut self, conn: ConnId, now: Instant) {
            <$t>::on_closed(self, conn, now)
        }
        fn on_tick(&mut self, now: Instant) {
            <$t>::on_tick(self, now)
        }
        fn poll_output(&mut self) -> Option<Output> {
            <$t>::poll_output(self)
        }
        fn next_deadline(&self) -> Option<Instant> {
            <$t>::next_deadline(self)
        }
        fn send(&mut self, msg: &Message) -> Result<(), SendError> {
            <$t>::send(self, msg)
        }
        fn close(&mut self) {
            <$t>::close(self)
        }
        fn is_connected(&self) -> bool {
            <$t>::is_connected(self)
        }
        fn is_finished(&self) -> bool {
            <$t>::is_finished(self)
        }
        fn rtt(&self) -> Option<Duration> {
            <$t>::rtt(self)
        }
    };
}

impl Endpoint for Host {
    fn on_accepted(&mut self, conn: ConnId, now: Instant) {
        Host::on_accepted(self, conn, now)
    }
    fn on_connected(&mut self, conn: ConnId, _now: Instant) {
        self.out.push_back(Output::Close { conn });
    }
    fn on_connect_failed(&mut self, _conn: ConnId, _now: Instant) {}
    endpoint_via_inherent!(Host);
}

impl Endpoint for Joiner {
    fn on_accepted(&mut self, conn: ConnId, _now: Instant) {
        self.out.push_back(Output::Close { conn });
    }
    fn on_connected(&mut self, conn: ConnId, now: Instant) {
        Joiner::on_connected(self, conn, now)
    }
    fn on_connect_failed(&mut self, conn: ConnId, now: Instant) {
        Joiner::on_connect_failed(self, conn, now)
    }
    endpoint_via_inherent!(Joiner);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::message::MoveMsg;
    use proptest::prelude::*;
    use std::collections::HashMap;

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
}
