//! A live game against another device. The link endpoint, the protocol and
//! the game's one session share the game's lock: the `net` driver thread
//! runs [`LinkMachine`], which takes the lock for every step, and a local
//! action takes it too, changes the session and queues what to send, then
//! wakes the driver. So there is one session per game, and a refusal comes
//! back at once with its reason.

use std::io;
use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use super::events::{EventKind, Snapshot};
use super::inner::{Inner, State};
use super::{LiveError, LiveGame};
use crate::clock::{Millis, TimeSource};
use crate::net::PeerRole;
use crate::net::game::{ActionError, Ctx, HostError, HostGame, Protocol, WifiCommand, WifiEvent};
use crate::net::link::{ConnId, Endpoint, Host, Joiner, LinkConfig, LinkEvent, Output};
use crate::net::pairing::PairingCode;
use crate::net::tcp::{self, Driver, Machine};
use crate::session::{GameConfig, GameSession, Mode, PlayedMove, SaveError};
use crate::store::{JoinerSave, write_atomically};
use crate::view::{LinkState, PeerComplaint, PeerEvent, PeerStatus, Refusal, Side};

/// This device's end of the link.
enum End {
    Host(Box<Host>),
    Joiner(Box<Joiner>),
}

impl End {
    fn endpoint(&mut self) -> &mut dyn Endpoint {
        match self {
            End::Host(host) => host.as_mut(),
            End::Joiner(joiner) => joiner.as_mut(),
        }
    }

    fn endpoint_ref(&self) -> &dyn Endpoint {
        match self {
            End::Host(host) => host.as_ref(),
            End::Joiner(joiner) => joiner.as_ref(),
        }
    }
}

/// The Wi-Fi part of a game's state.
pub(crate) struct Link {
    end: End,
    protocol: Protocol,
    state: LinkState,
    /// Host: the code on show.
    code: Option<PairingCode>,
    /// Host: the port it listens on.
    port: Option<u16>,
    /// What the endpoint asked the driver to do, in order, until the driver
    /// takes it.
    outputs: std::collections::VecDeque<Output<()>>,
    /// Joiner: the host's address, to come back to it.
    host: Option<SocketAddr>,
    /// Joiner: where its game and link are kept, written before any of
    /// its messages leaves and after any arrives.
    kept: Option<Kept>,
}

/// A joiner's save file and what was last written to it.
struct Kept {
    path: PathBuf,
    written: Option<JoinerSave>,
}

impl Link {
    pub(crate) fn status(&self, session: &GameSession) -> PeerStatus {
        let local = session.wifi_local_color();
        let rematch_offered_by = self
            .protocol
            .rematch_asked_locally()
            .and_then(|ours| local.map(|l| Side::from(if ours { l } else { !l })));
        PeerStatus {
            role: if self.protocol.is_host() {
                PeerRole::Host
            } else {
                PeerRole::Joiner
            },
            link: self.state,
            code: self.code.map(|c| c.digits()),
            port: self.port,
            started: self.protocol.is_started(),
            rematch_offered_by,
            wrong_codes: match &self.end {
                End::Host(host) => host.wrong_codes(),
                End::Joiner(_) => 0,
            },
        }
    }

    /// Both devices have the game.
    pub(crate) fn started(&self) -> bool {
        self.protocol.is_started()
    }

    pub(crate) fn flag_allowance(&self, session: &GameSession) -> Option<Millis> {
        self.protocol
            .flag_allowance(session, self.end.endpoint_ref().rtt())
    }

    fn is_finished(&self) -> bool {
        self.outputs.is_empty() && self.end.endpoint_ref().is_finished()
    }

