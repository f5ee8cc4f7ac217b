//! The live game: one [`GameSession`] and everything that runs beside it
//! while a screen (or the terminal) plays it: the computer's thread, the
//! clock's watcher, the Wi-Fi link, and one ordered stream of events.
//!
//! [`LiveGame`] is the handle; [`inner::Inner`] holds the state under one
//! lock, and every change goes through [`inner::Inner::change`], which
//! queues the change's events before the lock is released. So the apps and
//! the terminal client see the same game the same way, and an event never
//! arrives before the state it describes is visible through
//! [`LiveGame::view`].
//!
//! - [`events`]: the events, the listener, the ordered queue;
//! - [`computer`]: the computer's search thread;
//! - [`watcher`]: flag falls and low-time warnings;
//! - [`play`]: moves, touches and the screen's actions;
//! - [`wifi`]: a game against another device, its link run by the `net`
//!   driver under the same lock.

mod computer;
pub mod events;
mod inner;
mod play;
mod watcher;
pub mod wifi;

#[cfg(test)]
mod tests;

use std::fmt;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

pub use events::{EventKind, Listener, LiveEvent};
pub use inner::Changed;
pub use play::{ActionOutcome, Touch, TouchOutcome, Touched};

use crate::engine::Level;
use crate::net::tcp::Driver;
use crate::session::{GameError, GameSession, Mode};
use crate::store::{SaveSlot, SaveStore, write_atomically};
use crate::view::{ClockView, GameView, ViewOptions};
use computer::Computer;
use inner::{Inner, State};

/// Why the live game refused something. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LiveError {
    /// The game's rules refused it.
    Game(GameError),
    /// A Wi-Fi game that has not begun: not paired yet, or the host's game
    /// has not arrived.
    NotStarted,
    /// No link to another device: not a Wi-Fi game, or the link has ended.
    NotConnected,
    /// A rematch needs a finished game.
    GameNotOver,
    NoRematchRequest,
    /// The players stopped the clock; start it again first.
    ClockPaused,
    /// Only a timed game on one phone, in progress, has a clock to pause.
    NoClockToPause,
    /// A Wi-Fi game is started with its link (`host`, `join`, `resume`).
    NeedsLink,
    /// Only the host shows a code.
    NotHost,
    /// A new code is drawn only while waiting for the other device.
    NotPairing,
}

impl From<GameError> for LiveError {
    fn from(e: GameError) -> LiveError {
        LiveError::Game(e)
    }
}

impl fmt::Display for LiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LiveError::Game(e) => e.fmt(f),
            LiveError::NotStarted => f.write_str("the game has not started yet"),
            LiveError::NotConnected => f.write_str("there is no link to the other device"),
            LiveError::GameNotOver => f.write_str("a rematch needs a finished game"),
            LiveError::NoRematchRequest => f.write_str("there is no rematch request"),
            LiveError::ClockPaused => f.write_str("the clock is paused"),
            LiveError::NoClockToPause => {
                f.write_str("only a timed game on one phone in progress can pause its clock")
            }
            LiveError::NeedsLink => {
                f.write_str("a Wi-Fi game starts by hosting or joining, with its link")
            }
            LiveError::NotHost => f.write_str("only the host shows a code"),
            LiveError::NotPairing => {
                f.write_str("a new code is drawn only while waiting for the other device")
            }
        }
    }
}

impl std::error::Error for LiveError {}

/// One game being played. Every method may be called from any thread; the
/// game stops (its threads end, a Wi-Fi game is adjourned) when the handle
/// is dropped.
pub struct LiveGame {
    inner: Arc<Inner>,
    /// A Wi-Fi game's link driver; on drop it is left to finish by itself.
    driver: Mutex<Option<Driver<()>>>,
}

impl Drop for LiveGame {
    fn drop(&mut self) {
        if let Some(driver) = self.close() {
            wifi::release_driver(driver);
        }
    }
}

