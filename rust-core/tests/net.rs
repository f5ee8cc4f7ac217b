//! Whole Wi-Fi games between two live games over 127.0.0.1: pairing,
//! play, draws, clocks, refusals, cut and tampered links, adjournment, and
//! a host jammed from other 127.0.0.x addresses.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use rokada_core::clock::{ManualTime, MonotonicTime, TimeControl, TimeSource};
use rokada_core::live::wifi::WifiSetup;
use rokada_core::live::{EventKind, Listener, LiveError, LiveEvent, LiveGame};
use rokada_core::net::PeerRole;
use rokada_core::net::crypto::Pake;
use rokada_core::net::frame::{MAX_FRAME_LEN, encode_frame};
use rokada_core::net::game::{ColorChoice, HostGame};
use rokada_core::net::link::{Host, Joiner, LinkConfig, LinkEvent};
use rokada_core::net::message::{
    ErrorCode, Handshake, HexBytes, Intent, Message, MoveMsg, PROTOCOL_VERSION,
};
use rokada_core::net::pairing::PairingCode;
use rokada_core::net::tcp::{BareLink, LinkCommand, LinkNotice, spawn_host, spawn_joiner};
use rokada_core::rules::{DrawClaim, EndReason, GameEnd, GameResult};
use rokada_core::session::{Controller, GameError};
use rokada_core::view::{GameAction, PeerEvent, Refusal, Side};
use shakmaty::Color;

/// Guards a test against a broken link: events normally arrive at once.
const WAIT: Duration = Duration::from_secs(60);

fn code() -> PairingCode {
    PairingCode::from_number(246810).unwrap()
}

fn fast_link() -> LinkConfig {
    LinkConfig {
        heartbeat_interval: Duration::from_millis(200),
        link_timeout: Duration::from_millis(1000),
        adjourn_after: Duration::from_secs(20),
        ..LinkConfig::default()
    }
}

struct Recorder(Mutex<mpsc::Sender<LiveEvent>>);

impl Listener for Recorder {
    fn on_event(&self, event: LiveEvent) {
        let _ = self.0.lock().unwrap().send(event);
    }
}

/// A device: its game and the events it has not looked at yet.
struct Device {
    game: LiveGame,
    events: Receiver<LiveEvent>,
}

impl Device {
    fn new(game: LiveGame) -> Device {
        let (tx, events) = mpsc::channel();
        game.set_listener(Some(Arc::new(Recorder(Mutex::new(tx)))));
        Device { game, events }
    }

    /// Waits for the first event that `want` accepts, returning it.
    fn wait_for(&self, want: impl Fn(&EventKind) -> bool) -> EventKind {
        loop {
            let e = self.events.recv_timeout(WAIT).expect("the awaited event");
            if want(&e.kind) {
                return e.kind;
            }
        }
    }

    fn peer_event(&self, want: impl Fn(&PeerEvent) -> bool) -> PeerEvent {
        match self.wait_for(|e| matches!(e, EventKind::Peer { event } if want(event))) {
            EventKind::Peer { event } => event,
            _ => unreachable!(),
        }
    }

    fn game_over(&self) -> GameEnd {
        match self.wait_for(|e| matches!(e, EventKind::GameOver { .. })) {
            EventKind::GameOver { end } => end,
            _ => unreachable!(),
        }
    }

    fn act(&self, action: GameAction) {
        self.game.perform(action).unwrap();
    }
}

struct Pair {
    host: Device,
    joiner: Device,
}

fn setup(link: LinkConfig, time: Arc<dyn TimeSource>) -> WifiSetup {
    WifiSetup {
        link,
        time,
        name: None,
    }
}

fn start_host(game: HostGame, time: Arc<dyn TimeSource>) -> Device {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    Device::new(LiveGame::host_wifi(game, listener, code(), setup(fast_link(), time)).unwrap())
}

fn join(
    addr: SocketAddr,
    code: PairingCode,
    link: LinkConfig,
    time: Arc<dyn TimeSource>,
) -> Device {
    Device::new(LiveGame::join_wifi(addr, code, setup(link, time)).unwrap())
}

