//! Parser graph. Traffic ports: Ethernet → IPv4 (no options, not a fragment) →
//! UDP/TCP (TCP without options or with the 12-byte timestamp block) → the first
//! `park_bytes` of the payload as `park_pl` when the IPv4/UDP length says there are
//! that many. NF ports: the same up to L4, then the PayloadPark header when the
//! length leaves room for it. Everything else is accepted as payload and leaves
//! unchanged.

use pipe::builder::*;
use pipe::program::{Next, SelectCase};

use crate::config::ParkConfig;

/// IPv4 with IHL 5, no fragment bits (MF, offset), protocol `proto`, as a select
/// case over `ihl ++ flags_frag ++ protocol` (28 bits).
fn ipv4_case(proto: u64, next: &str) -> SelectCase {
    SelectCase {
        value: (5 << 24) | proto,
        mask: (0xF << 24) | (0x3FFF << 8) | 0xFF,
        next: Next::State(next.into()),
    }
}

/// Cases over `prefix(4) ++ len(16)` for `prefix == p` and `len >= min`.
fn prefixed_min(p: u64, min: u64, next: &str) -> Vec<SelectCase> {
    range_cases(16, min, 0xFFFF, Next::State(next.into()))
        .into_iter()
        .map(|mut k| {
            k.value |= p << 16;
            k.mask |= 0xF << 16;
            k
        })
        .collect()
}

/// Declares the split-side (`s_*`) and merge-side (`m_*`) parser states.
pub(crate) fn declare(b: &mut ProgramBuilder, cfg: &ParkConfig) {
    let nf_cases: Vec<SelectCase> = cfg
        .slices
        .iter()
        .map(|s| SelectCase {
            value: u64::from(s.nf_port),
            mask: 0x1FF,
            next: Next::State("m_eth".into()),
        })
        .collect();
    let mut start_cases = nf_cases;
    if cfg.recirculate {
        start_cases.push(SelectCase {
            value: u64::from(crate::config::RECIRC_PORT),
            mask: 0x1FF,
            next: Next::State("r_rc".into()),
        });
    }
    b.state(state("start").select_cases(
        &["std.ingress_port"],
        start_cases,
        Next::State("s_eth".into()),
    ));
    let pb = u64::from(cfg.park_bytes);
    let hl = wire::park::HEADER_LEN as u64;
    let mut sides = vec![("s", "s_pl", pb), ("m", "m_park", hl)];
    if cfg.recirculate {
        // Second passes: after a split the header is followed by the second
        // blocks; after a merge's first pass, by the restored first blocks. The
        // first pass already set the lengths to their final values, so after a
        // split they no longer count the second blocks (still in the packet).
        let first = u64::from(crate::config::FIRST_PASS_BYTES);
        sides.push(("rs", "rs_body", hl));
        sides.push(("rm", "rm_body", hl + first));
        b.state(state("r_rc").extract("park_rc").select_cases(
            &["park_rc.kind"],
            vec![SelectCase {
                value: 1,
                mask: 0xFF,
                next: Next::State("rm_eth".into()),
            }],
            Next::State("rs_eth".into()),
        ));
        b.state(
            state("rs_body")
                .extract("park")
                .extract("park_pl2")
                .accept(),
        );
        b.state(state("rm_body").extract("park").extract("park_pl").accept());
    }
    for (side, body, need) in sides {
        let st = |n: &str| format!("{side}_{n}");
        b.state(
            state(&st("eth"))
                .extract("ethernet")
                .select(&["ethernet.ether_type"], &[(0x0800, &st("ipv4"))]),
        );
        b.state(state(&st("ipv4")).extract("ipv4").select_cases(
            &["ipv4.ihl", "ipv4.flags_frag", "ipv4.protocol"],
            vec![ipv4_case(17, &st("udp")), ipv4_case(6, &st("tcp"))],
            Next::Accept,
        ));
        b.state(state(&st("udp")).extract("udp").select_cases(
            &["udp.len"],
            range_cases(16, 8 + need, 0xFFFF, Next::State(body.into())),
            Next::Accept,
        ));
        let mut tcp_cases = prefixed_min(5, 40 + need, body);
        tcp_cases.push(SelectCase {
            value: 8 << 16,
            mask: 0xF << 16,
            next: Next::State(st("opts")),
        });
        b.state(state(&st("tcp")).extract("tcp").select_cases(
            &["tcp.data_offset", "ipv4.total_len"],
            tcp_cases,
            Next::Accept,
        ));
        b.state(state(&st("opts")).extract("tcp_opts").select_cases(
            &["ipv4.total_len"],
            range_cases(16, 52 + need, 0xFFFF, Next::State(body.into())),
            Next::Accept,
        ));
    }
    if cfg.recirculate {
        b.state(
            state("s_pl")
                .extract("park_pl")
                .extract("park_pl2")
                .accept(),
        );
    } else {
        b.state(state("s_pl").extract("park_pl").accept());
    }
    b.state(state("m_park").extract("park").accept());
}
