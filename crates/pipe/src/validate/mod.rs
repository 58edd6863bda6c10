//! Validation: checks a [`Program`] and resolves it into the indexed form the
//! executor and resource checker use. One pass; the first error is returned.
//!
//! Checked here: unique names, widths (fields 1..=64 bits, headers whole bytes,
//! registers 1/8/16/32/64 bits), the parser graph (known states, acyclic, select keys
//! at most 64 bits), tables (known keys and actions, at most one LPM field, key at
//! most 256 bits, default action arity), and through [`lower`] every action and
//! control statement, including ALU legality and one access per register array.

mod checksum;
mod controls;
mod lower;
mod parser;
mod single_use;
mod stateful;

use std::collections::HashMap;

use crate::error::ProgramError;
use crate::program::*;
use crate::resolved::*;

/// Widest table key the model supports, in bits (keys are packed into 256 bits).
pub const MAX_KEY_BITS: u32 = 256;

impl Program {
    /// Checks the program; the error names what is wrong and where.
    pub fn validate(&self) -> Result<(), ProgramError> {
        resolve(self).map(|_| ())
    }
}

/// Name tables built while resolving.
pub(crate) struct Names<'p> {
    pub fields: HashMap<(&'p str, &'p str), (Slot, u8)>,
    pub headers: HashMap<&'p str, u16>,
    pub actions: HashMap<&'p str, u16>,
    pub tables: HashMap<&'p str, u16>,
    pub registers: HashMap<&'p str, u16>,
    pub reg_actions: HashMap<&'p str, u16>,
    pub hashes: HashMap<&'p str, u16>,
    pub counters: HashMap<&'p str, u16>,
    pub meters: HashMap<&'p str, u16>,
}

fn index<'p, T>(
    items: &'p [T],
    name: impl Fn(&'p T) -> &'p str,
    what: &'static str,
) -> Result<HashMap<&'p str, u16>, ProgramError> {
    let mut map = HashMap::new();
    if items.len() > usize::from(u16::MAX) {
        return Err(ProgramError::invalid(
            "program",
            format!("too many {what}s"),
        ));
    }
    for (i, item) in items.iter().enumerate() {
        let n = name(item);
        check_ident(&format!("{what} `{n}`"), n)?;
        if map.insert(n, i as u16).is_some() {
            return Err(ProgramError::Duplicate {
                what,
                name: n.to_string(),
            });
        }
    }
    Ok(map)
}

/// Words a name may not be: P4_16 keywords and names the emitters use.
const RESERVED: &[&str] = &[
    // Architecture externs, functions and the emitters' control names.
    "ig_intr_md",
    "ig_prsr_md",
    "ig_dprsr_md",
    "ig_tm_md",
    "eg_intr_md",
    "eg_prsr_md",
    "eg_dprsr_md",
    "eg_oport_md",
    "abstract",
    "optional",
    "this",
    "packet_in",
    "packet_out",
    "headers",
    "metadata",
    "tandem_bridge",
    "hash",
    "counter",
    "register",
    "direct_counter",
    "meter",
    "direct_meter",
    "Register",
    "Counter",
    "Hash",
    "RegisterAction",
    "mark_to_drop",
    "verify",
    "verify_checksum",
    "update_checksum",
    "recirculate",
    "recirculate_preserving_field_list",
    "resubmit",
    "clone",
    "digest",
    "truncate",
    "random",
    "log_msg",
    "assert",
    "assume",
    "Ingress",
    "Egress",
    "IngressParser",
    "EgressParser",
    "IngressDeparser",
    "EgressDeparser",
    "Pipeline",
    "Switch",
    "V1Switch",
    "TandemParser",
    "TandemIngress",
    "TandemEgress",
    "TandemDeparser",
    "TandemVerifyChecksum",
    "TandemComputeChecksum",
    "action",
    "actions",
    "apply",
    "bit",
    "bool",
    "const",
    "control",
    "default",
    "else",
    "entries",
    "enum",
    "error",
    "exit",
    "extern",
    "false",
    "header",
    "header_union",
    "if",
    "in",
    "inout",
    "int",
    "key",
    "list",
    "match_kind",
    "out",
    "package",
    "parser",
    "priority",
    "return",
    "select",
    "size",
    "state",
    "string",
    "struct",
    "switch",
    "table",
    "transition",
    "true",
    "tuple",
    "type",
    "typedef",
    "varbit",
    "void",
    "value_set",
    "hdr",
    "meta",
    "standard_metadata",
    "pkt",
    "packet",
    "main",
    "pipe",
    "NoAction",
    "accept",
    "reject",
    // Declarations of core.p4, v1model.p4 and tna.p4 a program name would shadow
    // (p4c warns about shadowing).
    "exact",
    "ternary",
    "lpm",
    "range",
    "selector",
    "NoError",
    "PacketTooShort",
    "NoMatch",
    "StackOutOfBounds",
    "HeaderTooShort",
    "ParserTimeout",
    "ParserInvalidArgument",
    "HashAlgorithm",
    "HashAlgorithm_t",
    "CounterType",
    "CounterType_t",
    "MeterType",
    "CloneType",
    "standard_metadata_t",
    "static_assert",
    "Checksum",
    "DirectCounter",
    "Meter",
    "DirectMeter",
    "ActionProfile",
    "ActionSelector",
    "Random",
    "Mirror",
    "Resubmit",
    "Digest",
    "PortId_t",
    "MirrorId_t",
    "QueueId_t",
    "PORT_METADATA_SIZE",
];

