//! Lowering of a partition's switch side to ONE `pipe` program (Gallium §4.4,
//! "code generation"): the parser graph (Ethernet, the transfer header with one
//! values header per punt/resume point laid out as `lay_out_transfer` computed,
//! IPv4, TCP, UDP), one exact-match table per offloaded map or vector lookup site
//! (key = metadata the pre-processing computes, action data = the value, written
//! to metadata with a hit bit), one register array per offloaded register, the
//! punt actions (transfer header filled, out the server port) and the resume
//! actions (live values read back from the transfer header into metadata, header
//! removed, EtherType restored).
//!
//! The pre/post code itself (ALU operations, branches, lookups, register
//! accesses, forward/drop) is lowered by `lower_control` into the ingress:
//! `if transfer valid { resume_<N>; post code } else { pre code, ending in a
//! punt action where the server takes over }`. When some operation cannot be
//! lowered, or the result is refused by `pipe`'s validator, [`Lowered`] says
//! why in `warnings` and holds the skeleton instead (parser, tables, registers,
//! punt/resume actions; every table applied once) so the P4 and the resource
//! report still cover the state.

use crate::context::Compilation;
use crate::lower_control::{ControlLowering, SiteIo};
use crate::model::Label;
use crate::tables::{SwitchObject, switch_objects};
use pipe::builder::{
    ProgramBuilder, action, apply, c, eq, f, if_, mem, reg_action, run, state, table, valid,
};
use pipe::program::Stmt;

/// The switch port the middlebox server is attached to.
pub const SERVER_PORT: u16 = 64;

/// Widest field `pipe` accepts; wider transfer slots are split.
const MAX_FIELD_BITS: u32 = 64;

/// Error of the lowering: the program `pipe` refuses, with its reason.
#[derive(Debug, thiserror::Error)]
pub enum LowerError {
    /// The validator refused the lowered program.
    #[error("lowered switch program of {program} is invalid: {reason}")]
    Invalid {
        /// Program name.
        program: String,
        /// The validator's message.
        reason: String,
    },
}

/// The lowered switch program and what did not fit.
#[derive(Debug, Clone)]
pub struct Lowered {
    /// The validated `pipe` program.
    pub program: pipe::Program,
    /// Whether the pre/post code itself was lowered (else the program is the
    /// skeleton: parser, tables, registers, punt/resume actions).
    pub control_lowered: bool,
    /// Why the pre/post code was not lowered, if it was not.
    pub warnings: Vec<String>,
    /// The resource checker's report (Tofino-1 profile unless the options say
    /// otherwise), or why the program does not fit.
    pub resources: Result<pipe::resources::Report, String>,
}

/// Lowers the switch side of `c` to one `pipe` program, validates it and runs
/// the resource checker on it.
pub fn lower_switch(comp: &Compilation) -> Result<Lowered, LowerError> {
    match build(comp, true) {
        Ok((program, problems)) if problems.is_empty() => Ok(finish(comp, program, true, vec![])),
        Ok((_, problems)) => {
            let (program, _) = build(comp, false)?;
            Ok(finish(comp, program, false, problems))
        }
        Err(e) => {
            let (program, _) = build(comp, false)?;
            Ok(finish(comp, program, false, vec![e.to_string()]))
        }
    }
}

fn finish(
    comp: &Compilation,
    program: pipe::Program,
    control: bool,
    warnings: Vec<String>,
) -> Lowered {
    let resources =
        pipe::resources::check(&program, &comp.options.profile).map_err(|e| e.to_string());
    Lowered {
        program,
        control_lowered: control,
        warnings,
        resources,
    }
}

