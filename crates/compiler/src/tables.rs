//! The switch state of a partition: one exact-match table per offloaded map or
//! vector lookup site (a read-only table may be copied, one copy per site, so each
//! copy is applied at most once per packet), a write-back table for replicated
//! maps (Gallium §4.3), and one register array per offloaded register. This is the
//! "table description" `tandem compile` writes, and a `pipe` program holding just
//! these objects lets the resource checker report their memory per stage.
//!
//! The report here covers state memory only; the whole switch program,
//! control flow included, is `crate::lower_switch`'s.

use crate::context::Compilation;
use crate::model::{Label, Placement};
use crate::passes::scalar_widths;
use ir::{Op, StateKind, Type};
use pipe::builder::{ProgramBuilder, action, apply, mem, reg_action, run, state, table};
use serde::Serialize;

/// Entries of a replicated map's write-back table (at most this many updates
/// per atomic batch; Gallium sizes it smaller than the main table).
pub const WRITE_BACK_ENTRIES: u32 = 1024;

/// The meter of the miss punts (one cell), which the switch program declares
/// when [`crate::Options::miss_punt_meter`] is set.
pub const MISS_PUNT_METER: &str = "miss_punt_meter";

/// One switch object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SwitchObject {
    /// Name in the switch program.
    pub name: String,
    /// The IR state object it holds.
    pub state: String,
    /// `exact_table` or `register`.
    pub kind: &'static str,
    /// Key field widths in bits (tables).
    pub key_bits: Vec<u32>,
    /// Value (action data or cell) widths in bits.
    pub value_bits: Vec<u32>,
    /// Entries or cells.
    pub size: u32,
    /// Write-back table entries (replicated maps).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub write_back: Option<u32>,
    /// Idle timeout in nanoseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub idle_timeout_ns: Option<u64>,
    /// Who writes it: `control_plane` (server updates), `initial` (installed at
    /// start, read-only) or `data_plane` (a register the switch updates).
    pub written_by: &'static str,
}

/// The switch objects of a partition, in state order.
pub fn switch_objects(c: &Compilation) -> Vec<SwitchObject> {
    let mut out = Vec::new();
    for (i, plan) in c.states.iter().enumerate() {
        let Some(decl) = c.program.states.get(i) else {
            continue;
        };
        // Lookup sites the switch runs (pre labels).
        let sites = c
            .ops
            .iter()
            .filter(|o| o.labels.contains(&Label::Pre))
            .filter(|o| {
                let b = &c.program.handler.blocks[o.at.block as usize];
                matches!(b.insts.get(o.at.index as usize).map(|i| &i.op),
                    Some(Op::MapGet(s, _) | Op::ArrayGet(s, _)) if s.0 as usize == i)
            })
            .count()
            .max(1);
        match (&decl.kind, plan.placement) {
            (_, Placement::Server) => {}
            (
                StateKind::Map {
                    key,
                    value,
                    capacity,
                    idle_timeout_ns,
                    ..
                },
                p,
            ) => {
                let replicated = p == Placement::Replicated;
                for s in 0..sites {
                    out.push(SwitchObject {
                        name: copy_name(&decl.name, s, sites),
                        state: decl.name.clone(),
                        kind: "exact_table",
                        key_bits: scalar_widths(key),
                        value_bits: scalar_widths(value),
                        size: *capacity,
                        write_back: replicated.then_some(WRITE_BACK_ENTRIES.min(*capacity)),
                        idle_timeout_ns: *idle_timeout_ns,
                        written_by: if replicated {
                            "control_plane"
                        } else {
                            "initial"
                        },
                    });
                }
            }
            (StateKind::Vector { elem, init }, _) => {
                for s in 0..sites {
                    out.push(SwitchObject {
                        name: copy_name(&decl.name, s, sites),
                        state: decl.name.clone(),
                        kind: "exact_table",
                        key_bits: vec![32],
                        value_bits: scalar_widths(elem),
                        size: u32::try_from(init.len()).unwrap_or(u32::MAX),
                        write_back: None,
                        idle_timeout_ns: None,
                        written_by: "initial",
                    });
                }
            }
            (StateKind::Register { ty, .. }, _) => out.push(register(&decl.name, ty, 1)),
            (StateKind::RegArray { elem, len }, _) => out.push(register(&decl.name, elem, *len)),
        }
    }
    out
}

