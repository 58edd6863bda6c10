//! The split changes nothing: for every example, running a packet sequence
//! through pre-processing → (transfer header) → server → (transfer header) →
//! post-processing gives the same verdicts, packets, events and final state as
//! running the whole handler, and every phase runs only operations carrying its
//! label. Live values cross only inside real `wire::transfer` headers, encoded
//! and decoded with the layouts `lay_out_transfer` computed, so a value the
//! layout forgot makes the test fail ("value %N is not available here").
//!
//! State is shared by both sides here (no replication delay): this pins the
//! partition's structure; replication and output commit belong to the runtime.

mod support;

use compiler::Compilation;
use compiler::model::PointLayout;
use ir::Value;
use proptest::prelude::*;
use std::collections::BTreeSet;
use support::{Env, Exec, Packet, Phase, State, Stop};
use wire::transfer::{Kind, Packet as TPacket, Repr};

use support::compile;

/// Encodes the point's values into a transfer header and decodes them back
/// into a fresh environment: only what the layout carries survives.
fn cross(layout: &PointLayout, kind: Kind, env: &Env, in_port: u16) -> Result<Env, String> {
    let mut values = vec![0u8; layout.bytes as usize];
    for s in &layout.slots {
        let mut v = env
            .get(&s.value)
            .ok_or_else(|| format!("value %{} is not available here", s.value.0))?;
        for &k in &s.path {
            v = match v {
                Value::Tuple(xs) => &xs[k as usize],
                _ => return Err("path into a scalar".into()),
            };
        }
        let x = ir::eval::scalar(v).ok_or("tuple slot")?;
        let bytes = x.to_be_bytes();
        let n = s.bytes as usize;
        values[s.offset as usize..s.offset as usize + n].copy_from_slice(&bytes[8 - n..]);
    }
    let repr = Repr {
        kind,
        point: layout.point,
        in_port,
        ether_type: 0x0800,
        values: &values,
    };
    let mut buf = vec![0u8; repr.buffer_len()];
    repr.emit(&mut TPacket::new_unchecked(&mut buf[..]))
        .map_err(|e| e.to_string())?;
    let view = TPacket::new_checked(&buf[..]).map_err(|e| e.to_string())?;
    let back = Repr::parse(&view).map_err(|e| e.to_string())?;
    assert_eq!(back.point, layout.point);
    // Rebuild values from bytes, by slot.
    let mut out = Env::new();
    let mut scalars: std::collections::HashMap<(ir::ValueId, Vec<u32>), u64> = Default::default();
    for s in &layout.slots {
        let mut b = [0u8; 8];
        let n = s.bytes as usize;
        b[8 - n..].copy_from_slice(&back.values[s.offset as usize..s.offset as usize + n]);
        scalars.insert((s.value, s.path.clone()), u64::from_be_bytes(b));
    }
    for s in &layout.slots {
        if out.contains_key(&s.value) {
            continue;
        }
        let v = env.get(&s.value).ok_or("value")?;
        out.insert(s.value, rebuild(v, &mut Vec::new(), s.value, &scalars));
    }
    Ok(out)
}

/// A value of `like`'s shape made of the decoded scalars.
fn rebuild(
    like: &Value,
    path: &mut Vec<u32>,
    id: ir::ValueId,
    scalars: &std::collections::HashMap<(ir::ValueId, Vec<u32>), u64>,
) -> Value {
    match like {
        Value::Tuple(xs) => Value::Tuple(
            xs.iter()
                .enumerate()
                .map(|(i, x)| {
                    path.push(i as u32);
                    let v = rebuild(x, path, id, scalars);
                    path.pop();
                    v
                })
                .collect(),
        ),
        scalar => {
            let x = scalars
                .get(&(id, path.clone()))
                .copied()
                .unwrap_or(u64::MAX);
            ir::eval::from_scalar(&scalar.ty(), x).unwrap_or(Value::Bool(false))
        }
    }
}

/// Runs one packet split; returns the verdict and whether it visited the server.
fn run_split(ex: &Exec<'_>, pkt: &mut Packet, st: &mut State) -> Result<(Stop, bool), String> {
    let c = ex.c;
    let mut env = Env::new();
    match ex.run(Phase::Pre, 0, 0, &mut env, pkt, st)? {
        Stop::Punt(id) => {
            let punt = c.punts.iter().find(|p| p.id == id).ok_or("punt")?;
            let layout = c
                .layouts
                .iter()
                .find(|l| l.direction == "to_server" && l.point == id)
                .ok_or("layout")?;
            let mut senv = cross(layout, Kind::ToServer, &env, pkt.in_port)?;
            let (b, i) = (punt.at.block as usize, punt.at.index as usize);
            match ex.run(Phase::Server, b, i, &mut senv, pkt, st)? {
                Stop::Resume(r) => {
                    let resume = c.resumes.iter().find(|x| x.id == r).ok_or("resume")?;
                    let layout = c
                        .layouts
                        .iter()
                        .find(|l| l.direction == "to_switch" && l.point == r)
                        .ok_or("layout")?;
                    let mut penv = cross(layout, Kind::ToSwitch, &senv, pkt.in_port)?;
                    let stop = ex.run(Phase::Post, resume.block as usize, 0, &mut penv, pkt, st)?;
                    Ok((stop, true))
                }
                other => Ok((other, true)),
            }
        }
        other => Ok((other, false)),
    }
}

