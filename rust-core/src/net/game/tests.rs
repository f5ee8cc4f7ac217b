//! Both devices' protocols, each with its session and link endpoint,
//! joined by a simulated network that can cut every connection after a
//! given number of delivered frames.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use shakmaty::Color;

use super::*;
use crate::clock::{ManualTime, TimeControl, TimeSource};
use crate::net::link::{ConnId, Host, Joiner, LinkConfig, Output};
use crate::net::sim::Sim;
use crate::net::tcp::Machine;
use crate::session::{GameConfig, GameSession, Mode};

fn code() -> PairingCode {
    PairingCode::from_number(777_777).unwrap()
}

fn cfg() -> LinkConfig {
    LinkConfig {
        app_version: "test".into(),
        adjourn_after: Duration::from_secs(60),
        ..LinkConfig::default()
    }
}

/// What a test asks of a device's player.
enum Do {
    Play(String),
    Command(WifiCommand),
}

/// One device: the endpoint, the protocol and the one session, run the way
/// the live layer runs them.
struct Device<E> {
    link: E,
    protocol: Protocol,
    session: GameSession,
    out: VecDeque<Output<WifiEvent>>,
}

impl<E: Endpoint> Device<E> {
    fn new(link: E, role: PeerRole, session: GameSession, time: Arc<dyn TimeSource>) -> Self {
        Device {
            link,
            protocol: Protocol::new(role, time, &session),
            session,
            out: VecDeque::new(),
        }
    }

    fn step(&mut self, step: impl FnOnce(&mut Protocol, &mut Ctx<'_>)) {
        let mut news = Vec::new();
        let mut ctx = Ctx {
            session: &mut self.session,
            link: &mut self.link,
            events: &mut news,
        };
        step(&mut self.protocol, &mut ctx);
        self.out.extend(news.into_iter().map(Output::Event));
        self.pump();
    }

    fn pump(&mut self) {
        while let Some(output) = self.link.poll_output() {
            match output {
                Output::Event(e) => self.step(|p, ctx| p.on_link_event(ctx, e)),
                Output::Transmit { conn, bytes } => {
                    self.out.push_back(Output::Transmit { conn, bytes })
                }
                Output::Close { conn } => self.out.push_back(Output::Close { conn }),
                Output::Connect { conn } => self.out.push_back(Output::Connect { conn }),
            }
        }
    }

    fn local_turn(&self) -> bool {
        self.protocol.is_started() && self.session.is_local_turn()
    }
}

impl<E: Endpoint> Machine for Device<E> {
    type Command = Do;
    type Event = WifiEvent;

