//! The state behind a [`LiveGame`](super::LiveGame) handle and the one way
//! it changes: under one lock, with the events of the change queued before
//! the lock is released.

use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};

use shakmaty::ByColor;

use super::computer::{Computer, RunningSearch};
use super::events::{EventKind, EventQueue, Snapshot};
use super::wifi::Link;
use crate::board_input::BoardInput;
use crate::net::tcp::Waker;
use crate::session::GameSession;
use crate::view::{self, ClockView, GameView, ViewContext, ViewOptions};

/// Everything about one game that can change.
pub(crate) struct State {
    pub(crate) session: GameSession,
    pub(crate) input: BoardInput,
    pub(crate) options: ViewOptions,
    pub(crate) flipped_by_hand: bool,
    /// The position on show while browsing, in half-moves from the start.
    pub(crate) browsing: Option<usize>,
    pub(crate) revision: u64,
    /// The app is in the background.
    pub(crate) away: bool,
    /// The players stopped the clock (one phone).
    pub(crate) clock_paused: bool,
    pub(crate) search: Option<RunningSearch>,
    /// Numbers searches, so that a late result of a cancelled one is dropped.
    pub(crate) searches: u64,
    /// A low-time warning was given and the time has not risen above the
    /// threshold since.
    pub(crate) warned_low: ByColor<bool>,
    pub(crate) closed: bool,
    /// The link to the other device, in Wi-Fi games.
    pub(crate) wifi: Option<Link>,
}

impl State {
    pub(crate) fn new(session: GameSession, wifi: Option<Link>) -> State {
        State {
            session,
            input: BoardInput::default(),
            options: ViewOptions::default(),
            flipped_by_hand: false,
            browsing: None,
            revision: 0,
            away: false,
            clock_paused: false,
            search: None,
            searches: 0,
            warned_low: ByColor::default(),
            closed: false,
            wifi,
        }
    }

    /// Whether the clock stands still although the game goes on.
    pub(crate) fn clock_stopped(&self) -> bool {
        self.clock_paused || (self.away && self.wifi.is_none())
    }

    pub(crate) fn view(&self) -> GameView {
        let peer = self.wifi.as_ref().map(|l| l.status(&self.session));
        view::game_view(
            &self.session,
            ViewContext {
                revision: self.revision,
                input: &self.input,
                options: self.options,
                flipped_by_hand: self.flipped_by_hand,
                browsing: self.browsing,
                computer_thinking: self.search.is_some(),
                clock_paused: self.clock_paused,
                peer: peer.as_ref(),
            },
        )
    }

    pub(crate) fn clock(&self) -> Option<ClockView> {
        self.session
            .clock()
            .map(|c| ClockView::new(&c, self.clock_stopped()))
    }
}

/// One game's shared core: the state, the event stream, the threads'
/// wake-up, and what runs beside the session.
pub(crate) struct Inner {
    state: Mutex<State>,
    /// Signalled whenever the clock may have changed, to wake the watcher.
    pub(crate) clock_changed: Condvar,
    pub(crate) events: Arc<EventQueue>,
    pub(crate) computer: Option<Computer>,
    /// Wakes the Wi-Fi link's driver, once it runs.
    pub(crate) waker: OnceLock<Waker<()>>,
}

/// What a change brought: its own result and the view after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed<T> {
    pub value: T,
    pub view: GameView,
}

impl Inner {
    pub(crate) fn new(state: State, computer: Option<Computer>) -> Arc<Inner> {
        Arc::new(Inner {
            state: Mutex::new(state),
            clock_changed: Condvar::new(),
            events: EventQueue::start(),
            computer,
            waker: OnceLock::new(),
        })
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, State> {
        // Every change is checked before it is made, so a panic while the
        // lock was held cannot have left the state half changed.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `change` on the state. Whatever it did to the game is told as
    /// events (those it adds itself, link news, after those that follow
    /// from the game), queued in order before the lock is released; the
    /// computer and the clock's watcher learn of it; the view after it
    /// comes back. A refused change leaves the game as it was, except that
    /// the check of the clock every action starts with may have ended it:
    /// that is told too.
    pub(crate) fn change<T, E>(
        self: &Arc<Self>,
        change: impl FnOnce(&mut State, &mut Vec<EventKind>) -> Result<T, E>,
    ) -> Result<Changed<T>, E> {
        let mut state = self.lock();
        let before = Snapshot::of(&state.session);
        let mut extra = Vec::new();
        let result = change(&mut state, &mut extra);
        let mut events = before.events_since(&state.session);
        events.append(&mut extra);
        match result {
            Ok(value) => Ok(Changed {
                value,
                view: self.settle(&mut state, events),
            }),
            Err(e) => {
                if !events.is_empty() {
                    self.settle(&mut state, events);
                }
                Err(e)
            }
        }
    }

    /// A change that cannot be refused.
    pub(crate) fn apply(
        self: &Arc<Self>,
        change: impl FnOnce(&mut State, &mut Vec<EventKind>),
    ) -> GameView {
        let Ok(changed) = self.change(|state, events| {
            change(state, events);
            Ok::<_, std::convert::Infallible>(())
        });
        changed.view
    }

    /// Ends a change whose game events are `events`: [`Inner::record`]s
    /// them, wakes the link to send what the change queued on it, and
    /// returns the view after the change.
    pub(crate) fn settle(self: &Arc<Self>, state: &mut State, events: Vec<EventKind>) -> GameView {
        self.record(state, events);
        if let Some(waker) = self.waker.get() {
            waker.wake();
        }
        state.view()
    }

    /// Brings the computer's turn and the clock's warnings up to date after
    /// a change whose game events are `events`, moves the revision on,
    /// queues the events and wakes the clock's watcher.
    pub(crate) fn record(self: &Arc<Self>, state: &mut State, mut events: Vec<EventKind>) {
        if state
            .browsing
            .is_some_and(|p| p >= state.session.moves().len())
        {
            state.browsing = None;
        }
        if let Some(computer) = &self.computer {
            computer.turn(self, state, &mut events);
        }
        super::watcher::low_time_warnings(state, &mut events);
        state.revision += 1;
        self.events.push(state.revision, events);
        self.clock_changed.notify_all();
    }
}
