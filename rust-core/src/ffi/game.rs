//! `Game`: one game for an app screen, safe to call from any thread, with
//! events pushed to the app's listener.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::Duration;

use shakmaty::Position;

use super::types::*;
use super::wifi::{PeerEvent, PeerRole, PeerStatus, SideChoice, WifiLink, forward_events};
use crate::actions::{available_actions, local_color};
use crate::board_input::BoardInput;
use crate::clock::{MonotonicTime, TimeControl, TimeSource};
use crate::engine::{Engine, Level};
use crate::net::game::{HostGame, WifiCommand, WifiEvent, WifiGame};
use crate::net::link::LinkConfig;
use crate::net::pairing::PairingCode;
use crate::pgn::{RecordedResult, parse_first_game};
use crate::rules::{DrawClaim, GameEnd};
use crate::session::{Controller, GameConfig, GameError, GameSession, MoveOutcome, PlayedMove};

/// Something that happened in a game, pushed to the app.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum GameEvent {
    MovePlayed {
        played: MoveInfo,
        by: Controller,
    },
    /// Moves were taken back (undo) or replayed (redo); read the state again.
    PositionChanged,
    ClockChanged {
        clock: ClockState,
    },
    DrawOffered {
        by: Side,
    },
    DrawDeclined {
        by: Side,
    },
    GameOver {
        end: GameEnd,
    },
    /// The computer started (`true`) or stopped (`false`) thinking.
    ComputerThinking {
        thinking: bool,
    },
    /// News of the Wi-Fi link and pairing.
    Peer {
        event: PeerEvent,
    },
}

/// The app's receiver of game events.
///
/// Events arrive on the thread that caused them: the caller's for actions
/// the app performs, a core thread for a fallen flag, the computer's move or
/// news from the Wi-Fi link.
/// UIs hop to their main thread before touching views. No lock of the game
/// is held during the call, so the listener may call back into the game.
#[uniffi::export(foreign)]
pub trait GameListener: Send + Sync {
    fn on_event(&self, event: GameEvent);
}

pub(crate) struct Core {
    /// Over Wi-Fi, a copy of the protocol's session, kept up to date.
    pub(crate) session: GameSession,
    pub(crate) input: BoardInput,
    pub(crate) closed: bool,
    /// The Wi-Fi link's state, in Wi-Fi games.
    pub(crate) peer: Option<PeerStatus>,
    /// The computer's search under way, if any.
    search: Option<RunningSearch>,
    /// Set while the app is in the background: no search starts.
    paused: bool,
    /// Numbers searches, so a late result of a cancelled one is dropped.
    searches: u64,
}

/// A search on its own thread.
struct RunningSearch {
    id: u64,
    stop: Arc<AtomicBool>,
}

/// The computer opponent of a game against the computer.
struct Computer {
    engine: Arc<Mutex<Engine>>,
    level: Level,
    /// Varies the weaker levels' choices from game to game.
    seed: u64,
}

pub(crate) struct Shared {
    core: Mutex<Core>,
    /// Signalled whenever the clock may have changed, to wake the flag watcher.
    clock_changed: Condvar,
    listener: Mutex<Option<Arc<dyn GameListener>>>,
    computer: Option<Computer>,
    pub(crate) wifi: Option<WifiLink>,
}

impl Shared {
    pub(crate) fn lock(&self) -> MutexGuard<'_, Core> {
        // A panic while the lock was held cannot leave the session half
        // changed (every mutation is checked before it is made), so a
        // poisoned lock is still usable.
        self.core.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(crate) fn emit(&self, events: Vec<GameEvent>) {
        if events.is_empty() {
            return;
        }
        let listener = self
            .listener
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        if let Some(listener) = listener {
            for event in events {
                // A listener that throws is the app's bug; it must not turn a
                // move already made into an error, nor stop the later events.
                let delivered = panic::catch_unwind(AssertUnwindSafe(|| listener.on_event(event)));
                if delivered.is_err() {
                    log::error!("the game listener failed on an event");
                }
            }
        }
    }
}

