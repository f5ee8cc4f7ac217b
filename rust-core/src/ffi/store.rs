//! Saved games in the app's private storage, as the apps use them: the
//! home screen's list, the question before a new game replaces one, and
//! continuing a game the way its mode needs.

use std::sync::Arc;

use super::game::{Game, time_source};
use super::types::RokadaError;
use super::wifi::wifi_setup;
use crate::live::LiveGame;
use crate::live::wifi::RejoinError;
use crate::store::{self, JoinerSave, SaveSlot, SavedGame, StoreError};
use crate::view::GameMode;

/// The saved games of the app, one slot per way to play.
#[derive(uniffi::Object)]
pub struct SaveStore {
    pub(crate) store: store::SaveStore,
}

impl From<StoreError> for RokadaError {
    fn from(e: StoreError) -> RokadaError {
        match e {
            StoreError::Io(e) => RokadaError::Storage {
                detail: e.to_string(),
            },
            StoreError::Damaged(e) => e.into(),
        }
    }
}

fn storage(e: std::io::Error) -> RokadaError {
    RokadaError::Storage {
        detail: e.to_string(),
    }
}

#[uniffi::export]
impl SaveStore {
    /// The store in `dir`, a folder of the app's private storage.
    #[uniffi::constructor]
    pub fn new(dir: String) -> Arc<SaveStore> {
        crate::logging::ensure();
        Arc::new(SaveStore {
            store: store::SaveStore::new(dir),
        })
    }

    /// The saved games, for the home screen; damaged files are left out.
    pub fn saved(&self) -> Vec<SavedGame> {
        self.store.saved(&time_source())
    }

    /// The unfinished game a new game of `mode` would replace; ask the
    /// player before starting it.
    pub fn replaced_by(&self, mode: GameMode) -> Option<SavedGame> {
        self.store.replaced_by(mode.into(), &time_source())
    }

    /// Continues the slot's game, kept saved from then on: one phone and
    /// the computer as they were; a Wi-Fi game this device joined goes back
    /// to its host with no code, one it hosted is hosted again for the other
    /// device to join, and a finished one is shown. `None` when the slot is
    /// empty; a damaged file is an error (and stays until
    /// [`SaveStore::set_aside`]).
    /// `name` is this device's player's name, for a game hosted again.
    #[uniffi::method(default(name = None))]
    pub fn resume(
        &self,
        slot: SaveSlot,
        name: Option<String>,
    ) -> Result<Option<Arc<Game>>, RokadaError> {
        let Some(text) = self.store.read(slot).map_err(storage)? else {
            return Ok(None);
        };
        let game = match (slot, JoinerSave::parse(&text)) {
            // This device joined: it goes back to the host, with no code.
            (SaveSlot::Wifi, Some(joiner)) => {
                let live =
                    LiveGame::rejoin_wifi(&joiner?, wifi_setup(name)).map_err(|e| match e {
                        RejoinError::Save(e) => RokadaError::from(e),
                        RejoinError::Io(e) => RokadaError::Network {
                            detail: e.to_string(),
                        },
                    })?;
                Arc::new(Game { live })
            }
            (SaveSlot::Wifi, None) => match Game::restore(text.clone()) {
                // A finished game is looked at; an unfinished one hosted again.
                Ok(finished) => finished,
                Err(RokadaError::NotConnected) => Game::resume_wifi(text, None, name)?,
                Err(e) => return Err(e),
            },
            (_, _) => Game::restore(text)?,
        };
        game.live.keep_saved(&self.store);
        Ok(Some(game))
    }

    pub fn remove(&self, slot: SaveSlot) -> Result<(), RokadaError> {
        self.store.remove(slot).map_err(storage)
    }

    /// Moves a damaged file out of the slot, keeping it beside.
    pub fn set_aside(&self, slot: SaveSlot) -> Result<(), RokadaError> {
        self.store.set_aside(slot).map_err(storage)
    }
}

#[uniffi::export]
impl Game {
    /// Keeps this game in `store` after every change and when it stops.
    pub fn keep_saved(&self, store: Arc<SaveStore>) {
        self.live.keep_saved(&store.store);
    }
}