fn copy_name(state: &str, site: usize, sites: usize) -> String {
    if sites == 1 {
        format!("t_{state}")
    } else {
        format!("t_{state}_{site}")
    }
}

fn register(name: &str, ty: &Type, size: u32) -> SwitchObject {
    SwitchObject {
        name: format!("r_{name}"),
        state: name.to_string(),
        kind: "register",
        key_bits: Vec::new(),
        value_bits: vec![ty.bit_width()],
        size,
        write_back: None,
        idle_timeout_ns: None,
        written_by: "data_plane",
    }
}

/// A `pipe` program holding exactly these objects (each table applied once,
/// each register used by one action), for the resource checker.
pub fn state_program(
    name: &str,
    objects: &[SwitchObject],
) -> Result<pipe::Program, pipe::ProgramError> {
    let mut b = ProgramBuilder::new(name);
    let mut headers: Vec<String> = Vec::new();
    let mut ingress = Vec::new();
    for o in objects {
        match o.kind {
            "exact_table" => {
                let h = format!("k_{}", o.name);
                let fields: Vec<(String, u8)> = o
                    .key_bits
                    .iter()
                    .enumerate()
                    .map(|(i, w)| {
                        (
                            format!("f{i}"),
                            u8::try_from((*w).max(1)).unwrap_or(u8::MAX),
                        )
                    })
                    .collect();
                let refs: Vec<(&str, u8)> = fields.iter().map(|(n, w)| (n.as_str(), *w)).collect();
                b.header(&h, &refs);
                headers.push(h.clone());
                let mut hit = action(&format!("hit_{}", o.name));
                for (i, w) in o.value_bits.iter().enumerate() {
                    hit = hit.param(
                        &format!("v{i}"),
                        u8::try_from((*w).max(1)).unwrap_or(u8::MAX),
                    );
                }
                b.action(hit);
                let miss = format!("miss_{}", o.name);
                b.action(action(&miss));
                let mut t = table(&o.name)
                    .action(&format!("hit_{}", o.name))
                    .default_action(&miss, &[])
                    .size(o.size.max(1));
                for (n, _) in &fields {
                    t = t.exact(&format!("{h}.{n}"));
                }
                if let Some(wb) = o.write_back {
                    t = t.write_back(wb.max(1));
                }
                if let Some(ns) = o.idle_timeout_ns {
                    t = t.idle_timeout(std::time::Duration::from_nanos(ns));
                }
                b.table(t);
                ingress.push(apply(&o.name));
            }
            _ => {
                let w =
                    u8::try_from(o.value_bits.first().copied().unwrap_or(1).max(1)).unwrap_or(64);
                b.register(&o.name, w, o.size.max(1));
                let ra = format!("ra_{}", o.name);
                b.reg_action(
                    reg_action(&ra, &o.name)
                        .then(Some(pipe::RegExpr::Leaf(mem())), pipe::RegOut::Old),
                );
                let act = format!("use_{}", o.name);
                b.action(action(&act).reg_exec(&ra, pipe::builder::c(0), None));
                ingress.push(run(&act, &[]));
            }
        }
    }
    let mut st = state("start");
    for h in &headers {
        st = st.extract(h);
    }
    b.state(st.accept());
    let order: Vec<&str> = headers.iter().map(String::as_str).collect();
    b.deparser(&order);
    b.ingress(ingress);
    b.build()
}

/// The resource checker's report on the switch objects (state memory only),
/// or why they do not fit together.
pub fn state_resources(c: &Compilation) -> Result<pipe::resources::Report, String> {
    let objects = switch_objects(c);
    let program =
        state_program(&format!("{}_state", c.program.name), &objects).map_err(|e| e.to_string())?;
    pipe::resources::check(&program, &c.options.profile).map_err(|e| e.to_string())
}

/// The program's initial switch state: entries of the tables holding
/// vectors and map `init` entries, and switch registers at their declared
/// value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InitialState {
    /// (table, entry), in object order.
    pub entries: Vec<(String, pipe::TableEntry)>,
    /// (register, value of element 0).
    pub registers: Vec<(String, u64)>,
    /// Tables only the initial state writes (read-only on the switch: vectors,
    /// maps nobody writes at run time), in object order.
    pub read_only_tables: Vec<String>,
}