/// One game, as an app screen drives it. All methods may be called from any
/// thread.
#[derive(uniffi::Object)]
pub struct Game {
    shared: Arc<Shared>,
}

impl Drop for Game {
    fn drop(&mut self) {
        let mut core = self.shared.lock();
        core.closed = true;
        if let Some(search) = core.search.take() {
            search.stop.store(true, Ordering::Relaxed);
        }
        drop(core);
        self.shared.clock_changed.notify_all();
        if let Some(link) = &self.shared.wifi {
            // An unfinished game is adjourned, and the other device told.
            let _ = link.send(WifiCommand::Leave);
        }
    }
}

/// A time control from the app, checked like any outside input.
fn validate_time_control(tc: TimeControl) -> Result<TimeControl, RokadaError> {
    TimeControl::new(tc.base_ms, tc.increment_ms).map_err(|_| RokadaError::InvalidTimeControl {
        base_ms: tc.base_ms,
        increment_ms: tc.increment_ms,
    })
}

fn time_source() -> Arc<dyn TimeSource> {
    Arc::new(MonotonicTime::new())
}

#[uniffi::export]
impl Game {
    /// A new game.
    #[uniffi::constructor]
    pub fn new(setup: GameSetup) -> Result<Arc<Game>, RokadaError> {
        if matches!(setup.mode, GameMode::WifiPeer { .. }) {
            // A Wi-Fi game needs its link: host_wifi or join_wifi.
            return Err(RokadaError::NotConnected);
        }
        let time_control = setup.time_control.map(validate_time_control).transpose()?;
        let config = GameConfig {
            mode: setup.mode.into(),
            start_fen: setup.start_fen,
            time_control,
            white_name: setup.white_name,
            black_name: setup.black_name,
        };
        Ok(Game::start(GameSession::new(config, time_source())?))
    }

    /// A game resumed from [`Game::save`] output, clock and repetition
    /// history included.
    #[uniffi::constructor]
    pub fn restore(save: String) -> Result<Arc<Game>, RokadaError> {
        let session = GameSession::restore(&save, time_source())?;
        if session.wifi_local_color().is_some() {
            // A Wi-Fi game goes on only with its link: resume_wifi.
            return Err(RokadaError::NotConnected);
        }
        Ok(Game::start(session))
    }

    /// The first game of a PGN text, to look at or play on (without clocks).
    #[uniffi::constructor]
    pub fn from_pgn(pgn: String, mode: GameMode) -> Result<Arc<Game>, RokadaError> {
        let game = parse_first_game(&pgn)?;
        Ok(Game::start(GameSession::from_pgn(
            &game,
            mode.into(),
            RecordedResult::Apply,
            time_source(),
        )?))
    }

    /// Hosts a Wi-Fi game: listens on `port` (0: any free port) on every
    /// interface; the state's `peer` holds the code to show and the port to
    /// advertise as `_rokada._tcp`.
    #[uniffi::constructor]
    pub fn host_wifi(
        side: SideChoice,
        time_control: Option<TimeControl>,
        port: u16,
    ) -> Result<Arc<Game>, RokadaError> {
        let time_control = time_control.map(validate_time_control).transpose()?;
        Game::host(
            HostGame::New {
                color: side.into(),
                time_control,
            },
            port,
        )
    }

    /// Hosts an adjourned Wi-Fi game again from either device's save.
    #[uniffi::constructor]
    pub fn resume_wifi(save: String, port: u16) -> Result<Arc<Game>, RokadaError> {
        Game::host(HostGame::Resume { save }, port)
    }

