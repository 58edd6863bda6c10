//! Emission of a control: externs, actions, tables and the apply block.

use pipe::program::*;

use super::expr::{Names, counter_type, hash_algo, lit, meter_type};
use super::out::Out;
use super::{Arch, Gress};

/// What a control uses, in program declaration order.
pub(crate) struct Uses<'p> {
    pub tables: Vec<&'p Table>,
    pub actions: Vec<&'p Action>,
    pub registers: Vec<&'p Register>,
    pub reg_actions: Vec<&'p RegAction>,
    pub hashes: Vec<&'p HashUnit>,
    pub counters: Vec<&'p Counter>,
    pub meters: Vec<&'p Meter>,
}

fn collect_stmts<'p>(
    p: &'p Program,
    stmts: &'p [Stmt],
    tables: &mut Vec<&'p str>,
    actions: &mut Vec<&'p str>,
) {
    for s in stmts {
        match s {
            Stmt::Apply {
                table,
                on_hit,
                on_miss,
            } => {
                tables.push(table);
                if let Some(t) = p.tables.iter().find(|t| &t.name == table) {
                    actions.extend(t.actions.iter().map(String::as_str));
                }
                collect_stmts(p, on_hit, tables, actions);
                collect_stmts(p, on_miss, tables, actions);
            }
            Stmt::Run(call) => actions.push(&call.action),
            Stmt::If {
                then, otherwise, ..
            } => {
                collect_stmts(p, then, tables, actions);
                collect_stmts(p, otherwise, tables, actions);
            }
        }
    }
}

impl<'p> Uses<'p> {
    pub fn of(p: &'p Program, stmts: &'p [Stmt]) -> Uses<'p> {
        let (mut t, mut a) = (Vec::new(), Vec::new());
        collect_stmts(p, stmts, &mut t, &mut a);
        let actions: Vec<&Action> = p
            .actions
            .iter()
            .filter(|x| a.contains(&x.name.as_str()))
            .collect();
        let ops = || actions.iter().flat_map(|a| a.ops.iter());
        let ras: Vec<&str> = ops()
            .filter_map(|o| {
                if let Op::RegExec { action, .. } = o {
                    Some(action.as_str())
                } else {
                    None
                }
            })
            .collect();
        let reg_actions: Vec<&RegAction> = p
            .reg_actions
            .iter()
            .filter(|r| ras.contains(&r.name.as_str()))
            .collect();
        let hs: Vec<&str> = ops()
            .filter_map(|o| {
                if let Op::Hash { unit, .. } = o {
                    Some(unit.as_str())
                } else {
                    None
                }
            })
            .collect();
        let cs: Vec<&str> = ops()
            .filter_map(|o| {
                if let Op::Count { counter, .. } = o {
                    Some(counter.as_str())
                } else {
                    None
                }
            })
            .collect();
        let ms: Vec<&str> = ops()
            .filter_map(|o| {
                if let Op::ExecuteMeter { meter, .. } = o {
                    Some(meter.as_str())
                } else {
                    None
                }
            })
            .collect();
        Uses {
            meters: p
                .meters
                .iter()
                .filter(|m| ms.contains(&m.name.as_str()))
                .collect(),
            tables: p
                .tables
                .iter()
                .filter(|x| t.contains(&x.name.as_str()))
                .collect(),
            registers: p
                .registers
                .iter()
                .filter(|g| reg_actions.iter().any(|r| r.register == g.name))
                .collect(),
            reg_actions,
            hashes: p
                .hashes
                .iter()
                .filter(|h| hs.contains(&h.name.as_str()))
                .collect(),
            counters: p
                .counters
                .iter()
                .filter(|c| cs.contains(&c.name.as_str()))
                .collect(),
            actions,
        }
    }
}

/// Emits one control's declarations and apply body.
pub(crate) struct ControlEmitter<'a, 'p> {
    pub n: &'a Names<'p>,
    pub g: Gress,
    pub uses: Uses<'p>,
}

impl ControlEmitter<'_, '_> {
    pub(crate) fn arch(&self) -> Arch {
        self.n.arch
    }

