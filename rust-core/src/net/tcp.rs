//! A blocking `std::net` driver for the sans-IO state machines.
//!
//! One thread runs the machine and does all writes; each socket has a
//! reader thread, the host a listener thread, and each outgoing connection
//! attempt a short-lived connector thread. They all talk to the machine
//! thread through one channel, so the machine itself is single-threaded.
//! No async runtime: the phone apps call the core from their own threads.

use std::collections::{HashMap, VecDeque};
use std::io::{self, Read, Write};
use std::net::{Ipv4Addr, Ipv6Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::link::{ConnId, Endpoint, LinkEvent, Output};
use super::message::Message;

/// How long a connection attempt may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// A write blocked this long means the peer stopped reading.
const WRITE_TIMEOUT: Duration = Duration::from_secs(3);
/// Longest sleep between ticks when the machine names no deadline.
const IDLE_TICK: Duration = Duration::from_millis(500);

/// A state machine the driver can run.
pub trait Machine: Send + 'static {
    type Command: Send + 'static;
    type Event: Send + 'static;

    fn on_accepted(&mut self, conn: ConnId, now: Instant);
    /// A connection came in from `peer`: what the driver calls. A machine
    /// over a host passes the address on, for the host's per-address
    /// limits; without it every connection counts as one address.
    fn on_accepted_from(&mut self, conn: ConnId, peer: SocketAddr, now: Instant) {
        let _ = peer;
        self.on_accepted(conn, now)
    }
    fn on_connected(&mut self, conn: ConnId, now: Instant);
    fn on_connect_failed(&mut self, conn: ConnId, now: Instant);
    fn on_bytes(&mut self, conn: ConnId, bytes: &[u8], now: Instant);
    fn on_closed(&mut self, conn: ConnId, now: Instant);
    fn on_tick(&mut self, now: Instant);
    fn on_command(&mut self, command: Self::Command, now: Instant);
    fn poll_output(&mut self) -> Option<Output<Self::Event>>;
    fn next_deadline(&self) -> Option<Instant>;
    fn is_finished(&self) -> bool;
}

/// Commands for a bare link.
#[derive(Debug, Clone)]
pub enum LinkCommand {
    Send(Message),
    Close,
}

/// Events of a bare link, plus sends that found no link up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkNotice {
    Link(LinkEvent),
    NotSent(Message),
}

/// A host or joiner run without a game: messages in, messages out.
pub struct BareLink<E> {
    pub endpoint: E,
    not_sent: VecDeque<Message>,
}

impl<E: Endpoint> BareLink<E> {
    pub fn new(endpoint: E) -> Self {
        BareLink {
            endpoint,
            not_sent: VecDeque::new(),
        }
    }
}

impl<E: Endpoint> Machine for BareLink<E> {
    type Command = LinkCommand;
    type Event = LinkNotice;

    fn on_accepted(&mut self, conn: ConnId, now: Instant) {
        self.endpoint.on_accepted(conn, now)
    }
    fn on_accepted_from(&mut self, conn: ConnId, peer: SocketAddr, now: Instant) {
        self.endpoint.on_accepted_from(conn, peer, now)
    }
    fn on_connected(&mut self, conn: ConnId, now: Instant) {
        self.endpoint.on_connected(conn, now)
    }
    fn on_connect_failed(&mut self, conn: ConnId, now: Instant) {
        self.endpoint.on_connect_failed(conn, now)
    }
    fn on_bytes(&mut self, conn: ConnId, bytes: &[u8], now: Instant) {
        self.endpoint.on_bytes(conn, bytes, now)
    }
    fn on_closed(&mut self, conn: ConnId, now: Instant) {
        self.endpoint.on_closed(conn, now)
    }
    fn on_tick(&mut self, now: Instant) {
        self.endpoint.on_tick(now)
    }
    fn on_command(&mut self, command: LinkCommand, _now: Instant) {
        match command {
            LinkCommand::Send(msg) => {
                if self.endpoint.send(&msg).is_err() {
                    self.not_sent.push_back(msg);
                }
            }
            LinkCommand::Close => self.endpoint.close(),
        }
    }
    fn poll_output(&mut self) -> Option<Output<LinkNotice>> {
        if let Some(msg) = self.not_sent.pop_front() {
            return Some(Output::Event(LinkNotice::NotSent(msg)));
        }
        self.endpoint
            .poll_output()
            .map(|o| o.map_event(LinkNotice::Link))
    }
    fn next_deadline(&self) -> Option<Instant> {
        self.endpoint.next_deadline()
    }
    fn is_finished(&self) -> bool {
        self.endpoint.is_finished()
    }
}