    /// Runs one protocol step with its context, then turns its news into
    /// events and takes what the endpoint queued.
    fn step<T>(
        &mut self,
        session: &mut GameSession,
        events: &mut Vec<EventKind>,
        step: impl FnOnce(&mut Protocol, &mut Ctx<'_>) -> T,
    ) -> T {
        let mut news = Vec::new();
        let value = {
            let mut ctx = Ctx {
                session,
                link: self.end.endpoint(),
                events: &mut news,
            };
            step(&mut self.protocol, &mut ctx)
        };
        self.tell(news, events);
        self.pump(session, events);
        self.keep(session);
        value
    }

    /// Joiner: writes the game and the link's state when either changed,
    /// so that a process killed at any moment comes back with no message
    /// lost or sent twice: it runs under the game's lock after every step,
    /// before the driver takes the step's bytes.
    fn keep(&mut self, session: &GameSession) {
        let (Some(kept), Some(host)) = (self.kept.as_mut(), self.host) else {
            return;
        };
        if !self.protocol.is_started() {
            return;
        }
        let Some(link) = self.end.endpoint_ref().resume_state() else {
            return;
        };
        let save = JoinerSave::new(host, link, session.save());
        if kept.written.as_ref() == Some(&save) {
            return;
        }
        match write_atomically(&kept.path, &save.to_text()) {
            Ok(()) => kept.written = Some(save),
            Err(e) => log::warn!("the game could not be saved: {e}"),
        }
    }

    /// Joiner: keeps the game and the link's state in `path`.
    pub(crate) fn keep_at(&mut self, path: PathBuf, session: &GameSession) -> bool {
        if self.host.is_none() {
            return false;
        }
        self.kept = Some(Kept {
            path,
            written: None,
        });
        self.keep(session);
        true
    }

    /// Feeds the endpoint's news to the protocol until it has none, and
    /// keeps the rest of its output for the driver.
    fn pump(&mut self, session: &mut GameSession, events: &mut Vec<EventKind>) {
        while let Some(e) = self.next_event() {
            self.on_link_event(session, e, events);
        }
    }

    /// The endpoint's next news, its other output kept for the driver on
    /// the way.
    fn next_event(&mut self) -> Option<LinkEvent> {
        loop {
            match self.end.endpoint().poll_output()? {
                Output::Event(e) => return Some(e),
                other => self.outputs.push_back(other.map_event(|_| ())),
            }
        }
    }

    fn on_link_event(
        &mut self,
        session: &mut GameSession,
        e: LinkEvent,
        events: &mut Vec<EventKind>,
    ) {
        let mut news = Vec::new();
        let mut ctx = Ctx {
            session,
            link: self.end.endpoint(),
            events: &mut news,
        };
        self.protocol.on_link_event(&mut ctx, e);
        self.tell(news, events);
    }

    /// Updates the status for the protocol's news and says what to tell the
    /// app; what happens in the game itself is told from the session.
    fn tell(&mut self, news: Vec<WifiEvent>, events: &mut Vec<EventKind>) {
        for e in news {
            let peer = match e {
                WifiEvent::CodeChanged(code) => {
                    self.code = Some(code);
                    PeerEvent::CodeChanged {
                        code: code.digits(),
                    }
                }
                WifiEvent::WrongCode { attempts } => PeerEvent::WrongCode { attempts },
                WifiEvent::Refused(reason) => PeerEvent::Refused {
                    refusal: Refusal::from(&reason),
                },
                WifiEvent::Dropped { peer, cause } => PeerEvent::Dropped {
                    from: peer.to_string(),
                    reason: cause.into(),
                },
                WifiEvent::AllDelivered => continue,
                WifiEvent::RefusedByHost(reason) => {
                    self.state = LinkState::Closed;
                    PeerEvent::RefusedByHost {
                        refusal: Refusal::from(&reason),
                    }
                }
                WifiEvent::Unreachable => {
                    self.state = LinkState::Closed;
                    PeerEvent::Unreachable
                }
                WifiEvent::Connected { resumed } => {
                    self.state = LinkState::Connected;
                    PeerEvent::Connected { resumed }
                }
                WifiEvent::LinkLost => {
                    self.state = LinkState::Reconnecting;
                    PeerEvent::LinkLost
                }
                WifiEvent::GameStarted { local } => PeerEvent::GameStarted {
                    local: local.into(),
                },
                WifiEvent::Resynced => PeerEvent::Resynced,
                WifiEvent::PlayerNamed { side } => PeerEvent::PlayerNamed { side: side.into() },
                WifiEvent::ClockSet => {
                    events.push(EventKind::ClockChanged);
                    continue;
                }
                WifiEvent::RematchOffered { by } => PeerEvent::RematchOffered { by: by.into() },
                WifiEvent::RematchDeclined { by } => PeerEvent::RematchDeclined { by: by.into() },
                WifiEvent::PeerError { code } => PeerEvent::PeerError {
                    complaint: PeerComplaint::from(code),
                },
                WifiEvent::ProtocolViolation(detail) => {
                    log::warn!("refused a message from the other device: {detail}");
                    continue;
                }
                WifiEvent::PeerLeft => {
                    self.state = LinkState::Closed;
                    PeerEvent::PeerLeft
                }
                WifiEvent::Adjourned { save } => {
                    self.state = LinkState::Closed;
                    PeerEvent::Adjourned { save }
                }
                WifiEvent::Closed => {
                    self.state = LinkState::Closed;
                    PeerEvent::Closed
                }
            };
            events.push(EventKind::Peer { event: peer });
        }
    }

    /// Whether the player at this device may act on the game now.
    pub(crate) fn ready(&self) -> Result<(), LiveError> {
        self.protocol.ready().map_err(LiveError::from)
    }

    /// The player at this device made `played` on the session.
    pub(crate) fn local_move(
        &mut self,
        session: &mut GameSession,
        played: &PlayedMove,
        events: &mut Vec<EventKind>,
    ) {
        self.step(session, events, |protocol, ctx| {
            protocol.local_move(ctx, played)
        });
    }

    pub(crate) fn command(
        &mut self,
        session: &mut GameSession,
        command: WifiCommand,
        events: &mut Vec<EventKind>,
    ) -> Result<(), LiveError> {
        self.step(session, events, |protocol, ctx| {
            protocol.command(ctx, command)
        })
        .map_err(LiveError::from)
    }

    pub(crate) fn leave(
        &mut self,
        session: &mut GameSession,
        events: &mut Vec<EventKind>,
    ) -> Result<(), LiveError> {
        self.step(session, events, |protocol, ctx| protocol.leave(ctx))
            .map_err(LiveError::from)
    }

    /// Host: draws a new code to show; the news comes as an event.
    pub(crate) fn renew_code(
        &mut self,
        session: &mut GameSession,
        events: &mut Vec<EventKind>,
    ) -> Result<(), LiveError> {
        let End::Host(host) = &mut self.end else {
            return Err(LiveError::NotHost);
        };
        if self.protocol.is_started() || self.protocol.is_finished() {
            return Err(LiveError::NotPairing);
        }
        host.renew_code();
        self.pump(session, events);
        Ok(())
    }

    pub(crate) fn on_clock_tick(&mut self, session: &mut GameSession, events: &mut Vec<EventKind>) {
        self.step(session, events, |protocol, ctx| protocol.on_clock_tick(ctx));
    }
}

impl From<ActionError> for LiveError {
    fn from(e: ActionError) -> LiveError {
        match e {
            ActionError::Game(e) => LiveError::Game(e),
            ActionError::NoGameYet => LiveError::NotStarted,
            ActionError::GameNotOver => LiveError::GameNotOver,
            ActionError::NoRematchRequest => LiveError::NoRematchRequest,
            ActionError::Closed => LiveError::NotConnected,
        }
    }
}

/// The driver's machine: every step runs under the game's lock.
struct LinkMachine {
    inner: Arc<Inner>,
}

impl LinkMachine {
    /// Runs `input` on the endpoint, then the protocol on what came of it;
    /// the game's events are queued like any change's.
    fn feed(&mut self, input: impl FnOnce(&mut dyn Endpoint)) {
        let mut state = self.inner.lock();
        self.feed_locked(&mut state, input);
    }

