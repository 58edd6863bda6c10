//! Issue 3: "no heap allocation per packet". After a warm-up pass (which fills
//! the maps, growing them), processing the same packets again allocates nothing,
//! for every example middlebox.

mod common;
use common::*;
use interp::Interpreter;

fn trace(dst: &str) -> Vec<Vec<u8>> {
    (0..200u16)
        .map(|i| {
            let src = format!("10.0.{}.{}", i / 250, i % 250 + 1);
            if i % 3 == 0 {
                udp(&src, 1000 + i, dst, 53, b"query")
            } else {
                tcp(
                    &src,
                    1000 + i,
                    dst,
                    80,
                    ACK,
                    b"GET /index.html HTTP/1.1\r\n\r\n",
                )
            }
        })
        .collect()
}

#[test]
fn the_counter_sees_allocations() {
    let info = allocation_counter::measure(|| {
        std::hint::black_box(vec![1u8; 64]);
    });
    assert!(info.count_total > 0);
}

#[test]
fn steady_state_processing_does_not_allocate() {
    for (name, dst) in [
        ("mazunat.nf", "192.0.2.10"),
        ("lb.nf", "10.0.0.100"),
        ("firewall.nf", "192.0.2.10"),
        ("proxy.nf", "192.0.2.10"),
        ("trojan.nf", "192.0.2.10"),
    ] {
        let packets = trace(dst);
        let mut it = Interpreter::new(&example(name, &[])).expect("loads");
        let mut buf = vec![0u8; 2048];
        let mut run = |it: &mut Interpreter, t0: u64| {
            for (k, p) in packets.iter().enumerate() {
                let frame = &mut buf[..p.len()];
                frame.copy_from_slice(p);
                it.process(frame, 0, t0 + k as u64).expect("runs");
            }
        };
        run(&mut it, 0);
        let info = allocation_counter::measure(|| run(&mut it, 1_000));
        assert_eq!(info.count_total, 0, "{name} allocated in steady state");
    }
}
