//! The verifier: run after every transformation. Checks declarations, types of every
//! operation, terminators, block-parameter arity, reachability, and SSA dominance
//! (every use is dominated by its single definition).

mod dominance;
mod types;

use crate::op::Terminator;
use crate::program::{BlockId, Program, StateKind, ValueId};
use crate::types::{MAX_BITS, Type};
use std::collections::HashMap;
use std::fmt;

/// One verifier finding, located at a block and instruction where applicable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyError {
    /// Block, if the error is inside the handler.
    pub block: Option<BlockId>,
    /// Instruction index within the block (`None` for parameters or the terminator).
    pub inst: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.block, self.inst) {
            (Some(b), Some(i)) => write!(f, "bb{} inst {i}: {}", b.0, self.message),
            (Some(b), None) => write!(f, "bb{}: {}", b.0, self.message),
            _ => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for VerifyError {}

fn valid_type(t: &Type) -> bool {
    match t {
        Type::Bool | Type::Ipv4 => true,
        Type::Bits(n) => (1..=MAX_BITS).contains(n),
        Type::Tuple(ts) => !ts.is_empty() && ts.iter().all(valid_type),
    }
}

fn is_ident(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Verifies a program; returns every problem found.
pub fn verify(p: &Program) -> Result<(), Vec<VerifyError>> {
    let mut v = Verifier {
        p,
        errs: Vec::new(),
        types: HashMap::new(),
    };
    v.decls();
    v.handler();
    if v.errs.is_empty() {
        Ok(())
    } else {
        Err(v.errs)
    }
}

struct Verifier<'a> {
    p: &'a Program,
    errs: Vec<VerifyError>,
    types: HashMap<ValueId, Type>,
}

impl Verifier<'_> {
    fn err(&mut self, block: Option<BlockId>, inst: Option<usize>, message: String) {
        self.errs.push(VerifyError {
            block,
            inst,
            message,
        });
    }

    fn decls(&mut self) {
        let p = self.p;
        if !is_ident(&p.name) {
            self.err(
                None,
                None,
                format!("program name `{}` is not an identifier", p.name),
            );
        }
        let mut seen = std::collections::HashSet::new();
        for s in &p.states {
            let mut bad = |m: String| {
                self.errs.push(VerifyError {
                    block: None,
                    inst: None,
                    message: format!("state @{}: {m}", s.name),
                })
            };
            if !is_ident(&s.name) || !seen.insert(s.name.as_str()) {
                bad("name is not a unique identifier".into());
            }
            match &s.kind {
                StateKind::Map {
                    key,
                    value,
                    capacity,
                    idle_timeout_ns,
                    init,
                } => {
                    if !valid_type(key) || !valid_type(value) {
                        bad("invalid key or value type".into());
                    }
                    if *capacity == 0 || init.len() > *capacity as usize {
                        bad(format!(
                            "capacity {capacity} must be positive and hold the {} initial entries",
                            init.len()
                        ));
                    }
                    if *idle_timeout_ns == Some(0) {
                        bad("idle timeout must be positive".into());
                    }
                    for (k, v) in init {
                        if k.ty() != *key
                            || v.ty() != *value
                            || !k.is_well_formed()
                            || !v.is_well_formed()
                        {
                            bad(format!(
                                "initial entry {k} => {v} does not have type {key} => {value}"
                            ));
                        }
                    }
                }
                StateKind::Vector { elem, init } => {
                    if !valid_type(elem) || init.is_empty() {
                        bad("vector needs a valid element type and at least one element".into());
                    }
                    if init.iter().any(|v| v.ty() != *elem || !v.is_well_formed()) {
                        bad(format!("vector elements must have type {elem}"));
                    }
                }
                StateKind::Register { ty, init } => {
                    if !valid_type(ty) || init.ty() != *ty || !init.is_well_formed() {
                        bad(format!("initial value {init} does not have type {ty}"));
                    }
                }
                StateKind::RegArray { elem, len } => {
                    if !valid_type(elem) || *len == 0 {
                        bad(
                            "register array needs a valid element type and a positive length"
                                .into(),
                        );
                    }
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        for e in &p.events {
            if !is_ident(&e.name) || !seen.insert(e.name.as_str()) {
                self.err(
                    None,
                    None,
                    format!("event !{}: name is not a unique identifier", e.name),
                );
            }
            if e.fields.iter().any(|(n, t)| !is_ident(n) || !valid_type(t)) {
                self.err(None, None, format!("event !{}: invalid field", e.name));
            }
        }
    }

    fn handler(&mut self) {
        let f = &self.p.handler;
        if f.blocks.is_empty() {
            self.err(None, None, "handler has no blocks".into());
            return;
        }
        if !f.blocks[0].params.is_empty() {
            self.err(
                Some(BlockId(0)),
                None,
                "entry block must not have parameters".into(),
            );
        }
        // Definitions: unique ids, valid types.
        let mut def_site: HashMap<ValueId, (usize, usize)> = HashMap::new();
        for (bi, b) in f.blocks.iter().enumerate() {
            let defs = b.params.iter().map(|d| (d, 0)).chain(
                b.insts
                    .iter()
                    .enumerate()
                    .flat_map(|(ii, i)| i.results.iter().map(move |d| (d, ii + 1))),
            );
            for ((v, t), pos) in defs {
                if !valid_type(t) {
                    self.err(
                        Some(bid(bi)),
                        None,
                        format!("%{} has invalid type {t}", v.0),
                    );
                }
                if def_site.insert(*v, (bi, pos)).is_some() {
                    self.err(
                        Some(bid(bi)),
                        None,
                        format!("%{} is defined more than once", v.0),
                    );
                }
                self.types.insert(*v, t.clone());
            }
        }
        let idom = self.dominators();
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, inst) in b.insts.iter().enumerate() {
                for u in inst.op.operands() {
                    self.check_use(&def_site, &idom, u, bi, ii + 1, Some(ii));
                }
                if let Err(m) = self.type_op(
                    &inst.op,
                    &inst.results.iter().map(|r| r.1.clone()).collect::<Vec<_>>(),
                ) {
                    self.err(Some(bid(bi)), Some(ii), m);
                }
            }
            let end = b.insts.len() + 1;
            let mut uses = b.term.operands();
            for t in b.term.targets() {
                uses.extend(t.args.iter().copied());
            }
            for u in uses {
                self.check_use(&def_site, &idom, u, bi, end, None);
            }
            self.check_term(bi, &b.term);
        }
    }

    fn check_term(&mut self, bi: usize, term: &Terminator) {
        match term {
            Terminator::Branch { cond, .. } if self.types.get(cond) != Some(&Type::Bool) => {
                self.err(
                    Some(bid(bi)),
                    None,
                    format!("branch condition %{} is not bool", cond.0),
                );
            }
            Terminator::Forward(p) if self.types.get(p) != Some(&Type::Bits(16)) => {
                self.err(
                    Some(bid(bi)),
                    None,
                    format!("forward port %{} is not bit<16>", p.0),
                );
            }
            _ => {}
        }
        for t in term.targets() {
            let Some(dest) = self.p.handler.block(t.block) else {
                self.err(
                    Some(bid(bi)),
                    None,
                    format!("jump to missing block bb{}", t.block.0),
                );
                continue;
            };
            let want: Vec<&Type> = dest.params.iter().map(|p| &p.1).collect();
            let got: Vec<Option<&Type>> = t.args.iter().map(|a| self.types.get(a)).collect();
            if want.len() != got.len() || want.iter().zip(&got).any(|(w, g)| Some(*w) != *g) {
                self.err(
                    Some(bid(bi)),
                    None,
                    format!("arguments to bb{} do not match its parameters", t.block.0),
                );
            }
        }
        if t_is_entry(term) {
            self.err(
                Some(bid(bi)),
                None,
                "the entry block cannot be a jump target".into(),
            );
        }
    }

    fn check_use(
        &mut self,
        defs: &HashMap<ValueId, (usize, usize)>,
        idom: &[Option<usize>],
        v: ValueId,
        bi: usize,
        pos: usize,
        inst: Option<usize>,
    ) {
        let ok = match defs.get(&v) {
            None => {
                self.err(
                    Some(bid(bi)),
                    inst,
                    format!("%{} is used but never defined", v.0),
                );
                return;
            }
            Some(&(db, dpos)) if db == bi => dpos < pos,
            Some(&(db, _)) => {
                // Walk up the dominator tree from bi.
                let mut b = bi;
                loop {
                    match idom.get(b).copied().flatten() {
                        Some(d) if d == db => break true,
                        Some(d) if d != b => b = d,
                        _ => break false,
                    }
                }
            }
        };
        if !ok {
            self.err(
                Some(bid(bi)),
                inst,
                format!("use of %{} is not dominated by its definition", v.0),
            );
        }
    }
}

fn bid(i: usize) -> BlockId {
    BlockId(u32::try_from(i).unwrap_or(u32::MAX))
}

fn t_is_entry(term: &Terminator) -> bool {
    term.targets().iter().any(|t| t.block.0 == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    fn errors(src: &str) -> Vec<String> {
        let p = parse(src).expect("test input parses");
        verify(&p)
            .err()
            .unwrap_or_default()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn accepts_loop_with_block_parameters() {
        let src = "program l\nhandler {\nbb0:\n  %0: bit<8> = const 8w0\n  jump bb1(%0)\nbb1(%1: bit<8>):\n  %2: bit<8> = const 8w1\n  %3: bit<8> = add %1, %2\n  %4: bit<8> = const 8w10\n  %5: bool = lt %3, %4\n  br %5, bb1(%3), bb2\nbb2:\n  drop\n}\n";
        assert_eq!(errors(src), Vec::<String>::new());
    }

    #[test]
    fn rejects_use_not_dominated_by_definition() {
        // %1 is defined only on the `then` path but used after the join.
        let src = "program d\nhandler {\nbb0:\n  %0: bool = const true\n  br %0, bb1, bb2\nbb1:\n  %1: bit<16> = const 16w1\n  jump bb2\nbb2:\n  forward %1\n}\n";
        let e = errors(src);
        assert!(
            e.iter()
                .any(|m| m.contains("bb2") && m.contains("not dominated")),
            "{e:?}"
        );
    }

    #[test]
    fn rejects_type_errors_and_reports_all_of_them() {
        let src = "program t\nstate @r: register<bit<16>> init 16w0\nhandler {\nbb0:\n  %0: bit<8> = const 8w1\n  %1: bool = const true\n  %2: bit<8> = add %0, %1\n  reg.set @r, %0\n  forward %0\n}\n";
        let e = errors(src);
        assert_eq!(e.len(), 3, "{e:?}");
        assert!(
            e[0].starts_with("bb0 inst 2") && e[0].contains("expected bit<8>"),
            "{e:?}"
        );
        assert!(e[1].starts_with("bb0 inst 3"), "{e:?}");
        assert!(e[2].contains("forward port"), "{e:?}");
    }

    #[test]
    fn rejects_wrong_results_bad_jumps_unreachable_and_bad_state() {
        let src = "program x\nstate @m: map<bit<8>, bit<8>> capacity 0\nhandler {\nbb0:\n  %0: bit<8> = const 8w1\n  %1: bit<8> = map.get @m, %0\n  jump bb1(%0)\nbb1:\n  drop\nbb2:\n  drop\n}\n";
        let e = errors(src).join("\n");
        assert!(e.contains("capacity 0"), "{e}");
        assert!(
            e.contains("results [bit<8>] do not match the operation's [bool, bit<8>]"),
            "{e}"
        );
        assert!(e.contains("arguments to bb1"), "{e}");
        assert!(e.contains("bb2: block is unreachable"), "{e}");
    }

    #[test]
    fn rejects_double_definition() {
        let src = "program x\nhandler {\nbb0:\n  %0: bool = const true\n  %0: bool = const false\n  drop\n}\n";
        assert!(
            errors(src)
                .iter()
                .any(|m| m.contains("defined more than once"))
        );
    }
}