    /// Joins the host at `host`:`port` (found by discovery or typed) with
    /// the code its screen shows.
    #[uniffi::constructor]
    pub fn join_wifi(host: String, port: u16, code: String) -> Result<Arc<Game>, RokadaError> {
        let code = super::wifi::parse_code(&code)?;
        let address = super::wifi::address(&host, port)?;
        let time = time_source();
        let (game, events) = WifiGame::join(address, code, LinkConfig::default(), time.clone())
            .map_err(|e| RokadaError::Network {
                detail: e.to_string(),
            })?;
        // Until the host's game arrives the screen shows the pairing state
        // over an empty standard board.
        let waiting = GameSession::new(
            GameConfig::new(crate::session::Mode::WifiPeer {
                local: shakmaty::Color::White,
            }),
            time,
        )?;
        let peer = PeerStatus::new(PeerRole::Joiner, None, None);
        Ok(Game::start_with(
            waiting,
            Some((WifiLink { game }, peer, events)),
        ))
    }

    /// Where events go; `None` stops them. Against the computer, setting
    /// the listener also lets the computer take a turn that is due (as
    /// White, or in a restored game), so that the app hears of its move.
    pub fn set_listener(&self, listener: Option<Arc<dyn GameListener>>) {
        *self
            .shared
            .listener
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = listener;
        let events = computer_turn(&self.shared, &mut self.shared.lock());
        self.shared.emit(events);
    }

    /// Everything the game screen draws.
    pub fn state(&self) -> GameState {
        let core = self.shared.lock();
        state_of(&core)
    }

    /// The board as 64 squares in `Square` order (a1, b1, ..., h8).
    pub fn board(&self) -> Vec<Option<Piece>> {
        let core = self.shared.lock();
        let board = core.session.position().board();
        Square::ALL
            .iter()
            .map(|&sq| board.piece_at(sq.into()).map(Piece::from))
            .collect()
    }

    pub fn legal_destinations(&self, from: Square) -> Vec<Square> {
        squares(self.shared.lock().session.legal_destinations(from.into()))
    }

