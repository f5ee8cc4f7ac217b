use serde::{Deserialize, Serialize};
use shakmaty::Color;

use super::error::GameError;

/// The weakest and strongest computer levels.
pub const MIN_LEVEL: u8 = 1;
pub const MAX_LEVEL: u8 = 10;

/// The three ways to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Mode {
    /// Two players share one phone.
    SamePhone,
    /// Against the computer; `human` is the player's colour.
    Computer {
        #[serde(with = "crate::serde_color")]
        human: Color,
        level: u8,
    },
    /// Against another phone on the same Wi-Fi; `local` is this phone's colour.
    WifiPeer {
        #[serde(with = "crate::serde_color")]
        local: Color,
    },
}

/// Who moves a colour's pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Controller {
    /// Someone touching this device (either player, on one phone).
    Local,
    Computer,
    /// The Wi-Fi opponent, through the peer protocol.
    Remote,
}

impl Mode {
    pub fn validate(self) -> Result<Mode, GameError> {
        if let Mode::Computer { level, .. } = self
            && !(MIN_LEVEL..=MAX_LEVEL).contains(&level)
        {
            return Err(GameError::InvalidLevel(level));
        }
        Ok(self)
    }

    pub fn controller(self, color: Color) -> Controller {
        match self {
            Mode::SamePhone => Controller::Local,
            Mode::Computer { human, .. } if human == color => Controller::Local,
            Mode::Computer { .. } => Controller::Computer,
            Mode::WifiPeer { local } if local == color => Controller::Local,
            Mode::WifiPeer { .. } => Controller::Remote,
        }
    }

    pub fn allows_undo(self) -> bool {
        !matches!(self, Mode::WifiPeer { .. })
    }

    pub fn allows_redo(self) -> bool {
        matches!(self, Mode::SamePhone)
    }

    /// Draw by agreement as one action of the two players at one phone.
    pub fn has_instant_agreement(self) -> bool {
        matches!(self, Mode::SamePhone)
    }

    /// Draw by agreement as an offer that the other phone answers.
    pub fn has_draw_offers(self) -> bool {
        matches!(self, Mode::WifiPeer { .. })
    }
}
