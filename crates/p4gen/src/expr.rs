//! P4_16 spelling of fields, operands, expressions and conditions, and of each
//! architecture's extern types.
//!
//! All arithmetic is written at the destination's width with explicit casts, so the
//! P4 program computes exactly what the executor computes (see
//! [`pipe::program::Expr`]). `Mul`/`Div`/`Mod` by powers of two are written as the
//! shifts and masks validation lowered them to.

use std::collections::HashMap;

use pipe::program::*;

use super::{Arch, Gress};

/// Metadata holding `std.ingress_port` for v1model parser `select`s.
pub(crate) const IN_PORT: &str = "tandem_in_port";

/// The type of a hash unit's algorithm in `arch`.
pub(crate) fn hash_algo(arch: Arch, a: HashAlgo) -> &'static str {
    match (arch, a) {
        (Arch::V1model, HashAlgo::Crc16) => "HashAlgorithm.crc16",
        (Arch::V1model, _) => "HashAlgorithm.crc32",
        (Arch::Tna, HashAlgo::Crc16) => "HashAlgorithm_t.CRC16",
        (Arch::Tna, _) => "HashAlgorithm_t.CRC32",
    }
}

/// The type of a counter of kind `k` in `arch`.
pub(crate) fn counter_type(arch: Arch, k: CounterKind) -> &'static str {
    match (arch, k) {
        (Arch::V1model, CounterKind::Packets) => "CounterType.packets",
        (Arch::V1model, CounterKind::Bytes) => "CounterType.bytes",
        (Arch::V1model, CounterKind::PacketsAndBytes) => "CounterType.packets_and_bytes",
        (Arch::Tna, CounterKind::Packets) => "CounterType_t.PACKETS",
        (Arch::Tna, CounterKind::Bytes) => "CounterType_t.BYTES",
        (Arch::Tna, CounterKind::PacketsAndBytes) => "CounterType_t.PACKETS_AND_BYTES",
    }
}

/// The type of a meter of kind `k` in `arch`.
pub(crate) fn meter_type(arch: Arch, k: MeterKind) -> &'static str {
    match (arch, k) {
        (Arch::V1model, MeterKind::Packets) => "MeterType.packets",
        (Arch::V1model, MeterKind::Bytes) => "MeterType.bytes",
        (Arch::Tna, MeterKind::Packets) => "MeterType_t.PACKETS",
        (Arch::Tna, MeterKind::Bytes) => "MeterType_t.BYTES",
    }
}

/// Field widths and the architecture, for spelling expressions.
pub(crate) struct Names<'p> {
    pub p: &'p Program,
    pub arch: Arch,
    pub widths: HashMap<(&'p str, &'p str), u8>,
    /// TNA with a non-empty egress: egress reads intrinsic fields from the bridge.
    pub bridged: bool,
}