impl LiveGame {
    /// Stops the game: the computer stops thinking, the clock's watcher and
    /// the events stop, and over Wi-Fi this device leaves (an unfinished
    /// game is adjourned and the other device told). The link's driver is
    /// handed back to finish sending. Closing again does nothing more.
    fn close(&self) -> Option<Driver<()>> {
        {
            let mut state = self.inner.lock();
            if !std::mem::replace(&mut state.closed, true) {
                if let Some(search) = state.search.take() {
                    search.cancel();
                }
                let State { session, wifi, .. } = &mut *state;
                if let Some(link) = wifi.as_mut() {
                    // An unfinished game is adjourned, and the other device
                    // told; a link that has ended already has nothing to say.
                    let _ = link.leave(session, &mut Vec::new());
                }
            }
        }
        self.inner.clock_changed.notify_all();
        self.inner.events.close();
        if let Some(waker) = self.inner.waker.get() {
            waker.wake();
        }
        self.driver
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }

    /// Ends the game like dropping it and waits until its last save is
    /// written, but not for the link, which finishes sending by itself. A
    /// screen that replaces a game with a new one in the same save slot
    /// stops the old one first, so its last save cannot land after the new
    /// game's first.
    pub fn stop(&self) {
        let driver = self.close();
        self.inner.events.join();
        if let Some(driver) = driver {
            wifi::release_driver(driver);
        }
    }

    /// Ends the game like dropping it, but waits until its last save is
    /// written and the link has sent its last messages (a program about to
    /// exit calls this).
    pub fn finish(self) {
        let driver = self.close();
        self.inner.events.join();
        if let Some(driver) = driver {
            driver.join();
        }
    }
}

impl fmt::Debug for LiveGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LiveGame")
            .field("session", &self.inner.lock().session)
            .finish()
    }
}

impl LiveGame {
    /// A game on one phone or against the computer. The computer, when it
    /// is its turn, starts thinking at once; its events wait for a listener.
    pub fn start(session: GameSession) -> Result<LiveGame, LiveError> {
        LiveGame::start_with(session, false)
    }

    /// Like [`LiveGame::start`], but paused as if the app were away: the
    /// clock and the computer wait for [`LiveGame::resume`] (the terminal
    /// shows the first position before the computer's first move).
    pub fn start_paused(session: GameSession) -> Result<LiveGame, LiveError> {
        LiveGame::start_with(session, true)
    }

    fn start_with(mut session: GameSession, away: bool) -> Result<LiveGame, LiveError> {
        if matches!(session.mode(), Mode::WifiPeer { .. }) {
            if session.is_over() {
                return Ok(LiveGame::review(session));
            }
            return Err(LiveError::NeedsLink);
        }
        let computer = match session.mode() {
            Mode::Computer { level, .. } => Some(Computer::new(
                Level::new(level).map_err(|_| GameError::InvalidLevel(level))?,
                fresh_seed(),
            )),
            _ => None,
        };
        if away {
            session.pause();
        }
        let mut state = State::new(session, None);
        state.away = away;
        Ok(LiveGame::run(state, computer))
    }

    /// A finished game, to look at: its moves, its end, its PGN.
    pub fn review(session: GameSession) -> LiveGame {
        LiveGame::run(State::new(session, None), None)
    }

    /// Starts the threads of a game and lets the computer take a turn that
    /// is due.
    fn run(state: State, computer: Option<Computer>) -> LiveGame {
        let inner = Inner::new(state, computer);
        watcher::spawn(&inner);
        inner.apply(|_, _| {});
        LiveGame {
            inner,
            driver: Mutex::new(None),
        }
    }

    /// Where events go; `None` stops them. Events of the game so far that
    /// no listener has had yet are delivered to the new one.
    pub fn set_listener(&self, listener: Option<Arc<dyn Listener>>) {
        self.inner.events.set_listener(listener);
    }

    /// Everything the game screen draws.
    pub fn view(&self) -> GameView {
        self.inner.lock().view()
    }

    /// Both clock faces now, for a ticking display between changes.
    pub fn clock(&self) -> Option<ClockView> {
        self.inner.lock().clock()
    }