fn started(e: &PeerEvent) -> bool {
    matches!(e, PeerEvent::GameStarted { .. })
}

fn connect(host: Device, addr: SocketAddr, time: Arc<dyn TimeSource>) -> Pair {
    let joiner = join(addr, code(), fast_link(), time);
    joiner.peer_event(started);
    host.peer_event(started);
    Pair { host, joiner }
}

fn pair(color: ColorChoice, time_control: Option<TimeControl>, time: Arc<dyn TimeSource>) -> Pair {
    let host = start_host(
        HostGame::New {
            color,
            time_control,
        },
        time.clone(),
    );
    let addr = host.game.listen_addr().unwrap();
    connect(host, addr, time)
}

fn monotonic() -> Arc<dyn TimeSource> {
    Arc::new(MonotonicTime::new())
}

fn is_remote_move(san: &str) -> impl Fn(&EventKind) -> bool + '_ {
    move |e| matches!(e, EventKind::MovePlayed { played, by: Controller::Remote } if played.san == san)
}

/// Plays `san` by whoever is to move and waits until the other side has it.
fn play(p: &Pair, san: &str) {
    let host_turn = p.host.game.read(|s| s.is_local_turn());
    let (mover, other) = if host_turn {
        (&p.host, &p.joiner)
    } else {
        (&p.joiner, &p.host)
    };
    let played = mover.game.play_text(san).unwrap().value;
    other.wait_for(is_remote_move(&played.san));
}

fn same_game(p: &Pair) -> (Vec<String>, Option<GameEnd>) {
    let view = |g: &LiveGame| g.read(|s| (s.moves_san(), s.end(), s.fen()));
    let host = view(&p.host.game);
    assert_eq!(
        host,
        view(&p.joiner.game),
        "both devices hold the same game"
    );
    (host.0, host.1)
}