impl<'p> Names<'p> {
    pub fn new(p: &'p Program, arch: Arch) -> Names<'p> {
        let mut widths = HashMap::new();
        for h in &p.headers {
            for f in &h.fields {
                widths.insert((h.name.as_str(), f.name.as_str()), f.width);
            }
        }
        for m in &p.metadata {
            widths.insert((META, m.name.as_str()), m.width);
        }
        for s in StdField::ALL {
            widths.insert((STD, s.name()), s.width());
        }
        Names {
            p,
            arch,
            widths,
            bridged: arch == Arch::Tna && !p.egress.is_empty(),
        }
    }

    pub fn width(&self, f: &FieldRef) -> u8 {
        self.widths
            .get(&(f.header.as_str(), f.field.as_str()))
            .copied()
            .unwrap_or(64)
    }

    /// An lvalue/rvalue for a field.
    pub fn field(&self, f: &FieldRef, g: Gress) -> String {
        if f.header == META {
            return format!("meta.{}", f.field);
        }
        if f.header != STD {
            return format!("hdr.{}.{}", f.header, f.field);
        }
        let Some(s) = StdField::from_name(&f.field) else {
            return format!("/* unknown {f} */ 0");
        };
        let rp = lit(u64::from(self.p.recirc_port), 9);
        match (self.arch, g, s) {
            (_, Gress::Ingress, StdField::EgressPort) => "9w0".to_string(),
            (Arch::V1model, _, StdField::IngressPort) => {
                format!(
                    "(standard_metadata.instance_type == 32w4 ? {rp} : standard_metadata.ingress_port)"
                )
            }
            (Arch::V1model, _, StdField::IsRecirculated) => {
                "(standard_metadata.instance_type == 32w4 ? 1w1 : 1w0)".to_string()
            }
            (Arch::V1model, _, StdField::Timestamp) => {
                "(standard_metadata.ingress_global_timestamp * 48w1000)".to_string()
            }
            (Arch::V1model, Gress::Egress, StdField::EgressPort) => {
                "standard_metadata.egress_port".to_string()
            }
            (Arch::Tna, Gress::Ingress, StdField::IngressPort) => {
                "ig_intr_md.ingress_port".to_string()
            }
            (Arch::Tna, Gress::Ingress, StdField::IsRecirculated) => {
                format!("(ig_intr_md.ingress_port == {rp} ? 1w1 : 1w0)")
            }
            (Arch::Tna, Gress::Ingress, StdField::Timestamp) => {
                "ig_prsr_md.global_tstamp".to_string()
            }
            (Arch::Tna, Gress::Egress, StdField::EgressPort) => {
                "eg_intr_md.egress_port".to_string()
            }
            (Arch::Tna, Gress::Egress, s) => format!("hdr.tandem_bridge.{}", s.name()),
        }
    }

    /// A field as a parser `select` reads it. On v1model `std.ingress_port` is
    /// the metadata the start state computes (no conditional expression in a
    /// parser; BMv2 reports a recirculated packet's original port, the model the
    /// recirculation port).
    pub fn parser_field(&self, f: &FieldRef, g: Gress) -> String {
        if self.arch == Arch::V1model && f.header == STD && f.field == StdField::IngressPort.name()
        {
            return format!("meta.{IN_PORT}");
        }
        self.field(f, g)
    }

    /// An operand at `width` bits (cast when its own width differs).
    pub fn operand(&self, o: &Operand, g: Gress, width: u8, params: &[Field]) -> String {
        match o {
            Operand::Const(c) => lit(*c, width),
            Operand::Field(f) => cast(self.field(f, g), self.width(f), width),
            Operand::Param(n) => {
                let w = params
                    .iter()
                    .find(|p| &p.name == n)
                    .map_or(width, |p| p.width);
                cast(n.clone(), w, width)
            }
        }
    }

    /// Natural width of an operand (`None` for constants).
    pub fn operand_width(&self, o: &Operand, params: &[Field]) -> Option<u8> {
        match o {
            Operand::Const(_) => None,
            Operand::Field(f) => Some(self.width(f)),
            Operand::Param(n) => params.iter().find(|p| &p.name == n).map(|p| p.width),
        }
    }

    /// `a cmp b`, both at the wider operand's width.
    pub fn compare(
        &self,
        a: &Operand,
        cmp: CmpOp,
        b: &Operand,
        g: Gress,
        params: &[Field],
    ) -> String {
        let w = self
            .operand_width(a, params)
            .max(self.operand_width(b, params))
            .unwrap_or(64);
        format!(
            "{} {} {}",
            self.operand(a, g, w, params),
            cmp.symbol(),
            self.operand(b, g, w, params)
        )
    }

    /// The right-hand side of `dst = expr` for a destination of `width` bits.
    pub fn expr(&self, e: &Expr, g: Gress, width: u8, params: &[Field]) -> String {
        match e {
            Expr::Value(o) => self.operand(o, g, width, params),
            Expr::Not(o) => format!("~{}", self.operand(o, g, width, params)),
            Expr::Bin(op, a, b) => bin(*op, &self.operand(a, g, width, params), b, width, |o| {
                self.operand(o, g, width, params)
            }),
            Expr::Select {
                lhs,
                cmp,
                rhs,
                then,
                otherwise,
            } => format!(
                "({} ? {} : {})",
                self.compare(lhs, *cmp, rhs, g, params),
                self.operand(then, g, width, params),
                self.operand(otherwise, g, width, params)
            ),
        }
    }

    /// A control condition.
    pub fn cond(&self, c: &Cond, g: Gress) -> String {
        match c {
            Cond::Valid(h) => format!("hdr.{h}.isValid()"),
            Cond::Cmp(a, op, b) => format!("({})", self.compare(a, *op, b, g, &[])),
            Cond::And(a, b) => format!("({} && {})", self.cond(a, g), self.cond(b, g)),
            Cond::Or(a, b) => format!("({} || {})", self.cond(a, g), self.cond(b, g)),
            Cond::Not(a) => format!("!{}", self.cond(a, g)),
        }
    }
}

/// A typed literal: `16w0x1f`.
pub(crate) fn lit(v: u64, width: u8) -> String {
    let m = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    if v & m < 10 {
        format!("{width}w{}", v & m)
    } else {
        format!("{width}w{:#x}", v & m)
    }
}

fn cast(e: String, from: u8, to: u8) -> String {
    if from == to {
        e
    } else {
        format!("((bit<{to}>){e})")
    }
}

/// `a op b` where `b` is an operand; power-of-two mul/div/mod become shifts/masks.
pub(crate) fn bin(
    op: BinOp,
    a: &str,
    b: &Operand,
    width: u8,
    spell: impl Fn(&Operand) -> String,
) -> String {
    let pow2 = |o: &Operand| match o {
        Operand::Const(k) if k.is_power_of_two() => Some(*k),
        _ => None,
    };
    let shift_amount = |o: &Operand| match o {
        Operand::Const(k) => k.to_string(),
        other => spell(other),
    };
    match op {
        BinOp::Add => format!("({a} + {})", spell(b)),
        BinOp::Sub => format!("({a} - {})", spell(b)),
        BinOp::SatAdd => format!("({a} |+| {})", spell(b)),
        BinOp::SatSub => format!("({a} |-| {})", spell(b)),
        BinOp::And => format!("({a} & {})", spell(b)),
        BinOp::Or => format!("({a} | {})", spell(b)),
        BinOp::Xor => format!("({a} ^ {})", spell(b)),
        BinOp::Shl => format!("({a} << {})", shift_amount(b)),
        BinOp::Shr => format!("({a} >> {})", shift_amount(b)),
        BinOp::Min => {
            let b = spell(b);
            format!("({a} < {b} ? {a} : {b})")
        }
        BinOp::Max => {
            let b = spell(b);
            format!("({a} > {b} ? {a} : {b})")
        }
        BinOp::Mul => format!("({a} << {})", pow2(b).map_or(0, |k| k.trailing_zeros())),
        BinOp::Div => format!("({a} >> {})", pow2(b).map_or(0, |k| k.trailing_zeros())),
        BinOp::Mod => format!("({a} & {})", lit(pow2(b).map_or(0, |k| k - 1), width)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_typed_and_truncated() {
        assert_eq!(lit(5, 8), "8w5");
        assert_eq!(lit(0x800, 16), "16w0x800");
        assert_eq!(lit(u64::MAX, 64), "64w0xffffffffffffffff");
    }

    #[test]
    fn power_of_two_arithmetic_becomes_shifts() {
        let spell = |o: &Operand| match o {
            Operand::Const(c) => lit(*c, 16),
            _ => String::new(),
        };
        assert_eq!(
            bin(BinOp::Mul, "x", &Operand::Const(8), 16, spell),
            "(x << 3)"
        );
        assert_eq!(
            bin(BinOp::Mod, "x", &Operand::Const(16), 16, spell),
            "(x & 16w0xf)"
        );
        assert_eq!(
            bin(BinOp::Min, "x", &Operand::Const(3), 16, spell),
            "(x < 16w3 ? x : 16w3)"
        );
    }
}
