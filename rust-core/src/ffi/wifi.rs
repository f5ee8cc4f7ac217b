//! Wi-Fi play in the app API: hosting and joining, and the parsing of what
//! a person types to join.

use std::net::{SocketAddr, ToSocketAddrs};
use std::sync::Arc;

use super::game::{Game, time_source, validate_time_control};
use super::types::{CodeProblem, RokadaError};
use crate::clock::TimeControl;
use crate::live::LiveGame;
use crate::live::wifi::{StartError, WifiSetup};
use crate::net::address::{self, HostAddress};
use crate::net::game::{ColorChoice, HostGame};
use crate::net::link::LinkConfig;
use crate::net::pairing::{CodeError, PairingCode};

/// The host's choice of colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum SideChoice {
    White,
    Black,
    Random,
}

impl From<SideChoice> for ColorChoice {
    fn from(choice: SideChoice) -> ColorChoice {
        match choice {
            SideChoice::White => ColorChoice::White,
            SideChoice::Black => ColorChoice::Black,
            SideChoice::Random => ColorChoice::Random,
        }
    }
}

/// Reads a host's address as typed (`192.168.1.20`, `[fe80::1]:40123`,
/// `phone.local`); without a port it is the hosts' default port.
#[uniffi::export]
pub fn parse_host_address(text: String) -> Result<HostAddress, RokadaError> {
    HostAddress::parse(&text).map_err(|problem| RokadaError::InvalidAddress { text, problem })
}

/// An address as a person would type it back (`192.168.1.20:41641`,
/// `[fe80::1]:41641`): what a host shows under its code.
#[uniffi::export]
pub fn host_address_text(address: HostAddress) -> String {
    address.to_string()
}

/// The longest player name another device takes, in characters.
#[uniffi::export]
pub fn max_player_name_chars() -> u32 {
    crate::net::game::MAX_NAME_CHARS as u32
}

/// The player name as another device will be told it (trimmed), or `None`
/// when it would not be sent: empty, too long, or holding control or
/// direction characters. For the settings field to say so at once.
#[uniffi::export]
pub fn checked_player_name(text: String) -> Option<String> {
    crate::net::game::player_name(&text)
}

/// The name to advertise a hosted game under (DNS-SD service instance
/// names are at most 63 bytes of UTF-8): the player's name cut at a
/// character boundary, or "Rokada" when there is none.
#[uniffi::export]
pub fn service_name(player_name: String) -> String {
    const MAX_BYTES: usize = 63;
    let name = player_name.trim();
    if name.is_empty() {
        return "Rokada".to_owned();
    }
    let mut end = name.len().min(MAX_BYTES);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    name[..end].to_owned()
}

/// Reads a pairing code as typed: six digits, spaces and dashes allowed
/// between them. Returns the six digits.
#[uniffi::export]
pub fn parse_pairing_code(text: String) -> Result<String, RokadaError> {
    parse_code(&text).map(|c| c.digits())
}

fn parse_code(text: &str) -> Result<PairingCode, RokadaError> {
    text.parse::<PairingCode>()
        .map_err(|e| RokadaError::InvalidPairingCode {
            code: text.to_owned(),
            problem: match e {
                CodeError::NotADigit(_) => CodeProblem::NotADigit,
                CodeError::WrongLength { digits } if digits < 6 => CodeProblem::TooShort,
                // A number of more than six digits.
                CodeError::WrongLength { .. } | CodeError::OutOfRange(_) => CodeProblem::TooLong,
            },
        })
}

fn resolve(address: &HostAddress) -> Result<SocketAddr, RokadaError> {
    let unreachable = |detail: String| RokadaError::Network { detail };
    (address.host.as_str(), address.port)
        .to_socket_addrs()
        .map_err(|e| unreachable(format!("{address}: {e}")))?
        .next()
        .ok_or_else(|| unreachable(format!("{address}: no such host")))
}

pub(crate) fn wifi_setup(name: Option<String>) -> WifiSetup {
    WifiSetup {
        link: LinkConfig::default(),
        time: time_source(),
        name,
    }
}

fn host(
    offer: HostGame,
    port: Option<u16>,
    name: Option<String>,
) -> Result<Arc<Game>, RokadaError> {
    crate::logging::ensure();
    let listener = address::listen(port).map_err(|e| RokadaError::Network {
        detail: format!("cannot listen: {e}"),
    })?;
    let live = LiveGame::host_wifi(offer, listener, PairingCode::generate(), wifi_setup(name))
        .map_err(|e| match e {
            StartError::Game(e) => RokadaError::from(e),
            StartError::Io(e) => RokadaError::Network {
                detail: e.to_string(),
            },
        })?;
    Ok(Arc::new(Game { live }))
}

#[uniffi::export]
impl Game {
    /// Hosts a Wi-Fi game: listens on `port`, or without one on the default
    /// port (another when it is taken); the view's `peer` holds the code to
    /// show and the port to advertise as `_rokada._tcp`. `name` is the name
    /// this device's player goes by (the device name set in the settings);
    /// the other device shows it.
    #[uniffi::constructor(default(port = None, name = None))]
    pub fn host_wifi(
        side: SideChoice,
        time_control: Option<TimeControl>,
        port: Option<u16>,
        name: Option<String>,
    ) -> Result<Arc<Game>, RokadaError> {
        let time_control = time_control.map(validate_time_control).transpose()?;
        host(
            HostGame::New {
                color: side.into(),
                time_control,
            },
            port,
            name,
        )
    }

    /// Hosts an adjourned Wi-Fi game again from either device's save.
    #[uniffi::constructor(default(port = None, name = None))]
    pub fn resume_wifi(
        save: String,
        port: Option<u16>,
        name: Option<String>,
    ) -> Result<Arc<Game>, RokadaError> {
        host(HostGame::Resume { save }, port, name)
    }

    /// Joins the host at `address` (found by discovery, or typed and read
    /// with [`parse_host_address`]) with the code its screen shows; `name`
    /// as for [`Game::host_wifi`].
    #[uniffi::constructor(default(name = None))]
    pub fn join_wifi(
        address: HostAddress,
        code: String,
        name: Option<String>,
    ) -> Result<Arc<Game>, RokadaError> {
        crate::logging::ensure();
        let code = parse_code(&code)?;
        let target = resolve(&address)?;
        let live = LiveGame::join_wifi(target, code, wifi_setup(name)).map_err(|e| {
            RokadaError::Network {
                detail: e.to_string(),
            }
        })?;
        Ok(Arc::new(Game { live }))
    }
}
