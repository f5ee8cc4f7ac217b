//! A joiner whose process is killed comes back from its saved state.

use super::*;

/// The joiner's saved state, through its JSON form as an app stores it.
fn saved(j: &BareLink<Joiner>) -> ResumeState {
    let state = j.endpoint.resume_state().expect("paired");
    let json = serde_json::to_string(&state).unwrap();
    serde_json::from_str(&json).unwrap()
}

/// Once the sim has cut (or silenced) the link, kills the joiner and
/// starts a new one from what the old one saved last.
fn kill_when_cut(sim: &mut LinkSim, killed: &mut bool) {
    if *killed || sim.cut_after.is_some() {
        return;
    }
    *killed = true;
    let state = saved(&sim.joiner);
    let back = BareLink::new(Joiner::resume(cfg(), state, sim.now));
    let closes = sim.cut_closes;
    sim.replace_joiner(back, closes);
}

#[test]
fn a_joiner_killed_after_any_frame_comes_back_with_nothing_lost_or_doubled() {
    const PLIES: u32 = 8;
    let by = |parity| {
        (0..PLIES)
            .filter(|p| p % 2 == parity)
            .map(mv)
            .collect::<Vec<_>>()
    };
    let mut kills = 0;
    for closes in [true, false] {
        for kill_after in 0.. {
            let mut sim = sim(CODE, CODE);
            sim.cut_after = Some(kill_after);
            sim.cut_closes = closes;
            let mut killed = false;
            for ply in 0..PLIES {
                if ply % 2 == 0 {
                    sim.host.endpoint.send(&mv(ply)).unwrap();
                } else {
                    sim.joiner.endpoint.send(&mv(ply)).unwrap();
                }
                sim.pump();
                kill_when_cut(&mut sim, &mut killed);
                for _ in 0..3 {
                    sim.step();
                    kill_when_cut(&mut sim, &mut killed);
                }
            }
            if !killed {
                // Every frame of the exchange went through: all points done.
                assert!(kill_after > 10, "the exchange has frames to cut");
                break;
            }
            kills += 1;
            let back = LinkEvent::Connected { resumed: true };
            let what = format!("killed after {kill_after} frames, closes {closes}");
            assert!(
                sim.run_until(Duration::from_secs(6), |s| saw(&s.joiner_events, &back)),
                "{what}: {:?}",
                events(&sim.joiner_events)
            );
            sim.run_for(Duration::from_secs(2));
            assert_eq!(messages(&sim.joiner_events), by(0), "{what}");
            assert_eq!(messages(&sim.host_events), by(1), "{what}");
            assert!(sim.host.endpoint.all_acknowledged(), "{what}");
            assert!(sim.joiner.endpoint.all_acknowledged(), "{what}");
        }
    }
    assert!(kills > 20, "{kills}");
}

#[test]
fn a_saved_state_resumes_only_with_its_own_host() {
    let mut sim = sim(CODE, CODE);
    let state = saved(&sim.joiner);
    // The host was restarted: it knows no session, and a joiner without a
    // code cannot pair, so it stops.
    let mut other = Sim::host_alone(host(CODE), joiner(CODE));
    let now = other.now;
    other.replace_joiner(BareLink::new(Joiner::resume(cfg(), state, now)), false);
    assert_eq!(
        events(&other.joiner_events).last(),
        Some(&LinkEvent::RefusedByHost(RejectReason::UnknownSession))
    );
    assert!(!other.host.endpoint.is_paired());
    // Nor can the host's own joiner be pushed out by it.
    sim.host.endpoint.send(&mv(0)).unwrap();
    sim.pump();
    assert_eq!(messages(&sim.joiner_events), vec![mv(0)]);
}

#[test]
fn a_restored_joiner_that_never_finds_its_host_adjourns() {
    let sim = sim(CODE, CODE);
    let state = saved(&sim.joiner);
    let mut alone = Sim::host_alone(host(CODE), joiner(CODE));
    alone.reachable = false;
    let now = alone.now;
    alone.replace_joiner(BareLink::new(Joiner::resume(cfg(), state, now)), false);
    alone.reachable = false;
    alone.run_for(cfg().adjourn_after + Duration::from_secs(1));
    assert_eq!(
        events(&alone.joiner_events).last(),
        Some(&LinkEvent::Adjourned)
    );
}
