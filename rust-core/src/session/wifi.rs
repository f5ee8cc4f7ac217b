//! What the Wi-Fi game needs of a session beyond the other modes: the
//! host's clock times are authoritative, and the joiner holds the host's
//! game seen from the other side of the board.

use shakmaty::Color;

use super::{GameSession, Mode};
use crate::clock::{Clock, ClockSnapshot, Millis};

impl GameSession {
    /// Sets both clock faces, keeping whose time runs (from now). The Wi-Fi
    /// host uses it to charge the opponent's reported thinking time instead
    /// of network lag; the joiner to follow the host's clock.
    pub fn set_clock_times(&mut self, white_ms: Millis, black_ms: Millis) {
        let now = self.time.now_ms();
        if let Some(clock) = &self.clock {
            let snapshot = ClockSnapshot {
                control: clock.control(),
                white_ms,
                black_ms,
                running: clock.running(),
            };
            self.clock = Some(Clock::from_snapshot(&snapshot, now));
        }
    }

    /// Turns a Wi-Fi game into the same game as the other device sees it:
    /// the local colour becomes the opponent's. Other modes stay as they are.
    pub fn mirror_wifi_side(&mut self) {
        if let Mode::WifiPeer { local } = self.config.mode {
            self.config.mode = Mode::WifiPeer { local: !local };
        }
    }

    /// Names the player of `color` (the Wi-Fi opponent's device name, say).
    pub fn set_player_name(&mut self, color: Color, name: Option<String>) {
        match color {
            Color::White => self.config.white_name = name,
            Color::Black => self.config.black_name = name,
        }
    }

    /// The colour this device plays over Wi-Fi.
    pub fn wifi_local_color(&self) -> Option<Color> {
        match self.config.mode {
            Mode::WifiPeer { local } => Some(local),
            _ => None,
        }
    }
}
