use super::*;

fn control(base_s: u64, inc_s: u64) -> TimeControl {
    TimeControl::new(base_s * 1000, inc_s * 1000).unwrap()
}

#[test]
fn parses_time_controls_as_players_write_them() {
    assert_eq!("5+3".parse::<TimeControl>(), Ok(control(300, 3)));
    assert_eq!(" 10 + 0 ".parse::<TimeControl>(), Ok(control(600, 0)));
    assert_eq!("15".parse::<TimeControl>(), Ok(control(900, 0)));
    assert_eq!("0.5+1".parse::<TimeControl>(), Ok(control(30, 1)));
    assert!(matches!(
        "5+".parse::<TimeControl>(),
        Err(TimeControlError::Syntax(_))
    ));
    assert!(matches!(
        "x".parse::<TimeControl>(),
        Err(TimeControlError::Syntax(_))
    ));
    assert_eq!(
        "0+5".parse::<TimeControl>(),
        Err(TimeControlError::OutOfRange)
    );
    assert_eq!(
        "-1+0".parse::<TimeControl>(),
        Err(TimeControlError::OutOfRange)
    );
    assert_eq!(
        "NaN+0".parse::<TimeControl>(),
        Err(TimeControlError::OutOfRange)
    );
    assert_eq!(
        "601+0".parse::<TimeControl>(),
        Err(TimeControlError::OutOfRange)
    );
    assert_eq!(
        "5+99999999999999999".parse::<TimeControl>(),
        Err(TimeControlError::OutOfRange)
    );
    assert_eq!(control(300, 3).to_string(), "5+3");
    assert_eq!(control(300, 3).to_pgn(), "300+3");
    assert_eq!(control(600, 0).to_pgn(), "600");
}

#[test]
fn starts_on_whites_first_move_and_credits_increments() {
    let mut clock = Clock::new(control(60, 2));
    assert_eq!(clock.running(), None);
    assert_eq!(
        clock.remaining(Color::White, 5_000),
        60_000,
        "White's first move is not timed"
    );
    clock.complete_move(Color::White, 5_000);
    assert_eq!(
        clock.remaining(Color::White, 5_000),
        60_000,
        "no increment before the clock ran"
    );
    assert_eq!(clock.running(), Some(Color::Black));
    assert_eq!(clock.remaining(Color::Black, 8_000), 57_000);
    clock.complete_move(Color::Black, 8_000);
    assert_eq!(
        clock.remaining(Color::Black, 100_000),
        59_000,
        "3 s used, 2 s credited"
    );
    assert_eq!(clock.remaining(Color::White, 9_500), 58_500);
}

#[test]
fn flag_falls_at_zero_and_time_never_goes_negative() {
    let mut clock = Clock::new(control(10, 0));
    clock.complete_move(Color::White, 0);
    assert_eq!(clock.flagged(9_999), None);
    assert_eq!(clock.flagged(10_000), Some(Color::Black));
    assert_eq!(clock.remaining(Color::Black, 50_000), 0);
}

#[test]
fn snapshot_and_restore_resume_the_running_side_from_now() {
    let mut clock = Clock::new(control(60, 0));
    clock.complete_move(Color::White, 1_000);
    let saved = clock.snapshot(11_000);
    assert_eq!(
        (saved.white_ms, saved.black_ms, saved.running),
        (60_000, 50_000, Some(Color::Black))
    );
    // Time while the app was gone is not charged: the restored clock runs on
    // from the new source's reading.
    let restored = Clock::from_snapshot(&saved, 500);
    assert_eq!(restored.remaining(Color::Black, 500), 50_000);
    assert_eq!(restored.remaining(Color::Black, 2_500), 48_000);
}

#[test]
fn set_running_moves_the_clock_without_charging_or_crediting() {
    let mut clock = Clock::new(control(60, 5));
    clock.complete_move(Color::White, 0);
    clock.set_running(Some(Color::White), 4_000);
    assert_eq!(clock.remaining(Color::Black, 4_000), 56_000);
    assert_eq!(clock.remaining(Color::White, 6_000), 58_000);
    clock.stop(6_000);
    assert_eq!(clock.running(), None);
    assert_eq!(clock.remaining(Color::White, 90_000), 58_000);
}

#[test]
fn clock_text_as_players_read_it() {
    assert_eq!(clock_text(300_000), "5:00");
    assert_eq!(clock_text(61_999), "1:01");
    assert_eq!(clock_text(10_000), "0:10");
    assert_eq!(clock_text(9_876), "0:09.8");
    assert_eq!(clock_text(0), "0:00.0");
    assert_eq!(clock_text(3_600_000), "1:00:00");
    assert_eq!(clock_text(5_025_000), "1:23:45");
}

#[test]
fn manual_time_moves_only_when_told() {
    let time = ManualTime::new();
    assert_eq!(time.now_ms(), 0);
    time.advance(1_500);
    assert_eq!(time.now_ms(), 1_500);
    let real = MonotonicTime::new();
    assert!(real.now_ms() <= real.now_ms());
}