#[test]
fn a_full_game_to_checkmate() {
    let p = pair(ColorChoice::Black, None, monotonic());
    assert_eq!(
        p.joiner.game.read(|s| s.wifi_local_color()),
        Some(Color::White)
    );
    for san in ["f3", "e5", "g4", "Qh4#"] {
        play(&p, san);
    }
    let mate = GameEnd::new(GameResult::BlackWins, EndReason::Checkmate);
    assert_eq!(p.host.game_over(), mate);
    assert_eq!(p.joiner.game_over(), mate);
    let (moves, end) = same_game(&p);
    assert_eq!(moves, ["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(end, Some(mate));
}

#[test]
fn resignation_and_rematch_with_colours_swapped() {
    let p = pair(ColorChoice::White, None, monotonic());
    play(&p, "e4");
    p.joiner.act(GameAction::Resign);
    let won = GameEnd::new(GameResult::WhiteWins, EndReason::Resignation);
    assert_eq!(p.host.game_over(), won);
    assert_eq!(p.joiner.game_over(), won);
    assert_eq!(same_game(&p).1, Some(won));
    p.joiner.act(GameAction::Rematch);
    p.host
        .peer_event(|e| *e == PeerEvent::RematchOffered { by: Side::Black });
    p.host.act(GameAction::Rematch);
    p.joiner
        .peer_event(|e| *e == PeerEvent::GameStarted { local: Side::White });
    play(&p, "d4");
    assert_eq!(same_game(&p), (vec!["d4".to_owned()], None));
}

#[test]
fn an_agreed_draw_and_a_declined_one() {
    let p = pair(ColorChoice::White, None, monotonic());
    play(&p, "e4");
    p.joiner.act(GameAction::OfferDraw);
    p.host
        .wait_for(|e| *e == EventKind::DrawOffered { by: Side::Black });
    p.host.act(GameAction::DeclineDraw);
    p.joiner
        .wait_for(|e| *e == EventKind::DrawDeclined { by: Side::White });
    play(&p, "e5");
    p.host.act(GameAction::OfferDraw);
    p.joiner
        .wait_for(|e| *e == EventKind::DrawOffered { by: Side::White });
    p.joiner.act(GameAction::AcceptDraw);
    let draw = GameEnd::new(GameResult::Draw, EndReason::Agreement);
    assert_eq!(p.host.game_over(), draw);
    assert_eq!(p.joiner.game_over(), draw);
    assert_eq!(same_game(&p).1, Some(draw));
}

#[test]
fn the_host_calls_the_flag_fall() {
    let time = ManualTime::new();
    let control = TimeControl::new(60_000, 0).unwrap();
    let p = pair(ColorChoice::White, Some(control), time.clone());
    play(&p, "e4");
    play(&p, "e5");
    // White (the host) thinks too long.
    time.advance(61_000);
    p.host.game.poll_clock();
    let flagged = GameEnd::new(GameResult::BlackWins, EndReason::Timeout);
    assert_eq!(p.host.game_over(), flagged);
    assert_eq!(p.joiner.game_over(), flagged);
    assert_eq!(same_game(&p).1, Some(flagged));
}

#[test]
fn the_remote_player_gets_a_lag_allowance_then_loses_on_time() {
    let time = ManualTime::new();
    let control = TimeControl::new(60_000, 0).unwrap();
    let p = pair(ColorChoice::White, Some(control), time.clone());
    play(&p, "e4");
    play(&p, "e5");
    play(&p, "Nf3");
    // Black (the joiner) is at exactly zero: not yet flagged, within the allowance.
    time.advance(60_000);
    let view = p.host.game.poll_clock();
    assert_eq!(view.status.end, None);
    time.advance(1_000);
    p.host.game.poll_clock();
    let flagged = GameEnd::new(GameResult::WhiteWins, EndReason::Timeout);
    assert_eq!(p.joiner.game_over(), flagged);
    assert_eq!(same_game(&p).1, Some(flagged));
}

#[test]
fn a_wrong_code_is_refused_and_a_third_device_cannot_join() {
    let host = start_host(
        HostGame::New {
            color: ColorChoice::Random,
            time_control: None,
        },
        monotonic(),
    );
    let addr = host.game.listen_addr().unwrap();
    let wrong = PairingCode::from_number(135791).unwrap();
    let refused = join(addr, wrong, fast_link(), monotonic());
    refused.peer_event(|e| {
        *e == PeerEvent::RefusedByHost {
            refusal: Refusal::WrongCode,
        }
    });
    host.peer_event(|e| *e == PeerEvent::WrongCode { attempts: 1 });
    let p = connect(host, addr, monotonic());
    let third = join(addr, code(), fast_link(), monotonic());
    third.peer_event(|e| {
        *e == PeerEvent::RefusedByHost {
            refusal: Refusal::AlreadyPaired,
        }
    });
    play(&p, "e4");
    play(&p, "c5");
    assert_eq!(same_game(&p).0, ["e4", "c5"]);
}

/// Raw bytes to the host on a fresh connection; returns what it answered
/// before closing.
fn raw(addr: SocketAddr, bytes: &[u8], then_close: bool) -> Vec<u8> {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(WAIT)).unwrap();
    s.write_all(bytes).unwrap();
    if then_close {
        s.shutdown(Shutdown::Write).unwrap();
    }
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    answer
}

#[test]
fn malformed_oversized_and_truncated_frames_leave_the_game_alone() {
    let p = pair(ColorChoice::White, None, monotonic());
    play(&p, "e4");
    let addr = p.host.game.listen_addr().unwrap();
    let oversized = ((MAX_FRAME_LEN + 1) as u32).to_be_bytes();
    raw(addr, &oversized, false);
    let garbage = encode_frame(b"\x00\x01 not json").unwrap();
    let answer = raw(addr, &garbage, false);
    assert!(String::from_utf8_lossy(&answer).contains("malformed"));
    let truncated = &encode_frame(b"{\"type\":\"hello\"}").unwrap()[..9];
    raw(addr, truncated, true);
    p.host.peer_event(|e| {
        *e == PeerEvent::Refused {
            refusal: Refusal::Failed,
        }
    });
    play(&p, "e5");
    assert_eq!(same_game(&p).0, ["e4", "e5"]);
}

/// A joiner speaking the raw protocol, to send what a real one never would.
fn raw_joiner(
    addr: SocketAddr,
) -> (
    rokada_core::net::tcp::Driver<LinkCommand>,
    Receiver<LinkNotice>,
) {
    let (d, rx) = spawn_joiner(BareLink::new(Joiner::new(fast_link(), code())), addr).unwrap();
    loop {
        match rx.recv_timeout(WAIT).unwrap() {
            LinkNotice::Link(LinkEvent::Connected { .. }) => return (d, rx),
            _ => continue,
        }
    }
}

fn next_message(rx: &Receiver<LinkNotice>) -> Message {
    loop {
        if let LinkNotice::Link(LinkEvent::Message(m)) = rx.recv_timeout(WAIT).unwrap() {
            return m;
        }
    }
}

#[test]
fn illegal_out_of_turn_and_mismatched_moves_are_refused_with_an_error() {
    let host = start_host(
        HostGame::New {
            color: ColorChoice::Black,
            time_control: None,
        },
        monotonic(),
    );
    let (link, rx) = raw_joiner(host.game.listen_addr().unwrap());
    assert!(matches!(next_message(&rx), Message::Game { .. }));
    let send = |uci: &str, ply: u32, hash: u64| {
        link.command(LinkCommand::Send(Message::Move(MoveMsg {
            ply,
            uci: uci.into(),
            position_hash: hash,
            think_time_ms: 5,
        })))
        .unwrap();
    };
    let error_code = |m: Message| match m {
        Message::Error { code, .. } => code,
        other => panic!("expected an error, got {other:?}"),
    };
    send("e2e5", 0, 0);
    assert_eq!(error_code(next_message(&rx)), ErrorCode::IllegalMove);
    // A move from the future: the joiner's game has drifted, so the host
    // sends its own after the error.
    send("e2e4", 3, 0);
    assert_eq!(error_code(next_message(&rx)), ErrorCode::OutOfTurn);
    assert!(matches!(next_message(&rx), Message::Game { .. }));
    send("e2e4", 0, 12345);
    assert_eq!(error_code(next_message(&rx)), ErrorCode::HashMismatch);
    assert!(
        matches!(next_message(&rx), Message::Game { .. }),
        "the host's game follows"
    );
    link.command(LinkCommand::Send(Message::Clock(
        rokada_core::net::message::ClockState {
            plies: 0,
            white_ms: 1,
            black_ms: 1,
        },
    )))
    .unwrap();
    assert_eq!(error_code(next_message(&rx)), ErrorCode::Unexpected);
    assert!(host.game.read(|s| s.moves().is_empty()), "nothing changed");
}

/// What the relay does to the next chunk it passes from host to joiner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Meddle {
    None,
    /// Flip a bit of its last byte (inside the authentication tag).
    Tamper,
    /// Pass it twice.
    Replay,
}

