//! The crate against this machine's kernel: maps created, written, read and
//! iterated; programs loaded, refused with a log, and test-run with metadata;
//! a spin-locked map value described by BTF. Needs root (CAP_BPF); skipped
//! with a printed reason otherwise.

use bpf::asm::{Asm, MapRef};
use bpf::insn::*;
use bpf::map::{F_NO_PREALLOC, Update};
use bpf::{Map, MapSpec, MapType, Program, TestRun};

fn root() -> bool {
    testnet::root_or_skip("the kernel tests of bpf", "bpf(2)").is_some()
}

fn spec(name: &str, kind: MapType, key: u32, value: u32, n: u32, flags: u32) -> MapSpec {
    MapSpec {
        name: name.into(),
        kind,
        key_size: key,
        value_size: value,
        max_entries: n,
        flags,
        btf: None,
    }
}

/// Patches map references with descriptors, as a loader does.
fn link(mut a: bpf::asm::Assembled, maps: &[&Map]) -> Vec<Insn> {
    use std::os::fd::AsRawFd;
    for r in &a.relocs {
        a.insns[r.insn].imm = maps[r.map.0].fd().as_raw_fd();
    }
    a.insns
}

#[test]
fn hash_maps_are_written_read_iterated_and_batched() {
    if !root() {
        return;
    }
    let m = Map::create(&spec("t", MapType::Hash, 8, 16, 64, F_NO_PREALLOC), None).unwrap();
    for k in 0u64..10 {
        let mut v = [0u8; 16];
        v[..8].copy_from_slice(&(k * 100).to_ne_bytes());
        m.update(&k.to_ne_bytes(), &v, Update::NoExist).unwrap();
    }
    let mut v = [0u8; 16];
    assert!(m.lookup(&3u64.to_ne_bytes(), &mut v).unwrap());
    assert_eq!(u64::from_ne_bytes(v[..8].try_into().unwrap()), 300);
    assert!(!m.lookup(&99u64.to_ne_bytes(), &mut v).unwrap());
    assert!(m.update(&3u64.to_ne_bytes(), &v, Update::NoExist).is_err());
    assert!(m.delete(&3u64.to_ne_bytes()).unwrap());
    assert!(!m.delete(&3u64.to_ne_bytes()).unwrap());
    assert_eq!(m.keys().unwrap().len(), 9);
    // Batches: 5 more in one call, then read everything back in pages of 4.
    let keys: Vec<u8> = (20u64..25).flat_map(u64::to_ne_bytes).collect();
    let values = vec![7u8; 5 * 16];
    assert_eq!(m.update_batch(&keys, &values, Update::Any).unwrap(), 5);
    let (mut seen, mut cursor) = (0, None);
    let (mut k, mut v) = (Vec::new(), Vec::new());
    loop {
        let (n, next) = m.lookup_batch(cursor, 4, &mut k, &mut v).unwrap();
        seen += n;
        match next {
            Some(c) => cursor = Some(c),
            None => break,
        }
    }
    assert_eq!(seen, 14);
    assert_eq!(m.delete_batch(&keys).unwrap(), 5);
    assert_eq!(m.keys().unwrap().len(), 9);
    // Wrong sizes are refused before the kernel is asked.
    assert!(m.update(&[0u8; 4], &v[..16], Update::Any).is_err());
}

#[test]
fn a_program_runs_on_a_packet_and_sees_its_metadata() {
    if !root() {
        return;
    }
    let counts = Map::create(&spec("counts", MapType::Array, 4, 8, 1, 0), None).unwrap();
    // r2 = data, r3 = data_end, r4 = data_meta; count the packet in the array
    // by direct value access; copy the first metadata word into the packet's
    // first byte; return XDP_TX (3).
    let mut a = Asm::new();
    let drop = a.label();
    a.ldx(Size::W, R2, R1, 0);
    a.ldx(Size::W, R3, R1, 4);
    a.ldx(Size::W, R4, R1, 8);
    a.mov(R5, R4);
    a.alu_imm(Alu::Add, R5, 4);
    a.jmp_reg(Jmp::Gt, R5, R2, drop);
    a.mov(R5, R2);
    a.alu_imm(Alu::Add, R5, 1);
    a.jmp_reg(Jmp::Gt, R5, R3, drop);
    a.ldx(Size::B, R5, R4, 0);
    a.stx(Size::B, R2, 0, R5);
    a.ld_map_value(R1, MapRef(0), 0);
    a.mov_imm(R2, 1);
    a.atomic(Size::DW, Atomic::Add, R1, 0, R2, false);
    a.mov_imm(R0, 3);
    a.exit();
    a.bind(drop);
    a.mov_imm(R0, 1);
    a.exit();
    let insns = link(a.finish().unwrap(), &[&counts]);
    let prog = Program::load_xdp("meta_test", &insns).unwrap();
    assert!(prog.stats().processed > 0, "{:?}", prog.stats());
    assert!(prog.stats().jited_bytes > 0);
    let mut data = vec![0xAB, 0, 0, 0];
    data.extend_from_slice(&[0x11; 60]);
    let r = prog
        .test_run(&TestRun {
            data: &data,
            meta: 4,
            repeat: 1,
            ..TestRun::default()
        })
        .unwrap();
    assert_eq!(r.retval, 3);
    assert_eq!(r.meta, 4, "metadata comes back in front of the packet");
    assert_eq!(r.data.len(), 64);
    assert_eq!(r.data[4], 0xAB);
    assert_eq!(r.data[5], 0x11);
    let r = prog
        .test_run(&TestRun {
            data: &data,
            meta: 4,
            repeat: 1000,
            ..TestRun::default()
        })
        .unwrap();
    assert_eq!(r.retval, 3);
    let mut v = [0u8; 8];
    assert!(counts.lookup(&0u32.to_ne_bytes(), &mut v).unwrap());
    assert_eq!(u64::from_ne_bytes(v), 1001);
}

