//! The program skeleton for each architecture: types, parsers, controls, deparsers
//! and the package instantiation, following `v1model.p4` (BMv2 simple_switch) and
//! `tna.p4` (Tofino Native Architecture).

use pipe::program::*;

use super::control::{ControlEmitter, Uses};
use super::expr::{IN_PORT, Names, lit};
use super::out::Out;
use super::{Arch, Gress};

/// Internal metadata the emitted program uses to implement the model's forwarding
/// semantics exactly (sticky drop, no port chosen → drop, recirculation, write-back).
const INTERNAL_META: [(&str, u8); 6] = [
    ("tandem_drop", 1),
    ("tandem_fwd", 1),
    ("tandem_port", 9),
    ("tandem_recirc", 1),
    ("tandem_wb_visible", 8),
    ("tandem_wb_del", 1),
];

fn types(n: &Names<'_>, o: &mut Out) {
    let p = n.p;
    if n.arch == Arch::V1model {
        o.line("error { TandemReject }");
        o.line("");
    }
    for h in &p.headers {
        o.open(format!("header {}_t {{", h.name));
        for f in &h.fields {
            o.line(format!("bit<{}> {};", f.width, f.name));
        }
        o.close("}");
        o.line("");
    }
    if n.bridged {
        o.open("header tandem_bridge_t {");
        let mut bits = 0u32;
        for (name, w) in bridge_fields(p) {
            o.line(format!("bit<{w}> {name};"));
            bits += u32::from(w);
        }
        if bits % 8 != 0 {
            o.line(format!("bit<{}> pad_end;", 8 - bits % 8));
        }
        o.close("}");
        o.line("");
    }
    o.open("struct headers_t {");
    if n.bridged {
        o.line("tandem_bridge_t tandem_bridge;");
    }
    for h in &p.headers {
        o.line(format!("{}_t {};", h.name, h.name));
    }
    o.close("}");
    o.line("");
    o.open("struct metadata_t {");
    for (name, w) in meta_fields(n) {
        // v1model's recirculation primitive wants at least one field in its field
        // list; `tandem_recirc` is reset at the start of every ingress pass, so
        // keeping it preserves nothing (the model gives a recirculated packet
        // fresh metadata).
        let tag = if n.arch == Arch::V1model && name == "tandem_recirc" {
            "@field_list(0) "
        } else {
            ""
        };
        o.line(format!("{tag}bit<{w}> {name};"));
    }
    o.close("}");
    o.line("");
}

/// Every field of `metadata_t`: user metadata, the internal fields, checksum state.
fn meta_fields(n: &Names<'_>) -> Vec<(String, u8)> {
    let mut v: Vec<(String, u8)> =
        n.p.metadata
            .iter()
            .map(|m| (m.name.clone(), m.width))
            .collect();
    v.extend(INTERNAL_META.iter().map(|&(name, w)| (name.to_string(), w)));
    if parser_port(n) {
        v.push((IN_PORT.to_string(), 9));
    }
    v.extend(super::checksum::meta_fields(n));
    v
}

/// True when a v1model parser `select`s on `std.ingress_port`: BMv2 reports a
/// recirculated packet's original port there, so the parser's start state
/// computes the model's value (the recirculation port on a recirculated pass)
/// into [`IN_PORT`] first.
pub(crate) fn parser_port(n: &Names<'_>) -> bool {
    n.arch == Arch::V1model
        && n.p.parser.states.iter().any(|s| match &s.transition {
            Transition::Select { fields, .. } => fields
                .iter()
                .any(|f| f.header == STD && f.field == StdField::IngressPort.name()),
            _ => false,
        })
}

/// TNA parsers produce `meta` as an `out` parameter: start every field at 0, as
/// the model starts a packet's metadata.
fn tna_meta_init(n: &Names<'_>, o: &mut Out) {
    for (name, w) in meta_fields(n) {
        o.line(format!("meta.{name} = {w}w0;"));
    }
}

/// Fields carried from ingress to egress on TNA: intrinsic fields egress may read,
/// then user metadata (the model keeps metadata across the traffic manager).
fn bridge_fields(p: &Program) -> Vec<(String, u8)> {
    let mut v = vec![
        ("pad0".to_string(), 7),
        ("ingress_port".to_string(), 9),
        ("pad1".to_string(), 7),
        ("is_recirculated".to_string(), 1),
        ("timestamp".to_string(), 48),
    ];
    v.extend(
        p.metadata
            .iter()
            .map(|m| (format!("m_{}", m.name), m.width)),
    );
    v
}