/// A loopback TCP relay whose connections the test can cut, and whose
/// host-to-joiner traffic it can alter.
struct Relay {
    addr: SocketAddr,
    live: Arc<Mutex<Vec<TcpStream>>>,
    meddle: Arc<Mutex<Meddle>>,
    /// While set, new connections are dropped at once: the host is gone.
    down: Arc<AtomicBool>,
}

/// Copies `from` to `to`, applying a pending meddling once.
fn pump(mut from: TcpStream, mut to: TcpStream, meddle: Option<Arc<Mutex<Meddle>>>) {
    let mut buf = [0u8; 65536];
    loop {
        let n = match from.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let how = meddle.as_ref().map_or(Meddle::None, |m| {
            std::mem::replace(&mut *m.lock().unwrap(), Meddle::None)
        });
        let chunk = &mut buf[..n];
        if how == Meddle::Tamper {
            chunk[n - 1] ^= 0x40;
        }
        let times = if how == Meddle::Replay { 2 } else { 1 };
        for _ in 0..times {
            if to.write_all(chunk).is_err() {
                return;
            }
        }
    }
    let _ = to.shutdown(Shutdown::Both);
}

impl Relay {
    fn new(target: SocketAddr) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let live: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let meddle = Arc::new(Mutex::new(Meddle::None));
        let down = Arc::new(AtomicBool::new(false));
        let (conns, to_joiner, is_down) = (live.clone(), meddle.clone(), down.clone());
        thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { return };
                if is_down.load(Ordering::SeqCst) {
                    continue;
                }
                let Ok(server) = TcpStream::connect(target) else {
                    continue;
                };
                let mut all = conns.lock().unwrap();
                all.push(client.try_clone().unwrap());
                all.push(server.try_clone().unwrap());
                let up = (client.try_clone().unwrap(), server.try_clone().unwrap());
                thread::spawn(move || pump(up.0, up.1, None));
                let down = to_joiner.clone();
                thread::spawn(move || pump(server, client, Some(down)));
            }
        });
        Relay {
            addr,
            live,
            meddle,
            down,
        }
    }

    /// Cuts every connection and refuses new ones.
    fn shut(&self) {
        self.down.store(true, Ordering::SeqCst);
        self.cut();
    }

    /// Lets connections through again.
    fn restore(&self) {
        self.down.store(false, Ordering::SeqCst);
    }

    fn meddle(&self, how: Meddle) {
        *self.meddle.lock().unwrap() = how;
    }

    fn cut(&self) {
        for s in self.live.lock().unwrap().drain(..) {
            let _ = s.shutdown(Shutdown::Both);
        }
    }
}

