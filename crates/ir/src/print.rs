//! The IR text format (printer). See `docs/IR.md`; [`crate::parse`] reads it back and
//! `parse(print(p)) == p` for every program.
//!
//! Every instruction that touches a header field, the payload, state, or events
//! carries a `; reads … writes …` comment so a reader sees the read/write sets the
//! partitioner uses. Comments are ignored by the parser.

use crate::op::{Location, Op, Target, Terminator, UnOp};
use crate::program::{Block, Inst, Program, StateKind};
use std::fmt::{self, Write};

/// Renders a program in the text format.
pub fn print(p: &Program) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write_program(&mut out, p);
    out
}

fn write_program(o: &mut String, p: &Program) -> fmt::Result {
    writeln!(o, "program {}", p.name)?;
    if !p.states.is_empty() || !p.events.is_empty() {
        writeln!(o)?;
    }
    for s in &p.states {
        write!(o, "state @{}: ", s.name)?;
        match &s.kind {
            StateKind::Map {
                key,
                value,
                capacity,
                idle_timeout_ns,
                init,
            } => {
                write!(o, "map<{key}, {value}> capacity {capacity}")?;
                if let Some(t) = idle_timeout_ns {
                    write!(o, " idle {t}ns")?;
                }
                if !init.is_empty() {
                    write!(o, " init [")?;
                    for (i, (k, v)) in init.iter().enumerate() {
                        sep(o, i)?;
                        write!(o, "{k} => {v}")?;
                    }
                    write!(o, "]")?;
                }
            }
            StateKind::Vector { elem, init } => {
                write!(o, "vector<{elem}> [")?;
                for (i, v) in init.iter().enumerate() {
                    sep(o, i)?;
                    write!(o, "{v}")?;
                }
                write!(o, "]")?;
            }
            StateKind::Register { ty, init } => write!(o, "register<{ty}> init {init}")?,
            StateKind::RegArray { elem, len } => write!(o, "regarray<{elem}> len {len}")?,
        }
        writeln!(o)?;
    }
    for e in &p.events {
        write!(o, "event !{} {{ ", e.name)?;
        for (i, (n, t)) in e.fields.iter().enumerate() {
            sep(o, i)?;
            write!(o, "{n}: {t}")?;
        }
        writeln!(o, " }}")?;
    }
    writeln!(o)?;
    writeln!(o, "handler {{")?;
    for (i, b) in p.handler.blocks.iter().enumerate() {
        write_block(o, p, i, b)?;
    }
    writeln!(o, "}}")
}

fn sep(o: &mut String, i: usize) -> fmt::Result {
    if i > 0 { write!(o, ", ") } else { Ok(()) }
}

fn write_block(o: &mut String, p: &Program, index: usize, b: &Block) -> fmt::Result {
    write!(o, "bb{index}")?;
    if !b.params.is_empty() {
        write!(o, "(")?;
        for (i, (v, t)) in b.params.iter().enumerate() {
            if i > 0 {
                write!(o, ", ")?;
            }
            write!(o, "%{}: {t}", v.0)?;
        }
        write!(o, ")")?;
    }
    writeln!(o, ":")?;
    for inst in &b.insts {
        write_inst(o, p, inst)?;
    }
    write!(o, "  ")?;
    match &b.term {
        Terminator::Jump(t) => {
            write!(o, "jump ")?;
            write_target(o, t)?;
        }
        Terminator::Branch { cond, then_, else_ } => {
            write!(o, "br %{}, ", cond.0)?;
            write_target(o, then_)?;
            write!(o, ", ")?;
            write_target(o, else_)?;
        }
        Terminator::Forward(v) => write!(o, "forward %{}", v.0)?,
        Terminator::Drop => write!(o, "drop")?,
    }
    writeln!(o)
}

fn write_target(o: &mut String, t: &Target) -> fmt::Result {
    write!(o, "bb{}", t.block.0)?;
    if !t.args.is_empty() {
        write!(o, "(")?;
        write_vals(o, &t.args)?;
        write!(o, ")")?;
    }
    Ok(())
}

fn write_vals(o: &mut String, vs: &[crate::program::ValueId]) -> fmt::Result {
    for (i, v) in vs.iter().enumerate() {
        if i > 0 {
            write!(o, ", ")?;
        }
        write!(o, "%{}", v.0)?;
    }
    Ok(())
}

/// State name for printing; an out-of-range id prints as `@?N` (the verifier rejects it).
fn sname(p: &Program, s: crate::program::StateId) -> String {
    p.state(s)
        .map_or_else(|| format!("?{}", s.0), |d| d.name.clone())
}

