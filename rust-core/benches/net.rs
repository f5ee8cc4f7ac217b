//! Wi-Fi protocol benchmarks over 127.0.0.1: pairing handshake time, move
//! round trip (link and game), time to resume after a cut link, and the
//! same under attack from other 127.0.0.x addresses: codes checked during
//! a flood of wrong guesses, pairing and resuming while jammed.
//! Prints medians and 99th percentiles; run with `scripts/bench-net.sh`.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use rokada_core::clock::MonotonicTime;
use rokada_core::live::wifi::WifiSetup;
use rokada_core::live::{EventKind, Listener, LiveEvent, LiveGame};
use rokada_core::net::PeerRole;
use rokada_core::net::crypto::{ConnectionKeys, Pake, Transcript};
use rokada_core::net::frame::{FrameDecoder, encode_frame};
use rokada_core::net::game::{ColorChoice, HostGame};
use rokada_core::net::link::{Host, Joiner, LinkConfig, LinkEvent};
use rokada_core::net::message::{Handshake, HexBytes, Intent, Message, MoveMsg, PROTOCOL_VERSION};
use rokada_core::net::pairing::PairingCode;
use rokada_core::net::tcp::{BareLink, Driver, LinkCommand, LinkNotice, spawn_host, spawn_joiner};
use rokada_core::session::Controller;
use rokada_core::view::PeerEvent;

const WAIT: Duration = Duration::from_secs(10);

fn code() -> PairingCode {
    PairingCode::from_number(271828).unwrap()
}

fn report(what: &str, mut samples: Vec<Duration>) {
    samples.sort();
    let pick = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    println!(
        "{what:<34} n={:<5} median {:>8.3} ms   p99 {:>8.3} ms   max {:>8.3} ms",
        samples.len(),
        pick(0.5).as_secs_f64() * 1e3,
        pick(0.99).as_secs_f64() * 1e3,
        samples[samples.len() - 1].as_secs_f64() * 1e3,
    );
}

fn until(rx: &Receiver<LinkNotice>, want: impl Fn(&LinkEvent) -> bool) {
    loop {
        if let LinkNotice::Link(e) = rx.recv_timeout(WAIT).expect("event in time")
            && want(&e)
        {
            return;
        }
    }
}

type Bare = (Driver<LinkCommand>, Receiver<LinkNotice>);

fn bare_host() -> Bare {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    spawn_host(
        BareLink::new(Host::new(LinkConfig::default(), code())),
        listener,
    )
    .unwrap()
}

fn bare_pair(via: Option<&Relay>) -> (Bare, Bare, Duration) {
    bare_pair_with(bare_host(), via)
}

fn bare_pair_with(host: Bare, via: Option<&Relay>) -> (Bare, Bare, Duration) {
    let addr = via.map_or(host.0.listen_addr().unwrap(), |r| {
        r.start(host.0.listen_addr().unwrap())
    });
    let start = Instant::now();
    let joiner = spawn_joiner(
        BareLink::new(Joiner::new(LinkConfig::default(), code())),
        addr,
    )
    .unwrap();
    until(&joiner.1, |e| matches!(e, LinkEvent::Connected { .. }));
    let took = start.elapsed();
    until(&host.1, |e| matches!(e, LinkEvent::Connected { .. }));
    (host, joiner, took)
}

fn handshakes() {
    let samples = (0..40).map(|_| bare_pair(None).2).collect();
    report("pairing handshake (SPAKE2)", samples);
}

fn link_round_trips() {
    let ((host, host_rx), (joiner, joiner_rx), _) = bare_pair(None);
    let mv = |ply| {
        Message::Move(MoveMsg {
            ply,
            uci: "g1f3".into(),
            position_hash: 0x1234_5678_9abc_def0,
            think_time_ms: 1234,
        })
    };
    let echo = thread::spawn(move || {
        // Echoes until the joiner goes away.
        while let Ok(LinkNotice::Link(e)) = host_rx.recv() {
            match e {
                LinkEvent::Message(Message::Move(m)) => {
                    let _ = host.command(LinkCommand::Send(mv(m.ply + 1)));
                }
                LinkEvent::LinkLost => return,
                _ => {}
            }
        }
    });
    let mut samples = Vec::new();
    for ply in 0..2000 {
        let start = Instant::now();
        joiner.command(LinkCommand::Send(mv(ply))).unwrap();
        until(&joiner_rx, |e| {
            matches!(e, LinkEvent::Message(Message::Move(_)))
        });
        samples.push(start.elapsed());
    }
    report("move round trip, link", samples);
    drop(joiner);
    drop(joiner_rx);
    let _ = echo.join();
}

struct Forward(Mutex<mpsc::Sender<EventKind>>);

impl Listener for Forward {
    fn on_event(&self, event: LiveEvent) {
        let _ = self.0.lock().unwrap().send(event.kind);
    }
}

fn listen(game: &LiveGame) -> Receiver<EventKind> {
    let (tx, rx) = mpsc::channel();
    game.set_listener(Some(Arc::new(Forward(Mutex::new(tx)))));
    rx
}