    /// A move by the player at this device, by squares.
    #[uniffi::method(default(promotion = None))]
    pub fn play(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Result<MoveResult, RokadaError> {
        let outcome = self.act(|core| {
            let outcome =
                core.session
                    .play_squares(from.into(), to.into(), promotion.map(Into::into))?;
            core.input.reset();
            Ok(outcome)
        });
        match outcome? {
            MoveOutcome::Played(m) => Ok(MoveResult::Played {
                played: (&m).into(),
            }),
            MoveOutcome::NeedsPromotion { from, to } => Ok(MoveResult::NeedsPromotion {
                from: from.into(),
                to: to.into(),
            }),
        }
    }

    /// A move by the player at this device in SAN or UCI.
    pub fn play_text(&self, text: String) -> Result<MoveInfo, RokadaError> {
        let played = self.act(|core| {
            let played = core.session.play_text(&text)?;
            core.input.reset();
            Ok(played)
        })?;
        Ok((&played).into())
    }

    /// A tap on a square.
    pub fn tap(&self, square: Square) -> InputResult {
        self.input(|core| core.input.tap(&mut core.session, square.into()))
    }

    /// A drag starts on a square.
    pub fn drag_start(&self, square: Square) -> InputResult {
        self.input(|core| core.input.drag_start(&mut core.session, square.into()))
    }

    /// A dragged piece is dropped.
    pub fn drop_piece(&self, from: Square, to: Square) -> InputResult {
        self.input(|core| core.input.drop(&mut core.session, from.into(), to.into()))
    }

    /// The promotion dialog's choice.
    pub fn choose_promotion(&self, kind: PieceKind) -> InputResult {
        self.input(|core| core.input.choose_promotion(&mut core.session, kind.into()))
    }

    /// The promotion dialog was dismissed.
    pub fn cancel_promotion(&self) -> InputResult {
        self.input(|core| core.input.cancel_promotion(&core.session))
    }

    pub fn claim_draw(&self, claim: DrawClaim) -> Result<(), RokadaError> {
        self.act_sending(
            |core| {
                let by = core.session.controller(core.session.turn());
                if by != Controller::Local {
                    return Err(GameError::NotYourTurn);
                }
                core.session.claim_draw(by, claim).map(drop)
            },
            Some(WifiCommand::ClaimDraw(claim)),
        )
    }

    /// Both players at one phone agree to a draw.
    pub fn agree_draw(&self) -> Result<(), RokadaError> {
        self.act(|core| core.session.agree_draw().map(drop))
    }

    pub fn offer_draw(&self) -> Result<(), RokadaError> {
        self.act_sending(
            |core| core.session.offer_draw(Controller::Local),
            Some(WifiCommand::OfferDraw),
        )
    }

    pub fn accept_draw(&self) -> Result<(), RokadaError> {
        self.act_sending(
            |core| core.session.accept_draw(Controller::Local).map(drop),
            Some(WifiCommand::AcceptDraw),
        )
    }

    pub fn decline_draw(&self) -> Result<(), RokadaError> {
        self.act_sending(
            |core| core.session.decline_draw(Controller::Local),
            Some(WifiCommand::DeclineDraw),
        )
    }

    /// The player at this device resigns (on one phone: the side to move).
    pub fn resign(&self) -> Result<(), RokadaError> {
        self.act_sending(
            |core| {
                let color = local_color(&core.session).ok_or(GameError::NotYourTurn)?;
                core.session.resign(Controller::Local, color).map(drop)
            },
            Some(WifiCommand::Resign),
        )
    }

    /// Over Wi-Fi, after the end: ask for a rematch with colours swapped,
    /// or accept the opponent's request.
    pub fn rematch(&self) -> Result<(), RokadaError> {
        self.peer_command(WifiCommand::Rematch, |core| {
            if core.session.is_over() {
                Ok(())
            } else {
                Err(RokadaError::GameNotOver)
            }
        })
    }

    /// Over Wi-Fi: turn down the opponent's rematch request.
    pub fn decline_rematch(&self) -> Result<(), RokadaError> {
        self.peer_command(WifiCommand::DeclineRematch, |core| {
            let asked = core.peer.as_ref().and_then(|p| p.rematch_offered_by);
            let local = core.session.wifi_local_color().map(Side::from);
            if asked.is_some() && asked != local {
                Ok(())
            } else {
                Err(RokadaError::NoRematchRequest)
            }
        })
    }

    /// Over Wi-Fi: leave the game; an unfinished one is adjourned and can be
    /// resumed later by either device.
    pub fn leave(&self) -> Result<(), RokadaError> {
        self.peer_command(WifiCommand::Leave, |_| Ok(()))
    }

    pub fn undo(&self) -> Result<(), RokadaError> {
        self.act(|core| {
            core.session.undo()?;
            core.input.reset();
            Ok(())
        })
    }

    pub fn redo(&self) -> Result<(), RokadaError> {
        self.act(|core| {
            core.session.redo()?;
            core.input.reset();
            Ok(())
        })
    }

    /// Ends the game if a flag has fallen; the game also watches its clock
    /// by itself.
    pub fn poll_clock(&self) {
        self.act(|core| {
            core.session.poll_clock();
            Ok(())
        })
        .unwrap_or(());
    }

    /// The app goes to the background: the computer stops thinking and the
    /// clock stops (except over Wi-Fi, where the opponent's time runs on).
    pub fn pause(&self) {
        self.act(|core| {
            core.paused = true;
            core.session.pause();
            Ok(())
        })
        .unwrap_or(());
    }

    /// The app is back: the clock runs again and the computer, if it is its
    /// turn, thinks again.
    pub fn resume(&self) {
        self.act(|core| {
            core.paused = false;
            core.session.resume();
            Ok(())
        })
        .unwrap_or(());
    }

    /// The whole game for [`Game::restore`].
    pub fn save(&self) -> String {
        self.shared.lock().session.save()
    }

    pub fn pgn(&self) -> String {
        self.shared.lock().session.to_pgn()
    }
}

impl Game {
    fn host(offer: HostGame, port: u16) -> Result<Arc<Game>, RokadaError> {
        let listener = super::wifi::listen(port)?;
        let port = listener.local_addr().map(|a| a.port()).ok();
        let code = PairingCode::generate();
        let time = time_source();
        let (game, events) = WifiGame::host(listener, code, offer, LinkConfig::default(), time)
            .map_err(|e| match e {
                crate::net::game::HostError::Game(e) => RokadaError::from(e),
                other => RokadaError::Network {
                    detail: other.to_string(),
                },
            })?;
        let session = game
            .with_session(|s| s.cloned())
            .expect("the host's game exists from the start");
        let peer = PeerStatus::new(PeerRole::Host, Some(code), port);
        Ok(Game::start_with(
            session,
            Some((WifiLink { game }, peer, events)),
        ))
    }

