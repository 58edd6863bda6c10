//! Emission of a control: externs, actions, tables and the apply block.

use crate::program::*;

use super::expr::{Names, lit};
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
        Uses {
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

fn hash_algo(arch: Arch, a: HashAlgo) -> &'static str {
    match (arch, a) {
        (Arch::V1model, HashAlgo::Crc16) => "HashAlgorithm.crc16",
        (Arch::V1model, _) => "HashAlgorithm.crc32",
        (Arch::Tna, HashAlgo::Crc16) => "HashAlgorithm_t.CRC16",
        (Arch::Tna, _) => "HashAlgorithm_t.CRC32",
    }
}

fn counter_type(arch: Arch, k: CounterKind) -> &'static str {
    match (arch, k) {
        (Arch::V1model, CounterKind::Packets) => "CounterType.packets",
        (Arch::V1model, CounterKind::Bytes) => "CounterType.bytes",
        (Arch::V1model, CounterKind::PacketsAndBytes) => "CounterType.packets_and_bytes",
        (Arch::Tna, CounterKind::Packets) => "CounterType_t.PACKETS",
        (Arch::Tna, CounterKind::Bytes) => "CounterType_t.BYTES",
        (Arch::Tna, CounterKind::PacketsAndBytes) => "CounterType_t.PACKETS_AND_BYTES",
    }
}

/// Emits one control's declarations and apply body.
pub(crate) struct ControlEmitter<'a, 'p> {
    pub n: &'a Names<'p>,
    pub g: Gress,
    pub uses: Uses<'p>,
}

impl ControlEmitter<'_, '_> {
    fn arch(&self) -> Arch {
        self.n.arch
    }