fn next_state(n: &Names<'_>, next: &Next) -> String {
    match next {
        Next::Accept => "accept".to_string(),
        Next::Reject if n.arch == Arch::V1model => "tandem_reject".to_string(),
        Next::Reject => "reject".to_string(),
        Next::State(s) => format!("st_{s}"),
    }
}

/// The user parse graph as P4 states (prefixed `st_`).
/// `tna_checksums`: this (TNA) parser feeds the deparser's checksum units.
fn parse_states(n: &Names<'_>, o: &mut Out, g: Gress, pkt: &str, tna_checksums: bool) {
    for s in &n.p.parser.states {
        o.open(format!("state st_{} {{", s.name));
        for h in &s.extract {
            o.line(format!("{pkt}.extract(hdr.{h});"));
            super::checksum::after_extract(n, o, h, tna_checksums);
        }
        match &s.transition {
            Transition::Next(next) => o.line(format!("transition {};", next_state(n, next))),
            Transition::Select {
                fields,
                cases,
                default,
            } => {
                let exprs: Vec<String> = fields.iter().map(|f| n.parser_field(f, g)).collect();
                let widths: Vec<u8> = fields.iter().map(|f| n.width(f)).collect();
                o.open(format!("transition select({}) {{", exprs.join(", ")));
                for c in cases {
                    o.line(format!(
                        "{}: {};",
                        keyset(&widths, c.value, c.mask),
                        next_state(n, &c.next)
                    ));
                }
                o.line(format!("default: {};", next_state(n, default)));
                o.close("}");
            }
        }
        o.close("}");
    }
    let rejects = n.p.parser.states.iter().any(|s| match &s.transition {
        Transition::Next(next) => *next == Next::Reject,
        Transition::Select { cases, default, .. } => {
            *default == Next::Reject || cases.iter().any(|c| c.next == Next::Reject)
        }
    });
    if n.arch == Arch::V1model && rejects {
        // An explicit reject must reach ingress as a parser error (v1model does not
        // drop on its own); the model drops such packets.
        o.open("state tandem_reject {");
        o.line("verify(false, error.TandemReject);");
        // Never taken: the failed verify ends parsing with the error (an
        // explicit `transition reject` is one p4c-bm2-ss does not support).
        o.line("transition accept;");
        o.close("}");
    }
}

/// Splits a packed select value/mask into per-field keysets.
fn keyset(widths: &[u8], value: u64, mask: u64) -> String {
    let total: u32 = widths.iter().map(|&w| u32::from(w)).sum();
    let mut shift = total;
    let parts: Vec<String> = widths
        .iter()
        .map(|&w| {
            shift -= u32::from(w);
            let m = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
            let (v, mk) = ((value >> shift) & m, (mask >> shift) & m);
            if mk == m {
                lit(v, w)
            } else if mk == 0 {
                "_".to_string()
            } else {
                format!("{} &&& {}", lit(v & mk, w), lit(mk, w))
            }
        })
        .collect();
    if parts.len() == 1 {
        parts[0].clone()
    } else {
        format!("({})", parts.join(", "))
    }
}

fn ingress_finish(n: &Names<'_>, o: &mut Out) {
    o.open("if (meta.tandem_drop == 1w1 || meta.tandem_fwd == 1w0) {");
    match n.arch {
        Arch::V1model => {
            o.line("mark_to_drop(standard_metadata);");
            o.mid("} else {");
            o.line("standard_metadata.egress_spec = meta.tandem_port;");
            o.open(format!(
                "if (meta.tandem_port == {}) {{",
                lit(u64::from(n.p.recirc_port), 9)
            ));
            o.line("meta.tandem_recirc = 1w1;");
            o.close("}");
        }
        Arch::Tna => {
            o.line("ig_dprsr_md.drop_ctl = 3w1;");
            o.mid("} else {");
            o.line("ig_tm_md.ucast_egress_port = meta.tandem_port;");
            if n.bridged {
                o.line("hdr.tandem_bridge.setValid();");
                o.line("hdr.tandem_bridge.ingress_port = ig_intr_md.ingress_port;");
                o.line(format!(
                    "hdr.tandem_bridge.is_recirculated = {};",
                    n.field(&FieldRef::std(StdField::IsRecirculated), Gress::Ingress)
                ));
                o.line("hdr.tandem_bridge.timestamp = ig_prsr_md.global_tstamp;");
                for m in &n.p.metadata {
                    o.line(format!("hdr.tandem_bridge.m_{0} = meta.{0};", m.name));
                }
            }
        }
    }
    o.close("}");
}