#[test]
fn the_link_is_cut_mid_game_and_resumes_with_nothing_lost() {
    let host = start_host(
        HostGame::New {
            color: ColorChoice::White,
            time_control: None,
        },
        monotonic(),
    );
    let relay = Relay::new(host.game.listen_addr().unwrap());
    let p = connect(host, relay.addr, monotonic());
    play(&p, "e4");
    relay.cut();
    p.joiner.peer_event(|e| *e == PeerEvent::LinkLost);
    // A move made while the link is down arrives after the reconnection.
    p.joiner.game.play_text("e5").unwrap();
    p.joiner
        .peer_event(|e| *e == PeerEvent::Connected { resumed: true });
    p.host.wait_for(is_remote_move("e5"));
    play(&p, "Nf3");
    relay.cut();
    play(&p, "Nc6");
    assert_eq!(same_game(&p).0, ["e4", "e5", "Nf3", "Nc6"]);
}

#[test]
fn tampered_and_replayed_frames_are_refused_and_the_game_goes_on() {
    let host = start_host(
        HostGame::New {
            color: ColorChoice::White,
            time_control: None,
        },
        monotonic(),
    );
    let relay = Relay::new(host.game.listen_addr().unwrap());
    let p = connect(host, relay.addr, monotonic());
    play(&p, "e4");
    play(&p, "e5");
    // A replayed frame is refused; the genuine stream carries on, and the
    // move arrives once.
    relay.meddle(Meddle::Replay);
    play(&p, "Nf3");
    play(&p, "Nc6");
    // An altered frame is refused, and the gap it leaves makes the joiner
    // replace the connection; nothing sent is lost.
    relay.meddle(Meddle::Tamper);
    p.host.game.play_text("Bb5").unwrap();
    p.joiner
        .peer_event(|e| *e == PeerEvent::Connected { resumed: true });
    p.joiner.wait_for(is_remote_move("Bb5"));
    play(&p, "a6");
    assert_eq!(same_game(&p).0, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
}

fn adjourned(device: &Device) -> String {
    match device.peer_event(|e| matches!(e, PeerEvent::Adjourned { .. })) {
        PeerEvent::Adjourned { save } => save,
        _ => unreachable!(),
    }
}

#[test]
fn a_peer_gone_too_long_adjourns_and_either_side_resumes_later() {
    let link = LinkConfig {
        adjourn_after: Duration::from_millis(1500),
        ..fast_link()
    };
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let game = HostGame::New {
        color: ColorChoice::White,
        time_control: Some(TimeControl::new(300_000, 2_000).unwrap()),
    };
    let host = Device::new(
        LiveGame::host_wifi(game, listener, code(), setup(link.clone(), monotonic())).unwrap(),
    );
    let relay = Relay::new(host.game.listen_addr().unwrap());
    let joiner = join(relay.addr, code(), link, monotonic());
    joiner.peer_event(started);
    let p = Pair { host, joiner };
    play(&p, "e4");
    play(&p, "e5");
    relay.shut();
    let host_save = adjourned(&p.host);
    let joiner_save = adjourned(&p.joiner);

    // The host resumes its copy; a new pairing continues the same game.
    let host = start_host(HostGame::Resume { save: host_save }, monotonic());
    let addr = host.game.listen_addr().unwrap();
    let p = connect(host, addr, monotonic());
    assert_eq!(same_game(&p).0, ["e4", "e5"]);
    play(&p, "Nf3");
    assert!(p.joiner.game.read(|s| s.clock().is_some()));

    // The joiner's copy resumes too, with the joiner now hosting as Black.
    let host = start_host(HostGame::Resume { save: joiner_save }, monotonic());
    assert_eq!(host.game.read(|s| s.wifi_local_color()), Some(Color::Black));
    let addr = host.game.listen_addr().unwrap();
    let p = connect(host, addr, monotonic());
    play(&p, "Nf3");
    assert_eq!(same_game(&p).0, ["e4", "e5", "Nf3"]);
}

#[test]
fn a_threefold_repetition_claimed_by_the_joiner() {
    let p = pair(ColorChoice::White, None, monotonic());
    play(&p, "Nf3");
    let claim = GameAction::ClaimDraw {
        claim: DrawClaim::ThreefoldRepetition,
    };
    assert_eq!(
        p.joiner.game.perform(claim),
        Err(LiveError::Game(GameError::DrawNotClaimable(
            DrawClaim::ThreefoldRepetition
        ))),
        "refused at once, with its reason"
    );
    for san in ["Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3"] {
        play(&p, san);
    }
    p.joiner.act(claim);
    let draw = GameEnd::new(GameResult::Draw, EndReason::ThreefoldRepetition);
    assert_eq!(p.host.game_over(), draw);
    assert_eq!(p.joiner.game_over(), draw);
    assert_eq!(same_game(&p).1, Some(draw));
}

/// 50 idle connections from 127.0.0.2 to 127.0.0.51, half of them with
/// half a frame header, renewed every 100 ms (the last 150 kept open), and
/// a pairing handshake from 127.0.0.60 renewed and never finished, until
/// told to stop. Says on `ready` when the first ones are open.
fn jam(
    host: SocketAddr,
    stop: Receiver<()>,
    ready: std::sync::mpsc::Sender<()>,
) -> thread::JoinHandle<usize> {
    use socket2::{Domain, Socket, Type};
    let open = move |last: u8| {
        let s = Socket::new(Domain::IPV4, Type::STREAM, None).ok()?;
        let from = SocketAddr::from(([127, 0, 0, last], 0));
        s.bind(&from.into()).ok()?;
        s.connect(&host.into()).ok()?;
        Some(TcpStream::from(s))
    };
    let (_, pake) = Pake::start(PeerRole::Joiner, PairingCode::from_number(1).unwrap());
    let hello = Handshake::Hello {
        protocol_version: PROTOCOL_VERSION,
        app_version: "jammer".into(),
        nonce: HexBytes(vec![7; 32]),
        intent: Intent::Pair {
            pake: HexBytes(pake),
        },
    };
    let half_open = encode_frame(&hello.encode()).unwrap();
    thread::spawn(move || {
        let mut opened = 0;
        let mut held = std::collections::VecDeque::new();
        // Bounded: the test stops it long before.
        for _ in 0..600 {
            while held.len() > 100 {
                held.pop_front();
            }
            for n in 0..50u8 {
                if let Some(mut s) = open(2 + n) {
                    if n % 2 == 0 {
                        let _ = s.write_all(&[0, 0]);
                    }
                    held.push_back(s);
                    opened += 1;
                }
            }
            if let Some(mut s) = open(60) {
                let _ = s.write_all(&half_open);
                held.push_back(s);
            }
            let _ = ready.send(());
            // Renewed at this pace until the test says stop.
            if stop.recv_timeout(Duration::from_millis(100)).is_ok() {
                break;
            }
        }
        opened
    })
}

#[test]
fn idle_and_half_open_connections_from_other_addresses_do_not_stop_pairing_or_resuming() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let host_link = BareLink::new(Host::new(fast_link(), code()));
    let (host, host_rx) = spawn_host(host_link, listener).unwrap();
    let (stop, stop_rx) = std::sync::mpsc::channel();
    let (ready_tx, ready) = std::sync::mpsc::channel();
    let jammer = jam(host.listen_addr().unwrap(), stop_rx, ready_tx);
    ready.recv_timeout(WAIT).expect("the jammer started");
    let relay = Relay::new(host.listen_addr().unwrap());
    let joiner_link = BareLink::new(Joiner::new(fast_link(), code()));
    let (joiner, joiner_rx) = spawn_joiner(joiner_link, relay.addr).unwrap();
    let until = |rx: &Receiver<LinkNotice>, want: LinkEvent| loop {
        if rx.recv_timeout(WAIT).expect("the awaited event in time")
            == LinkNotice::Link(want.clone())
        {
            return;
        }
    };
    until(&joiner_rx, LinkEvent::Connected { resumed: false });
    relay.shut();
    until(&joiner_rx, LinkEvent::LinkLost);
    relay.restore();
    until(&joiner_rx, LinkEvent::Connected { resumed: true });
    joiner
        .command(LinkCommand::Send(Message::DrawOffer))
        .unwrap();
    let (mut message, mut dropped) = (false, false);
    while !(message && dropped) {
        let e = host_rx.recv_timeout(WAIT).expect("the message in time");
        message |= e == LinkNotice::Link(LinkEvent::Message(Message::DrawOffer));
        // The host reports the connections it drops.
        dropped |= matches!(e, LinkNotice::Link(LinkEvent::Dropped { .. }));
    }
    stop.send(()).unwrap();
    assert!(jammer.join().unwrap() >= 50);
}