fn game_round_trips() {
    let mut samples = Vec::new();
    for _ in 0..30 {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let time = Arc::new(MonotonicTime::new());
        let setup = || WifiSetup {
            link: LinkConfig::default(),
            time: time.clone(),
            name: None,
        };
        let host = LiveGame::host_wifi(
            HostGame::New {
                color: ColorChoice::White,
                time_control: None,
            },
            listener,
            code(),
            setup(),
        )
        .unwrap();
        let host_rx = listen(&host);
        let joiner = LiveGame::join_wifi(host.listen_addr().unwrap(), code(), setup()).unwrap();
        let joiner_rx = listen(&joiner);
        let wait = |rx: &Receiver<EventKind>, want: &dyn Fn(&EventKind) -> bool| loop {
            if want(&rx.recv_timeout(WAIT).expect("event in time")) {
                return;
            }
        };
        let started = |e: &EventKind| {
            matches!(
                e,
                EventKind::Peer {
                    event: PeerEvent::GameStarted { .. }
                }
            )
        };
        wait(&host_rx, &started);
        wait(&joiner_rx, &started);
        let remote_move = |e: &EventKind| {
            matches!(
                e,
                EventKind::MovePlayed {
                    by: Controller::Remote,
                    ..
                }
            )
        };
        // Knights out and back: seven round trips before a fivefold repetition.
        let white = ["Nf3", "Ng1"];
        let black = ["Nf6", "Ng8"];
        for i in 0..7 {
            let start = Instant::now();
            host.play_text(white[i % 2]).unwrap();
            wait(&joiner_rx, &remote_move);
            joiner.play_text(black[i % 2]).unwrap();
            wait(&host_rx, &remote_move);
            samples.push(start.elapsed());
        }
    }
    report("move round trip, game (2 moves)", samples);
}

/// A loopback relay whose connections can be cut.
struct Relay {
    listener: Mutex<Option<TcpListener>>,
    live: Arc<Mutex<Vec<TcpStream>>>,
}

impl Relay {
    fn new() -> Relay {
        Relay {
            listener: Mutex::new(Some(TcpListener::bind("127.0.0.1:0").unwrap())),
            live: Arc::default(),
        }
    }

    fn start(&self, target: SocketAddr) -> SocketAddr {
        let listener = self.listener.lock().unwrap().take().unwrap();
        let addr = listener.local_addr().unwrap();
        let live = self.live.clone();
        thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { return };
                let Ok(server) = TcpStream::connect(target) else {
                    continue;
                };
                let _ = client.set_nodelay(true);
                let _ = server.set_nodelay(true);
                let mut all = live.lock().unwrap();
                all.push(client.try_clone().unwrap());
                all.push(server.try_clone().unwrap());
                for (mut from, mut to) in [
                    (client.try_clone().unwrap(), server.try_clone().unwrap()),
                    (server, client),
                ] {
                    thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(Shutdown::Both);
                    });
                }
            }
        });
        addr
    }

    fn cut(&self) {
        for s in self.live.lock().unwrap().drain(..) {
            let _ = s.shutdown(Shutdown::Both);
        }
    }
}

fn resumes() {
    let relay = Relay::new();
    let ((_host, _host_rx), (_joiner, joiner_rx), _) = bare_pair(Some(&relay));
    let mut samples = Vec::new();
    for _ in 0..20 {
        let start = Instant::now();
        relay.cut();
        until(&joiner_rx, |e| *e == LinkEvent::Connected { resumed: true });
        samples.push(start.elapsed());
    }
    report("resume after a cut (incl. backoff)", samples);
}

/// A TCP connection to `host` from 127.0.0.`last`.
fn connect_from(last: u8, host: SocketAddr) -> Option<TcpStream> {
    use socket2::{Domain, Socket, Type};
    let s = Socket::new(Domain::IPV4, Type::STREAM, None).ok()?;
    s.bind(&SocketAddr::from(([127, 0, 0, last], 0)).into())
        .ok()?;
    s.connect(&host.into()).ok()?;
    Some(TcpStream::from(s))
}

/// The next whole frame on `s`, or `None` once it closes.
fn read_frame(s: &mut TcpStream, decoder: &mut FrameDecoder) -> Option<Vec<u8>> {
    let mut buf = [0u8; 4096];
    loop {
        if let Ok(Some(frame)) = decoder.next_frame() {
            return Some(frame);
        }
        match s.read(&mut buf) {
            Ok(0) | Err(_) => return None,
            Ok(n) => decoder.push(&buf[..n]),
        }
    }
}

fn pair_hello(pake: Vec<u8>) -> Vec<u8> {
    Handshake::Hello {
        protocol_version: PROTOCOL_VERSION,
        app_version: "attacker".into(),
        nonce: HexBytes(vec![9; 32]),
        intent: Intent::Pair {
            pake: HexBytes(pake),
        },
    }
    .encode()
}