fn control(n: &Names<'_>, o: &mut Out, g: Gress, signature: &str) {
    let stmts = match g {
        Gress::Ingress => &n.p.ingress,
        Gress::Egress => &n.p.egress,
    };
    let ce = ControlEmitter {
        n,
        g,
        uses: Uses::of(n.p, stmts),
    };
    o.open(format!("{signature} {{"));
    let before = o.buf.len();
    ce.declarations(o);
    if o.buf.len() > before {
        o.line("");
    }
    o.open("apply {");
    if g == Gress::Ingress {
        for (name, w) in INTERNAL_META {
            o.line(format!("meta.{name} = {w}w0;"));
        }
        let err = match n.arch {
            Arch::V1model => "standard_metadata.parser_error != error.NoError",
            Arch::Tna => "ig_prsr_md.parser_err != 16w0",
        };
        o.open(format!("if ({err}) {{"));
        match n.p.parser_error_port {
            // Out of that port unchanged: headers parsed so far are emitted
            // as they were, the rest is payload.
            Some(port) => {
                o.line("meta.tandem_fwd = 1w1;");
                o.line(format!("meta.tandem_port = {};", lit(u64::from(port), 9)));
            }
            None => o.line("meta.tandem_drop = 1w1;"),
        }
        o.mid("} else {");
        if ce.uses.tables.iter().any(|t| t.write_back.is_some()) {
            o.line(match n.arch {
                Arch::V1model => "tandem_wb_flag.apply();",
                Arch::Tna => "meta.tandem_wb_visible = tandem_wb_read.execute(32w0);",
            });
        }
        ce.stmts(o, stmts);
        o.close("}");
        ingress_finish(n, o);
    } else {
        ce.stmts(o, stmts);
        if n.arch == Arch::V1model {
            super::checksum::v1_updates(n, o);
            o.open("if (meta.tandem_recirc == 1w1) {");
            o.line("recirculate_preserving_field_list(8w0);");
            o.close("}");
        }
    }
    o.close("}");
    o.close("}");
    o.line("");
}

/// `checksums`: this (TNA) deparser runs the checksum units.
fn deparser_body(n: &Names<'_>, o: &mut Out, pkt: &str, bridge: bool, checksums: bool) {
    if checksums {
        super::checksum::tna_decls(n, o);
    }
    o.open("apply {");
    if checksums {
        super::checksum::tna_updates(n, o);
    }
    if bridge {
        o.line(format!("{pkt}.emit(hdr.tandem_bridge);"));
    }
    for h in &n.p.deparser {
        o.line(format!("{pkt}.emit(hdr.{h});"));
    }
    o.close("}");
}

pub(crate) fn v1model(n: &Names<'_>, o: &mut Out) {
    o.line("#include <core.p4>");
    o.line("#include <v1model.p4>");
    o.line("");
    types(n, o);
    o.open("parser TandemParser(packet_in packet, out headers_t hdr, inout metadata_t meta, inout standard_metadata_t standard_metadata) {");
    o.open("state start {");
    if parser_port(n) {
        o.line(format!("meta.{IN_PORT} = standard_metadata.ingress_port;"));
        o.open("transition select(standard_metadata.instance_type) {");
        o.line("32w4: tandem_recirculated;");
        o.line(format!("default: st_{};", n.p.parser.start));
        o.close("}");
        o.close("}");
        o.open("state tandem_recirculated {");
        o.line(format!(
            "meta.{IN_PORT} = {};",
            lit(u64::from(n.p.recirc_port), 9)
        ));
        o.line(format!("transition st_{};", n.p.parser.start));
    } else {
        o.line(format!("transition st_{};", n.p.parser.start));
    }
    o.close("}");
    parse_states(n, o, Gress::Ingress, "packet", false);
    o.close("}");
    o.line("");
    o.open("control TandemVerifyChecksum(inout headers_t hdr, inout metadata_t meta) {");
    o.line("apply { }");
    o.close("}");
    o.line("");
    control(
        n,
        o,
        Gress::Ingress,
        "control TandemIngress(inout headers_t hdr, inout metadata_t meta, inout standard_metadata_t standard_metadata)",
    );
    control(
        n,
        o,
        Gress::Egress,
        "control TandemEgress(inout headers_t hdr, inout metadata_t meta, inout standard_metadata_t standard_metadata)",
    );
    o.open("control TandemComputeChecksum(inout headers_t hdr, inout metadata_t meta) {");
    o.line("apply { }");
    o.close("}");
    o.line("");
    o.open("control TandemDeparser(packet_out packet, in headers_t hdr) {");
    deparser_body(n, o, "packet", false, false);
    o.close("}");
    o.line("");
    o.line("V1Switch(TandemParser(), TandemVerifyChecksum(), TandemIngress(), TandemEgress(), TandemComputeChecksum(), TandemDeparser()) main;");
}

