//! Saved games on the device: one slot per way to play, so that a game of
//! one kind never replaces a game of another, and a file is replaced whole
//! or not at all (written beside, forced to disk, renamed over).

use std::fs::{self, File};
use std::io::{self, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};

use crate::clock::TimeSource;
use crate::net::link::ResumeState;
use crate::rules::GameEnd;
use crate::session::{GameSession, Mode, SaveError};
use crate::view::GameMode;

/// Where a game is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum SaveSlot {
    SamePhone,
    Computer,
    /// A Wi-Fi game, hosted again to be resumed.
    Wifi,
}

impl SaveSlot {
    pub const ALL: [SaveSlot; 3] = [SaveSlot::SamePhone, SaveSlot::Computer, SaveSlot::Wifi];

    pub fn of(mode: Mode) -> SaveSlot {
        match mode {
            Mode::SamePhone => SaveSlot::SamePhone,
            Mode::Computer { .. } => SaveSlot::Computer,
            Mode::WifiPeer { .. } => SaveSlot::Wifi,
        }
    }

    fn file_name(self) -> &'static str {
        match self {
            SaveSlot::SamePhone => "same-phone.rokada",
            SaveSlot::Computer => "computer.rokada",
            SaveSlot::Wifi => "wifi.rokada",
        }
    }
}

/// What the home screen tells of a saved game.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SavedGame {
    pub slot: SaveSlot,
    pub mode: GameMode,
    pub plies: u32,
    /// The day it started, `YYYY.MM.DD`.
    pub date: String,
    /// `None` while it can be continued.
    pub end: Option<GameEnd>,
}

