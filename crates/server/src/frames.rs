//! Transfer frames on the server's side of the switch–server link: taking a
//! punted frame apart (transfer header → live values + the original frame) and
//! building the frame that hands a packet back to switch post-processing.
//!
//! Layout (`docs/GALLIUM.md`): Ethernet (EtherType 0x88B6) · transfer header ·
//! values (each scalar its width in whole bytes, big-endian, at the offsets
//! `compiler::passes::lay_out_transfer` chose) · the rest of the packet, whose
//! EtherType the header's `ether_type` field holds.

use compiler::model::PointLayout;
use ir::{Type, Value, ValueId};
// Fx: these maps are looked up once or twice per punted packet, by small keys.
use rustc_hash::FxHashMap as HashMap;
use wire::transfer::{self, Kind};

const ETH_LEN: usize = wire::ethernet::HEADER_LEN;

/// A frame could not be taken apart or built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    /// Shorter than Ethernet + transfer header, or not EtherType 0x88B6.
    #[error("not a transfer frame ({0})")]
    NotTransfer(String),
    /// The header names a point the program does not have.
    #[error("transfer header names unknown {kind} point {point}")]
    UnknownPoint {
        /// `punt` or `resume`.
        kind: &'static str,
        /// The number.
        point: u16,
    },
    /// The values do not match the point's layout.
    #[error("values of point {point}: {message}")]
    Values {
        /// The point.
        point: u16,
        /// What is wrong.
        message: String,
    },
}

/// A punted packet taken apart.
#[derive(Debug, Clone, PartialEq)]
pub struct Punted {
    /// Punt point number.
    pub point: u16,
    /// The packet's ingress port on the switch.
    pub in_port: u16,
    /// The live values, by SSA value.
    pub values: Vec<(ValueId, Value)>,
    /// The packet without the transfer header (EtherType restored).
    pub frame: Vec<u8>,
}

/// Whether a frame on the server port carries a transfer header (else it is
/// a packet the switch's parser could not take, forwarded unchanged).
pub fn is_transfer(frame: &[u8]) -> bool {
    frame.len() >= ETH_LEN + transfer::HEADER_LEN
        && u16::from_be_bytes([frame[12], frame[13]]) == transfer::ETHER_TYPE
}

/// Splits a switch → server frame.
pub fn take_apart(
    frame: &[u8],
    layouts: &HashMap<(Kind, u16), PointLayout>,
    types: &HashMap<ValueId, Type>,
) -> Result<Punted, FrameError> {
    if frame.len() < ETH_LEN + transfer::HEADER_LEN {
        return Err(FrameError::NotTransfer(format!("{} bytes", frame.len())));
    }
    let et = u16::from_be_bytes([frame[12], frame[13]]);
    if et != transfer::ETHER_TYPE {
        return Err(FrameError::NotTransfer(format!("EtherType {et:#06x}")));
    }
    let view = transfer::Packet::new_checked(&frame[ETH_LEN..])
        .map_err(|e| FrameError::NotTransfer(e.to_string()))?;
    let repr = transfer::Repr::parse(&view).map_err(|e| FrameError::NotTransfer(e.to_string()))?;
    if repr.kind != Kind::ToServer {
        return Err(FrameError::NotTransfer("kind is switch-bound".into()));
    }
    let layout = layouts
        .get(&(Kind::ToServer, repr.point))
        .ok_or(FrameError::UnknownPoint {
            kind: "punt",
            point: repr.point,
        })?;
    let values = decode(layout, repr.values, types)?;
    let mut out = Vec::with_capacity(frame.len());
    out.extend_from_slice(&frame[..12]);
    out.extend_from_slice(&repr.ether_type.to_be_bytes());
    out.extend_from_slice(&frame[ETH_LEN + repr.buffer_len()..]);
    Ok(Punted {
        point: repr.point,
        in_port: repr.in_port,
        values,
        frame: out,
    })
}

/// Builds a server → switch frame for resume point `point` around `frame`
/// (a plain Ethernet frame).
pub fn resume_frame(
    frame: &[u8],
    point: u16,
    in_port: u16,
    values: &[(ValueId, Value)],
    layout: &PointLayout,
) -> Result<Vec<u8>, FrameError> {
    if frame.len() < ETH_LEN {
        return Err(FrameError::NotTransfer(format!("{} bytes", frame.len())));
    }
    let bytes = encode(layout, values)?;
    let repr = transfer::Repr {
        kind: Kind::ToSwitch,
        point,
        in_port,
        ether_type: u16::from_be_bytes([frame[12], frame[13]]),
        values: &bytes,
    };
    let mut out = vec![0u8; ETH_LEN + repr.buffer_len()];
    out[..12].copy_from_slice(&frame[..12]);
    out[12..14].copy_from_slice(&transfer::ETHER_TYPE.to_be_bytes());
    repr.emit(&mut transfer::Packet::new_unchecked(&mut out[ETH_LEN..]))
        .map_err(|e| FrameError::Values {
            point,
            message: e.to_string(),
        })?;
    out.extend_from_slice(&frame[ETH_LEN..]);
    Ok(out)
}

