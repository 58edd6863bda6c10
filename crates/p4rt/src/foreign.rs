//! A switch program's P4Info as the switch knows it — p4c's, with p4c's ids
//! (hashes of names) and fully qualified names (`TandemIngress.nat`) — held
//! against a `pipe` program's switch part, and the translation of entries in
//! the emitted P4's names (`nat`, `nat_wb`, `tandem_wb_delete_nat`,
//! `tandem_wb_flag`) to and from P4Runtime entities by that P4Info.
//!
//! Objects are matched **by name**: a table, action or register of the
//! program is the P4Info object whose name is the program's name or ends in
//! `.` + it (p4c prefixes the control); match fields by their `@name` (the
//! emitted P4 gives each key the program's field path), action parameters by
//! name. Widths and match kinds must agree; meters by name, with their size
//! and unit. [`ForeignInfo::check`] names the first object that differs.

use std::collections::HashMap;

use pipe::{KeyMatch, MatchKind, Program, TableEntry, Update};

use crate::proto::p4::config::v1 as cfg;
use crate::proto::p4::v1 as p4;
use crate::value;

/// A match field of a P4Info table.
#[derive(Debug, Clone)]
struct Field {
    id: u32,
    name: String,
    width: u8,
    kind: Option<MatchKind>,
}

/// A table of the P4Info.
#[derive(Debug, Clone)]
struct Table {
    id: u32,
    name: String,
    fields: Vec<Field>,
    actions: Vec<u32>,
    size: i64,
}

/// An action of the P4Info.
#[derive(Debug, Clone)]
struct Action {
    id: u32,
    name: String,
    params: Vec<(u32, String, u8)>,
}

/// A meter array of the P4Info.
#[derive(Debug, Clone)]
struct Meter {
    id: u32,
    name: String,
    size: i64,
    unit: Option<pipe::program::MeterKind>,
}

/// Where the switch holds the write-back visibility bit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    /// The default action of the one-entry table [`pipe::WB_FLAG_TABLE`]
    /// (the emitted v1model program): any P4Runtime server can write it.
    FlagTable {
        /// The table's id.
        table_id: u32,
        /// Its action's id.
        action_id: u32,
        /// The action's parameter id.
        param_id: u32,
    },
    /// Cell 0 of the register [`pipe::WB_VISIBLE`] (the emitted TNA
    /// program; BMv2's P4Runtime server cannot write registers).
    Register {
        /// The register's id.
        register_id: u32,
    },
    /// The program has no write-back tables.
    None,
}

/// A P4Info from the switch (or the user), checked against a program.
#[derive(Debug, Clone)]
pub struct ForeignInfo {
    tables: Vec<Table>,
    actions: Vec<Action>,
    registers: Vec<(u32, String, u8)>,
    /// Counters (id, name): read for summaries, not required.
    counters: Vec<(u32, String)>,
    meters: Vec<Meter>,
    table_by_id: HashMap<u32, usize>,
    action_by_id: HashMap<u32, usize>,
    visibility: Visibility,
    /// Program tables the emitted P4 leaves out (never applied).
    absent: Vec<String>,
    /// The program's tables with an idle timeout, in ns: what their
    /// entries carry (write-back entries carry none).
    idle_ns: HashMap<String, u64>,
}

/// Why a P4Info does not describe a program's switch part.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the switch's P4Info does not fit the program: {0}")]
pub struct Mismatch(pub String);

/// Whether a qualified P4Info name is the program's `name`.
fn same(qualified: &str, name: &str) -> bool {
    qualified == name
        || qualified
            .strip_suffix(name)
            .is_some_and(|p| p.ends_with('.'))
}

fn name_of(p: &Option<cfg::Preamble>) -> (u32, String) {
    p.as_ref()
        .map_or((0, String::new()), |p| (p.id, p.name.clone()))
}

fn width(bits: i32) -> u8 {
    u8::try_from(bits).unwrap_or(u8::MAX)
}