    /// Each piece of the endpoint's news is a change of its own, so that
    /// the game's events and the link's come in the order they happened.
    fn feed_locked(&self, state: &mut State, input: impl FnOnce(&mut dyn Endpoint)) {
        let Some(link) = state.wifi.as_mut() else {
            return;
        };
        input(link.end.endpoint());
        while let Some(e) = state.wifi.as_mut().and_then(Link::next_event) {
            self.run_locked(state, |state, events| {
                let State { session, wifi, .. } = state;
                if let Some(link) = wifi.as_mut() {
                    link.on_link_event(session, e, events);
                }
            });
        }
        // Even a step with no news may have sent what is to be kept.
        let State { session, wifi, .. } = state;
        if let Some(link) = wifi.as_mut() {
            link.keep(session);
        }
    }

    /// A step of the link thread: like any change, but it needs not wake
    /// the link, which is running it, and a step that changed nothing
    /// tells nothing.
    fn run_locked(&self, state: &mut State, step: impl FnOnce(&mut State, &mut Vec<EventKind>)) {
        let before = Snapshot::of(&state.session);
        let mut news = Vec::new();
        step(state, &mut news);
        let State { session, wifi, .. } = state;
        if let Some(link) = wifi.as_mut() {
            link.keep(session);
        }
        let mut events = before.events_since(&state.session);
        events.append(&mut news);
        if !events.is_empty() {
            self.inner.record(state, events);
        }
    }
}

impl Machine for LinkMachine {
    type Command = ();
    type Event = ();

