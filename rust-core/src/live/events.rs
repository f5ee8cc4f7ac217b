//! One ordered stream of a game's events. Events are queued while the
//! game's state lock is held, right after the change they describe, and a
//! single thread per game delivers them in that order with no lock held.
//! So an event never arrives before the state it describes is visible, and
//! never overtakes an earlier one.

use std::collections::VecDeque;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};

use crate::rules::GameEnd;
use crate::session::{Controller, GameSession, PlayedMove};
use crate::view::{MoveInfo, PeerEvent, Side};

/// Something that happened in a game.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum EventKind {
    MovePlayed {
        played: MoveInfo,
        by: Controller,
    },
    /// Moves were taken back or replayed, or the game was replaced (a new
    /// game, a rematch, the host's game after a resync): redraw it all.
    PositionChanged,
    /// The clock's times were set from outside (the Wi-Fi host's) or it
    /// was paused or started again.
    ClockChanged,
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
    /// A clock went under the low-time threshold (once each time).
    LowTime {
        side: Side,
    },
    /// News of the Wi-Fi link and pairing.
    Peer {
        event: PeerEvent,
    },
}

/// An event and the revision of the game it brought (see
/// [`crate::view::GameView::revision`]).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct LiveEvent {
    pub revision: u64,
    pub kind: EventKind,
}

/// The receiver of a game's events. Called on the game's event thread,
/// one event at a time and with no lock of the game held, so it may call
/// back into the game.
pub trait Listener: Send + Sync {
    fn on_event(&self, event: LiveEvent);
}

/// Work for the event thread once the events so far are delivered.
pub(crate) type IdleHook = Arc<dyn Fn() + Send + Sync>;

struct Queue {
    events: VecDeque<LiveEvent>,
    listener: Option<Arc<dyn Listener>>,
    closed: bool,
    /// Something happened since the idle hook last ran.
    dirty: bool,
    idle: Option<IdleHook>,
}

/// The queue and its delivery thread.
pub(crate) struct EventQueue {
    queue: Mutex<Queue>,
    ready: Condvar,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl EventQueue {
    /// A queue whose thread delivers events as long as the queue lives and
    /// is not closed. Events wait for a listener.
    pub(crate) fn start() -> Arc<EventQueue> {
        let queue = Arc::new(EventQueue {
            queue: Mutex::new(Queue {
                events: VecDeque::new(),
                listener: None,
                closed: false,
                dirty: false,
                idle: None,
            }),
            ready: Condvar::new(),
            thread: Mutex::new(None),
        });
        let delivery = Arc::clone(&queue);
        let thread = thread::Builder::new()
            .name("rokada-events".into())
            .spawn(move || delivery.deliver())
            .expect("the event thread starts");
        *queue.thread.lock().unwrap_or_else(PoisonError::into_inner) = Some(thread);
        queue
    }

    /// Waits until the delivery thread has ended (after [`EventQueue::close`]),
    /// its last idle work done. From the delivery thread itself (a listener)
    /// it returns at once.
    pub(crate) fn join(&self) {
        let thread = self
            .thread
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take_if(|t| t.thread().id() != thread::current().id());
        if let Some(thread) = thread {
            let _ = thread.join();
        }
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        // Delivery holds the lock only to pop; nothing can be half done.
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(crate) fn push(&self, revision: u64, kinds: impl IntoIterator<Item = EventKind>) {
        let mut queue = self.lock();
        let before = queue.events.len();
        queue
            .events
            .extend(kinds.into_iter().map(|kind| LiveEvent { revision, kind }));
        if queue.events.len() > before {
            queue.dirty = true;
            self.ready.notify_all();
        }
    }

    /// Runs `hook` on the event thread whenever events came and those a
    /// listener can take are delivered, and once more when the queue
    /// closes; then it is dropped.
    pub(crate) fn set_idle_hook(&self, hook: IdleHook) {
        let mut queue = self.lock();
        queue.idle = Some(hook);
        queue.dirty = true;
        self.ready.notify_all();
    }

    pub(crate) fn set_listener(&self, listener: Option<Arc<dyn Listener>>) {
        self.lock().listener = listener;
        self.ready.notify_all();
    }

    /// Stops delivery; events not yet delivered are dropped, and the idle
    /// hook runs a last time.
    pub(crate) fn close(&self) {
        let mut queue = self.lock();
        queue.closed = true;
        queue.dirty = true;
        queue.events.clear();
        queue.listener = None;
        self.ready.notify_all();
    }

    fn deliver(&self) {
        loop {
            let (job, last) = {
                let mut queue = self.lock();
                loop {
                    if queue.listener.is_some()
                        && let Some(event) = queue.events.pop_front()
                    {
                        let listener = queue.listener.clone().expect("checked above");
                        break (Job::Deliver(event, listener), false);
                    }
                    // The last run takes the hook out: what it holds (the
                    // game itself) must not outlive the game.
                    let hook = if queue.closed {
                        queue.idle.take()
                    } else {
                        queue.idle.clone()
                    };
                    if queue.dirty
                        && let Some(hook) = hook
                    {
                        queue.dirty = false;
                        break (Job::Idle(hook), queue.closed);
                    }
                    if queue.closed {
                        return;
                    }
                    queue = self
                        .ready
                        .wait(queue)
                        .unwrap_or_else(PoisonError::into_inner);
                }
            };
            match job {
                Job::Deliver(event, listener) => {
                    // A listener that panics is the app's bug; it must not
                    // stop the events after it.
                    let delivered =
                        panic::catch_unwind(AssertUnwindSafe(|| listener.on_event(event)));
                    if delivered.is_err() {
                        log::error!("the game listener failed on an event");
                    }
                }
                Job::Idle(hook) => hook(),
            }
            if last {
                return;
            }
        }
    }
}

enum Job {
    Deliver(LiveEvent, Arc<dyn Listener>),
    Idle(IdleHook),
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

    /// The events that turn the game as it was into `session`.
    pub(crate) fn events_since(&self, session: &GameSession) -> Vec<EventKind> {
        let mut events = Vec::new();
        let moves = session.moves();
        let extended =
            moves.len() > self.plies && moves.get(self.plies.wrapping_sub(1)).cloned() == self.last;
        if extended {
            for m in &moves[self.plies..] {
                events.push(EventKind::MovePlayed {
                    played: m.into(),
                    by: session.controller(m.color),
                });
            }
        } else if moves.len() != self.plies
            || moves.last() != self.last.as_ref()
            || (self.end.is_some() && session.end().is_none())
        {
            // Taken back, or a new game in its place.
            events.push(EventKind::PositionChanged);
        }
        match (self.offer, session.draw_offer()) {
            (None, Some(by)) => events.push(EventKind::DrawOffered { by: by.into() }),
            (Some(by), None) if session.end().is_none() && !extended => {
                events.push(EventKind::DrawDeclined { by: (!by).into() });
            }
            _ => {}
        }
        if let (None, Some(end)) = (self.end, session.end()) {
            events.push(EventKind::GameOver { end });
        }
        events
    }
}
