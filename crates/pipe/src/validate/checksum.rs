//! Resolution of checksum units: the target must be a 16-bit, 16-bit-aligned header
//! field; covered fields must be header fields.

use crate::error::ProgramError;
use crate::program::*;
use crate::resolved::*;

use super::Names;

fn header_field(
    names: &Names<'_>,
    headers: &[RHeader],
    place: &str,
    f: &FieldRef,
) -> Result<CsumField, ProgramError> {
    if f.header == META || f.header == STD {
        return Err(ProgramError::invalid(
            place,
            format!("`{f}` is not a packet header field"),
        ));
    }
    let h = *names
        .headers
        .get(f.header.as_str())
        .ok_or_else(|| ProgramError::unknown(place, "header", &f.header))?;
    let (slot, _) = *names
        .fields
        .get(&(f.header.as_str(), f.field.as_str()))
        .ok_or_else(|| ProgramError::unknown(place, "field", &f.to_string()))?;
    let rf = headers[usize::from(h)]
        .fields
        .iter()
        .find(|x| x.slot == slot)
        .copied()
        .ok_or_else(|| ProgramError::unknown(place, "field", &f.to_string()))?;
    Ok(CsumField {
        header: h,
        slot,
        offset: rf.offset,
        width: rf.width,
    })
}

pub(super) fn resolve_checksums(
    p: &Program,
    names: &Names<'_>,
    headers: &[RHeader],
) -> Result<Vec<RChecksum>, ProgramError> {
    let mut out = Vec::new();
    for c in &p.checksums {
        let place = format!("checksum `{}`", c.name);
        super::check_ident(&place, &c.name)?;
        let target = header_field(names, headers, &place, &c.target)?;
        if target.width != 16 || target.offset % 16 != 0 {
            return Err(ProgramError::invalid(
                place,
                format!(
                    "target `{}` must be a 16-bit field at a 16-bit boundary of its header",
                    c.target
                ),
            ));
        }
        let mut covered = Vec::new();
        for f in &c.covered {
            let cf = header_field(names, headers, &place, f)?;
            if cf.slot == target.slot {
                return Err(ProgramError::invalid(
                    place,
                    "the target is not one of its covered fields",
                ));
            }
            covered.push(cf);
        }
        if out.iter().any(|o: &RChecksum| o.target.slot == target.slot) {
            return Err(ProgramError::invalid(
                place,
                format!("`{}` already has a checksum unit", c.target),
            ));
        }
        out.push(RChecksum {
            target,
            covered,
            zero_means_none: c.zero_means_none,
        });
    }
    Ok(out)
}