enum Input<C> {
    Accepted(TcpStream),
    Connected(ConnId, TcpStream),
    ConnectFailed(ConnId),
    Bytes(ConnId, Vec<u8>),
    Closed(ConnId),
    Command(C),
    /// Only wakes the machine thread (to see the stop flag).
    Wake,
}

/// The driver stopped: the machine finished or was shut down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the connection driver has stopped")
    }
}

impl std::error::Error for Stopped {}

/// Wakes a running machine from another thread, so that it carries out
/// what was queued on it meanwhile (the machine shares its state with that
/// thread).
pub struct Waker<C: Send + 'static> {
    tx: Sender<Input<C>>,
}

impl<C: Send + 'static> Waker<C> {
    pub fn wake(&self) {
        // A stopped driver has nothing left to carry out.
        let _ = self.tx.send(Input::Wake);
    }
}

/// A running machine. Dropping it stops the machine and closes every socket.
pub struct Driver<C: Send + 'static> {
    tx: Sender<Input<C>>,
    stop: Arc<AtomicBool>,
    listen_addr: Option<SocketAddr>,
    thread: Option<JoinHandle<()>>,
}

impl<C: Send + 'static> Driver<C> {
    /// Hands a command to the machine.
    pub fn command(&self, command: C) -> Result<(), Stopped> {
        self.tx.send(Input::Command(command)).map_err(|_| Stopped)
    }

    pub fn waker(&self) -> Waker<C> {
        Waker {
            tx: self.tx.clone(),
        }
    }

    /// The address the host listens on.
    pub fn listen_addr(&self) -> Option<SocketAddr> {
        self.listen_addr
    }

    /// Waits until the machine finishes by itself.
    pub fn join(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl<C: Send + 'static> Drop for Driver<C> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(addr) = self.listen_addr {
            wake_listener(addr);
        }
        if let Some(t) = self.thread.take() {
            let _ = self.tx.send(Input::Wake);
            let _ = t.join();
        }
    }
}

/// Unblocks the listener's `accept` so its thread can see the stop flag.
fn wake_listener(addr: SocketAddr) {
    let target = match addr {
        SocketAddr::V4(a) if a.ip().is_unspecified() => {
            SocketAddr::from((Ipv4Addr::LOCALHOST, a.port()))
        }
        SocketAddr::V6(a) if a.ip().is_unspecified() => {
            SocketAddr::from((Ipv6Addr::LOCALHOST, a.port()))
        }
        a => a,
    };
    let _ = TcpStream::connect_timeout(&target, Duration::from_millis(200));
}

/// A started driver and the receiver of its machine's events.
pub type Spawned<M> = (
    Driver<<M as Machine>::Command>,
    Receiver<<M as Machine>::Event>,
);

/// Runs a host machine on `listener`. Events arrive on the returned receiver.
pub fn spawn_host<M: Machine>(machine: M, listener: TcpListener) -> io::Result<Spawned<M>> {
    let listen_addr = listener.local_addr()?;
    let (tx, rx) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    {
        let tx = tx.clone();
        let stop = stop.clone();
        thread::Builder::new()
            .name("rokada-listen".into())
            .spawn(move || {
                for stream in listener.incoming() {
                    if stop.load(Ordering::SeqCst) {
                        return;
                    }
                    if let Ok(stream) = stream
                        && tx.send(Input::Accepted(stream)).is_err()
                    {
                        return;
                    }
                }
            })?;
    }
    let (events_tx, events_rx) = mpsc::channel();
    let thread = spawn_machine(machine, None, tx.clone(), rx, events_tx, stop.clone())?;
    Ok((
        Driver {
            tx,
            stop,
            listen_addr: Some(listen_addr),
            thread: Some(thread),
        },
        events_rx,
    ))
}

