//! Recirculation mode (paper §6.2.5): 352 bytes parked in two passes.

mod common;

use std::net::Ipv4Addr;
use std::time::Duration;

use park::nf::{Nat, Nf};
use park::{ConfigError, ParkConfig, ParkSwitch};
use pipe::Verdict;
use pipe::resources::{self, Profile};

const T: Duration = Duration::ZERO;

fn cfg() -> ParkConfig {
    let mut c = ParkConfig::single(1, 2, 3, 4096);
    c.park_bytes = 352;
    c.recirculate = true;
    c
}

fn checksums_ok(frame: &[u8]) -> bool {
    wire::parse_frame(frame).is_ok_and(|h| h.checksums().all_ok())
}

#[test]
fn udp_and_tcp_park_352_bytes_and_come_back_exactly() {
    let mut sw = ParkSwitch::new(cfg()).expect("valid");
    for (orig, l4) in [
        (common::udp(1, 1000, 700, 5), 42),
        (common::udp(1, 1001, 352, 5), 42),
        (common::tcp(2, 2000, 900, 6, true), 66),
    ] {
        let to_nf = sw.process(T, 1, &orig).expect("port");
        assert_eq!(to_nf.verdict, Verdict::Emit { port: 2 });
        assert_eq!(to_nf.bytes.len(), orig.len() - 352 + 10);
        assert!(checksums_ok(&to_nf.bytes));
        assert_eq!(&to_nf.bytes[l4 + 10..], &orig[l4 + 352..]);
        let mut nat = Nat::new(Ipv4Addr::new(192, 0, 2, 9), 40000);
        let mut want = orig.clone();
        nat.clone().process(&mut want);
        let mut h = to_nf.bytes.clone();
        nat.process(&mut h);
        let back = sw.process(T, 2, &h).expect("port");
        assert_eq!(back.verdict, Verdict::Emit { port: 3 });
        assert_eq!(back.bytes, want);
    }
    let c = sw.counters();
    assert_eq!((c.splits, c.merges), (3, 3));
    // Each split and each merge took a second pass.
    assert_eq!(sw.switch().stats().recirculations, 6);
}

#[test]
fn payloads_shorter_than_352_bytes_are_not_parked() {
    let mut sw = ParkSwitch::new(cfg()).expect("valid");
    let orig = common::udp(1, 1000, 300, 5);
    let to_nf = sw.process(T, 1, &orig).expect("port");
    assert_eq!(to_nf.bytes.len(), orig.len() + 10);
    assert_eq!(sw.process(T, 2, &to_nf.bytes).expect("port").bytes, orig);
    assert_eq!(sw.counters().bypass_short, 1);
}

#[test]
fn fits_tofino1_and_emits_p4() {
    let prog = park::program::build(&cfg());
    let r = resources::check(&prog, &Profile::tofino1()).expect("fits");
    assert!(r.stages_used <= 12);
    for arch in [p4gen::Arch::V1model, p4gen::Arch::Tna] {
        assert!(
            p4gen::emit(&prog, arch)
                .expect("emits")
                .contains("park_pl2")
        );
    }
}

#[test]
fn recirculation_needs_more_than_one_pass_and_at_most_352_bytes() {
    let mut c = cfg();
    c.park_bytes = 160;
    assert_eq!(c.validate(), Err(ConfigError::RecircBytes(160)));
    c.park_bytes = 360;
    assert_eq!(c.validate(), Err(ConfigError::RecircBytes(360)));
}
