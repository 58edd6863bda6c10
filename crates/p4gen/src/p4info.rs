//! A P4Info-like description (in the spirit of P4Runtime's `p4info.proto`): ids use
//! P4Runtime's prefixes (action 0x01, table 0x02, counter 0x12, meter 0x14, register 0x16) in the
//! top byte and the declaration index + 1 below.

use serde::{Deserialize, Serialize};

use pipe::program::{CounterKind, MatchKind, MeterKind, Program};

/// A match field or action parameter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct P4InfoField {
    /// 1-based position.
    pub id: u32,
    /// Name (`hdr.field` path for match fields).
    pub name: String,
    /// Width in bits.
    pub bitwidth: u8,
    /// `EXACT`, `TERNARY` or `LPM` for match fields; absent for parameters.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub match_type: Option<String>,
}

/// A table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct P4InfoTable {
    /// Id.
    pub id: u32,
    /// Name.
    pub name: String,
    /// Key.
    pub match_fields: Vec<P4InfoField>,
    /// Ids of allowed actions.
    pub action_ids: Vec<u32>,
    /// Id of the default action.
    pub default_action_id: u32,
    /// Maximum entries.
    pub size: u32,
    /// Whether entries report idle timeouts.
    pub idle_timeout_ns: Option<u64>,
    /// Write-back table for atomic updates (name and size), if any.
    pub write_back: Option<(String, u32)>,
}

/// An action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct P4InfoAction {
    /// Id.
    pub id: u32,
    /// Name.
    pub name: String,
    /// Parameters.
    pub params: Vec<P4InfoField>,
}

/// A register array.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct P4InfoRegister {
    /// Id.
    pub id: u32,
    /// Name.
    pub name: String,
    /// Cell width.
    pub bitwidth: u8,
    /// Cells.
    pub size: u32,
}

/// A counter array.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct P4InfoCounter {
    /// Id.
    pub id: u32,
    /// Name.
    pub name: String,
    /// `PACKETS`, `BYTES` or `BOTH`.
    pub unit: String,
    /// Cells.
    pub size: u32,
}

/// A meter array (two-rate three-color).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct P4InfoMeter {
    /// Id.
    pub id: u32,
    /// Name.
    pub name: String,
    /// `PACKETS` or `BYTES`.
    pub unit: String,
    /// Cells.
    pub size: u32,
}

/// The whole description.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct P4Info {
    /// Program name.
    pub program: String,
    /// Tables.
    pub tables: Vec<P4InfoTable>,
    /// Actions.
    pub actions: Vec<P4InfoAction>,
    /// Registers (including `tandem_wb_visible` when write-back tables exist).
    pub registers: Vec<P4InfoRegister>,
    /// Counters.
    pub counters: Vec<P4InfoCounter>,
    /// Meters (left out when there are none).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub meters: Vec<P4InfoMeter>,
    /// CPU port.
    pub cpu_port: u16,
    /// Recirculation port.
    pub recirc_port: u16,
}

fn id(prefix: u32, index: usize) -> u32 {
    (prefix << 24) | (index as u32 + 1)
}

pub(crate) fn build(p: &Program) -> P4Info {
    let action_id = |name: &str| {
        p.actions
            .iter()
            .position(|a| a.name == name)
            .map_or(0, |i| id(0x01, i))
    };
    // Validation refuses unknown fields: 0 is never written.
    let width = |h: &str, f: &str| p.field_width(h, f).unwrap_or(0);
    let mut registers: Vec<P4InfoRegister> = p
        .registers
        .iter()
        .enumerate()
        .map(|(i, r)| P4InfoRegister {
            id: id(0x16, i),
            name: r.name.clone(),
            bitwidth: r.width,
            size: r.size,
        })
        .collect();
    if p.tables.iter().any(|t| t.write_back.is_some()) {
        registers.push(P4InfoRegister {
            id: id(0x16, registers.len()),
            name: "tandem_wb_visible".into(),
            bitwidth: 8,
            size: 1,
        });
    }
    P4Info {
        program: p.name.clone(),
        tables: p
            .tables
            .iter()
            .enumerate()
            .map(|(i, t)| P4InfoTable {
                id: id(0x02, i),
                name: t.name.clone(),
                match_fields: t
                    .keys
                    .iter()
                    .enumerate()
                    .map(|(k, key)| P4InfoField {
                        id: k as u32 + 1,
                        name: key.field.to_string(),
                        bitwidth: width(&key.field.header, &key.field.field),
                        match_type: Some(
                            match key.kind {
                                MatchKind::Exact => "EXACT",
                                MatchKind::Ternary => "TERNARY",
                                MatchKind::Lpm => "LPM",
                            }
                            .to_string(),
                        ),
                    })
                    .collect(),
                action_ids: t.actions.iter().map(|a| action_id(a)).collect(),
                default_action_id: action_id(&t.default_action.action),
                size: t.size,
                idle_timeout_ns: t.idle_timeout.map(|d| d.as_nanos() as u64),
                write_back: t.write_back.map(|s| (format!("{}_wb", t.name), s)),
            })
            .collect(),
        actions: p
            .actions
            .iter()
            .enumerate()
            .map(|(i, a)| P4InfoAction {
                id: id(0x01, i),
                name: a.name.clone(),
                params: a
                    .params
                    .iter()
                    .enumerate()
                    .map(|(k, f)| P4InfoField {
                        id: k as u32 + 1,
                        name: f.name.clone(),
                        bitwidth: f.width,
                        match_type: None,
                    })
                    .collect(),
            })
            .collect(),
        registers,
        counters: p
            .counters
            .iter()
            .enumerate()
            .map(|(i, c)| P4InfoCounter {
                id: id(0x12, i),
                name: c.name.clone(),
                unit: match c.kind {
                    CounterKind::Packets => "PACKETS",
                    CounterKind::Bytes => "BYTES",
                    CounterKind::PacketsAndBytes => "BOTH",
                }
                .to_string(),
                size: c.size,
            })
            .collect(),
        meters: p
            .meters
            .iter()
            .enumerate()
            .map(|(i, m)| P4InfoMeter {
                id: id(0x14, i),
                name: m.name.clone(),
                unit: match m.kind {
                    MeterKind::Packets => "PACKETS",
                    MeterKind::Bytes => "BYTES",
                }
                .to_string(),
                size: m.size,
            })
            .collect(),
        cpu_port: p.cpu_port,
        recirc_port: p.recirc_port,
    }
}