fn write_inst(o: &mut String, p: &Program, inst: &Inst) -> fmt::Result {
    write!(o, "  ")?;
    for (i, (v, t)) in inst.results.iter().enumerate() {
        if i > 0 {
            write!(o, ", ")?;
        }
        write!(o, "%{}: {t}", v.0)?;
    }
    if !inst.results.is_empty() {
        write!(o, " = ")?;
    }
    match &inst.op {
        Op::Const(v) => write!(o, "const {v}")?,
        Op::Unary(u, a) => {
            let n = match u {
                UnOp::Not => "not",
                UnOp::Neg => "neg",
            };
            write!(o, "{n} %{}", a.0)?;
        }
        Op::Binary(b, x, y) => write!(o, "{} %{}, %{}", b.name(), x.0, y.0)?,
        Op::Cast(t, a) => write!(o, "cast {t}, %{}", a.0)?,
        Op::Select(c, a, b) => write!(o, "select %{}, %{}, %{}", c.0, a.0, b.0)?,
        Op::Tuple(vs) => {
            write!(o, "tuple (")?;
            write_vals(o, vs)?;
            write!(o, ")")?;
        }
        Op::Extract(a, i) => write!(o, "extract %{}, {i}", a.0)?,
        Op::InPort => write!(o, "in_port")?,
        Op::Now => write!(o, "now")?,
        Op::Session(f) => write!(o, "session {}", f.name())?,
        Op::IsValid(h) => write!(o, "valid {}", h.name())?,
        Op::GetField(f) => write!(o, "get {}.{}", f.header().name(), f.name())?,
        Op::SetField(f, v) => write!(o, "set {}.{}, %{}", f.header().name(), f.name(), v.0)?,
        Op::PayloadLen => write!(o, "payload.len")?,
        Op::PayloadByte(i) => write!(o, "payload.byte %{}", i.0)?,
        Op::PayloadContains(s) => write!(o, "payload.contains {}", quote(s))?,
        Op::PayloadStartsWith(s) => write!(o, "payload.starts_with {}", quote(s))?,
        Op::Hash(a, vs) => {
            write!(o, "{} (", a.name())?;
            write_vals(o, vs)?;
            write!(o, ")")?;
        }
        Op::MapGet(s, k) => write!(o, "map.get @{}, %{}", sname(p, *s), k.0)?,
        Op::MapInsert(s, k, v) => write!(o, "map.insert @{}, %{}, %{}", sname(p, *s), k.0, v.0)?,
        Op::MapRemove(s, k) => write!(o, "map.remove @{}, %{}", sname(p, *s), k.0)?,
        Op::ArrayGet(s, i) => write!(o, "array.get @{}, %{}", sname(p, *s), i.0)?,
        Op::ArraySet(s, i, v) => write!(o, "array.set @{}, %{}, %{}", sname(p, *s), i.0, v.0)?,
        Op::RegGet(s) => write!(o, "reg.get @{}", sname(p, *s))?,
        Op::RegSet(s, v) => write!(o, "reg.set @{}, %{}", sname(p, *s), v.0)?,
        Op::Emit(e, vs) => {
            let n = p
                .event(*e)
                .map_or_else(|| format!("?{}", e.0), |d| d.name.clone());
            write!(o, "emit !{n} (")?;
            write_vals(o, vs)?;
            write!(o, ")")?;
        }
    }
    write_effects(o, p, &inst.op)?;
    writeln!(o)
}

fn write_effects(o: &mut String, p: &Program, op: &Op) -> fmt::Result {
    let (r, w) = (op.reads(), op.writes());
    if r.is_empty() && w.is_empty() {
        return Ok(());
    }
    write!(o, "    ;")?;
    for (label, locs) in [("reads", r), ("writes", w)] {
        if locs.is_empty() {
            continue;
        }
        write!(o, " {label}")?;
        for (i, l) in locs.iter().enumerate() {
            write!(o, "{}", if i == 0 { " " } else { ", " })?;
            write_location(o, p, l)?;
        }
    }
    Ok(())
}

fn write_location(o: &mut String, p: &Program, l: &Location) -> fmt::Result {
    match l {
        Location::Field(f) => write!(o, "{}.{}", f.header().name(), f.name()),
        Location::Valid(h) => write!(o, "{}.valid", h.name()),
        Location::InPort => write!(o, "in_port"),
        Location::Clock => write!(o, "clock"),
        Location::Payload => write!(o, "payload"),
        Location::Session => write!(o, "session"),
        Location::State { state, key } => match key {
            Some(k) => write!(o, "@{}[%{}]", sname(p, *state), k.0),
            None => write!(o, "@{}", sname(p, *state)),
        },
        Location::Events => write!(o, "events"),
    }
}

/// Quotes bytes: printable ASCII except `"` and `\` as is, everything else `\xNN`.
pub(crate) fn quote(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes {
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            s.push(char::from(b));
        } else {
            let _ = write!(s, "\\x{b:02x}");
        }
    }
    s.push('"');
    s
}