    /// Reads the game itself (for the terminal client and tests).
    pub fn read<R>(&self, f: impl FnOnce(&GameSession) -> R) -> R {
        f(&self.inner.lock().session)
    }

    /// The screen's settings: seating and move hints.
    pub fn set_options(&self, options: ViewOptions) -> GameView {
        self.inner.apply(|state, _| state.options = options)
    }

    /// Shows the position after `ply` half-moves (0: the start); the last
    /// one shows the live game again. Browsing never changes the game.
    pub fn show_ply(&self, ply: u32) -> GameView {
        self.inner.apply(|state, _| {
            let ply = ply as usize;
            state.browsing = (ply < state.session.moves().len()).then_some(ply);
            state.input.reset();
        })
    }

    /// Steps through the moves on show by `delta` half-moves (negative:
    /// back), from the live position when not browsing.
    pub fn step(&self, delta: i32) -> GameView {
        self.inner.apply(|state, _| {
            let plies = state.session.moves().len() as i64;
            let from = state.browsing.map_or(plies, |p| p as i64);
            let to = (from + i64::from(delta)).clamp(0, plies);
            state.browsing = (to < plies).then_some(to as usize);
            state.input.reset();
        })
    }

    /// Back to the live position.
    pub fn show_live(&self) -> GameView {
        self.inner.apply(|state, _| state.browsing = None)
    }

    /// The app goes to the background: the computer stops thinking and
    /// the clock stops (except over Wi-Fi, where the opponent's time runs
    /// on).
    pub fn pause(&self) {
        self.inner.apply(|state, events| {
            if state.away {
                return;
            }
            state.away = true;
            if state.wifi.is_none() && !state.clock_paused {
                state.session.pause();
                events.push(EventKind::ClockChanged);
            }
        });
    }

    /// The app is back: the clock runs again (unless the players stopped
    /// it) and the computer, if it is its turn, thinks again.
    pub fn resume(&self) {
        self.inner.apply(|state, events| {
            if !state.away {
                return;
            }
            state.away = false;
            if state.wifi.is_none() && !state.clock_paused {
                state.session.resume();
                events.push(EventKind::ClockChanged);
            }
        });
    }

    /// Ends the game if a flag has fallen; the game also watches its clock
    /// by itself.
    pub fn poll_clock(&self) -> GameView {
        self.inner.apply(watcher::tick)
    }

    /// Keeps the game in `store`, in the slot of its way to play.
    pub fn keep_saved(&self, store: &SaveStore) {
        let slot = SaveSlot::of(self.inner.lock().session.mode());
        self.keep_saved_at(store.path(slot));
    }

    /// Keeps the game in the file at `path` after every change, and once
    /// more when the game stops; a Wi-Fi game once it has begun. A joiner's
    /// file also holds what it needs to rejoin ([`LiveGame::rejoin_wifi`]),
    /// written before any of its messages leaves; any other game is written
    /// on the event thread, so that no move waits for the disk.
    pub fn keep_saved_at(&self, path: PathBuf) {
        {
            let mut state = self.inner.lock();
            let State { session, wifi, .. } = &mut *state;
            if wifi
                .as_mut()
                .is_some_and(|link| link.keep_at(path.clone(), session))
            {
                return;
            }
        }
        let inner = Arc::clone(&self.inner);
        self.inner.events.set_idle_hook(Arc::new(move || {
            let text = {
                let state = inner.lock();
                if state.wifi.as_ref().is_some_and(|l| !l.started()) {
                    return;
                }
                state.session.save()
            };
            if let Err(e) = write_atomically(&path, &text) {
                log::warn!("the game could not be saved: {e}");
            }
        }));
    }

    /// The whole game as a save file, for [`GameSession::restore`].
    pub fn save(&self) -> String {
        self.inner.lock().session.save()
    }

    pub fn pgn(&self) -> String {
        self.inner.lock().session.to_pgn()
    }
}

fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ ((nanos >> 64) as u64)
}