/// Checks an identifier: ASCII letters, digits and `_`, not starting with a digit,
/// not a P4 keyword, not in the emitters' `tandem_` namespace.
pub(crate) fn check_ident(place: &str, name: &str) -> Result<(), ProgramError> {
    let ok = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !ok {
        return Err(ProgramError::invalid(
            place,
            format!("`{name}` is not a valid name (ASCII letters, digits, `_`)"),
        ));
    }
    if RESERVED.contains(&name) || name.starts_with("tandem_") || name.starts_with("st_") {
        return Err(ProgramError::invalid(
            place,
            format!("`{name}` is reserved (P4 keyword or emitter name)"),
        ));
    }
    Ok(())
}

fn check_width(place: String, width: u8) -> Result<(), ProgramError> {
    if width == 0 || width > 64 {
        return Err(ProgramError::BadWidth {
            place,
            width: u32::from(width),
            allowed: "1..=64 bits",
        });
    }
    Ok(())
}

/// Validates and resolves a program.
pub(crate) fn resolve(p: &Program) -> Result<Resolved, ProgramError> {
    if p.cpu_port > 511 || p.recirc_port > 511 || p.cpu_port == p.recirc_port {
        return Err(ProgramError::invalid(
            "program",
            "cpu_port and recirc_port must be distinct 9-bit port numbers",
        ));
    }
    if p.parser_error_port.is_some_and(|q| q > 511) {
        return Err(ProgramError::invalid(
            "program",
            "parser_error_port must be a 9-bit port number",
        ));
    }
    let mut slot_widths: Vec<u8> = StdField::ALL.iter().map(|f| f.width()).collect();
    let mut fields = HashMap::new();
    for (i, f) in StdField::ALL.iter().enumerate() {
        fields.insert((STD, f.name()), (i as Slot, f.width()));
    }
    for m in &p.metadata {
        check_ident(&format!("metadata `{}`", m.name), &m.name)?;
        check_width(format!("metadata `{}`", m.name), m.width)?;
        if fields
            .insert(
                (META, m.name.as_str()),
                (slot_widths.len() as Slot, m.width),
            )
            .is_some()
        {
            return Err(ProgramError::Duplicate {
                what: "metadata field",
                name: m.name.clone(),
            });
        }
        slot_widths.push(m.width);
    }
    let header_idx = index(&p.headers, |h| h.name.as_str(), "header")?;
    let mut headers = Vec::new();
    for h in &p.headers {
        if h.name == META || h.name == STD {
            return Err(ProgramError::invalid(
                format!("header `{}`", h.name),
                "the name is reserved",
            ));
        }
        if h.fields.is_empty() || h.bits() % 8 != 0 {
            return Err(ProgramError::BadWidth {
                place: format!("header `{}`", h.name),
                width: h.bits(),
                allowed: "a non-zero whole number of bytes",
            });
        }
        let mut offset = 0;
        let mut rfields = Vec::new();
        for f in &h.fields {
            check_ident(&format!("header `{}`", h.name), &f.name)?;
            check_width(format!("field `{}.{}`", h.name, f.name), f.width)?;
            let slot = slot_widths.len();
            if slot >= usize::from(u16::MAX) {
                return Err(ProgramError::invalid("program", "too many fields"));
            }
            if fields
                .insert((h.name.as_str(), f.name.as_str()), (slot as Slot, f.width))
                .is_some()
            {
                return Err(ProgramError::Duplicate {
                    what: "field",
                    name: format!("{}.{}", h.name, f.name),
                });
            }
            slot_widths.push(f.width);
            rfields.push(RField {
                slot: slot as Slot,
                offset,
                width: f.width,
            });
            offset += u32::from(f.width);
        }
        headers.push(RHeader {
            bytes: (h.bits() / 8) as usize,
            fields: rfields,
        });
    }
    let names = Names {
        fields,
        headers: header_idx,
        actions: index(&p.actions, |a| a.name.as_str(), "action")?,
        tables: index(&p.tables, |t| t.name.as_str(), "table")?,
        registers: index(&p.registers, |r| r.name.as_str(), "register")?,
        reg_actions: index(&p.reg_actions, |r| r.name.as_str(), "register action")?,
        hashes: index(&p.hashes, |h| h.name.as_str(), "hash unit")?,
        counters: index(&p.counters, |c| c.name.as_str(), "counter")?,
        meters: index(&p.meters, |m| m.name.as_str(), "meter")?,
    };
    check_shared_namespace(p)?;
    let (states, start) = parser::resolve_parser(p, &names)?;
    let deparse = resolve_deparser(p, &names)?;
    let checksums = checksum::resolve_checksums(p, &names, &headers)?;
    let registers = resolve_registers(p)?;
    let hashes = resolve_hashes(p, &names)?;
    let counters = p
        .counters
        .iter()
        .map(|c| {
            if c.size == 0 {
                return Err(ProgramError::invalid(
                    format!("counter `{}`", c.name),
                    "size must be at least 1",
                ));
            }
            Ok(RCounter {
                name: c.name.clone(),
                size: c.size,
                kind: c.kind,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let meters = p
        .meters
        .iter()
        .map(|m| {
            if m.size == 0 {
                return Err(ProgramError::invalid(
                    format!("meter `{}`", m.name),
                    "size must be at least 1",
                ));
            }
            Ok(RMeter {
                name: m.name.clone(),
                size: m.size,
                kind: m.kind,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let lw = lower::Lowerer {
        p,
        names: &names,
        registers: &registers,
    };
    let reg_actions = p
        .reg_actions
        .iter()
        .map(|ra| lw.reg_action(ra))
        .collect::<Result<Vec<_>, _>>()?;
    let actions = p
        .actions
        .iter()
        .map(|a| lw.action(a))
        .collect::<Result<Vec<_>, _>>()?;
    let tables = p
        .tables
        .iter()
        .map(|t| lw.table(t, &actions))
        .collect::<Result<Vec<_>, _>>()?;
    let ingress = lw.control("ingress", &p.ingress, &actions)?;
    let egress = lw.control("egress", &p.egress, &actions)?;
    single_use::check_single_use(p, &actions, &reg_actions, &ingress, &egress)?;
    let mut slot_header = vec![None; slot_widths.len()];
    for (h, hdr) in headers.iter().enumerate() {
        for f in &hdr.fields {
            slot_header[usize::from(f.slot)] = Some(h as u16);
        }
    }
    Ok(Resolved {
        slot_widths,
        slot_header,
        headers,
        states,
        start,
        deparse,
        actions,
        tables,
        registers,
        reg_actions,
        hashes,
        counters,
        meters,
        checksums,
        ingress,
        egress,
        cpu_port: p.cpu_port,
        recirc_port: p.recirc_port,
        max_recirculations: p.max_recirculations,
    })
}

/// Actions, tables (and their `<table>_wb` write-back tables), registers, register
/// actions, hash units and counters are declared side by side in one P4 control,
/// so their names must differ from each other, not only within their kind.
fn check_shared_namespace(p: &Program) -> Result<(), ProgramError> {
    let mut seen: HashMap<String, &'static str> = HashMap::new();
    let names = p
        .actions
        .iter()
        .map(|a| (a.name.clone(), "action"))
        .chain(p.tables.iter().map(|t| (t.name.clone(), "table")))
        .chain(
            p.tables
                .iter()
                .filter(|t| t.write_back.is_some())
                .map(|t| (crate::wb_table(&t.name), "write-back table")),
        )
        .chain(p.registers.iter().map(|r| (r.name.clone(), "register")))
        .chain(
            p.reg_actions
                .iter()
                .map(|r| (r.name.clone(), "register action")),
        )
        .chain(p.hashes.iter().map(|h| (h.name.clone(), "hash unit")))
        .chain(p.counters.iter().map(|c| (c.name.clone(), "counter")))
        .chain(p.meters.iter().map(|m| (m.name.clone(), "meter")))
        .chain(p.checksums.iter().map(|c| (c.name.clone(), "checksum")));
    let names: Vec<(String, &'static str)> = names.collect();
    for a in &p.actions {
        for prm in &a.params {
            check_ident(&format!("action `{}` parameter", a.name), &prm.name)?;
            // Externs an action body may call must not be shadowed by a parameter.
            let extern_kinds = [
                "register",
                "register action",
                "hash unit",
                "counter",
                "meter",
            ];
            if let Some((_, what)) = names
                .iter()
                .find(|(n, w)| n == &prm.name && extern_kinds.contains(w))
            {
                return Err(ProgramError::invalid(
                    format!("action `{}` parameter `{}`", a.name, prm.name),
                    format!("a {what} has the same name and would be shadowed in P4"),
                ));
            }
        }
    }
    for (name, what) in names {
        if let Some(other) = seen.insert(name.clone(), what) {
            if other != what {
                return Err(ProgramError::invalid(
                    format!("{what} `{name}`"),
                    format!("a {other} has the same name; P4 declares both in one scope"),
                ));
            }
        }
    }
    Ok(())
}

fn resolve_deparser(p: &Program, names: &Names<'_>) -> Result<Vec<u16>, ProgramError> {
    let mut out = Vec::new();
    for h in &p.deparser {
        let i = *names
            .headers
            .get(h.as_str())
            .ok_or_else(|| ProgramError::unknown("deparser", "header", h))?;
        if out.contains(&i) {
            return Err(ProgramError::invalid(
                "deparser",
                format!("header `{h}` is emitted twice"),
            ));
        }
        out.push(i);
    }
    if let Some(missing) = p.headers.iter().find(|h| !p.deparser.contains(&h.name)) {
        return Err(ProgramError::invalid(
            "deparser",
            format!(
                "header `{}` is never emitted; list every header",
                missing.name
            ),
        ));
    }
    Ok(out)
}

fn resolve_registers(p: &Program) -> Result<Vec<RRegister>, ProgramError> {
    p.registers
        .iter()
        .map(|r| {
            let place = format!("register `{}`", r.name);
            if ![1, 8, 16, 32, 64].contains(&r.width) {
                return Err(ProgramError::BadWidth {
                    place,
                    width: u32::from(r.width),
                    allowed: "1, 8, 16, 32 or 64 bits",
                });
            }
            if r.size == 0 {
                return Err(ProgramError::invalid(place, "size must be at least 1"));
            }
            Ok(RRegister {
                name: r.name.clone(),
                width: r.width,
                size: r.size,
            })
        })
        .collect()
}

fn resolve_hashes(p: &Program, names: &Names<'_>) -> Result<Vec<RHash>, ProgramError> {
    p.hashes
        .iter()
        .map(|h| {
            let place = format!("hash unit `{}`", h.name);
            let mut inputs = Vec::new();
            let mut bits = 0u32;
            for f in &h.inputs {
                let (slot, w) = lower::lookup_field(names, &place, f)?;
                bits += u32::from(w);
                inputs.push((slot, w));
            }
            let max_out = match h.algo {
                HashAlgo::Crc16 => 16,
                HashAlgo::Crc32 => 32,
                HashAlgo::Identity => 64,
            };
            if h.width == 0 || h.width > max_out {
                return Err(ProgramError::BadWidth {
                    place,
                    width: u32::from(h.width),
                    allowed: "1..=16 (crc16), 1..=32 (crc32), 1..=64 (identity)",
                });
            }
            if inputs.is_empty() || bits > 512 || (h.algo != HashAlgo::Identity && bits % 8 != 0) {
                return Err(ProgramError::BadWidth {
                    place,
                    width: bits,
                    allowed: "inputs of 8..=512 bits, whole bytes for CRCs",
                });
            }
            Ok(RHash {
                algo: h.algo,
                inputs,
                width: h.width,
            })
        })
        .collect()
}
