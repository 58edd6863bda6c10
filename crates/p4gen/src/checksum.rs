//! Emission of checksum units ([`pipe::program::ChecksumUnit`]).
//!
//! * v1model: the parser saves the original value of every covered field (and a
//!   "parsed" flag per header) in metadata; the end of egress applies RFC 1624
//!   eqn. 3 word by word for each field whose value changed — the executor's exact
//!   arithmetic, written with 32-bit adds and two end-around-carry folds.
//! * tna: the Tofino idiom — the parser `subtract`s the covered fields and the old
//!   checksum and deposits the residual in metadata; the deparser `update`s with the
//!   current fields plus the residual, which is the same incremental formula.
//!   Limits: fields of headers parsed after the target are not subtracted, and a
//!   zero UDP checksum is recomputed rather than kept.

use pipe::program::*;

use super::Arch;
use super::expr::{Names, lit};
use super::out::Out;

/// A covered field with its header and bit offset there.
struct Cov<'p> {
    header: &'p str,
    field: &'p str,
    offset: u32,
    width: u8,
}

fn locate<'p>(p: &'p Program, f: &'p FieldRef) -> Option<Cov<'p>> {
    let h = p.headers.iter().find(|h| h.name == f.header)?;
    let mut offset = 0;
    for x in &h.fields {
        if x.name == f.field {
            return Some(Cov {
                header: &h.name,
                field: &x.name,
                offset,
                width: x.width,
            });
        }
        offset += u32::from(x.width);
    }
    None
}

/// Covered fields that can change: written by some action, or in a header some
/// action makes valid or invalid. The others contribute nothing (the executor
/// prunes them the same way).
fn live<'p>(p: &'p Program, c: &'p ChecksumUnit) -> Vec<&'p FieldRef> {
    let ops = || p.actions.iter().flat_map(|a| a.ops.iter());
    let written = |f: &FieldRef| {
        ops().any(|op| match op {
            Op::Set { dst, .. } | Op::Hash { dst, .. } => dst == f,
            Op::RegExec { dst: Some(d), .. } => d == f,
            _ => false,
        })
    };
    let toggled =
        |h: &str| ops().any(|op| matches!(op, Op::SetValid(x) | Op::SetInvalid(x) if x == h));
    c.covered
        .iter()
        .filter(|f| written(f) || toggled(&f.header))
        .collect()
}

/// Headers whose parse the v1model program records, and covered fields it saves.
fn tracked(p: &Program) -> (Vec<&str>, Vec<(&str, &str, u8)>) {
    let mut headers: Vec<&str> = Vec::new();
    let mut fields: Vec<(&str, &str, u8)> = Vec::new();
    for c in &p.checksums {
        let changing = live(p, c);
        if changing.is_empty() {
            continue;
        }
        let covs = std::iter::once(&c.target)
            .chain(changing)
            .filter_map(|f| locate(p, f));
        for (i, cv) in covs.enumerate() {
            if !headers.contains(&cv.header) {
                headers.push(cv.header);
            }
            let key = (cv.header, cv.field, cv.width);
            if i > 0 && !fields.contains(&key) {
                fields.push(key);
            }
        }
    }
    (headers, fields)
}

/// Extra metadata fields the checksum emission needs.
pub(crate) fn meta_fields(n: &Names<'_>) -> Vec<(String, u8)> {
    match n.arch {
        Arch::V1model => {
            let (headers, fields) = tracked(n.p);
            let mut v: Vec<(String, u8)> = headers
                .iter()
                .map(|h| (format!("tandem_p_{h}"), 1))
                .collect();
            v.extend(
                fields
                    .iter()
                    .map(|(h, f, w)| (format!("tandem_o_{h}_{f}"), *w)),
            );
            v
        }
        Arch::Tna => {
            n.p.checksums
                .iter()
                .map(|c| (format!("tandem_res_{}", c.name), 16))
                .collect()
        }
    }
}

/// Statements after a parser state extracted header `h`.
pub(crate) fn after_extract(n: &Names<'_>, o: &mut Out, h: &str, tna_here: bool) {
    match n.arch {
        Arch::V1model => {
            let (headers, fields) = tracked(n.p);
            if headers.contains(&h) {
                o.line(format!("meta.tandem_p_{h} = 1w1;"));
            }
            for (fh, f, _) in fields.iter().filter(|(fh, _, _)| *fh == h) {
                o.line(format!("meta.tandem_o_{fh}_{f} = hdr.{fh}.{f};"));
            }
        }
        Arch::Tna if tna_here => {
            for c in &n.p.checksums {
                let mine: Vec<String> = live(n.p, c)
                    .into_iter()
                    .filter(|f| f.header == h)
                    .map(|f| format!("hdr.{}.{}", f.header, f.field))
                    .collect();
                if !mine.is_empty() {
                    o.line(format!(
                        "tandem_ck_{}.subtract({{ {} }});",
                        c.name,
                        mine.join(", ")
                    ));
                }
                if c.target.header == h {
                    o.line(format!(
                        "tandem_ck_{}.subtract({{ hdr.{}.{} }});",
                        c.name, h, c.target.field
                    ));
                    o.line(format!(
                        "tandem_ck_{0}.subtract_all_and_deposit(meta.tandem_res_{0});",
                        c.name
                    ));
                }
            }
        }
        Arch::Tna => {}
    }
}