/// The initial switch state of `c` ([`InitialState`]).
pub fn initial_state(c: &Compilation) -> InitialState {
    use ir::eval::flatten as flat;
    let mut out = InitialState::default();
    for o in &switch_objects(c) {
        let Some(decl) = c.program.states.iter().find(|d| d.name == o.state) else {
            continue;
        };
        if o.kind == "exact_table" && o.written_by == "initial" {
            out.read_only_tables.push(o.name.clone());
        }
        let entries: Vec<(Vec<u64>, Vec<u64>)> = match (&decl.kind, o.kind) {
            (StateKind::Vector { init, .. }, "exact_table") => init
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let mut vs = Vec::new();
                    flat(v, &mut vs);
                    (vec![i as u64], vs)
                })
                .collect(),
            (StateKind::Map { init, .. }, "exact_table") => init
                .iter()
                .map(|(k, v)| {
                    let (mut ks, mut vs) = (Vec::new(), Vec::new());
                    flat(k, &mut ks);
                    flat(v, &mut vs);
                    (ks, vs)
                })
                .collect(),
            (StateKind::Register { init, .. }, "register") => {
                out.registers
                    .push((o.name.clone(), ir::eval::scalar(init).unwrap_or(0)));
                continue;
            }
            _ => continue,
        };
        for (k, v) in entries {
            out.entries.push((
                o.name.clone(),
                pipe::TableEntry::exact(&k, &format!("hit_{}", o.name), &v),
            ));
        }
    }
    out
}

/// Loads a switch running the lowered program with the program's initial
/// state ([`initial_state`]) and configures the miss-punt meter
/// ([`crate::Options::miss_punt_meter`]) if the program has one. Errors
/// name the object.
pub fn install_initial(c: &Compilation, sw: &mut pipe::Switch) -> Result<(), String> {
    let meter = MISS_PUNT_METER;
    if let Some(m) = c.options.miss_punt_meter {
        if sw.program().meters.iter().any(|x| x.name == meter) {
            sw.set_meter(meter, 0, Some(m.config()))
                .map_err(|e| format!("meter {meter}: {e}"))?;
        }
    }
    let init = initial_state(c);
    for (name, value) in &init.registers {
        sw.write_register(name, 0, *value)
            .map_err(|e| format!("register {name}: {e}"))?;
    }
    for (table, entry) in init.entries {
        sw.insert(&table, entry)
            .map_err(|e| format!("table {table}: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, partition};

    const P: &str = "program t

state @m: map<(bit<8>, ipv4), bit<16>> capacity 4096 idle 1000ns
state @r: register<bit<16>> init 16w0

handler {
bb0:
  %0: bit<8> = const 8w6
  %1: ipv4 = get ipv4.src
  %2: (bit<8>, ipv4) = tuple (%0, %1)
  %3: bool, %4: bit<16> = map.get @m, %2
  br %3, bb1, bb2
bb1:
  forward %4
bb2:
  %5: bit<16> = reg.get @r
  map.insert @m, %2, %5
  %6: bit<16> = const 16w1
  forward %6
}
";

    #[test]
    fn describes_replicated_tables_and_registers() {
        // The register follows the replicated lookup: on the switch only with
        // the paper's placement.
        let o = Options {
            offload_stale_registers: true,
            ..Options::default()
        };
        let c = partition(&ir::parse(P).expect("parses"), &o).expect("partitions");
        assert_eq!(
            switch_objects(
                &partition(&ir::parse(P).expect("parses"), &Options::default()).expect("ok")
            )
            .len(),
            1,
            "by default the register stays on the server"
        );
        let objs = switch_objects(&c);
        assert_eq!(objs.len(), 2);
        assert_eq!(objs[0].name, "t_m");
        assert_eq!(objs[0].key_bits, vec![8, 32]);
        assert_eq!(objs[0].write_back, Some(WRITE_BACK_ENTRIES));
        assert_eq!(objs[0].idle_timeout_ns, Some(1000));
        assert_eq!(objs[0].written_by, "control_plane");
        assert_eq!(objs[1].name, "r_r");
        assert_eq!(objs[1].kind, "register");
        let report = state_resources(&c).expect("fits");
        // Main table, its write-back table and the register's action.
        assert!(report.tables.iter().any(|t| t.table == "t_m"));
        assert!(report.salus >= 1);
    }
}