    pub fn declarations(&self, o: &mut Out) {
        let arch = self.arch();
        let has_wb = self.uses.tables.iter().any(|t| t.write_back.is_some());
        if has_wb && self.g == Gress::Ingress {
            match arch {
                // The visibility bit as a keyless table's default action: a
                // P4Runtime client can write that on any target (BMv2's
                // P4Runtime server cannot write registers); `tandem_wb_flag`
                // sets `meta.tandem_wb_visible` on every packet.
                Arch::V1model => {
                    o.open("action tandem_wb_flag_set(bit<8> visible) {");
                    o.line("meta.tandem_wb_visible = visible;");
                    o.close("}");
                    o.open("table tandem_wb_flag {");
                    o.open("actions = {");
                    o.line("tandem_wb_flag_set;");
                    o.close("}");
                    o.line("default_action = tandem_wb_flag_set(8w0);");
                    o.line("size = 1;");
                    o.close("}");
                }
                Arch::Tna => {
                    o.line("Register<bit<8>, bit<32>>(1) tandem_wb_visible;");
                    o.open("RegisterAction<bit<8>, bit<32>, bit<8>>(tandem_wb_visible) tandem_wb_read = {");
                    o.open("void apply(inout bit<8> value, out bit<8> rv) {");
                    o.line("rv = value;");
                    o.close("}");
                    o.close("};");
                }
            }
        }
        for r in &self.uses.registers {
            match arch {
                Arch::V1model => o.line(format!(
                    "register<bit<{}>>(32w{}) {};",
                    r.width, r.size, r.name
                )),
                Arch::Tna => o.line(format!(
                    "Register<bit<{}>, bit<32>>({}) {};",
                    r.width, r.size, r.name
                )),
            }
        }
        if arch == Arch::Tna {
            for ra in &self.uses.reg_actions {
                self.tna_reg_action(o, ra);
            }
        }
        for h in &self.uses.hashes {
            if arch == Arch::Tna && h.algo != HashAlgo::Identity {
                o.line(format!(
                    "Hash<bit<{}>>({}) {};",
                    h.width,
                    hash_algo(arch, h.algo),
                    h.name
                ));
            }
        }
        for c in &self.uses.counters {
            match arch {
                Arch::V1model => o.line(format!(
                    "counter(32w{}, {}) {};",
                    c.size,
                    counter_type(arch, c.kind),
                    c.name
                )),
                Arch::Tna => o.line(format!(
                    "Counter<bit<64>, bit<32>>({}, {}) {};",
                    c.size,
                    counter_type(arch, c.kind),
                    c.name
                )),
            }
        }
        for m in &self.uses.meters {
            match arch {
                Arch::V1model => o.line(format!(
                    "meter(32w{}, {}) {};",
                    m.size,
                    meter_type(arch, m.kind),
                    m.name
                )),
                // Colour values red 2, yellow 1, green 0: the model's (and
                // v1model's) encoding instead of `MeterColor_t`'s red 3.
                Arch::Tna => o.line(format!(
                    "Meter<bit<32>>({}, {}, 8w2, 8w1, 8w0) {};",
                    m.size,
                    meter_type(arch, m.kind),
                    m.name
                )),
            }
        }
        for t in &self.uses.tables {
            if t.write_back.is_some() {
                o.line(format!("bool tandem_hit_{};", t.name));
                o.line(format!("bool tandem_use_main_{};", t.name));
            }
        }
        if o.buf.ends_with(";\n") || o.buf.ends_with("};\n") {
            o.line("");
        }
        for a in &self.uses.actions {
            self.action(o, a);
        }
        for t in &self.uses.tables {
            if t.write_back.is_some() {
                o.open(format!("action tandem_wb_delete_{}() {{", t.name));
                o.line("meta.tandem_wb_del = 1w1;");
                o.close("}");
            }
        }
        for t in &self.uses.tables {
            self.table(o, t, &t.name, t.size, false);
            if let Some(wb) = t.write_back {
                self.table(o, t, &format!("{}_wb", t.name), wb, true);
            }
        }
    }

    fn action(&self, o: &mut Out, a: &Action) {
        let params: Vec<String> = a
            .params
            .iter()
            .map(|p| format!("bit<{}> {}", p.width, p.name))
            .collect();
        o.open(format!("action {}({}) {{", a.name, params.join(", ")));
        for op in &a.ops {
            self.op(o, op, &a.params);
        }
        o.close("}");
    }

