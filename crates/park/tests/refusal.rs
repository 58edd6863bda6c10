//! Why payload-reading NFs are refused: behind PayloadPark a signature matcher sees
//! the PayloadPark header instead of the first payload bytes and misses the
//! signature; the refusal check says so before anything runs.

mod common;

use std::time::Duration;

use park::nf::{Firewall, Nf, NfVerdict, PayloadMatcher};
use park::refuse::{NfFacts, Refusal, check_parkable};
use park::{ParkConfig, ParkSwitch};

fn facts(nf: &dyn Nf) -> NfFacts<'_> {
    NfFacts {
        name: nf.name(),
        reads_payload: nf.reads_payload(),
        where_: None,
    }
}

#[test]
fn a_payload_matcher_is_refused_and_would_indeed_miss_its_signature() {
    let frame = common::udp(1, 1000, 200, 3); // pattern repeats every 256 bytes: no second copy
    // The signature: 8 bytes from the parked part of the payload.
    let mut m = PayloadMatcher {
        signature: frame[42 + 20..42 + 28].to_vec(),
    };
    assert!(matches!(
        check_parkable(&facts(&m)),
        Err(Refusal::ReadsPayload { .. })
    ));
    let mut whole = frame.clone();
    assert_eq!(m.process(&mut whole), NfVerdict::Drop);
    let mut sw = ParkSwitch::new(ParkConfig::single(1, 2, 3, 16)).expect("valid");
    let mut header_only = sw.process(Duration::ZERO, 1, &frame).expect("port").bytes;
    assert_eq!(
        m.process(&mut header_only),
        NfVerdict::Forward,
        "the signature was parked"
    );
}

#[test]
fn header_only_models_are_accepted() {
    let fw = Firewall::default();
    assert_eq!(check_parkable(&facts(&fw)), Ok(()));
}
