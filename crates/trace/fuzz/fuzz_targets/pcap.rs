//! Fuzzes the capture reader behind `tandem run --input`, `tandem check --input`,
//! `tandem filter run` and `tandem trace stats`: any bytes as a pcap or pcapng
//! file are read packet by packet until the end or the first fault, which must
//! carry a position; the statistics of the same bytes must cover exactly the
//! packets read — never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use trace::pcap::PcapReader;
use trace::stats::read_stats;

fuzz_target!(|data: &[u8]| {
    let mut packets = 0u64;
    let mut fault = None;
    match PcapReader::new(data) {
        Err(e) => fault = Some(e),
        Ok(mut r) => {
            let _ = r.format();
            for p in r.by_ref() {
                match p {
                    Ok(p) => {
                        packets += 1;
                        assert!(p.data.len() <= 16 * 1024 * 1024);
                    }
                    Err(e) => {
                        assert!(e.position().is_some(), "fault without a position: {e}");
                        fault = Some(e);
                        break;
                    }
                }
            }
            assert_eq!(r.packets_read(), packets);
            assert!(r.offset() <= data.len() as u64);
        }
    }
    let report = read_stats(data);
    assert_eq!(report.stats.packets, packets);
    assert_eq!(report.error.is_some(), fault.is_some());
    if let Some(e) = fault {
        assert!(!e.to_string().is_empty());
    }
});