/// Runs a joiner machine that connects to `host` whenever it asks to.
pub fn spawn_joiner<M: Machine>(machine: M, host: SocketAddr) -> io::Result<Spawned<M>> {
    let (tx, rx) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let (events_tx, events_rx) = mpsc::channel();
    let thread = spawn_machine(machine, Some(host), tx.clone(), rx, events_tx, stop.clone())?;
    Ok((
        Driver {
            tx,
            stop,
            listen_addr: None,
            thread: Some(thread),
        },
        events_rx,
    ))
}

fn spawn_machine<M: Machine>(
    machine: M,
    host: Option<SocketAddr>,
    tx: Sender<Input<M::Command>>,
    rx: Receiver<Input<M::Command>>,
    events: Sender<M::Event>,
    stop: Arc<AtomicBool>,
) -> io::Result<JoinHandle<()>> {
    thread::Builder::new()
        .name("rokada-link".into())
        .spawn(move || {
            let mut run = Run {
                machine,
                host,
                tx,
                events,
                streams: HashMap::new(),
                // Accepted connections get ids far from the joiner's own.
                next_accepted: 1 << 32,
            };
            run.run(rx, &stop);
        })
}

struct Run<M: Machine> {
    machine: M,
    host: Option<SocketAddr>,
    tx: Sender<Input<M::Command>>,
    events: Sender<M::Event>,
    streams: HashMap<ConnId, TcpStream>,
    next_accepted: ConnId,
}