/// Builds the program: with `control`, the pre/post code is lowered; else
/// every table and register is applied once, unconditionally (skeleton).
fn build(comp: &Compilation, control: bool) -> Result<(pipe::Program, Vec<String>), LowerError> {
    let name = format!("{}_switch", comp.program.name);
    let mut b = ProgramBuilder::new(&name);
    let mut order: Vec<String> = Vec::new();
    let mut metas = headers(&mut b, comp, &mut order);
    let objects = switch_objects(comp);
    let mut ingress_fast = Vec::new();
    let mut cl = ControlLowering::new(comp);
    for o in &objects {
        let mut skeleton = Vec::new();
        let io = if control { cl.site_io(&o.name) } else { None };
        lower_object(&mut b, o, &mut skeleton, control, io);
        if !control {
            ingress_fast.extend(skeleton);
        }
    }
    let mut ingress_resume = Vec::new();
    let metered = metered_punts(comp);
    if !metered.is_empty() {
        declare_miss_punt_meter(&mut b, &metered, &mut cl);
    }
    if control {
        let punts: Vec<((usize, usize), String)> = comp
            .punts
            .iter()
            .map(|p| {
                (
                    (p.at.block as usize, p.at.index as usize),
                    format!("punt_{}", p.id),
                )
            })
            .collect();
        let punt_blocks: Vec<usize> = punts.iter().map(|((b, _), _)| *b).collect();
        let pre = |bi: usize| {
            comp.pre_blocks.get(bi).copied().unwrap_or(false) || punt_blocks.contains(&bi)
        };
        let stop = |bi: usize, ii: usize| {
            punts
                .iter()
                .find(|(at, _)| *at == (bi, ii))
                .map(|(_, n)| n.clone())
        };
        let stmts = cl.region(&mut b, 0, &pre, &stop);
        ingress_fast = cl.merge(stmts);
    }
    for l in &comp.layouts {
        let h = values_header(l.direction, l.point);
        let act = match l.direction {
            "to_server" => punt_action(&h, l, !l.slots.is_empty(), metered.contains(&l.point)),
            _ => resume_action(&h, l, !l.slots.is_empty(), post_reads_in_port(comp)),
        };
        let act_name = act.name.clone();
        b.action(act);
        if l.direction == "to_switch" {
            let mut then = vec![run(&act_name, &[])];
            if control {
                if let Some(r) = comp.resumes.iter().find(|r| r.id == l.point) {
                    let post = |bi: usize| comp.post_blocks.get(bi).copied().unwrap_or(false);
                    cl.in_port = crate::lower_control::RESUME_IN_PORT;
                    let stmts = cl.region(&mut b, r.block as usize, &post, &|_, _| None);
                    cl.in_port = "std.ingress_port";
                    then.extend(cl.merge(stmts));
                }
            }
            ingress_resume.push(if_(
                eq(f("transfer.point"), c(u64::from(l.point))),
                then,
                vec![],
            ));
        }
    }
    cl.declare(&mut b);
    for (n, w) in &cl.metas {
        metas.insert(n.clone(), *w);
    }
    for (n, w) in &metas {
        b.metadata(n, *w);
    }
    let ingress: Vec<Stmt> = vec![if_(valid("transfer"), ingress_resume, ingress_fast)];
    b.ingress(ingress);
    let refs: Vec<&str> = order.iter().map(String::as_str).collect();
    b.deparser(&refs);
    let program = b.build().map_err(|e| LowerError::Invalid {
        program: name.clone(),
        reason: e.to_string(),
    })?;
    Ok((program, cl.problems))
}

/// The meter of the miss punts (one cell); defined with the switch objects, whose
/// initial state installs its configuration.
pub use crate::tables::MISS_PUNT_METER;

/// The counter of packets the miss-punt meter dropped (one cell).
pub const MISS_PUNT_DROPPED: &str = "miss_punt_dropped";

/// Where a metered punt action writes its colour (0 green, 2 red).
const MISS_COLOR: &str = "meta.miss_color";

/// The punt points the miss-punt meter covers: the miss punts, when
/// [`crate::Options::miss_punt_meter`] is set.
fn metered_punts(comp: &Compilation) -> Vec<u16> {
    if comp.options.miss_punt_meter.is_none() {
        return Vec::new();
    }
    comp.punts.iter().filter(|p| p.miss).map(|p| p.id).collect()
}

/// The miss-punt meter: one packet-meter cell (configured by
/// `tables::install_initial`), the colour's metadata, and after each metered
/// punt action a drop of a red packet, counted in [`MISS_PUNT_DROPPED`]
/// (its own action, as every applied action is a table applied once). The colour is known after the punt
/// action's stage; the drop takes the next one.
fn declare_miss_punt_meter(b: &mut ProgramBuilder, metered: &[u16], cl: &mut ControlLowering<'_>) {
    b.meter(MISS_PUNT_METER, 1, pipe::program::MeterKind::Packets);
    b.counter(MISS_PUNT_DROPPED, 1, pipe::program::CounterKind::Packets);
    b.metadata("miss_color", 2);
    for p in metered {
        let drop = format!("miss_punt_drop_{p}");
        b.action(action(&drop).drop().count(MISS_PUNT_DROPPED, c(0)));
        cl.after_punt.insert(
            format!("punt_{p}"),
            vec![if_(
                eq(f(MISS_COLOR), c(pipe::meter::Color::Red.value())),
                vec![run(&drop, &[])],
                vec![],
            )],
        );
    }
}