/// The layout's bytes for `values`.
pub fn encode(layout: &PointLayout, values: &[(ValueId, Value)]) -> Result<Vec<u8>, FrameError> {
    let err = |message: String| FrameError::Values {
        point: layout.point,
        message,
    };
    let mut out = vec![0u8; layout.bytes as usize];
    for s in &layout.slots {
        let mut v = values
            .iter()
            .find(|(id, _)| *id == s.value)
            .map(|(_, v)| v)
            .ok_or_else(|| err(format!("value %{} is missing", s.value.0)))?;
        for &k in &s.path {
            v = match v {
                Value::Tuple(xs) => xs
                    .get(k as usize)
                    .ok_or_else(|| err(format!("%{} has no element {k}", s.value.0)))?,
                _ => return Err(err(format!("%{} is not a tuple", s.value.0))),
            };
        }
        let x =
            ir::eval::scalar(v).ok_or_else(|| err(format!("%{} slot is a tuple", s.value.0)))?;
        let n = s.bytes as usize;
        let (lo, hi) = (s.offset as usize, s.offset as usize + n);
        if n > 8 || hi > out.len() {
            return Err(err(format!("slot of %{} is {n} bytes at {lo}", s.value.0)));
        }
        out[lo..hi].copy_from_slice(&x.to_be_bytes()[8 - n..]);
    }
    Ok(out)
}

/// The values a layout's bytes hold, typed from the program.
pub fn decode(
    layout: &PointLayout,
    bytes: &[u8],
    types: &HashMap<ValueId, Type>,
) -> Result<Vec<(ValueId, Value)>, FrameError> {
    let err = |message: String| FrameError::Values {
        point: layout.point,
        message,
    };
    if bytes.len() != layout.bytes as usize {
        return Err(err(format!(
            "{} bytes, the layout has {}",
            bytes.len(),
            layout.bytes
        )));
    }
    // (value, path in it, scalar) per slot; a later slot of the same place
    // replaces an earlier one. A layout has a handful of slots: scanned.
    let mut scalars: Vec<(u32, &[u32], u64)> = Vec::with_capacity(layout.slots.len());
    let mut order = Vec::new();
    for s in &layout.slots {
        let n = s.bytes as usize;
        let (lo, hi) = (s.offset as usize, s.offset as usize + n);
        let raw = bytes
            .get(lo..hi)
            .filter(|_| n <= 8)
            .ok_or_else(|| err(format!("slot of %{} is {n} bytes at {lo}", s.value.0)))?;
        let mut b = [0u8; 8];
        b[8 - n..].copy_from_slice(raw);
        let x = u64::from_be_bytes(b);
        match scalars
            .iter_mut()
            .find(|(v, p, _)| *v == s.value.0 && same_path(p, &s.path))
        {
            Some(place) => place.2 = x,
            None => scalars.push((s.value.0, &s.path, x)),
        }
        if !order.contains(&s.value) {
            order.push(s.value);
        }
    }
    order
        .into_iter()
        .map(|id| {
            let t = types
                .get(&id)
                .ok_or_else(|| err(format!("%{} has no type", id.0)))?;
            let v = build(t, &mut Vec::new(), id.0, &scalars)
                .ok_or_else(|| err(format!("%{} is not fully carried", id.0)))?;
            Ok((id, v))
        })
        .collect()
}