    fn on_accepted(&mut self, conn: ConnId, now: Instant) {
        self.link.on_accepted(conn, now);
        self.pump();
    }
    fn on_connected(&mut self, conn: ConnId, now: Instant) {
        self.link.on_connected(conn, now);
        self.pump();
    }
    fn on_connect_failed(&mut self, conn: ConnId, now: Instant) {
        self.link.on_connect_failed(conn, now);
        self.pump();
    }
    fn on_bytes(&mut self, conn: ConnId, bytes: &[u8], now: Instant) {
        self.link.on_bytes(conn, bytes, now);
        self.pump();
    }
    fn on_closed(&mut self, conn: ConnId, now: Instant) {
        self.link.on_closed(conn, now);
        self.pump();
    }
    fn on_tick(&mut self, now: Instant) {
        self.link.on_tick(now);
        self.pump();
        self.step(|p, ctx| p.on_clock_tick(ctx));
    }
    fn on_command(&mut self, command: Do, _now: Instant) {
        match command {
            Do::Play(text) => {
                let played = self.session.play_text(&text).expect("a legal move in turn");
                self.step(|p, ctx| p.local_move(ctx, &played));
            }
            Do::Command(command) => self.step(|p, ctx| {
                let _ = p.command(ctx, command);
            }),
        }
    }
    fn poll_output(&mut self) -> Option<Output<WifiEvent>> {
        self.pump();
        self.out.pop_front()
    }
    fn next_deadline(&self) -> Option<Instant> {
        self.link.next_deadline()
    }
    fn is_finished(&self) -> bool {
        self.link.is_finished() && self.out.is_empty()
    }
}

type GameSim = Sim<Device<Host>, Device<Joiner>>;

/// Both devices on the simulated network, every connection cut once after
/// `cut_after` delivered frames; the fake clock comes back with it.
fn sim(cut_after: Option<usize>, time_control: Option<TimeControl>) -> (GameSim, Arc<ManualTime>) {
    named_sim(cut_after, time_control, [None, None])
}

/// [`sim`] with the host's and the joiner's player names.
fn named_sim(
    cut_after: Option<usize>,
    time_control: Option<TimeControl>,
    [host_name, joiner_name]: [Option<&str>; 2],
) -> (GameSim, Arc<ManualTime>) {
    let manual = ManualTime::new();
    let time: Arc<dyn TimeSource> = manual.clone();
    let mut config = GameConfig::new(Mode::WifiPeer {
        local: Color::White,
    });
    config.time_control = time_control;
    let session = GameSession::new(config, time.clone()).unwrap();
    let waiting = GameSession::new(
        GameConfig::new(Mode::WifiPeer {
            local: Color::White,
        }),
        time.clone(),
    )
    .unwrap();
    let mut host = Device::new(
        Host::new(cfg(), code()),
        PeerRole::Host,
        session,
        time.clone(),
    );
    host.protocol = host.protocol.with_name(host_name);
    let mut joiner = Device::new(Joiner::new(cfg(), code()), PeerRole::Joiner, waiting, time);
    joiner.protocol = joiner.protocol.with_name(joiner_name);
    (Sim::with_cut(host, joiner, cut_after), manual)
}

trait Play {
    fn play(&mut self, moves: &[&str]);
    fn games(&self) -> (View, View);
}

impl Play for GameSim {
    /// Plays the moves in turn, each once its side may move.
    fn play(&mut self, moves: &[&str]) {
        for san in moves {
            let mut steps = 0;
            loop {
                let now = self.now;
                if self.host.local_turn() {
                    self.host.on_command(Do::Play((*san).into()), now);
                    break;
                }
                if self.joiner.local_turn() {
                    self.joiner.on_command(Do::Play((*san).into()), now);
                    break;
                }
                self.step();
                steps += 1;
                assert!(steps < 300, "nobody's turn for {san}");
            }
            self.pump();
        }
    }

    fn games(&self) -> (View, View) {
        let view = |s: &GameSession| (s.moves_san(), s.end());
        (view(&self.host.session), view(&self.joiner.session))
    }
}

/// A device's game: its moves and its end.
type View = (Vec<String>, Option<GameEnd>);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The link cut once after any number of frames, in the handshake or
    /// the game: the game goes on to the same end on both devices with
    /// every move played exactly once, or first contact fails cleanly.
    #[test]
    fn a_cut_anywhere_loses_and_duplicates_nothing(cut in 0usize..40) {
        let (mut sim, _) = sim(Some(cut), None);
        if sim.joiner.is_finished() {
            prop_assert!(sim.joiner_events.contains(&WifiEvent::Unreachable));
            return Ok(());
        }
        sim.play(&["f3", "e5", "g4", "Qh4#"]);
        for _ in 0..100 {
            sim.step();
        }
        let mate = GameEnd::new(GameResult::BlackWins, EndReason::Checkmate);
        let moves: Vec<String> = ["f3", "e5", "g4", "Qh4#"].map(String::from).to_vec();
        let (host, joiner) = sim.games();
        prop_assert_eq!(host, (moves.clone(), Some(mate)));
        prop_assert_eq!(joiner, (moves, Some(mate)));
    }
}