/// Name of the values header of one point.
fn values_header(direction: &str, point: u16) -> String {
    match direction {
        "to_server" => format!("tv_punt{point}"),
        _ => format!("tv_resume{point}"),
    }
}

/// Field pieces of one slot: `(field name, metadata name, width)`; slots wider
/// than a `pipe` field are split into 64-bit pieces, most significant first.
fn pieces(slot: &crate::model::Slot) -> Vec<(String, String, u8)> {
    let total = slot.bytes * 8;
    let path: String = slot.path.iter().map(|p| format!("_{p}")).collect();
    let base = format!("v{}{path}", slot.value.0);
    let mut out = Vec::new();
    let mut left = total;
    let mut i = 0;
    while left > 0 {
        let w = left.min(MAX_FIELD_BITS);
        let suffix = if total > MAX_FIELD_BITS {
            format!("_{i}")
        } else {
            String::new()
        };
        out.push((
            format!("{base}{suffix}"),
            format!("{base}{suffix}"),
            u8::try_from(w).unwrap_or(64),
        ));
        left -= w;
        i += 1;
    }
    out
}

/// Declares the headers, the metadata of live values, and the parser graph.
fn headers(
    b: &mut ProgramBuilder,
    c: &Compilation,
    order: &mut Vec<String>,
) -> std::collections::BTreeMap<String, u8> {
    pipe::examples::ethernet_ipv4_l4(b);
    // Rewritten addresses and ports keep the IPv4/TCP/UDP checksums right.
    pipe::examples::l3l4_checksums(b);
    b.header(
        "transfer",
        &[
            ("version", 8),
            ("kind", 8),
            ("point", 16),
            ("in_port", 16),
            ("ether_type", 16),
            ("values_len", 16),
        ],
    );
    order.push("ethernet".into());
    order.push("transfer".into());
    let mut metas = std::collections::BTreeMap::new();
    let mut cases: Vec<(u64, String)> = Vec::new();
    for l in &c.layouts {
        if l.slots.is_empty() {
            continue;
        }
        let h = values_header(l.direction, l.point);
        let fields: Vec<(String, u8)> = l
            .slots
            .iter()
            .flat_map(pieces)
            .map(|(n, _, w)| (n, w))
            .collect();
        for (n, w) in &fields {
            metas.entry(n.clone()).or_insert(*w);
        }
        let refs: Vec<(&str, u8)> = fields.iter().map(|(n, w)| (n.as_str(), *w)).collect();
        b.header(&h, &refs);
        order.push(h.clone());
        let kind: u64 = if l.direction == "to_server" { 0 } else { 1 };
        cases.push(((kind << 16) | u64::from(l.point), format!("parse_{h}")));
        b.state(
            state(&format!("parse_{h}"))
                .extract(&h)
                .select(&["transfer.ether_type"], &[(0x0800, "parse_ipv4")]),
        );
    }
    for h in ["ipv4", "tcp", "udp"] {
        order.push(h.into());
    }
    // Ethernet → IPv4 or the transfer header (replaces the examples' start state).
    let case_refs: Vec<(u64, &str)> = cases.iter().map(|(v, s)| (*v, s.as_str())).collect();
    b.state(
        state("parse_transfer")
            .extract("transfer")
            .select(&["transfer.kind", "transfer.point"], &case_refs),
    );
    // Only frames from the server port may carry a transfer header: on a
    // traffic port EtherType 0x88B6 is just another non-IP frame, so nobody
    // outside can forge a resume.
    // What the parser cannot take goes to the server whole, which runs the
    // program on it (`server::Runtime::slow_path`).
    b.parser_error_port(SERVER_PORT);
    b.start("start_gallium");
    b.state(state("start_gallium").select_cases(
        &["std.ingress_port"],
        vec![pipe::SelectCase {
            value: u64::from(SERVER_PORT),
            mask: 0x1ff,
            next: pipe::Next::State("parse_ethernet_server".into()),
        }],
        pipe::Next::State("parse_ethernet_traffic".into()),
    ));
    // A tagged frame goes to the server whole: the language sees through one
    // 802.1Q tag (docs/LANGUAGE.md), the switch program does not parse tags.
    b.state(
        state("parse_ethernet_traffic")
            .extract("ethernet")
            .select_cases(
                &["ethernet.ether_type"],
                vec![
                    case(0x0800, u64::MAX, pipe::Next::State("parse_ipv4".into())),
                    case(0x8100, u64::MAX, pipe::Next::Reject),
                ],
                pipe::Next::Accept,
            ),
    );
    checked_ipv4_l4(b);
    b.state(state("parse_ethernet_server").extract("ethernet").select(
        &["ethernet.ether_type"],
        &[
            (0x0800, "parse_ipv4"),
            (u64::from(wire::transfer::ETHER_TYPE), "parse_transfer"),
        ],
    ));
    metas
}