fn packet() -> impl Strategy<Value = Packet> {
    let payloads = prop::sample::select(vec![
        b"".to_vec(),
        b"GET /index.html HTTP/1.1".to_vec(),
        b"RETR tool.exe\r\n".to_vec(),
        b"hello".to_vec(),
    ]);
    (
        0u16..2,
        0u8..3,
        0u32..4,
        0u32..4,
        prop::sample::select(vec![22u16, 80, 21, 6667, 1024, 40000]),
        prop::sample::select(vec![22u16, 80, 21, 6667, 1024, 40000]),
        prop::sample::select(vec![0u64, 0x02, 0x12, 0x10, 0x01, 0x04]),
        payloads,
    )
        .prop_map(|(in_port, l4, src, dst, sport, dport, flags, payload)| {
            let mut valid: BTreeSet<&'static str> = ["eth", "ipv4"].into();
            let mut fields = std::collections::BTreeMap::new();
            fields.insert("src", 0x0a00_0001 + u64::from(src));
            fields.insert(
                "dst",
                if dst == 0 {
                    0x0a00_0064
                } else {
                    0xc633_6400 + u64::from(dst)
                },
            );
            let (h, proto) = match l4 {
                0 => ("tcp", 6),
                1 => ("udp", 17),
                _ => ("none", 1),
            };
            fields.insert("protocol", proto);
            if h != "none" {
                valid.insert(h);
                fields.insert("src_port", u64::from(sport));
                fields.insert("dst_port", u64::from(dport));
                fields.insert("flags", flags);
            }
            Packet {
                valid,
                fields,
                in_port,
                payload,
            }
        })
}

fn check(name: &str, c: &Compilation, pkts: &[Packet]) -> Result<usize, TestCaseError> {
    let ex = Exec::new(c);
    let mut ref_state = State::new(&c.program);
    let mut split_state = ref_state.clone();
    let mut visits = 0;
    for (n, p) in pkts.iter().enumerate() {
        let mut a = p.clone();
        let mut b = p.clone();
        let want = ex
            .run(Phase::Whole, 0, 0, &mut Env::new(), &mut a, &mut ref_state)
            .map_err(|e| TestCaseError::fail(format!("{name} reference: {e}")))?;
        let (got, visited) = run_split(&ex, &mut b, &mut split_state)
            .map_err(|e| TestCaseError::fail(format!("{name} packet {n}: {e}")))?;
        visits += usize::from(visited);
        prop_assert_eq!(&got, &want, "{} packet {}: verdict", name, n);
        prop_assert_eq!(&b, &a, "{} packet {}: packet", name, n);
    }
    prop_assert_eq!(split_state, ref_state, "{}: final state and events", name);
    Ok(visits)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn split_execution_equals_whole_execution(pkts in prop::collection::vec(packet(), 1..40)) {
        for name in ["mazunat", "lb", "firewall", "proxy", "trojan"] {
            let c = compile(name);
            let visits = check(name, &c, &pkts)?;
            if name == "firewall" || name == "proxy" {
                prop_assert_eq!(visits, 0, "{} never visits the server", name);
            }
        }
    }
}

#[test]
fn new_flows_visit_the_server_and_later_packets_do_not() {
    // MazuNAT: the first outbound packet of a flow allocates a port on the
    // server; its second packet is handled by the switch alone.
    let c = compile("mazunat");
    let ex = Exec::new(&c);
    let mut st = State::new(&c.program);
    let p = Packet {
        valid: ["eth", "ipv4", "tcp"].into(),
        fields: [
            ("src", 0x0a00_0001),
            ("dst", 0x0808_0808),
            ("protocol", 6),
            ("src_port", 40000),
            ("dst_port", 80),
        ]
        .into_iter()
        .collect(),
        in_port: 0,
        payload: Vec::new(),
    };
    let (v1, s1) = run_split(&ex, &mut p.clone(), &mut st).expect("runs");
    let (v2, s2) = run_split(&ex, &mut p.clone(), &mut st).expect("runs");
    assert_eq!((v1, s1), (Stop::Forward(1), true));
    assert_eq!((v2, s2), (Stop::Forward(1), false));
}
