//! Frames and driving shared by the `partitioned` bench and the
//! `partitioned_flows` example: `tandem loadgen`'s frames through MazuNAT's
//! partitioned engine as the live loop drives it.

use runner::{ControlOptions, PartitionedEngine, Runner, Sink, SinkError};

/// MazuNAT with the external address the live benchmark gives it.
pub fn mazunat() -> ir::Program {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/nf/mazunat.nf");
    let mut o = lang::Overrides::new();
    o.set("external_ip", "198.19.0.1");
    lang::compile_file(path.as_ref(), &o)
        .expect("mazunat compiles")
        .program
}

/// 64-byte frames of 64 UDP flows from 198.18.0.2 (`tandem loadgen`'s default).
pub fn known_flows(n: usize) -> Vec<Vec<u8>> {
    (0..n)
        .map(|i| udp([198, 18, 0, 2], 10_000 + (i % 64) as u16, 9))
        .collect()
}

/// New flows `0..n` as `tandem loadgen --new-flows` makes them.
pub fn new_flows(n: u64) -> Vec<Vec<u8>> {
    (0..n).map(new_flow).collect()
}

/// Counts packets only.
pub struct Count(pub u64);

impl Sink for Count {
    fn write(&mut self, _: u16, _: u64, _: &[u8]) -> Result<(), SinkError> {
        self.0 += 1;
        Ok(())
    }
    fn finish(&mut self) -> Result<(), SinkError> {
        Ok(())
    }
}

fn checksum(h: &[u8]) -> u16 {
    let mut s: u32 = h
        .chunks(2)
        .map(|c| u32::from(u16::from_be_bytes([c[0], c.get(1).copied().unwrap_or(0)])))
        .sum();
    while s > 0xffff {
        s = (s & 0xffff) + (s >> 16);
    }
    !(s as u16)
}

/// A 64-byte UDP frame from `src:sport` to 198.19.0.2:`dport`.
fn udp(src: [u8; 4], sport: u16, dport: u16) -> Vec<u8> {
    let mut f = vec![0u8; 64];
    f[..6].copy_from_slice(&[2, 0, 0, 0, 0, 2]);
    f[6..12].copy_from_slice(&[2, 0, 0, 0, 0, 1]);
    f[12..14].copy_from_slice(&[0x08, 0x00]);
    f[14] = 0x45;
    f[16..18].copy_from_slice(&50u16.to_be_bytes());
    f[22] = 64;
    f[23] = 17;
    f[26..30].copy_from_slice(&src);
    f[30..34].copy_from_slice(&[198, 19, 0, 2]);
    let c = checksum(&f[14..34]);
    f[24..26].copy_from_slice(&c.to_be_bytes());
    f[34..36].copy_from_slice(&sport.to_be_bytes());
    f[36..38].copy_from_slice(&dport.to_be_bytes());
    f[38..40].copy_from_slice(&30u16.to_be_bytes());
    f
}

/// New flow `k` as `tandem loadgen --new-flows` makes it.
fn new_flow(k: u64) -> Vec<u8> {
    let j = k / 60_000;
    udp(
        [198, 18, 1 + (j % 250) as u8, 2 + (j / 250) as u8],
        1024 + (k % 60_000) as u16,
        10 + (j % 50_000) as u16,
    )
}

/// The control settings the bench and the example compare: Gallium's serial
/// channel, the batched channel with group commit, that plus direct inserts
/// (what `tandem live` runs by default), and that plus the handshake policy
/// (`--offload-after-handshake`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    Serial,
    Batched,
    Live,
    Handshake,
}

pub fn engine(program: &ir::Program, setting: Setting) -> PartitionedEngine {
    let mut e = PartitionedEngine::new(program, &compiler::Options::default()).expect("partitions");
    let mut c = ControlOptions::default();
    if setting != Setting::Serial {
        c.channel = pipe::Channel::batched();
        c.group_commit = true;
    }
    c.direct_inserts = matches!(setting, Setting::Live | Setting::Handshake);
    c.limits.handshake = setting == Setting::Handshake;
    e.set_control(c);
    e
}

/// Runs `frames` into port 0 from `t0`, `gap` ns apart, advancing every 64
/// frames; returns the runner's time at the end.
pub fn drive(r: &mut Runner<'_, Count>, frames: &[Vec<u8>], t0: u64, gap: u64) -> u64 {
    let mut t = t0;
    for (i, f) in frames.iter().enumerate() {
        t += gap;
        r.packet(0, t, f).expect("sink");
        if i % 64 == 63 {
            r.advance(t).expect("sink");
        }
    }
    r.advance(t).expect("sink");
    t
}

/// An engine with the 64 flows of [`known_flows`] installed and visible (their
/// first packets, then a second for the updates).
pub fn engine_with_known_flows(program: &ir::Program) -> PartitionedEngine {
    let mut e = engine(program, Setting::Serial);
    {
        let mut r = Runner::new(&mut e, program, Count(0));
        drive(&mut r, &known_flows(64), 0, 1_000);
        r.advance(1_000_000_000).expect("sink");
    }
    e
}