    fn table(&self, o: &mut Out, t: &Table, name: &str, size: u32, wb: bool) {
        o.open(format!("table {name} {{"));
        if !t.keys.is_empty() {
            o.open("key = {");
            for k in &t.keys {
                let kind = match k.kind {
                    MatchKind::Exact => "exact",
                    MatchKind::Ternary => "ternary",
                    MatchKind::Lpm => "lpm",
                };
                o.line(format!(
                    "{} : {kind} @name(\"{}\");",
                    self.n.field(&k.field, self.g),
                    k.field
                ));
            }
            o.close("}");
        }
        o.open("actions = {");
        for a in &t.actions {
            o.line(format!("{a};"));
        }
        if wb {
            o.line(format!("tandem_wb_delete_{};", t.name));
            o.line("@defaultonly NoAction;");
        }
        o.close("}");
        if wb {
            o.line("default_action = NoAction();");
        } else {
            o.line(format!(
                "default_action = {};",
                self.call(&t.default_action)
            ));
        }
        o.line(format!("size = {size};"));
        if t.idle_timeout.is_some() && !wb {
            o.line(match self.arch() {
                Arch::V1model => "support_timeout = true;",
                Arch::Tna => "idle_timeout = true;",
            });
        }
        o.close("}");
    }

    fn call(&self, c: &ActionCall) -> String {
        let params = self
            .n
            .p
            .actions
            .iter()
            .find(|a| a.name == c.action)
            .map(|a| a.params.clone())
            .unwrap_or_default();
        let args: Vec<String> = c
            .args
            .iter()
            .zip(&params)
            .map(|(v, p)| lit(*v, p.width))
            .collect();
        format!("{}({})", c.action, args.join(", "))
    }

    /// Emits the statements of the apply block.
    pub fn stmts(&self, o: &mut Out, stmts: &[Stmt]) {
        for s in stmts {
            match s {
                Stmt::Run(call) => o.line(format!("{};", self.call(call))),
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    o.open(format!("if ({}) {{", self.n.cond(cond, self.g)));
                    self.stmts(o, then);
                    if otherwise.is_empty() {
                        o.close("}");
                    } else {
                        o.mid("} else {");
                        self.stmts(o, otherwise);
                        o.close("}");
                    }
                }
                Stmt::Apply {
                    table,
                    on_hit,
                    on_miss,
                } => self.apply(o, table, on_hit, on_miss),
            }
        }
    }

    fn apply(&self, o: &mut Out, table: &str, on_hit: &[Stmt], on_miss: &[Stmt]) {
        let Some(t) = self.n.p.tables.iter().find(|t| t.name == table) else {
            return;
        };
        let hit_expr = if t.write_back.is_some() {
            // Gallium §4: the write-back table shadows the main table while the
            // visibility bit is set; a deletion marker reads as a miss.
            o.line(format!("tandem_use_main_{table} = true;"));
            o.open("if (meta.tandem_wb_visible == 8w1) {");
            o.line("meta.tandem_wb_del = 1w0;");
            o.open(format!("if ({table}_wb.apply().hit) {{"));
            o.line(format!("tandem_use_main_{table} = false;"));
            o.open("if (meta.tandem_wb_del == 1w1) {");
            o.line(format!("{};", self.call(&t.default_action)));
            o.line(format!("tandem_hit_{table} = false;"));
            o.mid("} else {");
            o.line(format!("tandem_hit_{table} = true;"));
            o.close("}");
            o.close("}");
            o.close("}");
            o.open(format!("if (tandem_use_main_{table}) {{"));
            o.line(format!("tandem_hit_{table} = {table}.apply().hit;"));
            o.close("}");
            format!("tandem_hit_{table}")
        } else if on_hit.is_empty() && on_miss.is_empty() {
            o.line(format!("{table}.apply();"));
            return;
        } else {
            format!("{table}.apply().hit")
        };
        if on_hit.is_empty() && on_miss.is_empty() {
            return;
        }
        o.open(format!("if ({hit_expr}) {{"));
        self.stmts(o, on_hit);
        o.mid("} else {");
        self.stmts(o, on_miss);
        o.close("}");
    }
}