/// Paths are a few elements long: compared inline rather than by a
/// `memcmp` call (which a profile of a SYN flood showed at 4 %).
fn same_path(a: &[u32], b: &[u32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

fn build(t: &Type, path: &mut Vec<u32>, id: u32, scalars: &[(u32, &[u32], u64)]) -> Option<Value> {
    match t {
        Type::Tuple(ts) => {
            let mut xs = Vec::with_capacity(ts.len());
            for (i, e) in ts.iter().enumerate() {
                path.push(u32::try_from(i).ok()?);
                let v = build(e, path, id, scalars);
                path.pop();
                xs.push(v?);
            }
            Some(Value::Tuple(xs))
        }
        scalar => {
            let x = scalars
                .iter()
                .find(|(v, p, _)| *v == id && same_path(p, path))?
                .2;
            ir::eval::from_scalar(scalar, x)
        }
    }
}

/// Types of every SSA value of a handler (block parameters and results).
pub fn value_types(f: &ir::Function) -> HashMap<ValueId, Type> {
    let mut out = HashMap::default();
    for b in &f.blocks {
        for (v, t) in b
            .params
            .iter()
            .chain(b.insts.iter().flat_map(|i| i.results.iter()))
        {
            out.insert(*v, t.clone());
        }
    }
    out
}

/// Layouts of a compilation by (direction, point).
pub fn layouts_of(c: &compiler::Compilation) -> HashMap<(Kind, u16), PointLayout> {
    c.layouts
        .iter()
        .map(|l| {
            let k = if l.direction == "to_server" {
                Kind::ToServer
            } else {
                Kind::ToSwitch
            };
            ((k, l.point), l.clone())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use compiler::model::Slot;

    fn layout() -> PointLayout {
        let slot = |v: u32, path: Vec<u32>, ty: &str, bits: u32, offset: u32, bytes: u32| Slot {
            value: ValueId(v),
            path,
            ty: ty.into(),
            bits,
            offset,
            bytes,
        };
        PointLayout {
            direction: "to_server",
            point: 0,
            slots: vec![
                slot(1, vec![0], "bit<8>", 8, 0, 1),
                slot(1, vec![1], "ipv4", 32, 1, 4),
                slot(2, vec![], "bit<16>", 16, 5, 2),
            ],
            bytes: 7,
        }
    }

    fn types() -> HashMap<ValueId, Type> {
        HashMap::from_iter([
            (ValueId(1), Type::Tuple(vec![Type::Bits(8), Type::Ipv4])),
            (ValueId(2), Type::Bits(16)),
        ])
    }

    fn values() -> Vec<(ValueId, Value)> {
        vec![
            (
                ValueId(1),
                Value::Tuple(vec![Value::bits(8, 6), Value::Ipv4(0x0a00_0001)]),
            ),
            (ValueId(2), Value::bits(16, 1024)),
        ]
    }

    #[test]
    fn values_round_trip_through_the_layout() {
        let l = layout();
        let bytes = encode(&l, &values()).expect("encodes");
        assert_eq!(bytes, [6, 10, 0, 0, 1, 0x04, 0x00]);
        assert_eq!(decode(&l, &bytes, &types()).expect("decodes"), values());
        assert!(decode(&l, &bytes[..6], &types()).is_err(), "short values");
        assert!(encode(&l, &values()[..1]).is_err(), "a missing value");
    }

    #[test]
    fn a_punted_frame_comes_apart_into_values_and_the_original() {
        let mut l = layout();
        let original: Vec<u8> = (0u8..40)
            .map(|i| {
                if i == 12 {
                    0x08
                } else if i == 13 {
                    0
                } else {
                    i
                }
            })
            .collect();
        // Build as the switch would: reuse resume_frame, then flip the kind.
        l.direction = "to_switch";
        let mut f = resume_frame(&original, 0, 3, &values(), &l).expect("builds");
        f[ETH_LEN + 1] = 0; // kind 0 = to server
        l.direction = "to_server";
        let layouts = HashMap::from_iter([((Kind::ToServer, 0), l)]);
        let p = take_apart(&f, &layouts, &types()).expect("parses");
        assert_eq!((p.point, p.in_port), (0, 3));
        assert_eq!(p.values, values());
        assert_eq!(p.frame, original);
        // Unknown point, wrong EtherType and truncation are errors.
        f[ETH_LEN + 3] = 9;
        assert!(matches!(
            take_apart(&f, &layouts, &types()),
            Err(FrameError::UnknownPoint { point: 9, .. })
        ));
        assert!(take_apart(&original, &layouts, &types()).is_err());
        assert!(take_apart(&f[..20], &layouts, &types()).is_err());
    }

    proptest::proptest! {
        /// Whatever the switch port delivers, taking it apart never panics
        /// (also with a valid-looking transfer header in front of junk).
        #[test]
        fn arbitrary_frames_never_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..80)) {
            let layouts = HashMap::from_iter([((Kind::ToServer, 0), layout())]);
            let _ = take_apart(&bytes, &layouts, &types());
            let mut framed = bytes.clone();
            if framed.len() >= ETH_LEN + transfer::HEADER_LEN {
                framed[12..14].copy_from_slice(&transfer::ETHER_TYPE.to_be_bytes());
                framed[ETH_LEN] = transfer::VERSION;
                framed[ETH_LEN + 1] = 0;
                framed[ETH_LEN + 2] = 0;
                framed[ETH_LEN + 3] = 0;
                let _ = take_apart(&framed, &layouts, &types());
            }
        }
    }
}