impl ForeignInfo {
    /// Reads `info` (any P4Info) and checks that it describes `program`'s
    /// switch part as Tandem emits it: every table with the same match
    /// fields (names, widths, kinds) and actions, every action with the same
    /// parameters, every register, every meter (size and unit), and for the
    /// write-back tables the
    /// `<table>_wb` tables with their deletion actions and the visibility
    /// bit (a `tandem_wb_flag` table or a `tandem_wb_visible` register).
    pub fn check(info: &cfg::P4Info, program: &Program) -> Result<ForeignInfo, Mismatch> {
        let tables: Vec<Table> = info
            .tables
            .iter()
            .map(|t| {
                let (id, name) = name_of(&t.preamble);
                Table {
                    id,
                    name,
                    fields: t
                        .match_fields
                        .iter()
                        .map(|m| Field {
                            id: m.id,
                            name: m.name.clone(),
                            width: width(m.bitwidth),
                            kind: match m.r#match {
                                Some(cfg::match_field::Match::MatchType(k)) => {
                                    match cfg::match_field::MatchType::try_from(k) {
                                        Ok(cfg::match_field::MatchType::Exact) => {
                                            Some(MatchKind::Exact)
                                        }
                                        Ok(cfg::match_field::MatchType::Ternary) => {
                                            Some(MatchKind::Ternary)
                                        }
                                        Ok(cfg::match_field::MatchType::Lpm) => {
                                            Some(MatchKind::Lpm)
                                        }
                                        _ => None,
                                    }
                                }
                                _ => None,
                            },
                        })
                        .collect(),
                    actions: t.action_refs.iter().map(|a| a.id).collect(),
                    size: t.size,
                }
            })
            .collect();
        let actions: Vec<Action> = info
            .actions
            .iter()
            .map(|a| {
                let (id, name) = name_of(&a.preamble);
                Action {
                    id,
                    name,
                    params: a
                        .params
                        .iter()
                        .map(|p| (p.id, p.name.clone(), width(p.bitwidth)))
                        .collect(),
                }
            })
            .collect();
        let registers = info
            .registers
            .iter()
            .map(|r| {
                let (id, name) = name_of(&r.preamble);
                let w = match r.type_spec.as_ref().and_then(|s| s.type_spec.as_ref()) {
                    Some(cfg::p4_data_type_spec::TypeSpec::Bitstring(b)) => match &b.type_spec {
                        Some(cfg::p4_bitstring_like_type_spec::TypeSpec::Bit(x)) => {
                            width(x.bitwidth)
                        }
                        _ => 0,
                    },
                    _ => 0,
                };
                (id, name, w)
            })
            .collect();
        let counters = info.counters.iter().map(|c| name_of(&c.preamble)).collect();
        let meters = info
            .meters
            .iter()
            .map(|m| {
                let (id, name) = name_of(&m.preamble);
                let unit =
                    m.spec
                        .as_ref()
                        .and_then(|s| match cfg::meter_spec::Unit::try_from(s.unit) {
                            Ok(cfg::meter_spec::Unit::Packets) => {
                                Some(pipe::program::MeterKind::Packets)
                            }
                            Ok(cfg::meter_spec::Unit::Bytes) => {
                                Some(pipe::program::MeterKind::Bytes)
                            }
                            _ => None,
                        });
                Meter {
                    id,
                    name,
                    size: m.size,
                    unit,
                }
            })
            .collect();
        let mut f = ForeignInfo {
            table_by_id: tables.iter().enumerate().map(|(i, t)| (t.id, i)).collect(),
            action_by_id: actions.iter().enumerate().map(|(i, a)| (a.id, i)).collect(),
            tables,
            actions,
            registers,
            counters,
            meters,
            visibility: Visibility::None,
            absent: Vec::new(),
            idle_ns: program
                .tables
                .iter()
                .filter_map(|t| {
                    let ns = u64::try_from(t.idle_timeout?.as_nanos()).unwrap_or(u64::MAX);
                    Some((t.name.clone(), ns))
                })
                .collect(),
        };
        f.check_program(program)?;
        Ok(f)
    }

    fn table(&self, name: &str) -> Option<&Table> {
        self.tables.iter().find(|t| same(&t.name, name))
    }

    fn action(&self, name: &str) -> Option<&Action> {
        self.actions.iter().find(|a| same(&a.name, name))
    }

    fn check_program(&mut self, p: &Program) -> Result<(), Mismatch> {
        // What the emitted P4 holds: the tables the controls apply, their
        // actions and the actions run directly (p4c drops the rest).
        let mut applied = Vec::new();
        let mut run = Vec::new();
        walk(&p.ingress, &mut applied, &mut run);
        walk(&p.egress, &mut applied, &mut run);
        for t in &p.tables {
            if !applied.contains(&t.name) {
                self.absent.push(t.name.clone());
            }
        }
        let used: Vec<&str> = p
            .tables
            .iter()
            .filter(|t| applied.contains(&t.name))
            .flat_map(|t| {
                t.actions
                    .iter()
                    .map(String::as_str)
                    .chain(std::iter::once(t.default_action.action.as_str()))
            })
            .chain(run.iter().map(String::as_str))
            .collect();
        for a in p.actions.iter().filter(|a| used.contains(&a.name.as_str())) {
            let theirs = self
                .action(&a.name)
                .ok_or_else(|| Mismatch(format!("action `{}` is missing", a.name)))?;
            if theirs.params.len() != a.params.len() {
                return Err(Mismatch(format!(
                    "action `{}` has {} parameters, the program's {}",
                    a.name,
                    theirs.params.len(),
                    a.params.len()
                )));
            }
            for prm in &a.params {
                match theirs.params.iter().find(|(_, n, _)| *n == prm.name) {
                    None => {
                        return Err(Mismatch(format!(
                            "action `{}`: parameter `{}` is missing",
                            a.name, prm.name
                        )));
                    }
                    Some((_, _, w)) if *w != prm.width => {
                        return Err(Mismatch(format!(
                            "action `{}`, parameter `{}`: {w} bits, the program's {}",
                            a.name, prm.name, prm.width
                        )));
                    }
                    Some(_) => {}
                }
            }
        }
        for t in p.tables.iter().filter(|t| applied.contains(&t.name)) {
            self.check_table(p, &t.name, t, &t.actions)?;
            if t.write_back.is_some() {
                let wb = pipe::wb_table(&t.name);
                let del = pipe::wb_delete_action(&t.name);
                if self.action(&del).is_none() {
                    return Err(Mismatch(format!(
                        "action `{del}` (deletion marker of `{wb}`) is missing"
                    )));
                }
                let mut acts = t.actions.clone();
                acts.push(del);
                self.check_table(p, &wb, t, &acts)?;
            }
        }
        // A register the switch part's actions never touch is not in p4c's
        // P4Info: only the ones present are held against the program.
        for r in &p.registers {
            match self.registers.iter().find(|(_, n, _)| same(n, &r.name)) {
                None => {}
                Some((_, _, w)) if *w != r.width => {
                    return Err(Mismatch(format!(
                        "register `{}`: cells of {w} bits, the program's {}",
                        r.name, r.width
                    )));
                }
                Some(_) => {}
            }
        }
        // Every meter the emitted P4 executes (p4c drops the others; one
        // present anyway is held against the program too).
        let executed: Vec<&str> = p
            .actions
            .iter()
            .filter(|a| used.contains(&a.name.as_str()))
            .flat_map(|a| a.ops.iter())
            .filter_map(|o| match o {
                pipe::program::Op::ExecuteMeter { meter, .. } => Some(meter.as_str()),
                _ => None,
            })
            .collect();
        for m in &p.meters {
            let Some(theirs) = self.meters.iter().find(|x| same(&x.name, &m.name)) else {
                if executed.contains(&m.name.as_str()) {
                    return Err(Mismatch(format!("meter `{}` is missing", m.name)));
                }
                continue;
            };
            if theirs.size != i64::from(m.size) {
                return Err(Mismatch(format!(
                    "meter `{}`: {} cells, the program's {}",
                    m.name, theirs.size, m.size
                )));
            }
            if theirs.unit != Some(m.kind) {
                return Err(Mismatch(format!(
                    "meter `{}`: metering {:?}, the program's {:?}",
                    m.name, theirs.unit, m.kind
                )));
            }
        }
        if p.tables.iter().any(|t| t.write_back.is_some()) {
            self.visibility = if let Some(t) = self.table(pipe::WB_FLAG_TABLE) {
                let a = self.action(pipe::WB_FLAG_ACTION).ok_or_else(|| {
                    Mismatch(format!("action `{}` is missing", pipe::WB_FLAG_ACTION))
                })?;
                let param_id = match a.params.as_slice() {
                    [(id, _, 8)] => *id,
                    _ => {
                        return Err(Mismatch(format!(
                            "action `{}` must take one 8-bit parameter",
                            pipe::WB_FLAG_ACTION
                        )));
                    }
                };
                Visibility::FlagTable {
                    table_id: t.id,
                    action_id: a.id,
                    param_id,
                }
            } else if let Some((id, _, _)) = self
                .registers
                .iter()
                .find(|(_, n, _)| same(n, pipe::WB_VISIBLE))
            {
                Visibility::Register { register_id: *id }
            } else {
                return Err(Mismatch(format!(
                    "the write-back visibility bit is missing (table `{}` or register `{}`)",
                    pipe::WB_FLAG_TABLE,
                    pipe::WB_VISIBLE
                )));
            };
        }
        Ok(())
    }

    fn check_table(
        &self,
        p: &Program,
        name: &str,
        t: &pipe::program::Table,
        actions: &[String],
    ) -> Result<(), Mismatch> {
        let theirs = self
            .table(name)
            .ok_or_else(|| Mismatch(format!("table `{name}` is missing")))?;
        if theirs.fields.len() != t.keys.len() {
            return Err(Mismatch(format!(
                "table `{name}` has {} match fields, the program's {}",
                theirs.fields.len(),
                t.keys.len()
            )));
        }
        for (k, f) in t.keys.iter().zip(&theirs.fields) {
            let want = k.field.to_string();
            let w = p.field_width(&k.field.header, &k.field.field).unwrap_or(0);
            if f.name != want {
                return Err(Mismatch(format!(
                    "table `{name}`: match field `{}` where the program has `{want}`",
                    f.name
                )));
            }
            if f.width != w || f.kind != Some(k.kind) {
                return Err(Mismatch(format!(
                    "table `{name}`, match field `{want}`: {} bits {:?}, the program's {w} bits {:?}",
                    f.width, f.kind, k.kind
                )));
            }
        }
        for a in actions {
            let id = self.action(a).map(|x| x.id);
            if !id.is_some_and(|id| theirs.actions.contains(&id)) {
                return Err(Mismatch(format!(
                    "table `{name}`: action `{a}` is not one of its actions"
                )));
            }
        }
        Ok(())
    }

    /// Whether the switch holds table `name` (a program table the controls
    /// never apply is not in the emitted P4: nothing on the switch reads it).
    pub fn on_switch(&self, name: &str) -> bool {
        !self.absent.iter().any(|a| a == name)
    }

    /// Where the visibility bit is.
    pub fn visibility(&self) -> Visibility {
        self.visibility
    }

    /// Size the P4Info declares for table `name` (emitted P4 name).
    pub fn table_size(&self, name: &str) -> Option<i64> {
        self.table(name).map(|t| t.size)
    }

    /// The P4Runtime id of table `name` (emitted P4 name).
    pub fn table_id(&self, name: &str) -> Option<u32> {
        self.table(name).map(|t| t.id)
    }

    /// The P4Runtime id of register `name`.
    pub fn register_id(&self, name: &str) -> Option<u32> {
        self.registers
            .iter()
            .find(|(_, n, _)| same(n, name))
            .map(|r| r.0)
    }

    /// The P4Runtime id of meter `name`.
    pub fn counter_id(&self, name: &str) -> Option<u32> {
        self.counters
            .iter()
            .find(|(_, n)| same(n, name))
            .map(|c| c.0)
    }

    /// The P4Runtime id of meter `name`.
    pub fn meter_id(&self, name: &str) -> Option<u32> {
        self.meters
            .iter()
            .find(|m| same(&m.name, name))
            .map(|m| m.id)
    }

    /// Entry `e` of table `table` (emitted P4 name: a main table or a
    /// write-back table) as P4Runtime writes it; `key_only` leaves the action
    /// out (deletes). `idle_ns` is the table's idle timeout (0: none).
    pub fn entry_to_p4(
        &self,
        table: &str,
        e: &TableEntry,
        key_only: bool,
        idle_ns: u64,
    ) -> Result<p4::TableEntry, String> {
        let t = self
            .table(table)
            .ok_or_else(|| format!("no table `{table}` on the switch"))?;
        if e.key.len() != t.fields.len() {
            return Err(format!(
                "table `{table}`: {} key fields, the switch's {}",
                e.key.len(),
                t.fields.len()
            ));
        }
        let r#match = e
            .key
            .iter()
            .zip(&t.fields)
            .filter_map(|(m, f)| crate::schema::field_match(m, f.width, f.id))
            .collect();
        let action = if key_only {
            None
        } else {
            let a = self
                .action(&e.action)
                .ok_or_else(|| format!("table `{table}`: no action `{}`", e.action))?;
            if a.params.len() != e.args.len() {
                return Err(format!(
                    "action `{}`: {} arguments for {} parameters",
                    e.action,
                    e.args.len(),
                    a.params.len()
                ));
            }
            Some(p4::TableAction {
                r#type: Some(p4::table_action::Type::Action(p4::Action {
                    action_id: a.id,
                    params: a
                        .params
                        .iter()
                        .zip(&e.args)
                        .map(|((id, _, w), v)| p4::action::Param {
                            param_id: *id,
                            value: value::encode(*v, *w),
                        })
                        .collect(),
                })),
            })
        };
        Ok(p4::TableEntry {
            table_id: t.id,
            r#match,
            action,
            priority: i32::try_from(e.priority).unwrap_or(i32::MAX),
            idle_timeout_ns: i64::try_from(idle_ns).unwrap_or(i64::MAX),
            ..Default::default()
        })
    }

    /// The idle timeout the entries of table `name` (emitted P4 name)
    /// carry, ns (0: none, also for every write-back table).
    pub fn idle_timeout_ns(&self, name: &str) -> u64 {
        self.idle_ns.get(name).copied().unwrap_or(0)
    }

    /// A `pipe` update of a table as P4Runtime writes it to this switch
    /// (entries with their table's idle timeout, a delete by its key).
    pub fn update_to_p4(&self, u: &Update) -> Result<p4::Update, String> {
        self.update_to_p4_idle(u, self.idle_timeout_ns(u.table()))
    }

    /// [`ForeignInfo::update_to_p4`] with entries carrying the idle timeout
    /// `idle_ns` (0: none) instead of their table's.
    pub fn update_to_p4_idle(&self, u: &Update, idle_ns: u64) -> Result<p4::Update, String> {
        let (kind, entry, key_only) = crate::schema::update_parts(u);
        let te = self.entry_to_p4(u.table(), &entry, key_only, idle_ns)?;
        Ok(crate::schema::table_update(kind, te))
    }

    /// The emitted-P4 table name and `pipe` entry of a P4Runtime entry (an
    /// absent action reads as an empty one).
    pub fn entry_from_p4(&self, e: &p4::TableEntry) -> Result<(String, TableEntry), String> {
        let t = self
            .table_by_id
            .get(&e.table_id)
            .map(|&i| &self.tables[i])
            .ok_or_else(|| format!("no table with id {:#x} on the switch", e.table_id))?;
        let short = t.name.rsplit('.').next().unwrap_or(&t.name).to_string();
        let mut key = Vec::with_capacity(t.fields.len());
        for f in &t.fields {
            let what = format!("table `{short}`, match field `{}`", f.name);
            use p4::field_match::FieldMatchType as F;
            let m = e.r#match.iter().find(|m| m.field_id == f.id);
            let km = match (m.and_then(|m| m.field_match_type.as_ref()), f.kind) {
                (Some(F::Exact(x)), Some(MatchKind::Exact)) => {
                    KeyMatch::Exact(value::decode(&x.value, f.width, &what)?)
                }
                (Some(F::Ternary(x)), Some(MatchKind::Ternary)) => KeyMatch::Ternary {
                    value: value::decode(&x.value, f.width, &what)?,
                    mask: value::decode(&x.mask, f.width, &what)?,
                },
                (None, Some(MatchKind::Ternary)) => KeyMatch::Ternary { value: 0, mask: 0 },
                (Some(F::Lpm(x)), Some(MatchKind::Lpm)) => KeyMatch::Lpm {
                    value: value::decode(&x.value, f.width, &what)?,
                    prefix_len: u8::try_from(x.prefix_len)
                        .map_err(|_| format!("{what}: prefix length {}", x.prefix_len))?,
                },
                (None, Some(MatchKind::Lpm)) => KeyMatch::Lpm {
                    value: 0,
                    prefix_len: 0,
                },
                _ => return Err(format!("{what}: missing or of another kind")),
            };
            key.push(km);
        }
        let (action, args) = match &e.action {
            Some(p4::TableAction {
                r#type: Some(p4::table_action::Type::Action(a)),
            }) => {
                let act = self
                    .action_by_id
                    .get(&a.action_id)
                    .map(|&i| &self.actions[i])
                    .ok_or_else(|| format!("no action with id {:#x}", a.action_id))?;
                let name = act.name.rsplit('.').next().unwrap_or(&act.name).to_string();
                let mut args = Vec::with_capacity(act.params.len());
                for (id, pname, w) in &act.params {
                    let v =
                        a.params.iter().find(|p| p.param_id == *id).ok_or_else(|| {
                            format!("action `{name}`: parameter `{pname}` missing")
                        })?;
                    args.push(value::decode(
                        &v.value,
                        *w,
                        &format!("action `{name}`, parameter `{pname}`"),
                    )?);
                }
                (name, args)
            }
            _ => (String::new(), Vec::new()),
        };
        Ok((
            short,
            TableEntry {
                key,
                action,
                args,
                priority: u32::try_from(e.priority).unwrap_or(0),
            },
        ))
    }

    /// The update that sets the visibility bit to `visible`.
    pub fn visibility_update(&self, visible: bool) -> Option<p4::Update> {
        let v = u64::from(visible);
        let entity = match self.visibility {
            Visibility::None => return None,
            Visibility::FlagTable {
                table_id,
                action_id,
                param_id,
            } => p4::entity::Entity::TableEntry(p4::TableEntry {
                table_id,
                is_default_action: true,
                action: Some(p4::TableAction {
                    r#type: Some(p4::table_action::Type::Action(p4::Action {
                        action_id,
                        params: vec![p4::action::Param {
                            param_id,
                            value: value::encode(v, 8),
                        }],
                    })),
                }),
                ..Default::default()
            }),
            Visibility::Register { register_id } => {
                return Some(crate::client::register_update(register_id, Some(0), v));
            }
        };
        Some(p4::Update {
            r#type: p4::update::Type::Modify as i32,
            entity: Some(p4::Entity {
                entity: Some(entity),
            }),
        })
    }
}