    fn start(session: GameSession) -> Arc<Game> {
        Game::start_with(session, None)
    }

    /// Starts a game; over Wi-Fi with the protocol's link, the link's
    /// status and its events.
    pub(crate) fn start_with(
        session: GameSession,
        wifi: Option<(WifiLink, PeerStatus, Receiver<WifiEvent>)>,
    ) -> Arc<Game> {
        // Over Wi-Fi the host's device calls flag falls.
        let timed = session.config().time_control.is_some() && wifi.is_none();
        let (wifi, peer, events) = match wifi {
            Some((link, peer, events)) => (Some(link), Some(peer), Some(events)),
            None => (None, None, None),
        };
        let computer = match session.mode() {
            crate::session::Mode::Computer { level, .. } => Some(Computer {
                engine: Arc::new(Mutex::new(Engine::new(Engine::DEFAULT_HASH_MB))),
                level: Level::new(level).expect("the session checked the level"),
                seed: fresh_seed(),
            }),
            _ => None,
        };
        let shared = Arc::new(Shared {
            core: Mutex::new(Core {
                session,
                input: BoardInput::default(),
                closed: false,
                peer,
                search: None,
                paused: false,
                searches: 0,
            }),
            clock_changed: Condvar::new(),
            listener: Mutex::new(None),
            computer,
            wifi,
        });
        if let Some(events) = events {
            let forwarder = Arc::clone(&shared);
            thread::Builder::new()
                .name("rokada-wifi-events".into())
                .spawn(move || forward_events(forwarder, events))
                .expect("the Wi-Fi event thread starts");
        }
        if timed {
            let watcher = Arc::clone(&shared);
            thread::Builder::new()
                .name("rokada-clock".into())
                .spawn(move || watch_flags(&watcher))
                .expect("the clock thread starts");
        }
        // The computer's first turn waits for the listener (set_listener),
        // so that the app hears of its move.
        Arc::new(Game { shared })
    }

    /// Runs a change to the session and sends the events that follow from
    /// it, after the lock is released.
    fn act<T>(
        &self,
        change: impl FnOnce(&mut Core) -> Result<T, GameError>,
    ) -> Result<T, RokadaError> {
        self.act_sending(change, None)
    }

    /// Like `act`; over Wi-Fi a change that succeeds on the copy of the game
    /// is then sent to the protocol: a new local move as that move, anything
    /// else as `command`.
    fn act_sending<T>(
        &self,
        change: impl FnOnce(&mut Core) -> Result<T, GameError>,
        command: Option<WifiCommand>,
    ) -> Result<T, RokadaError> {
        let (result, events, sent) = {
            let mut core = self.shared.lock();
            if core.peer.as_ref().is_some_and(|p| !p.started) {
                return Err(RokadaError::NotConnected);
            }
            let before = Snapshot::of(&core.session);
            let result = change(&mut core);
            let mut events = before.events_since(&core.session);
            events.extend(computer_turn(&self.shared, &mut core));
            let mut sent = Ok(());
            if let (Some(link), Ok(_)) = (&self.shared.wifi, &result) {
                let new_move = core
                    .session
                    .moves()
                    .get(before.plies)
                    .map(|m| m.uci.clone());
                let outgoing = new_move.map(WifiCommand::Play).or(command);
                if let Some(outgoing) = outgoing {
                    sent = link.send(outgoing);
                }
                if sent.is_err() {
                    // The link is gone: show the protocol's game as it is.
                    if let Some(session) = link.game.with_session(|s| s.cloned()) {
                        core.session = session;
                    }
                }
            }
            (result, events, sent)
        };
        self.shared.clock_changed.notify_all();
        self.shared.emit(events);
        let value = result.map_err(RokadaError::from)?;
        sent.map(|()| value)
    }