/// Guesses wrong codes with the real handshake from 127.0.0.`last`, as
/// fast as the host answers, until `stop`; returns the attempts made.
fn guesser(last: u8, host: SocketAddr, stop: Receiver<()>) -> usize {
    let wrong = PairingCode::from_number(271829).unwrap();
    let mut attempts = 0;
    let mut pending = None;
    while stop.try_recv().is_err() {
        let (pake, hello) = pending.take().unwrap_or_else(|| {
            let (pake, msg) = Pake::start(PeerRole::Joiner, wrong);
            (pake, pair_hello(msg))
        });
        let Some(mut s) = connect_from(last, host) else {
            continue;
        };
        attempts += 1;
        let _ = s.write_all(&encode_frame(&hello).unwrap());
        let mut decoder = FrameDecoder::new();
        let Some(frame) = read_frame(&mut s, &mut decoder) else {
            pending = Some((pake, hello));
            continue;
        };
        match Handshake::decode(&frame) {
            Ok(Handshake::Welcome {
                pake: Some(host_msg),
                ..
            }) => {
                let Ok(master) = pake.finish(&host_msg.0) else {
                    continue;
                };
                let mut transcript = Transcript::new();
                transcript.add(&hello);
                transcript.add(&frame);
                let keys = ConnectionKeys::derive(&master, &transcript);
                let proof = HexBytes(keys.confirmation(PeerRole::Joiner).to_vec());
                let confirm = Handshake::Confirm { proof }.encode();
                let _ = s.write_all(&encode_frame(&confirm).unwrap());
                let _ = read_frame(&mut s, &mut decoder);
            }
            _ => pending = Some((pake, hello)),
        }
    }
    attempts
}

/// Wrong codes from four addresses as fast as the host answers: how many
/// of them the host checked.
fn guessing_flood() {
    const RUN: Duration = Duration::from_secs(20);
    let (host, host_rx) = bare_host();
    let addr = host.listen_addr().unwrap();
    let (stops, guessers): (Vec<Sender<()>>, Vec<_>) = (2..6u8)
        .map(|last| {
            let (stop, rx) = mpsc::channel();
            (stop, thread::spawn(move || guesser(last, addr, rx)))
        })
        .unzip();
    let start = Instant::now();
    let mut checked = 0;
    while start.elapsed() < RUN {
        if let Ok(LinkNotice::Link(LinkEvent::WrongCode { .. })) =
            host_rx.recv_timeout(RUN.saturating_sub(start.elapsed()))
        {
            checked += 1;
        }
    }
    for stop in stops {
        let _ = stop.send(());
    }
    let attempts: usize = guessers.into_iter().map(|g| g.join().unwrap()).sum();
    println!(
        "wrong-code flood, 4 addresses, {} s: {attempts} guesses ({:.0}/s), {checked} codes checked",
        RUN.as_secs(),
        attempts as f64 / RUN.as_secs_f64(),
    );
}

/// Keeps 50 idle connections from 127.0.0.10-59 (half with half a frame
/// header) and a half-finished pairing from 127.0.0.60, renewed every
/// 100 ms, until told to stop.
fn jammer(host: SocketAddr, stop: Receiver<()>) -> thread::JoinHandle<()> {
    let (_, msg) = Pake::start(PeerRole::Joiner, PairingCode::from_number(1).unwrap());
    let half_open = encode_frame(&pair_hello(msg)).unwrap();
    thread::spawn(move || {
        let mut held = std::collections::VecDeque::new();
        loop {
            while held.len() > 100 {
                held.pop_front();
            }
            for n in 0..50u8 {
                if let Some(mut s) = connect_from(10 + n, host) {
                    if n % 2 == 0 {
                        let _ = s.write_all(&[0, 0]);
                    }
                    held.push_back(s);
                }
            }
            if let Some(mut s) = connect_from(60, host) {
                let _ = s.write_all(&half_open);
                held.push_back(s);
            }
            if stop.recv_timeout(Duration::from_millis(100)).is_ok() {
                return;
            }
        }
    })
}

fn jammed() {
    let mut pairings = Vec::new();
    for _ in 0..20 {
        let host = bare_host();
        let (stop, rx) = mpsc::channel();
        let jam = jammer(host.0.listen_addr().unwrap(), rx);
        // Let the jam build up first.
        thread::sleep(Duration::from_millis(300));
        pairings.push(bare_pair_with(host, None).2);
        let _ = stop.send(());
        jam.join().unwrap();
    }
    report("pairing, jammed", pairings);
    let relay = Relay::new();
    let ((host, _host_rx), (_joiner, joiner_rx), _) = bare_pair(Some(&relay));
    let (stop, rx) = mpsc::channel();
    let jam = jammer(host.listen_addr().unwrap(), rx);
    thread::sleep(Duration::from_millis(300));
    let mut samples = Vec::new();
    for _ in 0..20 {
        let start = Instant::now();
        relay.cut();
        until(&joiner_rx, |e| *e == LinkEvent::Connected { resumed: true });
        samples.push(start.elapsed());
    }
    report("resume after a cut, jammed", samples);
    let _ = stop.send(());
    jam.join().unwrap();
}

fn main() {
    // `cargo bench` passes `--bench`; nothing to configure.
    handshakes();
    link_round_trips();
    game_round_trips();
    resumes();
    guessing_flood();
    jammed();
}