#[test]
fn the_verifier_says_why_it_refuses() {
    if !root() {
        return;
    }
    // Reads the packet without a bounds check.
    let mut a = Asm::new();
    a.ldx(Size::W, R2, R1, 0);
    a.ldx(Size::B, R0, R2, 0);
    a.exit();
    let insns = a.finish().unwrap().insns;
    let e = Program::load_xdp("unchecked", &insns).unwrap_err();
    let text = e.to_string();
    assert!(text.contains("unchecked"), "{text}");
    assert!(text.contains("invalid access to packet"), "{text}");
}

#[test]
fn a_spin_locked_value_is_described_by_btf() {
    if !root() {
        return;
    }
    let mut b = bpf::btf::Btf::new();
    let u32_t = b.int("u32", 4);
    let u64_t = b.int("u64", 8);
    let lock = b.spin_lock(u32_t);
    let cell = b.structure("cell", 16, &[("lock", lock, 0), ("value", u64_t, 8)]);
    let btf = b.load().unwrap();
    use std::os::fd::AsFd;
    let mut s = spec("cells", MapType::Array, 4, 16, 8, 0);
    s.btf = Some((u32_t, cell));
    let cells = Map::create(&s, Some(btf.as_fd())).unwrap();
    // lock; value += 5; unlock
    let mut a = Asm::new();
    let out = a.label();
    a.st(Size::W, FP, -4, 2);
    a.ld_map(R1, MapRef(0));
    a.mov(R2, FP);
    a.alu_imm(Alu::Add, R2, -4);
    a.call(Helper::MapLookupElem);
    a.jmp_imm(Jmp::Eq, R0, 0, out);
    a.mov(R6, R0);
    a.mov(R1, R6);
    a.call(Helper::SpinLock);
    a.ldx(Size::DW, R1, R6, 8);
    a.alu_imm(Alu::Add, R1, 5);
    a.stx(Size::DW, R6, 8, R1);
    a.mov(R1, R6);
    a.call(Helper::SpinUnlock);
    a.bind(out);
    a.mov_imm(R0, 2);
    a.exit();
    let insns = link(a.finish().unwrap(), &[&cells]);
    let prog = Program::load_xdp("locked", &insns).unwrap();
    let data = [0u8; 64];
    let r = prog
        .test_run(&TestRun {
            data: &data,
            repeat: 10,
            ..TestRun::default()
        })
        .unwrap();
    assert_eq!(r.retval, 2);
    let mut v = [0u8; 16];
    assert!(cells.lookup(&2u32.to_ne_bytes(), &mut v).unwrap());
    assert_eq!(u64::from_ne_bytes(v[8..].try_into().unwrap()), 50);
}

#[test]
fn records_written_into_a_ring_buffer_are_read_back_in_order() {
    if !root() {
        return;
    }
    let ring = Map::create(&spec("ring", MapType::Ringbuf, 0, 0, 1 << 16, 0), None).unwrap();
    let counter = Map::create(&spec("n", MapType::Array, 4, 8, 1, 0), None).unwrap();
    // n += 1; rec = reserve(16); rec[0] = n; rec[8] = the packet's first byte; submit
    let mut a = Asm::new();
    let out = a.label();
    a.mov(R6, R1);
    a.ld_map_value(R7, MapRef(1), 0);
    a.mov_imm(R1, 1);
    a.atomic(Size::DW, Atomic::Add, R7, 0, R1, true);
    a.alu_imm(Alu::Add, R1, 1);
    a.mov(R8, R1);
    a.ld_map(R1, MapRef(0));
    a.mov_imm(R2, 16);
    a.mov_imm(R3, 0);
    a.call(Helper::RingbufReserve);
    a.jmp_imm(Jmp::Eq, R0, 0, out);
    a.stx(Size::DW, R0, 0, R8);
    a.mov(R9, R0);
    a.mov(R1, R6);
    a.mov_imm(R2, 0);
    a.mov(R3, R9);
    a.alu_imm(Alu::Add, R3, 8);
    a.mov_imm(R4, 1);
    a.call(Helper::XdpLoadBytes);
    a.mov(R1, R9);
    a.mov_imm(R2, 0);
    a.call(Helper::RingbufSubmit);
    a.bind(out);
    a.mov_imm(R0, 2);
    a.exit();
    let insns = link(a.finish().unwrap(), &[&ring, &counter]);
    let prog = Program::load_xdp("ring_test", &insns).unwrap();
    let mut reader = bpf::ringbuf::RingReader::new(&ring).unwrap();
    let mut seen: Vec<(u64, u8)> = Vec::new();
    for round in 0..3u8 {
        for i in 0..1000u32 {
            let data = vec![round.wrapping_mul(7).wrapping_add(i as u8); 64];
            prog.test_run(&TestRun {
                data: &data,
                repeat: 1,
                ..TestRun::default()
            })
            .unwrap();
        }
        reader.drain(&mut |r| {
            seen.push((u64::from_ne_bytes(r[..8].try_into().unwrap()), r[8]));
        });
    }
    assert_eq!(seen.len(), 3000);
    assert!(
        seen.iter()
            .enumerate()
            .all(|(i, (n, _))| *n == i as u64 + 1)
    );
    assert_eq!(seen[1001].1, 7u8.wrapping_add(1));
}