    /// A Wi-Fi-only action: checked with `check`, then sent.
    fn peer_command(
        &self,
        command: WifiCommand,
        check: impl FnOnce(&Core) -> Result<(), RokadaError>,
    ) -> Result<(), RokadaError> {
        let Some(link) = &self.shared.wifi else {
            return Err(RokadaError::NotConnected);
        };
        check(&self.shared.lock())?;
        link.send(command)
    }

    fn input(
        &self,
        touch: impl FnOnce(&mut Core) -> crate::board_input::InputOutcome,
    ) -> InputResult {
        self.act(|core| Ok(touch(core)))
            .map(InputResult::from)
            .unwrap_or(InputResult::Ignored)
    }
}

/// What events compare: the game before and after a change.
pub(crate) struct Snapshot {
    plies: usize,
    last: Option<PlayedMove>,
    end: Option<GameEnd>,
    offer: Option<shakmaty::Color>,
}

impl Snapshot {
    pub(crate) fn of(session: &GameSession) -> Snapshot {
        Snapshot {
            plies: session.moves().len(),
            last: session.moves().last().cloned(),
            end: session.end(),
            offer: session.draw_offer(),
        }
    }

    pub(crate) fn events_since(&self, session: &GameSession) -> Vec<GameEvent> {
        let mut events = Vec::new();
        let moves = session.moves();
        let extended =
            moves.len() > self.plies && moves.get(self.plies.wrapping_sub(1)).cloned() == self.last;
        if extended {
            for m in &moves[self.plies..] {
                events.push(GameEvent::MovePlayed {
                    played: m.into(),
                    by: session.controller(m.color),
                });
            }
        } else if moves.len() != self.plies || moves.last() != self.last.as_ref() {
            events.push(GameEvent::PositionChanged);
        }
        if (moves.len() != self.plies || session.end() != self.end)
            && let Some(clock) = session.clock()
        {
            events.push(GameEvent::ClockChanged {
                clock: clock.into(),
            });
        }
        match (self.offer, session.draw_offer()) {
            (None, Some(by)) => events.push(GameEvent::DrawOffered { by: by.into() }),
            (Some(by), None) if session.end().is_none() && !extended => {
                events.push(GameEvent::DrawDeclined { by: (!by).into() });
            }
            _ => {}
        }
        if let (None, Some(end)) = (self.end, session.end()) {
            events.push(GameEvent::GameOver { end });
        }
        events
    }
}

fn state_of(core: &Core) -> GameState {
    let session = &core.session;
    let (captured_by_white, captured_by_black) = captures(session);
    GameState {
        mode: session.mode().into(),
        fen: session.fen(),
        turn: session.turn().into(),
        end: session.end(),
        last_move: session.last_move().map(|(from, to)| SquarePair {
            from: from.into(),
            to: to.into(),
        }),
        checked_king: session.checked_king().map(Square::from),
        moves: session.moves_san(),
        claimable_draws: if session.is_local_turn() {
            session.claimable_draws()
        } else {
            Vec::new()
        },
        draw_offer: session.draw_offer().map(Side::from),
        clock: session.clock().map(ClockState::from),
        is_local_turn: session.is_local_turn(),
        actions: available_actions(session),
        captured_by_white,
        captured_by_black,
        selected: core.input.selected().map(Square::from),
        hints: squares(core.input.hints(session)),
        pending_promotion: core.input.pending_promotion().map(|(from, to)| SquarePair {
            from: from.into(),
            to: to.into(),
        }),
        computer_thinking: core.search.is_some(),
        peer: core.peer.clone(),
    }
}

/// Starts the computer's search when it is its turn and none runs, and
/// cancels a search whose position is gone (undo, resignation, pause).
/// Returns the events to send once the lock is released.
fn computer_turn(shared: &Arc<Shared>, core: &mut Core) -> Vec<GameEvent> {
    let Some(computer) = &shared.computer else {
        return Vec::new();
    };
    let session = &core.session;
    let wanted = !core.closed
        && !core.paused
        && !session.is_over()
        && session.controller(session.turn()) == Controller::Computer;
    if wanted && core.search.is_some() {
        return Vec::new();
    }
    if let Some(search) = core.search.take() {
        search.stop.store(true, Ordering::Relaxed);
        return vec![GameEvent::ComputerThinking { thinking: false }];
    }
    if !wanted {
        return Vec::new();
    }
    core.searches += 1;
    let id = core.searches;
    let stop = Arc::new(AtomicBool::new(false));
    core.search = Some(RunningSearch {
        id,
        stop: Arc::clone(&stop),
    });

    let position = session.position().clone();
    let history = crate::computer::history(session);
    let limits = crate::computer::limits(session);
    let seed = computer.seed ^ (history.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let (engine, level) = (Arc::clone(&computer.engine), computer.level);
    let shared = Arc::clone(shared);
    thread::Builder::new()
        .name("rokada-computer".into())
        .spawn(move || {
            let result = {
                let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
                engine.search(&position, &history, &limits, level, seed, &stop, |_| {})
            };
            let mut core = shared.lock();
            if core.search.as_ref().is_none_or(|s| s.id != id) {
                // Cancelled: whoever cancelled it has reported it.
                return;
            }
            core.search = None;
            let mut events = vec![GameEvent::ComputerThinking { thinking: false }];
            if let Ok(found) = result {
                let before = Snapshot::of(&core.session);
                if core
                    .session
                    .play_move_as(Controller::Computer, found.best_move)
                    .is_ok()
                {
                    core.input.reset();
                }
                events.extend(before.events_since(&core.session));
            }
            drop(core);
            shared.clock_changed.notify_all();
            shared.emit(events);
        })
        .expect("the computer's thread starts");
    vec![GameEvent::ComputerThinking { thinking: true }]
}

fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ ((nanos >> 64) as u64)
}

/// Pieces taken by each side, replayed from the moves (a promoted piece that
/// is taken counts as what it had become).
fn captures(session: &GameSession) -> (Vec<PieceKind>, Vec<PieceKind>) {
    let mut by_white = Vec::new();
    let mut by_black = Vec::new();
    for m in session.moves() {
        if let Some(role) = m.chess_move.capture() {
            match m.color {
                shakmaty::Color::White => by_white.push(role.into()),
                shakmaty::Color::Black => by_black.push(role.into()),
            }
        }
    }
    (by_white, by_black)
}

/// Sleeps until the running side's time would run out, then ends the game
/// if it has. Wakes early whenever the clock may have changed.
fn watch_flags(shared: &Arc<Shared>) {
    let mut core = shared.lock();
    loop {
        if core.closed || core.session.is_over() {
            return;
        }
        let wait = core
            .session
            .clock()
            .and_then(|c| c.running.map(|side| c.remaining(side)));
        core = match wait {
            None => shared
                .clock_changed
                .wait(core)
                .unwrap_or_else(PoisonError::into_inner),
            Some(ms) => {
                // A millisecond past the flag, so the fall is certain.
                let timeout = Duration::from_millis(ms.saturating_add(1));
                let (core, _) = shared
                    .clock_changed
                    .wait_timeout(core, timeout)
                    .unwrap_or_else(PoisonError::into_inner);
                core
            }
        };
        if core.closed {
            return;
        }
        let before = Snapshot::of(&core.session);
        if core.session.poll_clock().is_some() {
            let mut events = before.events_since(&core.session);
            events.extend(computer_turn(shared, &mut core));
            drop(core);
            shared.emit(events);
            return;
        }
    }
}
