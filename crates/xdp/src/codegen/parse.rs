//! The parser: one block of code per reachable (state, byte offset), so every
//! header sits at an offset known when the code is generated and each
//! extraction is one bounds check against the packet's end.

use std::collections::HashMap;

use bpf::asm::Label;
use bpf::insn::{Alu, Jmp, R0, R1, R2, R3, R4, R6, R9, Size};
use pipe::resolved::{RNext, RTrans};

use super::{Gen, bits, off16};
use crate::layout::drop_reason;
use crate::plan::Refused;

/// Most (state, offset) blocks generated.
const MAX_BLOCKS: usize = 1024;
/// Most parser paths looked at to decide whether the deparser may write in place.
const MAX_PATHS: usize = 4096;

impl Gen<'_> {
    /// Generates the parser; accepted packets continue at `accept` with their
    /// payload offset stored.
    pub(crate) fn parse(&mut self, accept: Label) -> Result<(), Refused> {
        self.in_place = self.paths_extract_in_deparse_order();
        let r = self.r;
        let reject = self.a.label();
        let truncated = self.a.label();
        // r2 = data, r3 = data_end for the whole parser.
        self.a.ldx(Size::W, R2, R6, 0);
        self.a.ldx(Size::W, R3, R6, 4);
        let mut blocks: HashMap<(u16, usize), Label> = HashMap::new();
        let mut accepts: HashMap<usize, Label> = HashMap::new();
        let mut todo: Vec<(u16, usize)> = Vec::new();
        let first = self.next_label(r.start, 0, &mut blocks, &mut accepts, &mut todo, reject);
        self.a.ja(first);
        while let Some((state, offset)) = todo.pop() {
            if blocks.len() > MAX_BLOCKS {
                return Err(Refused::ParserPaths(blocks.len(), MAX_BLOCKS));
            }
            let label = blocks[&(state, offset)];
            self.a.bind(label);
            let st = &r.states[usize::from(state)];
            let mut off = offset;
            for &h in &st.extract {
                let hdr = &r.headers[usize::from(h)];
                let n = hdr.bytes;
                self.parsed_end = self.parsed_end.max(off + n);
                self.a.mov(R4, R2);
                self.a.alu_imm(Alu::Add, R4, (off + n) as i32);
                self.a.jmp_reg(Jmp::Gt, R4, R3, truncated);
                let copy = self.s.hdr[usize::from(h)];
                bits::copy(&mut self.a, R9, copy, R2, off, n, R0);
                self.a
                    .st(Size::B, R9, off16(self.s.valid + usize::from(h)), 1);
                self.a
                    .st(Size::B, R9, off16(self.s.extracted + usize::from(h)), 1);
                self.a.st(
                    Size::H,
                    R9,
                    off16(self.s.origin + 2 * usize::from(h)),
                    off as i32,
                );
                for f in &hdr.fields {
                    bits::read(&mut self.a, R0, R9, copy, f.offset as usize, f.width, R1);
                    self.a.stx(Size::DW, R9, self.val(f.slot), R0);
                }
                off += n;
            }
            match &st.transition {
                RTrans::Next(n) => {
                    let l = self.next_label(*n, off, &mut blocks, &mut accepts, &mut todo, reject);
                    self.a.ja(l);
                }
                RTrans::Select {
                    fields,
                    cases,
                    default,
                } => {
                    // r0 = the fields concatenated (a 64-bit field replaces all before it).
                    self.a.mov_imm(R0, 0);
                    for &(slot, w) in fields {
                        self.a.ldx(Size::DW, R1, R9, self.val(slot));
                        if w >= 64 {
                            self.a.mov(R0, R1);
                        } else {
                            self.a.alu_imm(Alu::Lsh, R0, i32::from(w));
                            self.a.alu(Alu::Or, R0, R1);
                        }
                    }
                    for &(v, m, next) in cases {
                        let l = self.next_label(
                            next,
                            off,
                            &mut blocks,
                            &mut accepts,
                            &mut todo,
                            reject,
                        );
                        self.a.mov(R1, R0);
                        self.a.and_u64(R1, m, R4);
                        self.a.mov_u64(R4, v & m);
                        self.a.jmp_reg(Jmp::Eq, R1, R4, l);
                    }
                    let l = self.next_label(
                        *default,
                        off,
                        &mut blocks,
                        &mut accepts,
                        &mut todo,
                        reject,
                    );
                    self.a.ja(l);
                }
            }
        }
        // One block per payload offset.
        let mut accepts: Vec<(usize, Label)> = accepts.into_iter().collect();
        accepts.sort_by_key(|a| a.0);
        for (off, l) in accepts {
            self.a.bind(l);
            self.a.st(Size::W, R9, off16(self.s.payload), off as i32);
            self.a.ja(accept);
        }
        // A packet the parser refuses leaves unchanged through the program's
        // parser-error port, or is dropped.
        for (label, reason) in [
            (reject, drop_reason::PARSER_REJECT),
            (truncated, drop_reason::TRUNCATED),
        ] {
            if !self.a.used(label) {
                continue;
            }
            self.a.bind(label);
            match self.p.parser_error_port {
                Some(port) => {
                    self.a.st(Size::H, R9, off16(self.s.port), i32::from(port));
                    self.a.ja(self.emit);
                }
                None => {
                    self.a.mov_imm(R1, reason);
                    self.a.ja(self.drop);
                }
            }
        }
        Ok(())
    }

    fn next_label(
        &mut self,
        next: RNext,
        off: usize,
        blocks: &mut HashMap<(u16, usize), Label>,
        accepts: &mut HashMap<usize, Label>,
        todo: &mut Vec<(u16, usize)>,
        reject: Label,
    ) -> Label {
        match next {
            RNext::Accept => *accepts.entry(off).or_insert_with(|| self.a.label()),
            RNext::Reject => reject,
            RNext::State(s) => *blocks.entry((s, off)).or_insert_with(|| {
                todo.push((s, off));
                self.a.label()
            }),
        }
    }

    /// Whether, on every parser path, the headers extracted are all deparsed
    /// and in the order they were extracted: then a packet whose valid
    /// headers are the extracted ones keeps its layout, and the deparser
    /// writes changed fields in place.
    fn paths_extract_in_deparse_order(&self) -> bool {
        let rank: HashMap<u16, usize> = self
            .r
            .deparse
            .iter()
            .enumerate()
            .map(|(i, &h)| (h, i))
            .collect();
        let mut stack: Vec<(RNext, Option<usize>)> = vec![(self.r.start, None)];
        let mut paths = 0usize;
        while let Some((next, last)) = stack.pop() {
            let RNext::State(s) = next else {
                paths += 1;
                if paths > MAX_PATHS {
                    return false;
                }
                continue;
            };
            let st = &self.r.states[usize::from(s)];
            let mut last = last;
            for h in &st.extract {
                match (rank.get(h), last) {
                    (Some(&r), Some(l)) if r <= l => return false,
                    (Some(&r), _) => last = Some(r),
                    (None, _) => return false,
                }
            }
            match &st.transition {
                RTrans::Next(n) => stack.push((*n, last)),
                RTrans::Select { cases, default, .. } => {
                    stack.push((*default, last));
                    for c in cases {
                        stack.push((c.2, last));
                    }
                }
            }
        }
        true
    }
}
