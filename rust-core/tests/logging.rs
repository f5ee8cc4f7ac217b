//! The core's log needs no setup call from the apps: making a game routes
//! records to the platform's log, and setting it up again changes nothing.

use rokada_core::ffi::{Game, GameSetup, init_logging};
use rokada_core::view::GameMode;

#[test]
fn a_record_arrives_once_without_setup() {
    let game = Game::new(GameSetup {
        mode: GameMode::SamePhone,
        start_fen: None,
        time_control: None,
        white_name: None,
        black_name: None,
    })
    .unwrap();
    log::warn!("the first record");
    init_logging();
    init_logging();
    log::warn!("the second record");
    log::info!("not kept: only warnings and errors are");
    let recent = rokada_core::logging::recent();
    let ours: Vec<&String> = recent.iter().filter(|r| r.contains("record")).collect();
    assert_eq!(ours.len(), 2, "{recent:?}");
    assert!(ours[0].starts_with("WARN ") && ours[0].ends_with("the first record"));
    assert!(ours[1].ends_with("the second record"));
    drop(game);
}
