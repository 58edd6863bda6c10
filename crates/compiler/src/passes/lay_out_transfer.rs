//! Pass `lay_out_transfer`: the byte layout of the transfer header's values for
//! every punt and resume point (`wire::transfer`, `docs/GALLIUM.md`).
//!
//! Each live value is flattened into scalars (tuples element by element); each
//! scalar takes its width rounded up to whole bytes, big-endian, in value order.
//!
//! Before: `punt 0 values %15: (bit<8>, ipv4, bit<16>), %19: bit<16>`. After:
//!
//! ```text
//! to_server 0: %15.0 bit<8> @0 (1 B), %15.1 ipv4 @1 (4 B), %15.2 bit<16> @5 (2 B),
//!              %19 bit<16> @7 (2 B)          — 9 bytes
//! ```

use crate::context::{Compilation, CompileError};
use crate::model::{PointLayout, Slot};
use ir::{Type, ValueId};
use std::collections::HashMap;

/// Runs the pass.
pub fn lay_out_transfer(c: &mut Compilation) -> Result<(), CompileError> {
    let mut types: HashMap<ValueId, Type> = HashMap::new();
    for b in &c.program.handler.blocks {
        for (v, t) in b
            .params
            .iter()
            .chain(b.insts.iter().flat_map(|i| i.results.iter()))
        {
            types.insert(*v, t.clone());
        }
    }
    let mut layouts = Vec::new();
    for p in &c.punts {
        layouts.push(layout("to_server", p.id, &p.values, &types)?);
    }
    for r in &c.resumes {
        layouts.push(layout("to_switch", r.id, &r.values, &types)?);
    }
    c.layouts = layouts;
    Ok(())
}

fn layout(
    direction: &'static str,
    point: u16,
    values: &[ValueId],
    types: &HashMap<ValueId, Type>,
) -> Result<PointLayout, CompileError> {
    let mut slots = Vec::new();
    let mut offset = 0u32;
    for v in values {
        let ty = types.get(v).ok_or_else(|| CompileError::Pass {
            pass: "lay_out_transfer",
            message: format!("value %{} has no definition", v.0),
        })?;
        flatten(*v, ty, &mut Vec::new(), &mut slots, &mut offset);
    }
    if offset > u32::from(u16::MAX) {
        return Err(CompileError::Pass {
            pass: "lay_out_transfer",
            message: format!("point {point} needs {offset} bytes of values, more than 65535"),
        });
    }
    Ok(PointLayout {
        direction,
        point,
        slots,
        bytes: offset,
    })
}

fn flatten(v: ValueId, ty: &Type, path: &mut Vec<u32>, slots: &mut Vec<Slot>, offset: &mut u32) {
    if let Type::Tuple(ts) = ty {
        for (i, t) in ts.iter().enumerate() {
            path.push(u32::try_from(i).unwrap_or(u32::MAX));
            flatten(v, t, path, slots, offset);
            path.pop();
        }
        return;
    }
    let bits = ty.bit_width();
    let bytes = bits.div_ceil(8);
    slots.push(Slot {
        value: v,
        path: path.clone(),
        ty: ty.to_string(),
        bits,
        offset: *offset,
        bytes,
    });
    *offset += bytes;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuples_are_flattened_in_order_and_rounded_to_bytes() {
        let mut types = HashMap::new();
        types.insert(
            ValueId(15),
            Type::Tuple(vec![Type::Bits(8), Type::Ipv4, Type::Bits(16)]),
        );
        types.insert(ValueId(19), Type::Bits(12));
        types.insert(ValueId(3), Type::Bool);
        let l = layout(
            "to_server",
            0,
            &[ValueId(15), ValueId(19), ValueId(3)],
            &types,
        )
        .expect("lays out");
        let offs: Vec<(u32, u32)> = l.slots.iter().map(|s| (s.offset, s.bytes)).collect();
        assert_eq!(offs, vec![(0, 1), (1, 4), (5, 2), (7, 2), (9, 1)]);
        assert_eq!(l.bytes, 10);
        assert_eq!(l.slots[1].path, vec![1]);
        assert_eq!(l.slots[3].ty, "bit<12>");
    }

    #[test]
    fn undefined_value_is_an_error() {
        let e = layout("to_server", 0, &[ValueId(9)], &HashMap::new());
        assert!(e.is_err());
    }
}