fn case(value: u64, mask: u64, next: pipe::Next) -> pipe::SelectCase {
    pipe::SelectCase { value, mask, next }
}

/// The IPv4 and TCP parse states, checked so that the switch finds exactly the
/// headers the reference interpreter finds (`interp`'s header rules in
/// docs/LANGUAGE.md): IPv4 version 4 with a 20-byte header, TCP and UDP only on
/// unfragmented packets, a TCP data offset of at least 5. A header with options
/// or a version or offset the rules refuse makes the parser reject the frame,
/// which then goes to the server whole (`parser_error_port`); a fragment keeps
/// its IPv4 header and has no L4 header, as in the reference.
fn checked_ipv4_l4(b: &mut ProgramBuilder) {
    // Key: version(4) ihl(4) flags(3) frag_offset(13) protocol(8); MF is the
    // lowest flag bit.
    const V4_IHL5: u64 = (4 << 28) | (5 << 24);
    const VERSION_IHL: u64 = 0xff << 24;
    const MF_OFFSET: u64 = (1 << 21) | (0x1fff << 8);
    const PROTOCOL: u64 = 0xff;
    let unfragmented = VERSION_IHL | MF_OFFSET;
    b.replace_state(state("parse_ipv4").extract("ipv4").select_cases(
        &[
            "ipv4.version",
            "ipv4.ihl",
            "ipv4.flags",
            "ipv4.frag_offset",
            "ipv4.protocol",
        ],
        vec![
            case(
                V4_IHL5 | 6,
                unfragmented | PROTOCOL,
                pipe::Next::State("parse_tcp".into()),
            ),
            case(
                V4_IHL5 | 17,
                unfragmented | PROTOCOL,
                pipe::Next::State("parse_udp".into()),
            ),
            // Another protocol, or a fragment: IPv4 only.
            case(V4_IHL5, VERSION_IHL, pipe::Next::Accept),
        ],
        pipe::Next::Reject,
    ));
    b.replace_state(state("parse_tcp").extract("tcp").select_cases(
        &["tcp.data_offset"],
        vec![
            case(0, 0xc, pipe::Next::Reject),
            case(4, 0xf, pipe::Next::Reject),
        ],
        pipe::Next::Accept,
    ));
}