/// A slot's file could not be read as a game.
#[derive(Debug)]
pub enum StoreError {
    Io(io::Error),
    /// The file is there but is not a game the rules accept; it is left in
    /// place (renamed aside by [`SaveStore::set_aside`] if the app wants).
    Damaged(SaveError),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Io(e) => write!(f, "the saved game cannot be read: {e}"),
            StoreError::Damaged(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for StoreError {}

/// The saved games in one folder of the app's private storage.
#[derive(Debug, Clone)]
pub struct SaveStore {
    dir: PathBuf,
}

impl SaveStore {
    pub fn new(dir: impl Into<PathBuf>) -> SaveStore {
        SaveStore { dir: dir.into() }
    }

    /// The file of a slot.
    pub fn path(&self, slot: SaveSlot) -> PathBuf {
        self.dir.join(slot.file_name())
    }

    /// Replaces the slot's game with `text`, whole or not at all.
    pub fn write(&self, slot: SaveSlot, text: &str) -> io::Result<()> {
        write_atomically(&self.path(slot), text)
    }

    /// The slot's save file, if there is one.
    pub fn read(&self, slot: SaveSlot) -> io::Result<Option<String>> {
        match fs::read_to_string(self.path(slot)) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The slot's game, checked through the rules (a joiner's Wi-Fi game
    /// too, without what it needs to rejoin).
    pub fn load(
        &self,
        slot: SaveSlot,
        time: Arc<dyn TimeSource>,
    ) -> Result<Option<GameSession>, StoreError> {
        let Some(text) = self.read(slot).map_err(StoreError::Io)? else {
            return Ok(None);
        };
        let game = match JoinerSave::parse(&text) {
            Some(joiner) => GameSession::restore(&joiner.map_err(StoreError::Damaged)?.game, time),
            None => GameSession::restore(&text, time),
        };
        game.map(Some).map_err(StoreError::Damaged)
    }

    pub fn remove(&self, slot: SaveSlot) -> io::Result<()> {
        match fs::remove_file(self.path(slot)) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Keeps a damaged file beside, out of the slot, rather than deleting
    /// what a person may want back.
    pub fn set_aside(&self, slot: SaveSlot) -> io::Result<()> {
        let path = self.path(slot);
        fs::rename(&path, path.with_extension("rokada.damaged"))
    }

    /// The slots' games, for the home screen (damaged ones left out).
    pub fn saved(&self, time: &Arc<dyn TimeSource>) -> Vec<SavedGame> {
        SaveSlot::ALL
            .into_iter()
            .filter_map(|slot| {
                let session = self.load(slot, time.clone()).ok()??;
                Some(summary(slot, &session))
            })
            .collect()
    }

    /// The unfinished game a new game of `mode` would replace: ask before.
    pub fn replaced_by(&self, mode: Mode, time: &Arc<dyn TimeSource>) -> Option<SavedGame> {
        let slot = SaveSlot::of(mode);
        let session = self.load(slot, time.clone()).ok()??;
        (!session.is_over()).then(|| summary(slot, &session))
    }
}

const JOINER_FORMAT: &str = "rokada-joiner";
const JOINER_VERSION: u32 = 1;

/// A joiner's Wi-Fi game as its device keeps it: the game, the host's
/// address, and what the joiner needs to come back to the host with no code
/// after its process was killed. It holds the session key: app-private
/// storage only, never shared or exported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinerSave {
    format: String,
    version: u32,
    pub host: SocketAddr,
    pub link: ResumeState,
    /// The game, as [`GameSession::save`] writes it.
    pub game: String,
}

impl JoinerSave {
    pub fn new(host: SocketAddr, link: ResumeState, game: String) -> JoinerSave {
        JoinerSave {
            format: JOINER_FORMAT.to_owned(),
            version: JOINER_VERSION,
            host,
            link,
            game,
        }
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("a joiner's save always serializes")
    }

    /// `None` when `text` is not a joiner's save at all (a plain game); an
    /// error when it is one but damaged.
    pub fn parse(text: &str) -> Option<Result<JoinerSave, SaveError>> {
        #[derive(Deserialize)]
        struct Kind {
            format: String,
        }
        let kind: Kind = serde_json::from_str(text).ok()?;
        if kind.format != JOINER_FORMAT {
            return None;
        }
        Some(
            serde_json::from_str::<JoinerSave>(text)
                .map_err(|e| SaveError::Malformed(e.to_string()))
                .and_then(|save| {
                    if save.version == JOINER_VERSION {
                        Ok(save)
                    } else {
                        Err(SaveError::UnsupportedVersion(save.version))
                    }
                }),
        )
    }
}

/// Replaces the file at `path` with `text`, whole or not at all: written
/// beside, forced to the disk, renamed over.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir {
        fs::create_dir_all(dir)?;
    }
    // Each write has a temporary file of its own: two games saving to one
    // slot at once (a replaced game's last save and its successor's first)
    // must not truncate or rename away each other's.
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let mut temp = path.as_os_str().to_owned();
    temp.push(format!(
        ".{}.{}.tmp",
        std::process::id(),
        WRITES.fetch_add(1, Ordering::Relaxed)
    ));
    let temp = PathBuf::from(temp);
    let written = File::create(&temp).and_then(|mut file| {
        file.write_all(text.as_bytes())?;
        file.sync_all()
    });
    if let Err(e) = written.and_then(|()| fs::rename(&temp, path)) {
        let _ = fs::remove_file(&temp);
        return Err(e);
    }
    // The rename itself reaches the disk with the folder's entry.
    if let Some(dir) = dir
        && let Ok(dir) = File::open(dir)
    {
        let _ = dir.sync_all();
    }
    Ok(())
}

fn summary(slot: SaveSlot, session: &GameSession) -> SavedGame {
    SavedGame {
        slot,
        mode: session.mode().into(),
        plies: session.moves().len() as u32,
        date: session.date().to_owned(),
        end: session.end(),
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::Color;

    use super::*;
    use crate::clock::ManualTime;
    use crate::session::GameConfig;

    fn time() -> Arc<dyn TimeSource> {
        ManualTime::new()
    }

    #[test]
    fn two_writers_of_one_file_both_succeed_and_leave_one_of_their_texts_whole() {
        let dir = folder("writers");
        let path = dir.join("same-phone.json");
        let writers: Vec<_> = ["a", "b"]
            .into_iter()
            .map(|name| {
                let path = path.clone();
                let text = name.repeat(10_000);
                std::thread::spawn(move || {
                    for _ in 0..200 {
                        write_atomically(&path, &text).unwrap();
                    }
                })
            })
            .collect();
        for writer in writers {
            writer.join().unwrap();
        }
        let text = fs::read_to_string(&path).unwrap();
        assert!(text == "a".repeat(10_000) || text == "b".repeat(10_000));
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary file left"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("rokada-store-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    fn game(mode: Mode, moves: &[&str]) -> GameSession {
        let mut session = GameSession::new(GameConfig::new(mode), time()).unwrap();
        for m in moves {
            let by = session.controller(session.turn());
            session.play_text_as(by, m).unwrap();
        }
        session
    }

    #[test]
    fn one_slot_per_way_to_play() {
        let dir = folder("slots");
        let store = SaveStore::new(&dir);
        assert!(store.saved(&time()).is_empty());
        let computer = Mode::Computer {
            human: Color::White,
            level: 3,
        };
        store
            .write(SaveSlot::SamePhone, &game(Mode::SamePhone, &["e4"]).save())
            .unwrap();
        store
            .write(SaveSlot::Computer, &game(computer, &["d4", "d5"]).save())
            .unwrap();
        let saved = store.saved(&time());
        assert_eq!(
            saved.iter().map(|s| (s.slot, s.plies)).collect::<Vec<_>>(),
            [(SaveSlot::SamePhone, 1), (SaveSlot::Computer, 2)]
        );
        assert_eq!(
            store.replaced_by(computer, &time()).map(|s| s.plies),
            Some(2),
            "a new game against the computer replaces this one: ask first"
        );
        assert_eq!(
            store.replaced_by(
                Mode::WifiPeer {
                    local: Color::White
                },
                &time()
            ),
            None
        );
        let finished = game(Mode::SamePhone, &["f3", "e5", "g4", "Qh4#"]);
        assert!(finished.is_over());
        store.write(SaveSlot::SamePhone, &finished.save()).unwrap();
        assert_eq!(store.replaced_by(Mode::SamePhone, &time()), None);
        store.remove(SaveSlot::Computer).unwrap();
        store.remove(SaveSlot::Computer).unwrap();
        assert_eq!(store.saved(&time()).len(), 1);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_damaged_file_is_told_and_set_aside() {
        let dir = folder("damaged");
        let store = SaveStore::new(&dir);
        store.write(SaveSlot::SamePhone, "{not a game").unwrap();
        assert!(matches!(
            store.load(SaveSlot::SamePhone, time()),
            Err(StoreError::Damaged(SaveError::Malformed(_)))
        ));
        assert!(store.saved(&time()).is_empty());
        store.set_aside(SaveSlot::SamePhone).unwrap();
        assert!(store.load(SaveSlot::SamePhone, time()).unwrap().is_none());
        assert!(dir.join("same-phone.rokada.damaged").is_file());
        fs::remove_dir_all(dir).unwrap();
    }
}