    fn on_accepted(&mut self, conn: ConnId, now: Instant) {
        self.feed(|e| e.on_accepted(conn, now));
    }
    fn on_accepted_from(&mut self, conn: ConnId, peer: SocketAddr, now: Instant) {
        // The host's limits on strangers count by address.
        self.feed(|e| e.on_accepted_from(conn, peer, now));
    }
    fn on_connected(&mut self, conn: ConnId, now: Instant) {
        self.feed(|e| e.on_connected(conn, now));
    }
    fn on_connect_failed(&mut self, conn: ConnId, now: Instant) {
        self.feed(|e| e.on_connect_failed(conn, now));
    }
    fn on_bytes(&mut self, conn: ConnId, bytes: &[u8], now: Instant) {
        self.feed(|e| e.on_bytes(conn, bytes, now));
    }
    fn on_closed(&mut self, conn: ConnId, now: Instant) {
        self.feed(|e| e.on_closed(conn, now));
    }
    fn on_tick(&mut self, now: Instant) {
        let mut state = self.inner.lock();
        self.feed_locked(&mut state, |e| e.on_tick(now));
        // The watcher calls flags on time; the link's ticks also catch a
        // clock set by hand (a fake time source) within one tick.
        self.run_locked(&mut state, super::watcher::tick);
    }
    fn on_command(&mut self, (): (), _now: Instant) {
        // Only a wake-up: what the app queued is taken by `poll_output`.
    }
    fn poll_output(&mut self) -> Option<Output<()>> {
        let mut state = self.inner.lock();
        if state.wifi.as_ref()?.outputs.is_empty() {
            // The endpoint may have queued steps of its own (the joiner's
            // first connection, a reconnection) since it was last fed.
            self.feed_locked(&mut state, |_| {});
        }
        state.wifi.as_mut()?.outputs.pop_front()
    }
    fn next_deadline(&self) -> Option<Instant> {
        let state = self.inner.lock();
        state.wifi.as_ref()?.end.endpoint_ref().next_deadline()
    }
    fn is_finished(&self) -> bool {
        let state = self.inner.lock();
        state.wifi.as_ref().is_none_or(Link::is_finished)
    }
}

/// Why a hosted game could not start.
#[derive(Debug)]
pub enum StartError {
    Game(HostError),
    /// The link's threads could not start.
    Io(io::Error),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Game(e) => e.fmt(f),
            StartError::Io(e) => write!(f, "cannot start the link: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// Why a joiner's kept game could not be taken up again.
#[derive(Debug)]
pub enum RejoinError {
    /// The game in the file was refused.
    Save(SaveError),
    /// The link's threads could not start.
    Io(io::Error),
}

impl std::fmt::Display for RejoinError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RejoinError::Save(e) => e.fmt(f),
            RejoinError::Io(e) => write!(f, "cannot start the link: {e}"),
        }
    }
}

impl std::error::Error for RejoinError {}

/// How a Wi-Fi game starts.
pub struct WifiSetup {
    pub link: LinkConfig,
    pub time: Arc<dyn TimeSource>,
    /// The name this device's player goes by (the device's name, which its
    /// user may set); the other device shows it.
    pub name: Option<String>,
}