/// One offloaded table (keys and values in metadata) or register.
fn lower_object(
    b: &mut ProgramBuilder,
    o: &SwitchObject,
    ingress: &mut Vec<Stmt>,
    control: bool,
    io: Option<SiteIo>,
) {
    if o.kind == "exact_table" {
        let hit_name = format!("hit_{}", o.name);
        let miss_name = format!("miss_{}", o.name);
        let mut hit = action(&hit_name);
        let mut miss = action(&miss_name);
        let mut t = table(&o.name)
            .action(&hit_name)
            .default_action(&miss_name, &[])
            .size(o.size.max(1));
        match io {
            // Lowered code: match on the key's metadata, write the results'.
            Some(io) => {
                for (i, w) in o.value_bits.iter().enumerate() {
                    let w = u8::try_from((*w).clamp(1, MAX_FIELD_BITS)).unwrap_or(64);
                    let param = format!("v{i}");
                    hit = hit.param(&param, w);
                    if let Some(dst) = io.vals.get(i) {
                        hit = hit.assign(dst, pipe::builder::p(&param));
                    }
                }
                if let Some(found) = &io.found {
                    hit = hit.assign(found, c(1));
                    miss = miss.assign(found, c(0));
                }
                for k in &io.keys {
                    t = t.exact(k);
                }
            }
            None => {
                for (i, w) in o.value_bits.iter().enumerate() {
                    let w = u8::try_from((*w).clamp(1, MAX_FIELD_BITS)).unwrap_or(64);
                    let m = format!("{}_v{i}", o.name);
                    b.metadata(&m, w);
                    hit = hit
                        .param(&format!("v{i}"), w)
                        .assign(&format!("meta.{m}"), pipe::builder::p(&format!("v{i}")));
                }
                let hit_bit = format!("{}_hit", o.name);
                b.metadata(&hit_bit, 1);
                hit = hit.assign(&format!("meta.{hit_bit}"), c(1));
                for (i, w) in o.key_bits.iter().enumerate() {
                    let k = format!("{}_k{i}", o.name);
                    b.metadata(
                        &k,
                        u8::try_from((*w).clamp(1, MAX_FIELD_BITS)).unwrap_or(64),
                    );
                    t = t.exact(&format!("meta.{k}"));
                }
            }
        }
        b.action(hit);
        b.action(miss);
        if let Some(wb) = o.write_back {
            t = t.write_back(wb.max(1));
        }
        if let Some(ns) = o.idle_timeout_ns {
            t = t.idle_timeout(std::time::Duration::from_nanos(ns));
        }
        b.table(t);
        ingress.push(apply(&o.name));
    } else {
        let w = u8::try_from(o.value_bits.first().copied().unwrap_or(1).clamp(1, 64)).unwrap_or(64);
        b.register(&o.name, w, o.size.max(1));
        if control {
            return; // the lowered code reads and writes it where the IR does
        }
        let out = format!("{}_old", o.name);
        b.metadata(&out, w);
        let ra = format!("ra_{}", o.name);
        b.reg_action(
            reg_action(&ra, &o.name).then(Some(pipe::RegExpr::Leaf(mem())), pipe::RegOut::Old),
        );
        let act = format!("use_{}", o.name);
        b.action(action(&act).reg_exec(&ra, c(0), Some(&format!("meta.{out}"))));
        ingress.push(run(&act, &[]));
    }
}

/// Punt: transfer header and values header made valid and filled from the
/// live values' metadata, EtherType displaced, packet sent to the server; a
/// metered punt also runs the miss-punt meter.
fn punt_action(
    h: &str,
    l: &crate::model::PointLayout,
    has_values: bool,
    metered: bool,
) -> pipe::Action {
    let mut a = action(&format!("punt_{}", l.point))
        .set_valid("transfer")
        .assign("transfer.version", c(u64::from(wire::transfer::VERSION)))
        .assign("transfer.kind", c(0))
        .assign("transfer.point", c(u64::from(l.point)))
        .assign("transfer.in_port", f("std.ingress_port"))
        .assign("transfer.ether_type", f("ethernet.ether_type"))
        .assign("transfer.values_len", c(u64::from(l.bytes)))
        .assign(
            "ethernet.ether_type",
            c(u64::from(wire::transfer::ETHER_TYPE)),
        );
    if has_values {
        a = a.set_valid(h);
        for s in &l.slots {
            for (field, meta, _) in pieces(s) {
                a = a.assign(&format!("{h}.{field}"), f(&format!("meta.{meta}")));
            }
        }
    }
    if metered {
        a = a.execute_meter(MISS_PUNT_METER, c(0), MISS_COLOR);
    }
    a.forward(c(u64::from(SERVER_PORT))).into()
}

/// Whether any post-processing operation reads `in_port`.
fn post_reads_in_port(comp: &Compilation) -> bool {
    comp.ops.iter().any(|o| {
        o.labels.contains(&Label::Post)
            && comp
                .program
                .handler
                .blocks
                .get(o.at.block as usize)
                .and_then(|b| b.insts.get(o.at.index as usize))
                .is_some_and(|i| matches!(i.op, ir::Op::InPort))
    })
}

/// Resume: live values read back into metadata, transfer headers removed,
/// EtherType restored.
fn resume_action(
    h: &str,
    l: &crate::model::PointLayout,
    has_values: bool,
    keep_in_port: bool,
) -> pipe::Action {
    let mut a = action(&format!("resume_{}", l.point));
    if keep_in_port {
        // Post-processing reads `in_port`: the packet came from the server,
        // so its original ingress port comes from the transfer header.
        a = a.assign(crate::lower_control::RESUME_IN_PORT, f("transfer.in_port"));
    }
    if has_values {
        for s in &l.slots {
            for (field, meta, _) in pieces(s) {
                a = a.assign(&format!("meta.{meta}"), f(&format!("{h}.{field}")));
            }
        }
        a = a.set_invalid(h);
    }
    a.assign("ethernet.ether_type", f("transfer.ether_type"))
        .set_invalid("transfer")
        .into()
}
