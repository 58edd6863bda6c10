//! Emission of primitive operations: moves and ALU expressions, forwarding,
//! register actions (v1model read/compare-select/write, tna `RegisterAction`),
//! hash units, counters and meters.

use pipe::program::*;

use super::control::ControlEmitter;
use super::expr::{hash_algo, lit};
use super::out::Out;
use super::{Arch, Gress};

impl ControlEmitter<'_, '_> {
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

    pub(crate) fn tna_reg_action(&self, o: &mut Out, ra: &RegAction) {
        let w = self.register_width(ra);
        o.open(format!(
            "RegisterAction<bit<{w}>, bit<32>, bit<{w}>>({}) {} = {{",
            ra.register, ra.name
        ));
        o.open(format!(
            "void apply(inout bit<{w}> value, out bit<{w}> rv) {{"
        ));
        o.line(format!("bit<{w}> tandem_old = value;"));
        let cond = self.reg_cond(ra, w);
        // A branch without output leaves `rv` alone; P4 wants an `out` parameter
        // written on every path. Such actions run without a destination (validation
        // demands an output on every branch otherwise), so the value is unused.
        if ra.then.output == RegOut::None || (cond.is_some() && ra.otherwise.output == RegOut::None)
        {
            o.line(format!("rv = {};", lit(0, w)));
        }
        match cond {
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

    pub(crate) fn op(&self, o: &mut Out, op: &Op, params: &[Field]) {
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
            Op::ExecuteMeter { meter, index, dst } => {
                let idx = n.operand(index, g, 32, params);
                let (d, dw) = (n.field(dst, g), n.width(dst));
                match self.arch() {
                    Arch::V1model => o.line(format!("{meter}.execute_meter({idx}, {d});")),
                    Arch::Tna => {
                        let call = format!("{meter}.execute({idx})");
                        o.line(format!(
                            "{d} = {};",
                            if dw == 8 {
                                call
                            } else {
                                format!("((bit<{dw}>){call})")
                            }
                        ));
                    }
                }
            }
        }
    }
}