impl LiveGame {
    /// Hosts a game on `listener`, admitting whoever types `code`.
    pub fn host_wifi(
        offer: HostGame,
        listener: TcpListener,
        code: PairingCode,
        setup: WifiSetup,
    ) -> Result<LiveGame, StartError> {
        let session = offer
            .session(setup.time.clone())
            .map_err(StartError::Game)?;
        let port = listener.local_addr().ok().map(|a| a.port());
        let link = Link {
            protocol: Protocol::new(PeerRole::Host, setup.time, &session)
                .with_name(setup.name.as_deref()),
            end: End::Host(Box::new(Host::new(setup.link, code))),
            state: LinkState::Pairing,
            code: Some(code),
            port,
            outputs: Default::default(),
            host: None,
            kept: None,
        };
        LiveGame::connect(session, link, |machine| tcp::spawn_host(machine, listener))
            .map_err(StartError::Io)
    }

    /// Joins the host at `address` with the code its screen shows. Until
    /// the host's game arrives the session is an empty standard board that
    /// takes no moves.
    pub fn join_wifi(
        address: SocketAddr,
        code: PairingCode,
        setup: WifiSetup,
    ) -> io::Result<LiveGame> {
        let waiting = GameSession::new(
            GameConfig::new(Mode::WifiPeer {
                local: shakmaty::Color::White,
            }),
            setup.time.clone(),
        )
        .expect("the standard start is a valid game");
        let link = Link {
            protocol: Protocol::new(PeerRole::Joiner, setup.time, &waiting)
                .with_name(setup.name.as_deref()),
            end: End::Joiner(Box::new(Joiner::new(setup.link, code))),
            state: LinkState::Pairing,
            code: None,
            port: None,
            outputs: Default::default(),
            host: Some(address),
            kept: None,
        };
        LiveGame::connect(waiting, link, |machine| tcp::spawn_joiner(machine, address))
    }

    /// Comes back, after this device's app or process was stopped, to the
    /// Wi-Fi game a joiner kept with [`LiveGame::keep_saved_at`]: no code is
    /// needed, and nothing sent or received is lost or played twice. A
    /// game that has ended comes back to be looked at, once the host has
    /// every message of it.
    pub fn rejoin_wifi(save: &JoinerSave, setup: WifiSetup) -> Result<LiveGame, RejoinError> {
        let session =
            GameSession::restore(&save.game, setup.time.clone()).map_err(RejoinError::Save)?;
        if session.wifi_local_color().is_none() {
            return Err(RejoinError::Save(SaveError::Malformed(
                "not a Wi-Fi game".into(),
            )));
        }
        if session.is_over() && save.link.all_acknowledged() {
            return Ok(LiveGame::review(session));
        }
        let link = Link {
            protocol: Protocol::rejoining(setup.time, &session).with_name(setup.name.as_deref()),
            end: End::Joiner(Box::new(Joiner::resume(
                setup.link,
                save.link.clone(),
                Instant::now(),
            ))),
            state: LinkState::Reconnecting,
            code: None,
            port: None,
            outputs: Default::default(),
            host: Some(save.host),
            kept: None,
        };
        let host = save.host;
        LiveGame::connect(session, link, |machine| tcp::spawn_joiner(machine, host))
            .map_err(RejoinError::Io)
    }

    fn connect(
        session: GameSession,
        link: Link,
        spawn: impl FnOnce(LinkMachine) -> io::Result<tcp::Spawned<LinkMachine>>,
    ) -> io::Result<LiveGame> {
        let game = LiveGame::run(State::new(session, Some(link)), None);
        let machine = LinkMachine {
            inner: Arc::clone(&game.inner),
        };
        let (driver, _events) = spawn(machine)?;
        let _ = game.inner.waker.set(driver.waker());
        *game
            .driver
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(driver);
        // The endpoint may have queued its first steps (the joiner's
        // connection) before the driver ran.
        if let Some(waker) = game.inner.waker.get() {
            waker.wake();
        }
        Ok(game)
    }

    /// The address a hosting game listens on.
    pub fn listen_addr(&self) -> Option<SocketAddr> {
        self.driver
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .as_ref()
            .and_then(Driver::listen_addr)
    }
}

/// Lets a Wi-Fi game's driver finish by itself (the leave message sent)
/// without holding up whoever dropped the game.
pub(crate) fn release_driver(driver: Driver<()>) {
    let spawned = std::thread::Builder::new()
        .name("rokada-link-end".into())
        .spawn(move || driver.join());
    if let Err(e) = spawned {
        log::warn!("could not let the link finish by itself: {e}");
    }
}