    pub fn declarations(&self, o: &mut Out) {
        let arch = self.arch();
        let has_wb = self.uses.tables.iter().any(|t| t.write_back.is_some());
        if has_wb && self.g == Gress::Ingress {
            match arch {
                Arch::V1model => o.line("register<bit<8>>(32w1) tandem_wb_visible;"),
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

    fn reg_leaf(&self, l: &RegLeaf, width: u8) -> String {
        match l {
            RegLeaf::Mem => "tandem_old".to_string(),
            RegLeaf::Operand(op) => self.n.operand(op, self.g, width, &[]),
        }
    }

    fn reg_expr(&self, e: &RegExpr, width: u8) -> String {
        match e {
            RegExpr::Leaf(l) => self.reg_leaf(l, width),
            RegExpr::Bin(op, a, b) => {
                let a = self.reg_leaf(a, width);
                match b {
                    RegLeaf::Mem => super::expr::bin(
                        *op,
                        &a,
                        &Operand::Field(FieldRef::new("", "")),
                        width,
                        |_| "tandem_old".to_string(),
                    ),
                    RegLeaf::Operand(bo) => super::expr::bin(*op, &a, bo, width, |x| {
                        self.n.operand(x, self.g, width, &[])
                    }),
                }
            }
        }
    }

    fn reg_cond(&self, ra: &RegAction, width: u8) -> Option<String> {
        ra.cond.as_ref().map(|c| {
            format!(
                "{} {} {}",
                self.reg_leaf(&c.lhs, width),
                c.cmp.symbol(),
                self.reg_leaf(&c.rhs, width)
            )
        })
    }

    fn register_width(&self, ra: &RegAction) -> u8 {
        self.n
            .p
            .registers
            .iter()
            .find(|r| r.name == ra.register)
            .map_or(32, |r| r.width)
    }

    fn tna_branch(&self, o: &mut Out, b: &RegBranch, w: u8) {
        if let RegOut::Old | RegOut::Expr(_) = b.output {
            let v = match &b.output {
                RegOut::Expr(e) => self.reg_expr(e, w),
                _ => "tandem_old".to_string(),
            };
            o.line(format!("rv = {v};"));
        }
        if let Some(e) = &b.write {
            o.line(format!("value = {};", self.reg_expr(e, w)));
        }
        if b.output == RegOut::New {
            o.line("rv = value;");
        }
    }

    fn tna_reg_action(&self, o: &mut Out, ra: &RegAction) {
        let w = self.register_width(ra);
        o.open(format!(
            "RegisterAction<bit<{w}>, bit<32>, bit<{w}>>({}) {} = {{",
            ra.register, ra.name
        ));
        o.open(format!(
            "void apply(inout bit<{w}> value, out bit<{w}> rv) {{"
        ));
        o.line(format!("bit<{w}> tandem_old = value;"));
        match self.reg_cond(ra, w) {
            None => self.tna_branch(o, &ra.then, w),
            Some(c) => {
                o.open(format!("if ({c}) {{"));
                self.tna_branch(o, &ra.then, w);
                o.mid("} else {");
                self.tna_branch(o, &ra.otherwise, w);
                o.close("}");
            }
        }
        o.close("}");
        o.close("};");
    }

    fn v1_reg_exec(&self, o: &mut Out, ra: &RegAction, index: &str, dst: Option<&FieldRef>) {
        let w = self.register_width(ra);
        let cond = self.reg_cond(ra, w);
        let pick = |a: String, b: String| match &cond {
            None => a,
            Some(c) => format!("({c} ? {a} : {b})"),
        };
        let write = |b: &RegBranch| {
            b.write
                .as_ref()
                .map_or("tandem_old".to_string(), |e| self.reg_expr(e, w))
        };
        o.open("{");
        o.line(format!("bit<{w}> tandem_old;"));
        o.line(format!("{}.read(tandem_old, {index});", ra.register));
        o.line(format!(
            "bit<{w}> tandem_new = {};",
            pick(write(&ra.then), write(&ra.otherwise))
        ));
        o.line(format!("{}.write({index}, tandem_new);", ra.register));
        if let Some(d) = dst {
            let dw = self.n.width(d);
            let dst = self.n.field(d, self.g);
            let out = |b: &RegBranch| match &b.output {
                RegOut::None => None,
                RegOut::Old => Some("tandem_old".to_string()),
                RegOut::New => Some("tandem_new".to_string()),
                RegOut::Expr(e) => Some(self.reg_expr(e, w)),
            };
            let cast = |v: String| {
                if dw == w {
                    v
                } else {
                    format!("((bit<{dw}>){v})")
                }
            };
            let (t, f) = (out(&ra.then).map(cast), out(&ra.otherwise).map(cast));
            let value = match (&cond, t, f) {
                (None, Some(t), _) => Some(t),
                (Some(_), None, None) | (None, None, _) => None,
                (Some(_), t, f) => Some(pick(
                    t.unwrap_or_else(|| dst.clone()),
                    f.unwrap_or_else(|| dst.clone()),
                )),
            };
            if let Some(v) = value {
                o.line(format!("{dst} = {v};"));
            }
        }
        o.close("}");
    }

    fn op(&self, o: &mut Out, op: &Op, params: &[Field]) {
        let n = self.n;
        let g = self.g;
        let set_port = |o: &mut Out, port: String| {
            o.line(format!("meta.tandem_port = {port};"));
            o.line("meta.tandem_fwd = 1w1;");
        };
        match op {
            Op::Set { dst, expr } => {
                let w = n.width(dst);
                o.line(format!(
                    "{} = {};",
                    n.field(dst, g),
                    n.expr(expr, g, w, params)
                ));
            }
            Op::SetValid(h) => o.line(format!("hdr.{h}.setValid();")),
            Op::SetInvalid(h) => o.line(format!("hdr.{h}.setInvalid();")),
            Op::Forward(x) => set_port(o, n.operand(x, g, 9, params)),
            Op::ToCpu => set_port(o, lit(u64::from(n.p.cpu_port), 9)),
            Op::Recirculate => set_port(o, lit(u64::from(n.p.recirc_port), 9)),
            Op::Drop => match (g, self.arch()) {
                (Gress::Ingress, _) => o.line("meta.tandem_drop = 1w1;"),
                (Gress::Egress, Arch::V1model) => o.line("mark_to_drop(standard_metadata);"),
                (Gress::Egress, Arch::Tna) => o.line("eg_dprsr_md.drop_ctl = 3w1;"),
            },
            Op::Hash { unit, dst } => {
                let Some(h) = n.p.hashes.iter().find(|h| &h.name == unit) else {
                    return;
                };
                let dw = n.width(dst);
                let d = n.field(dst, g);
                let inputs: Vec<String> = h.inputs.iter().map(|f| n.field(f, g)).collect();
                match (h.algo, self.arch()) {
                    (HashAlgo::Identity, _) => {
                        let total: u32 = h.inputs.iter().map(|f| u32::from(n.width(f))).sum();
                        let cat = if inputs.len() == 1 {
                            inputs[0].clone()
                        } else {
                            format!("({})", inputs.join(" ++ "))
                        };
                        let narrowed = if u32::from(h.width) < total {
                            format!("((bit<{}>){cat})", h.width)
                        } else {
                            cat
                        };
                        let own = u32::from(h.width).min(total) as u8;
                        o.line(format!(
                            "{d} = {};",
                            if own == dw {
                                narrowed
                            } else {
                                format!("((bit<{dw}>){narrowed})")
                            }
                        ));
                    }
                    (algo, Arch::V1model) => {
                        let max = format!("{}w{:#x}", u32::from(h.width) + 1, 1u128 << h.width);
                        o.line(format!(
                            "hash({d}, {}, {}w0, {{ {} }}, {max});",
                            hash_algo(Arch::V1model, algo),
                            dw,
                            inputs.join(", ")
                        ));
                    }
                    (_, Arch::Tna) => {
                        let get = format!("{}.get({{ {} }})", h.name, inputs.join(", "));
                        o.line(format!(
                            "{d} = {};",
                            if h.width == dw {
                                get
                            } else {
                                format!("((bit<{dw}>){get})")
                            }
                        ));
                    }
                }
            }
            Op::RegExec { action, index, dst } => {
                let Some(ra) = n.p.reg_actions.iter().find(|r| &r.name == action) else {
                    return;
                };
                let idx = n.operand(index, g, 32, params);
                match self.arch() {
                    Arch::V1model => self.v1_reg_exec(o, ra, &idx, dst.as_ref()),
                    Arch::Tna => match dst {
                        Some(d) => {
                            let (dw, w) = (n.width(d), self.register_width(ra));
                            let call = format!("{}.execute({idx})", ra.name);
                            o.line(format!(
                                "{} = {};",
                                n.field(d, g),
                                if dw == w {
                                    call
                                } else {
                                    format!("((bit<{dw}>){call})")
                                }
                            ));
                        }
                        None => o.line(format!("{}.execute({idx});", ra.name)),
                    },
                }
            }
            Op::Count { counter, index } => o.line(format!(
                "{counter}.count({});",
                n.operand(index, g, 32, params)
            )),
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
