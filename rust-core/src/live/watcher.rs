//! The clock's watcher: a thread per game that wakes when the running
//! side's time crosses the low-time threshold or runs out, so a flag falls
//! and a warning sounds with nobody touching the screen.

use std::sync::{Arc, PoisonError};
use std::thread;
use std::time::Duration;

use shakmaty::Color;

use super::events::EventKind;
use super::inner::{Inner, State};
use crate::clock::Millis;
use crate::view::low_time_threshold;

pub(crate) fn spawn(inner: &Arc<Inner>) {
    let inner = Arc::clone(inner);
    thread::Builder::new()
        .name("rokada-clock".into())
        .spawn(move || watch(&inner))
        .expect("the clock thread starts");
}

/// How long until something about the clock is due, or `None` while the
/// clock stands still.
fn next_due(state: &State) -> Option<Millis> {
    let session = &state.session;
    if session.is_over() || state.clock_stopped() {
        return None;
    }
    let clock = session.clock()?;
    let side = clock.running?;
    let left = clock.remaining(side);
    let threshold = low_time_threshold(clock.control);
    let warning = (!state.warned_low[side]).then(|| warning_due(left, threshold));
    // A millisecond past the flag, so the fall is certain; over Wi-Fi the
    // host grants the opponent's lag, and the joiner leaves flags to it.
    let flag = match &state.wifi {
        Some(link) => link
            .flag_allowance(session)
            .map(|allowance| left.saturating_add(allowance).saturating_add(1)),
        None => Some(left.saturating_add(1)),
    };
    match (warning, flag) {
        (Some(w), Some(f)) => Some(w.min(f)),
        (w, f) => w.or(f),
    }
}

/// How long until a clock with `left` goes under `threshold`: at once if it
/// already has (it may have crossed between the last change and now).
fn warning_due(left: Millis, threshold: Millis) -> Millis {
    left.saturating_add(1).saturating_sub(threshold)
}

fn watch(inner: &Arc<Inner>) {
    let mut state = inner.lock();
    loop {
        if state.closed {
            return;
        }
        state = match next_due(&state) {
            None => inner
                .clock_changed
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner),
            Some(ms) => {
                let (state, _) = inner
                    .clock_changed
                    .wait_timeout(state, Duration::from_millis(ms))
                    .unwrap_or_else(PoisonError::into_inner);
                state
            }
        };
        if state.closed {
            return;
        }
        if clock_due(&state) {
            drop(state);
            inner.apply(tick);
            state = inner.lock();
        }
    }
}

/// Whether a flag may have fallen or a warning be due now.
fn clock_due(state: &State) -> bool {
    let Some(clock) = state.session.clock() else {
        return false;
    };
    let Some(side) = clock.running else {
        return false;
    };
    let left = clock.remaining(side);
    left == 0 || (!state.warned_low[side] && left < low_time_threshold(clock.control))
}

/// Calls the flag if it has fallen (over Wi-Fi, the host's protocol does,
/// with its allowance).
pub(crate) fn tick(state: &mut State, events: &mut Vec<EventKind>) {
    match state.wifi.as_mut() {
        Some(link) => link.on_clock_tick(&mut state.session, events),
        None => {
            state.session.poll_clock();
        }
    }
}

/// Warns once when a clock goes under the low-time threshold, and again
/// only after it has been above it (an increment, a take-back).
pub(crate) fn low_time_warnings(state: &mut State, events: &mut Vec<EventKind>) {
    let Some(clock) = state.session.clock() else {
        return;
    };
    let threshold = low_time_threshold(clock.control);
    for color in Color::ALL {
        let low = clock.remaining(color) < threshold;
        let running = clock.running == Some(color);
        if low && running && !state.warned_low[color] && !state.session.is_over() {
            state.warned_low[color] = true;
            events.push(EventKind::LowTime { side: color.into() });
        } else if !low {
            state.warned_low[color] = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::warning_due;

    #[test]
    fn a_warning_is_due_just_under_the_threshold_or_at_once_past_it() {
        assert_eq!(warning_due(10_500, 10_000), 501);
        assert_eq!(warning_due(10_000, 10_000), 1);
        assert_eq!(warning_due(9_999, 10_000), 0);
        assert_eq!(warning_due(0, 10_000), 0);
    }
}