#[test]
fn the_joiners_resignation_is_the_hosts_verdict() {
    let (mut sim, _) = sim(None, None);
    sim.play(&["e4"]);
    let now = sim.now;
    sim.joiner.on_command(Do::Command(WifiCommand::Resign), now);
    // Nothing ends on the joiner until the host has decided.
    assert!(!sim.joiner.session.is_over());
    sim.pump();
    let won = GameEnd::new(GameResult::WhiteWins, EndReason::Resignation);
    assert_eq!(sim.host.session.end(), Some(won));
    assert_eq!(sim.joiner.session.end(), Some(won));
}

#[test]
fn a_move_crossing_a_resignation_is_settled_by_the_hosts_game() {
    let (mut sim, _) = sim(None, None);
    sim.play(&["e4"]);
    // The joiner moves while the host resigns: both messages cross.
    let now = sim.now;
    sim.joiner.on_command(Do::Play("e5".into()), now);
    sim.host.on_command(Do::Command(WifiCommand::Resign), now);
    sim.pump();
    for _ in 0..10 {
        sim.step();
    }
    let resigned = GameEnd::new(GameResult::BlackWins, EndReason::Resignation);
    let (host, joiner) = sim.games();
    assert_eq!(host, (vec!["e4".to_owned()], Some(resigned)));
    assert_eq!(host, joiner);
    assert!(sim.joiner_events.contains(&WifiEvent::Resynced));
}

#[test]
fn refusals_come_back_at_once_with_their_reason() {
    let (mut sim, _) = sim(None, None);
    let Device {
        link,
        protocol,
        session,
        ..
    } = &mut sim.joiner;
    let mut news = Vec::new();
    let mut ctx = Ctx {
        session,
        link,
        events: &mut news,
    };
    assert_eq!(
        protocol.command(&mut ctx, WifiCommand::DeclineRematch),
        Err(ActionError::NoRematchRequest)
    );
    assert_eq!(
        protocol.command(&mut ctx, WifiCommand::Rematch),
        Err(ActionError::GameNotOver)
    );
    assert_eq!(
        protocol.command(&mut ctx, WifiCommand::AcceptDraw),
        Err(ActionError::Game(GameError::NoDrawOffer))
    );
    assert!(news.is_empty());
}

#[test]
fn the_host_calls_a_remote_flag_after_the_lag_allowance() {
    let (mut sim, time) = sim(None, Some(TimeControl::new(1_000, 0).unwrap()));
    sim.play(&["e4"]);
    assert!(sim.joiner.session.clock().unwrap().running == Some(Color::Black));
    let remaining = sim.host.session.clock().unwrap().black_ms;
    time.advance(remaining);
    sim.step();
    assert!(!sim.host.session.is_over(), "the allowance is granted");
    time.advance(MAX_LAG_ALLOWANCE_MS);
    sim.step();
    let flagged = GameEnd::new(GameResult::WhiteWins, EndReason::Timeout);
    assert_eq!(sim.host.session.end(), Some(flagged));
    assert_eq!(sim.joiner.session.end(), Some(flagged));
}

#[test]
fn each_device_shows_both_names_on_the_right_sides() {
    let (mut sim, _) = named_sim(None, None, [Some("Judit"), Some("Magnus")]);
    sim.play(&["e4"]);
    for session in [&sim.host.session, &sim.joiner.session] {
        let config = session.config();
        assert_eq!(config.white_name.as_deref(), Some("Judit"));
        assert_eq!(config.black_name.as_deref(), Some("Magnus"));
    }
    // The host hears of the joiner's name; the joiner had the host's with
    // the game, before it knew which side was whose.
    let named = |events: &[WifiEvent]| {
        events
            .iter()
            .filter(|e| matches!(e, WifiEvent::PlayerNamed { .. }))
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(
        named(&sim.host_events),
        [WifiEvent::PlayerNamed { side: Color::Black }]
    );
    assert_eq!(named(&sim.joiner_events), []);
}