impl<M: Machine> Run<M> {
    fn run(&mut self, rx: Receiver<Input<M::Command>>, stop: &AtomicBool) {
        loop {
            self.flush();
            if self.machine.is_finished() || stop.load(Ordering::SeqCst) {
                break;
            }
            let now = Instant::now();
            let wait = self
                .machine
                .next_deadline()
                .map_or(IDLE_TICK, |d| d.saturating_duration_since(now))
                .min(IDLE_TICK);
            match rx.recv_timeout(wait) {
                Ok(input) => self.handle(input),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            self.machine.on_tick(Instant::now());
        }
        for (_, s) in self.streams.drain() {
            let _ = s.shutdown(Shutdown::Both);
        }
    }

    fn handle(&mut self, input: Input<M::Command>) {
        let now = Instant::now();
        match input {
            Input::Accepted(stream) => {
                let conn = self.next_accepted;
                self.next_accepted += 1;
                if let Ok(peer) = stream.peer_addr()
                    && self.adopt(conn, stream)
                {
                    self.machine.on_accepted_from(conn, peer, now);
                }
            }
            Input::Connected(conn, stream) => {
                if self.adopt(conn, stream) {
                    self.machine.on_connected(conn, now);
                } else {
                    self.machine.on_connect_failed(conn, now);
                }
            }
            Input::ConnectFailed(conn) => self.machine.on_connect_failed(conn, now),
            Input::Bytes(conn, bytes) => {
                if self.streams.contains_key(&conn) {
                    self.machine.on_bytes(conn, &bytes, now);
                }
            }
            Input::Closed(conn) => {
                if let Some(s) = self.streams.remove(&conn) {
                    let _ = s.shutdown(Shutdown::Both);
                    self.machine.on_closed(conn, now);
                }
            }
            Input::Command(c) => self.machine.on_command(c, now),
            Input::Wake => {}
        }
    }

    /// Configures a new socket and starts its reader thread.
    fn adopt(&mut self, conn: ConnId, stream: TcpStream) -> bool {
        let reader = stream.try_clone().and_then(|r| {
            stream.set_nodelay(true)?;
            stream.set_write_timeout(Some(WRITE_TIMEOUT))?;
            Ok(r)
        });
        let Ok(mut reader) = reader else {
            return false;
        };
        let tx = self.tx.clone();
        let spawned = thread::Builder::new()
            .name("rokada-read".into())
            .spawn(move || {
                let mut buf = vec![0u8; 16 * 1024];
                loop {
                    match reader.read(&mut buf) {
                        Ok(0) | Err(_) => {
                            let _ = tx.send(Input::Closed(conn));
                            return;
                        }
                        Ok(n) => {
                            if tx.send(Input::Bytes(conn, buf[..n].to_vec())).is_err() {
                                return;
                            }
                        }
                    }
                }
            });
        if spawned.is_err() {
            return false;
        }
        self.streams.insert(conn, stream);
        true
    }

    fn flush(&mut self) {
        while let Some(output) = self.machine.poll_output() {
            match output {
                Output::Transmit { conn, bytes } => {
                    let failed = self
                        .streams
                        .get_mut(&conn)
                        .is_some_and(|s| s.write_all(&bytes).is_err());
                    if failed {
                        if let Some(s) = self.streams.remove(&conn) {
                            let _ = s.shutdown(Shutdown::Both);
                        }
                        self.machine.on_closed(conn, Instant::now());
                    }
                }
                Output::Close { conn } => {
                    if let Some(s) = self.streams.remove(&conn) {
                        let _ = s.shutdown(Shutdown::Both);
                    }
                }
                Output::Connect { conn } => self.connect(conn),
                Output::Event(e) => {
                    let _ = self.events.send(e);
                }
            }
        }
    }

    fn connect(&mut self, conn: ConnId) {
        let Some(addr) = self.host else {
            self.machine.on_connect_failed(conn, Instant::now());
            return;
        };
        let tx = self.tx.clone();
        let spawned = thread::Builder::new()
            .name("rokada-connect".into())
            .spawn(move || {
                let input = match TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT) {
                    Ok(s) => Input::Connected(conn, s),
                    Err(_) => Input::ConnectFailed(conn),
                };
                let _ = tx.send(input);
            });
        if spawned.is_err() {
            self.machine.on_connect_failed(conn, Instant::now());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::link::{Host, Joiner, LinkConfig};
    use crate::net::message::RejectReason;
    use crate::net::pairing::PairingCode;

    const WAIT: Duration = Duration::from_secs(10);

    /// The next event other than delivery news.
    fn next_link_event(rx: &Receiver<LinkNotice>) -> LinkEvent {
        loop {
            match rx.recv_timeout(WAIT).expect("an event in time") {
                LinkNotice::Link(LinkEvent::AllAcknowledged) => {}
                LinkNotice::Link(e) => return e,
                other => panic!("unexpected {other:?}"),
            }
        }
    }

    #[test]
    fn pairs_and_exchanges_messages_over_loopback() {
        let code = PairingCode::generate();
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let (host, host_rx) = spawn_host(
            BareLink::new(Host::new(LinkConfig::default(), code)),
            listener,
        )
        .unwrap();
        let addr = host.listen_addr().unwrap();
        let (joiner, joiner_rx) = spawn_joiner(
            BareLink::new(Joiner::new(LinkConfig::default(), code)),
            addr,
        )
        .unwrap();
        let up = LinkEvent::Connected { resumed: false };
        assert_eq!(next_link_event(&host_rx), up);
        assert_eq!(next_link_event(&joiner_rx), up);
        host.command(LinkCommand::Send(Message::DrawOffer)).unwrap();
        assert_eq!(
            next_link_event(&joiner_rx),
            LinkEvent::Message(Message::DrawOffer)
        );
        joiner
            .command(LinkCommand::Send(Message::DrawDecline))
            .unwrap();
        assert_eq!(
            next_link_event(&host_rx),
            LinkEvent::Message(Message::DrawDecline)
        );
        drop(joiner);
        assert_eq!(next_link_event(&host_rx), LinkEvent::LinkLost);
    }

    #[test]
    fn a_wrong_code_is_refused_over_loopback() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let code = PairingCode::from_number(1).unwrap();
        let (host, host_rx) = spawn_host(
            BareLink::new(Host::new(LinkConfig::default(), code)),
            listener,
        )
        .unwrap();
        let wrong = PairingCode::from_number(2).unwrap();
        let joiner = Joiner::new(LinkConfig::default(), wrong);
        let (joined, joiner_rx) =
            spawn_joiner(BareLink::new(joiner), host.listen_addr().unwrap()).unwrap();
        assert_eq!(
            next_link_event(&joiner_rx),
            LinkEvent::RefusedByHost(RejectReason::WrongCode)
        );
        assert_eq!(
            next_link_event(&host_rx),
            LinkEvent::WrongCode { attempts: 1 }
        );
        joined.join();
    }
}