/// `Checksum()` instances for a TNA parser or deparser.
pub(crate) fn tna_decls(n: &Names<'_>, o: &mut Out) {
    for c in &n.p.checksums {
        o.line(format!("Checksum() tandem_ck_{};", c.name));
    }
}

/// TNA deparser updates (inside `apply`, before the emits).
pub(crate) fn tna_updates(n: &Names<'_>, o: &mut Out) {
    for c in &n.p.checksums {
        let mut list: Vec<String> = live(n.p, c)
            .iter()
            .map(|f| format!("hdr.{}.{}", f.header, f.field))
            .collect();
        list.push(format!("meta.tandem_res_{}", c.name));
        let t = &c.target;
        o.open(format!("if (hdr.{}.isValid()) {{", t.header));
        o.line(format!(
            "hdr.{}.{} = tandem_ck_{}.update({{ {} }});",
            t.header,
            t.field,
            c.name,
            list.join(", ")
        ));
        o.close("}");
    }
}

/// v1model: the incremental updates at the end of egress.
/// A unit none of whose covered fields can change is left out: the checksum stays
/// as parsed, which is what the update would compute.
pub(crate) fn v1_updates(n: &Names<'_>, o: &mut Out) {
    for c in &n.p.checksums {
        let changing = live(n.p, c);
        if changing.is_empty() {
            continue;
        }
        let (th, tf) = (&c.target.header, &c.target.field);
        let mut cond = format!("hdr.{th}.isValid() && meta.tandem_p_{th} == 1w1");
        if c.zero_means_none {
            cond.push_str(&format!(" && hdr.{th}.{tf} != 16w0"));
        }
        o.line(format!(
            "// checksum {}: RFC 1624 eqn. 3 per changed word",
            c.name
        ));
        o.open(format!("if ({cond}) {{"));
        o.line(format!("bit<16> tandem_hc = hdr.{th}.{tf};"));
        o.line("bit<32> tandem_s;");
        for cv in changing.into_iter().filter_map(|f| locate(n.p, f)) {
            let (h, f, w) = (cv.header, cv.field, cv.width);
            let old = format!(
                "(meta.tandem_p_{h} == 1w1 ? meta.tandem_o_{h}_{f} : {})",
                lit(0, w)
            );
            let new = format!("(hdr.{h}.isValid() ? hdr.{h}.{f} : {})", lit(0, w));
            let start = cv.offset % 16;
            let words = (start + u32::from(w)).div_ceil(16);
            let wide = words * 16;
            let pad = wide - start - u32::from(w);
            let widen = |v: &str| {
                let cast = if u32::from(w) == wide {
                    v.to_string()
                } else {
                    format!("((bit<{wide}>){v})")
                };
                if pad == 0 {
                    cast
                } else {
                    format!("({cast} << {pad})")
                }
            };
            o.open(format!("if ({old} != {new}) {{"));
            o.line(format!("bit<{wide}> tandem_ow = {};", widen(&old)));
            o.line(format!("bit<{wide}> tandem_nw = {};", widen(&new)));
            for k in 0..words {
                let hi = wide - 1 - 16 * k;
                let lo = hi - 15;
                o.line(format!(
                    "tandem_s = ((bit<32>)(~tandem_hc)) + ((bit<32>)(~tandem_ow[{hi}:{lo}])) + ((bit<32>)tandem_nw[{hi}:{lo}]);"
                ));
                o.line("tandem_s = (tandem_s & 32w0xffff) + (tandem_s >> 16);");
                o.line("tandem_s = (tandem_s & 32w0xffff) + (tandem_s >> 16);");
                o.line("tandem_hc = ~((bit<16>)tandem_s);");
            }
            o.close("}");
        }
        if c.zero_means_none {
            o.open("if (tandem_hc == 16w0) {");
            o.line("tandem_hc = 16w0xffff;");
            o.close("}");
        }
        o.line(format!("hdr.{th}.{tf} = tandem_hc;"));
        o.close("}");
    }
}