#[test]
fn an_ending_while_the_link_is_down_is_delivered_before_the_host_lets_go() {
    let host = start_host(
        HostGame::New {
            color: ColorChoice::White,
            time_control: None,
        },
        monotonic(),
    );
    let relay = Relay::new(host.game.listen_addr().unwrap());
    let p = connect(host, relay.addr, monotonic());
    for san in ["f3", "e5", "g4"] {
        play(&p, san);
    }
    // The network goes; Black mates meanwhile and leaves at once.
    relay.shut();
    p.joiner.peer_event(|e| *e == PeerEvent::LinkLost);
    p.joiner.game.play_text("Qh4#").unwrap();
    assert_eq!(
        p.joiner.game.read(|s| s.end()),
        Some(GameEnd::new(GameResult::BlackWins, EndReason::Checkmate))
    );
    let Pair { host, joiner } = p;
    let leaving = thread::spawn(move || {
        joiner.game.finish();
    });
    // Leaving waits for the host to have the mate: it comes when the
    // network does.
    relay.restore();
    let mate = GameEnd::new(GameResult::BlackWins, EndReason::Checkmate);
    assert_eq!(host.game_over(), mate);
    leaving.join().unwrap();
    host.peer_event(|e| *e == PeerEvent::PeerLeft);
    assert_eq!(
        host.game.read(|s| s.moves_san()),
        ["f3", "e5", "g4", "Qh4#"]
    );
}

#[test]
fn the_hosts_resignation_while_the_link_is_down_reaches_the_joiner() {
    let host = start_host(
        HostGame::New {
            color: ColorChoice::White,
            time_control: None,
        },
        monotonic(),
    );
    let relay = Relay::new(host.game.listen_addr().unwrap());
    let p = connect(host, relay.addr, monotonic());
    play(&p, "e4");
    relay.shut();
    p.host.peer_event(|e| *e == PeerEvent::LinkLost);
    p.host.act(GameAction::Resign);
    let Pair { host, joiner } = p;
    let leaving = thread::spawn(move || host.game.finish());
    relay.restore();
    let resigned = GameEnd::new(GameResult::BlackWins, EndReason::Resignation);
    assert_eq!(joiner.game_over(), resigned);
    joiner.peer_event(|e| *e == PeerEvent::PeerLeft);
    leaving.join().unwrap();
    assert_eq!(joiner.game.read(|s| s.end()), Some(resigned));
}