pub(crate) fn tna(n: &Names<'_>, o: &mut Out) {
    o.line("#include <core.p4>");
    o.line("#include <tna.p4>");
    o.line("");
    types(n, o);
    o.open("parser IngressParser(packet_in pkt, out headers_t hdr, out metadata_t meta, out ingress_intrinsic_metadata_t ig_intr_md) {");
    if !n.bridged {
        super::checksum::tna_decls(n, o);
    }
    o.open("state start {");
    tna_meta_init(n, o);
    o.line("pkt.extract(ig_intr_md);");
    o.line("pkt.advance(PORT_METADATA_SIZE);");
    o.line(format!("transition st_{};", n.p.parser.start));
    o.close("}");
    parse_states(n, o, Gress::Ingress, "pkt", !n.bridged);
    o.close("}");
    o.line("");
    control(
        n,
        o,
        Gress::Ingress,
        "control Ingress(inout headers_t hdr, inout metadata_t meta, in ingress_intrinsic_metadata_t ig_intr_md, in ingress_intrinsic_metadata_from_parser_t ig_prsr_md, inout ingress_intrinsic_metadata_for_deparser_t ig_dprsr_md, inout ingress_intrinsic_metadata_for_tm_t ig_tm_md)",
    );
    o.open("control IngressDeparser(packet_out pkt, inout headers_t hdr, in metadata_t meta, in ingress_intrinsic_metadata_for_deparser_t ig_dprsr_md) {");
    deparser_body(n, o, "pkt", n.bridged, !n.bridged);
    o.close("}");
    o.line("");
    o.open("parser EgressParser(packet_in pkt, out headers_t hdr, out metadata_t meta, out egress_intrinsic_metadata_t eg_intr_md) {");
    if n.bridged {
        super::checksum::tna_decls(n, o);
    }
    o.open("state start {");
    tna_meta_init(n, o);
    o.line("pkt.extract(eg_intr_md);");
    if n.bridged {
        o.line("pkt.extract(hdr.tandem_bridge);");
        for m in &n.p.metadata {
            o.line(format!("meta.{0} = hdr.tandem_bridge.m_{0};", m.name));
        }
        o.line(format!("transition st_{};", n.p.parser.start));
    } else {
        // Egress does nothing: the packet passes through unparsed.
        o.line("transition accept;");
    }
    o.close("}");
    if n.bridged {
        parse_states(n, o, Gress::Egress, "pkt", true);
    }
    o.close("}");
    o.line("");
    control(
        n,
        o,
        Gress::Egress,
        "control Egress(inout headers_t hdr, inout metadata_t meta, in egress_intrinsic_metadata_t eg_intr_md, in egress_intrinsic_metadata_from_parser_t eg_prsr_md, inout egress_intrinsic_metadata_for_deparser_t eg_dprsr_md, inout egress_intrinsic_metadata_for_output_port_t eg_oport_md)",
    );
    o.open("control EgressDeparser(packet_out pkt, inout headers_t hdr, in metadata_t meta, in egress_intrinsic_metadata_for_deparser_t eg_dprsr_md) {");
    if n.bridged {
        deparser_body(n, o, "pkt", false, true);
    } else {
        o.line("apply { }");
    }
    o.close("}");
    o.line("");
    o.line("Pipeline(IngressParser(), Ingress(), IngressDeparser(), EgressParser(), Egress(), EgressDeparser()) pipe;");
    o.line("Switch(pipe) main;");
}