/// The tables applied and the actions run directly in `stmts`.
fn walk(stmts: &[pipe::program::Stmt], applied: &mut Vec<String>, run: &mut Vec<String>) {
    use pipe::program::Stmt;
    for s in stmts {
        match s {
            Stmt::Apply {
                table,
                on_hit,
                on_miss,
            } => {
                applied.push(table.clone());
                walk(on_hit, applied, run);
                walk(on_miss, applied, run);
            }
            Stmt::Run(call) => run.push(call.action.clone()),
            Stmt::If {
                then, otherwise, ..
            } => {
                walk(then, applied, run);
                walk(otherwise, applied, run);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qualified_names_match_by_their_last_component() {
        assert!(same("TandemIngress.nat", "nat"));
        assert!(same("nat", "nat"));
        assert!(!same("TandemIngress.xnat", "nat"));
        assert!(!same("TandemIngress.nat_wb", "nat"));
    }

    /// The policer's meter is required by name, with its size and unit; its
    /// id comes from the switch's P4Info (here p4c's qualified name).
    #[test]
    fn every_executed_meter_must_be_on_the_switch_with_its_size_and_unit() {
        let program = pipe::examples::policer();
        let mut info = crate::p4info::p4info(&program).expect("a P4Info");
        assert_eq!(info.meters.len(), 1);
        let pre = info.meters[0].preamble.as_mut().expect("a preamble");
        pre.name = format!("TandemIngress.{}", pre.name);
        pre.id = 0x1400_abcd;
        let f = ForeignInfo::check(&info, &program).expect("the policer's own P4Info fits");
        assert_eq!(f.meter_id("port_meter"), Some(0x1400_abcd));
        assert_eq!(f.meter_id("other"), None);

        let mut small = info.clone();
        small.meters[0].size = 256;
        assert_eq!(
            ForeignInfo::check(&small, &program).unwrap_err(),
            Mismatch("meter `port_meter`: 256 cells, the program's 512".into())
        );
        let mut bytes = info.clone();
        bytes.meters[0].spec.as_mut().expect("a spec").unit = cfg::meter_spec::Unit::Bytes as i32;
        assert_eq!(
            ForeignInfo::check(&bytes, &program).unwrap_err(),
            Mismatch("meter `port_meter`: metering Some(Bytes), the program's Packets".into())
        );
        let mut none = info;
        none.meters.clear();
        assert_eq!(
            ForeignInfo::check(&none, &program).unwrap_err(),
            Mismatch("meter `port_meter` is missing".into())
        );
    }
}
